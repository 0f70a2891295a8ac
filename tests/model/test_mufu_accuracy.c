/* Model: MUFU accuracy against an independent reference, the C library's
 * double-precision functions (53 bits; the model works in long double).
 *
 * Every legal (function, dtype) pair: all 65536 inputs for F16/BF16 (through
 * .H0, .H1 and both halves of _V2), a sweep of F32 bit patterns (every
 * F32_STRIDE-th, a prime, so all exponents and low-bit patterns occur) and of
 * F64 upper words. The error of a result is |result - reference| in ulps of
 * the destination format at the reference's magnitude. The model claims
 * correct rounding (<= 0.5 ulp) up to its long double working precision; the
 * check allows 0.5 ulp + 2^-20 for the reference's own error. NaN, infinite
 * and zero results must match exactly (canonical QNAN, signs). The maximum
 * error seen per function is printed. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"

#define LANES 32
#define IN_REGS 127 /* R0..R126 in, R127..R253 out */
#define BATCH (IN_REGS * LANES)
#define F32_STRIDE 4093u /* ~1.05 million patterns per F32 function */
#define F64_STRIDE 16411u /* ~262 thousand upper words */
#define ULP_BOUND (0.5 + 0x1p-20)

typedef struct {
    const char *name;
    unsigned exp_bits, frac_bits;
} format;

static const format FMT_F32 = {"F32", 8, 23};
static const format FMT_F16 = {"F16", 5, 10};
static const format FMT_BF16 = {"BF16", 8, 7};
static const format FMT_F64 = {"F64", 11, 20}; /* the upper word of a double */

/* ---- reading the formats (independent of the model's code) ---- */

static double decode(const format *f, uint32_t x)
{
    if (f == &FMT_F32) {
        float v;
        memcpy(&v, &x, 4);
        return v;
    }
    if (f == &FMT_BF16) {
        uint32_t w = x << 16;
        float v;
        memcpy(&v, &w, 4);
        return v;
    }
    if (f == &FMT_F64) {
        uint64_t w = (uint64_t)x << 32;
        double v;
        memcpy(&v, &w, 8);
        return v;
    }
    int e = (int)((x >> 10) & 0x1F);
    double m = x & 0x3FF;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return (x & 0x8000) ? -v : v;
}

static uint32_t sign_bit(const format *f)
{
    return 1u << (f->exp_bits + f->frac_bits);
}

static bool is_subnormal(const format *f, uint32_t x)
{
    return ((x & (sign_bit(f) - 1)) >> f->frac_bits) == 0 && (x & ((1u << f->frac_bits) - 1));
}

/* Spacing of the format at |v| (finite v), subnormal spacing below the normals. */
static double ulp_at(const format *f, double v)
{
    int emin = 2 - (1 << (f->exp_bits - 1)), emax = (1 << (f->exp_bits - 1)) - 1, e;
    frexp(fabs(v), &e);
    e -= 1;
    e = e < emin ? emin : e > emax ? emax : e;
    return ldexp(1.0, e - (int)f->frac_bits);
}

static double max_finite(const format *f)
{
    int emax = (1 << (f->exp_bits - 1)) - 1;
    return ldexp(2.0 - ldexp(1.0, -(int)f->frac_bits), emax);
}

/* ---- reference functions ---- */

typedef struct {
    const char *name;
    double (*fn)(double);
} function;

static double rcp(double x) { return 1.0 / x; }
static double rsq(double x) { return 1.0 / sqrt(x); }

static const function FN_SIN = {"SIN", sin}, FN_COS = {"COS", cos}, FN_EX2 = {"EX2", exp2},
                      FN_LG2 = {"LG2", log2}, FN_RCP = {"RCP", rcp}, FN_RSQ = {"RSQ", rsq},
                      FN_SQRT = {"SQRT", sqrt}, FN_TANH = {"TANH", tanh};

typedef struct {
    double max_err;
    uint32_t worst_input;
    unsigned long checked, failures;
} stats;

static void fail_element(stats *st, const char *what, uint32_t in, uint32_t out, double ref,
                         const char *why)
{
    if (st->failures++ < 5)
        fprintf(stderr, "%s: input 0x%x -> 0x%x, reference %.17g: %s\n", what, in, out, ref, why);
}

/* Checks one element; `in` is the input as the function sees it. */
static void check_element(const char *what, const format *f, const function *fn, uint32_t in,
                          uint32_t out, stats *st)
{
    double x = decode(f, in);
    if (f == &FMT_F64 && is_subnormal(f, in))
        x = copysign(0.0, x); /* the .F64 tables: ±subnormal acts as ±0 */
    double ref = fn->fn(x), got = decode(f, out);
    st->checked++;
    if (isnan(ref)) {
        if (out != sign_bit(f) - 1)
            fail_element(st, what, in, out, ref, "not the canonical QNAN");
        return;
    }
    /* .F64 flushes results that round to a subnormal */
    double min_normal = ldexp(1.0, -1022);
    if (f == &FMT_F64 && fabs(ref) < min_normal - ulp_at(f, min_normal) / 2)
        ref = copysign(0.0, ref);
    if (isnan(got) || signbit(got) != signbit(ref)) {
        fail_element(st, what, in, out, ref, "NaN or wrong sign");
        return;
    }
    double err;
    if (isinf(got) || isinf(ref)) {
        double overflow = max_finite(f) + ulp_at(f, max_finite(f)) / 2;
        bool want_inf = fabs(ref) >= overflow * (1 - 0x1p-40);
        bool got_inf = isinf(got) != 0; /* isinf may return -1 for -Inf */
        err = got_inf == want_inf ? 0 : INFINITY; /* a correct overflow is exact */
    } else {
        err = fabs(got - ref) / ulp_at(f, ref);
    }
    if (err > st->max_err) {
        st->max_err = err;
        st->worst_input = in;
    }
    if (err > ULP_BOUND)
        fail_element(st, what, in, out, ref, "error above the bound");
}

/* ---- running MUFU over many inputs ---- */

/* Code of `MUFU.<op> R(127+i), R(i)<suffix>` for i < IN_REGS, then EXIT. */
static isa_kernel *assemble_batch_code(const char *op, const char *suffix)
{
    size_t cap = 64 * (IN_REGS + 2);
    char *src = malloc(cap);
    assert_non_null(src);
    size_t len = 0;
    for (unsigned i = 0; i < IN_REGS; i++)
        len += (size_t)snprintf(src + len, cap - len, "MUFU.%s R%u, R%u%s ;\n", op, IN_REGS + i, i,
                                suffix);
    snprintf(src + len, cap - len, "EXIT ;\n");
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("mufu.s", src, &k, stderr), 0);
    free(src);
    return k;
}

/* out[i] = Rd of MUFU.<op> with source in[i], i < count. */
static void run_mufu(const char *op, const char *suffix, const uint32_t *in, uint32_t *out,
                     size_t count)
{
    isa_kernel *code = assemble_batch_code(op, suffix);
    for (size_t base = 0; base < count; base += BATCH) {
        isa_kernel *k = isa_kernel_new();
        assert_non_null(k);
        assert_int_equal(isa_kernel_add_code(k, code->code, code->code_count), 0);
        uint32_t values[LANES];
        for (unsigned r = 0; r < IN_REGS; r++) {
            for (unsigned l = 0; l < LANES; l++) {
                size_t i = base + r * LANES + l;
                values[l] = i < count ? in[i] : in[0];
            }
            assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_GPR, r, values, LANES), 0);
        }
        char err[128];
        gm_model *m = gm_new(k, err, sizeof err);
        if (!m)
            fail_msg("gm_new: %s", err);
        if (gm_run(m, 1000) != GM_STEP_DONE)
            fail_msg("MUFU.%s: %s", op, gm_trap_message(m));
        for (unsigned r = 0; r < IN_REGS; r++)
            for (unsigned l = 0; l < LANES; l++) {
                size_t i = base + r * LANES + l;
                if (i < count)
                    out[i] = gm_gpr(m, 0, IN_REGS + r, l);
            }
        gm_destroy(&m);
        isa_kernel_destroy(&k);
    }
    isa_kernel_destroy(&code);
}

static void report(const char *what, const stats *st)
{
    printf("  MUFU.%-14s %8lu inputs, max error %.6f ulp (input 0x%x)\n", what, st->checked,
           st->max_err, st->worst_input);
    if (st->failures)
        fail_msg("MUFU.%s: %lu results outside the bound or wrong", what, st->failures);
}

/* ---- 16-bit formats: exhaustive ---- */

/* A bijection of the 16-bit values, to give the other _V2 half different inputs. */
static uint32_t scramble16(uint32_t x)
{
    return (x * 40503u + 7u) & 0xFFFFu;
}

static void check_16bit(const function *fn, const format *f)
{
    enum { N = 65536 };
    uint32_t *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out);
    assert_true(in && out);
    char what[48], op[48];
    stats st = {0};
    /* .H0 with junk above, .H1 with junk below: Rd[31:16] must be 0 */
    for (uint32_t x = 0; x < N; x++)
        in[x] = 0xA5A50000u | x;
    snprintf(op, sizeof op, "%s.%s", fn->name, f->name);
    run_mufu(op, ".H0", in, out, N);
    for (uint32_t x = 0; x < N; x++) {
        if (out[x] >> 16)
            fail_msg("MUFU.%s: Rd[31:16] = 0x%x for input 0x%x", op, out[x] >> 16, x);
        check_element(op, f, fn, x, out[x], &st);
    }
    for (uint32_t x = 0; x < N; x++)
        in[x] = x << 16 | 0x5A5Au;
    run_mufu(op, ".H1", in, out, N);
    for (uint32_t x = 0; x < N; x++) {
        if (out[x] >> 16)
            fail_msg("MUFU.%s.H1: Rd[31:16] = 0x%x for input 0x%x", op, out[x] >> 16, x);
        check_element(op, f, fn, x, out[x], &st);
    }
    snprintf(what, sizeof what, "%s", op);
    report(what, &st);
    stats st2 = {0};
    snprintf(op, sizeof op, "%s.%s_V2", fn->name, f->name);
    for (uint32_t x = 0; x < N; x++)
        in[x] = scramble16(x) << 16 | x;
    run_mufu(op, "", in, out, N);
    for (uint32_t x = 0; x < N; x++) {
        check_element(op, f, fn, x, out[x] & 0xFFFFu, &st2);
        check_element(op, f, fn, scramble16(x), out[x] >> 16, &st2);
    }
    report(op, &st2);
    free(in);
    free(out);
}

static void f16_ex2(void **state) { (void)state; check_16bit(&FN_EX2, &FMT_F16); }
static void f16_tanh(void **state) { (void)state; check_16bit(&FN_TANH, &FMT_F16); }
static void bf16_ex2(void **state) { (void)state; check_16bit(&FN_EX2, &FMT_BF16); }
static void bf16_tanh(void **state) { (void)state; check_16bit(&FN_TANH, &FMT_BF16); }

/* ---- 32-bit formats: sweeps ---- */

static void check_sweep(const function *fn, const format *f, uint32_t stride)
{
    size_t n = (size_t)(0x100000000ull / stride) + 1;
    uint32_t *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    assert_true(in && out);
    for (size_t i = 0; i < n; i++)
        in[i] = (uint32_t)(i * stride);
    char op[48];
    snprintf(op, sizeof op, "%s.%s", fn->name, f->name);
    run_mufu(op, "", in, out, n);
    stats st = {0};
    for (size_t i = 0; i < n; i++)
        check_element(op, f, fn, in[i], out[i], &st);
    report(op, &st);
    free(in);
    free(out);
}

static void f32_sin(void **state) { (void)state; check_sweep(&FN_SIN, &FMT_F32, F32_STRIDE); }
static void f32_cos(void **state) { (void)state; check_sweep(&FN_COS, &FMT_F32, F32_STRIDE); }
static void f32_ex2(void **state) { (void)state; check_sweep(&FN_EX2, &FMT_F32, F32_STRIDE); }
static void f32_lg2(void **state) { (void)state; check_sweep(&FN_LG2, &FMT_F32, F32_STRIDE); }
static void f32_rcp(void **state) { (void)state; check_sweep(&FN_RCP, &FMT_F32, F32_STRIDE); }
static void f32_rsq(void **state) { (void)state; check_sweep(&FN_RSQ, &FMT_F32, F32_STRIDE); }
static void f32_sqrt(void **state) { (void)state; check_sweep(&FN_SQRT, &FMT_F32, F32_STRIDE); }
static void f32_tanh(void **state) { (void)state; check_sweep(&FN_TANH, &FMT_F32, F32_STRIDE); }
static void f64_rcp(void **state) { (void)state; check_sweep(&FN_RCP, &FMT_F64, F64_STRIDE); }
static void f64_rsq(void **state) { (void)state; check_sweep(&FN_RSQ, &FMT_F64, F64_STRIDE); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f16_ex2),  cmocka_unit_test(f16_tanh), cmocka_unit_test(bf16_ex2),
        cmocka_unit_test(bf16_tanh), cmocka_unit_test(f32_sin), cmocka_unit_test(f32_cos),
        cmocka_unit_test(f32_ex2),  cmocka_unit_test(f32_lg2),  cmocka_unit_test(f32_rcp),
        cmocka_unit_test(f32_rsq),  cmocka_unit_test(f32_sqrt), cmocka_unit_test(f32_tanh),
        cmocka_unit_test(f64_rcp),  cmocka_unit_test(f64_rsq),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
