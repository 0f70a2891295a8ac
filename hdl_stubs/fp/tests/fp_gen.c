/* hdl_stubs/fp tests: random and edge-case operands (see fp_gen.h). */
#include "fp_gen.h"

const fpg_format FPG_F16 = {5, 10}, FPG_BF16 = {8, 7}, FPG_F32 = {8, 23}, FPG_F64H = {11, 20};

uint64_t fpg_next(fpg_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t fpg_below(fpg_rng *r, uint32_t n)
{
    return (uint32_t)((fpg_next(r) >> 32) * n >> 32);
}

static uint32_t sign_bit(fpg_format f)
{
    return 1u << (f.exp_bits + f.frac_bits);
}

static uint32_t frac_mask(fpg_format f)
{
    return (1u << f.frac_bits) - 1;
}

static uint32_t exp_max(fpg_format f)
{
    return (1u << f.exp_bits) - 1;
}

static uint32_t pack(fpg_format f, uint32_t sign, uint32_t e, uint32_t m)
{
    return (sign ? sign_bit(f) : 0) | (e & exp_max(f)) << f.frac_bits | (m & frac_mask(f));
}

enum { EDGES = 16 };

unsigned fpg_edge_count(void)
{
    return 2 * EDGES;
}

uint32_t fpg_edge(fpg_format f, unsigned i)
{
    uint32_t bias = exp_max(f) >> 1, m = frac_mask(f), s = i >= EDGES;
    switch (i % EDGES) {
    case 0: return pack(f, s, 0, 0);                       /* zero */
    case 1: return pack(f, s, 0, 1);                       /* smallest subnormal */
    case 2: return pack(f, s, 0, m);                       /* largest subnormal */
    case 3: return pack(f, s, 0, 1u << (f.frac_bits - 1)); /* half the smallest normal */
    case 4: return pack(f, s, 1, 0);                       /* smallest normal */
    case 5: return pack(f, s, 1, 1);
    case 6: return pack(f, s, bias, 0);                    /* 1.0 */
    case 7: return pack(f, s, bias, 1);                    /* 1 + ulp */
    case 8: return pack(f, s, bias - 1, m);                /* 1 - ulp/2 */
    case 9: return pack(f, s, bias + 1, 1u << (f.frac_bits - 1)); /* 3.0 */
    case 10: return pack(f, s, exp_max(f) - 1, m);         /* largest finite */
    case 11: return pack(f, s, exp_max(f) - 1, 0);
    case 12: return pack(f, s, exp_max(f), 0);            /* infinity */
    case 13: return pack(f, s, exp_max(f), 1);            /* NaNs */
    case 14: return pack(f, s, exp_max(f), 1u << (f.frac_bits - 1));
    default: return pack(f, s, exp_max(f), m);
    }
}

uint32_t fpg_value(fpg_rng *r, fpg_format f)
{
    uint64_t x = fpg_next(r);
    uint32_t s = (uint32_t)(x >> 63), bits = (uint32_t)(x >> 20), bias = exp_max(f) >> 1;
    uint32_t all = (sign_bit(f) << 1) - 1;
    switch (x % 12) {
    case 0: return fpg_edge(f, (uint32_t)(x >> 8) % fpg_edge_count());
    case 1: return pack(f, s, 0, bits);                                  /* subnormal */
    case 2: return pack(f, s, 1 + (uint32_t)(x >> 8) % 3, bits);         /* near the smallest normal */
    case 3: return pack(f, s, exp_max(f) - 1 - (uint32_t)(x >> 8) % 3, bits); /* near overflow */
    case 4: case 5:
        return pack(f, s, bias - 3 + (uint32_t)(x >> 8) % 7, bits);     /* near 1.0 */
    case 6: case 7: {                                                  /* short significand */
        uint32_t keep = 1 + (uint32_t)(x >> 4) % 4;
        uint32_t mm = f.frac_bits > keep ? bits & (frac_mask(f) & ~(frac_mask(f) >> keep)) : bits;
        return pack(f, s, bias - 12 + (uint32_t)(x >> 8) % 25, mm);
    }
    case 8: return pack(f, s, exp_max(f), bits | 1);                     /* NaN, any payload */
    default: return bits & all;
    }
}

uint32_t fpg_near(fpg_rng *r, fpg_format f, uint32_t x)
{
    uint32_t mag = x & (sign_bit(f) - 1);
    int32_t step = (int32_t)fpg_below(r, 9) - 4;
    int64_t y = (int64_t)mag + step;
    if (y < 0 || y >= (int64_t)(exp_max(f) << f.frac_bits))
        return x;
    return (x & sign_bit(f)) | (uint32_t)y;
}
