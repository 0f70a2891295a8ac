/* cosim/model: IALU compares, selects, bitwise and predicate logic, shifts
 * (isa/spec/ialu.isa): ISETP, ISET, SEL, LOP3, PLOP3, P2R, R2P, SHF. */
#include "ialu.h"

enum compop { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };
static const uint32_t compop_values[] = {
    ISA_V_compop_EQ, ISA_V_compop_NE, ISA_V_compop_LT, ISA_V_compop_LE, ISA_V_compop_GT,
    ISA_V_compop_GE
};

enum boolop { BOOL_AND, BOOL_OR, BOOL_XOR };
static const uint32_t boolop_values[] = {ISA_V_boolop_AND, ISA_V_boolop_OR, ISA_V_boolop_XOR};

static bool compare(uint32_t a, uint32_t b, bool is_signed, enum compop op)
{
    bool less = is_signed ? (int32_t)a < (int32_t)b : a < b;
    switch (op) {
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_LT: return less;
    case CMP_LE: return less || a == b;
    case CMP_GT: return !less && a != b;
    case CMP_GE: return !less;
    }
    return false;
}

static bool combine(bool x, bool y, enum boolop op)
{
    switch (op) {
    case BOOL_AND: return x && y;
    case BOOL_OR: return x || y;
    case BOOL_XOR: return x != y;
    }
    return false;
}

/* What ISETP and ISET share: the modifiers, read once per instruction. */
typedef struct {
    enum compop compop;
    enum boolop boolop;
    bool is_signed, extended;
} int_compare;

static bool read_int_compare(gm_exec *ex, int_compare *c)
{
    int compop = ialu_choice(ex, ISA_F_compop, compop_values, 6);
    int boolop = ialu_choice(ex, ISA_F_boolop, boolop_values, 3);
    if (compop < 0 || boolop < 0)
        return false;
    *c = (int_compare){.compop = (enum compop)compop,
                       .boolop = (enum boolop)boolop,
                       .is_signed = gm_is(ex, ISA_F_itype, ISA_T_IType_S32),
                       .extended = gm_is(ex, ISA_F_ext, ISA_V_ext_X)};
    return true;
}

/* The compare result t of one lane; with .X equal words defer to pq, the
 * lower words' result. */
static bool lane_compare(gm_exec *ex, const int_compare *c, unsigned lane)
{
    uint32_t a = gm_src(ex, 'a', lane), b = gm_src(ex, 'b', lane);
    if (c->extended && a == b)
        return gm_pred(ex, ISA_F_pq, lane);
    return compare(a, b, c->is_signed, c->compop);
}

/* lane_compare for every lane, as a mask: the same results, branch-free. */
static uint32_t compare_lanes(gm_exec *ex, const int_compare *c)
{
    uint32_t a[GM_LANES], b[GM_LANES], eq = 0, less = 0;
    gm_src_lanes(ex, 'a', a);
    gm_src_lanes(ex, 'b', b);
    uint32_t bias = c->is_signed ? 0x80000000u : 0; /* signed order as unsigned */
    for (unsigned l = 0; l < GM_LANES; l++) {
        eq |= (uint32_t)(a[l] == b[l]) << l;
        less |= (uint32_t)((a[l] ^ bias) < (b[l] ^ bias)) << l;
    }
    uint32_t t = 0;
    switch (c->compop) {
    case CMP_EQ: t = eq; break;
    case CMP_NE: t = ~eq; break;
    case CMP_LT: t = less; break;
    case CMP_LE: t = less | eq; break;
    case CMP_GT: t = ~less & ~eq; break;
    case CMP_GE: t = ~less; break;
    }
    if (c->extended) /* equal words defer to pq */
        t = (t & ~eq) | (gm_pred_lanes(ex, ISA_F_pq) & eq);
    return t;
}

static uint32_t combine_lanes(uint32_t x, uint32_t y, enum boolop op)
{
    switch (op) {
    case BOOL_AND: return x & y;
    case BOOL_OR: return x | y;
    case BOOL_XOR: return x ^ y;
    }
    return 0;
}

void ialu_op_isetp(gm_exec *ex)
{
    int_compare c;
    if (!read_int_compare(ex, &c))
        return;
    if (!ex->exec)
        return;
    uint32_t t = compare_lanes(ex, &c), p = gm_pred_lanes(ex, ISA_F_pp);
    gm_set_pred_field_lanes(ex, ISA_F_pu, combine_lanes(t, p, c.boolop));
    /* written second: when pv names the same predicate as pu, pv wins */
    gm_set_pred_field_lanes(ex, ISA_F_pv, combine_lanes(~t, p, c.boolop));
}

void ialu_op_iset(gm_exec *ex)
{
    int_compare c;
    if (!read_int_compare(ex, &c))
        return;
    uint32_t true_value = gm_is(ex, ISA_F_bmbf, ISA_V_bmbf_BF) ? 0x3F800000u : 0xFFFFFFFFu;
    GM_FOR_EACH_LANE(ex, l) {
        bool r = combine(lane_compare(ex, &c, l), gm_pred(ex, ISA_F_pp, l), c.boolop);
        gm_set_rd(ex, l, r ? true_value : 0);
    }
}

void ialu_op_sel(gm_exec *ex)
{
    GM_FOR_EACH_LANE(ex, l)
        gm_set_rd(ex, l, gm_pred(ex, ISA_F_pp, l) ? gm_src(ex, 'a', l) : gm_src(ex, 'b', l));
}

void ialu_op_lop3(gm_exec *ex)
{
    static const uint32_t exbool_values[] = {ISA_V_exbool_PAND, ISA_V_exbool_POR};
    int exbool = ialu_choice(ex, ISA_F_exbool, exbool_values, 2);
    if (exbool < 0)
        return;
    uint32_t lut = gm_f(ex, ISA_F_lut) & 0xffu;
    if (!ex->exec)
        return;
    uint32_t a[GM_LANES], b[GM_LANES], c[GM_LANES], d[GM_LANES], nonzero = 0;
    gm_src_lanes(ex, 'a', a);
    gm_src_lanes(ex, 'b', b);
    gm_src_lanes(ex, 'c', c);
    /* Bit i of the result is bit ((a_i << 2) | (b_i << 1) | c_i) of lut: the
     * OR of the minterms whose table bit is set (minterms outside, lanes inside) */
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = 0;
    for (unsigned m = 0; m < 8; m++) {
        if (!((lut >> m) & 1u))
            continue;
        uint32_t ma = m & 4 ? 0 : ~0u, mb = m & 2 ? 0 : ~0u, mc = m & 1 ? 0 : ~0u;
        for (unsigned l = 0; l < GM_LANES; l++)
            d[l] |= (a[l] ^ ma) & (b[l] ^ mb) & (c[l] ^ mc);
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        nonzero |= (uint32_t)(d[l] != 0) << l;
    uint32_t p = gm_pred_lanes(ex, ISA_F_pp);
    gm_set_rd_lanes(ex, d);
    gm_set_pred_field_lanes(ex, ISA_F_pu, exbool == 0 ? nonzero & p : nonzero | p);
}

void ialu_op_plop3(gm_exec *ex)
{
    uint32_t lut = gm_f(ex, ISA_F_lut) & 0xffu;
    bool uniform_c = gm_has(ex, ISA_F_upc);
    GM_FOR_EACH_LANE(ex, l) {
        unsigned a = gm_pred(ex, ISA_F_pa, l), b = gm_pred(ex, ISA_F_pb, l);
        unsigned c = uniform_c ? gm_pred(ex, ISA_F_upc, l) : gm_pred(ex, ISA_F_pc, l);
        gm_set_pred_field(ex, ISA_F_pu, l, (lut >> (a << 2 | b << 1 | c)) & 1u);
    }
}

/* P0..P6 of a lane in bits 0..6; bit 7 is PT, always 1. */
static uint32_t packed_predicates(gm_exec *ex, unsigned lane)
{
    uint32_t pr = 0x80;
    for (unsigned i = 0; i < GM_PREDS; i++)
        pr |= (uint32_t)gm_pred_reg(ex, i, lane) << i;
    return pr;
}

void ialu_op_p2r(gm_exec *ex)
{
    unsigned k = 8 * (gm_f(ex, ISA_F_bsel) & 3);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), mask = (gm_src(ex, 'b', l) & 0xffu) << k;
        uint32_t pr = packed_predicates(ex, l) << k;
        gm_set_rd(ex, l, (a & ~mask) | (pr & mask));
    }
}

void ialu_op_r2p(gm_exec *ex)
{
    unsigned k = 8 * (gm_f(ex, ISA_F_ra_bsel) & 3);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t bits = gm_src(ex, 'a', l) >> k, mask = gm_src(ex, 'b', l);
        for (unsigned i = 0; i < GM_PREDS; i++) /* bit 7 addresses PT: not writable */
            if ((mask >> i) & 1u)
                gm_set_pred(ex, i, l, (bits >> i) & 1u);
    }
}

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

void ialu_op_shf(gm_exec *ex)
{
    static const uint32_t itype_values[] = {
        ISA_T_SHFDType_S64, ISA_T_SHFDType_U64, ISA_T_SHFDType_S32, ISA_T_SHFDType_U32
    };
    int itype = ialu_choice(ex, ISA_F_itype, itype_values, 4);
    if (itype < 0)
        return;
    uint32_t limit = itype < 2 ? 64 : 32;
    bool arithmetic = itype == 0 || itype == 2, clamp = gm_is(ex, ISA_F_cwmod, ISA_V_cwmod_CLAMP);
    bool left = gm_is(ex, ISA_F_direction, ISA_V_direction_L),
         high = gm_is(ex, ISA_F_lohi, ISA_V_lohi_HI);
    if (!ex->exec)
        return;
    uint32_t a[GM_LANES], b[GM_LANES], c[GM_LANES], d[GM_LANES];
    gm_src_lanes(ex, 'b', b);
    gm_src_lanes(ex, 'c', c);
    gm_src_lanes(ex, 'a', a);
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t count = b[l];
        unsigned n = clamp ? (count < limit ? count : limit) : count % limit;
        uint64_t t = funnel_shift((uint64_t)c[l] << 32 | a[l], n, left, arithmetic);
        d[l] = high ? (uint32_t)(t >> 32) : (uint32_t)t;
    }
    gm_set_rd_lanes(ex, d);
}
