/* fw: WRITE_REG's per-lane kinds over the backdoor (lane_writes.h). */
#include "fw/lane_writes.h"

#include "fw/port.h"

_Static_assert((int)FW_LANE_READY == (int)WIRE_LANE_READY && (int)FW_LANE_WAITING == (int)WIRE_LANE_WAITING &&
                   (int)FW_LANE_EXITED == (int)WIRE_LANE_EXITED,
               "the wire's lane statuses are the port's");

bool fw_is_lane_kind(uint8_t kind)
{
    return kind == WIRE_REG_PC_LO || kind == WIRE_REG_PC_HI || kind == WIRE_REG_LANE_STATUS;
}

int fw_write_lanes(fw_bd_write_fn bd_write, void *ctx, uint16_t warp, uint8_t kind, uint32_t mask,
                   const uint32_t *values, uint32_t *exited)
{
    uint32_t space = kind == WIRE_REG_PC_LO ? FW_BD_PC_LO : kind == WIRE_REG_PC_HI ? FW_BD_PC_HI : FW_BD_STATUS;
    for (uint32_t l = 0; l < WIRE_LANES; l++) {
        if (!((mask >> l) & 1u))
            continue;
        if (kind == WIRE_REG_LANE_STATUS && values[l] > FW_LANE_EXITED)
            return -1;
        if (bd_write(ctx, space, warp, 0, l, values[l]) != 0)
            return -1;
        if (kind == WIRE_REG_LANE_STATUS)
            *exited = values[l] == FW_LANE_EXITED ? *exited | 1u << l : *exited & ~(1u << l);
    }
    return 0;
}
