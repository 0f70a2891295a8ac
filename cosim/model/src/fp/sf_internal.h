/* cosim/model softfloat internals: unpacked values and the one rounding step. */
#ifndef GM_FP_SF_INTERNAL_H
#define GM_FP_SF_INTERNAL_H

#include "softfloat.h"

__extension__ typedef unsigned __int128 sf_u128;

typedef struct {
    unsigned exp_bits, man_bits;
} sf_format_info;

const sf_format_info *sf_info(sf_format f);

typedef enum { SF_CLASS_ZERO, SF_CLASS_FINITE, SF_CLASS_INF, SF_CLASS_NAN } sf_class;

/* A value as sign * mag * 2^exp. For ZERO mag is 0; INF and NaN use only cls/sign.
 * mag may carry a "sticky" 1 in its lowest bit standing for bits below it that
 * were dropped (see exact_sum in softfloat.c): it is then never exact. */
typedef struct {
    sf_class cls;
    bool sign;
    int exp;
    sf_u128 mag;
} sf_value;

int sf_bit_length(sf_u128 x); /* 0 for 0 */
sf_value sf_unpack(sf_format f, uint32_t x);
/* Rounds sign * mag * 2^exp (mag != 0) to format f. Overflow and underflow
 * follow IEEE 754 for the mode; no flush here. */
uint32_t sf_round_pack(sf_format f, bool sign, sf_u128 mag, int exp, sf_rounding rnd);
uint32_t sf_pack_inf(sf_format f, bool sign);
uint32_t sf_pack_zero(sf_format f, bool sign);

#endif
