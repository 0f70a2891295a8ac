/* Random kernels (isa/random_kernel.h) and what random instructions can write
 * (isa_random_can_write): the values the syntax can write are exactly those
 * isa_random_insn produces; a kernel uses only implemented instructions, its
 * own helpers included, and leaves out (saying why) what it cannot place. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "isa/asmfile.h"
#include "isa/random.h"
#include "isa/random_kernel.h"

#define PER_FORM 400

static uint32_t optype_of(const isa_variant *v)
{
    int f = isa_field_index(v, "optype");
    return f < 0 ? 0 : isa_variant_fields(v)[f].value & 255u;
}

/* Every enum value random instructions produce is writable, and every
 * writable one is produced. */
static void can_write_is_what_random_writes(void **state)
{
    (void)state;
    const isa_tables *t = isa_tables_get();
    size_t slots = 0;
    for (uint32_t v = 0; v < t->variant_count; v++)
        slots += (size_t)t->variants[v].field_count * 256;
    unsigned char *seen = calloc(slots, 1);
    size_t *base = calloc(t->variant_count, sizeof *base);
    assert_non_null(seen);
    assert_non_null(base);
    for (uint32_t v = 1; v < t->variant_count; v++)
        base[v] = base[v - 1] + (size_t)t->variants[v - 1].field_count * 256;
    for (uint32_t f = 0; f < t->form_count; f++) {
        uint64_t rng = 0x2545f4914f6cdd1dull ^ ((uint64_t)f << 21);
        for (int n = 0; n < PER_FORM; n++) {
            isa_insn insn;
            if (isa_random_insn(f, &rng, NULL, &insn) != 0)
                break; /* a form the exceptions always forbid */
            const isa_variant *var = isa_variant_of(&insn);
            const isa_field *fields = isa_variant_fields(var);
            for (uint16_t k = 0; k < var->field_count; k++) {
                if (fields[k].role == ISA_FIELD_FIXED || isa_field_type(&fields[k])->kind != ISA_KIND_ENUM)
                    continue;
                if (!isa_random_can_write(insn.variant, k, insn.value[k]))
                    fail_msg("%s.%s = %u was written but is not writable", var->name, fields[k].name,
                             insn.value[k]);
                if (insn.value[k] < 256)
                    seen[base[insn.variant] + k * 256u + insn.value[k]] = 1;
            }
        }
    }
    unsigned writable = 0, unwritable = 0;
    for (uint32_t v = 0; v < t->variant_count; v++) {
        const isa_variant *var = &t->variants[v];
        const isa_field *fields = isa_variant_fields(var);
        for (uint16_t k = 0; k < var->field_count; k++) {
            const isa_type *ty = isa_field_type(&fields[k]);
            if (fields[k].role == ISA_FIELD_FIXED || ty->kind != ISA_KIND_ENUM)
                continue;
            for (uint16_t i = 0; i < ty->value_count; i++) {
                uint32_t value = ty->values[i].value;
                if (!isa_random_can_write((uint16_t)v, k, value)) {
                    print_message("not writable: %s.%s=%s\n", var->name, fields[k].name, ty->values[i].name);
                    unwritable++;
                    continue;
                }
                writable++;
                if (value < 256 && !seen[base[v] + k * 256u + value])
                    fail_msg("%s.%s=%s is writable but %d random instances of each form never wrote it",
                             var->name, fields[k].name, ty->values[i].name, PER_FORM);
            }
        }
    }
    print_message("%u enum values writable, %u not\n", writable, unwritable);
    /* the spec's MOV_I forbids .64 (an encoding exception), LEA's syntax has no negated SrcB */
    int mov_i = isa_find_variant("MOV_I"), lea = isa_find_variant("LEA_RRR");
    assert_true(mov_i >= 0 && lea >= 0);
    const isa_variant *mv = &t->variants[mov_i], *lv = &t->variants[lea];
    int width = isa_field_index(mv, "width"), neg = isa_field_index(lv, "rb.neg");
    assert_true(width >= 0 && neg >= 0);
    const isa_type *wt = isa_field_type(&isa_variant_fields(mv)[width]);
    for (uint16_t i = 0; i < wt->value_count; i++)
        assert_int_equal(isa_random_can_write((uint16_t)mov_i, (uint16_t)width, wt->values[i].value),
                         strcmp(wt->values[i].name, "64") != 0);
    assert_false(isa_random_can_write((uint16_t)lea, (uint16_t)neg, 1));
    assert_true(isa_random_can_write((uint16_t)lea, (uint16_t)neg, 0));
    free(seen);
    free(base);
}

/* Generates a kernel for `implemented`, assembles it; returns it (the
 * caller frees) with the notes in *notes_out. */
static isa_kernel *generate(const isa_random_kernel_opts *o, char **text_out, char **notes_out)
{
    char *text = NULL, *notes = NULL;
    size_t text_len = 0, notes_len = 0;
    FILE *f = open_memstream(&text, &text_len), *n = open_memstream(&notes, &notes_len);
    assert_non_null(f);
    assert_non_null(n);
    char err[256];
    int rc = isa_random_kernel(f, n, o, err, sizeof err);
    fclose(f);
    fclose(n);
    if (rc != 0)
        fail_msg("isa_random_kernel: %s", err);
    isa_kernel *k = NULL;
    if (isa_assemble("gen.s", text, &k, stderr) != 0)
        fail_msg("the generated kernel does not assemble");
    *text_out = text;
    *notes_out = notes;
    return k;
}

/* Sets the optypes of these names (NULL-terminated) to `on`. */
static void set_optypes(isa_random_kernel_opts *o, const char *const *names, bool on)
{
    const isa_tables *t = isa_tables_get();
    for (uint32_t v = 0; v < t->variant_count; v++)
        for (int i = 0; names[i]; i++)
            if (strcmp(t->variants[v].optype, names[i]) == 0)
                o->implemented[optype_of(&t->variants[v])] = on;
}

/* Which optypes (by value) a kernel's code uses. */
static void used_optypes(const isa_kernel *k, bool used[256])
{
    memset(used, 0, 256);
    for (size_t i = 0; i < k->code_count; i++) {
        isa_insn insn;
        assert_int_equal(isa_decode(k->code[i], &insn), 0);
        used[optype_of(isa_variant_of(&insn))] = true;
    }
}

static void kernel_uses_only_what_is_implemented(void **state)
{
    (void)state;
    const isa_tables *t = isa_tables_get();
    isa_random_kernel_opts o = {.seed = 11, .count = 4000, .warps = 2, .clock = true};
    memset(o.implemented, 1, sizeof o.implemented);
    /* no IMAD: no per-warp addresses, so no LDG/STG; no BSYNC: no BSSY; no FP32 */
    static const char *const off[] = {"IMAD", "BSYNC", "FADD", "FMUL", "FFMA", "FMNMX", "FSETP", "LRP", NULL};
    set_optypes(&o, off, false);
    char *text, *notes;
    isa_kernel *k = generate(&o, &text, &notes);
    bool used[256];
    used_optypes(k, used);
    for (uint32_t v = 0; v < t->variant_count; v++) {
        uint32_t op = optype_of(&t->variants[v]);
        if (used[op] && !o.implemented[op])
            fail_msg("the kernel uses %s, which the target does not implement", t->variants[v].optype);
    }
    static const char *const absent[] = {"LDG", "STG", "BSSY", NULL}, *const present[] = {"LDC", "BRA", "EXIT", "GETGPR", "SETGPR", "S2R", NULL};
    for (int i = 0; absent[i]; i++) {
        int v = isa_find_variant(strcmp(absent[i], "BSSY") == 0 ? "BSSY_I" : strcmp(absent[i], "LDG") == 0 ? "LDG_R" : "STG_R");
        assert_false(used[optype_of(&t->variants[v])]);
        char want[64];
        snprintf(want, sizeof want, "leaves out %s: ", absent[i]);
        if (!strstr(notes, want))
            fail_msg("no note says why %s is left out:\n%s", absent[i], notes);
    }
    for (int i = 0; present[i]; i++) {
        bool found = false;
        for (uint32_t v = 0; v < t->variant_count; v++)
            found |= strcmp(t->variants[v].optype, present[i]) == 0 && used[optype_of(&t->variants[v])];
        if (!found)
            fail_msg("%s is implemented but the kernel never uses it", present[i]);
    }
    isa_kernel_destroy(&k);
    free(text);
    free(notes);
}

static void kernel_without_clock_reads_no_clock(void **state)
{
    (void)state;
    isa_random_kernel_opts o = {.seed = 5, .count = 20000, .warps = 1, .clock = false};
    memset(o.implemented, 1, sizeof o.implemented);
    char *text, *notes;
    isa_kernel *k = generate(&o, &text, &notes);
    assert_null(strstr(text, "SR_CLOCK"));
    assert_non_null(strstr(text, "S2R "));
    isa_kernel_destroy(&k);
    free(text);
    free(notes);
    o.clock = true;
    k = generate(&o, &text, &notes);
    assert_non_null(strstr(text, "SR_CLOCK"));
    isa_kernel_destroy(&k);
    free(text);
    free(notes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(can_write_is_what_random_writes),
        cmocka_unit_test(kernel_uses_only_what_is_implemented),
        cmocka_unit_test(kernel_without_clock_reads_no_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
