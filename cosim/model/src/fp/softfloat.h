/* cosim/model: bit-exact IEEE 754 arithmetic on binary16, bfloat16 and
 * binary32 bit patterns, computed with integers only (the host FPU and its
 * rounding mode are never used).
 *
 * Every operation rounds once, from the exact result, with the requested
 * mode. A NaN result is always the format's canonical QNAN (0x7FFF for the
 * 16-bit formats, 0x7FFFFFFF for binary32); NaN payloads never propagate.
 * No exception flags are kept. */
#ifndef GM_FP_SOFTFLOAT_H
#define GM_FP_SOFTFLOAT_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { SF_F16, SF_BF16, SF_F32 } sf_format;

/* Same order as the ISA's FPRound field. */
typedef enum { SF_RN, SF_RP, SF_RM, SF_RZ } sf_rounding;

typedef struct {
    sf_rounding rnd;
    bool flush_inputs; /* subnormal inputs become zeros of the same sign */
    bool flush_output; /* a subnormal result (after rounding) becomes a zero of the same sign */
} sf_mode;

/* Same order as the ISA's FCMPOp field. Ordered conditions are false and
 * unordered ones true when an input is NaN; NAN / NUM test for NaN inputs. */
typedef enum {
    SF_EQ, SF_NE, SF_LT, SF_LE, SF_GT, SF_GE,
    SF_EQU, SF_NEU, SF_LTU, SF_LEU, SF_GTU, SF_GEU,
    SF_NAN, SF_NUM,
    SF_COMPARE_COUNT
} sf_compare_op;

/* ---- formats ---- */
typedef struct {
    unsigned exp_bits, man_bits;
} sf_format_info;

static const sf_format_info sf_format_table[] = {
    [SF_F16] = {5, 10},
    [SF_BF16] = {8, 7},
    [SF_F32] = {8, 23},
};

/* ---- classification and small helpers (inline: every lane of every FP
 * instruction calls them) ---- */
static inline const sf_format_info *sf_info(sf_format f)
{
    return &sf_format_table[f];
}

static inline unsigned sf_exp_all_ones(sf_format f)
{
    return (1u << sf_info(f)->exp_bits) - 1;
}

static inline int sf_exp_bias(sf_format f)
{
    return (1 << (sf_info(f)->exp_bits - 1)) - 1;
}

static inline uint32_t sf_man_mask(sf_format f)
{
    return (1u << sf_info(f)->man_bits) - 1;
}

static inline unsigned sf_exp_field(sf_format f, uint32_t x)
{
    return (x >> sf_info(f)->man_bits) & sf_exp_all_ones(f);
}

static inline uint32_t sf_sign_mask(sf_format f)
{
    return 1u << (sf_info(f)->exp_bits + sf_info(f)->man_bits);
}

static inline uint32_t sf_canonical_nan(sf_format f)
{
    return sf_sign_mask(f) - 1; /* all bits but the sign: 0x7FFF, 0x7FFFFFFF */
}

static inline uint32_t sf_one(sf_format f)
{
    return (uint32_t)sf_exp_bias(f) << sf_info(f)->man_bits;
}

static inline bool sf_is_nan(sf_format f, uint32_t x)
{
    return sf_exp_field(f, x) == sf_exp_all_ones(f) && (x & sf_man_mask(f));
}

static inline bool sf_is_inf(sf_format f, uint32_t x)
{
    return sf_exp_field(f, x) == sf_exp_all_ones(f) && !(x & sf_man_mask(f));
}

static inline bool sf_is_zero(sf_format f, uint32_t x)
{
    return !(x & ~sf_sign_mask(f));
}

static inline bool sf_is_subnormal(sf_format f, uint32_t x)
{
    return sf_exp_field(f, x) == 0 && (x & sf_man_mask(f));
}

/* A subnormal becomes the zero of its sign; anything else is unchanged. */
static inline uint32_t sf_flush(sf_format f, uint32_t x)
{
    return sf_is_subnormal(f, x) ? x & sf_sign_mask(f) : x;
}

/* Clamp to [+0.0, 1.0]: NaN, -0.0 and every negative value give +0.0. */
static inline uint32_t sf_saturate(sf_format f, uint32_t x)
{
    if (sf_is_nan(f, x) || (x & sf_sign_mask(f)))
        return 0;
    return x > sf_one(f) ? sf_one(f) : x; /* positive patterns order like their values */
}

/* Negative values (-Inf included, -0.0 excluded) give +0.0. */
static inline uint32_t sf_relu(sf_format f, uint32_t x)
{
    bool negative = (x & sf_sign_mask(f)) && !sf_is_zero(f, x) && !sf_is_nan(f, x);
    return negative ? 0 : x;
}

/* Any NaN becomes the canonical QNAN. */
static inline uint32_t sf_canonicalize(sf_format f, uint32_t x)
{
    return sf_is_nan(f, x) ? sf_canonical_nan(f) : x;
}

/* ---- arithmetic (one rounding each) ---- */
/* a + b with a, b in format `in`, rounded to format `out`. */
uint32_t sf_add(sf_format in, sf_format out, uint32_t a, uint32_t b, sf_mode m);
uint32_t sf_mul(sf_format f, uint32_t a, uint32_t b, sf_mode m);
/* a * b + c: exact product, one rounding. */
uint32_t sf_fma(sf_format f, uint32_t a, uint32_t b, uint32_t c, sf_mode m);
uint32_t sf_convert(sf_format from, sf_format to, uint32_t x, sf_mode m);

/* ---- comparisons, min / max ---- */
bool sf_compare(sf_format f, sf_compare_op op, uint32_t a, uint32_t b, bool flush_inputs);
/* The smaller (minimum) or larger input's bits, after the optional flush,
 * with -0.0 < +0.0. NaN: with nan_wins any NaN input gives QNAN; otherwise a
 * single NaN is ignored and two NaNs give QNAN. */
uint32_t sf_minmax(sf_format f, uint32_t a, uint32_t b, bool minimum, bool nan_wins,
                   bool flush_inputs);

#endif
