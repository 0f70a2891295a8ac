/* ghemu: the SYS block (ID, clock, cycle counter, trap record, soft reset)
 * and the CRC-32 unit, as boards/gh-ref/README.md defines them. The CRC is
 * the wire's CRC-32 (zlib's convention), fed as the unit is. */
#include "ghemu_internal.h"
#include "wire/protocol.h"

#define BOARD_VERSION ((uint32_t)GH_SYS_VERSION_EMULATED << 16 | 1u)

uint64_t ghemu_sys_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    ghemu *e = user;
    if (!ghemu_reg_access_ok(e, GH_REF_SYS_BASE, off, size, false))
        return 0;
    switch (off) {
    case GH_SYS_ID: return GH_SYS_ID_VALUE;
    case GH_SYS_VERSION: return BOARD_VERSION;
    case GH_SYS_CLK_HZ: return e->cfg.clk_hz;
    case GH_SYS_CYCLE_LO: {
        uint64_t c = ghemu_cycles(e);
        e->cycle_hi_latch = (uint32_t)(c >> 32); /* reading LO latches HI */
        return (uint32_t)c;
    }
    case GH_SYS_CYCLE_HI: return e->cycle_hi_latch;
    case GH_SYS_TRAP_CAUSE: case GH_SYS_TRAP_EPC: case GH_SYS_TRAP_TVAL: case GH_SYS_TRAP_COUNT:
        return e->trap[(off - GH_SYS_TRAP_CAUSE) / 4];
    }
    return 0;
}

void ghemu_sys_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    ghemu *e = user;
    if (!ghemu_reg_access_ok(e, GH_REF_SYS_BASE, off, size, true))
        return;
    switch (off) {
    case GH_SYS_TRAP_CAUSE: case GH_SYS_TRAP_EPC: case GH_SYS_TRAP_TVAL: case GH_SYS_TRAP_COUNT:
        e->trap[(off - GH_SYS_TRAP_CAUSE) / 4] = (uint32_t)value;
        break;
    case GH_SYS_RESET:
        /* the image resets itself only from its trap handler: on the board the
         * host sees it re-enumerate; here the run ends with the trap record */
        if ((uint32_t)value == GH_SYS_RESET_KEY)
            ghemu_crash(e, "the image reset the soft core (SYS.RESET) after a trap: mcause %u, mepc 0x%08x, "
                           "mtval 0x%08x", e->trap[0], e->trap[1], e->trap[2]);
        break;
    }
}

uint64_t ghemu_crc_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    ghemu *e = user;
    if (!ghemu_reg_access_ok(e, GH_REF_CRC_BASE, off, size, false))
        return 0;
    return off == GH_CRC_VALUE ? e->crc_state : 0;
}

void ghemu_crc_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    ghemu *e = user;
    if (!ghemu_reg_access_ok(e, GH_REF_CRC_BASE, off, size, true))
        return;
    uint8_t bytes[4] = {(uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24)};
    switch (off) {
    case GH_CRC_VALUE: e->crc_state = (uint32_t)value; break; /* zlib's convention on both sides */
    case GH_CRC_DATA8: e->crc_state = wire_crc32(e->crc_state, bytes, 1); break;
    case GH_CRC_DATA32: e->crc_state = wire_crc32(e->crc_state, bytes, 4); break;
    }
}
