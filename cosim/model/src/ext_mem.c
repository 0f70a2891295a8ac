/* cosim/model: gpuhost extension, memory (isa/spec/ext.isa, EXT_MEM):
 * LDG, STG, LDC. */
#include "exec.h"

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

static void op_ldg(gm_exec *ex)
{
    unsigned bytes = access_bytes(ex), rd = gm_f(ex, ISA_F_rd);
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

static void op_stg(gm_exec *ex)
{
    unsigned bytes = access_bytes(ex), rb = gm_f(ex, ISA_F_rb);
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
        if ((uint64_t)off + bytes > 65536) {
            gm_trap(ex, GM_TRAP_CONST_OUT_OF_RANGE, (int)l, "c[0x%x][0x%x]", bank, off);
            return;
        }
        for (unsigned i = 0; rd < GM_GPRS && i < bytes / 4; i++)
            gm_set_gpr(ex, rd + i, l, gm_const_read(ex, bank, off + 4 * i));
    }
}

const gm_op gm_ops_ext_mem[] = {
    {ISA_OP_LDG, op_ldg, NULL},
    {ISA_OP_STG, op_stg, NULL},
    {ISA_OP_LDC, op_ldc, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
