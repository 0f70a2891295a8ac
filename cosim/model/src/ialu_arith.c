/* cosim/model: IALU arithmetic (isa/spec/ialu.isa): IADD, IMAD, IMAD_WIDE,
 * IDP2A, IDP4A, IMUL, LEA, IABS, IMNMX.
 *
 * Carry convention (header of ialu.isa): without .X a `-` operand enters the
 * adder as ~x with a carry in of 1 (the value 2^32 - x, which carries when
 * x = 0); with .X the same bit is a plain ~x and the carry in is pp. */
#include "ialu.h"

/* Two's-complement reading (GCC converts out-of-range values modulo 2^32). */
static int32_t as_signed(uint32_t v)
{
    return (int32_t)v;
}

/* IADD.X (the plain form runs as iadd_plain): carries in from pp and out to pu. */
void ialu_op_iadd(gm_exec *ex)
{
    bool neg_a = ialu_neg(ex, 'a'), neg_b = ialu_neg(ex, 'b');
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), b = gm_src(ex, 'b', l);
        bool carry;
        gm_set_rd(ex, l,
                  ialu_add32(neg_a ? ~a : a, neg_b ? ~b : b, gm_pred(ex, ISA_F_pp, l), &carry));
        gm_set_pred_field(ex, ISA_F_pu, l, carry);
    }
}

/* IADD without .X (a + b, either negated, no carries): the negations as
 * masks, read when the code is loaded. */
typedef struct {
    uint32_t ma, mb; /* mb: for an immediate b (iadd_immediate), b negated or not */
} iadd_params;

/* The lane loops take restrict parameters: GCC vectorises them at -O2
 * only when it needs no run-time alias check. */
static void iadd_lanes(const uint32_t *restrict a, const uint32_t *restrict b, uint32_t *restrict d,
                       uint32_t ma, uint32_t mb)
{
    /* (x ^ m) - m is x for m = 0 and -x for m = ~0 */
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = ((a[l] ^ ma) - ma) + ((b[l] ^ mb) - mb);
}

static void iadd_plain(gm_exec *ex)
{
    iadd_params p;
    GM_PARAMS(ex->d, iadd_params, &p);
    if (!ex->exec)
        return;
    uint32_t sa[GM_LANES], sb[GM_LANES];
    const uint32_t *a = gm_src_row(ex, 'a', sa), *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    iadd_lanes(a, b, d, p.ma, p.mb);
    gm_rd_end(ex, d);
}

/* IADD of an immediate (a loop's counter, an address step): b's value,
 * negated or not, computed when the code is loaded. */
static void iadd_lanes_k(const uint32_t *restrict a, uint32_t *restrict d, uint32_t ma, uint32_t k)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = ((a[l] ^ ma) - ma) + k;
}

static void iadd_immediate(gm_exec *ex)
{
    iadd_params p;
    GM_PARAMS(ex->d, iadd_params, &p);
    if (!ex->exec)
        return;
    uint32_t sa[GM_LANES];
    const uint32_t *a = gm_src_row(ex, 'a', sa);
    uint32_t *d = gm_rd_begin(ex);
    iadd_lanes_k(a, d, p.ma, p.mb);
    gm_rd_end(ex, d);
}

gm_op_fn ialu_prep_iadd(gm_decoded *d, gm_op_fn fn)
{
    if (gm_d_is(d, ISA_F_ext, ISA_V_ext_X))
        return fn; /* IADD.X */
    iadd_params p = {ialu_neg_d(d, 'a') ? ~0u : 0, ialu_neg_d(d, 'b') ? ~0u : 0};
    if (d->src[1].kind == GM_SRC_VALUE) {
        p.mb = (d->src[1].value ^ p.mb) - p.mb;
        GM_SET_PARAMS(d, iadd_params, &p);
        return iadd_immediate;
    }
    GM_SET_PARAMS(d, iadd_params, &p);
    return iadd_plain;
}

/* .LO (low product word) and .HI.X (high word plus carry in) are the two
 * modes; the encoding's other two combinations are no form of IMAD. */
void ialu_op_imad(gm_exec *ex)
{
    bool high = gm_is(ex, ISA_F_lohi, ISA_V_lohi_HI), extended = gm_is(ex, ISA_F_ext, ISA_V_ext_X);
    if (high != extended) {
        ialu_no_such_form(ex, "IMAD has .LO and .HI.X modes only");
        return;
    }
    bool is_signed = gm_is(ex, ISA_F_itype, ISA_T_IType_S32), neg_c = ialu_neg(ex, 'c');
    if (!ex->exec)
        return;
    gm_sources s;
    gm_read_sources(ex, "abc", &s);
    const uint32_t *a = s.a, *b = s.b, *c = s.c;
    uint32_t carry = 0, carry_in = extended ? gm_pred_lanes(ex, ISA_F_pp) : neg_c ? ~0u : 0;
    uint32_t mc = neg_c ? ~0u : 0;
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint64_t product = ialu_mul64(a[l], b[l], is_signed);
        uint32_t word = high ? (uint32_t)(product >> 32) : (uint32_t)product;
        uint64_t sum = (uint64_t)word + (c[l] ^ mc) + ((carry_in >> l) & 1u);
        d[l] = (uint32_t)sum;
        carry |= (uint32_t)(sum >> 32) << l;
    }
    gm_rd_end(ex, d);
    gm_set_pred_field_lanes(ex, ISA_F_pu, carry);
}

/* IMAD.LO whose carry out goes nowhere (pu is PT): the low word of
 * a * b + (c or ~c) + (1 for -c), the same for signed and unsigned. */
typedef struct {
    uint32_t mc, carry_in;
} imad_lo_params;

static void imad_lo_lanes(const uint32_t *restrict a, const uint32_t *restrict b,
                          const uint32_t *restrict c, uint32_t *restrict d, uint32_t mc,
                          uint32_t carry_in)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = a[l] * b[l] + (c[l] ^ mc) + carry_in;
}

static void imad_lo(gm_exec *ex)
{
    imad_lo_params p;
    GM_PARAMS(ex->d, imad_lo_params, &p);
    if (!ex->exec)
        return;
    gm_sources s;
    gm_read_sources(ex, "abc", &s);
    uint32_t *d = gm_rd_begin(ex);
    imad_lo_lanes(s.a, s.b, s.c, d, p.mc, p.carry_in);
    gm_rd_end(ex, d);
}

gm_op_fn ialu_prep_imad(gm_decoded *d, gm_op_fn fn)
{
    if (gm_d_is(d, ISA_F_lohi, ISA_V_lohi_HI) || gm_d_is(d, ISA_F_ext, ISA_V_ext_X) ||
        !gm_d_is_pt(d, ISA_F_pu))
        return fn;
    bool neg_c = ialu_neg_d(d, 'c');
    imad_lo_params p = {neg_c ? ~0u : 0, neg_c};
    GM_SET_PARAMS(d, imad_lo_params, &p);
    return imad_lo;
}

void ialu_op_imad_wide(gm_exec *ex)
{
    bool extended = gm_is(ex, ISA_F_ext, ISA_V_ext_X);
    bool is_signed = gm_is(ex, ISA_F_itype, ISA_T_IType_S32), neg_c = ialu_neg(ex, 'c');
    GM_FOR_EACH_LANE(ex, l) {
        uint64_t product = ialu_mul64(gm_src(ex, 'a', l), gm_src(ex, 'b', l), is_signed);
        uint64_t c = gm_src64(ex, 'c', l);
        bool carry_in = extended ? gm_pred(ex, ISA_F_pp, l) : neg_c, carry;
        uint64_t sum = ialu_add64(product, neg_c ? ~c : c, carry_in, &carry);
        if (ex->trapped)
            return;
        gm_set_rd64(ex, l, sum);
        gm_set_pred_field(ex, ISA_F_pu, l, carry);
    }
}

/* Element i (of `bits` bits) of a packed word, sign- or zero-extended. */
static int32_t packed_element(uint32_t word, unsigned bits, unsigned i, bool is_signed)
{
    uint32_t mask = (1u << bits) - 1, sign = 1u << (bits - 1);
    uint32_t e = (word >> (bits * i)) & mask;
    return is_signed ? (int32_t)(e ^ sign) - (int32_t)sign : (int32_t)e;
}

/* Rd = d mod 2^32 and pu = (d >= 2^32), d the exact accumulation. */
static void write_dot_result(gm_exec *ex, unsigned lane, int64_t d)
{
    gm_set_rd(ex, lane, (uint32_t)d);
    gm_set_pred_field(ex, ISA_F_pu, lane, d >= (int64_t)1 << 32);
}

void ialu_op_idp2a(gm_exec *ex)
{
    bool a_signed = gm_is(ex, ISA_F_afmt, ISA_V_afmt_S16),
         b_signed = gm_is(ex, ISA_F_bfmt, ISA_V_bfmt_S8);
    unsigned first_byte = gm_is(ex, ISA_F_lohi, ISA_V_lohi_HI) ? 2 : 0;
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), b = gm_src(ex, 'b', l);
        int64_t d = (int64_t)gm_src(ex, 'c', l) + gm_pred(ex, ISA_F_pp, l);
        for (unsigned i = 0; i < 2; i++)
            d += (int64_t)packed_element(a, 16, i, a_signed) *
                 packed_element(b, 8, first_byte + i, b_signed);
        write_dot_result(ex, l, d);
    }
}

void ialu_op_idp4a(gm_exec *ex)
{
    bool a_signed = gm_is(ex, ISA_F_afmt, ISA_V_afmt_S8),
         b_signed = gm_is(ex, ISA_F_bfmt, ISA_V_bfmt_S8);
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), b = gm_src(ex, 'b', l);
        int64_t d = (int64_t)gm_src(ex, 'c', l) + gm_pred(ex, ISA_F_pp, l);
        for (unsigned i = 0; i < 4; i++)
            d += (int64_t)packed_element(a, 8, i, a_signed) * packed_element(b, 8, i, b_signed);
        write_dot_result(ex, l, d);
    }
}

static void imul_lanes(const uint32_t *restrict a, const uint32_t *restrict b, uint32_t mb,
                       uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = a[l] * ((b[l] ^ mb) - mb); /* the low word: the same signed or not */
}

void ialu_op_imul(gm_exec *ex)
{
    bool high = gm_is(ex, ISA_F_lohi, ISA_V_lohi_HI),
         is_signed = gm_is(ex, ISA_F_itype, ISA_T_IType_S32);
    bool neg_b = ialu_neg(ex, 'b');
    if (!ex->exec)
        return;
    uint32_t sa[GM_LANES], sb[GM_LANES];
    const uint32_t *a = gm_src_row(ex, 'a', sa), *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    if (!high) {
        imul_lanes(a, b, neg_b ? ~0u : 0, d);
    } else {
        for (unsigned l = 0; l < GM_LANES; l++)
            d[l] = (uint32_t)(ialu_mul64(a[l], neg_b ? 0u - b[l] : b[l], is_signed) >> 32);
    }
    gm_rd_end(ex, d);
}

enum lea_mode { LEA_LO, LEA_HI_X, LEA_HI_X_SX32, LEA_NO_SUCH_FORM };

static enum lea_mode lea_mode(gm_exec *ex)
{
    bool high = gm_is(ex, ISA_F_lohi, ISA_V_lohi_HI), extended = gm_is(ex, ISA_F_ext, ISA_V_ext_X);
    bool sx32 = gm_is(ex, ISA_F_sx32, ISA_V_sx32_SX32);
    if (!high && !extended && !sx32)
        return LEA_LO;
    if (high && extended)
        return sx32 ? LEA_HI_X_SX32 : LEA_HI_X;
    return LEA_NO_SUCH_FORM;
}

/* Bits 63..32 of the 64-bit value shifted left by `shift` (0..31). */
static uint32_t high_word_shifted(uint64_t value, unsigned shift)
{
    return (uint32_t)((value << shift) >> 32);
}

void ialu_op_lea(gm_exec *ex)
{
    enum lea_mode mode = lea_mode(ex);
    if (mode == LEA_NO_SUCH_FORM) {
        ialu_no_such_form(ex, "LEA has .LO, .HI.X and .HI.X.SX32 modes only");
        return;
    }
    bool neg_a = ialu_neg(ex, 'a');
    unsigned shift = gm_f(ex, ISA_F_shiftamt) & 31;
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t a = gm_src(ex, 'a', l), b = gm_src(ex, 'b', l), sum;
        bool carry;
        if (mode == LEA_LO) {
            /* '-': the shifted word x enters the adder as ~x + 1 (= -(Ra << sh) mod
             * 2^32, carrying when x = 0), the carry LEA.HI.X with '~' expects */
            uint32_t x = a << shift;
            sum = ialu_add32(neg_a ? ~x : x, b, neg_a, &carry);
        } else {
            uint64_t wide;
            if (mode == LEA_HI_X)
                wide = (uint64_t)gm_src(ex, 'c', l) << 32 | a;
            else
                wide = (uint64_t)(int64_t)as_signed(neg_a ? ~a : a);
            if (mode == LEA_HI_X && neg_a)
                wide = ~wide;
            sum = ialu_add32(high_word_shifted(wide, shift), b, gm_pred(ex, ISA_F_pp, l), &carry);
        }
        gm_set_rd(ex, l, sum);
        gm_set_pred_field(ex, ISA_F_pu, l, carry);
    }
}

static void iabs_lanes(const uint32_t *restrict b, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t m = 0u - (b[l] >> 31); /* |-2^31| wraps to 0x80000000 */
        d[l] = (b[l] ^ m) - m;
    }
}

void ialu_op_iabs(gm_exec *ex)
{
    if (!ex->exec)
        return;
    uint32_t sb[GM_LANES];
    const uint32_t *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    iabs_lanes(b, d);
    gm_rd_end(ex, d);
}

/* d = a where (a < b) equals want_min, else b; bias orders signed values
 * as unsigned. */
static void imnmx_lanes(const uint32_t *restrict a, const uint32_t *restrict b,
                        const uint32_t *restrict want_min, uint32_t bias, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t a_less = 0u - ((a[l] ^ bias) < (b[l] ^ bias));
        uint32_t take_a = ~(a_less ^ want_min[l]);
        d[l] = (a[l] & take_a) | (b[l] & ~take_a);
    }
}

void ialu_op_imnmx(gm_exec *ex)
{
    bool is_signed = gm_is(ex, ISA_F_itype, ISA_T_IType_S32);
    if (!ex->exec)
        return;
    uint32_t sa[GM_LANES], sb[GM_LANES], want_min[GM_LANES];
    const uint32_t *a = gm_src_row(ex, 'a', sa), *b = gm_src_row(ex, 'b', sb);
    gm_lane_words(gm_pred_lanes(ex, ISA_F_pp), want_min);
    uint32_t *d = gm_rd_begin(ex);
    imnmx_lanes(a, b, want_min, is_signed ? 0x80000000u : 0, d);
    gm_rd_end(ex, d);
}
