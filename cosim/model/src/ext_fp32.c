/* cosim/model: gpuhost extension, binary32 arithmetic (isa/spec/ext.isa,
 * EXT_FP32): FADD, FMUL, FFMA, FMNMX, FSETP, LRP. */
#include "exec.h"
#include "fp/softfloat.h"

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

static sign_modifiers read_modifiers(gm_exec *ex, char slot)
{
    int kind = gm_src_form(ex, slot);
    if (kind < 0)
        return (sign_modifiers){0};
    const sign_modifier_names *n = &modifier_fields[slot - 'a'][kind];
    return (sign_modifiers){.neg = gm_f_shared(ex, n->neg), .abs = gm_f_shared(ex, n->abs)};
}

/* Shared by every optype of the group; some (min/max, compares) have no
 * .rnd, .sat or .relu, which then read as the default. */
static sf_rounding rounding_of(gm_exec *ex)
{
    if (gm_is_shared(ex, ISA_F_rnd, ISA_V_rnd_RP))
        return SF_RP;
    if (gm_is_shared(ex, ISA_F_rnd, ISA_V_rnd_RM))
        return SF_RM;
    if (gm_is_shared(ex, ISA_F_rnd, ISA_V_rnd_RZ))
        return SF_RZ;
    return SF_RN;
}

static fp32_insn read_insn(gm_exec *ex, unsigned sources)
{
    fp32_insn f = {.rnd = rounding_of(ex), .ftz = gm_is(ex, ISA_F_ftz, ISA_V_ftz_FTZ),
                   .sat = gm_is_shared(ex, ISA_F_sat, ISA_V_sat_SAT)};
    for (unsigned k = 0; k < sources; k++)
        f.mod[k] = read_modifiers(ex, (char)('a' + k));
    return f;
}

/* mod(x, .abs, .neg): sign bit only, absolute value first. */
static uint32_t operand(gm_exec *ex, const fp32_insn *f, unsigned k, unsigned lane)
{
    uint32_t x = gm_src(ex, (char)('a' + k), lane);
    if (f->mod[k].abs)
        x &= 0x7fffffffu;
    if (f->mod[k].neg)
        x ^= 0x80000000u;
    return x;
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

static void op_fadd(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 2);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l);
        gm_set_rd(ex, l, finish(&f, sf_add(SF_F32, SF_F32, a, b, arith_mode(&f))));
    }
}

static void op_fmul(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 2);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l);
        gm_set_rd(ex, l, finish(&f, sf_mul(SF_F32, a, b, arith_mode(&f))));
    }
}

static void op_ffma(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 3);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l), c = operand(ex, &f, 2, l);
        gm_set_rd(ex, l, finish(&f, sf_fma(SF_F32, a, b, c, arith_mode(&f))));
    }
}

static void op_fmnmx(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 2);
    bool nan_wins = gm_is(ex, ISA_F_nan, ISA_V_nan_NAN);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l);
        gm_set_rd(ex, l, sf_minmax(SF_F32, a, b, gm_pred(ex, ISA_F_pp, l), nan_wins, f.ftz));
    }
}

enum { LOP_AND, LOP_OR, LOP_XOR };

static bool combine(unsigned lop, bool t, bool p)
{
    return lop == LOP_AND ? t && p : lop == LOP_OR ? t || p : t != p;
}

static void op_fsetp(gm_exec *ex)
{
    fp32_insn f = read_insn(ex, 2);
    /* FCMPOp and sf_compare_op share their order; the encoder rejects 14, 15 and lop 3 */
    sf_compare_op cmp = (sf_compare_op)gm_f(ex, ISA_F_cmp);
    unsigned lop = gm_f(ex, ISA_F_lop);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l);
        bool t = sf_compare(SF_F32, cmp, a, b, f.ftz), p = gm_pred(ex, ISA_F_pp, l);
        gm_set_pred_field(ex, ISA_F_pu, l, combine(lop, t, p));
        gm_set_pred_field(ex, ISA_F_pv, l, combine(lop, !t, p));
    }
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
    {ISA_OP_FADD, op_fadd, NULL},
    {ISA_OP_FMUL, op_fmul, NULL},
    {ISA_OP_FFMA, op_ffma, NULL},
    {ISA_OP_FMNMX, op_fmnmx, NULL},
    {ISA_OP_FSETP, op_fsetp, NULL},
    {ISA_OP_LRP, op_lrp, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
