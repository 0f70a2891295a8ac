/* cosim/model: gpuhost extension, binary32 arithmetic (isa/spec/ext.isa,
 * EXT_FP32): FADD, FMUL, FFMA, FMNMX, FSETP, LRP. */
#include "exec.h"
#include "fp/softfloat.h"

typedef struct {
    const char *neg, *abs;
} sign_modifier_names;

/* Indexed by slot (a, b, c) and by what supplies it (GPR, UR, immediate/cmem);
 * field names must be string literals (gm_fi caches by address). */
static const sign_modifier_names modifier_fields[3][3] = {
    {{"ra.neg", "ra.abs"}, {"ura.neg", "ura.abs"}, {"va.neg", "va.abs"}},
    {{"rb.neg", "rb.abs"}, {"urb.neg", "urb.abs"}, {"vb.neg", "vb.abs"}},
    {{"rc.neg", "rc.abs"}, {"urc.neg", "urc.abs"}, {"vc.neg", "vc.abs"}},
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
    const char *src = gm_src_field(ex, slot);
    if (!src)
        return (sign_modifiers){0};
    unsigned kind = src[0] == 'u' ? 1 : src[0] == 'v' ? 2 : 0;
    const sign_modifier_names *n = &modifier_fields[slot - 'a'][kind];
    return (sign_modifiers){.neg = gm_f(ex, n->neg), .abs = gm_f(ex, n->abs)};
}

static sf_rounding rounding_of(gm_exec *ex)
{
    if (gm_is(ex, "rnd", "RP"))
        return SF_RP;
    if (gm_is(ex, "rnd", "RM"))
        return SF_RM;
    if (gm_is(ex, "rnd", "RZ"))
        return SF_RZ;
    return SF_RN;
}

static fp32_insn read_insn(gm_exec *ex, unsigned sources)
{
    fp32_insn f = {.rnd = rounding_of(ex), .ftz = gm_is(ex, "ftz", "FTZ"),
                   .sat = gm_is(ex, "sat", "SAT")};
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
    bool nan_wins = gm_is(ex, "nan", "NAN");
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l);
        gm_set_rd(ex, l, sf_minmax(SF_F32, a, b, gm_pred(ex, "pp", l), nan_wins, f.ftz));
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
    sf_compare_op cmp = (sf_compare_op)gm_f(ex, "cmp");
    unsigned lop = gm_f(ex, "lop");
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = operand(ex, &f, 0, l), b = operand(ex, &f, 1, l);
        bool t = sf_compare(SF_F32, cmp, a, b, f.ftz), p = gm_pred(ex, "pp", l);
        gm_set_pred_field(ex, "pu", l, combine(lop, t, p));
        gm_set_pred_field(ex, "pv", l, combine(lop, !t, p));
    }
}

/* Two fused operations, both RN, no flush: t = fma(-a, c, c), d = fma(a, b, t). */
static void op_lrp(gm_exec *ex)
{
    fp32_insn f = {.rnd = SF_RN, .sat = gm_is(ex, "sat", "SAT")};
    sf_mode rn = {.rnd = SF_RN};
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), b = gm_src(ex, 'b', l), c = gm_src(ex, 'c', l);
        uint32_t t = sf_fma(SF_F32, a ^ 0x80000000u, c, c, rn);
        gm_set_rd(ex, l, finish(&f, sf_fma(SF_F32, a, b, t, rn)));
    }
}

const gm_op gm_ops_ext_fp32[] = {
    {"FADD", op_fadd},   {"FMUL", op_fmul},   {"FFMA", op_ffma},
    {"FMNMX", op_fmnmx}, {"FSETP", op_fsetp}, {"LRP", op_lrp},
    {NULL, NULL},
};
