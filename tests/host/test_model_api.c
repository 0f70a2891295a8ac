/* The public model API (gpuhost/model.h), as a testbench outside gpuhost
 * uses it: one model stepping a kernel stands for the DUT, a second one
 * checks its records as a scoreboard; planted differences are divergences
 * in lockstep's words. Usage: test_model_api KERNEL.s */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpuhost/gpuhost.h"

static const char *kernel_path;
static isa_kernel *kernel;
static gh_model *dut, *board;
static gh_record rec;
static char report[16384];

static int open_both(void **unused)
{
    (void)unused;
    char err[256];
    if (gh_model_open(kernel, &dut, err, sizeof err) != 0 || gh_model_open(kernel, &board, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int close_both(void **unused)
{
    (void)unused;
    gh_model_close(&dut);
    gh_model_close(&board);
    return 0;
}

/* Steps the DUT; returns GH_STEP_* */
static int dut_step(void)
{
    return gh_model_step(dut, &rec);
}

static void scoreboard_agrees_to_the_end(void **unused)
{
    (void)unused;
    unsigned n = 0;
    while (dut_step() == GH_STEP_RETIRED) {
        assert_int_equal(gh_model_check(board, &rec, report, sizeof report), GH_CHECK_MATCH);
        assert_string_equal(report, "");
        n++;
    }
    assert_true(n > 10);
    assert_int_equal(gh_model_check_done(board, report, sizeof report), GH_CHECK_MATCH);
}

static void planted_bit_flip_is_a_divergence_at_that_instruction(void **unused)
{
    (void)unused;
    unsigned n = 0;
    int verdict = GH_CHECK_MATCH;
    while (verdict == GH_CHECK_MATCH && dut_step() == GH_STEP_RETIRED) {
        if (rec.gpr_count && n >= 5) { /* the first GPR write at or after instruction 5 */
            unsigned lane = (unsigned)__builtin_ctz(rec.gpr[0].lane_mask);
            rec.gpr[0].value[lane] ^= 1u << 4;
            verdict = gh_model_check(board, &rec, report, sizeof report);
            break;
        }
        verdict = gh_model_check(board, &rec, report, sizeof report);
        n++;
    }
    assert_int_equal(verdict, GH_CHECK_DIVERGED);
    char head[64];
    snprintf(head, sizeof head, "DIVERGENCE at instruction %u (warp ", n);
    assert_memory_equal(report, head, strlen(head));
    assert_non_null(strstr(report, "expected"));
    assert_non_null(strstr(report, "instructions before it (model):"));
}

static void a_record_after_the_model_finished(void **unused)
{
    (void)unused;
    gh_record last;
    while (dut_step() == GH_STEP_RETIRED) {
        last = rec;
        assert_int_equal(gh_model_check(board, &rec, report, sizeof report), GH_CHECK_MATCH);
    }
    assert_int_equal(gh_model_check(board, &last, report, sizeof report), GH_CHECK_DIVERGED);
    assert_non_null(strstr(report, "the model had finished, the target retired"));
}

static void a_dut_that_finishes_early(void **unused)
{
    (void)unused;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(dut_step(), GH_STEP_RETIRED);
        assert_int_equal(gh_model_check(board, &rec, report, sizeof report), GH_CHECK_MATCH);
    }
    assert_int_equal(gh_model_check_done(board, report, sizeof report), GH_CHECK_DIVERGED);
    assert_memory_equal(report, "DIVERGENCE at instruction 3 (warp", 33);
    assert_non_null(strstr(report, "the target finished but the model has more to run"));
    assert_non_null(strstr(report, "the target retired nothing here"));
}

static void unimplemented_record_taken_at_its_word(void **unused)
{
    (void)unused;
    assert_int_equal(dut_step(), GH_STEP_RETIRED);
    assert_int_equal(gh_model_check(board, &rec, report, sizeof report), GH_CHECK_MATCH);
    assert_int_equal(dut_step(), GH_STEP_RETIRED);
    /* the DUT's END of status 2 for instruction 1: no writes, the trap UNIMPLEMENTED */
    gh_record unimpl = rec;
    memset(&unimpl, 0, offsetof(gh_record, gpr));
    unimpl.warp = rec.warp, unimpl.pc = rec.pc, unimpl.insn_lo = rec.insn_lo, unimpl.insn_hi = rec.insn_hi;
    unimpl.active_mask = rec.active_mask, unimpl.exec_mask = rec.exec_mask;
    unimpl.flags = WIRE_COMMIT_TRAP, unimpl.trap_code = GM_TRAP_UNIMPLEMENTED, unimpl.trap_lane = GM_TRAP_NO_LANE;
    assert_int_equal(gh_model_check(board, &unimpl, report, sizeof report), GH_CHECK_UNIMPLEMENTED);
    assert_non_null(strstr(report, "the target said while running that it does not implement instruction 1 (warp"));
    assert_non_null(strstr(report, "(variant "));
    /* not taken at its word (a core that declares what it lacks, and not this): compared as any record */
    assert_int_equal(dut_step(), GH_STEP_RETIRED);
    unimpl.pc = rec.pc, unimpl.insn_lo = rec.insn_lo, unimpl.insn_hi = rec.insn_hi;
    unimpl.warp = rec.warp, unimpl.active_mask = rec.active_mask, unimpl.exec_mask = rec.exec_mask;
    gh_model_take_unimplemented(board, 0);
    assert_int_equal(gh_model_check(board, &unimpl, report, sizeof report), GH_CHECK_DIVERGED);
    assert_memory_equal(report, "DIVERGENCE at instruction 2 (warp", 33);
    gh_model_take_unimplemented(board, 1);
    /* one naming another instruction is a divergence */
    unimpl.pc += 16;
    assert_int_equal(gh_model_check(board, &unimpl, report, sizeof report), GH_CHECK_DIVERGED);
    assert_non_null(strstr(report, "the target's UNIMPLEMENTED record is not the instruction the model ran"));
}

static void expectations_on_the_final_state(void **unused)
{
    (void)unused;
    while (dut_step() == GH_STEP_RETIRED)
        assert_int_equal(gh_model_check(board, &rec, report, sizeof report), GH_CHECK_MATCH);
    assert_true(kernel->expect_reg_count > 0);
    assert_int_equal(gh_model_check_expectations(board, kernel, report, sizeof report), 0);
    assert_string_equal(report, "");
    /* one lane of the first expected register (a GPR or a predicate) off: the value named */
    const isa_kernel_reg *r = &kernel->expect_regs[0];
    assert_true(r->kind == ISA_KERNEL_REG_GPR || r->kind == ISA_KERNEL_REG_PRED);
    uint32_t kind = r->kind == ISA_KERNEL_REG_GPR ? WIRE_REG_GPR : WIRE_REG_PRED, v[32];
    assert_int_equal(gh_model_read_reg(board, 0, kind, r->index, v), 0);
    v[0] ^= 1;
    assert_int_equal(gh_model_write_reg(board, 0, kind, r->index, 1u, v), 0);
    assert_true(gh_model_check_expectations(board, kernel, report, sizeof report) >= 1);
    assert_non_null(strstr(report, "expected"));
}

static void state_reads_and_writes(void **unused)
{
    (void)unused;
    uint32_t values[32], back[32];
    for (unsigned l = 0; l < 32; l++)
        values[l] = 0x1000u + l;
    assert_int_equal(gh_model_write_reg(dut, 0, WIRE_REG_GPR, 9, 0xffffffffu, values), 0);
    assert_int_equal(gh_model_read_reg(dut, 0, WIRE_REG_GPR, 9, back), 0);
    assert_memory_equal(values, back, sizeof values);
    assert_int_equal(gh_model_read_reg(dut, 0, WIRE_REG_GPR, 255, back), GH_ERR_RANGE);
    assert_int_equal(gh_model_read_reg(dut, gh_model_warps(dut), WIRE_REG_GPR, 0, back), GH_ERR_RANGE);
    values[3] = 0x40;
    assert_int_equal(gh_model_write_reg(dut, 0, WIRE_REG_PC_LO, 0, 1u << 3, values), 0);
    assert_int_equal(gh_model_read_reg(dut, 0, WIRE_REG_PC_LO, 0, back), 0);
    assert_int_equal(back[3], 0x40);
    values[3] = 3; /* no such lane status */
    assert_int_equal(gh_model_write_reg(dut, 0, WIRE_REG_LANE_STATUS, 0, 1u << 3, values), GH_ERR_RANGE);
    uint8_t bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
    assert_int_equal(gh_model_write_mem(dut, 0x4000, bytes, sizeof bytes), 0);
    assert_int_equal(gh_model_read_mem(dut, 0x4000, out, sizeof out), 0);
    assert_memory_equal(bytes, out, sizeof out);
    /* the DUT was changed: the scoreboard sees it at the first instruction reading R9 or lane 3 */
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_model_api KERNEL.s\n");
        return 2;
    }
    kernel_path = argv[1];
    if (gh_load_kernel(kernel_path, &kernel, stderr) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(scoreboard_agrees_to_the_end, open_both, close_both),
        cmocka_unit_test_setup_teardown(planted_bit_flip_is_a_divergence_at_that_instruction, open_both, close_both),
        cmocka_unit_test_setup_teardown(a_record_after_the_model_finished, open_both, close_both),
        cmocka_unit_test_setup_teardown(a_dut_that_finishes_early, open_both, close_both),
        cmocka_unit_test_setup_teardown(state_reads_and_writes, open_both, close_both),
        cmocka_unit_test_setup_teardown(unimplemented_record_taken_at_its_word, open_both, close_both),
        cmocka_unit_test_setup_teardown(expectations_on_the_final_state, open_both, close_both),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    isa_kernel_destroy(&kernel);
    return failed;
}
