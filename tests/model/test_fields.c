/* Model: semantics read fields by generated ids; reading a field no variant
 * of the optype has traps UNIMPLEMENTED instead of reading 0. Every syntax
 * form, with random legal field values, runs without such a read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "isa/random.h"

enum { TRIES_PER_FORM = 24 };

/* Runs `word` once on a fresh one-warp model; the trap message, or "". */
static void run_word(isa_word word, char *message, size_t len)
{
    th_run_t r = {0};
    isa_kernel *k = isa_kernel_new();
    assert_non_null(k);
    isa_word exit_word;
    isa_diag diag;
    assert_int_equal(isa_asm("EXIT ;", NULL, &exit_word, NULL, &diag), 0);
    assert_int_equal(isa_kernel_add_code(k, &exit_word, 1), 0);
    assert_int_equal(isa_kernel_set_launch(k, 1, 0), 0);
    char err[128];
    r.model = gm_new(k, err, sizeof err);
    assert_non_null(r.model);
    wire_commit *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    message[0] = '\0';
    if (gm_inject(r.model, 0, word, rec) == GM_STEP_TRAP)
        snprintf(message, len, "%s", gm_trap_message(r.model));
    free(rec);
    gm_destroy(&r.model);
    isa_kernel_destroy(&k);
}

static void every_form_reads_only_its_optypes_fields(void **state)
{
    (void)state;
    const isa_tables *t = isa_tables_get();
    const isa_random_limits lim = {.gprs = 32, .urs = 16, .const_banks = 2, .const_bytes = 256};
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    unsigned ran = 0;
    for (uint32_t f = 0; f < t->form_count; f++)
        for (int n = 0; n < TRIES_PER_FORM; n++) {
            isa_insn insn;
            isa_word word;
            if (isa_random_insn(f, &seed, &lim, &insn) != 0 || isa_encode(&insn, &word, NULL) != 0)
                continue;
            char message[512];
            run_word(word, message, sizeof message);
            if (strstr(message, "semantics read field"))
                fail_msg("%s: %s", t->variants[insn.variant].name, message);
            ran++;
        }
    assert_true(ran > t->form_count); /* the check saw most forms, several times */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_form_reads_only_its_optypes_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
