/* ISA conformance: for every variant, random legal field assignments
 * round-trip through encode/decode and through disassemble/assemble, bit for
 * bit. 1,000 per syntax form of every variant. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "isa/random.h"

#define PER_FORM 1000

static void every_variant_has_a_form(void **state)
{
    (void)state;
    const isa_tables *t = isa_tables_get();
    for (uint32_t v = 0; v < t->variant_count; v++) {
        if (t->variants[v].form_count == 0)
            fail_msg("variant %s has no syntax form", t->variants[v].name);
    }
}

static void roundtrip_all_forms(void **state)
{
    (void)state;
    const isa_tables *t = isa_tables_get();
    unsigned checked = 0;
    static unsigned variant_checked[65536];
    for (uint32_t f = 0; f < t->form_count; f++) {
        uint64_t rng = 0x9e3779b97f4a7c15ull ^ ((uint64_t)f << 17);
        const isa_variant *var = &t->variants[t->forms[f].variant];
        for (int n = 0; n < PER_FORM; n++) {
            isa_insn insn, back;
            if (isa_random_insn(f, &rng, NULL, &insn) != 0) {
                /* a form the spec's exceptions always forbid (MOV.64 with an immediate) */
                if (n == 0) {
                    print_message("note: %s syntax line %u admits no legal encoding\n", var->name,
                                  t->forms[f].row + 1);
                    break;
                }
                fail_msg("%s form %u: no legal assignment found", var->name, t->forms[f].row);
            }
            variant_checked[t->forms[f].variant]++;
            isa_word w, w2;
            assert_int_equal(isa_encode(&insn, &w, NULL), 0);
            assert_int_equal(isa_decode(w, &back), 0);
            if (back.variant != insn.variant)
                fail_msg("%s decoded as %s", var->name, t->variants[back.variant].name);
            for (int k = 0; k < var->field_count; k++)
                if (back.value[k] != insn.value[k])
                    fail_msg("%s: field %s encoded %u decoded %u", var->name,
                             isa_variant_fields(var)[k].name, insn.value[k], back.value[k]);
            char text[256];
            int rc = isa_disasm(&insn, NULL, text, sizeof text);
            if (rc)
                fail_msg("%s form %u: disasm failed: %s", var->name, t->forms[f].row,
                         isa_strerror(rc));
            isa_diag d;
            if (isa_asm(text, NULL, &w2, NULL, &d) != 0)
                fail_msg("%s: '%s' does not assemble: col %zu: %s", var->name, text, d.column,
                         d.message);
            if (w2.lo != w.lo || w2.hi != w.hi) {
                char again[256];
                isa_disasm_word(w2, NULL, again, sizeof again);
                fail_msg("%s: '%s' assembles to %016" PRIx64 "%016" PRIx64 " ('%s'), not %016" PRIx64
                         "%016" PRIx64, var->name, text, w2.hi, w2.lo, again, w.hi, w.lo);
            }
            checked++;
        }
    }
    for (uint32_t v = 0; v < t->variant_count; v++)
        if (variant_checked[v] < PER_FORM)
            fail_msg("variant %s: only %u legal instructions checked", t->variants[v].name,
                     variant_checked[v]);
    print_message("%u instructions round-tripped over %u forms of %u variants\n", checked,
                  t->form_count, t->variant_count);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_variant_has_a_form),
        cmocka_unit_test(roundtrip_all_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
