/* cosim/model softfloat over whole warps: softfloat.h's add, multiply and
 * fused multiply-add (and compare, min/max) on arrays of elements, with the
 * same result bits.
 *
 * Where it is exact, an element's result is formed with the host's binary32
 * (16-bit formats) or binary64 (binary32) arithmetic: products of these
 * formats are exact there, and a sum's rounding error is recovered exactly
 * (TwoSum), which gives the sum rounded to odd: rounding that once more, in
 * integer code, to the element's format and mode is the correctly rounded
 * result (the wider format has at least two more bits). Elements outside
 * that domain (NaN or infinite inputs, zero or subnormal results, BF16
 * values beyond binary32's range...) take softfloat.h's functions, and so
 * does everything when the host's floating-point environment is not its
 * default (round to nearest, subnormals kept). The loops are branch-free so
 * that the compiler vectorises them. */
#ifndef GM_FP_SF_LANES_H
#define GM_FP_SF_LANES_H

#include "softfloat.h"

/* An AVX2 copy of the loops (x86-64, GCC or Clang: target attributes and
 * __builtin_cpu_supports). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SF_LANES_HAVE_WIDE 1
#else
#define SF_LANES_HAVE_WIDE 0
#endif

#define SF_LANES16 64 /* 16-bit elements of a warp: two halves of 32 lanes */
#define SF_LANES32 32

typedef enum { SF_OP_ADD, SF_OP_MUL, SF_OP_FMA } sf_op;

/* d[i] = sf_add(f, f, a[i], b[i], m), sf_mul(f, a[i], b[i], m) or
 * sf_fma(f, a[i], b[i], c[i], m) for i < SF_LANES16; f is SF_F16 or SF_BF16,
 * elements in the low 16 bits (c is read by SF_OP_FMA only). */
void sf_lanes16(sf_op op, sf_format f, sf_mode m, const uint32_t *a, const uint32_t *b,
                const uint32_t *c, uint32_t *d);

/* The same for binary32 elements, i < SF_LANES32. */
void sf_lanes32(sf_op op, sf_mode m, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                uint32_t *d);

/* sf_compare on every element: out[i] all ones where it holds, else 0. */
void sf_compare_lanes16(sf_format f, sf_compare_op op, const uint32_t *a, const uint32_t *b,
                        bool flush_inputs, uint32_t *out);
void sf_compare_lanes32(sf_compare_op op, const uint32_t *a, const uint32_t *b, bool flush_inputs,
                        uint32_t *out);
/* sf_minmax on every element; minimum[i] all ones or zeros. */
void sf_minmax_lanes16(sf_format f, const uint32_t *a, const uint32_t *b, const uint32_t *minimum,
                       bool nan_wins, bool flush_inputs, uint32_t *out);
void sf_minmax_lanes32(const uint32_t *a, const uint32_t *b, const uint32_t *minimum,
                       bool nan_wins, bool flush_inputs, uint32_t *out);

/* Which compiled copy of the element loops runs: chosen by the CPU (AUTO:
 * AVX2 where the CPU has it and the compiler could build it), or forced
 * (tests run both; the results are the same). Not thread-safe: set it
 * before any model runs. */
typedef enum { SF_LANES_AUTO, SF_LANES_BASE, SF_LANES_WIDE } sf_lanes_isa;
void sf_lanes_select(sf_lanes_isa isa);
bool sf_lanes_wide_available(void);

/* True when the host arithmetic path is used: C evaluates float and double
 * in their own precision, and the floating-point environment rounds to
 * nearest and keeps subnormals. */
bool sf_lanes_host_ok(void);

#endif
