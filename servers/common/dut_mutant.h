/* fw host HAL, tests only: a DUT wrapper that breaks the rules a real DUT
 * could break in ways the fault kinds do not cover, so that tests can prove
 * gpuhost never takes such a target's word for a PASS:
 *   flag-trap:N   record N carries the TRAP flag with no trap code (the core
 *                 then ends the run with TRAP)
 *   step-error:N  the DUT breaks the port contract at step N
 *   mufu-ulp:D:T  every MUFU result lies D ulps from the model's, and the
 *                 DUT declares a tolerance of T ulps for MUFU in its CAPS
 *   hang:N        the DUT stops retiring at step N (the watchdog fires)
 *   hidden-store:N:A  after step N the DUT also stores a word at address A,
 *                 which no commit record names
 *   trap-code:C   a trapping record carries trap code C instead of its own
 *   trap-lane:P   a trapping record names the wrong lane: lane ^ P (P 0: 1)
 *                 for a trap that names one, lane P for a trap that names
 *                 none (cosim/common/include/trap_codes.h)
 *   lane-regs-ignored  WRITE_REG of a lane's PC or status (kinds 4-6) is
 *                 answered OK and changes nothing
 *   no-trap-lane  the DUT cannot name the trapping lane, as a core without
 *                 TRAP_LANE (fw/port.h FEATURES): a lane trap's record says
 *                 so (WIRE_COMMIT_LANE_UNREPORTED) and names no lane
 * Lies told on the wire itself (frames, fields, sequence numbers): lie_link.h. */
#ifndef FW_DUT_MUTANT_H
#define FW_DUT_MUTANT_H

#include <stdint.h>

#include "dut_pass.h"

enum fw_mutation {
    FW_MUTANT_NONE = 0,
    FW_MUTANT_FLAG_TRAP,
    FW_MUTANT_STEP_ERROR,
    FW_MUTANT_MUFU_ULP,
    FW_MUTANT_HANG,
    FW_MUTANT_HIDDEN_STORE,
    FW_MUTANT_TRAP_CODE,
    FW_MUTANT_TRAP_LANE,
    FW_MUTANT_NO_TRAP_LANE,
    FW_MUTANT_LANE_REGS_IGNORED,
};

typedef struct {
    fw_dut_pass pass; /* first: what it does not change goes through (dut_pass.h) */
    fw_dut_ops ops;
    int kind;
    uint64_t at, steps;
    uint32_t ulp_off, ulp_declared; /* mufu-ulp */
    uint64_t store_addr;            /* hidden-store */
    uint32_t trap_value;            /* trap-code: the code; trap-lane: P */
    int (*poke)(void *inner_ctx, uint64_t addr, uint32_t word); /* hidden-store: memory behind the DUT's back */
} fw_dut_mutant;

/* m's ops (the pass-through base with caps, reset and step replaced), in m. */
const fw_dut_ops *fw_dut_mutant_ops(fw_dut_mutant *m);
/* One of the specs above; 0, or -1 when malformed. */
int fw_dut_mutant_parse(fw_dut_mutant *m, const char *spec);

#endif
