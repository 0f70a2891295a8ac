/* cosim/model: HADD2 (16-bit results), HMUL2, HFMA2, HMNMX2, HSETP2 and
 * HSET2 over whole warps: the 64 halves of a warp as arrays, the arithmetic by sf_lanes16,
 * the modifiers read when the code is loaded. Same results as halu.c's
 * lane-by-lane functions, which keep the forms that trap. */
#include <string.h>

#include "fp/sf_lanes.h"
#include "halu.h"

typedef struct {
    halu_insn h;
    uint8_t op;          /* sf_op (arithmetic) */
    uint8_t sources;     /* 2 or 3 */
    uint8_t nan_wins;    /* HMNMX2.NAN */
    uint8_t cmp, lop;    /* HSETP2 / HSET2: sf_compare_op; AND, OR, XOR */
    uint16_t true_value; /* HSET2: 1.0 (.BF) or 0xFFFF per half */
} halu_params;

/* Element i = 32 * half + lane of a source: its 16-bit input (halu.c's
 * half_input). */
static void inputs(const uint32_t *restrict raw, unsigned shift0, unsigned shift1, uint32_t keep,
                   uint32_t flip, uint32_t *restrict x)
{
    for (unsigned l = 0; l < GM_LANES; l++) {
        x[l] = ((raw[l] >> shift0) & keep) ^ flip;
        x[GM_LANES + l] = ((raw[l] >> shift1) & keep) ^ flip;
    }
}

/* The decorated halves of source slot k (a row read by gm_src_row). */
static void read_halves(gm_exec *ex, const halu_insn *h, unsigned k, uint32_t x[SF_LANES16])
{
    uint32_t scratch[GM_LANES];
    const uint32_t *raw = gm_src_row(ex, (char)('a' + k), scratch);
    const halu_decoration *d = &h->dec[k];
    inputs(raw, halu_half_shift(d, 0), halu_half_shift(d, 1), d->abs ? 0x7fffu : 0xffffu,
           d->neg ? 0x8000u : 0, x);
}

/* The 16-bit format's fields. */
typedef struct {
    uint32_t inf, man, one; /* infinity's pattern, the fraction mask, 1.0 */
} format16;

static format16 format16_of(sf_format f)
{
    return (format16){sf_exp_all_ones(f) << sf_info(f)->man_bits, sf_man_mask(f), sf_one(f)};
}

/* halu.c's finish() on every element, in the spec's order: .SAT clamp (or
 * .RELU), the output flush. (Its last step, the canonical NaN, changes
 * nothing here: sf_lanes16 gives canonical NaNs, and neither step makes one.) */
static void saturate_lanes(uint32_t *restrict r, format16 f)
{
    for (unsigned i = 0; i < SF_LANES16; i++) {
        uint32_t x = r[i], nan_or_neg = 0u - (((x & 0x7fffu) > f.inf) | (x >> 15));
        uint32_t clamped = x > f.one ? f.one : x; /* positive patterns order like values */
        r[i] = clamped & ~nan_or_neg;
    }
}

static void relu_lanes(uint32_t *restrict r, format16 f)
{
    for (unsigned i = 0; i < SF_LANES16; i++) {
        uint32_t x = r[i], mag = x & 0x7fffu;
        uint32_t negative = 0u - ((x >> 15) & (mag != 0) & (mag <= f.inf)); /* not -0.0, not NaN */
        r[i] = x & ~negative;
    }
}

static void flush_lanes(uint32_t *restrict r, format16 f)
{
    for (unsigned i = 0; i < SF_LANES16; i++) {
        uint32_t x = r[i], subnormal = 0u - (((x & f.inf) == 0) & ((x & f.man) != 0));
        r[i] = x & (~subnormal | 0x8000u);
    }
}

static void finish_lanes(uint32_t *r, const halu_insn *h)
{
    format16 f = format16_of(h->fmt);
    if (h->sat)
        saturate_lanes(r, f);
    else if (h->relu)
        relu_lanes(r, f);
    if (h->ftz)
        flush_lanes(r, f);
}

static void pack(const uint32_t *restrict r, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = r[l] | r[GM_LANES + l] << 16;
}

static void arith_lanes(gm_exec *ex)
{
    halu_params p;
    GM_PARAMS(ex->d, halu_params, &p);
    if (!ex->exec)
        return;
    uint32_t x[3][SF_LANES16], r[SF_LANES16];
    for (unsigned k = 0; k < p.sources; k++)
        read_halves(ex, &p.h, k, x[k]);
    sf_lanes16((sf_op)p.op, p.h.fmt, halu_arith_mode(&p.h), x[0], x[1], x[2], r);
    finish_lanes(r, &p.h);
    uint32_t *d = gm_rd_begin(ex);
    pack(r, d);
    gm_rd_end(ex, d);
}

static void minmax(gm_exec *ex)
{
    halu_params p;
    GM_PARAMS(ex->d, halu_params, &p);
    if (!ex->exec)
        return;
    uint32_t x[2][SF_LANES16], minimum[SF_LANES16], r[SF_LANES16];
    for (unsigned k = 0; k < 2; k++)
        read_halves(ex, &p.h, k, x[k]);
    gm_lane_words(gm_pred_lanes(ex, ISA_F_pp), minimum); /* true: the minimum */
    memcpy(minimum + GM_LANES, minimum, GM_LANES * sizeof minimum[0]);
    sf_minmax_lanes16(p.h.fmt, x[0], x[1], minimum, p.nan_wins, p.h.ftz, r);
    uint32_t *d = gm_rd_begin(ex);
    pack(r, d);
    gm_rd_end(ex, d);
}

/* HSETP2 / HSET2: each half's (a cmp b) lop pp, as lane masks of half 0 and 1. */
static bool compare_halves(gm_exec *ex, const halu_params *p, uint32_t result[2])
{
    uint32_t x[2][SF_LANES16], t[SF_LANES16];
    for (unsigned k = 0; k < 2; k++)
        read_halves(ex, &p->h, k, x[k]);
    sf_compare_lanes16(p->h.fmt, (sf_compare_op)p->cmp, x[0], x[1], p->h.ftz, t);
    uint32_t pp = gm_pred_lanes(ex, ISA_F_pp);
    for (unsigned half = 0; half < 2; half++) {
        uint32_t r = gm_mask_of_words(t + GM_LANES * half);
        result[half] = p->lop == 0 ? r & pp : p->lop == 1 ? r | pp : r ^ pp;
    }
    return true;
}

static void hsetp2(gm_exec *ex)
{
    halu_params p;
    GM_PARAMS(ex->d, halu_params, &p);
    if (!ex->exec)
        return;
    uint32_t r[2];
    compare_halves(ex, &p, r);
    gm_set_pred_field_lanes(ex, ISA_F_pu, r[0]);
    gm_set_pred_field_lanes(ex, ISA_F_pv, r[1]);
}

static void hset2(gm_exec *ex)
{
    halu_params p;
    GM_PARAMS(ex->d, halu_params, &p);
    if (!ex->exec)
        return;
    uint32_t r[2], w[2][GM_LANES];
    compare_halves(ex, &p, r);
    gm_lane_words(r[0], w[0]);
    gm_lane_words(r[1], w[1]);
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = (w[0][l] & p.true_value) | (w[1][l] & p.true_value) << 16;
    gm_rd_end(ex, d);
}

/* The forms whose .hsel2 values are all legal run here; the others keep
 * the general function, which traps. */
static gm_op_fn prepare(gm_decoded *d, gm_op_fn fn, gm_op_fn lanes, sf_op op, unsigned sources)
{
    halu_params p = {.op = (uint8_t)op, .sources = (uint8_t)sources,
                     .nan_wins = gm_d_is(d, ISA_F_nan, ISA_V_nan_NAN)};
    if (halu_decode(d, sources, &p.h) >= 0)
        return fn;
    GM_SET_PARAMS(d, halu_params, &p);
    return lanes;
}

gm_op_fn halu_prep_hadd2(gm_decoded *d, gm_op_fn fn)
{
    if (gm_d_is(d, ISA_F_f32, ISA_V_f32_F32))
        return fn; /* HADD2.F32: one binary32 result, lane by lane */
    return prepare(d, fn, arith_lanes, SF_OP_ADD, 2);
}

gm_op_fn halu_prep_hmul2(gm_decoded *d, gm_op_fn fn)
{
    return prepare(d, fn, arith_lanes, SF_OP_MUL, 2);
}

gm_op_fn halu_prep_hfma2(gm_decoded *d, gm_op_fn fn)
{
    return prepare(d, fn, arith_lanes, SF_OP_FMA, 3);
}

gm_op_fn halu_prep_hmnmx2(gm_decoded *d, gm_op_fn fn)
{
    return prepare(d, fn, minmax, SF_OP_ADD, 2);
}

/* HSETP2 / HSET2 with legal .cmp, .lop and .hsel2 values. */
static gm_op_fn prepare_compare(gm_decoded *d, gm_op_fn fn, gm_op_fn lanes)
{
    uint32_t cmp = gm_d_f(d, ISA_F_cmp), lop = gm_d_f(d, ISA_F_lop);
    if (cmp >= SF_COMPARE_COUNT || lop > 2)
        return fn; /* reserved: the general function traps */
    halu_params p = {.cmp = (uint8_t)cmp, .lop = (uint8_t)lop};
    if (halu_decode(d, 2, &p.h) >= 0)
        return fn;
    p.true_value = (uint16_t)(gm_d_is(d, ISA_F_bval, ISA_V_bval_BF) ? sf_one(p.h.fmt) : 0xffffu);
    GM_SET_PARAMS(d, halu_params, &p);
    return lanes;
}

gm_op_fn halu_prep_hsetp2(gm_decoded *d, gm_op_fn fn)
{
    return prepare_compare(d, fn, hsetp2);
}

gm_op_fn halu_prep_hset2(gm_decoded *d, gm_op_fn fn)
{
    return prepare_compare(d, fn, hset2);
}
