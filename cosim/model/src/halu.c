/* cosim/model: packed FP16 / BF16 arithmetic (isa/spec/halu.isa):
 * HADD2, HMUL2, HFMA2, HMNMX2, HSETP2, HSET2.
 *
 * A 32-bit operand holds two 16-bit halves, H0 = bits 15..0 and H1 = bits
 * 31..16; the spec calls them lanes, here they are "halves" so as not to be
 * confused with the warp's lanes. */
#include "halu.h"

/* ---- operand decorations and what every instruction reads once ---- */

/* Indexed by slot (a, b, c) and by what supplies it (GPR, UR, immediate/cmem);
 * the immediate and constant forms share the v<slot> decorations. */
static const struct {
    int neg, abs, hsel2; /* field ids, -1: no such field */
} decoration_fields[3][3] = {
    {{ISA_F_ra_neg, ISA_F_ra_abs, ISA_F_ra_hsel2}, {-1, -1, -1}, {-1, -1, -1}},
    {{ISA_F_rb_neg, ISA_F_rb_abs, ISA_F_rb_hsel2},
     {ISA_F_urb_neg, ISA_F_urb_abs, ISA_F_urb_hsel2},
     {ISA_F_vb_neg, ISA_F_vb_abs, ISA_F_vb_hsel2}},
    {{ISA_F_rc_neg, ISA_F_rc_abs, ISA_F_rc_hsel2},
     {ISA_F_urc_neg, ISA_F_urc_abs, ISA_F_urc_hsel2},
     {ISA_F_vc_neg, ISA_F_vc_abs, ISA_F_vc_hsel2}},
};

/* A slot's decorations; an immediate has none (its fields are absent, so
 * everything reads as the default). */
static halu_decoration decoration_of(const gm_decoded *d, unsigned slot)
{
    const gm_operand *o = &d->src[slot];
    if (o->kind == GM_SRC_NONE)
        return (halu_decoration){0};
    int neg = decoration_fields[slot][o->form].neg, abs = decoration_fields[slot][o->form].abs;
    int hsel2 = decoration_fields[slot][o->form].hsel2;
    return (halu_decoration){.neg = gm_d_f(d, neg) != 0, .abs = gm_d_f(d, abs) != 0,
                             .hsel2 = gm_d_f(d, hsel2)};
}

int halu_decode(const gm_decoded *d, unsigned sources, halu_insn *h)
{
    *h = (halu_insn){
        .fmt = gm_d_is(d, ISA_F_hfmt_v2, ISA_V_hfmt_v2_BF16_V2) ? SF_BF16 : SF_F16,
        .rnd = gm_rounding_of(d),
        .ftz = gm_d_is(d, ISA_F_ftz, ISA_V_ftz_FTZ),
        .sat = gm_d_is(d, ISA_F_sat, ISA_V_sat_SAT),
        .relu = gm_d_is(d, ISA_F_relu, ISA_V_relu_RELU),
    };
    for (unsigned k = 0; k < sources; k++) {
        h->dec[k] = decoration_of(d, k);
        if (h->dec[k].hsel2 > HALU_HSEL2_H1_H1)
            return (int)k;
    }
    return -1;
}

/* The 16-bit input of half `half` (0 or 1): chosen by .hsel2, then absolute
 * value, then negation, both on the sign bit only. */
static uint32_t half_input(uint32_t raw, unsigned half, const halu_decoration *d)
{
    uint32_t x = (raw >> halu_half_shift(d, half)) & 0xffff;
    if (d->abs)
        x &= 0x7fff;
    if (d->neg)
        x ^= 0x8000;
    return x;
}

/* halu_decode, trapping on a reserved .hsel2: false then. */
static bool read_insn(gm_exec *ex, unsigned sources, halu_insn *h)
{
    int k = halu_decode(ex->d, sources, h);
    if (k < 0)
        return true;
    gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved .hsel2 value %u on %s", h->dec[k].hsel2,
            isa_field_id_name[gm_src_field(ex, (char)('a' + k))]);
    return false;
}

static sf_mode arith_mode(const halu_insn *h)
{
    return halu_arith_mode(h);
}

/* Output processing, in the spec's order: .SAT clamp (or .RELU), output
 * flush, canonical NaN. */
static uint32_t finish(const halu_insn *h, sf_format f, uint32_t d)
{
    if (h->sat)
        d = sf_saturate(f, d);
    else if (h->relu)
        d = sf_relu(f, d);
    if (h->ftz)
        d = sf_flush(f, d);
    return sf_canonicalize(f, d);
}

/* ---- arithmetic ---- */

typedef uint32_t (*half_op)(const halu_insn *h, const uint32_t *in);

static uint32_t half_add(const halu_insn *h, const uint32_t *in)
{
    return sf_add(h->fmt, h->fmt, in[0], in[1], arith_mode(h));
}

static uint32_t half_mul(const halu_insn *h, const uint32_t *in)
{
    return sf_mul(h->fmt, in[0], in[1], arith_mode(h));
}

static uint32_t half_fma(const halu_insn *h, const uint32_t *in)
{
    return sf_fma(h->fmt, in[0], in[1], in[2], arith_mode(h));
}

/* Runs `op` on both halves of every executing lane and writes Rd. */
static void packed_arith(gm_exec *ex, unsigned sources, half_op op)
{
    halu_insn h;
    if (!read_insn(ex, sources, &h))
        return;
    if (!ex->exec)
        return;
    uint32_t raw[3][GM_LANES], d[GM_LANES];
    for (unsigned k = 0; k < sources; k++)
        gm_src_lanes(ex, (char)('a' + k), raw[k]);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t in[3], rd = 0;
        for (unsigned half = 0; half < 2; half++) {
            for (unsigned k = 0; k < sources; k++)
                in[k] = half_input(raw[k][l], half, &h.dec[k]);
            rd |= finish(&h, h.fmt, op(&h, in)) << (16 * half);
        }
        d[l] = rd;
    }
    gm_set_rd_lanes(ex, d);
}

/* HADD2.F32: only the half-0 sum, rounded once straight to binary32. */
static void hadd2_f32(gm_exec *ex)
{
    halu_insn h;
    if (!read_insn(ex, 2, &h))
        return;
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = half_input(gm_src(ex, 'a', l), 0, &h.dec[0]);
        uint32_t b = half_input(gm_src(ex, 'b', l), 0, &h.dec[1]);
        gm_set_rd(ex, l, finish(&h, SF_F32, sf_add(h.fmt, SF_F32, a, b, arith_mode(&h))));
    }
}

static void op_hadd2(gm_exec *ex)
{
    if (gm_is(ex, ISA_F_f32, ISA_V_f32_F32))
        hadd2_f32(ex);
    else
        packed_arith(ex, 2, half_add);
}

static void op_hmul2(gm_exec *ex)
{
    packed_arith(ex, 2, half_mul);
}

static void op_hfma2(gm_exec *ex)
{
    packed_arith(ex, 3, half_fma);
}

/* ---- min / max ---- */

static void op_hmnmx2(gm_exec *ex)
{
    halu_insn h;
    if (!read_insn(ex, 2, &h))
        return;
    bool nan_wins = gm_is(ex, ISA_F_nan, ISA_V_nan_NAN);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t ra = gm_src(ex, 'a', l), rb = gm_src(ex, 'b', l), rd = 0;
        bool minimum = gm_pred(ex, ISA_F_pp, l);
        for (unsigned half = 0; half < 2; half++) {
            uint32_t a = half_input(ra, half, &h.dec[0]), b = half_input(rb, half, &h.dec[1]);
            rd |= sf_minmax(h.fmt, a, b, minimum, nan_wins, h.ftz) << (16 * half);
        }
        gm_set_rd(ex, l, rd);
    }
}

/* ---- comparisons ---- */

enum { LOP_AND, LOP_OR, LOP_XOR };

/* .cmp and .lop; false, after trapping, for their reserved values. */
static bool read_compare(gm_exec *ex, sf_compare_op *cmp, unsigned *lop)
{
    *cmp = (sf_compare_op)gm_f(ex, ISA_F_cmp); /* FCMPOp and sf_compare_op share their order */
    *lop = gm_f(ex, ISA_F_lop);
    if (*cmp >= SF_COMPARE_COUNT || *lop > LOP_XOR) {
        gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved %s value %u",
                *lop > LOP_XOR ? ".lop" : ".cmp", *lop > LOP_XOR ? *lop : (unsigned)*cmp);
        return false;
    }
    return true;
}

static bool combine(unsigned lop, bool t, bool p)
{
    return lop == LOP_AND ? t && p : lop == LOP_OR ? t || p : t != p;
}

/* Per half: (a cmp b) lop pp. */
static void compare_halves(gm_exec *ex, const halu_insn *h, sf_compare_op cmp, unsigned lop,
                           unsigned lane, bool out[2])
{
    uint32_t ra = gm_src(ex, 'a', lane), rb = gm_src(ex, 'b', lane);
    bool p = gm_pred(ex, ISA_F_pp, lane);
    for (unsigned half = 0; half < 2; half++) {
        uint32_t a = half_input(ra, half, &h->dec[0]), b = half_input(rb, half, &h->dec[1]);
        out[half] = combine(lop, sf_compare(h->fmt, cmp, a, b, h->ftz), p);
    }
}

static void op_hsetp2(gm_exec *ex)
{
    halu_insn h;
    sf_compare_op cmp;
    unsigned lop;
    if (!read_insn(ex, 2, &h) || !read_compare(ex, &cmp, &lop))
        return;
    GM_FOR_EACH_LANE(ex, l) {
        bool r[2];
        compare_halves(ex, &h, cmp, lop, l, r);
        gm_set_pred_field(ex, ISA_F_pu, l, r[0]);
        gm_set_pred_field(ex, ISA_F_pv, l, r[1]);
    }
}

static void op_hset2(gm_exec *ex)
{
    halu_insn h;
    sf_compare_op cmp;
    unsigned lop;
    if (!read_insn(ex, 2, &h) || !read_compare(ex, &cmp, &lop))
        return;
    uint32_t true_value = gm_is(ex, ISA_F_bval, ISA_V_bval_BF) ? sf_one(h.fmt) : 0xffff;
    GM_FOR_EACH_LANE(ex, l) {
        bool r[2];
        compare_halves(ex, &h, cmp, lop, l, r);
        gm_set_rd(ex, l, (r[0] ? true_value : 0) | (r[1] ? true_value : 0) << 16);
    }
}

const gm_op gm_ops_halu[] = {
    {ISA_OP_HADD2, op_hadd2, halu_prep_hadd2},
    {ISA_OP_HMUL2, op_hmul2, halu_prep_hmul2},
    {ISA_OP_HFMA2, op_hfma2, halu_prep_hfma2},
    {ISA_OP_HMNMX2, op_hmnmx2, halu_prep_hmnmx2},
    {ISA_OP_HSETP2, op_hsetp2, halu_prep_hsetp2},
    {ISA_OP_HSET2, op_hset2, halu_prep_hset2},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
