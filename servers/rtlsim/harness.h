/* servers/rtlsim: the thin C++ harness around a Verilated core, as a C API: the
 * top is gpuhost_rtl_top, the wrapper gpuhost_add_rtl_server() generates
 * around any core presenting the port contract (and the contract checker).
 * It owns a VerilatedContext and one model per handle (never a file-scope
 * model), moves the port values of docs/port-contract.md in and out as plain C
 * structs, clocks the core and, when asked at run time, writes an FST
 * waveform. Everything above it (dut_rtl.c, gpu-rtlsim) is C. */
#ifndef COSIM_RTL_HARNESS_H
#define COSIM_RTL_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The core's inputs, driven by the board (dut_rtl.c). */
typedef struct {
    uint8_t rst_n;
    uint8_t imem_we;
    uint16_t imem_addr;
    uint32_t imem_wdata[4]; /* word 0 = bits 31..0 of the instruction */
    uint8_t launch, launch_warps;
    uint64_t launch_entry;
    uint8_t run, step;
    uint8_t mem_ack, mem_err;
    uint32_t mem_rdata;
    uint8_t rt_ready;
    uint8_t bd_req, bd_we, bd_space, bd_warp, bd_index, bd_lane;
    uint32_t bd_wdata;
} rtl_inputs;

/* The core's outputs, as they are after a clock edge. */
typedef struct {
    uint8_t busy, done;
    uint8_t mem_req, mem_we, mem_space, mem_bank;
    uint64_t mem_addr;
    uint32_t mem_wdata;
    uint8_t rt_valid, rt_kind, rt_warp;
    uint64_t rt_pc;
    uint32_t rt_insn[4];
    uint32_t rt_mask_a, rt_mask_b;
    uint8_t rt_index, rt_lane;
    uint32_t rt_data;
    uint8_t rt_status;
    uint32_t rt_row[32]; /* lane l at [l]; copied only while a GPR_ROW beat is presented */
    uint8_t bd_ack;
    uint32_t bd_rdata;
    /* the contract checker's (gpu_port_checker): violations so far, and bit k
     * set once kind k was seen (gpu_checker_kinds.h); 0 without the checker */
    uint32_t chk_violations, chk_kinds;
} rtl_outputs;

typedef struct rtl_harness rtl_harness;

/* The name the server's target gives in CAPS (a board descriptor's
 * `target`): defined by the file gpuhost_add_rtl_server() generates. */
const char *rtl_target_name(void);

/* A new context and model. `traceable` must be true for rtl_trace_open to
 * work later (Verilator compiles the trace hooks in but only runs them for
 * models created with tracing on; they cost a little even when not dumping).
 * State the HDL does not reset starts at zero when x_seed is 0, else at
 * random values from that seed (to prove the reset covers everything that
 * matters). NULL when out of memory. */
rtl_harness *rtl_create(bool traceable, uint32_t x_seed);
/* Closes any waveform, runs final blocks, frees everything; *h becomes NULL. */
void rtl_destroy(rtl_harness **h);

/* Applies the inputs and settles the combinational logic without a clock
 * edge, then reads the outputs. */
void rtl_settle(rtl_harness *h, const rtl_inputs *in, rtl_outputs *out);
/* One clock cycle: applies the inputs, a rising edge of clk, the falling
 * edge, then reads the outputs. Waveform samples are taken at both edges
 * while dumping is on. */
void rtl_cycle(rtl_harness *h, const rtl_inputs *in, rtl_outputs *out);
/* Clock cycles since rtl_create. */
uint64_t rtl_cycles(const rtl_harness *h);

/* Opens an FST waveform (all levels). 0, or -1 (not traceable, cannot open). */
int rtl_trace_open(rtl_harness *h, const char *path);
/* Dumping on or off while a waveform is open (on after rtl_trace_open). */
void rtl_trace_enable(rtl_harness *h, bool on);
bool rtl_trace_is_open(const rtl_harness *h);
void rtl_trace_flush(rtl_harness *h);
void rtl_trace_close(rtl_harness *h);

#ifdef __cplusplus
}
#endif

#endif
