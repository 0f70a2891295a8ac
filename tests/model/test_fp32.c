/* Model: binary32 instructions of the extension (isa/spec/ext.isa, EXT_FP32)
 * through the assembler and the model. Each case sets R1, R2, R3, UR5 and
 * c[0x1][0x10], c[0x1][0x14] in every lane, runs one instruction and checks
 * the result. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "harness.h"

typedef th_r0_case r0_case;
#define RUN(cases) th_run_r0_cases(cases, sizeof cases / sizeof cases[0])

/* 1.0 0x3F800000, 2.0 0x40000000, 0.5 0x3F000000, 1.5 0x3FC00000, 3.0 0x40400000,
 * -1.0 0xBF800000, 2^-24 0x33800000 (half an ulp of 1.0), max 0x7F7FFFFF,
 * Inf 0x7F800000, smallest normal 0x00800000. */
#define ONE 0x3f800000u
#define TWO 0x40000000u
#define HALF 0x3f000000u
#define ONE_HALF 0x3fc00000u
#define THREE 0x40400000u
#define MINUS_ONE 0xbf800000u
#define HALF_ULP_OF_ONE 0x33800000u
#define MAX 0x7f7fffffu
#define INF 0x7f800000u
#define QNAN 0x7fffffffu

static void fadd(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"FADD R0, R1, R2", ONE, TWO, 0, THREE},
        {"FADD R0, -|R1|, |R2|", 0xc0000000, MINUS_ONE, 0, MINUS_ONE},
        {"FADD R0, |R1|, -R2", MINUS_ONE, ONE, 0, 0},
        /* ties and directed rounding */
        {"FADD R0, R1, R2", ONE, HALF_ULP_OF_ONE, 0, ONE},
        {"FADD R0, R1, R2", 0x3f800001, HALF_ULP_OF_ONE, 0, 0x3f800002},
        {"FADD.RP R0, R1, R2", ONE, HALF_ULP_OF_ONE, 0, 0x3f800001},
        {"FADD.RM R0, R1, R2", 0x3f800001, HALF_ULP_OF_ONE, 0, 0x3f800001},
        {"FADD.RZ R0, R1, R2", 0x3f800001, HALF_ULP_OF_ONE, 0, 0x3f800001},
        {"FADD.RM R0, -R1, -R2", ONE, HALF_ULP_OF_ONE, 0, 0xbf800001},
        {"FADD.RZ R0, -R1, -R2", ONE, HALF_ULP_OF_ONE, 0, MINUS_ONE},
        /* zero signs */
        {"FADD R0, R1, -R1", ONE, 0, 0, 0},
        {"FADD.RM R0, R1, -R1", ONE, 0, 0, 0x80000000},
        {"FADD R0, R1, R2", 0x80000000, 0x80000000, 0, 0x80000000},
        {"FADD R0, R1, -R2", 0x80000000, 0x80000000, 0, 0},
        /* overflow */
        {"FADD R0, R1, R2", MAX, MAX, 0, INF},
        {"FADD.RZ R0, R1, R2", MAX, MAX, 0, MAX},
        {"FADD.RM R0, R1, R2", MAX, MAX, 0, MAX},
        {"FADD.RM R0, -R1, -R2", MAX, MAX, 0, 0xff800000},
        /* NaN and Inf */
        {"FADD R0, R1, R2", 0xffc00001, ONE, 0, QNAN},
        {"FADD R0, R1, -R2", INF, INF, 0, QNAN},
        {"FADD R0, R1, R2", INF, MAX, 0, INF},
        /* .FTZ on inputs and on the result */
        {"FADD R0, R1, R2", 0x00000001, 0, 0, 0x00000001},
        {"FADD.FTZ R0, R1, R2", 0x00000001, 0, 0, 0},
        {"FADD.FTZ R0, R1, R2", 0x80000001, 0x80000000, 0, 0x80000000},
        {"FADD R0, R1, -R2", 0x00800001, 0x00800000, 0, 0x00000001},
        {"FADD.FTZ R0, R1, -R2", 0x00800001, 0x00800000, 0, 0},
        {"FADD.FTZ R0, -R1, R2", 0x00800001, 0x00800000, 0, 0x80000000},
        /* .SAT */
        {"FADD.SAT R0, R1, R2", ONE, ONE, 0, ONE},
        {"FADD.SAT R0, R1, R2", MINUS_ONE, HALF, 0, 0},
        {"FADD.SAT R0, R1, R2", QNAN, ONE, 0, 0},
        {"FADD.SAT R0, R1, R2", 0x80000000, 0x80000000, 0, 0},
        {"FADD.SAT R0, R1, R2", INF, ONE, 0, ONE},
        {"FADD.SAT R0, R1, R2", 0x3e800000, 0, 0, 0x3e800000},
        /* immediate, UR, constant */
        {"FADD.SAT R0, R1, -0.5", 0x3fa00000, 0, 0, 0x3f400000},
        {"FADD R0, R1, 0x3f800000", ONE, 0, 0, TWO},
        {"FADD.RM R0, R1, -UR5", ONE, ONE, 0, 0x80000000},
        {"FADD R0, -|R1|, c[0x1][0x10]", 0xc0000000, THREE, 0, ONE},
        {"FADD R0, R1, -|c[0x1][0x10]|", THREE, MINUS_ONE, 0, TWO},
    };
    RUN(cases);
}

static void fmul(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"FMUL R0, R1, R2", ONE_HALF, TWO, 0, THREE},
        {"FMUL R0, -R1, R1", ONE_HALF, 0, 0, 0xc0100000},
        {"FMUL R0, R1, R2", MINUS_ONE, 0, 0, 0x80000000},
        {"FMUL R0, R1, R2", INF, 0, 0, QNAN},
        {"FMUL R0, R1, R2", INF, MINUS_ONE, 0, 0xff800000},
        /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 */
        {"FMUL R0, R1, R1", 0x3f800001, 0, 0, 0x3f800002},
        {"FMUL.RP R0, R1, R1", 0x3f800001, 0, 0, 0x3f800003},
        {"FMUL.RZ R0, R1, R2", MAX, TWO, 0, MAX},
        {"FMUL.RP R0, R1, -R2", MAX, TWO, 0, 0xff7fffff},
        {"FMUL R0, R1, R2", 0x00800000, HALF, 0, 0x00400000},
        {"FMUL.FTZ R0, R1, R2", 0x00800000, HALF, 0, 0},
        {"FMUL.FTZ R0, R1, -R2", 0x00800000, HALF, 0, 0x80000000},
        {"FMUL.FTZ R0, R1, R2", 0x00400000, INF, 0, QNAN}, /* flushed input: 0 * Inf */
        {"FMUL.RP.SAT R0, |R1|, 0.125", 0xc1800000, 0, 0, ONE},
        {"FMUL.SAT R0, R1, R2", ONE_HALF, MINUS_ONE, 0, 0},
        {"FMUL R0, R1, -c[0x1][0x10]", TWO, ONE_HALF, 0, 0xc0400000},
        {"FMUL R0, R1, |UR5|", TWO, 0xbfc00000, 0, THREE},
    };
    RUN(cases);
}

static void ffma(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"FFMA R0, R1, R2, R3", ONE_HALF, TWO, ONE, 0x40800000},
        /* one rounding: (1 + 2^-23)^2 - 1 = 2^-22 + 2^-46, a tie */
        {"FFMA R0, R1, R1, -R2", 0x3f800001, ONE, 0, 0x34800000},
        {"FFMA.RP R0, R1, R1, -R2", 0x3f800001, ONE, 0, 0x34800001},
        {"FFMA.RM R0, -R1, R1, R2", 0x3f800001, ONE, 0, 0xb4800001},
        {"FFMA.RZ R0, -R1, R1, R2", 0x3f800001, ONE, 0, 0xb4800000},
        /* zero signs, specials */
        {"FFMA R0, R1, R2, -R3", ONE, ONE, ONE, 0},
        {"FFMA.RM R0, R1, R2, -R3", ONE, ONE, ONE, 0x80000000},
        {"FFMA R0, -R1, R2, -R3", 0, ONE, 0, 0x80000000},
        {"FFMA R0, R1, R2, R3", 0, INF, 0x7fc00000, QNAN},
        {"FFMA R0, R1, R2, -R3", INF, ONE, INF, QNAN},
        {"FFMA R0, R1, R2, R3", INF, ONE, INF, INF},
        {"FFMA R0, R1, R2, R3", MAX, TWO, 0xff800000, 0xff800000},
        {"FFMA R0, R1, R2, -R3", MAX, TWO, MAX, MAX}, /* exact product, no overflow */
        /* .FTZ, .SAT */
        {"FFMA R0, R1, R2, RZ", 0x00800000, HALF, 0, 0x00400000},
        {"FFMA.FTZ R0, R1, R2, R3", 0x00800000, HALF, 0x80000000, 0},
        {"FFMA.FTZ R0, R1, R2, R3", 0x00000001, TWO, ONE, ONE},
        {"FFMA.FTZ.RP R0, -R1, |R2|, -R3", ONE, MINUS_ONE, ONE, 0xc0000000},
        {"FFMA.SAT R0, R1, R2, R3", ONE, TWO, MINUS_ONE, ONE},
        {"FFMA.SAT R0, R1, R2, R3", QNAN, TWO, MINUS_ONE, 0},
        /* every source form */
        {"FFMA R0, R1, R2, -1.25", TWO, ONE, 0, 0x3f400000},
        {"FFMA R0, R1, 0.5, R3", TWO, 0, ONE, TWO},
        {"FFMA R0, R1, UR5, R3", TWO, THREE, ONE, 0x40e00000},
        {"FFMA.RZ R0, R1, R2, -UR5", TWO, THREE, 0, THREE},
        {"FFMA R0, R1, R3, c[0x1][0x10]", TWO, ONE, THREE, 0x40e00000},
        {"FFMA R0, R1, R2, -|c[0x1][0x14]|", TWO, ONE, MINUS_ONE, ONE},
        {"FFMA.SAT R0, R1, c[0x1][0x10], R3", HALF, ONE, 0, HALF},
        {"FFMA R0, R1, -|c[0x1][0x10]|, R3", TWO, MINUS_ONE, THREE, ONE},
    };
    RUN(cases);
}

static void fmnmx(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        {"FMNMX R0, R1, R2, PT", ONE, TWO, 0, ONE},
        {"FMNMX R0, R1, R2, !PT", ONE, TWO, 0, TWO},
        {"FMNMX R0, R1, R2, PT", 0, 0x80000000, 0, 0x80000000},
        {"FMNMX R0, R1, R2, !PT", 0x80000000, 0, 0, 0},
        {"FMNMX R0, R1, R2, PT", 0xff800000, MAX, 0, 0xff800000},
        {"FMNMX R0, R1, R2, PT", 0x7fc00000, TWO, 0, TWO},
        {"FMNMX R0, R1, R2, !PT", TWO, 0xffc00001, 0, TWO},
        {"FMNMX R0, R1, R2, PT", 0x7fc00000, 0x7f800001, 0, QNAN},
        {"FMNMX.NAN R0, R1, R2, PT", 0x7fc00000, TWO, 0, QNAN},
        {"FMNMX.NAN R0, R1, R2, !PT", ONE, TWO, 0, TWO},
        {"FMNMX R0, R1, R2, !PT", 0x00000001, 0x80000000, 0, 0x00000001},
        {"FMNMX.FTZ R0, R1, R2, !PT", 0x00000002, 0x80000000, 0, 0},
        {"FMNMX.FTZ R0, R1, R2, PT", 0x80000002, 0, 0, 0x80000000},
        {"FMNMX.FTZ.NAN R0, -|R1|, 1.5, PT", TWO, 0, 0, 0xc0000000},
        {"FMNMX R0, R1, c[0x1][0x10], !PT", ONE, THREE, 0, THREE},
        {"FMNMX.NAN R0, |R1|, -UR5, PT", MINUS_ONE, TWO, 0, 0xc0000000},
    };
    RUN(cases);
}


static void fsetp_every_comparison(void **state)
{
    (void)state;
    static const struct {
        const char *mods;
        uint32_t a, b;
        enum relation rel;
    } inputs[] = {
        {"", ONE, TWO, REL_LT},
        {"", TWO, TWO, REL_EQ},
        {"", THREE, TWO, REL_GT},
        {"", 0x7fc00000, TWO, REL_UN},
        {"", ONE, 0xff800001, REL_UN},
        {"", 0x80000000, 0, REL_EQ},
        {"", 0xff800000, INF, REL_LT},
        {"", 0x00000001, 0x80000000, REL_GT},
        {".FTZ", 0x00000001, 0x80000000, REL_EQ},
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        for (int cmp = 0; cmp < 14; cmp++) {
            bool t = th_fcmp_truth(cmp, inputs[i].rel);
            char src[512];
            snprintf(src, sizeof src,
                     ".init R1 0x%x\n.init R2 0x%x\n"
                     "FSETP%s.%s.AND P1, P2, R1, R2, PT ;\n EXIT ;\n"
                     ".expect P1 %d\n.expect P2 %d\n",
                     inputs[i].a, inputs[i].b, inputs[i].mods, TH_FCMP_NAMES[cmp], t, !t);
            th_run_t r = th_run_pass(src);
            th_free(&r);
        }
}

static void fsetp_lop_and_sources(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        ".init P0 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n"
        ".init R1 0x3f800000\n.init R2 0x40000000\n.init UR5 0xbf800000\n"
        ".const 0 0x10 0x40000000\n"
        "FSETP.LT.AND P1, P2, R1, R2, P0 ;\n"        /* t = 1 */
        "FSETP.LT.OR P3, P4, R1, R2, !P0 ;\n"        /* t = 1 */
        "FSETP.LT.XOR P5, R1, c[0x0][0x10], P0 ;\n"  /* t = 1, pv omitted */
        "FSETP.EQ.AND P6, PT, R1, -UR5, PT ;\n"      /* 1 == 1 */
        "EXIT ;\n.expect P6 1\n");
    for (unsigned l = 0; l < 32; l++) {
        bool p0 = l & 1;
        assert_int_equal((gm_pred_mask(r.model, 0, 1) >> l) & 1, p0);
        assert_int_equal((gm_pred_mask(r.model, 0, 2) >> l) & 1, 0);
        assert_int_equal((gm_pred_mask(r.model, 0, 3) >> l) & 1, 1);
        assert_int_equal((gm_pred_mask(r.model, 0, 4) >> l) & 1, !p0);
        assert_int_equal((gm_pred_mask(r.model, 0, 5) >> l) & 1, !p0);
    }
    th_free(&r);
    th_run_t r2 = th_run_pass(".init R1 0xbf800000\n"
                              "FSETP.FTZ.GEU.OR P1, P2, -|R1|, 0.5, !PT ;\n EXIT ;\n"
                              ".expect P1 0\n.expect P2 1\n");
    th_free(&r2);
}

static void lrp(void **state)
{
    (void)state;
    static const r0_case cases[] = {
        /* R0 = R2 * R1 + R3 * (1 - R1) */
        {"LRP R0, R1, R2, R3", HALF, TWO, 0x40800000, THREE},
        {"LRP R0, R1, R2, R3", 0, 0x12345678, 0x40490fdb, 0x40490fdb}, /* a = 0: c */
        {"LRP R0, R1, R2, R3", ONE, 0x40490fdb, 0x12345678, 0x40490fdb}, /* a = 1: b */
        {"LRP R0, R1, R2, R3", ONE, 0x80000000, 0x40a00000, 0},            /* b + (+0.0) */
        {"LRP R0, R1, R2, R3", 0, 0x12345678, 0x00000001, 0x00000001},     /* no flush */
        {"LRP R0, R1, R2, R3", 0, INF, TWO, QNAN},                         /* 0 * Inf */
        {"LRP R0, R1, R2, R3", 0x7fc00000, ONE, TWO, QNAN},
        {"LRP.SAT R0, R1, R2, R3", 0x7fc00000, ONE, TWO, 0},
        {"LRP.SAT R0, R1, 1, R3", HALF, 0, THREE, ONE},
        /* two roundings, both to nearest: 0.1 * 3 + 0.7 * (1 - 0.1) */
        {"LRP R0, R1, R2, R3", 0x3dcccccd, THREE, 0x3f333333, 0x3f6e147b},
        {"LRP R0, R1, R2, 0.25", HALF, ONE, 0, 0x3f200000},
        {"LRP R0, R1, 2, R3", HALF, 0, ONE, ONE_HALF},
        {"LRP R0, R1, UR5, R3", HALF, THREE, ONE, TWO},
        {"LRP.SAT R0, R1, R3, UR5", HALF, THREE, ONE, ONE},
        {"LRP R0, R1, c[0x1][0x10], R3", HALF, THREE, ONE, TWO},
        {"LRP R0, R1, R2, c[0x1][0x14]", HALF, THREE, ONE, TWO},
    };
    RUN(cases);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fadd),
        cmocka_unit_test(fmul),
        cmocka_unit_test(ffma),
        cmocka_unit_test(fmnmx),
        cmocka_unit_test(fsetp_every_comparison),
        cmocka_unit_test(fsetp_lop_and_sources),
        cmocka_unit_test(lrp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
