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
/* The same for a magnitude below 2^64, in 64-bit arithmetic. */
uint32_t sf_round_pack64(sf_format f, bool sign, uint64_t mag, int exp, sf_rounding rnd);
static inline uint32_t sf_pack_inf(sf_format f, bool sign)
{
    return (sign ? sf_sign_mask(f) : 0) | sf_exp_all_ones(f) << sf_info(f)->man_bits;
}

static inline uint32_t sf_pack_zero(sf_format f, bool sign)
{
    return sign ? sf_sign_mask(f) : 0;
}

#endif
