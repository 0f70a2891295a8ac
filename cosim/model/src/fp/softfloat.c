/* cosim/model softfloat: packing and the one rounding step. */
#include "sf_internal.h"

/* Where the bits a right shift by `shift` drops lie (remainder_class). */
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

uint32_t sf_round_pack(sf_format f, bool sign, sf_u128 mag, int exp, sf_rounding rnd)
{
    if (!(mag >> 64))
        return sf_round_pack64(f, sign, (uint64_t)mag, exp, rnd);
    const sf_format_info *fi = sf_info(f);
    int man_bits = (int)fi->man_bits, emin = 1 - sf_exp_bias(f);
    int lead = exp + sf_bit_length(mag) - 1; /* exponent of the leading bit */
    /* exponent of the last place kept: fixed below the normal range */
    int quantum = (lead < emin ? emin : lead) - man_bits;
    int shift = quantum - exp;
    sf_u128 keep = shift <= 0 ? mag << -shift : shift >= 128 ? 0 : mag >> shift;
    if (sf_round_away(rnd, sign, keep & 1, classify_dropped(mag, shift)))
        keep++;
    if (keep >> (man_bits + 1)) { /* rounding carried into a new leading bit */
        keep >>= 1;
        quantum++;
    }
    uint32_t s = sign ? sf_sign_mask(f) : 0;
    if (!(keep >> man_bits)) /* subnormal, or rounded to zero */
        return s | (uint32_t)keep;
    int biased = quantum + man_bits + sf_exp_bias(f);
    if (biased >= (int)sf_exp_all_ones(f))
        return sf_overflow(f, sign, rnd);
    return s | (uint32_t)biased << man_bits | ((uint32_t)keep & sf_man_mask(f));
}
