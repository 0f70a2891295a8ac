/* libgpuhost: the capability words of what a core lacks, from names
 * (gpuhost/lacks_words.h). */
#include "gpuhost/lacks_words.h"

#include <stdio.h>
#include <string.h>

#include "fw/port.h"

_Static_assert(FW_CAP_MODIFIERS + FW_PORT_CAP_MODIFIER_WORDS <= GH_CAP_WORDS, "the words fit the CAP space");

/* Every variant of v's optype among the lacking ones: the note for it. */
static void note_whole_optype(const uint32_t *words, uint32_t v, char *notes, size_t len)
{
    const isa_tables *t = isa_tables_get();
    for (uint32_t u = 0; u < t->variant_count; u++)
        if (strcmp(t->variants[u].optype, t->variants[v].optype) == 0 &&
            !((words[FW_CAP_LACKING + u / 32] >> (u % 32)) & 1u))
            return;
    for (uint32_t u = 0; u < v; u++) /* once per optype */
        if (strcmp(t->variants[u].optype, t->variants[v].optype) == 0)
            return;
    size_t at = strlen(notes);
    snprintf(notes + at, len - at, "%severy variant of %s is lacking: a core without %s leaves its bit of the "
             "OPTYPES map 0 instead (then nothing of it is run or emulated)", at ? "\n" : "", t->variants[v].optype,
             t->variants[v].optype);
}

int gh_lacks_words(const char *const *names, size_t count, uint32_t words[GH_CAP_WORDS], char *err, size_t len,
                   char *notes, size_t notes_len)
{
    const isa_tables *t = isa_tables_get();
    memset(words, 0, GH_CAP_WORDS * sizeof *words);
    notes[0] = '\0';
    words[FW_CAP_CONTRACT] = FW_PORT_CONTRACT_REVISION;
    if (t->variant_count > 32u * FW_PORT_CAP_LACKING_WORDS) {
        snprintf(err, len, "the ISA has %u opcode variants, more than the %u LACKING words can map",
                 t->variant_count, 32u * FW_PORT_CAP_LACKING_WORDS);
        return -1;
    }
    unsigned modifiers = 0;
    for (size_t i = 0; i < count; i++) {
        const char *name = names[i];
        if (strchr(name, '.')) {
            isa_modifier_value m;
            if (isa_modifier_parse(name, &m, err, len) != 0)
                return -1;
            if (modifiers == FW_PORT_CAP_MODIFIER_WORDS) {
                snprintf(err, len, "more than %u modifier values: the MODIFIERS words hold no more",
                         FW_PORT_CAP_MODIFIER_WORDS);
                return -1;
            }
            words[FW_CAP_MODIFIERS + modifiers++] = (uint32_t)FW_PORT_MODIFIER_WORD(m.variant, m.field, m.value);
            continue;
        }
        int v = isa_find_variant(name);
        if (v < 0) {
            bool optype = false;
            for (uint32_t u = 0; u < t->variant_count && !optype; u++)
                optype = strcmp(t->variants[u].optype, name) == 0 || strcmp(t->variants[u].group, name) == 0;
            snprintf(err, len, optype ? "'%s' is an instruction type or group, not an opcode variant: a core "
                     "without it leaves its OPTYPES bits 0 (name variants: gpuhost variants %s)"
                     : "'%s' is no opcode variant (VARIANT, or VARIANT.VALUE for a modifier value; gpuhost "
                     "variants lists them)%s", name, optype ? name : "");
            return -1;
        }
        words[FW_CAP_LACKING + (uint32_t)v / 32] |= 1u << ((uint32_t)v % 32);
    }
    if (count)
        words[FW_CAP_VARIANTS] = t->variant_count;
    for (uint32_t v = 0; v < t->variant_count; v++)
        if ((words[FW_CAP_LACKING + v / 32] >> (v % 32)) & 1u)
            note_whole_optype(words, v, notes, notes_len);
    return 0;
}
