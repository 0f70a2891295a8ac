/* libgpuhost: a board descriptor's `lacks` (board_lacks.h). */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "board_lacks.h"

#include <stdio.h>
#include <string.h>

#include "isa/isa.h"

_Static_assert(sizeof ((gh_board *)0)->lacks * 8 >= 256, "lacks holds a bit for every variant a map names");

/* Sets the bits of the variants NAME covers (a group, an instruction type or
 * a variant, as `gpuhost variants` matches them); how many it covers. */
static unsigned mark_named(const char *name, uint8_t *set)
{
    const isa_tables *tab = isa_tables_get();
    unsigned n = 0;
    for (uint32_t v = 0; v < tab->variant_count && v < 256; v++) {
        const isa_variant *iv = &tab->variants[v];
        if (strcmp(name, iv->group) == 0 || strcmp(name, iv->optype) == 0 || strcmp(name, iv->name) == 0) {
            set[v / 8] |= (uint8_t)(1u << (v % 8));
            n++;
        }
    }
    return n;
}

int gh__parse_lacks(const char *text, gh_board *b, char *why, size_t len)
{
    char buf[512];
    if (strlen(text) >= sizeof buf) {
        snprintf(why, len, "longer than the %zu characters a list holds", sizeof buf - 1);
        return -1;
    }
    strcpy(buf, text);
    memset(b->lacks, 0, sizeof b->lacks);
    b->lacks_value_count = 0;
    b->lacks_text[0] = '\0';
    unsigned names = 0;
    bool alone = false; /* none, or all */
    for (char *save, *tok = strtok_r(buf, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save), names++) {
        if (strcmp(tok, "none") == 0)
            alone = true;
        else if (strcmp(tok, "all") == 0) /* a deliberate choice: anything may be emulated, and is counted */
            alone = true, memset(b->lacks, 0xff, sizeof b->lacks);
        else if (strchr(tok, '.')) { /* a variant's modifier value */
            isa_modifier_value m;
            char err[400];
            if (isa_modifier_parse(tok, &m, err, sizeof err) != 0) {
                snprintf(why, len, "%s", err);
                return -1;
            }
            if (b->lacks_value_count == sizeof b->lacks_values / sizeof b->lacks_values[0]) {
                snprintf(why, len, "more than %zu modifier values", sizeof b->lacks_values / sizeof b->lacks_values[0]);
                return -1;
            }
            b->lacks_values[b->lacks_value_count].variant = m.variant;
            b->lacks_values[b->lacks_value_count].field = m.field;
            b->lacks_values[b->lacks_value_count++].value = m.value;
        } else if (!mark_named(tok, b->lacks)) {
            snprintf(why, len, "'%.60s' is no instruction group, type or opcode variant (gpuhost variants lists "
                     "them)", tok);
            return -1;
        }
        size_t at = strlen(b->lacks_text);
        if (at + 1 + strlen(tok) >= sizeof b->lacks_text) {
            snprintf(why, len, "longer than the %zu characters a list holds", sizeof b->lacks_text - 1);
            return -1;
        }
        if (at)
            b->lacks_text[at++] = ' ';
        memcpy(b->lacks_text + at, tok, strlen(tok) + 1); /* fits: tested above */
    }
    if (!names || (alone && names > 1)) {
        snprintf(why, len, "%s", names ? "'none' and 'all' stand alone" : "empty (none: the target may lack nothing)");
        return -1;
    }
    b->has_lacks = true;
    return 0;
}

bool gh__board_may_lack(const gh_board *b, uint32_t variant)
{
    return b->has_lacks && variant < 256 && (b->lacks[variant / 8] >> (variant % 8)) & 1u;
}

bool gh__board_may_lack_value(const gh_board *b, const isa_modifier_value *m)
{
    if (gh__board_may_lack(b, m->variant))
        return true;
    for (unsigned i = 0; b->has_lacks && i < b->lacks_value_count; i++)
        if (b->lacks_values[i].variant == m->variant && b->lacks_values[i].field == m->field &&
            b->lacks_values[i].value == m->value)
            return true;
    return false;
}

bool gh__board_may_lack_some(const gh_board *b, uint32_t variant)
{
    if (gh__board_may_lack(b, variant))
        return true;
    for (unsigned i = 0; b->has_lacks && i < b->lacks_value_count; i++)
        if (b->lacks_values[i].variant == variant)
            return true;
    return false;
}
