/* cosim/model: gpuhost extension, binary32 arithmetic (isa/spec/ext.isa,
 * EXT_FP32): FADD, FMUL, FFMA, FMNMX, FSETP over whole warps (no form
 * traps); LRP lane by lane. */
#include "fp/sf_lanes.h"
#include "fp_fields.h"

typedef struct {
    int neg, abs; /* field ids, -1: no such field */
} sign_modifier_names;

/* Indexed by slot (a, b, c) and by what supplies it (GPR, UR, immediate/cmem);
 * the immediate and constant forms share the v<slot> decorations. */
static const sign_modifier_names modifier_fields[3][3] = {
    {{ISA_F_ra_neg, ISA_F_ra_abs}, {-1, -1}, {-1, -1}},
    {{ISA_F_rb_neg, ISA_F_rb_abs}, {ISA_F_urb_neg, ISA_F_urb_abs}, {ISA_F_vb_neg, ISA_F_vb_abs}},
    {{ISA_F_rc_neg, ISA_F_rc_abs}, {ISA_F_urc_neg, ISA_F_urc_abs}, {ISA_F_vc_neg, ISA_F_vc_abs}},
};

typedef struct {
    bool neg, abs;
} sign_modifiers;

typedef struct {
    sf_rounding rnd;
    bool ftz, sat;
    sign_modifiers mod[3];
} fp32_insn;

static sign_modifiers read_modifiers(const gm_decoded *d, unsigned slot)
{
    const gm_operand *o = &d->src[slot];
    if (o->kind == GM_SRC_NONE)
        return (sign_modifiers){0};
    const sign_modifier_names *n = &modifier_fields[slot][o->form];
    return (sign_modifiers){.neg = gm_d_f(d, n->neg) != 0, .abs = gm_d_f(d, n->abs) != 0};
}

static fp32_insn decode_insn(const gm_decoded *d, unsigned sources)
{
    fp32_insn f = {.rnd = gm_rounding_of(d), .ftz = gm_d_is(d, ISA_F_ftz, ISA_V_ftz_FTZ),
                   .sat = gm_d_is(d, ISA_F_sat, ISA_V_sat_SAT)};
    for (unsigned k = 0; k < sources; k++)
        f.mod[k] = read_modifiers(d, k);
    return f;
}

static fp32_insn read_insn(gm_exec *ex, unsigned sources)
{
    return decode_insn(ex->d, sources);
}

/* The arithmetic's mode; the output flush is done by finish(), after .SAT. */
static sf_mode arith_mode(const fp32_insn *f)
{
    return (sf_mode){.rnd = f->rnd, .flush_inputs = f->ftz, .flush_output = false};
}

/* finish(d) of the spec: .SAT, output flush, canonical NaN. */
static uint32_t finish(const fp32_insn *f, uint32_t d)
{
    if (f->sat)
        d = sf_saturate(SF_F32, d);
    if (f->ftz)
        d = sf_flush(SF_F32, d);
    return sf_canonicalize(SF_F32, d);
}

/* ---- FADD, FMUL, FFMA over whole warps (fp/sf_lanes.c) ---- */

typedef struct {
    fp32_insn f;
    uint8_t op, sources; /* sf_op; 2 or 3 */
} arith_params;

/* mod(x, .abs, .neg) on every lane. */
static void operand_lanes(const uint32_t *restrict raw, uint32_t keep, uint32_t flip,
                          uint32_t *restrict x)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        x[l] = (raw[l] & keep) ^ flip;
}

/* finish() on every lane: .SAT, the output flush. (Its canonical NaN changes
 * nothing: sf_lanes32 gives canonical NaNs, and neither step makes one.) */
static void saturate_lanes(uint32_t *restrict r)
{
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t x = r[l], nan_or_neg = 0u - (((x & 0x7fffffffu) > 0x7f800000u) | (x >> 31));
        r[l] = (x > 0x3f800000u ? 0x3f800000u : x) & ~nan_or_neg;
    }
}

static void flush_lanes(uint32_t *restrict r)
{
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t x = r[l], subnormal = 0u - (((x & 0x7f800000u) == 0) & ((x & 0x7fffffu) != 0));
        r[l] = x & (~subnormal | 0x80000000u);
    }
}

static void arith_lanes(gm_exec *ex)
{
    arith_params p;
    GM_PARAMS(ex->d, arith_params, &p);
    if (!ex->exec)
        return;
    uint32_t x[3][GM_LANES], scratch[GM_LANES];
    for (unsigned k = 0; k < p.sources; k++)
        operand_lanes(gm_src_row(ex, (char)('a' + k), scratch),
                      p.f.mod[k].abs ? 0x7fffffffu : ~0u, p.f.mod[k].neg ? 0x80000000u : 0, x[k]);
    uint32_t *d = gm_rd_begin(ex);
    sf_lanes32((sf_op)p.op, arith_mode(&p.f), x[0], x[1], x[2], d);
    if (p.f.sat)
        saturate_lanes(d);
    if (p.f.ftz)
        flush_lanes(d);
    gm_rd_end(ex, d);
}

static gm_op_fn prepare(gm_decoded *d, sf_op op, unsigned sources)
{
    arith_params p = {.f = decode_insn(d, sources), .op = (uint8_t)op, .sources = (uint8_t)sources};
    GM_SET_PARAMS(d, arith_params, &p);
    return arith_lanes;
}

static gm_op_fn prep_fadd(gm_decoded *d, gm_op_fn fn)
{
    (void)fn;
    return prepare(d, SF_OP_ADD, 2);
}

static gm_op_fn prep_fmul(gm_decoded *d, gm_op_fn fn)
{
    (void)fn;
    return prepare(d, SF_OP_MUL, 2);
}

static gm_op_fn prep_ffma(gm_decoded *d, gm_op_fn fn)
{
    (void)fn;
    return prepare(d, SF_OP_FMA, 3);
}

/* The decorated operand k of every lane. */
static void operand_row(gm_exec *ex, const fp32_insn *f, unsigned k, uint32_t x[GM_LANES])
{
    uint32_t scratch[GM_LANES];
    operand_lanes(gm_src_row(ex, (char)('a' + k), scratch), f->mod[k].abs ? 0x7fffffffu : ~0u,
                  f->mod[k].neg ? 0x80000000u : 0, x);
}

static void op_fmnmx(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 2);
    bool nan_wins = gm_is(ex, ISA_F_nan, ISA_V_nan_NAN);
    if (!ex->exec)
        return;
    uint32_t x[2][GM_LANES], minimum[GM_LANES];
    operand_row(ex, &f, 0, x[0]);
    operand_row(ex, &f, 1, x[1]);
    gm_lane_words(gm_pred_lanes(ex, ISA_F_pp), minimum);
    uint32_t *d = gm_rd_begin(ex);
    sf_minmax_lanes32(x[0], x[1], minimum, nan_wins, f.ftz, d);
    gm_rd_end(ex, d);
}

enum { LOP_AND, LOP_OR, LOP_XOR };

static uint32_t combine(unsigned lop, uint32_t t, uint32_t p)
{
    return lop == LOP_AND ? t & p : lop == LOP_OR ? t | p : t ^ p;
}

static void op_fsetp(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 2);
    /* FCMPOp and sf_compare_op share their order; the encoder rejects 14, 15 and lop 3 */
    sf_compare_op cmp = (sf_compare_op)gm_f(ex, ISA_F_cmp);
    unsigned lop = gm_f(ex, ISA_F_lop);
    if (!ex->exec)
        return;
    uint32_t x[2][GM_LANES], t[GM_LANES];
    operand_row(ex, &f, 0, x[0]);
    operand_row(ex, &f, 1, x[1]);
    sf_compare_lanes32(cmp, x[0], x[1], f.ftz, t);
    uint32_t holds = gm_mask_of_words(t), p = gm_pred_lanes(ex, ISA_F_pp);
    gm_set_pred_field_lanes(ex, ISA_F_pu, combine(lop, holds, p));
    gm_set_pred_field_lanes(ex, ISA_F_pv, combine(lop, ~holds, p));
}

/* Two fused operations, both RN, no flush: t = fma(-a, c, c), d = fma(a, b, t). */
static void op_lrp(gm_exec *ex)
{
    fp32_insn f = {.rnd = SF_RN, .sat = gm_is_shared(ex, ISA_F_sat, ISA_V_sat_SAT)};
    sf_mode rn = {.rnd = SF_RN};
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), b = gm_src(ex, 'b', l), c = gm_src(ex, 'c', l);
        uint32_t t = sf_fma(SF_F32, a ^ 0x80000000u, c, c, rn);
        gm_set_rd(ex, l, finish(&f, sf_fma(SF_F32, a, b, t, rn)));
    }
}

const gm_op gm_ops_ext_fp32[] = {
    {ISA_OP_FADD, arith_lanes, prep_fadd},
    {ISA_OP_FMUL, arith_lanes, prep_fmul},
    {ISA_OP_FFMA, arith_lanes, prep_ffma},
    {ISA_OP_FMNMX, op_fmnmx, NULL},
    {ISA_OP_FSETP, op_fsetp, NULL},
    {ISA_OP_LRP, op_lrp, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
