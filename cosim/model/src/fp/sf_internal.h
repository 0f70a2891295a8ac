/* cosim/model softfloat internals: unpacked values and the one rounding step. */
#ifndef GM_FP_SF_INTERNAL_H
#define GM_FP_SF_INTERNAL_H

#include "softfloat.h"

__extension__ typedef unsigned __int128 sf_u128;

typedef enum { SF_CLASS_ZERO, SF_CLASS_FINITE, SF_CLASS_INF, SF_CLASS_NAN } sf_class;

/* An operand or exact product as sign * mag * 2^exp (mag at most 48 bits:
 * 16 bytes, passed in registers). For ZERO mag is 0; INF and NaN use only
 * cls/sign. Sums that need more bits are formed in sf_arith.c. */
typedef struct {
    uint64_t mag;
    int exp;
    uint8_t cls; /* sf_class */
    bool sign;
} sf_value;

static inline int sf_bit_length(sf_u128 x) /* 0 for 0 */
{
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (hi)
        return 128 - __builtin_clzll(hi);
    return lo ? 64 - __builtin_clzll(lo) : 0;
}

static inline sf_value sf_unpack(sf_format f, uint32_t x)
{
    const sf_format_info *fi = sf_info(f);
    sf_value v = {.sign = (x & sf_sign_mask(f)) != 0};
    unsigned e = sf_exp_field(f, x);
    uint32_t man = x & sf_man_mask(f);
    if (e == sf_exp_all_ones(f)) {
        v.cls = man ? SF_CLASS_NAN : SF_CLASS_INF;
    } else if (e == 0) {
        v.cls = man ? SF_CLASS_FINITE : SF_CLASS_ZERO;
        v.mag = man;
        v.exp = 1 - sf_exp_bias(f) - (int)fi->man_bits;
    } else {
        v.cls = SF_CLASS_FINITE;
        v.mag = man | (1u << fi->man_bits);
        v.exp = (int)e - sf_exp_bias(f) - (int)fi->man_bits;
    }
    return v;
}

/* Rounds sign * mag * 2^exp (mag != 0) to format f. Overflow and underflow
 * follow IEEE 754 for the mode; no flush here. */
uint32_t sf_round_pack(sf_format f, bool sign, sf_u128 mag, int exp, sf_rounding rnd);

static inline uint32_t sf_pack_inf(sf_format f, bool sign)
{
    return (sign ? sf_sign_mask(f) : 0) | sf_exp_all_ones(f) << sf_info(f)->man_bits;
}

static inline uint32_t sf_pack_zero(sf_format f, bool sign)
{
    return sign ? sf_sign_mask(f) : 0;
}

/* Where the bits dropped by a right shift lie relative to half a unit of the
 * last kept place. */
typedef enum { REM_EXACT, REM_BELOW_HALF, REM_HALF, REM_ABOVE_HALF } remainder_class;

static inline bool sf_round_away(sf_rounding rnd, bool sign, bool odd, remainder_class rem)
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
static inline uint32_t sf_overflow(sf_format f, bool sign, sf_rounding rnd)
{
    bool to_inf = rnd == SF_RN || (rnd == SF_RP && !sign) || (rnd == SF_RM && sign);
    if (to_inf)
        return sf_pack_inf(f, sign);
    return sf_pack_inf(f, sign) - 1; /* largest finite of that sign */
}

/* classify_dropped for a magnitude below 2^64. */
static inline remainder_class sf_classify_dropped64(uint64_t mag, int shift)
{
    if (shift <= 0)
        return REM_EXACT;
    if (shift > 64)
        return mag ? REM_BELOW_HALF : REM_EXACT; /* mag < 2^64 <= half */
    uint64_t half = (uint64_t)1 << (shift - 1);
    uint64_t rem = shift == 64 ? mag : mag & ((half << 1) - 1);
    if (rem == 0)
        return REM_EXACT;
    return rem < half ? REM_BELOW_HALF : rem == half ? REM_HALF : REM_ABOVE_HALF;
}

/* sf_round_pack step for step in 64-bit arithmetic (the kept bits never
 * exceed man_bits + 2). */
static inline __attribute__((always_inline)) uint32_t
sf_round_pack64(sf_format f, bool sign, uint64_t mag, int exp, sf_rounding rnd)
{
    const sf_format_info *fi = sf_info(f);
    int man_bits = (int)fi->man_bits, emin = 1 - sf_exp_bias(f);
    int lead = exp + (64 - __builtin_clzll(mag)) - 1;
    int quantum = (lead < emin ? emin : lead) - man_bits;
    int shift = quantum - exp;
    uint64_t keep = shift <= 0 ? mag << -shift : shift >= 64 ? 0 : mag >> shift;
    if (sf_round_away(rnd, sign, keep & 1, sf_classify_dropped64(mag, shift)))
        keep++;
    if (keep >> (man_bits + 1)) {
        keep >>= 1;
        quantum++;
    }
    uint32_t s = sign ? sf_sign_mask(f) : 0;
    if (!(keep >> man_bits))
        return s | (uint32_t)keep;
    int biased = quantum + man_bits + sf_exp_bias(f);
    if (biased >= (int)sf_exp_all_ones(f))
        return sf_overflow(f, sign, rnd);
    return s | (uint32_t)biased << man_bits | ((uint32_t)keep & sf_man_mask(f));
}

#endif
