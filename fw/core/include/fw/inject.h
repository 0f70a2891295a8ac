/* fw: INJECT through the DUT port contract (docs/port-contract.md), written
 * once for every board side (boards/gh-ref/hal.c over the debug port,
 * servers/rtlsim/dut_rtl.c over the Verilated ports). The contract cannot choose
 * the warp that steps or fetch from anywhere but instruction memory, so: the
 * word goes into instruction memory at the warp's lowest ready PC, the other
 * warps' live lanes are parked as exited (the round-robin pick then lands on
 * the warp), one step runs, the parked lanes get their status back and, where
 * the board kept a copy of its code, the old word goes back too. */
#ifndef FW_INJECT_H
#define FW_INJECT_H

#include <stdint.h>

#include "fw/port.h"
#include "wire/protocol.h"

#define FW_INJECT_MAX_WARPS FW_PORT_MAX_WARPS /* bd_warp's */

typedef struct {
    /* the state backdoor: 0 or -1 */
    int (*bd_read)(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v);
    int (*bd_write)(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v);
    /* writes one word into instruction memory: 0 or -1 */
    int (*write_code)(void *ctx, uint32_t index, uint64_t lo, uint64_t hi);
    /* puts back the word the board had at index (NULL: the board keeps no
     * copy of its code, and the injected word stays) */
    void (*restore_code)(void *ctx, uint32_t index);
    /* one step and its record: FW_STEP_* */
    int (*step)(void *ctx, wire_commit *rec);
    uint32_t code_words; /* instruction memory size, in words */
} fw_inject_port;

/* Executes `lo, hi` once for `warp` of `warps` launched: 0, or -1 (no ready
 * lane, a PC instruction memory cannot hold, a backdoor failure, no retire,
 * or the record was another warp's). */
int fw_inject(const fw_inject_port *port, void *ctx, uint32_t warps, uint16_t warp, uint64_t lo, uint64_t hi,
              wire_commit *rec);

#endif
