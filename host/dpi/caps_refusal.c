/* libgpuhost_dpi: the kernel against the DUT's capability words, before it
 * runs, as `gpuhost run` refuses it (exit 9): the first instruction whose
 * optype the core does not implement, whose variant it declares lacking, or
 * whose modifier value it declares lacking (CAP OPTYPES, LACKING, MODIFIERS;
 * read through the board sides' own fw_port_read_caps). */
#include <stdio.h>
#include <string.h>

#include "caps_refusal.h"
#include "fw/port_board.h"
#include "isa/tables.h"

static int read_word(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v)
{
    (void)warp, (void)lane;
    const uint32_t *words = ctx;
    if (space != FW_BD_CAP || index >= SB_CAP_WORDS)
        return -1;
    *v = words[index];
    return 0;
}

static int no_write(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v)
{
    (void)ctx, (void)space, (void)warp, (void)index, (void)lane, (void)v;
    return -1;
}

int sb_caps_read(const uint32_t words[SB_CAP_WORDS], sb_caps *out)
{
    fw_port_core_caps core;
    fw_port_board b = {.bd_read = read_word, .bd_write = no_write};
    memset(out, 0, sizeof *out);
    if (fw_port_read_caps(&b, (void *)words, &out->c, &core) != 0)
        return -1;
    for (unsigned i = 0; i < out->c.modifier_count && i < WIRE_MAX_LACKING_MODIFIERS; i++) {
        uint32_t w = out->c.lacking_modifier[i];
        out->lacked[out->lacked_count++] = (isa_modifier_value){(uint16_t)FW_PORT_MODIFIER_VARIANT(w),
                                                                (uint8_t)FW_PORT_MODIFIER_FIELD(w),
                                                                (uint16_t)FW_PORT_MODIFIER_VALUE(w)};
    }
    return 0;
}

bool sb_caps_lacks(const sb_caps *c, const isa_insn *insn, uint64_t pc, char *out, size_t len)
{
    const isa_variant *v = &isa_tables_get()->variants[insn->variant];
    int f = isa_field_index(v, "optype");
    uint32_t optype = f >= 0 ? insn->value[f] : 0;
    bool has_optype = optype < 256 && (c->c.optypes[optype / 8] >> (optype % 8)) & 1u;
    bool lacks_variant =
        c->c.variant_count && insn->variant < 256 && (c->c.lacking[insn->variant / 8] >> (insn->variant % 8)) & 1u;
    const isa_modifier_value *m = isa_modifier_find(c->lacked, c->lacked_count, insn);
    char text[160], modifier[96];
    isa_context at = {.pc = pc};
    isa_disasm(insn, &at, text, sizeof text);
    if (!has_optype)
        snprintf(out, len, "the DUT does not implement %s (its capability words), at pc 0x%llx: %s ;\n", v->optype,
                 (unsigned long long)pc, text);
    else if (lacks_variant)
        snprintf(out, len, "the DUT implements %s but not its variant %s (it says so in its capabilities), at pc "
                 "0x%llx: %s ;\n", v->optype, v->name, (unsigned long long)pc, text);
    else if (m) {
        isa_modifier_name(m, modifier, sizeof modifier);
        snprintf(out, len, "the DUT implements %s but not with that modifier value: it lacks %s (it says so in its "
                 "capabilities), at pc 0x%llx: %s ;\n", v->name, modifier, (unsigned long long)pc, text);
    } else
        return false;
    return true;
}

int sb_caps_refusal(const isa_kernel *k, const sb_caps *c, char *out, size_t len)
{
    out[0] = '\0';
    for (size_t i = 0; i < k->code_count; i++) {
        isa_insn insn;
        if (isa_decode(k->code[i], &insn) == 0 && sb_caps_lacks(c, &insn, 16 * (uint64_t)i, out, len))
            return 1;
    }
    return 0; /* an illegal word traps in the core and the model alike */
}
