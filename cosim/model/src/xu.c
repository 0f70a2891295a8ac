/* cosim/model: semantics of spec group XU (isa/spec/xu.isa): POPC, FLO, BREV,
 * BMSK, SGXT here; MUFU in mufu.c. */
#include "exec.h"

void gm_op_mufu(gm_exec *ex); /* mufu.c */

/* SrcB with the optional `~` of POPC/FLO. Only one of the three names exists
 * in a variant; the immediate forms have none. */
static bool src_b_inverted(gm_exec *ex)
{
    return gm_f(ex, ISA_F_rb_bitnot) || gm_f(ex, ISA_F_urb_bitnot) || gm_f(ex, ISA_F_vb_bitnot);
}

/* Rd = fn(SrcB) in every lane, SrcB read as a row (fn has no effects). */
static void unary_lanes(gm_exec *ex, uint32_t (*fn)(uint32_t b, uint32_t k0, uint32_t k1),
                        uint32_t k0, uint32_t k1)
{
    if (!ex->exec)
        return;
    uint32_t sb[GM_LANES];
    const uint32_t *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = fn(b[l], k0, k1);
    gm_rd_end(ex, d);
}

/* Rd = fn(Ra, SrcB) in every lane. */
static void binary_lanes(gm_exec *ex, uint32_t (*fn)(uint32_t a, uint32_t b, uint32_t k0,
                                                     uint32_t k1),
                         uint32_t k0, uint32_t k1)
{
    if (!ex->exec)
        return;
    uint32_t sa[GM_LANES], sb[GM_LANES];
    const uint32_t *a = gm_src_row(ex, 'a', sa), *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = fn(a[l], b[l], k0, k1);
    gm_rd_end(ex, d);
}

/* Bit count without a libgcc call (baseline x86-64 has no POPCNT). */
static uint32_t popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static void popc_lanes(const uint32_t *restrict b, uint32_t invert, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = popcount32(b[l] ^ invert);
}

static void op_popc(gm_exec *ex)
{
    if (!ex->exec)
        return;
    uint32_t sb[GM_LANES];
    const uint32_t *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    popc_lanes(b, src_b_inverted(ex) ? ~0u : 0, d);
    gm_rd_end(ex, d);
}

/* Position of the highest bit differing from the sign (sign 0 for .U32);
 * 0xFFFFFFFF when there is none, whatever .SH says (errata B12, B13). */
static uint32_t find_leading_one(uint32_t x, bool is_signed, bool shift_amount)
{
    if (is_signed && (x & 0x80000000u))
        x = ~x;
    if (x == 0)
        return 0xFFFFFFFFu;
    uint32_t pos = 31u - (uint32_t)__builtin_clz(x);
    return shift_amount ? 31u - pos : pos;
}

/* k0: the SrcB inversion mask; bit 0 of k1 .S32, bit 1 .SH. */
static uint32_t flo_lane(uint32_t b, uint32_t invert, uint32_t flags)
{
    return find_leading_one(b ^ invert, flags & 1u, (flags >> 1) & 1u);
}

static void op_flo(gm_exec *ex)
{
    bool is_signed = gm_is(ex, ISA_F_itype, ISA_T_IType_S32);
    bool shift_amount = gm_is(ex, ISA_F_sh, ISA_V_sh_SH);
    unary_lanes(ex, flo_lane, src_b_inverted(ex) ? ~0u : 0,
                (uint32_t)is_signed | (uint32_t)shift_amount << 1);
}

static uint32_t bit_reverse(uint32_t x)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++, x >>= 1)
        r = (r << 1) | (x & 1u);
    return r;
}

static uint32_t brev_lane(uint32_t b, uint32_t unused0, uint32_t unused1)
{
    (void)unused0, (void)unused1;
    return bit_reverse(b);
}

static void op_brev(gm_exec *ex)
{
    unary_lanes(ex, brev_lane, 0, 0);
}

static bool wrap_mode(gm_exec *ex)
{
    return gm_is(ex, ISA_F_cwmode, ISA_V_cwmode_WRAP);
}

/* `width` ones starting at bit `lo` (lo <= 31), clipped at bit 31. */
static uint32_t ones_from(uint32_t lo, uint32_t width)
{
    uint32_t hi = lo + width; /* first bit above the mask, 0..63 */
    uint32_t below_lo = 0xFFFFFFFFu << lo;
    uint32_t from_hi = hi >= 32 ? 0 : 0xFFFFFFFFu << hi;
    return below_lo & ~from_hi;
}

static uint32_t bit_mask(uint32_t a, uint32_t b, bool wrap)
{
    if (wrap)
        return ones_from(a & 31u, b & 31u);
    if (a >= 32)
        return 0;
    return ones_from(a, b >= 32 ? 32 : b);
}

static uint32_t bmsk_lane(uint32_t a, uint32_t b, uint32_t wrap, uint32_t unused)
{
    (void)unused;
    return bit_mask(a, b, wrap);
}

static void op_bmsk(gm_exec *ex)
{
    binary_lanes(ex, bmsk_lane, wrap_mode(ex), 0);
}

static uint32_t extend_low_bits(uint32_t a, uint32_t width_src, bool wrap, bool sign_extend)
{
    uint32_t n = wrap ? (width_src & 31u) : (width_src > 32 ? 32 : width_src);
    if (n == 0)
        return 0;
    if (n == 32)
        return a;
    uint32_t low = (1u << n) - 1;
    uint32_t r = a & low;
    if (sign_extend && ((r >> (n - 1)) & 1u))
        r |= ~low;
    return r;
}

static uint32_t sgxt_lane(uint32_t a, uint32_t b, uint32_t wrap, uint32_t sign_extend)
{
    return extend_low_bits(a, b, wrap, sign_extend);
}

static void op_sgxt(gm_exec *ex)
{
    bool wrap = wrap_mode(ex);
    bool sign_extend = gm_is(ex, ISA_F_itype, ISA_T_IType_S32);
    binary_lanes(ex, sgxt_lane, wrap, sign_extend);
}

const gm_op gm_ops_xu[] = {
    {ISA_OP_MUFU, gm_op_mufu, NULL},
    {ISA_OP_POPC, op_popc, NULL},
    {ISA_OP_FLO, op_flo, NULL},
    {ISA_OP_BREV, op_brev, NULL},
    {ISA_OP_BMSK, op_bmsk, NULL},
    {ISA_OP_SGXT, op_sgxt, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
