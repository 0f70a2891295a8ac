/* fw: WRITE_REG's per-lane kinds (PC_LO, PC_HI, LANE_STATUS) through the
 * port's backdoor spaces, written once for every board side that drives
 * the port (servers/rtlsim/dut_rtl.c, boards/gh-ref/hal.c). A host writes them to
 * apply an instruction the DUT retired as UNIMPLEMENTED. */
#ifndef FW_LANE_WRITES_H
#define FW_LANE_WRITES_H

#include <stdbool.h>
#include <stdint.h>

#include "wire/protocol.h"

typedef int (*fw_bd_write_fn)(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v);

/* True for the kinds fw_write_lanes serves. */
bool fw_is_lane_kind(uint8_t kind);
/* Writes values[l] of each lane l in mask; a LANE_STATUS write also updates
 * *exited (the board's exited lanes of that warp: WARP_DONE follows them).
 * 0, or -1 (a status out of range, a backdoor failure). */
int fw_write_lanes(fw_bd_write_fn bd_write, void *ctx, uint16_t warp, uint8_t kind, uint32_t mask,
                   const uint32_t *values, uint32_t *exited);

#endif
