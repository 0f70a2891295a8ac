/* fw: INJECT through the port contract (see fw/inject.h). */
#include "fw/fw.h"
#include "fw/inject.h"
#include "fw/port.h"

/* The lowest PC of the warp's ready lanes, or UINT64_MAX; -1 on a backdoor failure. */
static int lowest_ready_pc(const fw_inject_port *p, void *ctx, uint32_t warp, uint64_t *pc)
{
    *pc = UINT64_MAX;
    for (uint32_t l = 0; l < 32; l++) {
        uint32_t st, lo, hi;
        if (p->bd_read(ctx, FW_BD_STATUS, warp, 0, l, &st) != 0)
            return -1;
        if (st != FW_LANE_READY)
            continue;
        if (p->bd_read(ctx, FW_BD_PC_LO, warp, 0, l, &lo) != 0 || p->bd_read(ctx, FW_BD_PC_HI, warp, 0, l, &hi) != 0)
            return -1;
        uint64_t at = (uint64_t)hi << 32 | lo;
        if (at < *pc)
            *pc = at;
    }
    return 0;
}

int fw_inject(const fw_inject_port *p, void *ctx, uint32_t warps, uint16_t warp, uint64_t lo, uint64_t hi,
              wire_commit *rec)
{
    uint64_t pc;
    if (warp >= warps || warps > FW_INJECT_MAX_WARPS || lowest_ready_pc(p, ctx, warp, &pc) != 0)
        return -1;
    if (pc == UINT64_MAX || pc % 16 || pc / 16 >= p->code_words)
        return -1; /* no ready lane, or a PC instruction memory cannot hold */
    /* the other warps' live lanes, by status, parked as exited */
    uint32_t ready[FW_INJECT_MAX_WARPS] = {0}, waiting[FW_INJECT_MAX_WARPS] = {0};
    int rc = 0;
    for (uint32_t w = 0; w < warps && rc == 0; w++)
        for (uint32_t l = 0; w != warp && l < 32 && rc == 0; l++) {
            uint32_t st;
            rc = p->bd_read(ctx, FW_BD_STATUS, w, 0, l, &st);
            if (rc == 0 && st != FW_LANE_EXITED) {
                (st == FW_LANE_READY ? ready : waiting)[w] |= 1u << l;
                rc = p->bd_write(ctx, FW_BD_STATUS, w, 0, l, FW_LANE_EXITED);
            }
        }
    uint32_t index = (uint32_t)(pc / 16);
    if (rc == 0 && p->write_code(ctx, index, lo, hi) == 0) {
        rc = p->step(ctx, rec) == FW_STEP_RETIRED && rec->warp == warp ? 0 : -1;
        if (p->restore_code)
            p->restore_code(ctx, index);
    } else {
        rc = -1;
    }
    for (uint32_t w = 0; w < warps; w++) /* every parked lane back, whatever happened */
        for (uint32_t l = 0; l < 32; l++)
            if (((ready[w] | waiting[w]) >> l) & 1u &&
                p->bd_write(ctx, FW_BD_STATUS, w, 0, l, (ready[w] >> l) & 1u ? FW_LANE_READY : FW_LANE_WAITING) != 0)
                rc = -1;
    return rc;
}
