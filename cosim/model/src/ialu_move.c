/* cosim/model: IALU moves, permutes, narrowing and register-file access
 * (isa/spec/ialu.isa): MOV, PRMT, I2I, I2IP, R2UR, SETGPR, GETGPR. */
#include <string.h>

#include "ialu.h"

void ialu_op_mov(gm_exec *ex)
{
    bool wide = gm_is(ex, ISA_F_width, ISA_V_width_64);
    if (!wide) { /* the whole warp: Rd is SrcB's row */
        if (!ex->exec)
            return;
        uint32_t sb[GM_LANES];
        const uint32_t *b = gm_src_row(ex, 'b', sb);
        uint32_t *d = gm_rd_begin(ex);
        memcpy(d, b, sizeof sb);
        gm_rd_end(ex, d);
        return;
    }
    GM_FOR_EACH_LANE(ex, l) {
        uint64_t v = gm_src64(ex, 'b', l);
        if (ex->trapped)
            return;
        gm_set_rd64(ex, l, v);
    }
}

enum prmt_mode { PRMT_IDX, PRMT_F4E, PRMT_B4E, PRMT_RC8, PRMT_ECL, PRMT_ECR, PRMT_RC16 };
static const uint32_t prmt_mode_values[] = {
    ISA_V_mode_IDX, ISA_V_mode_F4E, ISA_V_mode_B4E, ISA_V_mode_RC8, ISA_V_mode_ECL, ISA_V_mode_ECR,
    ISA_V_mode_RC16
};

/* The spec's tables for the selector modes, row = selector, written like the
 * spec from Rd.b3 down to Rd.b0: the source byte of each result byte. */
static const uint8_t prmt_table[7][4][4] = {
    [PRMT_F4E] = {{3, 2, 1, 0}, {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}},
    [PRMT_B4E] = {{5, 6, 7, 0}, {6, 7, 0, 1}, {7, 0, 1, 2}, {0, 1, 2, 3}},
    [PRMT_RC8] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
    [PRMT_ECL] = {{3, 2, 1, 0}, {3, 2, 1, 1}, {3, 2, 2, 2}, {3, 3, 3, 3}},
    [PRMT_ECR] = {{0, 0, 0, 0}, {1, 1, 1, 0}, {2, 2, 1, 0}, {3, 2, 1, 0}},
    [PRMT_RC16] = {{1, 0, 1, 0}, {3, 2, 3, 2}, {1, 0, 1, 0}, {3, 2, 3, 2}},
};

static uint32_t byte_of(uint64_t t, unsigned k)
{
    return (uint32_t)(t >> (8 * k)) & 0xffu;
}

/* Where result byte i (0 = Rd[7:0]) of PRMT comes from: byte *k of
 * {SrcB, Ra} (b0..b7), itself or (*sign) its sign bit copied into 8 bits. */
static void prmt_source(enum prmt_mode mode, uint32_t control, unsigned i, unsigned *k, bool *sign)
{
    if (mode != PRMT_IDX) {
        *k = prmt_table[mode][control & 3][3 - i];
        *sign = false;
        return;
    }
    uint32_t nibble = (control >> (4 * i)) & 0xfu;
    *k = nibble & 7;
    *sign = (nibble & 8) != 0; /* replicate the picked byte's sign bit */
}

/* Result byte i of PRMT; t holds b0..b7 = {SrcB, Ra}. */
static uint32_t prmt_byte(enum prmt_mode mode, uint64_t t, uint32_t control, unsigned i)
{
    unsigned k;
    bool sign;
    prmt_source(mode, control, i, &k, &sign);
    uint32_t x = byte_of(t, k);
    if (sign)
        return (x & 0x80) ? 0xffu : 0x00u;
    return x;
}

void ialu_op_prmt(gm_exec *ex)
{
    /* every legal form runs as prmt_prepared: only a reserved mode gets here */
    ialu_choice(ex, ISA_F_mode, prmt_mode_values, 7);
}

typedef struct {
    uint32_t mode; /* enum prmt_mode */
} prmt_params;

/* Result byte i of every lane: byte shift[i] / 8 of s<i>[l], or (sign[i]
 * ~0) its sign bit copied. */
static void prmt_lanes(const uint32_t *restrict s0, const uint32_t *restrict s1,
                       const uint32_t *restrict s2, const uint32_t *restrict s3,
                       const uint32_t shift[4], const uint32_t sign[4], uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint32_t x0 = (s0[l] >> shift[0]) & 0xffu, x1 = (s1[l] >> shift[1]) & 0xffu;
        uint32_t x2 = (s2[l] >> shift[2]) & 0xffu, x3 = (s3[l] >> shift[3]) & 0xffu;
        /* a sign copy: 0 - (x >> 7) is 0 or ~0 */
        x0 = (x0 & ~sign[0]) | ((0u - (x0 >> 7)) & 0xffu & sign[0]);
        x1 = (x1 & ~sign[1]) | ((0u - (x1 >> 7)) & 0xffu & sign[1]);
        x2 = (x2 & ~sign[2]) | ((0u - (x2 >> 7)) & 0xffu & sign[2]);
        x3 = (x3 & ~sign[3]) | ((0u - (x3 >> 7)) & 0xffu & sign[3]);
        d[l] = x0 | x1 << 8 | x2 << 16 | x3 << 24;
    }
}

/* prmt_lanes without sign copies (the common selectors). */
static void prmt_lanes_plain(const uint32_t *restrict s0, const uint32_t *restrict s1,
                             const uint32_t *restrict s2, const uint32_t *restrict s3,
                             const uint32_t shift[4], uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = ((s0[l] >> shift[0]) & 0xffu) | ((s1[l] >> shift[1]) & 0xffu) << 8 |
               ((s2[l] >> shift[2]) & 0xffu) << 16 | ((s3[l] >> shift[3]) & 0xffu) << 24;
}

/* One selector for the whole warp: each result byte is one byte of Ra or
 * SrcB (or its sign copied), the same in every lane. */
static void prmt_uniform(enum prmt_mode mode, uint32_t control, const uint32_t *a,
                         const uint32_t *b, uint32_t *d)
{
    const uint32_t *src[4];
    uint32_t shift[4], sign[4];
    for (unsigned i = 0; i < 4; i++) {
        unsigned k;
        bool s;
        prmt_source(mode, control, i, &k, &s);
        src[i] = k < 4 ? a : b; /* b0..b3 are Ra's bytes, b4..b7 SrcB's */
        shift[i] = 8 * (k & 3);
        sign[i] = s ? ~0u : 0;
    }
    if (sign[0] | sign[1] | sign[2] | sign[3])
        prmt_lanes(src[0], src[1], src[2], src[3], shift, sign, d);
    else
        prmt_lanes_plain(src[0], src[1], src[2], src[3], shift, d);
}

static void prmt_prepared(gm_exec *ex)
{
    prmt_params pp;
    GM_PARAMS(ex->d, prmt_params, &pp);
    enum prmt_mode mode = (enum prmt_mode)pp.mode;
    if (!ex->exec)
        return;
    gm_sources s;
    gm_read_sources(ex, "bac", &s);
    const uint32_t *a = s.a, *b = s.b, *c = s.c;
    uint32_t *d = gm_rd_begin(ex);
    if (ex->d->src[2].kind != GM_SRC_GPR) {
        prmt_uniform(mode, c[0], a, b, d);
    } else { /* a selector per lane */
        for (unsigned l = 0; l < GM_LANES; l++) {
            uint64_t t = (uint64_t)b[l] << 32 | a[l];
            uint32_t r = 0;
            for (unsigned i = 0; i < 4; i++)
                r |= prmt_byte(mode, t, c[l], i) << (8 * i);
            d[l] = r;
        }
    }
    gm_rd_end(ex, d);
}

gm_op_fn ialu_prep_prmt(gm_decoded *d, gm_op_fn fn)
{
    for (unsigned i = 0; i < sizeof prmt_mode_values / sizeof prmt_mode_values[0]; i++)
        if (gm_d_is(d, ISA_F_mode, prmt_mode_values[i])) {
            prmt_params pp = {i};
            GM_SET_PARAMS(d, prmt_params, &pp);
            return prmt_prepared;
        }
    return fn; /* reserved mode: the general function traps */
}

/* Range of a destination type of `bits` bits. */
typedef struct {
    int32_t min, max;
} int_range;

static int_range range_of(unsigned bits, bool is_signed)
{
    if (is_signed)
        return (int_range){-(1 << (bits - 1)), (1 << (bits - 1)) - 1};
    return (int_range){0, (1 << bits) - 1};
}

static int32_t clamp(int32_t x, int_range r)
{
    return x < r.min ? r.min : x > r.max ? r.max : x;
}

/* The two's-complement 32-bit value of each lane's clamped result. */
static void clamp_lanes(const uint32_t *restrict b, int_range r, uint32_t *restrict d)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = (uint32_t)clamp((int32_t)b[l], r);
}

void ialu_op_i2i(gm_exec *ex)
{
    /* the I2IDType order: S8, U8, S16, U16 */
    static const uint32_t dtype_values[] = {
        ISA_V_dtype_S8, ISA_V_dtype_U8, ISA_V_dtype_S16, ISA_V_dtype_U16
    };
    int dtype = ialu_choice(ex, ISA_F_dtype, dtype_values, 4);
    if (dtype < 0)
        return;
    int_range r = range_of(dtype < 2 ? 8 : 16, dtype % 2 == 0);
    if (!ex->exec)
        return;
    uint32_t sb[GM_LANES];
    const uint32_t *b = gm_src_row(ex, 'b', sb);
    uint32_t *d = gm_rd_begin(ex);
    clamp_lanes(b, r, d);
    gm_rd_end(ex, d);
}

void ialu_op_i2ip(gm_exec *ex)
{
    static const uint32_t dsttype_values[] = {
        ISA_V_dsttype_S2, ISA_V_dsttype_U2, ISA_V_dsttype_S4, ISA_V_dsttype_U4, ISA_V_dsttype_S8,
        ISA_V_dsttype_U8, ISA_V_dsttype_S16, ISA_V_dsttype_U16
    };
    int dsttype = ialu_choice(ex, ISA_F_dsttype, dsttype_values, 8);
    if (dsttype < 0)
        return;
    unsigned size = 2u << (dsttype / 2);
    int_range r = range_of(size, dsttype % 2 == 0);
    if (gm_is(ex, ISA_F_satrelu, ISA_V_satrelu_SATRELU) && r.min < 0)
        r.min = 0;
    uint32_t mask = (1u << size) - 1;
    GM_FOR_EACH_LANE(ex, l) {
        uint32_t ta = (uint32_t)clamp((int32_t)gm_src(ex, 'a', l), r) & mask;
        uint32_t tb = (uint32_t)clamp((int32_t)gm_src(ex, 'b', l), r) & mask;
        uint32_t packed = ta << size | tb;
        if (size < 16) /* the bits above both values come from Rc's low bits */
            packed |= gm_src(ex, 'c', l) << (2 * size);
        gm_set_rd(ex, l, packed);
    }
}

void ialu_op_r2ur(gm_exec *ex)
{
    if (!ex->exec) /* no executing lane: URd is not written */
        return;
    unsigned lane = (unsigned)__builtin_ctz(ex->exec);
    gm_set_ur(ex, gm_f(ex, ISA_F_urd), gm_src(ex, 'b', lane));
}

/* URb + SImm9 as an exact integer; false after trapping REGISTER_INDEX when it
 * names no GPR (0..254; RZ is not addressable). */
static bool indirect_register(gm_exec *ex, unsigned lane, unsigned *reg)
{
    uint32_t raw = gm_f(ex, ISA_F_ridx) & 0x1ffu;
    int64_t offset = (int64_t)(raw ^ 0x100u) - 0x100;
    int64_t index = (int64_t)gm_src(ex, 'b', lane) + offset;
    if (index < 0 || index >= GM_GPRS) {
        gm_trap(ex, GM_TRAP_REGISTER_INDEX, (int)lane, "R[%lld]", (long long)index);
        return false;
    }
    *reg = (unsigned)index;
    return true;
}

void ialu_op_setgpr(gm_exec *ex)
{
    GM_FOR_EACH_LANE(ex, l) {
        unsigned reg;
        if (!indirect_register(ex, l, &reg))
            return;
        gm_set_gpr(ex, reg, l, gm_src(ex, 'a', l));
    }
}

void ialu_op_getgpr(gm_exec *ex)
{
    GM_FOR_EACH_LANE(ex, l) {
        unsigned reg;
        if (!indirect_register(ex, l, &reg))
            return;
        gm_set_rd(ex, l, gm_gpr_read(ex, reg, l));
    }
}
