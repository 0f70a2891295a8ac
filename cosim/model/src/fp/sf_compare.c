/* cosim/model softfloat: comparisons and minimum / maximum. */
#include "sf_internal.h"

/* A signed integer that orders non-NaN patterns like their values; both zeros
 * map to 0. */
static int64_t order_key(sf_format f, uint32_t x)
{
    int64_t magnitude = x & ~sf_sign_mask(f);
    return (x & sf_sign_mask(f)) ? -magnitude : magnitude;
}

bool sf_compare(sf_format f, sf_compare_op op, uint32_t a, uint32_t b, bool flush_inputs)
{
    if (flush_inputs) {
        a = sf_flush(f, a);
        b = sf_flush(f, b);
    }
    bool unordered = sf_is_nan(f, a) || sf_is_nan(f, b);
    int64_t ka = order_key(f, a), kb = order_key(f, b);
    switch (op) {
    case SF_EQ: return !unordered && ka == kb;
    case SF_NE: return !unordered && ka != kb;
    case SF_LT: return !unordered && ka < kb;
    case SF_LE: return !unordered && ka <= kb;
    case SF_GT: return !unordered && ka > kb;
    case SF_GE: return !unordered && ka >= kb;
    case SF_EQU: return unordered || ka == kb;
    case SF_NEU: return unordered || ka != kb;
    case SF_LTU: return unordered || ka < kb;
    case SF_LEU: return unordered || ka <= kb;
    case SF_GTU: return unordered || ka > kb;
    case SF_GEU: return unordered || ka >= kb;
    case SF_NAN: return unordered;
    case SF_NUM: return !unordered;
    case SF_COMPARE_COUNT: break;
    }
    return false;
}

/* Total order of non-NaN values with -0.0 below +0.0. */
static bool less_signed_zero(sf_format f, uint32_t a, uint32_t b)
{
    int64_t ka = order_key(f, a), kb = order_key(f, b);
    if (ka != kb)
        return ka < kb;
    return (a & sf_sign_mask(f)) && !(b & sf_sign_mask(f));
}

uint32_t sf_minmax(sf_format f, uint32_t a, uint32_t b, bool minimum, bool nan_wins,
                   bool flush_inputs)
{
    if (flush_inputs) {
        a = sf_flush(f, a);
        b = sf_flush(f, b);
    }
    bool a_nan = sf_is_nan(f, a), b_nan = sf_is_nan(f, b);
    if (a_nan || b_nan) {
        if (nan_wins || (a_nan && b_nan))
            return sf_canonical_nan(f);
        return a_nan ? b : a;
    }
    bool a_less = less_signed_zero(f, a, b);
    return minimum == a_less ? a : b;
}
