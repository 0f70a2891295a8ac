/* cosim/model: IALU compares, selects, bitwise and predicate logic, shifts
 * (isa/spec/ialu.isa): ISETP, ISET, SEL, LOP3, PLOP3, P2R, R2P, SHF. */
#include "ialu.h"

enum compop { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };
static const char *const compop_names[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};

enum boolop { BOOL_AND, BOOL_OR, BOOL_XOR };
static const char *const boolop_names[] = {"AND", "OR", "XOR"};

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
    int compop = ialu_choice(ex, "compop", compop_names, 6);
    int boolop = ialu_choice(ex, "boolop", boolop_names, 3);
    if (compop < 0 || boolop < 0)
        return false;
    *c = (int_compare){.compop = (enum compop)compop, .boolop = (enum boolop)boolop,
                       .is_signed = gm_is(ex, "itype", "S32"), .extended = gm_is(ex, "ext", "X")};
    return true;
}

/* The compare result t of one lane; with .X equal words defer to pq, the
 * lower words' result. */
static bool lane_compare(gm_exec *ex, const int_compare *c, unsigned lane)
{
    uint32_t a = gm_src(ex, 'a', lane), b = gm_src(ex, 'b', lane);
    if (c->extended && a == b)
        return gm_pred(ex, "pq", lane);
    return compare(a, b, c->is_signed, c->compop);
}

void ialu_op_isetp(gm_exec *ex)
{
    int_compare c;
    if (!read_int_compare(ex, &c))
        return;
    GM_FOR_EACH_LANE(ex, l) {
        bool t = lane_compare(ex, &c, l), p = gm_pred(ex, "pp", l);
        gm_set_pred_field(ex, "pu", l, combine(t, p, c.boolop));
        /* written second: when pv names the same predicate as pu, pv wins */
        gm_set_pred_field(ex, "pv", l, combine(!t, p, c.boolop));
    }
}

void ialu_op_iset(gm_exec *ex)
{
    int_compare c;
    if (!read_int_compare(ex, &c))
        return;
    uint32_t true_value = gm_is(ex, "bmbf", "BF") ? 0x3F800000u : 0xFFFFFFFFu;
    GM_FOR_EACH_LANE(ex, l) {
        bool r = combine(lane_compare(ex, &c, l), gm_pred(ex, "pp", l), c.boolop);
        gm_set_rd(ex, l, r ? true_value : 0);
    }
}

void ialu_op_sel(gm_exec *ex)
{
    GM_FOR_EACH_LANE(ex, l)
        gm_set_rd(ex, l, gm_pred(ex, "pp", l) ? gm_src(ex, 'a', l) : gm_src(ex, 'b', l));
}

/* Bit i of the result is bit ((a_i << 2) | (b_i << 1) | c_i) of lut: the OR
 * of the minterms whose table bit is set. */
static uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, uint32_t lut)
{
    uint32_t r = 0;
    for (unsigned m = 0; m < 8; m++)
        if ((lut >> m) & 1u)
            r |= (m & 4 ? a : ~a) & (m & 2 ? b : ~b) & (m & 1 ? c : ~c);
    return r;
}

void ialu_op_lop3(gm_exec *ex)
{
    static const char *const exbool_names[] = {"PAND", "POR"};
    int exbool = ialu_choice(ex, "exbool", exbool_names, 2);
    if (exbool < 0)
        return;
    uint32_t lut = gm_f(ex, "lut") & 0xffu;
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t r = lop3(gm_src(ex, 'a', l), gm_src(ex, 'b', l), gm_src(ex, 'c', l), lut);
        bool p = gm_pred(ex, "pp", l);
        gm_set_rd(ex, l, r);
        gm_set_pred_field(ex, "pu", l, exbool == 0 ? (r != 0 && p) : (r != 0 || p));
    }
}

void ialu_op_plop3(gm_exec *ex)
{
    uint32_t lut = gm_f(ex, "lut") & 0xffu;
    bool uniform_c = gm_has(ex, "upc");
    GM_FOR_EACH_LANE(ex, l) {
        unsigned a = gm_pred(ex, "pa", l), b = gm_pred(ex, "pb", l);
        unsigned c = uniform_c ? gm_pred(ex, "upc", l) : gm_pred(ex, "pc", l);
        gm_set_pred_field(ex, "pu", l, (lut >> (a << 2 | b << 1 | c)) & 1u);
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
    unsigned k = 8 * (gm_f(ex, "bsel") & 3);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), mask = (gm_src(ex, 'b', l) & 0xffu) << k;
        uint32_t pr = packed_predicates(ex, l) << k;
        gm_set_rd(ex, l, (a & ~mask) | (pr & mask));
    }
}

void ialu_op_r2p(gm_exec *ex)
{
    unsigned k = 8 * (gm_f(ex, "ra.bsel") & 3);
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
    static const char *const itype_names[] = {"S64", "U64", "S32", "U32"};
    int itype = ialu_choice(ex, "itype", itype_names, 4);
    if (itype < 0)
        return;
    uint32_t limit = itype < 2 ? 64 : 32;
    bool arithmetic = itype == 0 || itype == 2, clamp = gm_is(ex, "cwmod", "CLAMP");
    bool left = gm_is(ex, "direction", "L"), high = gm_is(ex, "lohi", "HI");
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t count = gm_src(ex, 'b', l);
        unsigned n = clamp ? (count < limit ? count : limit) : count % limit;
        uint64_t t = (uint64_t)gm_src(ex, 'c', l) << 32 | gm_src(ex, 'a', l);
        t = funnel_shift(t, n, left, arithmetic);
        gm_set_rd(ex, l, high ? (uint32_t)(t >> 32) : (uint32_t)t);
    }
}
