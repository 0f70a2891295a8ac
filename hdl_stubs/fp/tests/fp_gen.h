/* hdl_stubs/fp tests: random and edge-case operands. */
#ifndef FP_GEN_H
#define FP_GEN_H

#include <stdint.h>

typedef struct {
    unsigned exp_bits, frac_bits;
} fpg_format;

extern const fpg_format FPG_F16, FPG_BF16, FPG_F32, FPG_F64H;

typedef struct {
    uint64_t s;
} fpg_rng;

uint64_t fpg_next(fpg_rng *r);
uint32_t fpg_below(fpg_rng *r, uint32_t n); /* uniform in 0..n-1 */

/* A value of format f, drawn to hit the corners often: signed zeros,
 * infinities, NaNs with random payloads, subnormals, the normal and
 * overflow boundaries, 1.0 and its neighbours, short significands (which make
 * exact sums and ties), and plain random patterns. */
uint32_t fpg_value(fpg_rng *r, fpg_format f);

/* The i-th of the format's edge values (i < fpg_edge_count()): the same
 * corners, listed once. */
unsigned fpg_edge_count(void);
uint32_t fpg_edge(fpg_format f, unsigned i);

/* x nudged by a few units in the last place (same sign), for cancellation. */
uint32_t fpg_near(fpg_rng *r, fpg_format f, uint32_t x);

#endif
