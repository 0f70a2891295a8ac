/* Model: group IALU (isa/spec/ialu.isa) against simple references written
 * here from the spec's pseudocode (exact arithmetic in int64/__int128), on
 * random lane states; multi-word sequences against plain 64-bit C; and every
 * __Examples line whose result the spec determines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "ialu_lanes.h"

typedef unsigned __int128 u128;

/* operands: Ra = R2, SrcB = R3, SrcC = R4 (pairs R[4:5]), pp = P1, pq = P3;
 * results: R0 (R[0:1]), pu = P0, pv = P2 */
#define RA (s->r[2])
#define SB (s->r[3])
#define SC (s->r[4])
#define PRED(n) ((s->p >> (n)) & 1u)
#define C64 ((uint64_t)s->r[5] << 32 | s->r[4])

static void set_pred(il_lane *s, unsigned n, bool v)
{
    s->p = (uint8_t)(v ? s->p | 1u << n : s->p & ~(1u << n));
}

static void set_r01(il_lane *s, uint64_t v)
{
    s->r[0] = (uint32_t)v;
    s->r[1] = (uint32_t)(v >> 32);
}

static int64_t sx(uint32_t v)
{
    return (int32_t)v;
}

/* ---- the form table: one instruction, one reference ---- */

typedef void (*ref_fn)(il_lane *s, unsigned param);
typedef void (*prep_fn)(il_lane *s, unsigned lane, unsigned param);

typedef struct {
    const char *code; /* may hold one printf conversion taking `param` */
    ref_fn ref;
    unsigned param;
    prep_fn prep; /* shapes the random inputs, or NULL */
} form;

/* every round count below is multiplied by this: 32 lanes of fresh inputs a round */
#define ROUND_FACTOR 4

static void run_form(const form *f, unsigned rounds)
{
    rounds *= ROUND_FACTOR;
    char code[256];
    snprintf(code, sizeof code, f->code, f->param);
    for (unsigned r = 0; r < rounds; r++) {
        il_lane in[IL_LANES], out[IL_LANES];
        il_random_state(in);
        for (unsigned l = 0; f->prep && l < IL_LANES; l++)
            f->prep(&in[l], l, f->param);
        for (unsigned l = 0; l < IL_LANES; l++) {
            out[l] = in[l];
            f->ref(&out[l], f->param);
        }
        il_run_state(code, NULL, in, out);
    }
}

static void run_forms(const form *forms, size_t n, unsigned rounds)
{
    for (size_t i = 0; i < n; i++)
        run_form(&forms[i], rounds);
}

/* param bit 0: Ra negated/complemented, bit 1: SrcB, bit 2: SrcC, bit 3: !pp,
 * bit 4: unsigned (.U32), bit 5: .HI */
enum { NA = 1, NB = 2, NC = 4, NOTP = 8, U = 16, HI = 32 };

static bool pp_of(const il_lane *s, unsigned param)
{
    return (param & NOTP) ? !PRED(1) : PRED(1);
}

static void ref_iadd(il_lane *s, unsigned param)
{
    int64_t a = (param & NA) ? -(int64_t)RA : RA, b = (param & NB) ? -(int64_t)SB : SB;
    s->r[0] = (uint32_t)(a + b);
}

static void ref_iadd_x(il_lane *s, unsigned param)
{
    uint64_t a = (param & NA) ? ~RA : RA, b = (param & NB) ? ~SB : SB;
    uint64_t t = a + b + pp_of(s, param);
    s->r[0] = (uint32_t)t;
    set_pred(s, 0, t >= (UINT64_C(1) << 32));
}

static int64_t product(const il_lane *s, unsigned param)
{
    if (param & U)
        return (int64_t)((uint64_t)RA * SB);
    return sx(RA) * sx(SB);
}

static void ref_imad(il_lane *s, unsigned param)
{
    uint64_t t = (uint64_t)product(s, param), sum;
    if (param & HI) { /* .HI.X: '~' and carry in */
        sum = (t >> 32) + ((param & NC) ? (uint32_t)~SC : SC) + pp_of(s, param);
    } else { /* .LO: '-' is 2^32 - c */
        uint64_t c = (param & NC) ? (UINT64_C(1) << 32) - SC : SC;
        sum = (t & 0xffffffffu) + c;
    }
    s->r[0] = (uint32_t)sum;
    set_pred(s, 0, sum >= (UINT64_C(1) << 32));
}

static void ref_imad_wide(il_lane *s, unsigned param)
{
    u128 t = (uint64_t)product(s, param), sum;
    if (param & HI) /* .X */
        sum = t + (u128)((param & NC) ? ~C64 : C64) + pp_of(s, param);
    else
        sum = t + ((param & NC) ? ((u128)1 << 64) - C64 : (u128)C64);
    set_r01(s, (uint64_t)sum);
    set_pred(s, 0, (sum >> 64) != 0);
}

static int64_t element(uint32_t w, unsigned bits, unsigned i, bool is_signed)
{
    uint32_t e = (w >> (bits * i)) & ((1u << bits) - 1);
    if (is_signed && (e >> (bits - 1)))
        return (int64_t)e - ((int64_t)1 << bits);
    return e;
}

/* param: bit 0 afmt unsigned, bit 1 bfmt unsigned, bit 2 .HI, bit 3 !pp */
static void ref_idp2a(il_lane *s, unsigned param)
{
    int64_t d = (int64_t)SC + pp_of(s, param);
    unsigned first = (param & 4) ? 2 : 0;
    for (unsigned i = 0; i < 2; i++)
        d += element(RA, 16, i, !(param & 1)) * element(SB, 8, first + i, !(param & 2));
    s->r[0] = (uint32_t)(uint64_t)d;
    set_pred(s, 0, d >= ((int64_t)1 << 32));
}

static void ref_idp4a(il_lane *s, unsigned param)
{
    int64_t d = (int64_t)SC + pp_of(s, param);
    for (unsigned i = 0; i < 4; i++)
        d += element(RA, 8, i, !(param & 1)) * element(SB, 8, i, !(param & 2));
    s->r[0] = (uint32_t)(uint64_t)d;
    set_pred(s, 0, d >= ((int64_t)1 << 32));
}

static void ref_imul(il_lane *s, unsigned param)
{
    il_lane t = *s;
    if (param & NB)
        t.r[3] = 0u - t.r[3];
    uint64_t p = (uint64_t)product(&t, param);
    s->r[0] = (param & HI) ? (uint32_t)(p >> 32) : (uint32_t)p;
}

/* LEA param: bits 0..4 the shift, bit 5 Ra prefix, bits 6..7 mode */
enum { LEA_NEG = 32, LEA_HIX = 64, LEA_SX = 128 };

static void ref_lea(il_lane *s, unsigned param)
{
    unsigned sh = param & 31;
    bool neg = param & LEA_NEG, carry_in = PRED(1);
    uint64_t sum;
    if (param & LEA_SX) {
        int64_t t = sx(neg ? ~RA : RA);
        sum = (((uint64_t)t >> (32 - sh)) & 0xffffffffu) + SB + carry_in;
    } else if (param & LEA_HIX) {
        uint64_t t = (uint64_t)SC << 32 | RA;
        if (neg)
            t = ~t;
        sum = ((t >> (32 - sh)) & 0xffffffffu) + SB + carry_in;
    } else {
        uint64_t x = ((uint64_t)RA << sh) & 0xffffffffu;
        sum = (neg ? (UINT64_C(1) << 32) - x : x) + SB;
    }
    s->r[0] = (uint32_t)sum;
    set_pred(s, 0, sum >> 32);
}

static void ref_iabs(il_lane *s, unsigned param)
{
    (void)param;
    int64_t x = sx(SB);
    s->r[0] = (uint32_t)(x < 0 ? -x : x);
}

static void ref_imnmx(il_lane *s, unsigned param)
{
    int64_t a = (param & U) ? RA : sx(RA), b = (param & U) ? SB : sx(SB);
    int64_t r = pp_of(s, param) ? (a < b ? a : b) : (a > b ? a : b);
    s->r[0] = (uint32_t)r;
}

static void ref_sel(il_lane *s, unsigned param)
{
    s->r[0] = pp_of(s, param) ? RA : SB;
}

/* ---- compares: param = compop (0..5) | U | X | BF | boolop << 8 ---- */
enum { CMP_X = 64, CMP_BF = 128 };
static const char *const compops[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
static const char *const boolops[] = {"AND", "OR", "XOR"};

static bool compare(int64_t a, int64_t b, unsigned op)
{
    switch (op) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    default: return a >= b;
    }
}

static bool combine(bool x, bool y, unsigned op)
{
    return op == 0 ? (x && y) : op == 1 ? (x || y) : (x != y);
}

static bool compare_lane(const il_lane *s, unsigned param)
{
    int64_t a = (param & U) ? RA : sx(RA), b = (param & U) ? SB : sx(SB);
    if ((param & CMP_X) && a == b)
        return PRED(3);
    return compare(a, b, param & 7);
}

static void ref_isetp(il_lane *s, unsigned param)
{
    bool t = compare_lane(s, param), pp = PRED(1);
    set_pred(s, 0, combine(t, pp, param >> 8));
    set_pred(s, 2, combine(!t, pp, param >> 8));
}

static void ref_iset(il_lane *s, unsigned param)
{
    bool r = combine(compare_lane(s, param), PRED(1), param >> 8);
    s->r[0] = r ? ((param & CMP_BF) ? 0x3f800000u : 0xffffffffu) : 0;
}

/* a quarter of the lanes compare equal words */
static void prep_equal(il_lane *s, unsigned lane, unsigned param)
{
    (void)param;
    if (lane % 4 == 0)
        SB = RA;
}

static void compare_forms(bool iset)
{
    for (unsigned op = 0; op < 6; op++)
        for (unsigned b = 0; b < 3; b++)
            for (unsigned variant = 0; variant < 4; variant++) {
                unsigned param = op | b << 8 | ((variant & 1) ? U : 0) | ((variant & 2) ? CMP_X : 0);
                if (iset && op % 2)
                    param |= CMP_BF;
                char code[96];
                snprintf(code, sizeof code, "%s.%s.%s%s%s%s %s, R2, R3, P1%s ;", iset ? "ISET" : "ISETP",
                         compops[op], boolops[b], (param & U) ? ".U32" : "", (param & CMP_BF) ? ".BF" : "",
                         (param & CMP_X) ? ".X" : "", iset ? "R0" : "P0, P2", (param & CMP_X) ? ", P3" : "");
                form f = {code, iset ? ref_iset : ref_isetp, param, prep_equal};
                run_form(&f, 2);
            }
}

/* ---- logic ---- */

static void ref_lop3(il_lane *s, unsigned param)
{
    unsigned lut = param & 0xff;
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++) {
        unsigned idx = ((RA >> i) & 1u) << 2 | ((SB >> i) & 1u) << 1 | ((SC >> i) & 1u);
        r |= ((lut >> idx) & 1u) << i;
    }
    s->r[0] = r;
    set_pred(s, 0, (param & 0x100) ? (r != 0 && PRED(1)) : (r != 0 || PRED(1)));
}

static void ref_plop3(il_lane *s, unsigned param)
{
    set_pred(s, 0, (param >> (PRED(1) << 2 | (!PRED(2)) << 1 | PRED(3))) & 1u);
}

static void ref_p2r(il_lane *s, unsigned param)
{
    unsigned k = 8 * param;
    uint32_t pr = 0x80u | s->p, m = SB & 0xffu, old = (RA >> k) & 0xffu;
    uint32_t byte = (m & pr) | (~m & old & 0xffu);
    s->r[0] = (RA & ~(0xffu << k)) | byte << k;
}

/* param: byte | window << 2 (window 0: mask bits 0..3, 1: bits 4..7) */
static void ref_r2p(il_lane *s, unsigned param)
{
    uint32_t src = (RA >> (8 * (param & 3))) & 0xffu, m = SB & 0xffu;
    for (unsigned i = 0; i < 7; i++)
        if ((m >> i) & 1u)
            set_pred(s, i, (src >> i) & 1u);
}

/* the commit record holds four predicate writes: one nibble of SbMsk */
static void prep_r2p_mask(il_lane *s, unsigned lane, unsigned param)
{
    (void)lane;
    SB &= (param >> 2) ? 0xfffffff0u : 0xffffff0fu;
}

/* ---- SHF: param = itype (0 S64, 1 U64, 2 S32, 3 U32) | WRAP << 2 | R << 3 | HI << 4 ---- */
static const char *const shf_types[] = {"S64", "U64", "S32", "U32"};

static void ref_shf(il_lane *s, unsigned param)
{
    unsigned limit = (param & 3) < 2 ? 64 : 32;
    bool wrap = param & 4, right = param & 8, high = param & 16;
    bool arithmetic = (param & 3) == 0 || (param & 3) == 2;
    unsigned n = wrap ? SB % limit : (SB < limit ? SB : limit);
    uint64_t t = (uint64_t)SC << 32 | RA, r = 0;
    for (unsigned j = 0; j < 64; j++) { /* bit by bit: bit j of the result */
        int from = right ? (int)j + (int)n : (int)j - (int)n;
        uint64_t bit = from >= 0 && from < 64 ? (t >> from) & 1u : (right && arithmetic ? t >> 63 : 0);
        r |= bit << j;
    }
    s->r[0] = high ? (uint32_t)(r >> 32) : (uint32_t)r;
}

static void prep_shift_count(il_lane *s, unsigned lane, unsigned param)
{
    static const uint32_t counts[] = {0, 1, 31, 32, 33, 63, 64, 65, 95, 96, 127, 0xffffffff};
    (void)param;
    if (lane % 4 != 3)
        SB = counts[(lane + il_random()) % (sizeof counts / sizeof counts[0])];
}

/* ---- moves ---- */

static void ref_mov(il_lane *s, unsigned param)
{
    s->r[0] = RA;
    if (param)
        s->r[1] = s->r[3];
}

static const char *const prmt_modes[] = {"IDX", "F4E", "B4E", "RC8", "ECL", "ECR", "RC16"};

/* The source byte of result byte i, from the spec's tables read as formulas. */
static unsigned prmt_source(unsigned mode, unsigned sel, unsigned i)
{
    switch (mode) {
    case 1: return sel + i;                         /* F4E */
    case 2: return (sel - i) & 7;                   /* B4E */
    case 3: return sel;                             /* RC8 */
    case 4: return i > sel ? i : sel;               /* ECL */
    case 5: return i < sel ? i : sel;               /* ECR */
    default: return ((sel & 1) << 1) | (i & 1);     /* RC16 */
    }
}

static void ref_prmt(il_lane *s, unsigned mode)
{
    uint64_t t = (uint64_t)SB << 32 | RA;
    uint32_t r = 0;
    for (unsigned i = 0; i < 4; i++) {
        uint32_t byte;
        if (mode == 0) {
            unsigned ctl = (SC >> (4 * i)) & 0xf;
            byte = (uint32_t)(t >> (8 * (ctl & 7))) & 0xff;
            if (ctl & 8)
                byte = (byte & 0x80) ? 0xff : 0;
        } else {
            byte = (uint32_t)(t >> (8 * prmt_source(mode, SC & 3, i))) & 0xff;
        }
        r |= byte << (8 * i);
    }
    s->r[0] = r;
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* param: bits (8/16) | unsigned << 8 */
static void ref_i2i(il_lane *s, unsigned param)
{
    unsigned bits = param & 0xff;
    bool is_unsigned = param >> 8;
    int64_t lo = is_unsigned ? 0 : -((int64_t)1 << (bits - 1));
    int64_t hi = is_unsigned ? ((int64_t)1 << bits) - 1 : ((int64_t)1 << (bits - 1)) - 1;
    s->r[0] = (uint32_t)clamp64(sx(SB), lo, hi);
}

/* param: size | unsigned << 8 | relu << 9 */
static void ref_i2ip(il_lane *s, unsigned param)
{
    unsigned size = param & 0xff;
    bool is_unsigned = (param >> 8) & 1, relu = param >> 9;
    int64_t lo = is_unsigned || relu ? 0 : -((int64_t)1 << (size - 1));
    int64_t hi = is_unsigned ? ((int64_t)1 << size) - 1 : ((int64_t)1 << (size - 1)) - 1;
    uint64_t msk = ((uint64_t)1 << size) - 1;
    uint64_t ta = (uint64_t)clamp64(sx(RA), lo, hi) & msk, tb = (uint64_t)clamp64(sx(SB), lo, hi) & msk;
    uint64_t rd = ta << size | tb;
    if (size < 16)
        rd |= ((uint64_t)SC & (((uint64_t)1 << (32 - 2 * size)) - 1)) << (2 * size);
    s->r[0] = (uint32_t)rd;
}

static void arithmetic_forms(void **state)
{
    (void)state;
    static const form forms[] = {
        {"IADD R0, R2, R3 ;", ref_iadd, 0, NULL},
        {"IADD R0, -R2, R3 ;", ref_iadd, NA, NULL},
        {"IADD R0, R2, -R3 ;", ref_iadd, NB, NULL},
        {"IADD R0, -R2, -R3 ;", ref_iadd, NA | NB, NULL},
        {"IADD.X R0, P0, R2, R3, P1 ;", ref_iadd_x, 0, NULL},
        {"IADD.X R0, P0, ~R2, R3, P1 ;", ref_iadd_x, NA, NULL},
        {"IADD.X R0, P0, R2, ~R3, !P1 ;", ref_iadd_x, NB | NOTP, NULL},
        {"IADD.X R0, P0, ~R2, ~R3, P1 ;", ref_iadd_x, NA | NB, NULL},
        {"IMAD R0, P0, R2, R3, R4 ;", ref_imad, 0, NULL},
        {"IMAD R0, P0, R2, R3, -R4 ;", ref_imad, NC, NULL},
        {"IMAD.U32 R0, P0, R2, R3, R4 ;", ref_imad, U, NULL},
        {"IMAD.U32 R0, P0, R2, R3, -R4 ;", ref_imad, U | NC, NULL},
        {"IMAD.HI.X R0, P0, R2, R3, R4, P1 ;", ref_imad, HI, NULL},
        {"IMAD.HI.X R0, P0, R2, R3, ~R4, !P1 ;", ref_imad, HI | NC | NOTP, NULL},
        {"IMAD.HI.X.U32 R0, P0, R2, R3, R4, P1 ;", ref_imad, HI | U, NULL},
        {"IMAD.HI.X.U32 R0, P0, R2, R3, ~R4, P1 ;", ref_imad, HI | U | NC, NULL},
        {"IMAD.WIDE R[0:1], P0, R2, R3, R[4:5] ;", ref_imad_wide, 0, NULL},
        {"IMAD.WIDE R[0:1], P0, R2, R3, -R[4:5] ;", ref_imad_wide, NC, NULL},
        {"IMAD.WIDE.U32 R[0:1], P0, R2, R3, R[4:5] ;", ref_imad_wide, U, NULL},
        {"IMAD.WIDE.U32 R[0:1], P0, R2, R3, -R[4:5] ;", ref_imad_wide, U | NC, NULL},
        {"IMAD.WIDE.X R[0:1], P0, R2, R3, R[4:5], P1 ;", ref_imad_wide, HI, NULL},
        {"IMAD.WIDE.X R[0:1], P0, R2, R3, ~R[4:5], !P1 ;", ref_imad_wide, HI | NC | NOTP, NULL},
        {"IMAD.WIDE.X.U32 R[0:1], P0, R2, R3, ~R[4:5], P1 ;", ref_imad_wide, HI | NC | U, NULL},
        {"IMUL R0, R2, R3 ;", ref_imul, 0, NULL},
        {"IMUL.HI R0, R2, R3 ;", ref_imul, HI, NULL},
        {"IMUL.U32 R0, R2, -R3 ;", ref_imul, U | NB, NULL},
        {"IMUL.HI.U32 R0, R2, R3 ;", ref_imul, HI | U, NULL},
        {"IMUL.HI R0, R2, -R3 ;", ref_imul, HI | NB, NULL},
        {"IABS R0, R3 ;", ref_iabs, 0, NULL},
        {"IMNMX R0, R2, R3, P1 ;", ref_imnmx, 0, prep_equal},
        {"IMNMX R0, R2, R3, !P1 ;", ref_imnmx, NOTP, NULL},
        {"IMNMX.U32 R0, R2, R3, P1 ;", ref_imnmx, U, NULL},
        {"IMNMX.U32 R0, R2, R3, !P1 ;", ref_imnmx, U | NOTP, NULL},
        {"SEL R0, R2, R3, P1 ;", ref_sel, 0, NULL},
        {"SEL R0, R2, R3, !P1 ;", ref_sel, NOTP, NULL},
    };
    run_forms(forms, sizeof forms / sizeof forms[0], 8);
}

static void dot_product_forms(void **state)
{
    (void)state;
    static const char *const a16[] = {"S16", "U16"}, *const a8[] = {"S8", "U8"};
    for (unsigned p = 0; p < 16; p++) {
        char code[96];
        snprintf(code, sizeof code, "IDP.2A.%s.%s.%s R0, P0, R2, R3, R4, %sP1 ;", (p & 4) ? "HI" : "LO",
                 a16[p & 1], a8[(p >> 1) & 1], (p & 8) ? "!" : "");
        form f2 = {code, ref_idp2a, p, NULL};
        run_form(&f2, 4);
        if (p & 4)
            continue;
        snprintf(code, sizeof code, "IDP.4A.%s.%s R0, P0, R2, R3, R4, %sP1 ;", a8[p & 1], a8[(p >> 1) & 1],
                 (p & 8) ? "!" : "");
        form f4 = {code, ref_idp4a, p, NULL};
        run_form(&f4, 4);
    }
}

static void lea_forms(void **state)
{
    (void)state;
    static const unsigned shifts[] = {0, 1, 2, 13, 31};
    for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; i++) {
        unsigned sh = shifts[i];
        const form forms[] = {
            {"LEA R0, P0, R2, R3, 0x%x ;", ref_lea, sh, NULL},
            {"LEA R0, P0, -R2, R3, 0x%x ;", ref_lea, sh | LEA_NEG, NULL},
            {"LEA.HI.X R0, P0, R2, R3, R4, 0x%x, P1 ;", ref_lea, sh | LEA_HIX, NULL},
            {"LEA.HI.X R0, P0, ~R2, R3, R4, 0x%x, P1 ;", ref_lea, sh | LEA_HIX | LEA_NEG, NULL},
            {"LEA.HI.X.SX32 R0, P0, R2, R3, 0x%x, P1 ;", ref_lea, sh | LEA_SX, NULL},
            {"LEA.HI.X.SX32 R0, P0, ~R2, R3, 0x%x, P1 ;", ref_lea, sh | LEA_SX | LEA_NEG, NULL},
        };
        for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
            char code[96];
            snprintf(code, sizeof code, forms[k].code, sh);
            form f = forms[k];
            f.code = code; /* the shift is already in the text; param keeps the mode bits */
            run_form(&f, 6);
        }
    }
}

static void compare_and_logic_forms(void **state)
{
    (void)state;
    compare_forms(false);
    compare_forms(true);
    for (unsigned round = 0; round < 24; round++) {
        unsigned lut = il_random() & 0xff, pand = round & 1 ? 0x100 : 0;
        form f = {pand ? "LOP3.PAND P0, R0, R2, R3, R4, 0x%x, P1 ;" : "LOP3.POR P0, R0, R2, R3, R4, 0x%x, P1 ;",
                  ref_lop3, lut | pand, NULL};
        char code[96];
        snprintf(code, sizeof code, f.code, lut);
        f.code = code;
        run_form(&f, 2);
        form p = {"PLOP3 P0, P1, !P2, P3, 0x%x ;", ref_plop3, lut, NULL};
        run_form(&p, 2);
    }
    /* luts built from the formula lut = F(0xF0, 0xCC, 0xAA) */
    const unsigned a = 0xf0, b = 0xcc, c = 0xaa;
    const unsigned luts[] = {a & b & c, a | b | c, (a & b & ~c) & 0xff, ((a & b) | c) ^ a, a ^ b ^ c,
                             (a & ~b & 0xff) | (b & c), ~(a | c) & 0xff, (a & b) | (a & c) | (b & c)};
    for (size_t i = 0; i < sizeof luts / sizeof luts[0]; i++) {
        form f = {"LOP3.POR P0, R0, R2, R3, R4, 0x%x, P1 ;", ref_lop3, luts[i], NULL};
        run_form(&f, 2);
    }
    for (unsigned k = 0; k < 4; k++) {
        form p2r = {"P2R.B%u R0, PR, R2, R3 ;", ref_p2r, k, NULL};
        run_form(&p2r, 4);
        for (unsigned window = 0; window < 2; window++) {
            form r2p = {"R2P PR, R2.B%u, R3 ;", ref_r2p, k | window << 2, prep_r2p_mask};
            char code[64];
            snprintf(code, sizeof code, r2p.code, k);
            r2p.code = code;
            run_form(&r2p, 4);
        }
    }
}

static void shift_forms(void **state)
{
    (void)state;
    for (unsigned param = 0; param < 32; param++) {
        char code[96];
        snprintf(code, sizeof code, "SHF.%s.%s.%s.%s R0, R2, R3, R4 ;", (param & 8) ? "R" : "L",
                 (param & 16) ? "HI" : "LO", (param & 4) ? "WRAP" : "CLAMP", shf_types[param & 3]);
        form f = {code, ref_shf, param, prep_shift_count};
        run_form(&f, 4);
    }
}

static void move_forms(void **state)
{
    (void)state;
    static const form forms[] = {
        {"MOV R0, R2 ;", ref_mov, 0, NULL},
        {"MOV.64 R[0:1], R[2:3] ;", ref_mov, 1, NULL},
    };
    run_forms(forms, 2, 4);
    for (unsigned mode = 0; mode < 7; mode++) {
        char code[64];
        snprintf(code, sizeof code, "PRMT.%s R0, R2, R3, R4 ;", prmt_modes[mode]);
        form f = {code, ref_prmt, mode, NULL};
        run_form(&f, 4);
    }
    static const char *const i2i_types[] = {"S8", "U8", "S16", "U16"};
    for (unsigned t = 0; t < 4; t++) {
        char code[64];
        snprintf(code, sizeof code, "I2I.%s R0, R3 ;", i2i_types[t]);
        form f = {code, ref_i2i, (t < 2 ? 8u : 16u) | (t % 2) << 8, NULL};
        run_form(&f, 4);
    }
    static const char *const i2ip_types[] = {"S2", "U2", "S4", "U4", "S8", "U8", "S16", "U16"};
    for (unsigned t = 0; t < 16; t++) {
        char code[64];
        snprintf(code, sizeof code, "I2IP.%s.%s R0, R2, R3, R4 ;", i2ip_types[t % 8], t < 8 ? "SAT" : "SATRELU");
        form f = {code, ref_i2ip, (2u << (t % 8 / 2)) | (t % 2) << 8 | (t >= 8) << 9, NULL};
        run_form(&f, 4);
    }
}

/* ---- multi-word sequences against plain 64-bit (and 128-bit) C ---- */

static uint64_t pair(const il_lane *s, unsigned lo)
{
    return (uint64_t)s->r[lo + 1] << 32 | s->r[lo];
}

static void ref_add64(il_lane *s, unsigned param)
{
    u128 sum = (u128)pair(s, 2) + pair(s, 4);
    set_r01(s, (uint64_t)sum);
    set_pred(s, 0, (sum >> 64) != 0);
    (void)param;
}

static void ref_sub64(il_lane *s, unsigned param)
{
    (void)param;
    set_pred(s, 0, pair(s, 2) >= pair(s, 4)); /* carry = no borrow */
    set_r01(s, pair(s, 2) - pair(s, 4));
}

static void ref_mad64_u(il_lane *s, unsigned param)
{
    (void)param;
    set_r01(s, (uint64_t)RA * SB + pair(s, 4));
    set_pred(s, 0, ((u128)RA * SB + pair(s, 4)) >> 64 != 0);
}

static void ref_msub64_s(il_lane *s, unsigned param)
{
    (void)param;
    uint64_t t = (uint64_t)(sx(RA) * sx(SB));
    set_pred(s, 0, (uint32_t)t >= s->r[4]); /* the low word's carry: no borrow */
    set_r01(s, t - pair(s, 4));
}

/* R[0:1] = R2 * R3 + R[4:5] as a 128-bit value, high word into R[6:7] */
static void ref_mad128(il_lane *s, unsigned param)
{
    (void)param;
    u128 sum = (u128)((uint64_t)RA * SB) + pair(s, 4);
    set_r01(s, (uint64_t)sum);
    s->r[6] = (uint32_t)(sum >> 64);
    s->r[7] = 0;
    set_pred(s, 0, (sum >> 64) != 0);
}

/* LEA pairs: param = shift | LEA_NEG | LEA_SX; {R3, R2} (or INT64(R2)) shifted plus R[4:5] */
static void ref_lea64(il_lane *s, unsigned param)
{
    unsigned sh = param & 31;
    uint64_t x = (param & LEA_SX) ? (uint64_t)sx(RA) : pair(s, 2);
    uint64_t shifted = x << sh;
    uint32_t low = (uint32_t)shifted;
    set_r01(s, (param & LEA_NEG) ? pair(s, 4) - shifted : pair(s, 4) + shifted);
    /* P0 keeps the low word's carry (for a subtraction: no borrow) */
    set_pred(s, 0, (param & LEA_NEG) ? s->r[4] >= low : (uint64_t)s->r[4] + low >= (UINT64_C(1) << 32));
}

/* 64-bit compare of {R3, R2} with {R5, R4}; P3 holds the low words' result */
static void ref_cmp64(il_lane *s, unsigned param)
{
    uint64_t a = pair(s, 2), b = pair(s, 4);
    /* unsigned: a - b as a three-way sign, which compare() reads against 0 */
    int64_t order = a < b ? -1 : a > b;
    bool t = (param & U) ? compare(order, 0, param & 7) : compare((int64_t)a, (int64_t)b, param & 7);
    bool low = compare(s->r[2], s->r[4], param & 7); /* low words, unsigned (int64 holds them) */
    set_pred(s, 3, low);
    set_pred(s, 0, t);
    set_pred(s, 2, !t);
    s->r[0] = t ? 0xffffffffu : 0;
}

static void prep_cmp64(il_lane *s, unsigned lane, unsigned param)
{
    (void)param;
    if (lane % 4 == 0)
        s->r[5] = s->r[3]; /* equal high words: the low words decide */
    if (lane % 8 == 0)
        s->r[4] = s->r[2];
}

static void multiword_sequences(void **state)
{
    (void)state;
    static const form forms[] = {
        {"IADD.X R0, P0, R2, R4 ;\n IADD.X R1, P0, R3, R5, P0 ;", ref_add64, 0, NULL},
        {"IADD.X R0, P0, R2, ~R4, PT ;\n IADD.X R1, P0, R3, ~R5, P0 ;", ref_sub64, 0, NULL},
        {"IMAD.U32 R0, P0, R2, R3, R4 ;\n IMAD.HI.X.U32 R1, P0, R2, R3, R5, P0 ;", ref_mad64_u, 0, NULL},
        {"IMAD R0, P0, R2, R3, -R4 ;\n IMAD.HI.X R1, R2, R3, ~R5, P0 ;", ref_msub64_s, 0, NULL},
        {"IMAD.WIDE.U32 R[0:1], P0, R2, R3, R[4:5] ;\n IMAD.WIDE.X R[6:7], RZ, RZ, RZ, P0 ;", ref_mad128,
         0, NULL},
    };
    run_forms(forms, sizeof forms / sizeof forms[0], 16);
    static const unsigned shifts[] = {0, 1, 3, 17, 31};
    for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; i++) {
        unsigned sh = shifts[i];
        char code[160];
        snprintf(code, sizeof code, "LEA R0, P0, R2, R4, %u ;\n LEA.HI.X R1, R2, R5, R3, %u, P0 ;", sh, sh);
        form plain = {code, ref_lea64, sh, NULL};
        run_form(&plain, 4);
        snprintf(code, sizeof code, "LEA R0, P0, -R2, R4, %u ;\n LEA.HI.X R1, ~R2, R5, R3, %u, P0 ;", sh, sh);
        form neg = {code, ref_lea64, sh | LEA_NEG, NULL};
        run_form(&neg, 4);
        snprintf(code, sizeof code, "LEA R0, P0, R2, R4, %u ;\n LEA.HI.X.SX32 R1, R2, R5, %u, P0 ;", sh, sh);
        form sx32 = {code, ref_lea64, sh | LEA_SX, NULL};
        run_form(&sx32, 4);
        snprintf(code, sizeof code, "LEA R0, P0, -R2, R4, %u ;\n LEA.HI.X.SX32 R1, ~R2, R5, %u, P0 ;", sh, sh);
        form sx32_neg = {code, ref_lea64, sh | LEA_SX | LEA_NEG, NULL};
        run_form(&sx32_neg, 4);
    }
    for (unsigned op = 0; op < 6; op++)
        for (unsigned is_unsigned = 0; is_unsigned < 2; is_unsigned++) {
            char code[256];
            snprintf(code, sizeof code,
                     "ISETP.%s.U32.AND P3, PT, R2, R4, PT ;\n ISETP.%s.AND%s.X P0, P2, R3, R5, PT, P3 ;\n"
                     " ISET.%s.AND%s.X R0, R3, R5, PT, P3 ;",
                     compops[op], compops[op], is_unsigned ? ".U32" : "", compops[op], is_unsigned ? ".U32" : "");
            form f = {code, ref_cmp64, op | (is_unsigned ? U : 0), prep_cmp64};
            run_form(&f, 4);
        }
}

/* ---- every __Examples line of ialu.isa, with the result its comment or the
 * semantics determine (registers as written; R2P PR, R7.B1, 0xFF is in
 * test_ialu.c's r2p_wide group: it writes seven predicates) ---- */

#define R(n) (s->r[n])
#define EXAMPLE(name, ...)                       \
    static void name(il_lane *s, unsigned param) \
    {                                            \
        (void)param;                             \
        __VA_ARGS__;                             \
    }

static uint32_t clamp_u(uint32_t v, int64_t lo, int64_t hi)
{
    return (uint32_t)clamp64(sx(v), lo, hi);
}

static uint32_t sign_fill(uint32_t byte)
{
    return (byte & 0x80) ? 0xff : 0;
}

EXAMPLE(ex_iadd, R(0) = R(1) + R(2))
EXAMPLE(ex_isub, R(0) = R(1) - R(2))
EXAMPLE(ex_isub_imm, R(0) = R(1) - 0x114514)
EXAMPLE(ex_sub64, set_pred(s, 0, R(2) >= R(4)); set_r01(s, pair(s, 2) - pair(s, 4)))
EXAMPLE(ex_imad, R(0) = R(1) * R(2) + R(3))
EXAMPLE(ex_mad64_imm, set_pred(s, 0, ((uint64_t)(uint32_t)(R(2) * 0x114514u) + R(4)) >> 32);
        set_r01(s, (uint64_t)R(2) * 0x114514u + pair(s, 4)))
EXAMPLE(ex_msub64, uint64_t t = (uint64_t)(sx(R(2)) * sx(R(3))); set_pred(s, 0, (uint32_t)t >= R(4));
        set_r01(s, t - pair(s, 4)))
EXAMPLE(ex_wide, set_r01(s, (uint64_t)(sx(R(2)) * sx(R(3))) + pair(s, 4)))
EXAMPLE(ex_wide_u32, set_r01(s, (uint64_t)R(7) * 0x114514u - pair(s, 4)))
EXAMPLE(ex_wide_x, u128 sum = (u128)(uint64_t)(sx(R(4)) * sx(R(5))) + pair(s, 6);
        bool carry = (sum >> 64) != 0; set_r01(s, (uint64_t)sum); R(2) = carry; R(3) = 0;
        set_pred(s, 0, carry))
EXAMPLE(ex_idp2a_u16_s8, R(0) = (uint32_t)(element(R(1), 16, 0, false) * element(R(2), 8, 0, true) +
                                            element(R(1), 16, 1, false) * element(R(2), 8, 1, true)))
EXAMPLE(ex_idp2a_s16_s8, R(0) = (uint32_t)(R(3) + element(R(1), 16, 0, true) * element(0xAABBCCDD, 8, 0, true) +
                                            element(R(1), 16, 1, true) * element(0xAABBCCDD, 8, 1, true)))
EXAMPLE(ex_idp4a_u8_s8, int64_t d = 0;
        for (unsigned i = 0; i < 4; i++) d += element(R(1), 8, i, false) * element(R(2), 8, i, true);
        R(0) = (uint32_t)d)
EXAMPLE(ex_idp4a_s8_s8, int64_t d = R(3);
        for (unsigned i = 0; i < 4; i++) d += element(R(1), 8, i, true) * element(0xAABBCCDD, 8, i, true);
        R(0) = (uint32_t)d)
EXAMPLE(ex_imul, R(0) = R(1) * R(2))
EXAMPLE(ex_imul_hi, R(0) = (uint32_t)(((uint64_t)R(1) * 0x114514u) >> 32))
EXAMPLE(ex_lea, R(0) = (R(1) << 16) + R(3))
EXAMPLE(ex_lea_const, uint64_t base = 0x89abcdef01234567u; uint64_t x = (uint64_t)R(7) << 32 | R(2);
        set_pred(s, 0, ((uint64_t)(uint32_t)(R(2) << 2) + (uint32_t)base) >> 32); set_r01(s, (x << 2) + base))
EXAMPLE(ex_lea_sx32, set_pred(s, 0, ((uint64_t)(uint32_t)(R(2) << 3) + R(4)) >> 32);
        set_r01(s, ((uint64_t)sx(R(2)) << 3) + pair(s, 4)))
EXAMPLE(ex_iabs, R(0) = (uint32_t)(sx(R(1)) < 0 ? -sx(R(1)) : sx(R(1))))
EXAMPLE(ex_iabs_imm, R(0) = 1)
EXAMPLE(ex_imnmx_max, R(0) = sx(R(1)) > sx(R(2)) ? R(1) : R(2))
EXAMPLE(ex_imnmx_p0, R(0) = PRED(0) ? (sx(R(1)) < 0 ? R(1) : 0) : (sx(R(1)) > 0 ? R(1) : 0))
EXAMPLE(ex_p2r, R(7) = (R(0) & 0xffff00ffu) | (0x80u | s->p) << 8)
EXAMPLE(ex_isetp_le, set_pred(s, 0, R(4) <= R(6)))
EXAMPLE(ex_isetp_or, set_pred(s, 0, true))
EXAMPLE(ex_iset_le, R(0) = R(4) <= R(6) ? 0xffffffffu : 0)
EXAMPLE(ex_iset_or_bf, R(0) = 0x3f800000u)
EXAMPLE(ex_sel, R(0) = !PRED(0) ? R(1) : R(2))
EXAMPLE(ex_lop3_por, R(7) = R(0) ^ R(7))
EXAMPLE(ex_lop3_pand, R(7) = R(0) ^ R(1); set_pred(s, 1, R(7) != 0 && PRED(0)))
EXAMPLE(ex_plop3, bool a = PRED(1), b = !PRED(2), c = PRED(3); set_pred(s, 0, ((a && b) || c) != a))
EXAMPLE(ex_shf, (void)s)
EXAMPLE(ex_mov, R(0) = R(1))
EXAMPLE(ex_mov_imm, R(0) = 0x114514)
EXAMPLE(ex_mov64, R(0) = R(2); R(1) = R(3))
EXAMPLE(ex_prmt, R(0) = sign_fill(R(2) >> 8 & 0xff) | sign_fill(R(2) & 0xff) << 8 |
                        sign_fill(R(1) >> 24) << 16 | sign_fill(R(1) >> 16 & 0xff) << 24)
EXAMPLE(ex_i2i_s16, R(0) = clamp_u(R(1), -32768, 32767))
EXAMPLE(ex_i2i_u16, R(0) = 0xffff)
EXAMPLE(ex_i2ip_u16, R(0) = clamp_u(R(1), 0, 65535) << 16 | clamp_u(R(2), 0, 65535))
EXAMPLE(ex_i2ip_s4_relu, R(0) = clamp_u(R(1), 0, 7) << 4 | clamp_u(R(2), 0, 7))
EXAMPLE(ex_setgpr, R(2) = R(0); R(3) = R(1))
EXAMPLE(ex_getgpr, R(0) = R(4); R(1) = R(5))

static void spec_examples(void **state)
{
    (void)state;
    static const struct {
        const char *code, *extra;
        ref_fn ref;
    } examples[] = {
        {"IADD R0, R1,        R2 ;", NULL, ex_iadd},
        {"IADD R0, R1,       -R2 ;", NULL, ex_isub},
        {"IADD R0, R1, -0x114514 ;", NULL, ex_isub_imm},
        {"IADD.X R0, P0, R2, ~R4, PT ;\n IADD.X R1, PT, R3, ~R5, P0 ;", NULL, ex_sub64},
        {"IMAD R0, R1, R2, R3;", NULL, ex_imad},
        {"IMAD.U32      R0, P0, R2, 0x114514, R4 ;\n IMAD.HI.X.U32 R1,     R2, 0x114514, R5, P0;", NULL,
         ex_mad64_imm},
        {"IMAD      R0, P0, R2, R3, -R4    ;\n IMAD.HI.X R1,     R2, R3, ~R5, P0;", NULL, ex_msub64},
        {"IMAD.WIDE     R[0:1], R2,       R3,  R[4:5];", NULL, ex_wide},
        {"IMAD.WIDE.U32 R[0:1], R7, 0x114514, -R[4:5];", NULL, ex_wide_u32},
        {"IMAD.WIDE.X R[0:1], P0, R4, R5, R[6:7]     ;\n IMAD.WIDE.X R[2:3],     RZ, RZ,     RZ,  P0;", NULL,
         ex_wide_x},
        {"IDP.2A.U16.S8 R0, R1,         R2, 0x0;", NULL, ex_idp2a_u16_s8},
        {"IDP.2A.S16.S8 R0, R1, 0xAABBCCDD,  R3;", NULL, ex_idp2a_s16_s8},
        {"IDP.4A.U8.S8 R0, R1,         R2, 0x0;", NULL, ex_idp4a_u8_s8},
        {"IDP.4A.S8.S8 R0, R1, 0xAABBCCDD,  R3;", NULL, ex_idp4a_s8_s8},
        {"IMUL        R0, R1,       R2;", NULL, ex_imul},
        {"IMUL.HI.U32 R0, R1, 0x114514;", NULL, ex_imul_hi},
        {"LEA R0, R1, R3, 0x10;", NULL, ex_lea},
        {"LEA      R0, P0, R2, c[0x0][0x160], 0x2         ;\n"
         " LEA.HI.X R1,     R2, c[0x0][0x164], R7, 0x2, P0 ;",
         ".const 0 0x160 0x01234567 0x89abcdef", ex_lea_const},
        {"LEA           R0, P0, R2, R4, 0x3     ;\n LEA.HI.X.SX32 R1,     R2, R5, 0x3, P0 ;", NULL, ex_lea_sx32},
        {"IABS R0,   R1;", NULL, ex_iabs},
        {"IABS R0, -0x1;", NULL, ex_iabs_imm},
        {"IMNMX R0, R1,  R2, !PT;", NULL, ex_imnmx_max},
        {"IMNMX R0, R1, 0x0,  P0;", NULL, ex_imnmx_p0},
        {"P2R.B1 R7, PR, R0, 0xFF;", NULL, ex_p2r},
        {"ISETP.LE.U32.AND P0, PT, R4,  R6, PT     ;", NULL, ex_isetp_le},
        {"ISETP.GT.OR.X    P0,     R5, 0x0, PT, P0 ;", NULL, ex_isetp_or},
        {"ISET.LE.U32     R0, R4, R6         ;", NULL, ex_iset_le},
        {"ISET.GT.OR.BF.X R0, R5, 0x0, PT, P0;", NULL, ex_iset_or_bf},
        {"SEL R0, R1, R2, !P0;", NULL, ex_sel},
        {"LOP3.POR      R7, R7, RZ, R0, 0x1A, !PT ;", NULL, ex_lop3_por},
        {"LOP3.PAND P1, R7, R1, RZ, R0, 0x1A,  P0 ;", NULL, ex_lop3_pand},
        {"PLOP3 P0, P1, !P2, P3, 0x1A;", NULL, ex_plop3},
        {"SHF.L.HI.S32 R7, R7, 0x24, R0;", NULL, ex_shf},
        {"MOV R0,       R1;", NULL, ex_mov},
        {"MOV R0, 0x114514;", NULL, ex_mov_imm},
        {"MOV.64 R[0:1], R[2:3];", NULL, ex_mov64},
        {"PRMT R0, R1, R2, 0xABCD;", NULL, ex_prmt},
        {"I2I.S16 R0, R1;", NULL, ex_i2i_s16},
        {"I2I.U16 R0, 0x114514;", NULL, ex_i2i_u16},
        {"I2IP.U16.SAT R0, R1, R2, RZ;", NULL, ex_i2ip_u16},
        {"I2IP.S4.SATRELU R0, R1, R2, RZ;", NULL, ex_i2ip_s4_relu},
        {"SETGPR R[UR2]    , R0;\n SETGPR R[UR2+0x1], R1;", ".init UR2 0x2", ex_setgpr},
        {"GETGPR R0, R[UR2];\n GETGPR R1, R[UR2+0x1];", ".init UR2 0x4", ex_getgpr},
    };
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++)
        for (unsigned round = 0; round < 4; round++) {
            il_lane in[IL_LANES], out[IL_LANES];
            il_random_state(in);
            for (unsigned l = 0; l < IL_LANES; l++) {
                out[l] = in[l];
                examples[i].ref(&out[l], 0);
            }
            il_run_state(examples[i].code, examples[i].extra, in, out);
        }
    /* R2UR UR0, R0: lane 0's R0 */
    il_lane in[IL_LANES];
    il_random_state(in);
    char extra[64];
    snprintf(extra, sizeof extra, ".expect UR0 0x%x", in[0].r[0]);
    il_run_state("R2UR UR0, R0;", extra, in, in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arithmetic_forms),        cmocka_unit_test(dot_product_forms),
        cmocka_unit_test(lea_forms),               cmocka_unit_test(compare_and_logic_forms),
        cmocka_unit_test(shift_forms),             cmocka_unit_test(move_forms),
        cmocka_unit_test(multiword_sequences),     cmocka_unit_test(spec_examples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
