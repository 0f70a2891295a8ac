/* The assembler's diagnostics: bad input gets file:line:col, what was
 * expected, the valid choices, and the spec's own exception text. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "isa/asmfile.h"
#include "isa/isa.h"

static void expect_error(const char *text, const char *fragment, size_t column)
{
    isa_word w;
    isa_diag d;
    if (isa_asm(text, NULL, &w, NULL, &d) == 0)
        fail_msg("'%s' assembled; expected an error containing '%s'", text, fragment);
    if (!strstr(d.message, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", text, d.message, fragment);
    if (column != (size_t)-1 && d.column != column)
        fail_msg("'%s': error at column %zu, expected %zu (%s)", text, d.column, column, d.message);
}

static void unknown_mnemonic(void **state)
{
    (void)state;
    expect_error("FROB R0, R1;", "unknown mnemonic 'FROB'", 0);
    expect_error("IAD R0, R1, R2;", "did you mean IADD?", 0);
}

static void unknown_modifier_lists_valid_ones(void **state)
{
    (void)state;
    expect_error("IMAD.FOO R0, R1, R2, R3;", "valid modifiers:", 0);
    expect_error("IMAD.FOO R0, R1, R2, R3;", ".WIDE", 0);
}

static void bad_operand_names_expectation(void **state)
{
    (void)state;
    expect_error("IADD R0, R1, P2;", "expected", 13);
    expect_error("POPC R300, R1;", "expected a register", 5);
    expect_error("IADD R0, R1;", "expected ','", (size_t)-1);
}

static void suffix_lists_choices(void **state)
{
    (void)state;
    expect_error("HADD2 R0, R1.H2_H2, R2;", "valid: .H1_H0, .H0_H0, .H1_H1", 12);
}

static void register_pairs(void **state)
{
    (void)state;
    expect_error("MOV.64 R0, R[2:3];", "write R[0:1]", 7);
    expect_error("IADD R[0:1], R2, R3;", "32 bits wide", 5);
}

static void spec_exception_text(void **state)
{
    (void)state;
    expect_error("MOV.64 R[0:1], 0x5;", "MOV_I does not support .64", 0);
    expect_error("HADD2.BF16_V2.FTZ R0, R1, R2;", "BF16_V2", 0);
}

static void immediate_ranges(void **state)
{
    (void)state;
    expect_error("SGXT R0, R1, 0x1ffffffff;", "immediate out of range for 32-bit signed field vb",
                 13);
    expect_error("GETGPR R0, R[UR2+0x100];", "offset out of range", (size_t)-1);
}

static void trailing_garbage(void **state)
{
    (void)state;
    expect_error("IADD R0, R1, R2 R3;", "after the operands", (size_t)-1);
}

static void file_diagnostics_have_line_and_column(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *diag = open_memstream(&buf, &len);
    isa_kernel *k = NULL;
    int errors = isa_assemble("k.s", "// test\n  IADD R0, R1, R2 ;\n  IADD R0, R1, Q5 ;\n.warps 99\n"
                              "  BRA nowhere ;\n.bogus 1\n", &k, diag);
    fclose(diag);
    assert_int_equal(errors, 4);
    assert_null(k);
    assert_non_null(strstr(buf, "k.s:3:16: error: expected"));
    assert_non_null(strstr(buf, "k.s:4:8: error: .warps takes a count from 1 to 64"));
    assert_non_null(strstr(buf, "k.s:5:7: error: undefined label 'nowhere'"));
    assert_non_null(strstr(buf, "k.s:6:1: error: unknown directive '.bogus'"));
    free(buf);
}

static void file_with_labels_and_directives(void **state)
{
    (void)state;
    isa_kernel *k = NULL;
    const char *src = ".warps 2\n.const 0 0x10 1 2 3\n.global 0x1000 1.5 -2\n.init R2 7\n"
                      "top: IADD R0, R1, R2 ; NOP ;\n  BRA top ;\n.expect R0 9\n"
                      ".expect_mem 0x1000 0x3fc00000\n";
    assert_int_equal(isa_assemble("ok.s", src, &k, stderr), 0);
    assert_non_null(k);
    assert_int_equal(k->code_count, 3);
    assert_int_equal(k->warps, 2);
    assert_int_equal(k->const_count, 1);
    assert_int_equal(k->consts[0].words[2], 3);
    assert_int_equal(k->globals[0].words[0], 0x3fc00000);
    assert_int_equal(k->globals[0].words[1], 0xfffffffe);
    assert_int_equal(k->init_count, 1);
    assert_int_equal(k->expect_reg_count, 1);
    assert_int_equal(k->expect_mem_count, 1);
    assert_non_null(isa_kernel_find_symbol(k, "top"));
    char text[128];
    isa_context ctx = {.pc = 32};
    assert_int_equal(isa_disasm_word(k->code[2], &ctx, text, sizeof text), 0);
    assert_string_equal(text, "BRA 0x0");
    isa_kernel_destroy(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unknown_mnemonic),
        cmocka_unit_test(unknown_modifier_lists_valid_ones),
        cmocka_unit_test(bad_operand_names_expectation),
        cmocka_unit_test(suffix_lists_choices),
        cmocka_unit_test(register_pairs),
        cmocka_unit_test(spec_exception_text),
        cmocka_unit_test(immediate_ranges),
        cmocka_unit_test(trailing_garbage),
        cmocka_unit_test(file_diagnostics_have_line_and_column),
        cmocka_unit_test(file_with_labels_and_directives),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
