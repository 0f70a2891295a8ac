/* cosim/model: IALU funnel shift (isa/spec/ialu.isa): SHF. */
#include "ialu.h"

/* The 64-bit funnel value shifted by n (0..64); right shifts fill with
 * copies of bit 63 when `arithmetic`, zeros otherwise. */
static uint64_t funnel_shift(uint64_t t, unsigned n, bool left, bool arithmetic)
{
    uint64_t fill = arithmetic && (t >> 63) ? ~UINT64_C(0) : 0;
    if (n == 0)
        return t;
    if (n >= 64)
        return left ? 0 : fill;
    if (left)
        return t << n;
    return (t >> n) | (fill << (64 - n));
}

/* SHF's modifiers, read at load time. */
typedef struct {
    uint32_t limit; /* 64 or 32 */
    bool arithmetic, clamp, left, high;
} shf_params;

static bool read_shf(const gm_decoded *d, shf_params *sp)
{
    static const uint32_t itype_values[] = {
        ISA_T_SHFDType_S64, ISA_T_SHFDType_U64, ISA_T_SHFDType_S32, ISA_T_SHFDType_U32
    };
    if (!gm_d_has(d, ISA_F_itype))
        return false;
    int itype = ialu_index_of(gm_d_f(d, ISA_F_itype), itype_values, 4);
    if (itype < 0)
        return false;
    *sp = (shf_params){.limit = itype < 2 ? 64 : 32,
                       .arithmetic = itype == 0 || itype == 2,
                       .clamp = gm_d_is(d, ISA_F_cwmod, ISA_V_cwmod_CLAMP),
                       .left = gm_d_is(d, ISA_F_direction, ISA_V_direction_L),
                       .high = gm_d_is(d, ISA_F_lohi, ISA_V_lohi_HI)};
    return true;
}

static unsigned shift_count(const shf_params *sp, uint32_t count)
{
    return sp->clamp ? (count < sp->limit ? count : sp->limit) : count % sp->limit;
}

/* What both SHF functions start with: the modifiers, the sources read in
 * SrcB, Rc, Ra order, rd's row; false when no lane executes. */
static bool shf_begin(gm_exec *ex, shf_params *sp, gm_sources *s, uint32_t **d)
{
    GM_PARAMS(ex->d, shf_params, sp);
    if (!ex->exec)
        return false;
    gm_read_sources(ex, "bca", s);
    *d = gm_rd_begin(ex);
    return true;
}

/* Every lane's own count (Rb a GPR), lane after lane. */
static void shf_by_lane(gm_exec *ex)
{
    shf_params sp;
    gm_sources s;
    uint32_t *d;
    if (!shf_begin(ex, &sp, &s, &d))
        return;
    const uint32_t *a = s.a, *b = s.b, *c = s.c;
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint64_t t = funnel_shift((uint64_t)c[l] << 32 | a[l], shift_count(&sp, b[l]), sp.left,
                                  sp.arithmetic);
        d[l] = sp.high ? (uint32_t)(t >> 32) : (uint32_t)t;
    }
    gm_rd_end(ex, d);
}

/* d = x << s | y >> r, each term zero when its count is 32 or more (C leaves
 * such shifts undefined; a mask does it); y may be x. */
static void shift_pair(const uint32_t *restrict x, unsigned s, const uint32_t *restrict y,
                       unsigned r, uint32_t *restrict d)
{
    uint32_t keep_x = s < 32 ? ~0u : 0, keep_y = r < 32 ? ~0u : 0;
    s &= 31, r &= 31;
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = (x[l] << s & keep_x) | (y[l] >> r & keep_y);
}

/* d = x >> s, arithmetic (s < 32). */
static void shift_signed(const uint32_t *restrict x, unsigned s, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = (uint32_t)((int32_t)x[l] >> s);
}

/* One count for the whole warp (an immediate, UR or constant): the funnel
 * shift of {c, a} as 32-bit shifts by warp-wide counts, without branches in
 * the lane loops. */
static void shf_uniform(gm_exec *ex)
{
    shf_params sp;
    gm_sources s;
    uint32_t *d;
    if (!shf_begin(ex, &sp, &s, &d))
        return;
    const uint32_t *a = s.a, *c = s.c;
    unsigned n = shift_count(&sp, s.b[0]); /* 0..64 */
    if (sp.left) { /* high word: c << n | a >> (32 - n), then a << (n - 32); low: a << n */
        if (n >= 32)
            shift_pair(a, sp.high ? n - 32 : 32, a, 32, d);
        else if (sp.high)
            shift_pair(c, n, a, 32 - n, d);
        else
            shift_pair(a, n, a, 32, d);
    } else if (!sp.arithmetic || n == 0) {
        /* low word: a >> n | c << (32 - n), then c >> (n - 32); high: c >> n */
        if (n >= 32)
            shift_pair(c, 32, c, sp.high ? 32 : n - 32, d);
        else if (sp.high)
            shift_pair(c, 32, c, n, d);
        else
            shift_pair(c, 32 - n, a, n, d);
    } else { /* as the logical shift with copies of c's sign shifted in */
        unsigned k = n >= 64 ? 63 : n;
        if (k >= 32)
            shift_signed(c, sp.high ? 31 : k - 32, d);
        else if (sp.high)
            shift_signed(c, k, d);
        else
            shift_pair(c, 32 - k, a, k, d);
    }
    gm_rd_end(ex, d);
}

void ialu_op_shf(gm_exec *ex)
{
    static const uint32_t itype_values[] = {
        ISA_T_SHFDType_S64, ISA_T_SHFDType_U64, ISA_T_SHFDType_S32, ISA_T_SHFDType_U32
    };
    /* every legal form runs as shf_by_lane or shf_uniform: only a reserved
     * type gets here */
    ialu_choice(ex, ISA_F_itype, itype_values, 4);
}

gm_op_fn ialu_prep_shf(gm_decoded *d, gm_op_fn fn)
{
    shf_params sp;
    if (!read_shf(d, &sp))
        return fn;
    GM_SET_PARAMS(d, shf_params, &sp);
    return d->src[1].kind == GM_SRC_GPR ? shf_by_lane : shf_uniform;
}
