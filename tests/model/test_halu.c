/* Model: packed FP16 / BF16 instructions (isa/spec/halu.isa) through the
 * assembler and the model. Each case sets R1, R2, R3, UR5 and c[0x1][0x10],
 * c[0x1][0x14] in every lane, runs one instruction and checks the result. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "isa/isa.h"

typedef th_r0_case r0_case;
#define RUN(cases) th_run_r0_cases(cases, sizeof cases / sizeof cases[0])

/* F16: 1.0 0x3C00, 2.0 0x4000, 0.5 0x3800, 1.5 0x3E00, 3.0 0x4200, -1.0 0xBC00,
 * 2^-11 0x1000 (half an ulp of 1.0), max 0x7BFF, Inf 0x7C00.
 * BF16: 1.0 0x3F80, 1.5 0x3FC0, 2.0 0x4000, 3.0 0x4040. */

static void hadd2(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"HADD2 R0, R1, R2", 0x40003c00, 0x3c003c00, 0, 0x42004000},
        {"HADD2.F16_V2 R0, R1, R2", 0x40003c00, 0x3c003c00, 0, 0x42004000},
        /* .hsel2 */
        {"HADD2 R0, R1.H0_H0, R2", 0x40003c00, 0x3c003c00, 0, 0x40004000},
        {"HADD2 R0, R1.H1_H1, R2", 0x40003c00, 0x3c003c00, 0, 0x42004200},
        {"HADD2 R0, R1, R2.H1_H1", 0x3c003c00, 0x40003c00, 0, 0x42004200},
        {"HADD2 R0, R1, R2.H0_H0", 0x3c003c00, 0x40003c00, 0, 0x40004000},
        /* neg, abs, abs-then-neg */
        {"HADD2 R0, -R1, R2", 0x40003c00, 0x3c003c00, 0, 0xbc000000},
        {"HADD2 R0, |R1|, R2", 0xc0003c00, 0x3c003c00, 0, 0x42004000},
        {"HADD2 R0, -|R1|, R2", 0xc000bc00, 0x3c003c00, 0, 0xbc000000},
        {"HADD2 R0, R1, -|R2.H0_H0|", 0x40004000, 0x0000bc00, 0, 0x3c003c00},
        /* x + (-x) = +0, -0 under RM; (-0) + (-0) = -0 */
        {"HADD2 R0, R1, -R1", 0x3c003c00, 0, 0, 0x00000000},
        {"HADD2.RM R0, R1, -R1", 0x3c003c00, 0, 0, 0x80008000},
        {"HADD2 R0, R1, R2", 0x80008000, 0x80000000, 0, 0x80000000},
        /* rounding: 1 + 2^-11 is a tie; lane 1 1+ulp + 2^-11 ties to even upward */
        {"HADD2 R0, R1, R2", 0x3c013c00, 0x10001000, 0, 0x3c023c00},
        {"HADD2.RN R0, R1, R2", 0x3c013c00, 0x10001000, 0, 0x3c023c00},
        {"HADD2.RP R0, R1, R2", 0x3c013c00, 0x10001000, 0, 0x3c023c01},
        {"HADD2.RM R0, R1, R2", 0x3c013c00, 0x10001000, 0, 0x3c013c00},
        {"HADD2.RZ R0, R1, R2", 0x3c013c00, 0x10001000, 0, 0x3c013c00},
        {"HADD2.RM R0, -R1, -R2", 0x3c013c00, 0x10001000, 0, 0xbc02bc01},
        /* overflow: Inf or max by direction */
        {"HADD2 R0, R1, R2", 0x7bff7bff, 0x7bff7bff, 0, 0x7c007c00},
        {"HADD2.RZ R0, R1, R2", 0x7bff7bff, 0x7bff7bff, 0, 0x7bff7bff},
        {"HADD2.RM R0, R1, R2", 0xfbff7bff, 0xfbff7bff, 0, 0xfc007bff},
        /* NaN: canonical; Inf - Inf */
        {"HADD2 R0, R1, R2", 0x7e01fc01, 0x3c003c00, 0, 0x7fff7fff},
        {"HADD2 R0, R1, -R2", 0x7c007c00, 0x7c003c00, 0, 0x7fff7c00},
        /* .FTZ: inputs and result */
        {"HADD2 R0, R1, R2", 0x80010001, 0x00000000, 0, 0x80010001},
        {"HADD2.FTZ R0, R1, R2", 0x80010001, 0x00000000, 0, 0x00000000},
        {"HADD2.FTZ R0, R1, R2", 0x80010001, 0x80000000, 0, 0x80000000},
        {"HADD2.FTZ R0, R1, -R2", 0x84000400, 0x83ff03ff, 0, 0x84000400},
        {"HADD2 R0, R1, -R2", 0x84000400, 0x83ff03ff, 0, 0x80010001},
        /* .SAT: [+0, 1], NaN and -0 give +0 */
        {"HADD2.SAT R0, R1, R2", 0xbc003c00, 0x38003c00, 0, 0x00003c00},
        {"HADD2.SAT R0, R1, R2", 0x7fff8000, 0x3c008000, 0, 0x00000000},
        {"HADD2.SAT R0, R1, R2", 0x34003800, 0x00000000, 0, 0x34003800},
        {"HADD2.FTZ.SAT.RP R0, R1, R2", 0x00010000, 0x00000001, 0, 0x00000000},
        /* immediates: "hi, lo", decimal or raw bits */
        {"HADD2 R0, R1, 2, 1", 0x3c003c00, 0, 0, 0x42004000},
        {"HADD2 R0, R1, 0x4000, 0x3c00", 0x3c003c00, 0, 0, 0x42004000},
        {"HADD2 R0, -|R1|, -1, 1", 0xc0003c00, 0, 0, 0xc2000000},
        /* UR and constant sources with decorations */
        {"HADD2 R0, R1, UR5", 0x3c003c00, 0x40003c00, 0, 0x42004000},
        {"HADD2 R0, R1, -UR5.H1_H1", 0x3c003c00, 0x40003c00, 0, 0xbc00bc00},
        {"HADD2 R0, R1, c[0x1][0x10]", 0x3c003c00, 0x40003c00, 0, 0x42004000},
        {"HADD2 R0, R1, -|c[0x1][0x10].H0_H0|", 0x3c003c00, 0x4000bc00, 0, 0x00000000},
        /* BF16 */
        {"HADD2.BF16_V2 R0, R1, R2", 0x40003f80, 0x3f803f80, 0, 0x40404000},
        {"HADD2.BF16_V2.RZ R0, R1, R2", 0x3f803f80, 0x3b803b80, 0, 0x3f803f80},
        {"HADD2.BF16_V2.RP R0, R1, R2", 0x3f803f80, 0x3b803b80, 0, 0x3f813f81},
        {"HADD2.BF16_V2 R0, R1, R2", 0x7f807f81, 0xff803f80, 0, 0x7fff7fff},
    };
    RUN(cases);
}

static void hadd2_f32(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"HADD2.F32 R0, R1, R2", 0x40003c00, 0x00003800, 0, 0x3fc00000},
        {"HADD2.F32 R0, R1.H1_H1, R2", 0x40003c00, 0x00003800, 0, 0x40200000},
        {"HADD2.F32 R0, R1, -R2.H1_H1", 0x40003c00, 0x38000000, 0, 0x3f000000},
        /* 2^15 + 2^-24 rounds once, in binary32 */
        {"HADD2.F32 R0, R1, R2", 0x00007800, 0x00000001, 0, 0x47000000},
        {"HADD2.F32.RP R0, R1, R2", 0x00007800, 0x00000001, 0, 0x47000001},
        {"HADD2.F32.RM R0, R1, -R2", 0x00007800, 0x00000001, 0, 0x46ffffff},
        {"HADD2.F32.RZ R0, R1, -R2", 0x00007800, 0x00000001, 0, 0x46ffffff},
        /* the 16-bit sum would overflow; binary32 holds it */
        {"HADD2.F32 R0, R1, R2", 0x00007bff, 0x00007bff, 0, 0x47ffe000},
        {"HADD2.F32.FTZ R0, R1, R2", 0x00000001, 0x00000001, 0, 0x00000000},
        {"HADD2.F32 R0, R1, R2", 0x00000001, 0x00000001, 0, 0x34000000},
        {"HADD2.F32.SAT R0, R1, R2", 0x00003c00, 0x00003c00, 0, 0x3f800000},
        {"HADD2.F32.SAT R0, R1, R2", 0x00007e00, 0x00003c00, 0, 0x00000000},
        {"HADD2.F32 R0, R1, R2", 0x00007e00, 0x00003c00, 0, 0x7fffffff},
        {"HADD2.F32 R0, R1, -R2", 0x00007c00, 0x00007c00, 0, 0x7fffffff},
        {"HADD2.F32 R0, R1, 0, 0.5", 0x00003c00, 0, 0, 0x3fc00000},
        {"HADD2.BF16_V2.F32 R0, R1, R2", 0x00003f80, 0x00003f80, 0, 0x40000000},
        /* bf16 1.0 + 2^-30: exact in binary32? no: rounds to 1.0 */
        {"HADD2.BF16_V2.F32.RP R0, R1, R2", 0x00003f80, 0x00003080, 0, 0x3f800001},
    };
    RUN(cases);
}

static void hmul2(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"HMUL2 R0, R1, R2", 0x3e003e00, 0x40004000, 0, 0x42004200},
        {"HMUL2 R0, R1, -R2.H0_H0", 0x3e004000, 0x0000bc00, 0, 0x3e004000},
        {"HMUL2 R0, R1.H1_H1, R2", 0x3e004000, 0x40003c00, 0, 0x42003e00},
        {"HMUL2 R0, -|R1|, 0, -1", 0x3e00c000, 0, 0, 0x80004000},
        {"HMUL2 R0, R1, R2", 0x7c00bc00, 0x00000000, 0, 0x7fff8000}, /* Inf * 0, -1 * 0 */
        {"HMUL2 R0, R1, R2", 0x7bff7bff, 0x40004000, 0, 0x7c007c00},
        {"HMUL2.RZ R0, R1, R2", 0x7bff7bff, 0x4000c000, 0, 0x7bfffbff},
        {"HMUL2.RP R0, R1, R2", 0x7bff7bff, 0x4000c000, 0, 0x7c00fbff},
        /* subnormal results; .FTZ flushes them (sign kept) */
        {"HMUL2 R0, R1, R2", 0x84000400, 0x38003800, 0, 0x82000200},
        {"HMUL2.FTZ R0, R1, R2", 0x84000400, 0x38003800, 0, 0x80000000},
        {"HMUL2.FTZ R0, R1, R2", 0x00010001, 0x7c003c00, 0, 0x7fff0000},
        {"HMUL2.SAT R0, R1, R2", 0x3c00bc00, 0x40003800, 0, 0x3c000000},
        {"HMUL2 R0, R1, UR5.H1_H1", 0x3c004000, 0x3e000000, 0, 0x3e004200},
        {"HMUL2 R0, R1, |c[0x1][0x10]|", 0x3c003c00, 0xc000c000, 0, 0x40004000},
        /* bf16: (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 */
        {"HMUL2.BF16_V2 R0, R1, R2", 0x3fc03f81, 0x40003f81, 0, 0x40403f82},
        {"HMUL2.BF16_V2.RP R0, R1, R2", 0x3fc03f81, 0x40003f81, 0, 0x40403f83},
        {"HMUL2.BF16_V2 R0, R1, 2, 1", 0x3fc03f80, 0, 0, 0x40403f80},
    };
    RUN(cases);
}

static void hfma2(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"HFMA2 R0, R1, R2, R3", 0x3e003e00, 0x40004000, 0x3c003c00, 0x44004400},
        {"HFMA2 R0, R1, R2.H1_H1, RZ", 0x3e004000, 0x40000000, 0, 0x42004400},
        {"HFMA2 R0, -R1, R2, -R3.H0_H0", 0x3e003e00, 0x40004000, 0x00003c00, 0xc400c400},
        /* one rounding: (1+2^-10)^2 - 1 = 2^-9 + 2^-20, a tie in f16 */
        {"HFMA2 R0, R1, R1, R2", 0x3c013c01, 0xbc00bc00, 0, 0x18001800},
        {"HFMA2.RP R0, R1, R1, R2", 0x3c013c01, 0xbc00bc00, 0, 0x18011801},
        {"HFMA2.RM R0, R1, R1, R2", 0x3c013c01, 0xbc00bc00, 0, 0x18001800},
        {"HFMA2.RZ R0, R1, -R1, -R2", 0x3c013c01, 0xbc00bc00, 0, 0x98009800},
        /* exact zero: +0, -0 under RM; 0 * Inf is NaN whatever c is */
        {"HFMA2 R0, R1, R2, -R3", 0x3c003c00, 0x3c003c00, 0x3c003c00, 0x00000000},
        {"HFMA2.RM R0, R1, R2, -R3", 0x3c003c00, 0x3c003c00, 0x3c003c00, 0x80008000},
        {"HFMA2 R0, R1, R2, R3", 0x7c007c00, 0x00003c00, 0xfc00fc00, 0x7fff7fff},
        {"HFMA2 R0, R1, R2, R3", 0x7c00bc00, 0x3c000000, 0x3c008000, 0x7c008000},
        /* .RELU: negatives (-Inf too) become +0; -0 and NaN pass (NaN canonical) */
        {"HFMA2.RELU R0, R1, R2, R3", 0xbc003c00, 0x40004000, 0x3c003c00, 0x00004200},
        {"HFMA2.RELU R0, R1, R2, R3", 0xbc00fc00, 0x00003c00, 0x80000000, 0x80000000},
        {"HFMA2.RELU R0, R1, R2, R3", 0x7e00fc00, 0x3c003c00, 0x00000000, 0x7fff0000},
        /* .RELU before the output flush: a negative subnormal becomes +0 */
        {"HFMA2.FTZ.RELU R0, R1, R2, RZ", 0x84000400, 0x38003800, 0, 0x00000000},
        {"HFMA2.FTZ R0, R1, R2, RZ", 0x84000400, 0x38003800, 0, 0x80000000},
        {"HFMA2.FTZ R0, R1, R2, R3", 0x00010001, 0x40004000, 0x00000000, 0x00000000},
        {"HFMA2 R0, R1, R2, R3", 0x00010001, 0x40004000, 0x00000000, 0x00020002},
        {"HFMA2.SAT R0, R1, R2, R3", 0x40003800, 0x3c003c00, 0xbc000000, 0x3c003800},
        {"HFMA2.SAT R0, R1, R2, R3", 0x40003800, 0xbc003c00, 0x00003c00, 0x00003c00},
        {"HFMA2.SAT R0, R1, R2, R3", 0x7fff4000, 0x3c003c00, 0x00000000, 0x00003c00},
        /* every source form */
        {"HFMA2 R0, R1, R2, 1.5, -2", 0x40004000, 0x3c003c00, 0, 0x43000000},
        {"HFMA2 R0, R1, -1.5, 2, R3", 0x40004000, 0, 0x3c003c00, 0xc0004500},
        {"HFMA2 R0, R1, R2.H0_H0, UR5.H1_H1", 0x3c004000, 0x3c004000, 0, 0x42004500},
        {"HFMA2 R0, R1, -UR5, R3.H1_H1", 0x3c003c00, 0x40003c00, 0x42003c00, 0x3c004000},
        {"HFMA2 R0, R1, R2, -c[0x1][0x14]", 0x3c003c00, 0x40003c00, 0x3c003c00, 0x3c000000},
        {"HFMA2 R0, R1, |c[0x1][0x10].H1_H1|, R3", 0x3c003c00, 0xc0003c00, 0x3c003c00, 0x42004200},
        /* bf16 */
        {"HFMA2.BF16_V2 R0, R1, R2, R3", 0x3fc03fc0, 0x40004000, 0x3f803f80, 0x40804080},
        {"HFMA2.BF16_V2.RELU R0, R1, R2, R3", 0xbfc03fc0, 0x40004000, 0x3f803f80, 0x00004080},
        {"HFMA2.BF16_V2.RZ R0, R1, R1, R2", 0x3f813f81, 0xbf80bf80, 0, 0x3c803c80},
    };
    RUN(cases);
}

static void hmnmx2(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"HMNMX2 R0, R1, R2, PT", 0x3c008000, 0x40000000, 0, 0x3c008000},
        {"HMNMX2 R0, R1, R2, !PT", 0x3c008000, 0x40000000, 0, 0x40000000},
        {"HMNMX2 R0, R1, R2, PT", 0x00008000, 0x80000000, 0, 0x80008000}, /* -0 < +0 */
        {"HMNMX2 R0, R1, R2, !PT", 0x00008000, 0x80000000, 0, 0x00000000},
        {"HMNMX2 R0, R1, R2, PT", 0xfc007c00, 0x7bfffbff, 0, 0xfc00fbff},
        /* NaN: one ignored, two give QNAN; .NAN: any gives QNAN */
        {"HMNMX2 R0, R1, R2, PT", 0x7e007c01, 0x3c007e00, 0, 0x3c007fff},
        {"HMNMX2 R0, R1, R2, !PT", 0xbc00fe00, 0xffff3c00, 0, 0xbc003c00},
        {"HMNMX2.NAN R0, R1, R2, PT", 0x7e003c00, 0x3c004000, 0, 0x7fff3c00},
        /* .FTZ: flushed before choosing; the chosen input is the flushed one */
        {"HMNMX2 R0, R1, R2, !PT", 0x00020001, 0x80000000, 0, 0x00020001},
        {"HMNMX2.FTZ R0, R1, R2, !PT", 0x00020001, 0x80000000, 0, 0x00000000},
        {"HMNMX2.FTZ R0, R1, R2, PT", 0x80020001, 0x00000000, 0, 0x80000000},
        /* decorations, immediates, UR, cmem, BF16 */
        {"HMNMX2 R0, -|R1|, -|R2|, !PT", 0x3c00c000, 0x40004200, 0, 0xbc00c000},
        {"HMNMX2 R0, R1.H1_H1, R2.H0_H0, PT", 0x3c004000, 0x00003e00, 0, 0x3c003c00},
        {"HMNMX2 R0, R1, 1, -4, PT", 0x40004000, 0, 0, 0x3c00c400},
        {"HMNMX2 R0, R1, UR5.H1_H1, !PT", 0x40004400, 0x42000000, 0, 0x42004400},
        {"HMNMX2 R0, R1, -c[0x1][0x10], PT", 0x00000000, 0x3c008000, 0, 0xbc000000},
        {"HMNMX2.BF16_V2 R0, R1, R2, PT", 0x3f80c000, 0x4000bf80, 0, 0x3f80c000},
        {"HMNMX2.BF16_V2.FTZ R0, R1, R2, !PT", 0x00010000, 0x80008000, 0, 0x00000000},
    };
    RUN(cases);
}

/* pp picks per lane: min in odd lanes, max in even ones */
static void hmnmx2_predicate_per_lane(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        ".init P3 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n"
        ".init R1 0x3c004000\n.init R2 0x40003c00\n"
        "HMNMX2 R0, R1, R2, P3 ;\n HMNMX2 R4, R1, R2, !P3 ;\n EXIT ;\n");
    for (unsigned l = 0; l < 32; l++) {
        assert_int_equal(gm_gpr(r.model, 0, 0, l), l & 1 ? 0x3c003c00 : 0x40004000);
        assert_int_equal(gm_gpr(r.model, 0, 4, l), l & 1 ? 0x40004000 : 0x3c003c00);
    }
    th_free(&r);
}

/* ---- comparisons ---- */


/* Operand pairs (H1, H0 of R1 and R2) and the relation of each half. */
typedef struct {
    const char *fmt;
    uint32_t a, b;
    enum relation hi, lo;
} compare_inputs;

static const compare_inputs COMPARE_INPUTS[] = {
    {"", 0x3c004000, 0x40004000, REL_LT, REL_EQ},      /* 1 < 2, 2 == 2 */
    {"", 0x42007e00, 0x40004000, REL_GT, REL_UN},      /* 3 > 2, NaN */
    {"", 0x80000000, 0x00008000, REL_EQ, REL_EQ},      /* -0 == +0 */
    {"", 0xfc00ffff, 0x7c000000, REL_LT, REL_UN},      /* -Inf < Inf, NaN */
    {".FTZ", 0x00010002, 0x80000000, REL_EQ, REL_EQ},  /* flushed subnormals */
    {"", 0x00010002, 0x80000000, REL_GT, REL_GT},      /* without the flush */
    {".BF16_V2", 0x3f804000, 0x40003f80, REL_LT, REL_GT},
    {".BF16_V2.FTZ", 0x00010001, 0x00000000, REL_EQ, REL_EQ},
};

static void hsetp2_every_comparison(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof COMPARE_INPUTS / sizeof COMPARE_INPUTS[0]; i++) {
        const compare_inputs *in = &COMPARE_INPUTS[i];
        for (int cmp = 0; cmp < 14; cmp++) {
            char src[512];
            snprintf(src, sizeof src,
                     ".init R1 0x%x\n.init R2 0x%x\n"
                     "HSETP2%s.%s.AND P1, P2, R1, R2, PT ;\n EXIT ;\n"
                     ".expect P1 %d\n.expect P2 %d\n",
                     in->a, in->b, in->fmt, TH_FCMP_NAMES[cmp], th_fcmp_truth(cmp, in->lo), th_fcmp_truth(cmp, in->hi));
            th_run_t r = th_run_pass(src);
            th_free(&r);
        }
    }
}

static void hset2_every_comparison(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof COMPARE_INPUTS / sizeof COMPARE_INPUTS[0]; i++) {
        const compare_inputs *in = &COMPARE_INPUTS[i];
        bool bf16 = strstr(in->fmt, "BF16") != NULL;
        for (int cmp = 0; cmp < 14; cmp++)
            for (int bf = 0; bf < 2; bf++) {
                uint32_t t = bf ? (bf16 ? 0x3f80 : 0x3c00) : 0xffff;
                uint32_t want = (th_fcmp_truth(cmp, in->hi) ? t << 16 : 0) | (th_fcmp_truth(cmp, in->lo) ? t : 0);
                char src[512];
                snprintf(src, sizeof src,
                         ".init R1 0x%x\n.init R2 0x%x\n"
                         "HSET2%s.%s.AND%s R0, R1, R2, PT ;\n EXIT ;\n.expect R0 0x%x\n",
                         in->a, in->b, in->fmt, TH_FCMP_NAMES[cmp], bf ? ".BF" : "", want);
                th_run_t r = th_run_pass(src);
                th_free(&r);
            }
    }
}

/* .lop with pp, !pp and an omitted pp (PT); pp per lane. */
static void hsetp2_lop(void **state)
{
    (void)state;
    /* half 0: 1 < 2 true; half 1: 2 < 1 false */
    th_run_t r = th_run_pass(
        ".init P0 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n"
        ".init R1 0x40003c00\n.init R2 0x3c004000\n"
        "HSETP2.LT.AND P1, P2, R1, R2, P0 ;\n"
        "HSETP2.LT.OR P3, P4, R1, R2, !P0 ;\n"
        "HSETP2.LT.XOR P5, P6, R1, R2 ;\n EXIT ;\n"
        ".expect P5 0\n.expect P6 1\n");
    for (unsigned l = 0; l < 32; l++) {
        bool p0 = l & 1;
        assert_int_equal((gm_pred_mask(r.model, 0, 1) >> l) & 1, p0);
        assert_int_equal((gm_pred_mask(r.model, 0, 2) >> l) & 1, 0);
        assert_int_equal((gm_pred_mask(r.model, 0, 3) >> l) & 1, 1);
        assert_int_equal((gm_pred_mask(r.model, 0, 4) >> l) & 1, !p0);
    }
    th_free(&r);
}

static void hsetp2_sources(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        ".init R1 0x3c00bc00\n.init UR5 0xc0003c00\n.const 1 0x10 0x40003c00\n"
        "HSETP2.EQ.AND P1, P2, -R1, UR5.H0_H0, PT ;\n"        /* 1 == 1, -1 == 1 */
        "HSETP2.GTU.OR P3, P4, -|R1|, -1, 0, !PT ;\n"         /* -1 > 0, -1 > -1 */
        "HSETP2.LE.AND P5, P6, R1.H1_H1, |c[0x1][0x10]|, PT ;\n" /* 1 <= 1, 1 <= 2 */
        "EXIT ;\n"
        ".expect P1 1\n.expect P2 0\n.expect P3 0\n.expect P4 0\n.expect P5 1\n.expect P6 1\n");
    th_free(&r);
}

static void hset2_lop_and_sources(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"HSET2.LT.OR R0, R1, R2, PT", 0x40003c00, 0x3c004000, 0, 0xffffffff},
        {"HSET2.LT.XOR R0, R1, R2", 0x40003c00, 0x3c004000, 0, 0xffff0000},
        {"HSET2.LT.XOR.BF R0, R1, R2, !PT", 0x40003c00, 0x3c004000, 0, 0x00003c00},
        {"HSET2.FTZ.GTU.OR.BF R0, -|R1|, -1, 0, !PT", 0x3c00bc00, 0, 0, 0x00000000},
        {"HSET2.GE.AND R0, R1, UR5.H1_H1, PT", 0x40003c00, 0x3c000000, 0, 0xffffffff},
        {"HSET2.BF16_V2.NUM.AND.BF R0, R1, c[0x1][0x10], PT", 0x7fc03f80, 0, 0, 0x00003f80},
        {"HSET2.NE.AND R0, R1, -R2.H0_H0, PT", 0x3c00bc00, 0x00003c00, 0, 0xffff0000},
    };
    RUN(cases);
}

/* Guarded lanes keep Rd; reserved field values trap. */
static void guard_and_reserved(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        ".init P0 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n"
        ".init R0 0x1234\n.init R1 0x3c003c00\n@P0 HADD2 R0, R1, R1 ;\n EXIT ;\n");
    assert_int_equal(gm_gpr(r.model, 0, 0, 0), 0x1234);
    assert_int_equal(gm_gpr(r.model, 0, 0, 1), 0x40004000);
    th_free(&r);

    struct {
        const char *insn;
        unsigned bit, value, width; /* field to overwrite with a reserved value */
    } bad[] = {
        {"HADD2 R0, R1, R2", 80, 3, 2},               /* ra.hsel2 */
        {"HSETP2.EQ.AND P0, P1, R1, R2, PT", 86, 14, 4}, /* cmp */
        {"HSET2.EQ.AND R0, R1, R2, PT", 84, 3, 2},    /* lop */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        isa_word w, exit_word;
        isa_insn insn;
        isa_diag diag;
        assert_int_equal(isa_asm(bad[i].insn, NULL, &w, &insn, &diag), 0);
        assert_int_equal(isa_asm("EXIT", NULL, &exit_word, &insn, &diag), 0);
        uint64_t mask = ((1ull << bad[i].width) - 1) << (bad[i].bit - 64);
        w.hi = (w.hi & ~mask) | (uint64_t)bad[i].value << (bad[i].bit - 64);
        isa_kernel *k = isa_kernel_new();
        isa_word code[2] = {w, exit_word};
        assert_int_equal(isa_kernel_add_code(k, code, 2), 0);
        char err[128];
        gm_model *m = gm_new(k, err, sizeof err);
        assert_non_null(m);
        assert_int_equal(gm_run(m, 10), GM_STEP_TRAP);
        if (!strstr(gm_trap_message(m), "reserved") ||
            !strstr(gm_trap_message(m), gm_trap_name(GM_TRAP_ILLEGAL_INSTRUCTION)))
            fail_msg("unexpected trap: %s", gm_trap_message(m));
        gm_destroy(&m);
        isa_kernel_destroy(&k);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hadd2),
        cmocka_unit_test(hadd2_f32),
        cmocka_unit_test(hmul2),
        cmocka_unit_test(hfma2),
        cmocka_unit_test(hmnmx2),
        cmocka_unit_test(hmnmx2_predicate_per_lane),
        cmocka_unit_test(hsetp2_every_comparison),
        cmocka_unit_test(hset2_every_comparison),
        cmocka_unit_test(hsetp2_lop),
        cmocka_unit_test(hsetp2_sources),
        cmocka_unit_test(hset2_lop_and_sources),
        cmocka_unit_test(guard_and_reserved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
