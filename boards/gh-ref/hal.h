/* gh-ref: the reference board's HAL for the firmware core (fw/fw.h).
 *
 * The register map is documented in boards/gh-ref/README.md; the defines
 * below are that map, and the two must change together. All registers are
 * 32 bits wide, little-endian, accessed with 32-bit loads and stores only,
 * and live in the one clock domain `sys_clk` shared by the soft core, the
 * USB core's register side and the DUT. */
#ifndef GH_REF_HAL_H
#define GH_REF_HAL_H

#include <stddef.h>
#include <stdint.h>

#include "fw/fw.h"

/* ------------------------------------------------------------ memory map */
#define GH_REF_ROM_BASE 0x00000000u  /* 64 KiB boot ROM/flash image */
#define GH_REF_ROM_SIZE 0x00010000u
#define GH_REF_RAM_BASE 0x80000000u  /* 128 KiB soft-core RAM */
#define GH_REF_RAM_SIZE 0x00020000u
#define GH_REF_SYS_BASE 0x40000000u  /* system: ID, clock, cycle counter, trap record */
#define GH_REF_CRC_BASE 0x40001000u  /* CRC-32 unit */
#define GH_REF_USB_BASE 0x40010000u  /* USB 2.0 high-speed device core, EP1 bulk */
#define GH_REF_DBG_BASE 0x40020000u  /* DUT debug port */
#define GH_REF_POOL_BASE 0x90000000u /* 32 MiB SDRAM: the DUT's memory, kept by firmware */
#define GH_REF_POOL_SIZE 0x02000000u

/* ------------------------------------------------------------ frame sizes */
/* The largest request payload the board accepts (the rx buffer). Reported in
 * CAPS max_payload. WIRE_MAX_PAYLOAD (1 MiB) is the protocol's maximum; a
 * board's RAM sets its own. */
#define GH_REF_MAX_PAYLOAD 16384u
#define GH_REF_MAX_CODE 65536u /* IMEM_ADDR is 16 bits */
/* Replies may be larger: a STATE payload is 33,192 bytes. */
#define GH_REF_TX_PAYLOAD 36864u

/* ------------------------------------------------------------ SYS */
#define GH_SYS_ID 0x00        /* RO 0x46524847 "GHRF" */
#define GH_SYS_VERSION 0x04   /* RO board revision (major << 16 | minor) */
#define GH_SYS_CLK_HZ 0x08    /* RO sys_clk frequency in Hz */
#define GH_SYS_CYCLE_LO 0x10  /* RO cycle counter bits 31..0; reading it latches bits 63..32 */
#define GH_SYS_CYCLE_HI 0x14  /* RO the latched bits 63..32 */
#define GH_SYS_TRAP_CAUSE 0x20 /* RW scratch the trap handler fills (mcause) */
#define GH_SYS_TRAP_EPC 0x24   /* RW (mepc) */
#define GH_SYS_TRAP_TVAL 0x28  /* RW (mtval) */
#define GH_SYS_TRAP_COUNT 0x2c /* RW traps since power-on (firmware increments) */
#define GH_SYS_RESET 0x30      /* WO write GH_SYS_RESET_KEY: reset the soft core and USB core */
#define GH_SYS_RESET_KEY 0x5eed0001u
#define GH_SYS_ID_VALUE 0x46524847u
#define GH_SYS_VERSION_EMULATED 0xe000u /* VERSION's major on the emulated board (gpu-usbemu) */

/* ------------------------------------------------------------ CRC-32 unit */
#define GH_CRC_VALUE 0x00  /* RW zlib-convention CRC: write the running value, read the result */
#define GH_CRC_DATA8 0x04  /* WO feeds bits 7..0 */
#define GH_CRC_DATA32 0x08 /* WO feeds 4 bytes, bits 7..0 first */

/* ------------------------------------------------------------ USB device core */
#define GH_USB_ID 0x00
#define GH_USB_CTRL 0x04
#define GH_USB_CTRL_CONNECT (1u << 0)   /* D+ pull-up: the host sees the device */
#define GH_USB_CTRL_EP1_RESET (1u << 1) /* self-clearing: flush EP1 FIFOs, clear stalls and toggles */
#define GH_USB_STATUS 0x08
#define GH_USB_STATUS_CONFIGURED (1u << 0)
#define GH_USB_STATUS_SUSPENDED (1u << 1)
#define GH_USB_STATUS_HIGH_SPEED (1u << 2)
#define GH_USB_INT 0x0c    /* RW1C interrupt flags */
#define GH_USB_INT_EN 0x10 /* RW interrupt enables (the irq line; gh-ref firmware polls) */
#define GH_USB_INT_BUS_RESET (1u << 0)
#define GH_USB_INT_CONFIG (1u << 1)
#define GH_USB_INT_OUT_READY (1u << 2)
#define GH_USB_INT_IN_EMPTY (1u << 3)
#define GH_USB_INT_HALT_CLEARED (1u << 4)
#define GH_USB_INT_SUSPEND (1u << 5)
#define GH_USB_OUT_STATUS 0x20
#define GH_USB_OUT_READY (1u << 0)
#define GH_USB_OUT_STALLED (1u << 1)
#define GH_USB_OUT_COUNT(s) (((s) >> 16) & 0x3ffu)
#define GH_USB_OUT_DATA 0x24
#define GH_USB_OUT_CTRL 0x28
#define GH_USB_OUT_RELEASE (1u << 0)
#define GH_USB_OUT_STALL (1u << 1)
#define GH_USB_OUT_UNSTALL (1u << 2)
#define GH_USB_IN_STATUS 0x30
#define GH_USB_IN_READY (1u << 0) /* a free packet buffer */
#define GH_USB_IN_STALLED (1u << 1)
#define GH_USB_IN_EMPTY (1u << 2) /* every committed packet has been sent */
#define GH_USB_IN_DATA 0x34
#define GH_USB_IN_CTRL 0x38
#define GH_USB_IN_COMMIT (1u << 16) /* with bits 9..0 = byte count (0 = zero-length packet) */
#define GH_USB_IN_STALL (1u << 17)
#define GH_USB_IN_UNSTALL (1u << 18)
#define GH_USB_MAX_PACKET 512u

/* ------------------------------------------------------------ DUT debug port */
#define GH_DBG_ID 0x00 /* RO 0x50444847 "GHDP" */
#define GH_DBG_ID_VALUE 0x50444847u
#define GH_DBG_CTRL 0x04
#define GH_DBG_CTRL_RST_N (1u << 0) /* 0 holds the DUT in reset (the power-on value) */
#define GH_DBG_CTRL_RUN (1u << 1)   /* the `run` level */
#define GH_DBG_CMD 0x08             /* WO one-cycle pulses */
#define GH_DBG_CMD_LAUNCH (1u << 0)
#define GH_DBG_CMD_STEP (1u << 1)
#define GH_DBG_CMD_IMEM_WRITE (1u << 2) /* imem_we with IMEM_ADDR/DATA; IMEM_ADDR then += 1 */
#define GH_DBG_STATUS 0x0c
#define GH_DBG_ST_BUSY (1u << 0)
#define GH_DBG_ST_DONE (1u << 1)
#define GH_DBG_ST_MEM_REQ (1u << 2)
#define GH_DBG_ST_RT_VALID (1u << 3)
#define GH_DBG_ST_BD_BUSY (1u << 4)
#define GH_DBG_LAUNCH_WARPS 0x10
#define GH_DBG_LAUNCH_ENTRY_LO 0x14
#define GH_DBG_LAUNCH_ENTRY_HI 0x18
#define GH_DBG_IMEM_ADDR 0x20
#define GH_DBG_IMEM_DATA0 0x24 /* ..DATA3 at 0x30: bits 31..0 .. 127..96 */
#define GH_DBG_RT_HEAD 0x40    /* RO kind 2..0, warp 14..8, index 23..16, lane 28..24, valid 31 */
#define GH_DBG_RT_STATUS 0x44
#define GH_DBG_RT_PC_LO 0x48
#define GH_DBG_RT_PC_HI 0x4c
#define GH_DBG_RT_INSN0 0x50 /* ..INSN3 at 0x5c */
#define GH_DBG_RT_MASK_A 0x60
#define GH_DBG_RT_MASK_B 0x64
#define GH_DBG_RT_DATA 0x68
#define GH_DBG_RT_POP 0x6c   /* WO any value: drop the head beat */
#define GH_DBG_RT_COUNT 0x70 /* RO beats held */
#define GH_DBG_MEM_REQ 0x80  /* RO pending 0, we 1, space 2, bank 12..8 */
#define GH_DBG_MEM_ADDR_LO 0x84
#define GH_DBG_MEM_ADDR_HI 0x88
#define GH_DBG_MEM_WDATA 0x8c
#define GH_DBG_MEM_RDATA 0x90 /* WO load data for the next MEM_ACK */
#define GH_DBG_MEM_ACK 0x94   /* WO bit 0 ack, bit 1 err */
#define GH_DBG_BD_CMD 0xa0    /* RW we 0, space 7..4, warp 14..8, index 23..16, lane 28..24; a write starts it */
#define GH_DBG_BD_WDATA 0xa4
#define GH_DBG_BD_RDATA 0xa8

/* Retire beat kinds (rt_kind) and END status (rt_status). */
enum { GH_RT_HEAD, GH_RT_GPR, GH_RT_PRED, GH_RT_UR, GH_RT_UPRED, GH_RT_MEM, GH_RT_END };
/* Backdoor spaces (bd_space). */
enum {
    GH_BD_GPR = 0,
    GH_BD_PRED = 1,
    GH_BD_UR = 2,
    GH_BD_UPRED = 3,
    GH_BD_PC_LO = 4,
    GH_BD_PC_HI = 5,
    GH_BD_STATUS = 6,
    GH_BD_CAP = 8,
    GH_BD_FAULT = 9,
};

/* The board's link and DUT state. */
typedef struct {
    uint32_t ticks_per_ms;
    int configured;
} gh_ref_link;

typedef struct {
    uint32_t cap_warps;  /* CAP_WARPS, read at init */
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
