/* Softfloat against an exact reference.
 *
 * The reference forms every result exactly, as a two's-complement fixed-point
 * integer with a format-dependent number of 64-bit limbs (value = N * 2^-frac),
 * and rounds it with its own code. It shares nothing with the implementation
 * but the bit layout of the formats. binary32 round-to-nearest results are
 * also checked against the host's float arithmetic (which rounds that way).
 *
 * Iterations: 1,000,000 random cases per operation, rounding mode and 16-bit
 * format (200,000 for binary32); a tenth under AddressSanitizer. The
 * environment variable FP_TEST_ITERATIONS sets the 16-bit count (binary32
 * gets a fifth of it). Prints "N passed, N failed"; exits 1 on any failure. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "softfloat.h"

/* ---------------------------------------------------------------- formats */

typedef struct {
    const char *name;
    int exp_bits, man_bits;
    int frac;  /* fixed-point unit 2^-frac: below the smallest product */
    int limbs; /* enough for the largest product, with a sign bit */
} ref_format;

static const ref_format REF[] = {
    [SF_F16] = {"f16", 5, 10, 48, 2},
    [SF_BF16] = {"bf16", 8, 7, 266, 9},
    [SF_F32] = {"f32", 8, 23, 298, 9},
};
static const char *const RND_NAME[] = {"RN", "RP", "RM", "RZ"};

static int bias_of(const ref_format *rf)
{
    return (1 << (rf->exp_bits - 1)) - 1;
}

static int exp_max_field(const ref_format *rf)
{
    return (1 << rf->exp_bits) - 1;
}

static uint32_t sign_bit(const ref_format *rf)
{
    return 1u << (rf->exp_bits + rf->man_bits);
}

/* ---------------------------------------------------------------- big integers */

#define MAX_LIMBS 9

typedef struct {
    int n;
    uint64_t w[MAX_LIMBS]; /* little-endian limbs, two's complement */
} big;

static big big_zero(const ref_format *rf)
{
    big b;
    memset(&b, 0, sizeof b);
    b.n = rf->limbs;
    return b;
}

static void big_negate(big *a)
{
    unsigned carry = 1;
    for (int i = 0; i < a->n; i++) {
        uint64_t v = ~a->w[i] + carry;
        carry = carry && v == 0;
        a->w[i] = v;
    }
}

static void big_add(big *a, const big *b)
{
    unsigned carry = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t s = a->w[i] + b->w[i];
        unsigned c1 = s < a->w[i];
        uint64_t t = s + carry;
        unsigned c2 = t < s;
        a->w[i] = t;
        carry = c1 | c2;
    }
}

static bool big_negative(const big *a)
{
    return a->w[a->n - 1] >> 63;
}

static bool big_is_zero(const big *a)
{
    for (int i = 0; i < a->n; i++)
        if (a->w[i])
            return false;
    return true;
}

/* +-sig * 2^shift in units (shift >= 0). */
static big big_term(const ref_format *rf, bool negative, uint64_t sig, int shift)
{
    big b = big_zero(rf);
    if (shift < 0 || shift / 64 >= b.n) {
        fprintf(stderr, "reference range exceeded\n");
        exit(2);
    }
    b.w[shift / 64] = sig << (shift % 64);
    if (shift % 64 && shift / 64 + 1 < b.n)
        b.w[shift / 64 + 1] = sig >> (64 - shift % 64);
    if (negative)
        big_negate(&b);
    return b;
}

static bool big_bit(const big *a, int pos)
{
    if (pos < 0 || pos >= 64 * a->n)
        return false;
    return (a->w[pos / 64] >> (pos % 64)) & 1;
}

static bool big_any_below(const big *a, int pos)
{
    for (int i = 0; i < a->n && 64 * i < pos; i++) {
        uint64_t m = pos - 64 * i >= 64 ? ~0ull : (1ull << (pos - 64 * i)) - 1;
        if (a->w[i] & m)
            return true;
    }
    return false;
}

static int big_bit_length(const big *a)
{
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i])
            return 64 * i + 64 - __builtin_clzll(a->w[i]);
    return 0;
}

/* Bits [lo, lo + count) (count <= 63); lo may be negative (zeros shifted in). */
static uint64_t big_field(const big *a, int lo, int count)
{
    uint64_t v = 0;
    for (int k = count - 1; k >= 0; k--)
        v = v << 1 | big_bit(a, lo + k);
    return v;
}

/* ---------------------------------------------------------------- decoding */

enum { K_ZERO, K_FINITE, K_INF, K_NAN };

typedef struct {
    int kind;
    bool negative;
    uint64_t sig; /* value = sig * 2^exp2 */
    int exp2;
} ref_val;

static ref_val ref_decode(const ref_format *rf, uint32_t bits, bool flush)
{
    ref_val v = {.negative = (bits & sign_bit(rf)) != 0};
    int e = (int)((bits >> rf->man_bits) & (uint32_t)exp_max_field(rf));
    uint64_t m = bits & ((1u << rf->man_bits) - 1);
    if (e == exp_max_field(rf)) {
        v.kind = m ? K_NAN : K_INF;
    } else if (e == 0) {
        v.kind = m && !flush ? K_FINITE : K_ZERO;
        v.sig = m;
        v.exp2 = 1 - bias_of(rf) - rf->man_bits;
    } else {
        v.kind = K_FINITE;
        v.sig = m + (1ull << rf->man_bits);
        v.exp2 = e - bias_of(rf) - rf->man_bits;
    }
    return v;
}

static big ref_exact(const ref_format *unit, const ref_val *v)
{
    if (v->kind != K_FINITE)
        return big_zero(unit);
    return big_term(unit, v->negative, v->sig, v->exp2 + unit->frac);
}

/* ---------------------------------------------------------------- rounding */

static uint64_t ties_seen;

static uint32_t ref_nan(const ref_format *rf)
{
    return sign_bit(rf) - 1;
}

static uint32_t ref_inf(const ref_format *rf, bool negative)
{
    return (negative ? sign_bit(rf) : 0) | (uint32_t)exp_max_field(rf) << rf->man_bits;
}

static uint32_t ref_flush_out(const ref_format *rf, uint32_t r, bool flush)
{
    bool subnormal = ((r >> rf->man_bits) & (uint32_t)exp_max_field(rf)) == 0 &&
                     (r & ((1u << rf->man_bits) - 1));
    return flush && subnormal ? r & sign_bit(rf) : r;
}

/* Encodes k * 2^q (k < 2^(man+1)) or reports overflow by returning false. */
static bool ref_encode(const ref_format *rf, bool negative, uint64_t k, int q, uint32_t *out)
{
    uint32_t s = negative ? sign_bit(rf) : 0;
    if (k == 2ull << rf->man_bits) {
        k >>= 1;
        q++;
    }
    if (k < 1ull << rf->man_bits) { /* subnormal: q is the fixed subnormal place */
        *out = s | (uint32_t)k;
        return true;
    }
    int biased = q + rf->man_bits + bias_of(rf);
    if (biased > exp_max_field(rf) - 1)
        return false;
    *out = s | (uint32_t)biased << rf->man_bits | ((uint32_t)k & ((1u << rf->man_bits) - 1));
    return true;
}

/* Rounds the nonzero exact value n (units of `unit`) to format `to`. */
static uint32_t ref_round(const ref_format *unit, const ref_format *to, big n, sf_rounding rnd)
{
    bool negative = big_negative(&n);
    if (negative)
        big_negate(&n);
    int lead = big_bit_length(&n) - 1 - unit->frac; /* exponent of the top bit */
    int emin = 1 - bias_of(to);
    int q = (lead > emin ? lead : emin) - to->man_bits; /* exponent of the last kept place */
    int s = q + unit->frac;                              /* that place, in bits of n */
    uint64_t k = big_field(&n, s, to->man_bits + 2);
    bool half_bit = big_bit(&n, s - 1), rest = big_any_below(&n, s - 1);
    bool up;
    switch (rnd) {
    case SF_RN: up = half_bit && (rest || (k & 1)); break;
    case SF_RP: up = !negative && (half_bit || rest); break;
    case SF_RM: up = negative && (half_bit || rest); break;
    default: up = false; break;
    }
    if (half_bit && !rest)
        ties_seen++;
    uint32_t out;
    if (ref_encode(to, negative, k + up, q, &out))
        return out;
    /* overflow: Inf unless the mode rounds toward zero for this sign */
    bool to_inf = rnd == SF_RN || (rnd == SF_RP && !negative) || (rnd == SF_RM && negative);
    return to_inf ? ref_inf(to, negative) : ref_inf(to, negative) - 1;
}

/* ---------------------------------------------------------------- operations */

typedef struct {
    sf_rounding rnd;
    bool ftz_in, ftz_out;
} ref_mode;

static uint32_t ref_sum_result(const ref_format *unit, const ref_format *to, big sum,
                               bool terms_zero, bool sign_x, bool sign_y, ref_mode m)
{
    uint32_t r;
    if (big_is_zero(&sum)) {
        bool negative = terms_zero && sign_x == sign_y ? sign_x : m.rnd == SF_RM;
        r = negative ? sign_bit(to) : 0;
    } else {
        r = ref_round(unit, to, sum, m.rnd);
    }
    return ref_flush_out(to, r, m.ftz_out);
}

static uint32_t ref_add(const ref_format *in, const ref_format *out, uint32_t a, uint32_t b,
                        ref_mode m)
{
    ref_val x = ref_decode(in, a, m.ftz_in), y = ref_decode(in, b, m.ftz_in);
    if (x.kind == K_NAN || y.kind == K_NAN)
        return ref_nan(out);
    if (x.kind == K_INF && y.kind == K_INF)
        return x.negative == y.negative ? ref_inf(out, x.negative) : ref_nan(out);
    if (x.kind == K_INF || y.kind == K_INF)
        return ref_inf(out, x.kind == K_INF ? x.negative : y.negative);
    big s = ref_exact(in, &x), t = ref_exact(in, &y);
    big_add(&s, &t);
    return ref_sum_result(in, out, s, x.kind == K_ZERO && y.kind == K_ZERO, x.negative,
                          y.negative, m);
}

static big ref_product(const ref_format *rf, const ref_val *x, const ref_val *y)
{
    if (x->kind != K_FINITE || y->kind != K_FINITE)
        return big_zero(rf);
    return big_term(rf, x->negative != y->negative, x->sig * y->sig, x->exp2 + y->exp2 + rf->frac);
}

static uint32_t ref_mul(const ref_format *rf, uint32_t a, uint32_t b, ref_mode m)
{
    ref_val x = ref_decode(rf, a, m.ftz_in), y = ref_decode(rf, b, m.ftz_in);
    bool negative = x.negative != y.negative;
    if (x.kind == K_NAN || y.kind == K_NAN)
        return ref_nan(rf);
    if ((x.kind == K_INF && y.kind == K_ZERO) || (x.kind == K_ZERO && y.kind == K_INF))
        return ref_nan(rf);
    if (x.kind == K_INF || y.kind == K_INF)
        return ref_inf(rf, negative);
    if (x.kind == K_ZERO || y.kind == K_ZERO)
        return negative ? sign_bit(rf) : 0;
    return ref_flush_out(rf, ref_round(rf, rf, ref_product(rf, &x, &y), m.rnd), m.ftz_out);
}

static uint32_t ref_fma(const ref_format *rf, uint32_t a, uint32_t b, uint32_t c, ref_mode m)
{
    ref_val x = ref_decode(rf, a, m.ftz_in), y = ref_decode(rf, b, m.ftz_in),
            z = ref_decode(rf, c, m.ftz_in);
    bool pneg = x.negative != y.negative;
    if (x.kind == K_NAN || y.kind == K_NAN || z.kind == K_NAN)
        return ref_nan(rf);
    if ((x.kind == K_INF && y.kind == K_ZERO) || (x.kind == K_ZERO && y.kind == K_INF))
        return ref_nan(rf);
    bool pinf = x.kind == K_INF || y.kind == K_INF;
    if (pinf && z.kind == K_INF && z.negative != pneg)
        return ref_nan(rf);
    if (pinf)
        return ref_inf(rf, pneg);
    if (z.kind == K_INF)
        return ref_inf(rf, z.negative);
    big s = ref_product(rf, &x, &y), t = ref_exact(rf, &z);
    big_add(&s, &t);
    bool pzero = x.kind == K_ZERO || y.kind == K_ZERO;
    return ref_sum_result(rf, rf, s, pzero && z.kind == K_ZERO, pneg, z.negative, m);
}

static uint32_t ref_convert(const ref_format *from, const ref_format *to, uint32_t a, ref_mode m)
{
    ref_val x = ref_decode(from, a, m.ftz_in);
    switch (x.kind) {
    case K_NAN: return ref_nan(to);
    case K_INF: return ref_inf(to, x.negative);
    case K_ZERO: return x.negative ? sign_bit(to) : 0;
    }
    return ref_flush_out(to, ref_round(from, to, ref_exact(from, &x), m.rnd), m.ftz_out);
}

/* ---------------------------------------------------------------- inputs */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

static uint32_t compose(const ref_format *rf, bool negative, int e, uint32_t man)
{
    if (e < 0)
        e = 0;
    if (e > exp_max_field(rf))
        e = exp_max_field(rf);
    return (negative ? sign_bit(rf) : 0) | (uint32_t)e << rf->man_bits |
           (man & ((1u << rf->man_bits) - 1));
}

static int exp_of(const ref_format *rf, uint32_t x)
{
    return (int)((x >> rf->man_bits) & (uint32_t)exp_max_field(rf));
}

static uint32_t random_bits(const ref_format *rf)
{
    return (uint32_t)rng() & ((sign_bit(rf) << 1) - 1);
}

/* A random value whose exponent is within `spread` of e. */
static uint32_t random_near(const ref_format *rf, int e, int spread)
{
    int d = (int)(rng() % (uint64_t)(2 * spread + 1)) - spread;
    return compose(rf, rng() & 1, e + d, (uint32_t)rng());
}

/* Mostly values close to `e` (cancellation, ties), some anywhere. */
static uint32_t random_operand(const ref_format *rf, int e)
{
    switch (rng() % 8) {
    case 0: return random_bits(rf);
    case 1: return random_near(rf, 1, 2); /* subnormal range */
    case 2: /* short mantissa: exact and halfway results */
        return compose(rf, rng() & 1, exp_of(rf, random_near(rf, e, 3)),
                       (uint32_t)(rng() & 7) << (rf->man_bits - 3));
    default: return random_near(rf, e, rf->man_bits + 3);
    }
}

/* Zeros, subnormals, min/max normal, around 1, max, Inf, NaNs; both signs. */
static int boundary_values(const ref_format *rf, uint32_t *out, bool small)
{
    const int bias = bias_of(rf), top = exp_max_field(rf);
    const int exps_full[] = {0, 1, 2, bias - 1, bias, bias + 1, top - 1, top};
    const int exps_small[] = {0, 1, bias, top - 1, top};
    uint32_t half = 1u << (rf->man_bits - 1), all = (1u << rf->man_bits) - 1;
    const uint32_t mans_full[] = {0, 1, 2, half, half + 1, all - 1, all};
    const uint32_t mans_small[] = {0, 1, half, all};
    const int *exps = small ? exps_small : exps_full;
    const uint32_t *mans = small ? mans_small : mans_full;
    int ne = small ? 5 : 8, nm = small ? 4 : 7, n = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < ne; i++)
            for (int j = 0; j < nm; j++)
                out[n++] = compose(rf, s, exps[i], mans[j]);
    return n;
}

/* ---------------------------------------------------------------- checking */

static unsigned long long passed, failed;

static void check(const char *what, const ref_format *rf, ref_mode m, uint32_t got,
                  uint32_t want, uint32_t a, uint32_t b, uint32_t c)
{
    if (got == want) {
        passed++;
        return;
    }
    if (failed++ < 20)
        fprintf(stderr,
                "FAIL %s.%s %s%s%s: a=0x%x b=0x%x c=0x%x: got 0x%x, want 0x%x\n", what,
                rf->name, RND_NAME[m.rnd], m.ftz_in ? " ftz_in" : "",
                m.ftz_out ? " ftz_out" : "", a, b, c, got, want);
}

static sf_mode to_sf(ref_mode m)
{
    return (sf_mode){.rnd = m.rnd, .flush_inputs = m.ftz_in, .flush_output = m.ftz_out};
}

static ref_mode random_mode(sf_rounding rnd)
{
    uint64_t r = rng() % 8;
    return (ref_mode){.rnd = rnd, .ftz_in = r == 0 || r == 2, .ftz_out = r == 1 || r == 2};
}

enum op { OP_ADD, OP_MUL, OP_FMA };
static const char *const OP_NAME[] = {"add", "mul", "fma"};

static void check_one(enum op op, sf_format f, ref_mode m, uint32_t a, uint32_t b, uint32_t c)
{
    const ref_format *rf = &REF[f];
    uint32_t got, want;
    switch (op) {
    case OP_ADD:
        got = sf_add(f, f, a, b, to_sf(m));
        want = ref_add(rf, rf, a, b, m);
        break;
    case OP_MUL:
        got = sf_mul(f, a, b, to_sf(m));
        want = ref_mul(rf, a, b, m);
        break;
    default:
        got = sf_fma(f, a, b, c, to_sf(m));
        want = ref_fma(rf, a, b, c, m);
        break;
    }
    check(OP_NAME[op], rf, m, got, want, a, b, c);
}

static void boundary_sweep(enum op op, sf_format f, sf_rounding rnd)
{
    uint32_t v[128];
    int n = boundary_values(&REF[f], v, op == OP_FMA);
    for (int ftz = 0; ftz < 2; ftz++) {
        ref_mode m = {rnd, ftz, ftz};
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (op != OP_FMA) {
                    check_one(op, f, m, v[i], v[j], 0);
                    continue;
                }
                for (int k = 0; k < n; k++)
                    check_one(op, f, m, v[i], v[j], v[k]);
            }
    }
}

static void random_sweep(enum op op, sf_format f, sf_rounding rnd, long iterations)
{
    const ref_format *rf = &REF[f];
    for (long i = 0; i < iterations; i++) {
        uint32_t a = random_operand(rf, (int)(rng() % (uint64_t)exp_max_field(rf)));
        uint32_t b = random_operand(rf, exp_of(rf, a));
        int product_exp = exp_of(rf, a) + exp_of(rf, b) - bias_of(rf);
        uint32_t c = random_operand(rf, product_exp);
        check_one(op, f, random_mode(rnd), a, b, c);
    }
}

/* binary32, round to nearest: the host's float arithmetic agrees. */
static float as_float(uint32_t x)
{
    float f;
    memcpy(&f, &x, 4);
    return f;
}

static uint32_t float_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    return isnan(f) ? 0x7fffffffu : x;
}

static void host_check_f32(long iterations)
{
    const ref_format *rf = &REF[SF_F32];
    ref_mode m = {SF_RN, false, false};
    for (long i = 0; i < iterations; i++) {
        uint32_t a = random_operand(rf, (int)(rng() % 255)), b = random_operand(rf, exp_of(rf, a));
        uint32_t c = random_operand(rf, exp_of(rf, a) + exp_of(rf, b) - 127);
        float x = as_float(a), y = as_float(b), z = as_float(c);
        check("host_add", rf, m, sf_add(SF_F32, SF_F32, a, b, to_sf(m)), float_bits(x + y), a, b, 0);
        check("host_mul", rf, m, sf_mul(SF_F32, a, b, to_sf(m)), float_bits(x * y), a, b, 0);
        check("host_fma", rf, m, sf_fma(SF_F32, a, b, c, to_sf(m)), float_bits(fmaf(x, y, z)), a, b, c);
    }
}

static void conversions(long iterations)
{
    for (int r = 0; r < 4; r++)
        for (int ftz = 0; ftz < 2; ftz++) {
            ref_mode m = {(sf_rounding)r, ftz, ftz};
            for (sf_format f = SF_F16; f <= SF_BF16; f++) {
                for (uint32_t x = 0; x < 0x10000; x++) /* widening: exhaustive */
                    check("to_f32", &REF[f], m, sf_convert(f, SF_F32, x, to_sf(m)),
                          ref_convert(&REF[f], &REF[SF_F32], x, m), x, 0, 0);
                for (long i = 0; i < iterations / 2; i++) { /* narrowing */
                    int centre = f == SF_F16 ? 127 - 8 : (int)(rng() % 255);
                    uint32_t x = i % 4 ? random_near(&REF[SF_F32], centre, 24) : (uint32_t)rng();
                    check("from_f32", &REF[f], m, sf_convert(SF_F32, f, x, to_sf(m)),
                          ref_convert(&REF[SF_F32], &REF[f], x, m), x, 0, 0);
                }
            }
        }
}

/* HADD2.F32: 16-bit inputs, one rounding to binary32. */
static void widening_add(long iterations)
{
    for (sf_format f = SF_F16; f <= SF_BF16; f++)
        for (int r = 0; r < 4; r++)
            for (long i = 0; i < iterations; i++) {
                const ref_format *rf = &REF[f];
                ref_mode m = random_mode((sf_rounding)r);
                uint32_t a = random_operand(rf, (int)(rng() % (uint64_t)exp_max_field(rf)));
                uint32_t b = random_operand(rf, exp_of(rf, a));
                check("add_to_f32", rf, m, sf_add(f, SF_F32, a, b, to_sf(m)),
                      ref_add(rf, &REF[SF_F32], a, b, m), a, b, 0);
            }
}

/* ---------------------------------------------------------------- compare, min/max */

static double ref_value(const ref_format *rf, uint32_t x, bool flush)
{
    ref_val v = ref_decode(rf, x, flush);
    double d = v.kind == K_NAN ? NAN : v.kind == K_INF ? INFINITY : ldexp((double)v.sig, v.exp2);
    if (v.kind == K_ZERO)
        d = 0.0;
    return v.negative ? -d : d; /* exact: every value fits a double */
}

static bool ref_compare(sf_compare_op op, double a, double b)
{
    bool u = isnan(a) || isnan(b);
    switch (op) {
    case SF_EQ: return !u && a == b;
    case SF_NE: return !u && !(a == b);
    case SF_LT: return !u && a < b;
    case SF_LE: return !u && a <= b;
    case SF_GT: return !u && a > b;
    case SF_GE: return !u && a >= b;
    case SF_EQU: return u || a == b;
    case SF_NEU: return u || !(a == b);
    case SF_LTU: return u || a < b;
    case SF_LEU: return u || a <= b;
    case SF_GTU: return u || a > b;
    case SF_GEU: return u || a >= b;
    case SF_NAN: return u;
    default: return !u;
    }
}

static uint32_t ref_minmax(const ref_format *rf, uint32_t a, uint32_t b, bool minimum,
                           bool nan_wins, bool flush)
{
    double x = ref_value(rf, a, flush), y = ref_value(rf, b, flush);
    uint32_t fa = ref_decode(rf, a, flush).kind == K_ZERO ? a & sign_bit(rf) : a;
    uint32_t fb = ref_decode(rf, b, flush).kind == K_ZERO ? b & sign_bit(rf) : b;
    if (isnan(x) && isnan(y))
        return ref_nan(rf);
    if (isnan(x) || isnan(y))
        return nan_wins ? ref_nan(rf) : isnan(x) ? fb : fa;
    bool x_first = x < y || (x == y && signbit(x) && !signbit(y)); /* -0 < +0 */
    if (x == y && signbit(x) == signbit(y))
        return fa;
    return minimum == x_first ? fa : fb;
}

static void compare_one(sf_format f, uint32_t a, uint32_t b, int variant)
{
    const ref_format *rf = &REF[f];
    bool flush = variant & 1;
    ref_mode m = {SF_RN, flush, false};
    double x = ref_value(rf, a, flush), y = ref_value(rf, b, flush);
    for (int op = 0; op < SF_COMPARE_COUNT; op++)
        check("compare", rf, m, sf_compare(f, (sf_compare_op)op, a, b, flush),
              ref_compare((sf_compare_op)op, x, y), a, b, (uint32_t)op);
    bool minimum = variant & 2, nan_wins = variant & 4;
    check(minimum ? "min" : "max", rf, m, sf_minmax(f, a, b, minimum, nan_wins, flush),
          ref_minmax(rf, a, b, minimum, nan_wins, flush), a, b, nan_wins);
}

static void comparisons(long iterations)
{
    for (sf_format f = SF_F16; f <= SF_F32; f++) {
        const ref_format *rf = &REF[f];
        uint32_t v[128];
        int n = boundary_values(rf, v, false);
        for (int variant = 0; variant < 8; variant++)
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    compare_one(f, v[i], v[j], variant);
        for (long i = 0; i < iterations; i++) {
            uint32_t a = random_operand(rf, (int)(rng() % (uint64_t)exp_max_field(rf)));
            uint32_t b = rng() % 4 ? random_operand(rf, exp_of(rf, a)) : a ^ (uint32_t)(rng() & 1);
            compare_one(f, a, b, (int)(rng() % 8));
        }
    }
}

/* ---------------------------------------------------------------- main */

static long iteration_count(void)
{
    const char *env = getenv("FP_TEST_ITERATIONS");
    if (env && *env)
        return strtol(env, NULL, 10);
#if defined(__SANITIZE_ADDRESS__)
    return 100000;
#else
    return 1000000;
#endif
}

int main(void)
{
    long n16 = iteration_count(), n32 = n16 / 5;
    for (int op = OP_ADD; op <= OP_FMA; op++)
        for (sf_format f = SF_F16; f <= SF_F32; f++)
            for (int r = 0; r < 4; r++) {
                unsigned long long before = passed + failed;
                ties_seen = 0;
                boundary_sweep((enum op)op, f, (sf_rounding)r);
                random_sweep((enum op)op, f, (sf_rounding)r, f == SF_F32 ? n32 : n16);
                printf("%s.%s.%s: %llu cases, %llu exact ties\n", OP_NAME[op], REF[f].name,
                       RND_NAME[r], passed + failed - before, (unsigned long long)ties_seen);
            }
    host_check_f32(n32);
    conversions(n16);
    widening_add(n32);
    comparisons(n16 / 4);
    printf("%llu passed, %llu failed\n", passed, failed);
    return failed ? 1 : 0;
}
