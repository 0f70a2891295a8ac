/* ghsoc: the gh-ref board as gateware (boards/gh-ref/gateware), Verilated
 * whole: the VexRiscv soft core running the unchanged gh-ref-fw.elf from its
 * ROM, the register blocks in RTL, the GPU core behind the debug port and an
 * SDRAM model. Its USB device core's endpoint interface (the byte streams a
 * USB device stack such as LUNA would drive) is bridged here to the same
 * host side the emulator (ghemu) uses, so gpu-usbemu's umockdev device, URB
 * queues and faults serve it unchanged. What the bridge leaves untested: the
 * USB device stack itself (EP0, enumeration, packet timing on the wire, the
 * ULPI PHY): gpu-usbemu answers EP0, as it does for the emulator. */
#ifndef GHSOC_H
#define GHSOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ghemu_usb_host.h"
#include "stress.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *image;   /* gh-ref-fw.elf: its PT_LOAD segments fill ROM (and nothing else) */
    const char *name;    /* for messages: the board's serial */
    uint64_t max_cycles; /* stop after this many cycles (0: no limit) */
    const char *wave;    /* an FST file of the whole SoC, or NULL */
    uint64_t wave_at, wave_window; /* with wave_windowed: only steps wave_at - wave_window .. wave_at + wave_window */
    bool wave_windowed;
    /* a fault armed in the GPU core after each of its resets (fw/faults.h kinds; 0 none), as gpu-rtlsim --fault */
    uint8_t fault_kind, fault_param;
    uint32_t fault_at;
    /* seeded stress of the core's handshakes (stress.h; none when inactive): mem-max, gap-max and
     * step-max at most GHSOC_STRESS_MAX */
    rtl_stress stress;
    ghemu_usb_host usb;
} ghsoc_config;

typedef struct {
    uint64_t cycles;
    uint64_t steps;        /* DBG.CMD STEP pulses: warp-instructions stepped */
    uint64_t step_gaps;    /* gaps between consecutive steps with no wait for the host */
    uint64_t step_cycles;  /* their cycles */
    /* of step_cycles, those the soft core waited for an instruction fetch (an
     * instruction-cache refill from ROM) or for a data access on the
     * interconnect, by what it reached */
    uint64_t step_fetch, step_rom, step_ram, step_sdram, step_regs;
    /* and how many: instruction-cache line fills, data accesses by what they reached */
    uint64_t step_fills, step_ram_accesses, step_sdram_accesses, step_reg_accesses;
    uint64_t out_packets, in_transfers;
} ghsoc_stats;

#define GHSOC_STRESS_MAX 255u

typedef struct ghsoc ghsoc;

/* Loads the image into ROM and builds the SoC; NULL with a message in err. */
ghsoc *ghsoc_new(const ghsoc_config *cfg, char *err, size_t errlen);
/* Runs from power-on until ghsoc_stop (0) or a crash (-1, see ghsoc_report). */
int ghsoc_run(ghsoc *s);
/* Ends ghsoc_run soon; from any thread. */
void ghsoc_stop(ghsoc *s);
const char *ghsoc_report(const ghsoc *s);
void ghsoc_get_stats(const ghsoc *s, ghsoc_stats *out);
void ghsoc_free(ghsoc **sp);

#ifdef __cplusplus
}
#endif
#endif
