/* The rtl board side (servers/rtlsim/dut_rtl.c) reads the core's capability
 * words after reset and refuses a fault the core cannot take: the fault
 * registers are optional in the DUT port contract (docs/port-contract.md,
 * "Fault injection (space 9) is optional"), declared by FEATURES bit FAULTS.
 * Here dut_rtl.c drives a fake core (this file's harness.h functions, no
 * Verilator) that answers the backdoor in one cycle: with FAULTS declared a
 * --fault is written to its registers; without, fw_dut_rtl_init refuses it
 * (d->refused, the message gpu-rtlsim prints before exiting 2). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dut_rtl.h"
#include "fw/caps_words.h"
#include "fw/port.h"

/* ------------------------------------------------------------ the fake core */
struct rtl_harness {
    uint64_t cycles;
    unsigned sweep;    /* reset sweep cycles left (busy) */
    int acked;         /* bd_ack was high after the last edge: no request taken at this one */
    uint32_t fault[4]; /* its fault registers, when it has them */
    unsigned fault_writes;
};
static uint32_t fake_features; /* capability word FEATURES of the next core */

const char *rtl_target_name(void)
{
    return "fake core";
}

rtl_harness *rtl_create(bool traceable, uint32_t x_seed)
{
    (void)traceable, (void)x_seed;
    return calloc(1, sizeof(rtl_harness));
}

void rtl_destroy(rtl_harness **h)
{
    free(*h);
    *h = NULL;
}

static uint32_t cap_word(uint32_t index)
{
    if (index == FW_CAP_WARPS)
        return 4;
    if (index == FW_CAP_LANES)
        return 32;
    if (index == FW_CAP_FEATURES)
        return fake_features;
    if (index >= FW_CAP_OPTYPES && index < FW_CAP_OPTYPES + FW_PORT_CAP_OPTYPE_WORDS)
        return 0xffffffffu;
    return 0; /* no tolerances: exact */
}

void rtl_cycle(rtl_harness *h, const rtl_inputs *in, rtl_outputs *out)
{
    h->cycles++;
    out->bd_ack = 0;
    if (!in->rst_n) {
        h->sweep = 8;
        out->busy = 1;
        return;
    }
    if (h->sweep) {
        out->busy = --h->sweep != 0;
        return;
    }
    if (h->acked) { /* bd_ack is a one-cycle pulse */
        h->acked = 0;
        return;
    }
    if (!in->bd_req)
        return;
    bool faults = fw_caps_has(fake_features, FW_FEATURE_FAULTS);
    if (in->bd_we) {
        if (in->bd_space == FW_BD_FAULT && faults && in->bd_index < 3) { /* a core without them: acked, ignored */
            h->fault[in->bd_index] = in->bd_wdata;
            h->fault_writes++;
        }
    } else {
        out->bd_rdata = in->bd_space == FW_BD_CAP                    ? cap_word(in->bd_index)
                        : in->bd_space == FW_BD_FAULT && faults && in->bd_index < 4 ? h->fault[in->bd_index]
                                                                                   : 0;
    }
    out->bd_ack = 1;
    h->acked = 1;
}

void rtl_settle(rtl_harness *h, const rtl_inputs *in, rtl_outputs *out)
{
    (void)h, (void)in, (void)out;
}

uint64_t rtl_cycles(const rtl_harness *h)
{
    return h->cycles;
}

int rtl_trace_open(rtl_harness *h, const char *path)
{
    (void)h, (void)path;
    return -1;
}

void rtl_trace_enable(rtl_harness *h, bool on)
{
    (void)h, (void)on;
}

bool rtl_trace_is_open(const rtl_harness *h)
{
    (void)h;
    return false;
}

void rtl_trace_flush(rtl_harness *h)
{
    (void)h;
}

void rtl_trace_close(rtl_harness *h)
{
    (void)h;
}

/* ------------------------------------------------------------ the tests */
static fw_dut_rtl dut;

static void declared_faults_are_written(void **state)
{
    (void)state;
    fake_features = 1u << FW_FEATURE_TRAP_LANE | 1u << FW_FEATURE_FAULTS; /* as the stand-in */
    fw_dut_rtl_config cfg = {.fault_kind = FW_FAULT_FLIP_BIT, .fault_at = 5, .fault_param = 2};
    if (fw_dut_rtl_init(&dut, &cfg) != 0)
        fail_msg("init: %s", dut.error);
    assert_int_equal(dut.cap_features, 1u << FW_FEATURE_TRAP_LANE | 1u << FW_FEATURE_FAULTS);
    assert_int_equal(dut.cap_warps, 4);
    assert_false(dut.refused);
    assert_int_equal(dut.h->fault[FW_FAULT_REG_KIND], FW_FAULT_FLIP_BIT);
    assert_int_equal(dut.h->fault[FW_FAULT_REG_AT], 5);
    assert_int_equal(dut.h->fault[FW_FAULT_REG_PARAM], 2);
    fw_dut_rtl_free(&dut);
}

static void no_fault_needs_no_registers(void **state)
{
    (void)state;
    fake_features = 0;
    fw_dut_rtl_config cfg = {0};
    if (fw_dut_rtl_init(&dut, &cfg) != 0)
        fail_msg("init: %s", dut.error);
    assert_int_equal(dut.cap_features, 0);
    assert_int_equal(dut.h->fault_writes, 0);
    fw_dut_rtl_free(&dut);
}

static void undeclared_faults_are_refused(void **state)
{
    (void)state;
    fake_features = 0; /* a core without fault registers, or one that predates FEATURES */
    fw_dut_rtl_config cfg = {.fault_kind = FW_FAULT_WRONG_LANE, .fault_at = 0};
    assert_int_equal(fw_dut_rtl_init(&dut, &cfg), -1);
    assert_true(dut.refused);
    assert_non_null(strstr(dut.error, "--fault 1: the core has no fault-injection registers"));
    assert_null(dut.h); /* freed */
}

static void refusal_text(void **state)
{
    (void)state;
    assert_null(fw_caps_fault_refusal(0, 0));
    assert_null(fw_caps_fault_refusal(1u << FW_FEATURE_FAULTS, FW_FAULT_MUFU_ULP));
    assert_non_null(fw_caps_fault_refusal(0, FW_FAULT_MUFU_ULP));
    /* other features (TRAP_LANE, bit 0, beside FAULTS in one word): still none */
    assert_non_null(fw_caps_fault_refusal(~(1u << FW_FEATURE_FAULTS), FW_FAULT_WRONG_LANE));
    assert_non_null(fw_caps_fault_refusal(1u << FW_FEATURE_TRAP_LANE, FW_FAULT_WRONG_LANE));
    assert_null(fw_caps_fault_refusal(1u << FW_FEATURE_TRAP_LANE | 1u << FW_FEATURE_FAULTS, FW_FAULT_WRONG_LANE));
    assert_true(fw_caps_has(1u << FW_FEATURE_FAULTS, FW_FEATURE_FAULTS));
    assert_false(fw_caps_has(0, FW_FEATURE_FAULTS));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(declared_faults_are_written),
        cmocka_unit_test(no_fault_needs_no_registers),
        cmocka_unit_test(undeclared_faults_are_refused),
        cmocka_unit_test(refusal_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
