/* boards/gh-ref/fw: the gh-ref board's firmware. The target-independent core
 * (fw/core) serves the wire protocol over the board's HAL
 * (boards/gh-ref/hal.c) from static buffers; nothing is allocated. */
#include <stdint.h>

#include "fw/fw.h"
#include "hal.h"

/* A STATE reply: u16 warp, u16 pad, u32 exited, u32 waiting, 32 PCs, 255 x 32
 * GPRs, 7 predicate masks, 63 URs, the uniform predicate mask. */
#define STATE_PAYLOAD (12u + 8u * 32u + 4u * 255u * 32u + 4u * 7u + 4u * 63u + 4u)
_Static_assert(GH_REF_TX_PAYLOAD >= STATE_PAYLOAD, "the tx buffer must hold a STATE reply");
_Static_assert(GH_REF_MAX_PAYLOAD <= WIRE_MAX_PAYLOAD, "a board cannot exceed the protocol maximum");

#define WATCHDOG_CYCLES 10000000u /* per instruction: 667 ms at the ECPIX-5's 15 MHz */
#define IDLE_POLL_MS 100u

/* The frame and STATE buffers (85 KiB) live in SDRAM: RAM is 8 KiB. */
static uint8_t rx[WIRE_HEADER_SIZE + GH_REF_MAX_PAYLOAD] GH_REF_SDRAM_BUFFER;
static uint8_t tx[WIRE_HEADER_SIZE + GH_REF_TX_PAYLOAD] GH_REF_SDRAM_BUFFER;
static wire_state state GH_REF_SDRAM_BUFFER;
static gh_ref_link link;
static gh_ref_dut dut;

int main(void);
void gh_ref_trap(uint32_t cause, uint32_t epc, uint32_t tval) __attribute__((noreturn));

/* Deliberately broken builds (GH_REF_FW_BROKEN, test images only: the
 * emulator must turn each into a crash report): the first frame received
 * meets an illegal instruction (1), a loop that never touches a register
 * (2), a recursion that runs the stack into .bss (3), a load from an
 * unmapped address (4) or a misaligned load (5). */
#ifndef GH_REF_FW_BROKEN
#define GH_REF_FW_BROKEN 0
#endif
#if GH_REF_FW_BROKEN
int broken_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms);
int broken_deep(volatile uint32_t n);

int broken_deep(volatile uint32_t n)
{
    volatile uint32_t pad[64];
    pad[0] = n;
    return n ? broken_deep(n - 1) + (int)pad[0] : 0;
}

int broken_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    int rc = gh_ref_link_ops.recv(ctx, buf, cap, len, timeout_ms);
    if (rc == 0 && GH_REF_FW_BROKEN == 1)
        __asm__ volatile(".2byte 0"); /* the all-zero halfword: illegal on every RISC-V */
    if (rc == 0 && GH_REF_FW_BROKEN == 2)
        for (volatile uint32_t spin = 0;; spin++)
            ;
    if (rc == 0 && GH_REF_FW_BROKEN == 3)
        rc = broken_deep(100000) == 1 ? rc : rc;
    if (rc == 0 && GH_REF_FW_BROKEN == 4)
        rc = (int)*(volatile uint32_t *)(uintptr_t)0x50000000u == 1 ? rc : rc; /* nothing is mapped there */
    if (rc == 0 && GH_REF_FW_BROKEN == 5) {
        uintptr_t at = GH_REF_RAM_BASE + 2u;
        __asm__("" : "+r"(at)); /* an address the compiler cannot see, so it emits one lw */
        rc = (int)*(volatile uint32_t *)at == 1 ? rc : rc;
    }
    return rc;
}

static const fw_link_ops link_ops = {.recv = broken_recv, .send = NULL};
#endif

int main(void)
{
    if (gh_ref_init(&link, &dut) != 0) {
        /* not a gh-ref bitstream, or the DUT does not leave reset: stay off the bus */
        for (;;)
            ;
    }
#if GH_REF_FW_BROKEN
    fw_link_ops broken = link_ops;
    broken.send = gh_ref_link_ops.send;
    const fw_link_ops *ops = &broken;
#else
    const fw_link_ops *ops = &gh_ref_link_ops;
#endif
    fw_core core = {
        .link = ops,
        .link_ctx = &link,
        .dut = &gh_ref_dut_ops,
        .dut_ctx = &dut,
        .watchdog_cycles = WATCHDOG_CYCLES,
        .idle_timeout_ms = IDLE_POLL_MS,
        .rx = rx,
        .rx_cap = sizeof rx,
        .tx = tx,
        .tx_cap = sizeof tx,
        .state_buf = &state,
    };
    for (;;) {
        gh_ref_link_wait(&link);
        fw_serve(&core);         /* returns when the host resets, reconfigures or stops reading */
        gh_ref_link_reset(&link); /* the DUT keeps its state: a host may reconnect and read it */
    }
}

/* Any exception: record it where a debugger (or the next boot) can read it,
 * then reset the soft core; the host sees the device re-enumerate. */
void gh_ref_trap(uint32_t cause, uint32_t epc, uint32_t tval)
{
    volatile uint32_t *sys = (volatile uint32_t *)(uintptr_t)GH_REF_SYS_BASE;
    sys[GH_SYS_TRAP_CAUSE / 4] = cause;
    sys[GH_SYS_TRAP_EPC / 4] = epc;
    sys[GH_SYS_TRAP_TVAL / 4] = tval;
    sys[GH_SYS_TRAP_COUNT / 4] = sys[GH_SYS_TRAP_COUNT / 4] + 1;
    sys[GH_SYS_RESET / 4] = GH_SYS_RESET_KEY;
    for (;;)
        ;
}
