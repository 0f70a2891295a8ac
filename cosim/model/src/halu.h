/* cosim/model internal: group HALU (isa/spec/halu.isa), shared between
 * halu.c (every form, lane by lane) and halu_lanes.c (the common forms over
 * whole warps). */
#ifndef GM_HALU_H
#define GM_HALU_H

#include "fp_fields.h"

enum { HALU_HSEL2_H1_H0, HALU_HSEL2_H0_H0, HALU_HSEL2_H1_H1 };

typedef struct {
    bool neg, abs;
    unsigned hsel2;
} halu_decoration;

/* What every HALU instruction reads once. */
typedef struct {
    sf_format fmt;
    sf_rounding rnd;
    bool ftz, sat, relu;
    halu_decoration dec[3];
} halu_insn;

/* Reads the modifiers and the first `sources` slots' decorations: the slot
 * (0..2) whose .hsel2 is the reserved value, or -1. */
int halu_decode(const gm_decoded *d, unsigned sources, halu_insn *h);

/* Where half `half` (0 or 1) of a source comes from: a shift of its word. */
static inline unsigned halu_half_shift(const halu_decoration *d, unsigned half)
{
    unsigned pick = d->hsel2 == HALU_HSEL2_H0_H0 ? 0 : d->hsel2 == HALU_HSEL2_H1_H1 ? 1 : half;
    return 16 * pick;
}

/* The arithmetic's mode: the output flush is done after the clamp. */
static inline sf_mode halu_arith_mode(const halu_insn *h)
{
    return (sf_mode){.rnd = h->rnd, .flush_inputs = h->ftz, .flush_output = false};
}

/* halu_lanes.c: load-time preparations (gm_prep_fn) of HADD2 (16-bit
 * results), HMUL2, HFMA2, HMNMX2, HSETP2 and HSET2. */
gm_op_fn halu_prep_hadd2(gm_decoded *d, gm_op_fn fn);
gm_op_fn halu_prep_hmul2(gm_decoded *d, gm_op_fn fn);
gm_op_fn halu_prep_hfma2(gm_decoded *d, gm_op_fn fn);
gm_op_fn halu_prep_hmnmx2(gm_decoded *d, gm_op_fn fn);
gm_op_fn halu_prep_hsetp2(gm_decoded *d, gm_op_fn fn);
gm_op_fn halu_prep_hset2(gm_decoded *d, gm_op_fn fn);

#endif
