/* cosim/model: gpuhost extension, memory (isa/spec/ext.isa, EXT_MEM):
 * LDG, STG, LDC lane by lane; a warp's 32-bit LDG or STG within one page
 * goes faster (ext_mem_page.c). */
#include "ext_mem.h"

/* 32, 64 or 128 bits as the LdStSize field says; 0 for the reserved value. */
static unsigned access_bytes(gm_exec *ex)
{
    if (gm_is(ex, ISA_F_dtype, ISA_V_dtype_32))
        return 4;
    if (gm_is(ex, ISA_F_dtype, ISA_V_dtype_64))
        return 8;
    if (gm_is(ex, ISA_F_dtype, ISA_V_dtype_128))
        return 16;
    gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved access size");
    return 0;
}

static int64_t offset(gm_exec *ex, unsigned bits)
{
    uint32_t v = gm_f(ex, ISA_F_offset);
    return (int64_t)(v ^ (1u << (bits - 1))) - (int64_t)(1u << (bits - 1));
}

static bool address(gm_exec *ex, unsigned lane, uint64_t *addr)
{
    unsigned ra = gm_f(ex, ISA_F_ra);
    if (!gm_check_tuple(ex, ra, 2, lane))
        return false;
    uint64_t base = ra >= GM_GPRS
                        ? 0
                        : (uint64_t)gm_gpr_read(ex, ra + 1, lane) << 32 | gm_gpr_read(ex, ra, lane);
    *addr = base + (uint64_t)offset(ex, 24);
    return true;
}

/* A 32-bit access's operands, as gm_ldg32_one_page and gm_stg32_one_page take them. */
static gm_access32 access32_of(const gm_decoded *d, int reg_field)
{
    uint64_t off = (uint64_t)((int64_t)(gm_d_f(d, ISA_F_offset) ^ (1u << 23)) - (int64_t)(1u << 23));
    return (gm_access32){.off_lo = (uint32_t)off, .off_hi = (uint32_t)(off >> 32),
                         .ra = (uint8_t)gm_d_f(d, ISA_F_ra), .reg = (uint8_t)gm_d_f(d, reg_field)};
}

/* ---- lane by lane ---- */

static void ldg_lanes(gm_exec *ex, unsigned bytes, unsigned rd)
{
    GM_FOR_EACH_LANE(ex, l) {
        uint64_t addr;
        uint32_t words[4];
        if (!bytes || !address(ex, l, &addr) || !gm_check_tuple(ex, rd, bytes / 4, l) ||
            !gm_load(ex, l, addr, bytes, words))
            return;
        for (unsigned i = 0; rd < GM_GPRS && i < bytes / 4; i++)
            gm_set_gpr(ex, rd + i, l, words[i]);
    }
}

static void op_ldg(gm_exec *ex)
{
    unsigned bytes = access_bytes(ex), rd = gm_f(ex, ISA_F_rd);
    gm_access32 a = access32_of(ex->d, ISA_F_rd);
    if (bytes == 4 && rd < GM_GPRS && gm_ldg32_one_page(ex, &a))
        return;
    ldg_lanes(ex, bytes, rd);
}

/* LDG.32 to a register, its operands read at load time. */
static void ldg32_prepared(gm_exec *ex)
{
    gm_access32 a;
    GM_PARAMS(ex->d, gm_access32, &a);
    if (!gm_ldg32_one_page(ex, &a))
        ldg_lanes(ex, 4, a.reg);
}

static gm_op_fn prep_ldg(gm_decoded *d, gm_op_fn fn)
{
    if (!gm_d_is(d, ISA_F_dtype, ISA_V_dtype_32) || gm_d_f(d, ISA_F_rd) >= GM_GPRS)
        return fn;
    gm_access32 a = access32_of(d, ISA_F_rd);
    GM_SET_PARAMS(d, gm_access32, &a);
    return ldg32_prepared;
}

static void stg_lanes(gm_exec *ex, unsigned bytes, unsigned rb)
{
    GM_FOR_EACH_LANE(ex, l) {
        uint64_t addr;
        uint32_t words[4] = {0};
        if (!bytes || !address(ex, l, &addr) || !gm_check_tuple(ex, rb, bytes / 4, l))
            return;
        for (unsigned i = 0; i < bytes / 4; i++)
            words[i] = gm_gpr_read(ex, rb >= GM_GPRS ? rb : rb + i, l);
        gm_store(ex, l, addr, bytes, words);
    }
}

static void op_stg(gm_exec *ex)
{
    unsigned bytes = access_bytes(ex), rb = gm_f(ex, ISA_F_rb);
    gm_access32 a = access32_of(ex->d, ISA_F_rb);
    if (bytes == 4 && gm_stg32_one_page(ex, &a))
        return;
    stg_lanes(ex, bytes, rb);
}

/* STG.32, its operands read at load time. */
static void stg32_prepared(gm_exec *ex)
{
    gm_access32 a;
    GM_PARAMS(ex->d, gm_access32, &a);
    if (!gm_stg32_one_page(ex, &a))
        stg_lanes(ex, 4, a.reg);
}

static gm_op_fn prep_stg(gm_decoded *d, gm_op_fn fn)
{
    if (!gm_d_is(d, ISA_F_dtype, ISA_V_dtype_32))
        return fn;
    gm_access32 a = access32_of(d, ISA_F_rb);
    GM_SET_PARAMS(d, gm_access32, &a);
    return stg32_prepared;
}

static void op_ldc(gm_exec *ex)
{
    unsigned bytes = access_bytes(ex), rd = gm_f(ex, ISA_F_rd), bank = gm_f(ex, ISA_F_cbank);
    GM_FOR_EACH_LANE(ex, l) {
        if (!bytes || !gm_check_tuple(ex, rd, bytes / 4, l))
            return;
        uint32_t off = gm_gpr_read(ex, gm_f(ex, ISA_F_ra), l) + (uint32_t)offset(ex, 16);
        if (off % bytes) {
            gm_trap(ex, GM_TRAP_MISALIGNED_ADDRESS, (int)l, "c[0x%x][0x%x] is not %u-byte aligned",
                    bank, off, bytes);
            return;
        }
        if ((uint64_t)off + bytes > ISA_CONST_BANK_BYTES) {
            gm_trap(ex, GM_TRAP_CONST_OUT_OF_RANGE, (int)l, "c[0x%x][0x%x]", bank, off);
            return;
        }
        for (unsigned i = 0; rd < GM_GPRS && i < bytes / 4; i++)
            gm_set_gpr(ex, rd + i, l, gm_const_read(ex, bank, off + 4 * i));
    }
}

const gm_op gm_ops_ext_mem[] = {
    {ISA_OP_LDG, op_ldg, prep_ldg},
    {ISA_OP_STG, op_stg, prep_stg},
    {ISA_OP_LDC, op_ldc, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
