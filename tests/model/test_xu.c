/* Model: group XU (isa/spec/xu.isa). Every MUFU special-value row for every
 * dtype it applies to, chosen finite values, neg/abs/.hsel/.SAT, and vectors
 * for POPC, FLO, BREV, BMSK, SGXT including the spec's examples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"

#define LANES 32

/* ---- running one instruction over per-lane inputs ---- */





/* Runs `insn` with R0 = a[lane] and R2 = b[lane] (lanes n.. repeat lane 0)
 * and checks that R1 == want[lane] in lanes 0..n-1. */
static void check_rd(const char *insn, const uint32_t *a, const uint32_t *b, const uint32_t *want,
                     unsigned n)
{
    uint32_t ra[LANES], rb[LANES];
    for (unsigned l = 0; l < LANES; l++) {
        ra[l] = a[l < n ? l : 0];
        rb[l] = b ? b[l < n ? l : 0] : 0;
    }
    th_src s = {.len = 0};
    th_add_lanes(&s, ".init R0", ra);
    th_add_lanes(&s, ".init R2", rb);
    th_add(&s, "%s ;\nEXIT ;\n", insn);
    th_run_t r = th_run_pass(s.text);
    for (unsigned l = 0; l < n; l++) {
        uint32_t got = gm_gpr(r.model, 0, 1, l);
        if (got != want[l])
            fail_msg("%s: lane %u, R0 = 0x%x, R2 = 0x%x: expected 0x%x, got 0x%x", insn, l, ra[l],
                     rb[l], want[l], got);
    }
    th_free(&r);
}

/* ---- MUFU special values ---- */

/* Inputs and outputs of the spec tables, named by kind; bits per format below. */
enum kind {
    K_NINF, K_PINF, K_NZERO, K_PZERO, K_NAN, K_NEG, K_NSUB, K_PSUB, /* inputs */
    K_QNAN, K_ONE, K_NEG_ONE,                                        /* outputs only */
    K_COUNT
};

typedef struct {
    const char *name;      /* MUFU dtype */
    uint32_t bits[K_COUNT][4]; /* up to 4 encodings per kind, 0-terminated after the first */
    unsigned width;        /* 16 or 32 */
} format_values;

/* NaN inputs: quiet, signalling, negative, all ones; negatives: -1, -max, -subnormal. */
static const format_values F32 = {"F32",
    {[K_NINF] = {0xFF800000}, [K_PINF] = {0x7F800000}, [K_NZERO] = {0x80000000},
     [K_PZERO] = {0x00000000}, [K_NAN] = {0x7FC00000, 0x7F800001, 0xFFC00001, 0xFFFFFFFF},
     [K_NEG] = {0xBF800000, 0xFF7FFFFF, 0x80000001, 0x80400000}, [K_NSUB] = {0},
     [K_PSUB] = {0}, [K_QNAN] = {0x7FFFFFFF}, [K_ONE] = {0x3F800000},
     [K_NEG_ONE] = {0xBF800000}}, 32};
/* F64: the upper word of the double */
static const format_values F64 = {"F64",
    {[K_NINF] = {0xFFF00000}, [K_PINF] = {0x7FF00000}, [K_NZERO] = {0x80000000},
     [K_PZERO] = {0x00000000}, [K_NAN] = {0x7FF80000, 0x7FF00001, 0xFFF80001, 0xFFFFFFFF},
     [K_NEG] = {0xBFF00000, 0xFFEFFFFF, 0x80100000}, [K_NSUB] = {0x80000001, 0x800FFFFF},
     [K_PSUB] = {0x00000001, 0x00080000}, [K_QNAN] = {0x7FFFFFFF}, [K_ONE] = {0x3FF00000},
     [K_NEG_ONE] = {0xBFF00000}}, 32};
static const format_values F16 = {"F16",
    {[K_NINF] = {0xFC00}, [K_PINF] = {0x7C00}, [K_NZERO] = {0x8000}, [K_PZERO] = {0x0000},
     [K_NAN] = {0x7E00, 0x7C01, 0xFE01, 0xFFFF}, [K_NEG] = {0xBC00, 0xFBFF, 0x8001},
     [K_QNAN] = {0x7FFF}, [K_ONE] = {0x3C00}, [K_NEG_ONE] = {0xBC00}}, 16};
static const format_values BF16 = {"BF16",
    {[K_NINF] = {0xFF80}, [K_PINF] = {0x7F80}, [K_NZERO] = {0x8000}, [K_PZERO] = {0x0000},
     [K_NAN] = {0x7FC0, 0x7F81, 0xFFC1, 0xFFFF}, [K_NEG] = {0xBF80, 0xFF7F, 0x8001},
     [K_QNAN] = {0x7FFF}, [K_ONE] = {0x3F80}, [K_NEG_ONE] = {0xBF80}}, 16};

typedef struct {
    enum kind in, out;
} table_row;

#define ROWS(...) ((const table_row[]){__VA_ARGS__, {K_COUNT, K_COUNT}})
/* The tables of xu.isa, row by row. */
static const table_row *const SIN_ROWS =
    ROWS({K_NINF, K_QNAN}, {K_PINF, K_QNAN}, {K_NZERO, K_NZERO}, {K_PZERO, K_PZERO},
         {K_NAN, K_QNAN});
static const table_row *const COS_ROWS =
    ROWS({K_NINF, K_QNAN}, {K_PINF, K_QNAN}, {K_NZERO, K_ONE}, {K_PZERO, K_ONE}, {K_NAN, K_QNAN});
static const table_row *const EX2_ROWS =
    ROWS({K_NINF, K_PZERO}, {K_NZERO, K_ONE}, {K_PZERO, K_ONE}, {K_PINF, K_PINF}, {K_NAN, K_QNAN});
static const table_row *const LG2_ROWS =
    ROWS({K_NINF, K_QNAN}, {K_NEG, K_QNAN}, {K_NZERO, K_NINF}, {K_PZERO, K_NINF},
         {K_PINF, K_PINF}, {K_NAN, K_QNAN});
static const table_row *const RCP32_ROWS =
    ROWS({K_NINF, K_NZERO}, {K_NZERO, K_NINF}, {K_PZERO, K_PINF}, {K_PINF, K_PZERO},
         {K_NAN, K_QNAN});
static const table_row *const RCP64_ROWS =
    ROWS({K_NINF, K_NZERO}, {K_NSUB, K_NINF}, {K_NZERO, K_NINF}, {K_PZERO, K_PINF},
         {K_PSUB, K_PINF}, {K_PINF, K_PZERO}, {K_NAN, K_QNAN});
static const table_row *const RSQ32_ROWS =
    ROWS({K_NINF, K_QNAN}, {K_NEG, K_QNAN}, {K_NZERO, K_NINF}, {K_PZERO, K_PINF},
         {K_PINF, K_PZERO}, {K_NAN, K_QNAN});
/* includes "negative -> QNAN", the row the spec was missing for .F64 */
static const table_row *const RSQ64_ROWS =
    ROWS({K_NINF, K_QNAN}, {K_NEG, K_QNAN}, {K_NSUB, K_NINF}, {K_NZERO, K_NINF},
         {K_PZERO, K_PINF}, {K_PSUB, K_PINF}, {K_PINF, K_PZERO}, {K_NAN, K_QNAN});
static const table_row *const SQRT_ROWS =
    ROWS({K_NINF, K_QNAN}, {K_NEG, K_QNAN}, {K_NZERO, K_NZERO}, {K_PZERO, K_PZERO},
         {K_PINF, K_PINF}, {K_NAN, K_QNAN});
static const table_row *const TANH_ROWS =
    ROWS({K_NINF, K_NEG_ONE}, {K_NZERO, K_NZERO}, {K_PZERO, K_PZERO}, {K_PINF, K_ONE},
         {K_NAN, K_QNAN});

/* Expands the rows into lanes: every encoding of every input kind. */
static unsigned expand_rows(const format_values *f, const table_row *rows, uint32_t *in,
                            uint32_t *out)
{
    unsigned n = 0;
    for (const table_row *r = rows; r->in != K_COUNT; r++)
        for (unsigned k = 0; k < 4 && (k == 0 || f->bits[r->in][k]); k++) {
            in[n] = f->bits[r->in][k];
            out[n++] = f->bits[r->out][0];
        }
    assert_true(n <= LANES);
    return n;
}

/* Scalar 16-bit forms: the input in the selected half, junk in the other;
 * Rd[31:16] must come out 0. */
static void check_table_16(const char *op, const format_values *f, const table_row *rows)
{
    uint32_t in[LANES], out[LANES], lo[LANES] = {0}, hi[LANES] = {0};
    unsigned n = expand_rows(f, rows, in, out);
    char insn[96];
    for (unsigned l = 0; l < n; l++) {
        lo[l] = 0xABCD0000u | in[l];
        hi[l] = in[l] << 16 | 0x1234u;
    }
    snprintf(insn, sizeof insn, "MUFU.%s.%s R1, R0", op, f->name);
    check_rd(insn, lo, NULL, out, n);
    snprintf(insn, sizeof insn, "MUFU.%s.%s R1, R0.H0", op, f->name);
    check_rd(insn, lo, NULL, out, n);
    snprintf(insn, sizeof insn, "MUFU.%s.%s R1, R0.H1", op, f->name);
    check_rd(insn, hi, NULL, out, n);
    /* _V2: both halves, the high half holding the next row's input */
    uint32_t pair_in[LANES] = {0}, pair_out[LANES] = {0};
    for (unsigned l = 0; l < n; l++) {
        pair_in[l] = in[(l + 1) % n] << 16 | in[l];
        pair_out[l] = out[(l + 1) % n] << 16 | out[l];
    }
    snprintf(insn, sizeof insn, "MUFU.%s.%s_V2 R1, R0", op, f->name);
    check_rd(insn, pair_in, NULL, pair_out, n);
}

static void check_table_32(const char *op, const format_values *f, const table_row *rows)
{
    uint32_t in[LANES], out[LANES];
    unsigned n = expand_rows(f, rows, in, out);
    char insn[96];
    snprintf(insn, sizeof insn, "MUFU.%s.%s R1, R0", op, f->name);
    check_rd(insn, in, NULL, out, n);
}

static void mufu_special_values_f32(void **state)
{
    (void)state;
    check_table_32("SIN", &F32, SIN_ROWS);
    check_table_32("COS", &F32, COS_ROWS);
    check_table_32("EX2", &F32, EX2_ROWS);
    check_table_32("LG2", &F32, LG2_ROWS);
    check_table_32("RCP", &F32, RCP32_ROWS);
    check_table_32("RSQ", &F32, RSQ32_ROWS);
    check_table_32("SQRT", &F32, SQRT_ROWS);
    check_table_32("TANH", &F32, TANH_ROWS);
}

static void mufu_special_values_f64(void **state)
{
    (void)state;
    check_table_32("RCP", &F64, RCP64_ROWS);
    check_table_32("RSQ", &F64, RSQ64_ROWS);
}

static void mufu_special_values_16(void **state)
{
    (void)state;
    check_table_16("EX2", &F16, EX2_ROWS);
    check_table_16("TANH", &F16, TANH_ROWS);
    check_table_16("EX2", &BF16, EX2_ROWS);
    check_table_16("TANH", &BF16, TANH_ROWS);
}

#define N_OF(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

/* Finite values whose correctly rounded result is known independently. */
static void mufu_finite_values(void **state)
{
    (void)state;
    /* SIN/COS(fl(pi/2)), EX2(3), LG2(8), LG2(3), RCP(4), RCP(3), RSQ(4), SQRT(2), TANH(1) */
    check_rd("MUFU.SIN.F32 R1, R0", (uint32_t[]){0x3FC90FDB, 0x40000000}, NULL,
             (uint32_t[]){0x3F800000, 0x3F68C7B7}, 2);
    check_rd("MUFU.COS.F32 R1, R0", (uint32_t[]){0x3FC90FDB}, NULL, (uint32_t[]){0xB33BBD2E}, 1);
    check_rd("MUFU.EX2.F32 R1, R0", (uint32_t[]){0x40400000, 0xC3150000, 0xC3160000, 0x43000000},
             NULL, (uint32_t[]){0x41000000, 0x00000001, 0x00000000, 0x7F800000}, 4);
    check_rd("MUFU.LG2.F32 R1, R0", (uint32_t[]){0x41000000, 0x40400000, 0x00000001, 0x3F800000},
             NULL, (uint32_t[]){0x40400000, 0x3FCAE00D, 0xC3150000, 0x00000000}, 4);
    /* RCP: subnormal inputs are not flushed: 1/2^-127 = 2^127, 1/2^-149 overflows */
    check_rd("MUFU.RCP.F32 R1, R0", (uint32_t[]){0x40800000, 0x40400000, 0x00400000, 0x00000001},
             NULL, (uint32_t[]){0x3E800000, 0x3EAAAAAB, 0x7F000000, 0x7F800000}, 4);
    check_rd("MUFU.RSQ.F32 R1, R0", (uint32_t[]){0x40800000, 0x00000001}, NULL,
             (uint32_t[]){0x3F000000, 0x64B504F3}, 2);
    /* the spec's example: MUFU.SQRT.F32 R7, R0 ; // R7 = sqrt(R0) */
    th_run_t r = th_run_pass(".init R0 0x40000000\nMUFU.SQRT.F32 R7, R0 ;\nEXIT ;\n"
                             ".expect R7 0x3FB504F3\n");
    th_free(&r);
    check_rd("MUFU.SQRT.F32 R1, R0", (uint32_t[]){0x40800000, 0x00000001}, NULL,
             (uint32_t[]){0x40000000, 0x1A3504F3}, 2);
    check_rd("MUFU.TANH.F32 R1, R0", (uint32_t[]){0x3F800000, 0xBF800000}, NULL,
             (uint32_t[]){0x3F42F7D6, 0xBF42F7D6}, 2);
    /* 16-bit: EX2(0.5) = sqrt 2, TANH(1), subnormal and overflowing EX2 */
    check_rd("MUFU.EX2.F16 R1, R0", (uint32_t[]){0x3800, 0xCE00, 0x4C00, 0x3C00}, NULL,
             (uint32_t[]){0x3DA8, 0x0001, 0x7C00, 0x4000}, 4);
    check_rd("MUFU.TANH.F16 R1, R0", (uint32_t[]){0x3C00, 0xBC00}, NULL,
             (uint32_t[]){0x3A18, 0xBA18}, 2);
    check_rd("MUFU.EX2.BF16 R1, R0", (uint32_t[]){0x3F00, 0x4000}, NULL,
             (uint32_t[]){0x3FB5, 0x4080}, 2);
    check_rd("MUFU.TANH.BF16 R1, R0", (uint32_t[]){0x3F80}, NULL, (uint32_t[]){0x3F43}, 1);
    check_rd("MUFU.EX2.BF16_V2 R1, R0", (uint32_t[]){0x40003F00}, NULL, (uint32_t[]){0x40803FB5},
             1);
}

/* .F64 reads and writes the upper word; the result is rounded to that word. */
static void mufu_f64_upper_word(void **state)
{
    (void)state;
    /* 1/1, 1/2, 1/3 (..5555 rounds down), 1/7 (..2492|92492492 rounds up),
     * 1/2^1022 = 2^-1022, 1/2^1023 is subnormal: flushed to +0, -2^1023 to -0 */
    check_rd("MUFU.RCP.F64 R1, R0",
             (uint32_t[]){0x3FF00000, 0x40000000, 0x40080000, 0x401C0000, 0x7FD00000, 0x7FE00000,
                          0xFFE00000},
             NULL,
             (uint32_t[]){0x3FF00000, 0x3FE00000, 0x3FD55555, 0x3FC24925, 0x00100000, 0x00000000,
                          0x80000000},
             7);
    /* 1/sqrt(4) = 0.5, 1/sqrt(2) = 0x3FE6A09E|667F3BCD -> 0x3FE6A09E */
    check_rd("MUFU.RSQ.F64 R1, R0", (uint32_t[]){0x40100000, 0x40000000}, NULL,
             (uint32_t[]){0x3FE00000, 0x3FE6A09E}, 2);
    /* |x| and -x act on the sign bit of the upper word */
    check_rd("MUFU.RCP.F64 R1, -|R0|", (uint32_t[]){0x40000000, 0xC0000000}, NULL,
             (uint32_t[]){0xBFE00000, 0xBFE00000}, 2);
    check_rd("MUFU.RSQ.F64 R1, |R0|", (uint32_t[]){0xC0100000, 0x80000000}, NULL,
             (uint32_t[]){0x3FE00000, 0x7FF00000}, 2);
}

static void mufu_modifiers(void **state)
{
    (void)state;
    /* abs first, then negation; also on zeros and NaN (NaN stays canonical) */
    check_rd("MUFU.RCP.F32 R1, -R0", (uint32_t[]){0x00000000, 0x40800000, 0x7FC00000}, NULL,
             (uint32_t[]){0xFF800000, 0xBE800000, 0x7FFFFFFF}, 3);
    check_rd("MUFU.RCP.F32 R1, |R0|", (uint32_t[]){0x80000000, 0xC0800000}, NULL,
             (uint32_t[]){0x7F800000, 0x3E800000}, 2);
    check_rd("MUFU.RCP.F32 R1, -|R0|", (uint32_t[]){0x7F800000, 0xC0800000}, NULL,
             (uint32_t[]){0x80000000, 0xBE800000}, 2);
    check_rd("MUFU.SQRT.F32 R1, -R0", (uint32_t[]){0xC0800000}, NULL, (uint32_t[]){0x40000000}, 1);
    /* .SAT: clamp to [+0, 1]; NaN, -0.0 and negatives give +0.0 */
    check_rd("MUFU.EX2.F32.SAT R1, R0",
             (uint32_t[]){0x3F800000, 0xBF800000, 0xFF800000, 0x7F800000, 0x7FC00000}, NULL,
             (uint32_t[]){0x3F800000, 0x3F000000, 0x00000000, 0x3F800000, 0x00000000}, 5);
    check_rd("MUFU.SIN.F32.SAT R1, R0", (uint32_t[]){0x80000000, 0xBF800000, 0x3FC90FDB}, NULL,
             (uint32_t[]){0x00000000, 0x00000000, 0x3F800000}, 3);
    check_rd("MUFU.LG2.F32.SAT R1, R0", (uint32_t[]){0xBF800000, 0x40000000, 0x3FB504F3}, NULL,
             (uint32_t[]){0x00000000, 0x3F800000, 0x3EFFFFFF}, 3);
    /* the sources: immediate (raw bits), UR, constant */
    th_run_t r = th_run_pass(".init UR3 0x3C000000\n.const 0 0x10 0x40800000\n"
                             "MUFU.RCP.F32 R1, 0x40000000 ;\n"
                             "MUFU.EX2.F16 R2, UR3.H1 ;\n"
                             "MUFU.RSQ.F32 R3, -|c[0x0][0x10]| ;\n"
                             "MUFU.EX2.F16_V2 R4, 0x3c00, 0x4000 ;\n"
                             "MUFU.EX2.F16 R5, 0xABCD3c00 ;\n"
                             "EXIT ;\n"
                             ".expect R1 0x3F000000\n.expect R2 0x4000\n.expect R3 0x7FFFFFFF\n"
                             ".expect R4 0x40004400\n.expect R5 0x4000\n");
    th_free(&r);
}

/* Only lanes that execute write Rd. */
static void mufu_guarded_lanes(void **state)
{
    (void)state;
    th_run_t r = th_run_pass(
        ".init P0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0\n"
        ".init R0 0x40800000\n.init R1 0x55\n@P0 MUFU.SQRT.F32 R1, R0 ;\nEXIT ;\n"
        ".expect R1 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 "
        "0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 "
        "0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 0x40000000 0x55 "
        "0x40000000 0x55\n");
    th_free(&r);
}

/* ---- integer XU ---- */

static void popc(void **state)
{
    (void)state;
    uint32_t in[] = {0, 1, 0xFFFFFFFF, 0x80000000, 0xF0F0F0F0, 0x12345678};
    check_rd("POPC R1, R0", in, NULL, (uint32_t[]){0, 1, 32, 1, 16, 13}, N_OF(in));
    check_rd("POPC R1, ~R0", in, NULL, (uint32_t[]){32, 31, 0, 31, 16, 19}, N_OF(in));
    /* the spec's example, and the other source kinds */
    th_run_t r = th_run_pass(".init R1 0x7\n.init UR2 0xFF00\n.const 0 0x8 0xFFFFFFFE\n"
                             "POPC R0, R1;\nPOPC R3, 0x3 ;\nPOPC R4, ~UR2 ;\n"
                             "POPC R5, c[0x0][0x8] ;\nEXIT ;\n"
                             ".expect R0 3\n.expect R3 2\n.expect R4 24\n.expect R5 31\n");
    th_free(&r);
}

static void flo(void **state)
{
    (void)state;
    uint32_t in[] = {0, 1, 0x80000000, 0xFFFFFFFF, 0x7FFFFFFF, 0xFFFF0000, 0x00012345, 0xFFFFFFFE};
    /* .S32: highest bit differing from the sign; none for 0 and -1 */
    check_rd("FLO R1, R0", in, NULL,
             (uint32_t[]){0xFFFFFFFF, 0, 30, 0xFFFFFFFF, 30, 15, 16, 0}, N_OF(in));
    check_rd("FLO.S32.SH R1, R0", in, NULL,
             (uint32_t[]){0xFFFFFFFF, 31, 1, 0xFFFFFFFF, 1, 16, 15, 31}, N_OF(in));
    check_rd("FLO.U32 R1, R0", in, NULL, (uint32_t[]){0xFFFFFFFF, 0, 31, 31, 30, 31, 16, 31},
             N_OF(in));
    check_rd("FLO.U32.SH R1, R0", in, NULL, (uint32_t[]){0xFFFFFFFF, 31, 0, 0, 1, 0, 15, 0},
             N_OF(in));
    check_rd("FLO.U32 R1, ~R0", in, NULL,
             (uint32_t[]){31, 31, 30, 0xFFFFFFFF, 31, 15, 31, 0}, N_OF(in));
    /* the spec's examples */
    th_run_t r = th_run_pass(".init R1 0x100\nFLO R0, R1;\nFLO.U32.SH R1, RZ;\nEXIT ;\n"
                             ".expect R0 8\n.expect R1 0xFFFFFFFF\n");
    th_free(&r);
}

static void brev(void **state)
{
    (void)state;
    uint32_t in[] = {0, 1, 0x80000000, 0xFFFFFFFF, 0x12345678, 0x0000FFFF};
    check_rd("BREV R1, R0", in, NULL,
             (uint32_t[]){0, 0x80000000, 1, 0xFFFFFFFF, 0x1E6A2C48, 0xFFFF0000}, N_OF(in));
    /* the spec's example: BREV R0, R1; // R0[i] = R1[31-i] */
    th_run_t r = th_run_pass(".init R1 0x3\nBREV R0, R1;\nBREV R2, 0x6 ;\nEXIT ;\n"
                             ".expect R0 0xC0000000\n.expect R2 0x60000000\n");
    th_free(&r);
}

static void bmsk(void **state)
{
    (void)state;
    /* (Ra, SrcB): zero width, full width, clipping at bit 31, Ra >= 32, big SrcB */
    uint32_t a[] = {0, 0, 4, 28, 31, 32, 0, 33, 5, 0xFFFFFFFF, 3};
    uint32_t b[] = {0, 32, 8, 8, 1, 1, 33, 2, 0xFFFFFFFF, 4, 0};
    check_rd("BMSK R1, R0, R2", a, b,
             (uint32_t[]){0, 0xFFFFFFFF, 0xFF0, 0xF0000000, 0x80000000, 0, 0xFFFFFFFF, 0,
                          0xFFFFFFE0, 0, 0},
             N_OF(a));
    /* .WRAP: both taken mod 32, so width 32 is 0 and Ra 33 is 1 */
    check_rd("BMSK.WRAP R1, R0, R2", a, b,
             (uint32_t[]){0, 0, 0xFF0, 0xF0000000, 0x80000000, 0x1, 0x1, 0x6, 0xFFFFFFE0,
                          0x80000000, 0},
             N_OF(a));
    /* the spec's example: BMSK R7, R7, R0 */
    th_run_t r = th_run_pass(".init R7 8\n.init R0 4\nBMSK R7, R7, R0 ;\nBMSK R1, R0, 0x3 ;\n"
                             "EXIT ;\n.expect R7 0xF00\n.expect R1 0x70\n");
    th_free(&r);
}

static void sgxt(void **state)
{
    (void)state;
    uint32_t a[] = {0x7, 0x3, 0xFFFF8000, 0x12345678, 0xDEADBEEF, 0xDEADBEEF, 0x80000000, 0x1};
    uint32_t b[] = {3, 3, 16, 0, 32, 40, 31, 1};
    check_rd("SGXT R1, R0, R2", a, b,
             (uint32_t[]){0xFFFFFFFF, 0x3, 0xFFFF8000, 0, 0xDEADBEEF, 0xDEADBEEF, 0, 0xFFFFFFFF},
             N_OF(a));
    check_rd("SGXT.U32 R1, R0, R2", a, b,
             (uint32_t[]){0x7, 0x3, 0x8000, 0, 0xDEADBEEF, 0xDEADBEEF, 0, 0x1}, N_OF(a));
    /* .WRAP: 32 -> 0, 40 -> 8 */
    check_rd("SGXT.WRAP R1, R0, R2", a, b,
             (uint32_t[]){0xFFFFFFFF, 0x3, 0xFFFF8000, 0, 0, 0xFFFFFFEF, 0, 0xFFFFFFFF}, N_OF(a));
    check_rd("SGXT.WRAP.U32 R1, R0, R2", a, b,
             (uint32_t[]){0x7, 0x3, 0x8000, 0, 0, 0xEF, 0, 0x1}, N_OF(a));
    /* the spec's examples */
    th_run_t r = th_run_pass(".init R1 0x5\n.init R3 0x1234ABCD\n"
                             "SGXT     R0, R1, 0x3 ;\nSGXT.U32 R2, R3, 0x10;\nEXIT ;\n"
                             ".expect R0 0xFFFFFFFD\n.expect R2 0xABCD\n");
    th_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mufu_special_values_f32), cmocka_unit_test(mufu_special_values_f64),
        cmocka_unit_test(mufu_special_values_16),  cmocka_unit_test(mufu_finite_values),
        cmocka_unit_test(mufu_f64_upper_word),     cmocka_unit_test(mufu_modifiers),
        cmocka_unit_test(mufu_guarded_lanes),      cmocka_unit_test(popc),
        cmocka_unit_test(flo),                     cmocka_unit_test(brev),
        cmocka_unit_test(bmsk),                    cmocka_unit_test(sgxt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
