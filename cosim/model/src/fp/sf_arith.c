/* cosim/model softfloat: add, multiply, fused multiply-add, conversion.
 *
 * Each operation forms its exact result as sign * mag * 2^exp and rounds it
 * once: in 64-bit integers when it fits (every product; sums of terms close
 * enough), else in a 128-bit integer. Only an addition of terms whose
 * exponents lie far apart loses bits; see exact_sum for why that is safe. */
#include "sf_internal.h"

/* Top bit of a normalised magnitude: leaves one bit of headroom for the carry
 * of a sum and keeps every product (at most 48 bits) far above bit 0. */
#define NORMALISED_TOP 125

/* Bodies written once over a format argument; the public functions call them
 * with a constant format, so each format gets its own copy with the
 * format's widths folded in. */
#define SF_INLINE static inline __attribute__((always_inline))

SF_INLINE sf_value flushed_unpack(sf_format f, uint32_t x, sf_mode m)
{
    return sf_unpack(f, m.flush_inputs ? sf_flush(f, x) : x);
}

/* A sum's terms and result in 128 bits (exact_sum). */
typedef struct {
    sf_u128 mag;
    int exp;
    bool sign;
} wide_value;

static wide_value normalised(sf_value v)
{
    wide_value w = {.mag = v.mag, .exp = v.exp, .sign = v.sign};
    int up = NORMALISED_TOP + 1 - sf_bit_length(w.mag);
    w.mag <<= up;
    w.exp -= up;
    return w;
}

/* Right shift that ORs every dropped bit into the lowest kept bit ("sticky"). */
static sf_u128 shift_right_sticky(sf_u128 x, int n)
{
    if (n == 0)
        return x;
    if (n >= 127)
        return x != 0;
    sf_u128 dropped = x & (((sf_u128)1 << n) - 1);
    return (x >> n) | (dropped != 0);
}

/* x + y for finite nonzero terms. Both are normalised so that the term with
 * the larger exponent has the larger magnitude. Bits of the smaller term are
 * dropped only when the exponents differ by more than 77 places (125 - 48); the
 * sum then has its leading bit at 124 or above, so even with 24 significant
 * bits its rounding place is above bit 100, and a sticky bit at bit 0 keeps
 * the sum strictly between the same two rounding boundaries as the exact sum. */
static wide_value exact_sum(sf_value a, sf_value b)
{
    wide_value x = normalised(a), y = normalised(b);
    if (x.exp < y.exp || (x.exp == y.exp && x.mag < y.mag)) {
        wide_value t = x;
        x = y;
        y = t;
    }
    sf_u128 small = shift_right_sticky(y.mag, x.exp - y.exp);
    wide_value r = {.sign = x.sign, .exp = x.exp};
    r.mag = x.sign == y.sign ? x.mag + small : x.mag - small; /* 0: an exact zero */
    return r;
}

/* x + y for finite nonzero terms, exactly, when both fit in 63 bits aligned
 * to the smaller exponent (always for binary16, usually for the others):
 * no bit is dropped, so rounding it gives the correctly rounded sum that
 * exact_sum's sticky form also gives, in 64-bit arithmetic. False when the
 * terms lie too far apart. */
SF_INLINE bool exact_sum64(sf_value x, sf_value y, sf_value *r)
{
    int low = x.exp < y.exp ? x.exp : y.exp, dx = x.exp - low, dy = y.exp - low;
    if (64 - __builtin_clzll(x.mag) + dx > 62 || 64 - __builtin_clzll(y.mag) + dy > 62)
        return false;
    uint64_t a = x.mag << dx, b = y.mag << dy;
    *r = (sf_value){.cls = SF_CLASS_FINITE, .exp = low};
    if (x.sign == y.sign)
        r->sign = x.sign, r->mag = a + b;
    else if (a >= b)
        r->sign = x.sign, r->mag = a - b;
    else
        r->sign = y.sign, r->mag = b - a;
    if (r->mag == 0)
        r->cls = SF_CLASS_ZERO;
    return true;
}

/* Sign of an exactly zero sum: the common sign of two zero terms, otherwise
 * +0.0 (-0.0 when rounding toward -Inf). */
static bool zero_sum_sign(bool both_terms_zero, bool sign_x, bool sign_y, sf_rounding rnd)
{
    if (both_terms_zero && sign_x == sign_y)
        return sign_x;
    return rnd == SF_RM;
}

/* Rounds a finite-or-zero exact sum of x and y to `out`, then flushes. */
SF_INLINE uint32_t finish_sum(sf_format out, sf_value x, sf_value y, sf_mode m)
{
    bool x_zero = x.cls == SF_CLASS_ZERO, y_zero = y.cls == SF_CLASS_ZERO;
    sf_value s;
    uint32_t r;
    if (x_zero || y_zero || exact_sum64(x, y, &s)) {
        if (x_zero || y_zero)
            s = x_zero ? y : x;
        if (s.cls == SF_CLASS_ZERO)
            r = sf_pack_zero(out, zero_sum_sign(x_zero && y_zero, x.sign, y.sign, m.rnd));
        else
            r = sf_round_pack64(out, s.sign, s.mag, s.exp, m.rnd);
    } else {
        wide_value w = exact_sum(x, y);
        if (w.mag == 0)
            r = sf_pack_zero(out, zero_sum_sign(false, x.sign, y.sign, m.rnd));
        else
            r = sf_round_pack(out, w.sign, w.mag, w.exp, m.rnd);
    }
    return m.flush_output ? sf_flush(out, r) : r;
}

SF_INLINE uint32_t add_impl(sf_format in, sf_format out, uint32_t a, uint32_t b, sf_mode m)
{
    sf_value x = flushed_unpack(in, a, m), y = flushed_unpack(in, b, m);
    if (x.cls == SF_CLASS_NAN || y.cls == SF_CLASS_NAN)
        return sf_canonical_nan(out);
    if (x.cls == SF_CLASS_INF && y.cls == SF_CLASS_INF && x.sign != y.sign)
        return sf_canonical_nan(out); /* Inf - Inf */
    if (x.cls == SF_CLASS_INF || y.cls == SF_CLASS_INF)
        return sf_pack_inf(out, x.cls == SF_CLASS_INF ? x.sign : y.sign);
    return finish_sum(out, x, y, m);
}

/* Exact product of two finite-or-zero values (at most 48 significant bits). */
SF_INLINE sf_value exact_product(sf_value x, sf_value y)
{
    sf_value p = {.cls = SF_CLASS_FINITE, .sign = x.sign != y.sign};
    if (x.cls == SF_CLASS_ZERO || y.cls == SF_CLASS_ZERO) {
        p.cls = SF_CLASS_ZERO;
        return p;
    }
    p.mag = x.mag * y.mag;
    p.exp = x.exp + y.exp;
    return p;
}

SF_INLINE uint32_t mul_impl(sf_format f, uint32_t a, uint32_t b, sf_mode m)
{
    sf_value x = flushed_unpack(f, a, m), y = flushed_unpack(f, b, m);
    if (x.cls == SF_CLASS_NAN || y.cls == SF_CLASS_NAN)
        return sf_canonical_nan(f);
    bool sign = x.sign != y.sign;
    if (x.cls == SF_CLASS_INF || y.cls == SF_CLASS_INF) {
        if (x.cls == SF_CLASS_ZERO || y.cls == SF_CLASS_ZERO)
            return sf_canonical_nan(f); /* 0 * Inf */
        return sf_pack_inf(f, sign);
    }
    sf_value p = exact_product(x, y);
    uint32_t r = p.cls == SF_CLASS_ZERO ? sf_pack_zero(f, sign)
                                        : sf_round_pack64(f, sign, p.mag, p.exp, m.rnd);
    return m.flush_output ? sf_flush(f, r) : r;
}

SF_INLINE uint32_t fma_impl(sf_format f, uint32_t a, uint32_t b, uint32_t c, sf_mode m)
{
    sf_value x = flushed_unpack(f, a, m), y = flushed_unpack(f, b, m), z = flushed_unpack(f, c, m);
    if (x.cls == SF_CLASS_NAN || y.cls == SF_CLASS_NAN || z.cls == SF_CLASS_NAN)
        return sf_canonical_nan(f);
    bool product_sign = x.sign != y.sign;
    if (x.cls == SF_CLASS_INF || y.cls == SF_CLASS_INF) {
        if (x.cls == SF_CLASS_ZERO || y.cls == SF_CLASS_ZERO)
            return sf_canonical_nan(f); /* 0 * Inf, whatever c is */
        if (z.cls == SF_CLASS_INF && z.sign != product_sign)
            return sf_canonical_nan(f); /* Inf - Inf */
        return sf_pack_inf(f, product_sign);
    }
    if (z.cls == SF_CLASS_INF)
        return sf_pack_inf(f, z.sign);
    return finish_sum(f, exact_product(x, y), z, m);
}

/* One copy per format (sf_format has these three values). */
#define SF_BY_FORMAT(f, call_f16, call_bf16, call_f32) \
    ((f) == SF_F16 ? (call_f16) : (f) == SF_BF16 ? (call_bf16) : (call_f32))

uint32_t sf_add(sf_format in, sf_format out, uint32_t a, uint32_t b, sf_mode m)
{
    if (in != out) /* widening adds: rare, one generic copy */
        return add_impl(in, out, a, b, m);
    return SF_BY_FORMAT(in, add_impl(SF_F16, SF_F16, a, b, m), add_impl(SF_BF16, SF_BF16, a, b, m),
                        add_impl(SF_F32, SF_F32, a, b, m));
}

uint32_t sf_mul(sf_format f, uint32_t a, uint32_t b, sf_mode m)
{
    return SF_BY_FORMAT(f, mul_impl(SF_F16, a, b, m), mul_impl(SF_BF16, a, b, m),
                        mul_impl(SF_F32, a, b, m));
}

uint32_t sf_fma(sf_format f, uint32_t a, uint32_t b, uint32_t c, sf_mode m)
{
    return SF_BY_FORMAT(f, fma_impl(SF_F16, a, b, c, m), fma_impl(SF_BF16, a, b, c, m),
                        fma_impl(SF_F32, a, b, c, m));
}

uint32_t sf_convert(sf_format from, sf_format to, uint32_t x, sf_mode m)
{
    sf_value v = flushed_unpack(from, x, m);
    uint32_t r;
    switch (v.cls) {
    case SF_CLASS_NAN: return sf_canonical_nan(to);
    case SF_CLASS_INF: return sf_pack_inf(to, v.sign);
    case SF_CLASS_ZERO: return sf_pack_zero(to, v.sign);
    case SF_CLASS_FINITE: break;
    }
    r = sf_round_pack64(to, v.sign, v.mag, v.exp, m.rnd);
    return m.flush_output ? sf_flush(to, r) : r;
}
