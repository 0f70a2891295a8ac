/* cosim/model: IALU moves, permutes, narrowing and register-file access
 * (isa/spec/ialu.isa): MOV, PRMT, I2I, I2IP, R2UR, SETGPR, GETGPR. */
#include "ialu.h"

void ialu_op_mov(gm_exec *ex)
{
    bool wide = gm_is(ex, ISA_F_width, ISA_V_width_64);
    GM_FOR_EACH_LANE(ex, l) {
        if (!wide) {
            gm_set_rd(ex, l, gm_src(ex, 'b', l));
            continue;
        }
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

/* Result byte i (0 = Rd[7:0]) of PRMT; t holds b0..b7 = {SrcB, Ra}. */
static uint32_t prmt_byte(enum prmt_mode mode, uint64_t t, uint32_t control, unsigned i)
{
    if (mode != PRMT_IDX)
        return byte_of(t, prmt_table[mode][control & 3][3 - i]);
    uint32_t nibble = (control >> (4 * i)) & 0xfu;
    uint32_t x = byte_of(t, nibble & 7);
    if (nibble & 8) /* replicate the picked byte's sign bit */
        return (x & 0x80) ? 0xffu : 0x00u;
    return x;
}

void ialu_op_prmt(gm_exec *ex)
{
    int mode = ialu_choice(ex, ISA_F_mode, prmt_mode_values, 7);
    if (mode < 0)
        return;
    if (!ex->exec)
        return;
    uint32_t a[GM_LANES], b[GM_LANES], c[GM_LANES], d[GM_LANES];
    gm_src_lanes(ex, 'b', b);
    gm_src_lanes(ex, 'a', a);
    gm_src_lanes(ex, 'c', c);
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint64_t t = (uint64_t)b[l] << 32 | a[l];
        uint32_t r = 0;
        for (unsigned i = 0; i < 4; i++)
            r |= prmt_byte((enum prmt_mode)mode, t, c[l], i) << (8 * i);
        d[l] = r;
    }
    gm_set_rd_lanes(ex, d);
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
    GM_FOR_EACH_LANE(ex, l) /* the two's-complement 32-bit value of the clamped result */
        gm_set_rd(ex, l, (uint32_t)clamp((int32_t)gm_src(ex, 'b', l), r));
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
