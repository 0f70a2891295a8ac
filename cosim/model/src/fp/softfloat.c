/* cosim/model softfloat: formats, classification, unpacking and rounding. */
#include "sf_internal.h"

static const sf_format_info format_table[] = {
    [SF_F16] = {5, 10},
    [SF_BF16] = {8, 7},
    [SF_F32] = {8, 23},
};

const sf_format_info *sf_info(sf_format f)
{
    return &format_table[f];
}

static unsigned exp_all_ones(sf_format f)
{
    return (1u << sf_info(f)->exp_bits) - 1;
}

static int exp_bias(sf_format f)
{
    return (1 << (sf_info(f)->exp_bits - 1)) - 1;
}

static uint32_t man_mask(sf_format f)
{
    return (1u << sf_info(f)->man_bits) - 1;
}

static unsigned exp_field(sf_format f, uint32_t x)
{
    return (x >> sf_info(f)->man_bits) & exp_all_ones(f);
}

uint32_t sf_sign_mask(sf_format f)
{
    return 1u << (sf_info(f)->exp_bits + sf_info(f)->man_bits);
}

uint32_t sf_canonical_nan(sf_format f)
{
    return sf_sign_mask(f) - 1; /* all bits but the sign: 0x7FFF, 0x7FFFFFFF */
}

uint32_t sf_one(sf_format f)
{
    return (uint32_t)exp_bias(f) << sf_info(f)->man_bits;
}

bool sf_is_nan(sf_format f, uint32_t x)
{
    return exp_field(f, x) == exp_all_ones(f) && (x & man_mask(f));
}

bool sf_is_inf(sf_format f, uint32_t x)
{
    return exp_field(f, x) == exp_all_ones(f) && !(x & man_mask(f));
}

bool sf_is_zero(sf_format f, uint32_t x)
{
    return !(x & ~sf_sign_mask(f));
}

bool sf_is_subnormal(sf_format f, uint32_t x)
{
    return exp_field(f, x) == 0 && (x & man_mask(f));
}

uint32_t sf_flush(sf_format f, uint32_t x)
{
    return sf_is_subnormal(f, x) ? x & sf_sign_mask(f) : x;
}

uint32_t sf_saturate(sf_format f, uint32_t x)
{
    if (sf_is_nan(f, x) || (x & sf_sign_mask(f)))
        return 0;
    return x > sf_one(f) ? sf_one(f) : x; /* positive patterns order like their values */
}

uint32_t sf_relu(sf_format f, uint32_t x)
{
    bool negative = (x & sf_sign_mask(f)) && !sf_is_zero(f, x) && !sf_is_nan(f, x);
    return negative ? 0 : x;
}

uint32_t sf_canonicalize(sf_format f, uint32_t x)
{
    return sf_is_nan(f, x) ? sf_canonical_nan(f) : x;
}

sf_value sf_unpack(sf_format f, uint32_t x)
{
    const sf_format_info *fi = sf_info(f);
    sf_value v = {.sign = (x & sf_sign_mask(f)) != 0};
    unsigned e = exp_field(f, x);
    uint32_t man = x & man_mask(f);
    if (e == exp_all_ones(f)) {
        v.cls = man ? SF_CLASS_NAN : SF_CLASS_INF;
    } else if (e == 0) {
        v.cls = man ? SF_CLASS_FINITE : SF_CLASS_ZERO;
        v.mag = man;
        v.exp = 1 - exp_bias(f) - (int)fi->man_bits;
    } else {
        v.cls = SF_CLASS_FINITE;
        v.mag = man | (1u << fi->man_bits);
        v.exp = (int)e - exp_bias(f) - (int)fi->man_bits;
    }
    return v;
}

uint32_t sf_pack_inf(sf_format f, bool sign)
{
    return (sign ? sf_sign_mask(f) : 0) | exp_all_ones(f) << sf_info(f)->man_bits;
}

uint32_t sf_pack_zero(sf_format f, bool sign)
{
    return sign ? sf_sign_mask(f) : 0;
}

int sf_bit_length(sf_u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (hi)
        return 128 - __builtin_clzll(hi);
    return lo ? 64 - __builtin_clzll(lo) : 0;
}

/* Where the bits dropped by a right shift lie relative to half a unit of the
 * last kept place. */
typedef enum { REM_EXACT, REM_BELOW_HALF, REM_HALF, REM_ABOVE_HALF } remainder_class;

static remainder_class classify_dropped(sf_u128 mag, int shift)
{
    if (shift <= 0)
        return REM_EXACT;
    if (shift > 128)
        return mag ? REM_BELOW_HALF : REM_EXACT; /* mag < 2^128 <= half */
    sf_u128 half = (sf_u128)1 << (shift - 1);
    sf_u128 rem = shift == 128 ? mag : mag & ((half << 1) - 1);
    if (rem == 0)
        return REM_EXACT;
    return rem < half ? REM_BELOW_HALF : rem == half ? REM_HALF : REM_ABOVE_HALF;
}

static bool round_away(sf_rounding rnd, bool sign, bool odd, remainder_class rem)
{
    if (rem == REM_EXACT)
        return false;
    switch (rnd) {
    case SF_RN: return rem == REM_ABOVE_HALF || (rem == REM_HALF && odd);
    case SF_RP: return !sign;
    case SF_RM: return sign;
    case SF_RZ: return false;
    }
    return false;
}

/* Overflow: infinity when the mode rounds away from zero in the result's
 * direction, the largest finite value otherwise. */
static uint32_t overflow(sf_format f, bool sign, sf_rounding rnd)
{
    bool to_inf = rnd == SF_RN || (rnd == SF_RP && !sign) || (rnd == SF_RM && sign);
    if (to_inf)
        return sf_pack_inf(f, sign);
    return sf_pack_inf(f, sign) - 1; /* largest finite of that sign */
}

uint32_t sf_round_pack(sf_format f, bool sign, sf_u128 mag, int exp, sf_rounding rnd)
{
    const sf_format_info *fi = sf_info(f);
    int man_bits = (int)fi->man_bits, emin = 1 - exp_bias(f);
    int lead = exp + sf_bit_length(mag) - 1; /* exponent of the leading bit */
    /* exponent of the last place kept: fixed below the normal range */
    int quantum = (lead < emin ? emin : lead) - man_bits;
    int shift = quantum - exp;
    sf_u128 keep = shift <= 0 ? mag << -shift : shift >= 128 ? 0 : mag >> shift;
    if (round_away(rnd, sign, keep & 1, classify_dropped(mag, shift)))
        keep++;
    if (keep >> (man_bits + 1)) { /* rounding carried into a new leading bit */
        keep >>= 1;
        quantum++;
    }
    uint32_t s = sign ? sf_sign_mask(f) : 0;
    if (!(keep >> man_bits)) /* subnormal, or rounded to zero */
        return s | (uint32_t)keep;
    int biased = quantum + man_bits + exp_bias(f);
    if (biased >= (int)exp_all_ones(f))
        return overflow(f, sign, rnd);
    return s | (uint32_t)biased << man_bits | ((uint32_t)keep & man_mask(f));
}
