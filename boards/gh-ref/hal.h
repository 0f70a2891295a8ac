/* gh-ref: the reference board's HAL for the firmware core (fw/fw.h).
 *
 * The register map is boards/gh-ref/regmap.txt: gh_ref_regs.h, README.md's
 * tables and the emulator's register table are generated from it
 * (regmap.py), so they cannot drift. All registers are 32 bits wide,
 * little-endian, accessed with 32-bit loads and stores only, and live in the
 * one clock domain `sys_clk` shared by the soft core, the USB core's
 * register side and the DUT. */
#ifndef GH_REF_HAL_H
#define GH_REF_HAL_H

#include <stddef.h>
#include <stdint.h>

#include "fw/fw.h"

/* ------------------------------------------------------------ memory map */
/* ROM, RAM and SDRAM (GH_REF_ROM_BASE ...), the register blocks' bases and
 * sizes, register offsets, bits and values: generated from regmap.txt
 * (boards/gh-ref/regmap.py), as README.md's tables, the image's memory
 * regions and the emulator's and the gateware's register tables are. */
#include "gh_ref_regs.h"

/* The SDRAM holds the DUT's memory (the firmware's page store) from its
 * start, and the frame and STATE buffers in its last MiB. */
#define GH_REF_POOL_BASE GH_REF_SDRAM_BASE
#define GH_REF_POOL_SIZE GH_REF_SDRAM_SIZE
/* A buffer too large for RAM: placed in SDRAM (scratch: never zeroed). */
#define GH_REF_SDRAM_BUFFER __attribute__((section(".sdram_buffers"), aligned(4)))

/* ------------------------------------------------------------ frame sizes */
/* The largest request payload the board accepts (the rx buffer). Reported in
 * CAPS max_payload. WIRE_MAX_PAYLOAD (1 MiB) is the protocol's maximum; a
 * board's RAM sets its own. */
#define GH_REF_MAX_PAYLOAD 16384u
#define GH_REF_MAX_CODE FW_PORT_CODE_WORDS /* IMEM_ADDR is imem_addr */
/* Replies may be larger: a STATE payload is 33,192 bytes. */
#define GH_REF_TX_PAYLOAD 36864u

/* Retire beat kinds (rt_kind), END statuses, backdoor spaces and capability
 * words: the port contract's, from fw/port.h. */
#include "fw/port.h"

/* The board's link and DUT state. */
typedef struct {
    uint32_t ticks_per_ms;
    int configured;
} gh_ref_link;

typedef struct {
    uint32_t cap_warps;  /* CAP_WARPS, read at init */
    uint32_t features;   /* capability word FEATURES, read at reset (TRAP_LANE: END names a trap's lane) */
    uint32_t warps;      /* launched warps; 0 before LAUNCH */
    uint32_t pages;      /* DUT-memory pages in use */
    uint64_t last_key;   /* one-entry lookup cache: key + 1, 0 = empty */
    uint8_t *last_frame;
    uint32_t exited[64]; /* lanes seen exiting, per warp (for WARP_DONE) */
} gh_ref_dut;

extern const fw_link_ops gh_ref_link_ops;
extern const fw_dut_ops gh_ref_dut_ops;

/* 0, or -1 when the SYS or debug-port ID does not match this HAL. */
int gh_ref_init(gh_ref_link *link, gh_ref_dut *dut);
/* Blocks until the host has configured the device; 0, never fails. */
int gh_ref_link_wait(gh_ref_link *link);
/* Clears EP1 after fw_serve returned (the host went away or the link broke). */
void gh_ref_link_reset(gh_ref_link *link);
uint64_t gh_ref_cycles(void);

#endif
