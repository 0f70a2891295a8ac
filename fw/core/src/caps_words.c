/* fw: capability words into CAPS fields (caps_words.h). */
#include "fw/caps_words.h"

_Static_assert(FW_PORT_CAP_TOLERANCE_WORDS <= WIRE_MAX_TOLERANCES, "a CAPS list holds every tolerance word");
_Static_assert(FW_PORT_CAP_LACKING_WORDS * 4 == WIRE_VARIANT_MAP_BYTES, "the LACKING words are the wire's variant map");
_Static_assert(FW_PORT_CAP_MODIFIER_WORDS <= WIRE_MAX_LACKING_MODIFIERS, "a CAPS map holds every MODIFIERS word");

int fw_caps_tolerances(const uint32_t words[FW_PORT_CAP_TOLERANCE_WORDS], wire_caps *c)
{
    c->tolerance_count = 0;
    for (unsigned i = 0; i < FW_PORT_CAP_TOLERANCE_WORDS && words[i] != 0; i++) {
        uint32_t w = words[i];
        if ((w >> 24) == 0) {
            c->tolerance_count = 0;
            return -1;
        }
        c->tolerance[c->tolerance_count++] = (wire_tolerance){
            .optype = (uint8_t)w, .function = (uint8_t)(w >> 8), .format = (uint8_t)(w >> 16),
            .ulp = (uint8_t)(w >> 24)};
    }
    return 0;
}

int fw_caps_has(uint32_t features, enum fw_feature f)
{
    return (unsigned)f < 32u && ((features >> (unsigned)f) & 1u);
}

const char *fw_caps_fault_refusal(uint32_t features, uint32_t fault_kind)
{
    if (fault_kind == 0 || fw_caps_has(features, FW_FEATURE_FAULTS))
        return NULL;
    return "the core has no fault-injection registers (capability word FEATURES does not declare FAULTS): "
           "it cannot take a fault";
}

uint32_t fw_caps_tolerance_word(const wire_caps *c, unsigned i)
{
    if (i >= c->tolerance_count || i >= FW_PORT_CAP_TOLERANCE_WORDS)
        return 0;
    const wire_tolerance *t = &c->tolerance[i];
    return (uint32_t)t->optype | (uint32_t)t->function << 8 | (uint32_t)t->format << 16 | (uint32_t)t->ulp << 24;
}
