/* servers/rtlsim: fw_dut_ops over the Verilated gpu_core (harness.h). The board
 * side of the DUT port contract (docs/port-contract.md): code and launch
 * through the load/control ports, registers through the state backdoor,
 * global memory and the constant banks in sparse memory behind the memory
 * port, commit records assembled from the retire beats. Same shape as
 * servers/common/dut_model.{h,c}, with the Verilated core in place of the model. */
#ifndef COSIM_RTL_DUT_RTL_H
#define COSIM_RTL_DUT_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "fw/faults.h"
#include "fw/fw.h"
#include "fw/port.h"
#include "harness.h"
#include "sparse_memory.h"
#include "stress.h"

#define DUT_RTL_CODE_WORDS FW_PORT_CODE_WORDS /* imem_addr's */
#define DUT_RTL_MAX_WARPS FW_PORT_MAX_WARPS   /* launch_warps' and bd_warp's */
#define DUT_RTL_BD_WRITES 4u

/* Fault kinds of the backdoor's fault registers (space 9, register 0):
 * fw/faults.h, every kind. */

typedef struct {
    bool traceable;          /* create the model with trace hooks (needed for a waveform) */
    uint32_t x_seed;         /* state the HDL does not reset: 0 zeros, else random from this seed */
    const char *wave_path;   /* FST file to write, or NULL */
    bool wave_windowed;      /* dump only the retires wave_at - window .. wave_at + window */
    uint64_t wave_at, wave_window;
    uint32_t fault_kind, fault_param; /* written to the fault registers after every reset */
    uint32_t fault_at;
    rtl_stress stress; /* the board's seeded stress of the handshakes (stress.h); all 0: none */
    /* backdoor writes after every reset (space, index, value): a test wrapper's own registers */
    uint32_t bd_writes[DUT_RTL_BD_WRITES][3];
    unsigned bd_write_count;
} fw_dut_rtl_config;

typedef struct {
    rtl_harness *h;
    rtl_inputs in;
    rtl_outputs out;
    fw_dut_rtl_config cfg;
    gm_memory mem;  /* global memory */
    gm_memory cmem; /* constant banks: bank b at b << 16 */
    uint64_t (*code)[2]; /* what was loaded (INJECT puts it back) */
    uint64_t inject_keep[2]; /* the word an INJECT replaced, and the code count before it */
    uint32_t inject_keep_count;
    uint32_t code_count;
    bool launched;
    uint32_t warps;
    uint32_t exited[DUT_RTL_MAX_WARPS]; /* lanes that exited, from the END beats */
    uint64_t retired;                   /* retire index since launch */
    bool wave_on;
    /* stress (cfg.stress): the PRNG, reseeded at every reset, and the handshakes in progress */
    rtl_stress_rng rng;
    uint32_t ready_low_left; /* cycles rt_ready stays low after this one */
    bool step_high;          /* the step pulse was high at the last edge of the last step (its END) */
    bool mem_pending;        /* a request seen and not acknowledged yet: mem_held, mem_wait cycles to go */
    uint32_t mem_wait;
    rtl_outputs mem_held;
    bool rt_pending;         /* a beat presented while rt_ready was low: rt_held, as it was */
    rtl_outputs rt_held;
    /* capabilities, read through the backdoor after the first reset */
    uint32_t cap_warps, cap_lanes;
    uint32_t cap_features; /* capability word FEATURES (fw/port.h: TRAP_LANE, FAULTS) */
    wire_caps caps; /* what the words say: lanes, optypes, tolerances, lacking variants (fw_port_read_caps) */
    /* statistics */
    uint64_t instructions, step_cycles;
    uint32_t chk_violations, chk_kinds; /* the contract checker's count and kinds, as last reported */
    bool broken;     /* the checker saw a violation: every step ends as a DUT error */
    char error[400]; /* the last thing that went wrong, for the log */
    bool refused;    /* init failed on the configuration: a fault the core cannot take (a usage error) */
} fw_dut_rtl;

extern const fw_dut_ops fw_dut_rtl_ops;
/* Creates the core, resets it and reads its capabilities. 0, or -1 with a
 * message in d->error; d->refused when cfg asks for a fault and the core
 * declares no fault-injection registers (capability word FEATURES). */
int fw_dut_rtl_init(fw_dut_rtl *d, const fw_dut_rtl_config *cfg);
void fw_dut_rtl_free(fw_dut_rtl *d);

#endif
