/* cosim/model: MUFU, the special-function unit (isa/spec/xu.isa).
 *
 * Algorithm, per 16- or 32-bit element:
 *  1. Decode the element in its format: F32, F16, BF16, or "F64H", the upper
 *     word of a double (1 sign, 11 exponent, 20 fraction bits; the lower word
 *     is zero), which is a binary format of its own.
 *  2. NaN, infinities, zeros, negatives where the function is undefined, and
 *     (.F64 only) subnormals take the spec's special-value rows.
 *  3. Any other input is converted exactly to long double, the function is
 *     evaluated there with the C library (sinl, cosl, exp2l, log2l, tanhl;
 *     RCP/SQRT as one IEEE division or square root, RSQ as 1/sqrtl), and the
 *     result is rounded ONCE to the element's format, round to nearest even,
 *     with gradual underflow and overflow to Inf. .F64 flushes a subnormal
 *     result to a zero of the same sign.
 *
 * Accuracy: the long double value carries at least 64 significant bits
 * (x86-64: 80-bit extended; binary128 elsewhere) and libm's error there is a
 * few of its ulps, so the element is the correctly rounded f(x) (error <= 0.5
 * ulp) unless f(x) lies within a few 2^-40 destination ulps of a rounding
 * midpoint; then it may be the other neighbour. Stated bound: error < 0.5 +
 * 2^-36 ulp against the exact f(x), i.e. never more than 1 ulp from (and
 * almost always equal to) the correctly rounded result. Only those
 * near-midpoint results could differ between C libraries. RCP and SQRT are
 * always correctly rounded (64 >= 2*24+2, so double rounding is innocuous).
 * tests/model/test_mufu_accuracy.c measures this against an independent
 * double-precision reference, exhaustively for F16/BF16.
 *
 * Subnormal F32/F16/BF16 inputs and results are ordinary values (no flush):
 * only the F64 tables list subnormals, so only .F64 flushes. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "exec.h"

void gm_op_mufu(gm_exec *ex);

typedef struct {
    unsigned exp_bits, frac_bits;
} fp_format;

static const fp_format FMT_F32 = {8, 23};
static const fp_format FMT_F16 = {5, 10};
static const fp_format FMT_BF16 = {8, 7};
static const fp_format FMT_F64H = {11, 20};

enum fp_class { FP_CLS_ZERO, FP_CLS_SUBNORMAL, FP_CLS_NORMAL, FP_CLS_INF, FP_CLS_NAN };

enum mufu_fn { MUFU_COS, MUFU_SIN, MUFU_EX2, MUFU_LG2, MUFU_RCP, MUFU_RSQ, MUFU_SQRT, MUFU_TANH };

static unsigned fmt_width(fp_format f)
{
    return 1 + f.exp_bits + f.frac_bits;
}

static uint32_t fmt_sign_bit(fp_format f)
{
    return 1u << (fmt_width(f) - 1);
}

static uint32_t fmt_exp_max(fp_format f)
{
    return (1u << f.exp_bits) - 1;
}

static int fmt_bias(fp_format f)
{
    return (int)(fmt_exp_max(f) >> 1);
}

/* The canonical QNAN: all bits but the sign (0x7FFFFFFF, 0x7FFF). */
static uint32_t fmt_qnan(fp_format f)
{
    return fmt_sign_bit(f) - 1;
}

static uint32_t fmt_inf(fp_format f, bool negative)
{
    return (negative ? fmt_sign_bit(f) : 0) | fmt_exp_max(f) << f.frac_bits;
}

static uint32_t fmt_zero(fp_format f, bool negative)
{
    return negative ? fmt_sign_bit(f) : 0;
}

static uint32_t fmt_one(fp_format f, bool negative)
{
    return (negative ? fmt_sign_bit(f) : 0) | (uint32_t)fmt_bias(f) << f.frac_bits;
}

static uint32_t field_exp(fp_format f, uint32_t x)
{
    return (x >> f.frac_bits) & fmt_exp_max(f);
}

static uint32_t field_frac(fp_format f, uint32_t x)
{
    return x & ((1u << f.frac_bits) - 1);
}

static enum fp_class classify(fp_format f, uint32_t x)
{
    uint32_t e = field_exp(f, x), m = field_frac(f, x);
    if (e == fmt_exp_max(f))
        return m ? FP_CLS_NAN : FP_CLS_INF;
    if (e == 0)
        return m ? FP_CLS_SUBNORMAL : FP_CLS_ZERO;
    return FP_CLS_NORMAL;
}

/* The exact value of a finite element. */
static long double decode(fp_format f, uint32_t x)
{
    uint32_t e = field_exp(f, x), m = field_frac(f, x);
    int scale = 1 - fmt_bias(f) - (int)f.frac_bits;
    long double v = e == 0 ? ldexpl((long double)m, scale)
                           : ldexpl((long double)(m | 1u << f.frac_bits), scale + (int)e - 1);
    return (x & fmt_sign_bit(f)) ? -v : v;
}

/* v rounded to nearest even in format f; gradual underflow, overflow to Inf. */
static uint32_t round_to_format(fp_format f, long double v)
{
    bool negative = signbit(v);
    long double a = fabsl(v);
    if (isinf(a))
        return fmt_inf(f, negative);
    if (a == 0)
        return fmt_zero(f, negative);
    int emin = 1 - fmt_bias(f), emax = fmt_bias(f), e2;
    frexpl(a, &e2);
    int exp = e2 - 1 < emin ? emin : e2 - 1; /* subnormals share emin's quantum */
    if (exp > emax)
        return fmt_inf(f, negative);
    /* Scaling by a power of two is exact; rintl rounds ties to even in the
     * default rounding mode, which the model never changes. (nearbyintl,
     * the same value, saves and restores the FP environment around it: most
     * of MUFU's time; the inexact flag rintl may raise is never read.) */
    uint64_t sig = (uint64_t)rintl(ldexpl(a, (int)f.frac_bits - exp));
    uint64_t hidden = 1ull << f.frac_bits;
    if (sig == hidden << 1) { /* rounded up into the next binade */
        sig = hidden;
        exp++;
    }
    if (exp > emax)
        return fmt_inf(f, negative);
    uint32_t biased = sig < hidden ? 0 : (uint32_t)(exp + fmt_bias(f));
    uint32_t bits = biased << f.frac_bits | (uint32_t)(sig & (hidden - 1));
    return (negative ? fmt_sign_bit(f) : 0) | bits;
}

static long double evaluate(enum mufu_fn fn, long double x)
{
    switch (fn) {
    case MUFU_COS: return cosl(x);
    case MUFU_SIN: return sinl(x);
    case MUFU_EX2: return exp2l(x);
    case MUFU_LG2: return log2l(x);
    case MUFU_RCP: return 1.0L / x;
    case MUFU_RSQ: return 1.0L / sqrtl(x);
    case MUFU_SQRT: return sqrtl(x);
    case MUFU_TANH: return tanhl(x);
    }
    return 0;
}

/* Functions undefined below zero: LG2, RSQ, SQRT (rows "-Inf", "negative"). */
static bool negative_is_nan(enum mufu_fn fn)
{
    return fn == MUFU_LG2 || fn == MUFU_RSQ || fn == MUFU_SQRT;
}

/* The spec's special-value table of fn for a zero (signed) input. */
static uint32_t zero_row(fp_format f, enum mufu_fn fn, bool negative)
{
    switch (fn) {
    case MUFU_COS: case MUFU_EX2: return fmt_one(f, false);
    case MUFU_SIN: case MUFU_SQRT: case MUFU_TANH: return fmt_zero(f, negative);
    case MUFU_LG2: return fmt_inf(f, true);
    case MUFU_RCP: case MUFU_RSQ: return fmt_inf(f, negative);
    }
    return fmt_qnan(f);
}

/* The table row for an infinite input. */
static uint32_t inf_row(fp_format f, enum mufu_fn fn, bool negative)
{
    switch (fn) {
    case MUFU_COS: case MUFU_SIN: return fmt_qnan(f);
    case MUFU_EX2: return negative ? fmt_zero(f, false) : fmt_inf(f, false);
    case MUFU_LG2: case MUFU_SQRT: return negative ? fmt_qnan(f) : fmt_inf(f, false);
    case MUFU_RSQ: return negative ? fmt_qnan(f) : fmt_zero(f, false);
    case MUFU_RCP: return fmt_zero(f, negative);
    case MUFU_TANH: return fmt_one(f, negative);
    }
    return fmt_qnan(f);
}

static bool is_f32(fp_format f)
{
    return f.exp_bits == 8 && f.frac_bits == 23;
}

/* A finite or infinite binary32 value's long double, and one rounding of a
 * long double to binary32: C's conversions, the same values as decode() and
 * round_to_format() when the host rounds to nearest (round_to_format's
 * rintl rounds in the host's mode too; it differs in overflow only under a
 * directed mode, which `host_nearest` rules out). */
static long double decode_f32(uint32_t x)
{
    float v;
    memcpy(&v, &x, sizeof v);
    return v;
}

static uint32_t round_f32(long double v)
{
    float r = (float)v;
    uint32_t bits;
    memcpy(&bits, &r, sizeof bits);
    return bits;
}

/* MUFU of one element: special rows, else the rounded long double value. */
static uint32_t mufu_element(fp_format f, enum mufu_fn fn, uint32_t x, bool flush_subnormals,
                             bool host_nearest)
{
    bool negative = (x & fmt_sign_bit(f)) != 0;
    enum fp_class cls = classify(f, x);
    if (cls == FP_CLS_SUBNORMAL && flush_subnormals)
        cls = FP_CLS_ZERO; /* .F64 tables: ±subnormal behaves as ±0.0 */
    switch (cls) {
    case FP_CLS_NAN: return fmt_qnan(f);
    case FP_CLS_INF: return inf_row(f, fn, negative);
    case FP_CLS_ZERO: return zero_row(f, fn, negative);
    default: break;
    }
    if (negative && negative_is_nan(fn))
        return fmt_qnan(f);
    uint32_t r;
    if (host_nearest && is_f32(f)) {
        long double v = evaluate(fn, decode_f32(x));
        r = isnan(v) ? round_to_format(f, v) : round_f32(v);
    } else {
        r = round_to_format(f, evaluate(fn, decode(f, x)));
    }
    if (flush_subnormals && classify(f, r) == FP_CLS_SUBNORMAL)
        r &= fmt_sign_bit(f);
    return r;
}

/* .SAT (F32): clamp to [+0.0, +1.0]; NaN and every negative, -0.0 included,
 * become +0.0 (as EXT_FP32's finish()). */
static uint32_t saturate_f32(uint32_t r)
{
    if (classify(FMT_F32, r) == FP_CLS_NAN || (r & 0x80000000u))
        return 0;
    return r > 0x3F800000u ? 0x3F800000u : r; /* positive floats order as integers */
}

static enum mufu_fn mufu_function(gm_exec *ex)
{
    static const uint32_t values[] = {
        ISA_V_mufuop_COS, ISA_V_mufuop_SIN, ISA_V_mufuop_EX2, ISA_V_mufuop_LG2, ISA_V_mufuop_RCP,
        ISA_V_mufuop_RSQ, ISA_V_mufuop_SQRT, ISA_V_mufuop_TANH
    };
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
        if (gm_is(ex, ISA_F_mufuop, values[i]))
            return (enum mufu_fn)i;
    return MUFU_COS; /* unreachable: the 3-bit field holds one of the eight */
}

/* The element layout of SrcB and Rd, in MUFUDType's value-name order below. */
enum mufu_shape { SHAPE_F32, SHAPE_F64H, SHAPE_F16, SHAPE_BF16, SHAPE_F16_V2, SHAPE_BF16_V2 };

/* What MUFU does, decoded once per instruction. */
typedef struct {
    enum mufu_fn fn;
    enum mufu_shape shape;
    bool abs, neg;  /* SrcB modifiers (F32/F64 only: the encoding forbids them elsewhere) */
    bool high_half; /* .H1 (F16/BF16 only) */
    bool sat;       /* .SAT (F32 only) */
} mufu_insn;

static enum mufu_shape mufu_shape_of(gm_exec *ex)
{
    static const uint32_t values[] = {
        ISA_V_dtype_F32, ISA_V_dtype_F64, ISA_V_dtype_F16, ISA_V_dtype_BF16, ISA_V_dtype_F16_V2,
        ISA_V_dtype_BF16_V2
    };
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
        if (gm_is(ex, ISA_F_dtype, values[i]))
            return (enum mufu_shape)i;
    return SHAPE_F32; /* unreachable: illegal dtypes do not decode */
}

static mufu_insn decode_mufu(gm_exec *ex)
{
    return (mufu_insn){
        .fn = mufu_function(ex),
        .shape = mufu_shape_of(ex),
        .abs = gm_f(ex, ISA_F_rb_abs) || gm_f(ex, ISA_F_urb_abs) || gm_f(ex, ISA_F_vb_abs),
        .neg = gm_f(ex, ISA_F_rb_neg) || gm_f(ex, ISA_F_urb_neg) || gm_f(ex, ISA_F_vb_neg),
        .high_half = gm_is(ex, ISA_F_rb_hsel, ISA_V_rb_hsel_H1) ||
                     gm_is(ex, ISA_F_urb_hsel, ISA_V_urb_hsel_H1) ||
                     gm_is(ex, ISA_F_vb_hsel, ISA_V_vb_hsel_H1),
        .sat = gm_is(ex, ISA_F_sat, ISA_V_sat_SAT),
    };
}

/* |x| first, then negation, on the sign bit. */
static uint32_t apply_sign_modifiers(const mufu_insn *mi, uint32_t x)
{
    if (mi->abs)
        x &= 0x7FFFFFFFu;
    if (mi->neg)
        x ^= 0x80000000u;
    return x;
}

static uint32_t mufu_scalar16(fp_format f, enum mufu_fn fn, uint32_t b, bool high)
{
    return mufu_element(f, fn, high ? b >> 16 : b & 0xFFFFu, false, false);
}

static uint32_t mufu_pair16(fp_format f, enum mufu_fn fn, uint32_t b)
{
    return mufu_element(f, fn, b >> 16, false, false) << 16 |
           mufu_element(f, fn, b & 0xFFFFu, false, false);
}

static uint32_t mufu_lane(const mufu_insn *mi, uint32_t b, bool host_nearest)
{
    switch (mi->shape) {
    case SHAPE_F32: {
        uint32_t r =
            mufu_element(FMT_F32, mi->fn, apply_sign_modifiers(mi, b), false, host_nearest);
        return mi->sat ? saturate_f32(r) : r;
    }
    case SHAPE_F64H:
        return mufu_element(FMT_F64H, mi->fn, apply_sign_modifiers(mi, b), true, false);
    case SHAPE_F16: return mufu_scalar16(FMT_F16, mi->fn, b, mi->high_half);
    case SHAPE_BF16: return mufu_scalar16(FMT_BF16, mi->fn, b, mi->high_half);
    case SHAPE_F16_V2: return mufu_pair16(FMT_F16, mi->fn, b);
    case SHAPE_BF16_V2: return mufu_pair16(FMT_BF16, mi->fn, b);
    }
    return 0;
}

/* The whole warp: SrcB as a row, each executing lane's element computed
 * into the staged Rd (the others are not: libm is most of the time). */
void gm_op_mufu(gm_exec *ex)
{
    mufu_insn mi = decode_mufu(ex);
    if (!ex->exec)
        return;
    bool host_nearest = FLT_EVAL_METHOD == 0 && fegetround() == FE_TONEAREST;
    uint32_t sb[GM_LANES];
    const uint32_t *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    for (uint32_t e = ex->exec; e; e &= e - 1)
        d[__builtin_ctz(e)] = mufu_lane(&mi, b[__builtin_ctz(e)], host_nearest);
    gm_rd_end(ex, d);
}
