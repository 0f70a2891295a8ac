/* cosim/model softfloat over whole warps (sf_lanes.h).
 *
 * Built with -ffp-contract=off (cosim/model/CMakeLists.txt): a product
 * fused into the sum after it would no longer be the exact product the
 * reasoning below relies on.
 *
 * Per element, in one branch-free loop the compiler vectorises:
 *  1. widen: the inputs (flushed first under FTZ) as binary32 (16-bit
 *     formats) or binary64 (binary32) values, exactly; NaN and infinite
 *     inputs, and subnormal 16-bit inputs, are marked for softfloat.
 *  2. the exact result as s + err: a product is exact (11x11, 8x8 or 24x24
 *     significand bits in 24 or 53); a sum's error err comes from TwoSum
 *     (exact in round to nearest without overflow); an FMA is its exact
 *     product plus the addend by TwoSum.
 *  3. s rounded to odd: s itself when exact or odd, else its neighbour
 *     toward err's side (the odd one of the two around the exact value).
 *  4. that rounded once to the format in the requested mode, in integer
 *     code, when the result is a normal number of the format (overflow
 *     included); zero and subnormal results are marked for softfloat.
 * Marked elements are then computed by softfloat.h, one by one. */
#include <fenv.h>
#include <float.h>
#include <string.h>
#ifdef __SSE2__
#include <xmmintrin.h>
#endif

#include "sf_lanes.h"

#define SF_INLINE static inline __attribute__((always_inline))

SF_INLINE float f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

SF_INLINE uint32_t bits_of_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

SF_INLINE double f64_of(uint64_t bits)
{
    double f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

SF_INLINE uint64_t bits_of_f64(double f)
{
    uint64_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

bool sf_lanes_host_ok(void)
{
#if FLT_EVAL_METHOD == 0 && defined(__SSE2__)
    /* MXCSR: round to nearest (bits 14:13 zero), no flush to zero (bit
     * 15), no denormals-are-zero (bit 6) */
    return (_mm_getcsr() & 0xe040u) == 0;
#elif FLT_EVAL_METHOD == 0 && defined(FE_TONEAREST)
    /* a subnormal input read as zero, or a subnormal result flushed */
    volatile float tiny = 0x1p-149f, min_normal = 0x1p-126f, half = 0.5f;
    return fegetround() == FE_TONEAREST && tiny + 0.0f != 0.0f && min_normal * half != 0.0f;
#else
    return false;
#endif
}

/* The rounding mode as masks (all ones or zeros): round to nearest even;
 * positive results rounded away from zero (RP); negative ones (RM). */
typedef struct {
    uint32_t nearest, away_pos, away_neg;
} round_masks;

static round_masks masks_of(sf_rounding rnd)
{
    return (round_masks){.nearest = rnd == SF_RN ? ~0u : 0,
                         .away_pos = rnd == SF_RP ? ~0u : 0,
                         .away_neg = rnd == SF_RM ? ~0u : 0};
}

/* ---- 16-bit formats in binary32 ---- */

/* A binary16 value's binary32 bits, exactly: the exponent rebiased. Zeros
 * too; subnormals (kept without FTZ), infinities and NaNs are marked. */
SF_INLINE float widen_f16(uint32_t x, uint32_t ftz, uint32_t *bad)
{
    uint32_t mag = x & 0x7fffu;
    uint32_t subnormal = 0u - ((mag < 0x400u) & (mag != 0));
    mag &= ~(subnormal & ftz);
    *bad |= (mag >= 0x7c00u) | ((mag != 0) & (mag < 0x400u));
    uint32_t bits = ((mag << 13) + (112u << 23)) & (0u - (mag != 0));
    return f32_of(bits | (x & 0x8000u) << 16);
}

/* A BF16 value is the top half of a binary32. */
SF_INLINE float widen_bf16(uint32_t x, uint32_t ftz, uint32_t *bad)
{
    uint32_t mag = x & 0x7fffu;
    uint32_t small = 0u - (mag < 0x80u); /* zero or subnormal */
    mag &= ~(small & ftz);
    *bad |= (mag >= 0x7f80u) | ((mag != 0) & (mag < 0x80u)); /* infinity, NaN; subnormal */
    return f32_of(((x & 0x8000u) | mag) << 16);
}

/* The rounding error of s = x + y (TwoSum, Knuth): x + y = s + err exactly. */
SF_INLINE float sum_error_f32(float x, float y, float s)
{
    float yv = s - x;
    return (x - (s - yv)) + (y - yv);
}

/* s + err (|err| <= half an ulp of s) rounded to odd, as binary32 bits. */
SF_INLINE uint32_t odd_f32(float s, float err)
{
    uint32_t sb = bits_of_f32(s), eb = bits_of_f32(err);
    uint32_t inexact = (eb & 0x7fffffffu) != 0;
    uint32_t toward_zero = inexact & ((eb ^ sb) >> 31); /* err of the other sign */
    return (sb - toward_zero) | inexact;
}

/* The amount to add to a kept magnitude `keep` whose dropped bits are `rem`
 * (`bits` of them) for the mode: 0 or 1. */
SF_INLINE uint32_t round_increment(uint32_t keep, uint32_t rem, unsigned bits, uint32_t sign,
                                   round_masks rm)
{
    uint32_t half_minus_1 = (1u << (bits - 1)) - 1, all = (1u << bits) - 1;
    uint32_t sm = 0u - sign, away = (rm.away_pos & ~sm) | (rm.away_neg & sm);
    uint32_t nearest = (rem + half_minus_1 + (keep & 1u)) >> bits; /* above half, or half and odd */
    uint32_t nonzero = (rem + all) >> bits;
    return (nearest & rm.nearest) | (nonzero & away);
}

/* binary32 bits r (rounded to odd) to binary16; zero and subnormal results
 * are marked. */
SF_INLINE uint32_t narrow_f16(uint32_t r, round_masks rm, uint32_t *bad)
{
    uint32_t sign = r >> 31, e = (r >> 23) & 0xffu, mant = r & 0x7fffffu;
    *bad |= e < 113u; /* below 2^-14 */
    uint32_t h = ((e - 112u) << 10) + (mant >> 13);
    h += round_increment(h, mant & 0x1fffu, 13, sign, rm); /* may carry up to infinity */
    uint32_t sm = 0u - sign, to_inf = rm.nearest | (rm.away_pos & ~sm) | (rm.away_neg & sm);
    uint32_t overflow = 0u - (e >= 143u); /* 2^16 and above */
    h = (h & ~overflow) | ((0x7bffu + (to_inf & 1u)) & overflow);
    return h | sign << 15;
}

/* binary32 bits r (rounded to odd) to BF16: the same exponent range, so
 * only binary32 zeros, subnormals and infinities are marked. */
SF_INLINE uint32_t narrow_bf16(uint32_t r, round_masks rm, uint32_t *bad)
{
    uint32_t sign = r >> 31, e = (r >> 23) & 0xffu;
    *bad |= (e == 0) | (e == 0xffu);
    uint32_t h = (r >> 16) & 0x7fffu;
    h += round_increment(h, r & 0xffffu, 16, sign, rm); /* may carry up to infinity */
    return h | sign << 15;
}

/* A binary32 product p = x * y of BF16 values is exact when it is normal,
 * or zero from a zero input; otherwise (underflow, overflow) marked. */
SF_INLINE void check_product_bf16(float x, float y, float p, uint32_t *bad)
{
    uint32_t e = (bits_of_f32(p) >> 23) & 0xffu;
    uint32_t zero_input = ((bits_of_f32(x) << 1) == 0) | ((bits_of_f32(y) << 1) == 0);
    *bad |= ((e == 0) & !zero_input) | (e == 0xffu);
}

SF_INLINE void lanes16(sf_op op, sf_format f, sf_mode m, const uint32_t *restrict a,
                       const uint32_t *restrict b, const uint32_t *restrict c,
                       uint32_t *restrict d, uint32_t *restrict bad)
{
    uint32_t ftz = m.flush_inputs ? ~0u : 0;
    round_masks rm = masks_of(m.rnd);
    for (unsigned i = 0; i < SF_LANES16; i++) {
        uint32_t marked = 0;
        float x = f == SF_F16 ? widen_f16(a[i], ftz, &marked) : widen_bf16(a[i], ftz, &marked);
        float y = f == SF_F16 ? widen_f16(b[i], ftz, &marked) : widen_bf16(b[i], ftz, &marked);
        float s, err;
        if (op == SF_OP_ADD) {
            s = x + y;
            err = sum_error_f32(x, y, s);
        } else if (op == SF_OP_MUL) {
            s = x * y;
            err = 0.0f;
            if (f == SF_BF16)
                check_product_bf16(x, y, s, &marked);
        } else {
            float z = f == SF_F16 ? widen_f16(c[i], ftz, &marked) : widen_bf16(c[i], ftz, &marked);
            float p = x * y;
            if (f == SF_BF16)
                check_product_bf16(x, y, p, &marked);
            s = p + z;
            err = sum_error_f32(p, z, s);
        }
        uint32_t r = odd_f32(s, err);
        d[i] = f == SF_F16 ? narrow_f16(r, rm, &marked) : narrow_bf16(r, rm, &marked);
        bad[i] = marked;
    }
}

/* The element by softfloat.h. */
static uint32_t one_by_softfloat(sf_op op, sf_format f, sf_mode m, uint32_t a, uint32_t b,
                                 uint32_t c)
{
    switch (op) {
    case SF_OP_ADD: return sf_add(f, f, a, b, m);
    case SF_OP_MUL: return sf_mul(f, a, b, m);
    case SF_OP_FMA: break;
    }
    return sf_fma(f, a, b, c, m);
}

/* ---- binary32 in binary64 ---- */

/* A binary32 value (subnormals flushed under FTZ) as a binary64, exactly. */
SF_INLINE double widen_f32(uint32_t x, uint32_t ftz, uint32_t *bad)
{
    uint32_t mag = x & 0x7fffffffu;
    uint32_t small = 0u - (mag < 0x800000u); /* zero or subnormal */
    mag &= ~(small & ftz);
    *bad |= mag >= 0x7f800000u; /* infinity, NaN */
    return (double)f32_of((x & 0x80000000u) | mag);
}

SF_INLINE double sum_error_f64(double x, double y, double s)
{
    double yv = s - x;
    return (x - (s - yv)) + (y - yv);
}

SF_INLINE uint64_t odd_f64(double s, double err)
{
    uint64_t sb = bits_of_f64(s), eb = bits_of_f64(err);
    uint64_t inexact = (eb & 0x7fffffffffffffffu) != 0;
    uint64_t toward_zero = inexact & ((eb ^ sb) >> 63);
    return (sb - toward_zero) | inexact;
}

/* binary64 bits r (rounded to odd) to binary32; zero and subnormal results
 * are marked. The 29 dropped bits are split off as a 32-bit word. */
SF_INLINE uint32_t narrow_f32(uint64_t r, round_masks rm, uint32_t *bad)
{
    uint32_t hi = (uint32_t)(r >> 32), sign = hi >> 31, e = (hi >> 20) & 0x7ffu;
    *bad |= e < 897u; /* below 2^-126 */
    uint32_t h = ((e - 896u) << 23) + (uint32_t)((r >> 29) & 0x7fffffu);
    h += round_increment(h, (uint32_t)r & 0x1fffffffu, 29, sign, rm);
    uint32_t sm = 0u - sign, to_inf = rm.nearest | (rm.away_pos & ~sm) | (rm.away_neg & sm);
    uint32_t overflow = 0u - (e >= 1151u); /* 2^128 and above */
    h = (h & ~overflow) | ((0x7f7fffffu + (to_inf & 1u)) & overflow);
    return h | sign << 31;
}

SF_INLINE void lanes32(sf_op op, sf_mode m, const uint32_t *restrict a, const uint32_t *restrict b,
                       const uint32_t *restrict c, uint32_t *restrict d, uint32_t *restrict bad)
{
    uint32_t ftz = m.flush_inputs ? ~0u : 0;
    round_masks rm = masks_of(m.rnd);
    for (unsigned i = 0; i < SF_LANES32; i++) {
        uint32_t marked = 0;
        double x = widen_f32(a[i], ftz, &marked), y = widen_f32(b[i], ftz, &marked);
        double s, err;
        if (op == SF_OP_ADD) {
            s = x + y;
            err = sum_error_f64(x, y, s);
        } else if (op == SF_OP_MUL) {
            s = x * y;
            err = 0.0;
        } else {
            double z = widen_f32(c[i], ftz, &marked), p = x * y;
            s = p + z;
            err = sum_error_f64(p, z, s);
        }
        d[i] = narrow_f32(odd_f64(s, err), rm, &marked);
        bad[i] = marked;
    }
}

/* ---- one copy of each kernel per instruction set ---- */

typedef void (*lanes_fn)(sf_mode m, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                         uint32_t *d, uint32_t *bad);

#define SF_KERNEL(name, attrs, call)                                                  \
    attrs static void name(sf_mode m, const uint32_t *a, const uint32_t *b,           \
                           const uint32_t *c, uint32_t *d, uint32_t *bad)             \
    {                                                                                 \
        (void)c;                                                                      \
        call;                                                                         \
    }

/* The kernels of one instruction set, by format and operation. */
#define SF_KERNELS(isa, attrs)                                                         \
    SF_KERNEL(f16_add_##isa, attrs, lanes16(SF_OP_ADD, SF_F16, m, a, b, c, d, bad))    \
    SF_KERNEL(f16_mul_##isa, attrs, lanes16(SF_OP_MUL, SF_F16, m, a, b, c, d, bad))    \
    SF_KERNEL(f16_fma_##isa, attrs, lanes16(SF_OP_FMA, SF_F16, m, a, b, c, d, bad))    \
    SF_KERNEL(bf16_add_##isa, attrs, lanes16(SF_OP_ADD, SF_BF16, m, a, b, c, d, bad))  \
    SF_KERNEL(bf16_mul_##isa, attrs, lanes16(SF_OP_MUL, SF_BF16, m, a, b, c, d, bad))  \
    SF_KERNEL(bf16_fma_##isa, attrs, lanes16(SF_OP_FMA, SF_BF16, m, a, b, c, d, bad))  \
    SF_KERNEL(f32_add_##isa, attrs, lanes32(SF_OP_ADD, m, a, b, c, d, bad))            \
    SF_KERNEL(f32_mul_##isa, attrs, lanes32(SF_OP_MUL, m, a, b, c, d, bad))            \
    SF_KERNEL(f32_fma_##isa, attrs, lanes32(SF_OP_FMA, m, a, b, c, d, bad))            \
    static const lanes_fn kernels_##isa[3][3] = {                                      \
        [SF_F16] = {f16_add_##isa, f16_mul_##isa, f16_fma_##isa},                      \
        [SF_BF16] = {bf16_add_##isa, bf16_mul_##isa, bf16_fma_##isa},                  \
        [SF_F32] = {f32_add_##isa, f32_mul_##isa, f32_fma_##isa},                      \
    };

SF_KERNELS(base, )
#if SF_LANES_HAVE_WIDE
/* The same C compiled for AVX2: twice the lanes per vector instruction, and
 * the same results (integer and IEEE binary32/64 operations only; no FMA). */
SF_KERNELS(wide, __attribute__((target("avx2"))))
#endif

static sf_lanes_isa selected = SF_LANES_AUTO;

void sf_lanes_select(sf_lanes_isa isa)
{
    selected = isa;
}

bool sf_lanes_wide_available(void)
{
#if SF_LANES_HAVE_WIDE
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

static const lanes_fn (*kernels(void))[3]
{
#if SF_LANES_HAVE_WIDE
    if (selected != SF_LANES_BASE && sf_lanes_wide_available())
        return kernels_wide;
#endif
    return kernels_base;
}

SF_INLINE uint32_t any_marked(const uint32_t *restrict bad, unsigned n)
{
    uint32_t any = 0;
    for (unsigned i = 0; i < n; i++)
        any |= bad[i];
    return any;
}

/* Every element by softfloat.h (bad NULL), or the marked ones. */
SF_INLINE void by_softfloat(sf_op op, sf_format f, sf_mode m, unsigned n, const uint32_t *a,
                            const uint32_t *b, const uint32_t *c, uint32_t *d, const uint32_t *bad)
{
    if (bad && !any_marked(bad, n))
        return;
    for (unsigned i = 0; i < n; i++)
        if (!bad || bad[i])
            d[i] = one_by_softfloat(op, f, m, a[i], b[i], op == SF_OP_FMA ? c[i] : 0);
}

SF_INLINE void run(sf_op op, sf_format f, unsigned n, sf_mode m, const uint32_t *a,
                   const uint32_t *b, const uint32_t *c, uint32_t *d)
{
    if (!sf_lanes_host_ok()) {
        by_softfloat(op, f, m, n, a, b, c, d, NULL);
        return;
    }
    uint32_t bad[SF_LANES16];
    kernels()[f][op](m, a, b, c, d, bad);
    by_softfloat(op, f, m, n, a, b, c, d, bad);
}

void sf_lanes16(sf_op op, sf_format f, sf_mode m, const uint32_t *a, const uint32_t *b,
                const uint32_t *c, uint32_t *d)
{
    run(op, f, SF_LANES16, m, a, b, c, d);
}

void sf_lanes32(sf_op op, sf_mode m, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                uint32_t *d)
{
    run(op, SF_F32, SF_LANES32, m, a, b, c, d);
}

/* ---- comparisons and min / max (integer code only) ---- */

/* The format's fields for sf_compare/sf_minmax on a whole warp. */
typedef struct {
    uint32_t sign, inf, man; /* sign bit, infinity's pattern, fraction mask */
} fields;

SF_INLINE fields fields_of(sf_format f)
{
    return (fields){sf_sign_mask(f), sf_exp_all_ones(f) << sf_info(f)->man_bits, sf_man_mask(f)};
}

/* x with a subnormal flushed to the zero of its sign when ftz is all ones. */
SF_INLINE uint32_t flushed(uint32_t x, fields k, uint32_t ftz)
{
    uint32_t subnormal = 0u - (((x & k.inf) == 0) & ((x & k.man) != 0));
    return x & (~(subnormal & ftz) | k.sign);
}

/* A signed integer ordering non-NaN patterns like their values, both zeros
 * equal (sf_compare's order). */
SF_INLINE int32_t order_key(uint32_t x, fields k)
{
    uint32_t neg = 0u - ((x & k.sign) != 0), mag = x & (k.sign - 1);
    return (int32_t)((mag ^ neg) - neg);
}

SF_INLINE void compare_loop(sf_format f, sf_compare_op op, unsigned n, const uint32_t *restrict a,
                            const uint32_t *restrict b, uint32_t ftz, uint32_t *restrict out)
{
    fields k = fields_of(f);
    /* the condition as masks: ordered results, and what an unordered pair gives */
    uint32_t want_eq = 0, want_lt = 0, want_gt = 0, unordered = 0;
    switch (op) {
    case SF_EQ: case SF_EQU: want_eq = ~0u; break;
    case SF_NE: case SF_NEU: want_lt = want_gt = ~0u; break;
    case SF_LT: case SF_LTU: want_lt = ~0u; break;
    case SF_LE: case SF_LEU: want_lt = want_eq = ~0u; break;
    case SF_GT: case SF_GTU: want_gt = ~0u; break;
    case SF_GE: case SF_GEU: want_gt = want_eq = ~0u; break;
    case SF_NUM: want_eq = want_lt = want_gt = ~0u; break;
    case SF_NAN: case SF_COMPARE_COUNT: break;
    }
    if (op >= SF_EQU && op <= SF_NAN)
        unordered = ~0u;
    for (unsigned i = 0; i < n; i++) {
        uint32_t x = flushed(a[i], k, ftz), y = flushed(b[i], k, ftz);
        uint32_t nan = 0u - (((x & (k.sign - 1)) > k.inf) | ((y & (k.sign - 1)) > k.inf));
        int32_t kx = order_key(x, k), ky = order_key(y, k);
        uint32_t ordered = ((0u - (kx == ky)) & want_eq) | ((0u - (kx < ky)) & want_lt) |
                           ((0u - (kx > ky)) & want_gt);
        out[i] = (nan & unordered) | (~nan & ordered);
    }
}

void sf_compare_lanes16(sf_format f, sf_compare_op op, const uint32_t *a, const uint32_t *b,
                        bool flush_inputs, uint32_t *out)
{
    if (f == SF_F16)
        compare_loop(SF_F16, op, SF_LANES16, a, b, flush_inputs ? ~0u : 0, out);
    else
        compare_loop(SF_BF16, op, SF_LANES16, a, b, flush_inputs ? ~0u : 0, out);
}

void sf_compare_lanes32(sf_compare_op op, const uint32_t *a, const uint32_t *b, bool flush_inputs,
                        uint32_t *out)
{
    compare_loop(SF_F32, op, SF_LANES32, a, b, flush_inputs ? ~0u : 0, out);
}

/* sf_minmax: keys ordering the patterns like their values with -0.0 below
 * +0.0 (negative: ~magnitude); NaNs as sf_minmax treats them. */
SF_INLINE void minmax_loop(sf_format f, unsigned n, const uint32_t *restrict a,
                           const uint32_t *restrict b, const uint32_t *restrict minimum,
                           uint32_t nan_wins, uint32_t ftz, uint32_t *restrict out)
{
    fields k = fields_of(f);
    uint32_t mag_mask = k.sign - 1;
    for (unsigned i = 0; i < n; i++) {
        uint32_t x = flushed(a[i], k, ftz), y = flushed(b[i], k, ftz);
        uint32_t x_nan = 0u - ((x & mag_mask) > k.inf), y_nan = 0u - ((y & mag_mask) > k.inf);
        int32_t kx = (int32_t)((x & mag_mask) ^ (0u - ((x & k.sign) != 0)));
        int32_t ky = (int32_t)((y & mag_mask) ^ (0u - ((y & k.sign) != 0)));
        uint32_t take_x = ~(minimum[i] ^ (0u - (kx < ky)));
        uint32_t v = (x & take_x) | (y & ~take_x);
        uint32_t other = (y & x_nan) | (x & ~x_nan); /* the one that is not NaN */
        uint32_t canonical = nan_wins | (x_nan & y_nan);
        uint32_t with_nan = (mag_mask & canonical) | (other & ~canonical);
        out[i] = ((x_nan | y_nan) & with_nan) | (~(x_nan | y_nan) & v);
    }
}

void sf_minmax_lanes16(sf_format f, const uint32_t *a, const uint32_t *b, const uint32_t *minimum,
                       bool nan_wins, bool flush_inputs, uint32_t *out)
{
    uint32_t nw = nan_wins ? ~0u : 0, ftz = flush_inputs ? ~0u : 0;
    if (f == SF_F16)
        minmax_loop(SF_F16, SF_LANES16, a, b, minimum, nw, ftz, out);
    else
        minmax_loop(SF_BF16, SF_LANES16, a, b, minimum, nw, ftz, out);
}

void sf_minmax_lanes32(const uint32_t *a, const uint32_t *b, const uint32_t *minimum,
                       bool nan_wins, bool flush_inputs, uint32_t *out)
{
    minmax_loop(SF_F32, SF_LANES32, a, b, minimum, nan_wins ? ~0u : 0, flush_inputs ? ~0u : 0,
                out);
}
