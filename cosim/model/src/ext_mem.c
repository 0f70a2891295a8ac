/* cosim/model: gpuhost extension, memory (isa/spec/ext.isa, EXT_MEM):
 * LDG, STG, LDC. */
#include <string.h>

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

/* ---- the common access: one page for the whole warp ---- */

static uint32_t load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static void addresses(const uint32_t *restrict lo, const uint32_t *restrict hi, uint64_t offset,
                      uint64_t *restrict addr)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        addr[l] = ((uint64_t)hi[l] << 32 | lo[l]) + offset;
}

/* Whether every lane of `lanes` has its address aligned to `bytes` (a power
 * of two) and in `page`: all 32 lanes computed, the others masked off (a loop
 * the compiler vectorises, unlike one over the set bits). */
static bool same_page(const uint64_t addr[GM_LANES], uint32_t lanes, unsigned bytes, uint64_t page)
{
    uint64_t odd = 0, align = bytes - 1, high = ~(uint64_t)(GM_PAGE_SIZE - 1);
    if (lanes == 0xffffffffu) { /* the common case: no mask to apply */
        for (unsigned l = 0; l < GM_LANES; l++)
            odd |= (addr[l] & align) | ((addr[l] & high) ^ page);
        return !odd;
    }
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint64_t off = (addr[l] & align) | ((addr[l] & high) ^ page);
        odd |= off & (0 - (uint64_t)((lanes >> l) & 1u));
    }
    return !odd;
}

/* Every lane's address, when the warp's access is the common one: the base
 * a register pair (or RZ), and every executing lane's address aligned,
 * below 2^48 and in the page of the first one (*page). False otherwise: the
 * lane-by-lane path then traps or goes page by page, as it always did. */
static bool one_page(gm_exec *ex, unsigned bytes, uint64_t addr[GM_LANES], uint64_t *page)
{
    unsigned ra = gm_f(ex, ISA_F_ra);
    if (ra < GM_GPRS && (ra % 2 || ra + 1 >= GM_GPRS))
        return false; /* a misaligned pair: the lane-by-lane path traps */
    const uint32_t *lo = ra < GM_GPRS ? ex->w->gpr[ra] : gm_zero_row;
    const uint32_t *hi = ra < GM_GPRS ? ex->w->gpr[ra + 1] : gm_zero_row;
    addresses(lo, hi, (uint64_t)offset(ex, 24), addr);
    *page = addr[__builtin_ctz(ex->exec)] & ~(uint64_t)(GM_PAGE_SIZE - 1);
    return same_page(addr, ex->exec, bytes, *page) && *page < GM_GLOBAL_LIMIT; /* pages below 2^48 lie wholly below it */
}

/* LDG.32 of one page: the page found once, every lane's word read from it. */
static bool ldg_one_page(gm_exec *ex, unsigned bytes, unsigned rd)
{
    uint64_t addr[GM_LANES], page_addr;
    if (bytes != 4 || rd >= GM_GPRS || !ex->exec || !one_page(ex, bytes, addr, &page_addr))
        return false;
    const uint8_t *page = gm_memory_page(&ex->m->mem, page_addr);
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++) /* other lanes read within the page too: dropped */
        d[l] = page ? load32(page + (addr[l] & (GM_PAGE_SIZE - 1))) : 0;
    gm_rd_end(ex, d);
    return true;
}

/* STG.32 of one page: staged as gm_store stages it, lane by lane. */
static bool stg_one_page(gm_exec *ex, unsigned bytes, unsigned rb)
{
    uint64_t addr[GM_LANES], page_addr;
    if (bytes != 4 || !ex->exec || !one_page(ex, bytes, addr, &page_addr))
        return false;
    const uint32_t *value = rb < GM_GPRS ? ex->w->gpr[rb] : gm_zero_row;
    wire_mem_write *m = &ex->rec->mem; /* not cleared: every reader takes lane_mask's lanes and bytes' words */
    ex->rec->mem_count = 1;
    m->bytes = 4;
    m->lane_mask = ex->exec;
    for (unsigned l = 0; l < GM_LANES; l++) /* every lane: the readers take lane_mask's */
        m->addr[l] = addr[l], m->data[l][0] = value[l];
    return true;
}

void gm_apply_store(gm_model *m, const wire_mem_write *w)
{
    uint32_t lanes = w->lane_mask;
    if (!lanes)
        return;
    uint64_t page_addr = w->addr[__builtin_ctz(lanes)] & ~(uint64_t)(GM_PAGE_SIZE - 1);
    bool one = w->bytes == 4 && same_page(w->addr, lanes, 1, page_addr);
    uint8_t *page = one ? gm_memory_page_for_write(&m->mem, page_addr) : NULL;
    if (page && lanes == 0xffffffffu) { /* the common case; ascending: the highest lane's bytes win */
        for (unsigned l = 0; l < GM_LANES; l++)
            store32(page + (w->addr[l] & (GM_PAGE_SIZE - 1)), w->data[l][0]);
        return;
    }
    /* lanes in ascending order: the highest lane's bytes win */
    for (uint32_t e = lanes; e; e &= e - 1) {
        unsigned l = (unsigned)__builtin_ctz(e);
        if (page)
            store32(page + (w->addr[l] & (GM_PAGE_SIZE - 1)), w->data[l][0]);
        else
            gm_memory_write(&m->mem, w->addr[l], w->data[l], w->bytes);
    }
}

/* ---- lane by lane ---- */

static void op_ldg(gm_exec *ex)
{
    unsigned bytes = access_bytes(ex), rd = gm_f(ex, ISA_F_rd);
    if (ldg_one_page(ex, bytes, rd))
        return;
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
    if (stg_one_page(ex, bytes, rb))
        return;
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
        if ((uint64_t)off + bytes > ISA_CONST_BANK_BYTES) {
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
