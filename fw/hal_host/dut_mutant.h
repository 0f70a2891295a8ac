/* fw host HAL, tests only: a DUT wrapper that breaks the rules a real DUT
 * could break in ways the fault kinds do not cover, so that tests can prove
 * gpuhost never takes such a target's word for a PASS:
 *   flag-trap:N   record N carries the TRAP flag with no trap code (the core
 *                 then ends the run with TRAP)
 *   step-error:N  the DUT breaks the port contract at step N */
#ifndef FW_DUT_MUTANT_H
#define FW_DUT_MUTANT_H

#include <stdint.h>

#include "fw/fw.h"

enum fw_mutation { FW_MUTANT_NONE = 0, FW_MUTANT_FLAG_TRAP, FW_MUTANT_STEP_ERROR };

typedef struct {
    const fw_dut_ops *inner;
    void *inner_ctx;
    int kind;
    uint64_t at, steps;
} fw_dut_mutant;

extern const fw_dut_ops fw_dut_mutant_ops;
/* "flag-trap:N" or "step-error:N"; 0, or -1 when malformed. */
int fw_dut_mutant_parse(fw_dut_mutant *m, const char *spec);

#endif
