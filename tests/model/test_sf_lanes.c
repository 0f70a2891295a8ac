/* The whole-warp floating-point path (cosim/model/src/fp/sf_lanes.c) against
 * softfloat.h, element by element: every result bit must be the same.
 *
 * Default: for add, multiply and FMA in F16, BF16 and F32, every rounding
 * mode, with and without FTZ: random operands biased toward the hard cases
 * (near cancellation, rounding ties, the edges of the normal range,
 * specials), 2,000,000 elements per case (a tenth under AddressSanitizer;
 * FP_TEST_ITERATIONS sets it), in
 * every compiled copy of the loops (base and AVX2 where the CPU has it); and
 * the fallback when the host rounds upward.
 * --exhaustive [rn|rp|rm|rz]: every pair of binary16 operands for add, in
 * every rounding mode or the one named (2^32 elements a mode per copy of the
 * loops, softfloat asked once for x + y and y + x; CTest runs the four modes
 * as four tests, in parallel).
 * Prints "N elements, N mismatches"; exits 1 on a mismatch. */
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sf_lanes.h"

static const char *const OP_NAME[] = {"add", "mul", "fma"};
static const char *const FMT_NAME[] = {"f16", "bf16", "f32"};
static unsigned long long elements, mismatches;

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return *s;
}

static uint32_t reference(sf_op op, sf_format f, sf_mode m, uint32_t a, uint32_t b, uint32_t c)
{
    switch (op) {
    case SF_OP_ADD: return sf_add(f, f, a, b, m);
    case SF_OP_MUL: return sf_mul(f, a, b, m);
    case SF_OP_FMA: break;
    }
    return sf_fma(f, a, b, c, m);
}

static unsigned copies = 1; /* base, and AVX2 where the CPU has it */

/* Every copy of sf_lanes' loops on one batch, each element against want. */
static void check_against(sf_op op, sf_format f, sf_mode m, const uint32_t *a, const uint32_t *b,
                          const uint32_t *c, const uint32_t *want)
{
    uint32_t d[SF_LANES16];
    unsigned n = f == SF_F32 ? SF_LANES32 : SF_LANES16;
    for (unsigned k = 0; k < copies; k++) {
        sf_lanes_select(k ? SF_LANES_WIDE : SF_LANES_BASE);
        if (f == SF_F32)
            sf_lanes32(op, m, a, b, c, d);
        else
            sf_lanes16(op, f, m, a, b, c, d);
        for (unsigned i = 0; i < n; i++) {
            elements++;
            if (d[i] != want[i] && mismatches++ < 20)
                printf("MISMATCH (%s loops) %s %s rnd %d ftz %d: %08x %08x %08x: lanes %08x, "
                       "softfloat %08x\n",
                       k ? "AVX2" : "base", FMT_NAME[f], OP_NAME[op], m.rnd, m.flush_inputs, a[i],
                       b[i], op == SF_OP_FMA ? c[i] : 0, d[i], want[i]);
        }
    }
    sf_lanes_select(SF_LANES_AUTO);
}

/* One batch against softfloat, element by element; with also_commuted (add),
 * b + a too, against the same results: IEEE addition is commutative, so softfloat
 * is asked once per pair. */
static void check_batch(sf_op op, sf_format f, sf_mode m, const uint32_t *a, const uint32_t *b,
                        const uint32_t *c, bool also_commuted)
{
    uint32_t want[SF_LANES16];
    unsigned n = f == SF_F32 ? SF_LANES32 : SF_LANES16;
    for (unsigned i = 0; i < n; i++)
        want[i] = reference(op, f, m, a[i], b[i], op == SF_OP_FMA ? c[i] : 0);
    check_against(op, f, m, a, b, c, want);
    if (also_commuted)
        check_against(op, f, m, b, a, c, want);
}

static void check(sf_op op, sf_format f, sf_mode m, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
    check_batch(op, f, m, a, b, c, false);
}

/* A random operand of format f, often one of the hard kinds. */
static uint32_t operand(sf_format f, uint64_t *s)
{
    const sf_format_info *fi = sf_info(f);
    unsigned width = 1 + fi->exp_bits + fi->man_bits;
    uint64_t r = next(s);
    uint32_t sign = (uint32_t)(r >> 63) << (width - 1), man = (uint32_t)(r >> 8) & sf_man_mask(f);
    uint32_t all = sf_exp_all_ones(f), bias = (uint32_t)sf_exp_bias(f);
    switch (r % 8) {
    case 0: return (uint32_t)(r >> 16) & ((1u << (width - 1) << 1) - 1); /* any pattern */
    case 1: return sign | (all - 1 - (uint32_t)((r >> 40) % 3)) << fi->man_bits | man; /* huge */
    case 2: return sign | (uint32_t)(1 + (r >> 40) % 3) << fi->man_bits | man; /* tiny */
    case 3: return sign | man;                                          /* subnormal, zero */
    case 4: return sign | (man & 3u);                                   /* the smallest */
    default: return sign | (bias - 4 + (uint32_t)((r >> 40) % 9)) << fi->man_bits | man; /* near 1 */
    }
}

/* Operands whose exact result lies close to cancellation, a tie or a
 * rounding boundary: b (or c) derived from a's own rounding. */
static void operands(sf_op op, sf_format f, sf_mode m, uint64_t *s, uint32_t *a, uint32_t *b,
                     uint32_t *c)
{
    *a = operand(f, s), *b = operand(f, s), *c = operand(f, s);
    uint64_t r = next(s);
    uint32_t sign = sf_sign_mask(f);
    int nudge = (int)(r % 5) - 2;
    switch ((r >> 8) % 4) {
    case 0: /* a - a(+-ulps), or (a * b) - round(a * b)(+-ulps) */
        if (op == SF_OP_FMA)
            *c = (reference(SF_OP_MUL, f, m, *a, *b, 0) ^ sign) + (uint32_t)nudge;
        else if (op == SF_OP_ADD)
            *b = (*a ^ sign) + (uint32_t)nudge;
        break;
    case 1: /* b far below a: only sticky bits */
        if (op == SF_OP_ADD)
            *b = (*b & (sf_man_mask(f) | sign)) | (*a & ~(sf_man_mask(f) | sign)) >> 1;
        break;
    default: break;
    }
    *a &= (sign << 1) - 1, *b &= (sign << 1) - 1, *c &= (sign << 1) - 1;
}

static void random_cases(unsigned long iterations)
{
    uint64_t s = 0x2545f4914f6cdd1dull;
    for (sf_format f = SF_F16; f <= SF_F32; f++)
        for (sf_op op = SF_OP_ADD; op <= SF_OP_FMA; op++)
            for (int rnd = SF_RN; rnd <= SF_RZ; rnd++)
                for (int ftz = 0; ftz < 2; ftz++) {
                    sf_mode m = {(sf_rounding)rnd, ftz, false};
                    unsigned n = f == SF_F32 ? SF_LANES32 : SF_LANES16;
                    uint32_t a[SF_LANES16], b[SF_LANES16], c[SF_LANES16];
                    for (unsigned long k = 0; k < iterations / n; k++) {
                        for (unsigned i = 0; i < n; i++)
                            operands(op, f, m, &s, &a[i], &b[i], &c[i]);
                        check(op, f, m, a, b, c);
                    }
                }
}

static const char *const MODE_NAME[] = {"rn", "rp", "rm", "rz"};

/* Every ordered pair of 16-bit operands of add in format f, in rounding
 * modes first..last: x + y and y + x for every y >= x (from x's block of
 * lanes on: a few pairs twice), softfloat asked once for both. */
static void exhaustive_add(sf_format f, int first, int last)
{
    uint32_t a[SF_LANES16], b[SF_LANES16];
    for (int rnd = first; rnd <= last; rnd++) {
        sf_mode m = {(sf_rounding)rnd, false, false};
        for (uint32_t x = 0; x < 0x10000; x++) {
            for (unsigned i = 0; i < SF_LANES16; i++)
                a[i] = x;
            for (uint32_t y = x & ~(uint32_t)(SF_LANES16 - 1); y < 0x10000; y += SF_LANES16) {
                for (unsigned i = 0; i < SF_LANES16; i++)
                    b[i] = y + i;
                check_batch(SF_OP_ADD, f, m, a, b, NULL, true);
            }
        }
        printf("%s add %s: every pair done\n", FMT_NAME[f], MODE_NAME[rnd]);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    bool full = argc > 1 && strcmp(argv[1], "--exhaustive") == 0;
    int first = SF_RN, last = SF_RZ;
    if (full && argc > 2) {
        for (first = SF_RN; first <= SF_RZ && strcmp(argv[2], MODE_NAME[first]) != 0; first++)
            ;
        if (first > SF_RZ) {
            fprintf(stderr, "usage: test_model_sf_lanes [--exhaustive [rn|rp|rm|rz]]\n");
            return 2;
        }
        last = first;
    }
    const char *env = getenv("FP_TEST_ITERATIONS");
    unsigned long iterations = env ? strtoul(env, NULL, 10) : 2000000;
#if defined(__SANITIZE_ADDRESS__)
    if (!env)
        iterations /= 10;
#endif
    if (!sf_lanes_host_ok()) {
        printf("the host's floating-point environment is not its default: nothing to test\n");
        return 77;
    }
    copies = sf_lanes_wide_available() ? 2 : 1;
    printf("loops: base%s\n", copies == 2 ? " and AVX2" : "");
    if (full)
        exhaustive_add(SF_F16, first, last);
    else
        random_cases(iterations);
    if (!full) { /* rounding upward: every element must go through softfloat */
        fesetround(FE_UPWARD);
        bool used = sf_lanes_host_ok();
        random_cases(iterations / 100);
        fesetround(FE_TONEAREST);
        if (used) {
            printf("MISMATCH: the host path was used while the host rounds upward\n");
            mismatches++;
        }
    }
    printf("%llu elements, %llu mismatches\n", elements, mismatches);
    return mismatches != 0;
}
