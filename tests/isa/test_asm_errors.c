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

/* Assembles src; the diagnostics in *diag_text (the caller frees it). */
static int assemble_capture(const char *src, isa_kernel **k, char **diag_text)
{
    size_t len = 0;
    FILE *diag = open_memstream(diag_text, &len);
    int errors = isa_assemble("k.s", src, k, diag);
    fclose(diag);
    return errors;
}

static char *label_of(size_t n, char fill)
{
    char *s = malloc(n + 1);
    assert_non_null(s);
    s[0] = 'L';
    memset(s + 1, fill, n - 1);
    s[n] = '\0';
    return s;
}

/* 255 characters work; 256 are refused where they stand (definition or
 * reference), never truncated to a shorter name that might exist. */
static void long_labels(void **state)
{
    (void)state;
    char *ok = label_of(255, 'a'), *over = label_of(256, 'b'), *prefix = label_of(127, 'c');
    char *ref_over = label_of(300, 'c'); /* starts with prefix */
    char src[2048], *diag = NULL;
    isa_kernel *k = NULL;
    snprintf(src, sizeof src, "%s: NOP ;\nBRA %s ;\nEXIT ;\n", ok, ok);
    assert_int_equal(assemble_capture(src, &k, &diag), 0);
    assert_non_null(isa_kernel_find_symbol(k, ok));
    isa_kernel_destroy(&k);
    free(diag);

    snprintf(src, sizeof src, "NOP ;\n  %s: EXIT ;\n", over);
    assert_int_equal(assemble_capture(src, &k, &diag), 1);
    assert_null(k);
    assert_non_null(strstr(diag, "k.s:2:3: error: label of 256 characters: at most 255 are allowed"));
    free(diag);

    snprintf(src, sizeof src, "%s: NOP ;\nBRA %s ;\nEXIT ;\n", prefix, ref_over);
    assert_int_equal(assemble_capture(src, &k, &diag), 1);
    assert_null(k);
    assert_non_null(strstr(diag, "k.s:2:5: error: label of 300 characters: at most 255 are allowed"));
    free(diag);
    free(ok);
    free(over);
    free(prefix);
    free(ref_over);
}

/* CRLF line ends and a UTF-8 byte order mark give the same kernel as LF. */
static void crlf_and_bom(void **state)
{
    (void)state;
    const char *lf = ".warps 2\n.init R1 3\nloop: IADD R0, R1, R2\n  BRA loop\nEXIT ;\n.expect R0 3\n";
    const char *crlf = "\xef\xbb\xbf.warps 2\r\n.init R1 3\r\nloop: IADD R0, R1, R2\r\n  BRA loop\r\n"
                       "EXIT ;\r\n.expect R0 3";
    isa_kernel *a = NULL, *b = NULL;
    assert_int_equal(isa_assemble("lf.s", lf, &a, stderr), 0);
    assert_int_equal(isa_assemble("crlf.s", crlf, &b, stderr), 0);
    assert_true(isa_kernel_equal(a, b));
    isa_kernel_destroy(&a);
    isa_kernel_destroy(&b);
    char *diag = NULL;
    assert_int_equal(assemble_capture("\xef\xbb\xbfNOP ;\r\n  FROB ;\r\n", &a, &diag), 1);
    assert_non_null(strstr(diag, "k.s:2:3: error: unknown mnemonic 'FROB'"));
    free(diag);
}

/* Labels with dots are referenced as they are defined. */
static void dotted_labels(void **state)
{
    (void)state;
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("d.s", "NOP ;\nloop.1: NOP ;\nBRA loop.1 ;\nEXIT ;\n", &k, stderr), 0);
    char text[128];
    isa_context ctx = {.pc = 32};
    assert_int_equal(isa_disasm_word(k->code[2], &ctx, text, sizeof text), 0);
    assert_string_equal(text, "BRA 0x10");
    isa_kernel_destroy(&k);
}

/* Many labels (the table grows and collides): each reference resolves to
 * its own label's address. */
static void many_labels_resolve(void **state)
{
    (void)state;
    enum { N = 20000 };
    size_t cap = (size_t)N * 48, len = 0;
    char *src = malloc(cap);
    assert_non_null(src);
    for (unsigned i = 0; i < N; i++)
        len += (size_t)snprintf(src + len, cap - len, "L%u: BRA L%u ;\n", i, (i * 7919u) % N);
    snprintf(src + len, cap - len, "EXIT ;\n");
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("many.s", src, &k, stderr), 0);
    assert_int_equal(k->symbol_count, N);
    for (unsigned i = 0; i < N; i++) {
        char text[64], want[64];
        isa_context ctx = {.pc = 16ull * i};
        assert_int_equal(isa_disasm_word(k->code[i], &ctx, text, sizeof text), 0);
        snprintf(want, sizeof want, "BRA 0x%x", 16u * ((i * 7919u) % N));
        assert_string_equal(text, want);
    }
    isa_kernel_destroy(&k);
    free(src);
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
        cmocka_unit_test(long_labels),
        cmocka_unit_test(crlf_and_bom),
        cmocka_unit_test(dotted_labels),
        cmocka_unit_test(many_labels_resolve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
