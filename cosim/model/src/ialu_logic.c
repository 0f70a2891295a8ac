/* cosim/model: IALU compares, selects, bitwise and predicate logic
 * (isa/spec/ialu.isa): ISETP, ISET, SEL, LOP3, PLOP3, P2R, R2P. */
#include "ialu.h"

enum compop { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };
static const uint32_t compop_values[] = {
    ISA_V_compop_EQ, ISA_V_compop_NE, ISA_V_compop_LT, ISA_V_compop_LE, ISA_V_compop_GT,
    ISA_V_compop_GE
};

enum boolop { BOOL_AND, BOOL_OR, BOOL_XOR };
static const uint32_t boolop_values[] = {ISA_V_boolop_AND, ISA_V_boolop_OR, ISA_V_boolop_XOR};

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

/* The lane masks of a == b and of a < b in unsigned order after adding
 * `bias` to both. */
static void compare_masks(const uint32_t *restrict a, const uint32_t *restrict b, uint32_t bias,
                          uint32_t *eq, uint32_t *less)
{
#ifdef __SSE2__
    /* SSE2 compares only signed: (a ^ bias) < (b ^ bias) unsigned is the
     * signed compare with the top bit flipped once more */
    const __m128i flip = _mm_set1_epi32((int)(bias ^ 0x80000000u));
    uint32_t e = 0, lt = 0;
    for (unsigned q = 0; q < GM_LANES / 4; q++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(a + 4 * q));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + 4 * q));
        e |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, y))) << (4 * q);
        __m128i less4 = _mm_cmplt_epi32(_mm_xor_si128(x, flip), _mm_xor_si128(y, flip));
        lt |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(less4)) << (4 * q);
    }
    *eq = e, *less = lt;
#else
    uint32_t eqs[GM_LANES], lesses[GM_LANES];
    for (unsigned l = 0; l < GM_LANES; l++) {
        eqs[l] = 0u - (a[l] == b[l]);
        lesses[l] = 0u - ((a[l] ^ bias) < (b[l] ^ bias));
    }
    *eq = gm_mask_of_words(eqs), *less = gm_mask_of_words(lesses);
#endif
}

/* lane_compare for every lane, as a mask: the same results, branch-free. */
static uint32_t compare_lanes(gm_exec *ex, const int_compare *c)
{
    uint32_t sa[GM_LANES], sb[GM_LANES];
    const uint32_t *a = gm_src_row(ex, 'a', sa), *b = gm_src_row(ex, 'b', sb);
    uint32_t eq, less, t = 0;
    compare_masks(a, b, c->is_signed ? 0x80000000u : 0, &eq, &less); /* signed order as unsigned */
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

/* ISETP with its modifiers and predicates read at load time (a PT
 * destination: gm_set_pred_lanes discards its write). */
typedef struct {
    int_compare c;
    gm_pred_operand pp;
    uint8_t pu, pv; /* GM_PREDS: PT */
} isetp_params;

static void isetp_prepared(gm_exec *ex)
{
    isetp_params ip;
    GM_PARAMS(ex->d, isetp_params, &ip);
    if (!ex->exec)
        return;
    uint32_t t = compare_lanes(ex, &ip.c), p = gm_pred_operand_lanes(ex->w, &ip.pp);
    gm_set_pred_lanes(ex, ip.pu, combine_lanes(t, p, ip.c.boolop));
    /* written second: when pv names the same predicate as pu, pv wins */
    gm_set_pred_lanes(ex, ip.pv, combine_lanes(~t, p, ip.c.boolop));
}

gm_op_fn ialu_prep_isetp(gm_decoded *d, gm_op_fn fn)
{
    if (!gm_d_has(d, ISA_F_compop) || !gm_d_has(d, ISA_F_boolop))
        return fn;
    int compop = ialu_index_of(gm_d_f(d, ISA_F_compop), compop_values, 6);
    int boolop = ialu_index_of(gm_d_f(d, ISA_F_boolop), boolop_values, 3);
    if (compop < 0 || boolop < 0)
        return fn; /* reserved: the general function traps */
    isetp_params ip = {
        .c = {.compop = (enum compop)compop,
              .boolop = (enum boolop)boolop,
              .is_signed = gm_d_is(d, ISA_F_itype, ISA_T_IType_S32),
              .extended = gm_d_is(d, ISA_F_ext, ISA_V_ext_X)},
    };
    if (!gm_d_pred_operand(d, ISA_F_pp, &ip.pp) || !gm_d_pred_dest(d, ISA_F_pu, &ip.pu) ||
        !gm_d_pred_dest(d, ISA_F_pv, &ip.pv))
        return fn; /* a uniform predicate: the general function */
    GM_SET_PARAMS(d, isetp_params, &ip);
    return isetp_prepared;
}

static void select_lanes(const uint32_t *restrict x, const uint32_t *restrict y,
                         const uint32_t *restrict take_x, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = (x[l] & take_x[l]) | (y[l] & ~take_x[l]);
}

void ialu_op_iset(gm_exec *ex)
{
    int_compare c;
    if (!read_int_compare(ex, &c))
        return;
    uint32_t true_value = gm_is(ex, ISA_F_bmbf, ISA_V_bmbf_BF) ? 0x3F800000u : 0xFFFFFFFFu;
    if (!ex->exec)
        return;
    uint32_t t = compare_lanes(ex, &c), r[GM_LANES];
    gm_lane_words(combine_lanes(t, gm_pred_lanes(ex, ISA_F_pp), c.boolop), r);
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = r[l] & true_value;
    gm_rd_end(ex, d);
}

void ialu_op_sel(gm_exec *ex)
{
    if (!ex->exec)
        return;
    uint32_t sa[GM_LANES], sb[GM_LANES], take_a[GM_LANES], p = gm_pred_lanes(ex, ISA_F_pp);
    /* a source is read (a constant may trap) only when a lane takes it */
    const uint32_t *a = ex->exec & p ? gm_src_row(ex, 'a', sa) : gm_zero_row;
    const uint32_t *b = ex->exec & ~p ? gm_src_row(ex, 'b', sb) : gm_zero_row;
    gm_lane_words(p, take_a);
    uint32_t *d = gm_rd_begin(ex);
    select_lanes(a, b, take_a, d);
    gm_rd_end(ex, d);
}

void ialu_op_lop3(gm_exec *ex)
{
    static const uint32_t exbool_values[] = {ISA_V_exbool_PAND, ISA_V_exbool_POR};
    if (ialu_choice(ex, ISA_F_exbool, exbool_values, 2) < 0)
        return;
    /* every legal form runs as lop3_prepared: only a reserved .exbool gets here */
}

/* LOP3 with its table and .exbool read at load time. */
typedef struct {
    uint32_t lut;
    bool por;      /* .POR: pu = (Rd != 0) | pp, else & pp */
    bool write_pu; /* pu is not PT */
} lop3_params;

/* Bit i of the result is bit ((a_i << 2) | (b_i << 1) | c_i) of lut: a
 * tree of bitwise selects, c's level first (x ^ ((x ^ y) & s) is s ? y : x
 * bit by bit); lut bit m as a mask of all ones or zeros. */
static void lop3_lanes(const uint32_t *restrict a, const uint32_t *restrict b,
                       const uint32_t *restrict c, uint32_t *restrict d, uint32_t lut)
{
    uint32_t t[8];
    for (unsigned m = 0; m < 8; m++)
        t[m] = 0u - ((lut >> m) & 1u);
    uint32_t x0 = t[0], y0 = t[0] ^ t[1], x1 = t[2], y1 = t[2] ^ t[3];
    uint32_t x2 = t[4], y2 = t[4] ^ t[5], x3 = t[6], y3 = t[6] ^ t[7];
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t f00 = x0 ^ (y0 & c[l]), f01 = x1 ^ (y1 & c[l]); /* a = 0, b = 0 / 1 */
        uint32_t f10 = x2 ^ (y2 & c[l]), f11 = x3 ^ (y3 & c[l]); /* a = 1, b = 0 / 1 */
        uint32_t f0 = f00 ^ ((f00 ^ f01) & b[l]), f1 = f10 ^ ((f10 ^ f11) & b[l]);
        d[l] = f0 ^ ((f0 ^ f1) & a[l]);
    }
}

static uint32_t nonzero_lanes(const uint32_t *restrict d)
{
    uint32_t nz[GM_LANES];
    for (unsigned l = 0; l < GM_LANES; l++)
        nz[l] = 0u - (d[l] != 0);
    return gm_mask_of_words(nz);
}

static void lop3_prepared(gm_exec *ex)
{
    lop3_params lp;
    GM_PARAMS(ex->d, lop3_params, &lp);
    if (!ex->exec)
        return;
    gm_sources s;
    gm_read_sources(ex, "abc", &s);
    uint32_t *d = gm_rd_begin(ex);
    lop3_lanes(s.a, s.b, s.c, d, lp.lut);
    uint32_t nonzero = lp.write_pu ? nonzero_lanes(d) : 0;
    gm_rd_end(ex, d);
    if (lp.write_pu) {
        uint32_t p = gm_pred_lanes(ex, ISA_F_pp);
        gm_set_pred_field_lanes(ex, ISA_F_pu, lp.por ? nonzero | p : nonzero & p);
    }
}

gm_op_fn ialu_prep_lop3(gm_decoded *d, gm_op_fn fn)
{
    bool pand = gm_d_is(d, ISA_F_exbool, ISA_V_exbool_PAND);
    if (!pand && !gm_d_is(d, ISA_F_exbool, ISA_V_exbool_POR))
        return fn; /* reserved .exbool: the general function traps */
    lop3_params lp = {.lut = gm_d_f(d, ISA_F_lut) & 0xffu, .por = !pand,
                      .write_pu = !gm_d_is_pt(d, ISA_F_pu)};
    GM_SET_PARAMS(d, lop3_params, &lp);
    return lop3_prepared;
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
