/* ghemu: the gh-ref board (boards/gh-ref/README.md) emulated around its own
 * firmware image. The exact bytes of gh-ref-fw.elf execute on Unicorn's
 * RV32IMAC; the board's register blocks (SYS, CRC-32, DMA engine, USB device
 * core, DUT debug port) are MMIO callbacks modelling the README's contract; ROM, RAM
 * and SDRAM are plain memory. The USB core's host side and the DUT behind
 * the debug port are supplied by the caller (gpu-usbemu: umockdev and the
 * model or Verilated DUT).
 *
 * A crash of the image (illegal instruction, misaligned or unmapped access,
 * the stack running into .bss, its trap handler entered, no register access
 * for too long) stops the emulation with a report naming the PC, the ELF
 * symbol and the cause. */
#ifndef GHEMU_H
#define GHEMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/fw.h"

#include "ghemu_usb_host.h"

/* The events the gateware's cost is counted from (ghemu_cost.c). */
typedef struct {
    uint64_t line_fills, ram, sdram, registers;
} ghemu_cost_events;

typedef struct {
    const char *image;         /* gh-ref-fw.elf */
    const char *name;          /* for messages: the board's serial */
    uint32_t clk_hz;           /* SYS.CLK_HZ: cycles count at one per instruction */
    uint64_t max_insns;        /* stop after this many instructions (0: no limit) */
    uint64_t spin_insns;       /* a crash: this many instructions without a register access */
    const fw_dut_ops *dut;     /* the DUT behind the debug port */
    void *dut_ctx;
    /* the debug port presents a core without TRAP_LANE (capability word
     * FEATURES 0): END beats name no trapping lane (its DUTs name it: the
     * model always, the Verilated core declares TRAP_LANE) */
    bool no_trap_lane;
    ghemu_usb_host usb;
} ghemu_config;

/* What the image did, for the cost figures. */
typedef struct {
    uint64_t insns, cycles, idle_cycles; /* idle: real waiting time converted at clk_hz */
    uint64_t idle_insns;                 /* executed while polling for the host in vain */
    uint64_t step_insns, step_gaps;      /* between consecutive STEPs with no idle wait: per warp-instruction */
    uint64_t step_dma_cycles;            /* the DMA engine's transfer time in those gaps (beside the core) */
    uint64_t step_dma_wait;              /* of which the core polled BUSY (in step_insns) */
    uint64_t step_gateware;              /* the gateware's cycles for step_insns' work, projected (ghemu_cost.c) */
    ghemu_cost_events step_events;       /* the events counted for it */
    uint64_t dma_cycles, dma_transfers, dma_bytes, dma_refused; /* refused: a START the contract rejects */
    uint64_t frames_sent, frames_refused; /* the USB core's IN frame sender: frames sent, SENDs refused */
    uint64_t dma_wait_cycles;            /* the core polling a BUSY engine (its instructions) */
    uint64_t mmio;                       /* register accesses */
    uint64_t retired;                    /* warp-instructions retired through the debug port */
    uint64_t out_packets, in_transfers;
    uint32_t funcs, funcs_run;           /* functions of the image, and those executed */
} ghemu_stats;

typedef struct ghemu ghemu;

/* Loads the image and builds the board; NULL with a message in err. */
ghemu *ghemu_new(const ghemu_config *cfg, char *err, size_t errlen);
/* Runs the image from its reset vector until ghemu_stop (0) or a crash (-1,
 * the report in ghemu_report). */
int ghemu_run(ghemu *e);
/* Ends ghemu_run soon; from any thread. */
void ghemu_stop(ghemu *e);
const char *ghemu_report(const ghemu *e);
void ghemu_get_stats(const ghemu *e, ghemu_stats *out);
/* The image's functions by instructions executed in them, most first: at
 * most max entries (name valid while e lives); the count written. */
typedef struct {
    const char *name;
    uint64_t insns;
} ghemu_function_cost;
size_t ghemu_profile(const ghemu *e, ghemu_function_cost *out, size_t max);
/* Writes one line per function of the image: "run|not-run name size". */
int ghemu_write_coverage(const ghemu *e, const char *path);
void ghemu_free(ghemu **e);

#endif
