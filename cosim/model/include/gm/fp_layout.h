/* cosim/model: the results a target may compute approximately (MUFU, whose
 * functions hardware evaluates from tables), laid out as the model writes
 * them, and the distance between two of them in units in the last place.
 * The host applies a target's declared tolerance with these; test DUTs use
 * them to be approximate on purpose. */
#ifndef GM_FP_LAYOUT_H
#define GM_FP_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/word.h"

/* count elements of width bits from bit 0 of a result word, each a binary
 * floating-point number with exp_bits and frac_bits; other bits are 0. */
typedef struct {
    uint8_t count, width, exp_bits, frac_bits;
} gm_fp_layout;

/* What an approximate instruction is: its Optype value, function and format
 * field values (MUFU: mufuop, dtype) and its result's layout. */
typedef struct {
    uint32_t optype, function, format;
    gm_fp_layout layout;
} gm_approximate;

/* Whether w is an instruction a target may compute approximately (a legal
 * MUFU word); fills *out if so. */
bool gm_approximate_of(isa_word w, gm_approximate *out);

/* The Optype value of MUFU, the instruction hardware approximates. */
uint32_t gm_mufu_optype(void);

#define GM_ULP_INCOMPARABLE UINT32_MAX
/* The largest distance in ulps between corresponding elements of a and b;
 * GM_ULP_INCOMPARABLE when an element differs and one of the two is a NaN or
 * an infinity, their signs differ, or bits outside the elements differ. */
uint32_t gm_ulp_distance(const gm_fp_layout *l, uint32_t a, uint32_t b);

/* x with every finite element moved n ulps away from zero (towards zero when
 * that would leave the finite numbers); NaNs and infinities unchanged. */
uint32_t gm_ulp_nudge(const gm_fp_layout *l, uint32_t x, uint32_t n);

#endif
