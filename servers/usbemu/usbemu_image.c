/* gpu-usbemu: the rv32 image's side of the board (ghemu): the USB core's
 * host-side callbacks over the board's queues, start-up and the cost figures. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "usbemu_board.h"

/* ---------------------------------------------------------------- the rv32 image's USB core */
#ifdef USBEMU_HAVE_IMAGE
#include "ghemu.h"

#define IN_QUEUE_FRAMES 4 /* IN transfers the host side buffers before the core stops taking packets */

static void deadline_in(struct timespec *until, uint32_t us)
{
    clock_gettime(CLOCK_REALTIME, until);
    until->tv_nsec += (long)us * 1000L;
    while (until->tv_nsec >= 1000000000L)
        until->tv_sec++, until->tv_nsec -= 1000000000L;
}

static int img_out_packet(void *ctx, uint8_t *buf, uint32_t wait_us)
{
    board *b = ctx;
    struct timespec until;
    deadline_in(&until, wait_us);
    pthread_mutex_lock(&b->mu);
    while (!b->rx_head && !b->gone && !b->closing && wait_us)
        if (pthread_cond_timedwait(&b->cv, &b->mu, &until) != 0)
            break;
    int n = -1;
    frame *f = b->gone || b->closing ? NULL : b->rx_head;
    if (f) {
        if (!(b->rx_head = f->next))
            b->rx_tail = NULL;
        n = (int)(f->len < USBEMU_MAX_PACKET ? f->len : USBEMU_MAX_PACKET);
        memcpy(buf, f->bytes, (size_t)n);
        free(f);
    }
    pthread_mutex_unlock(&b->mu);
    return n;
}

static int img_in_transfer(void *ctx, const uint8_t *buf, size_t len)
{
    return usbemu_link_send(ctx, buf, len);
}

static size_t queued_frames(const board *b)
{
    size_t n = 0;
    for (const frame *f = b->tx_head; f; f = f->next)
        n++;
    return n;
}

static bool img_in_ready(void *ctx, uint32_t wait_us)
{
    board *b = ctx;
    struct timespec until;
    deadline_in(&until, wait_us);
    pthread_mutex_lock(&b->mu);
    while (queued_frames(b) >= IN_QUEUE_FRAMES && !b->gone && !b->closing && wait_us)
        if (pthread_cond_timedwait(&b->cv, &b->mu, &until) != 0)
            break;
    bool ready = queued_frames(b) < IN_QUEUE_FRAMES || b->gone || b->closing; /* a gone device takes anything */
    pthread_mutex_unlock(&b->mu);
    return ready;
}

static bool img_in_empty(void *ctx)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    bool empty = !b->tx_head;
    pthread_mutex_unlock(&b->mu);
    return empty;
}

static uint32_t img_events(void *ctx, bool *configured)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    uint32_t ev = b->usb_events;
    b->usb_events = 0;
    *configured = !b->gone && !b->closing;
    pthread_mutex_unlock(&b->mu);
    return ev;
}

/* The image crashed: the board leaves the bus, so the host's transfers end at once. */
static void img_crashed(void *ctx)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    b->gone = true;
    b->unplug_requested = true;
    usbemu_pump(b);
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->mu);
    usbemu_wake(b->bed);
}

static void img_connect(void *ctx, bool on)
{
    usbemu_set_connected(ctx, on);
}

/* The USB core's host side over the board's queues, for ghemu and ghsoc alike. */
static ghemu_usb_host usb_host(board *b)
{
    return (ghemu_usb_host){.ctx = b, .out_packet = img_out_packet, .in_transfer = img_in_transfer,
                            .in_ready = img_in_ready, .in_empty = img_in_empty, .events = img_events,
                            .crashed = img_crashed, .connect = img_connect};
}

int usbemu_image_start(board *b, char *err, size_t errlen)
{
    const image_options *o = &b->bed->o.image_opts;
    ghemu_config cfg = {.image = o->path, .name = b->serial, .clk_hz = o->clk_hz,
                        .max_insns = o->max_insns, .spin_insns = o->spin_insns,
                        .dut = usbemu_dut_ops(&b->dut), .dut_ctx = &b->dut, .no_trap_lane = o->no_trap_lane,
                        .usb = usb_host(b)};
    b->emu = ghemu_new(&cfg, err, errlen);
    return b->emu ? 0 : -1;
}

#ifdef USBEMU_HAVE_GATEWARE
#include "ghsoc.h"

int usbemu_gateware_start(board *b, char *err, size_t errlen)
{
    const image_options *o = &b->bed->o.image_opts;
    ghsoc_config cfg = {.image = o->path, .name = b->serial, .max_cycles = o->max_insns, .usb = usb_host(b),
                        .wave = b->index == 0 ? o->wave : NULL, .wave_at = o->wave_at,
                        .wave_window = o->wave_window, .wave_windowed = o->wave_windowed,
                        .fault_kind = (uint8_t)b->bed->o.dut_fault.kind, .fault_at = (uint32_t)b->bed->o.dut_fault.at,
                        .fault_param = (uint8_t)b->bed->o.dut_fault.param, .stress = b->bed->o.stress};
    b->soc = ghsoc_new(&cfg, err, errlen);
    return b->soc ? 0 : -1;
}

/* The gateware's measured cost: sys_clk cycles between back-to-back STEPs. */
void usbemu_gateware_report(board *b)
{
    ghsoc_stats st;
    ghsoc_get_stats(b->soc, &st);
    usbemu_say("board %s: gateware: %llu cycles, %llu warp-instructions stepped, %llu OUT packets, %llu IN transfers",
               b->serial, (unsigned long long)st.cycles, (unsigned long long)st.steps,
               (unsigned long long)st.out_packets, (unsigned long long)st.in_transfers);
    if (!st.step_gaps)
        return;
    double n = (double)st.step_gaps;
    usbemu_say("board %s: gateware: %.0f cycles per warp-instruction (measured over %llu back-to-back steps; "
               "at 50 MHz: %.0f warp-instructions/s)",
               b->serial, (double)st.step_cycles / n, (unsigned long long)st.step_gaps,
               50e6 * n / (double)st.step_cycles);
    usbemu_say("board %s: gateware: of them the soft core waited %.0f for %.1f instruction-cache line fills, "
               "and for data %.0f for %.1f RAM accesses, %.0f for %.1f SDRAM, %.0f for %.1f register accesses, "
               "%.0f in ROM",
               b->serial, (double)st.step_fetch / n, (double)st.step_fills / n, (double)st.step_ram / n,
               (double)st.step_ram_accesses / n, (double)st.step_sdram / n, (double)st.step_sdram_accesses / n,
               (double)st.step_regs / n, (double)st.step_reg_accesses / n, (double)st.step_rom / n);
}
#endif

/* The cost figures: rv32 instructions per warp-instruction and per URB, and
 * what the board would do at its clock if the firmware were the limit. */
void usbemu_image_report(board *b)
{
    ghemu_stats st;
    ghemu_get_stats(b->emu, &st);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)(now.tv_sec - b->started.tv_sec) + (double)(now.tv_nsec - b->started.tv_nsec) / 1e9;
    double busy = (double)(st.insns - st.idle_insns);
    usbemu_say("board %s: rv32 image: %llu instructions (%llu polling an idle host), %llu register accesses, %llu cycles "
        "(%llu waiting for the host)",
        b->serial, (unsigned long long)st.insns, (unsigned long long)st.idle_insns, (unsigned long long)st.mmio,
        (unsigned long long)st.cycles, (unsigned long long)st.idle_cycles);
    if (st.step_gaps) { /* the cycle counter between steps: the core's instructions, its polling of a BUSY DMA
                           engine among them; the engine's transfers run beside it */
        double per = (double)st.step_insns / (double)st.step_gaps;
        double dma = (double)st.step_dma_cycles / (double)st.step_gaps;
        double wait = (double)st.step_dma_wait / (double)st.step_gaps;
        usbemu_say("board %s: %llu warp-instructions retired: %.0f rv32 instructions per warp-instruction "
            "(DMA: %.0f cycles beside the core, %.0f waited for); projected at %.0f MHz (1 instruction a cycle, "
            "cycles elapsed): %.0f warp-instructions/s firmware-bound (emulated here: %.0f/s)",
            b->serial, (unsigned long long)st.retired, per, dma, wait, b->bed->o.image_opts.clk_hz / 1e6,
            b->bed->o.image_opts.clk_hz / per, secs > 0 ? (double)st.retired / secs : 0.0);
    }
    if (st.step_gaps) { /* what the same work costs on the gateware: the events it waits for, at measured costs */
        double n = (double)st.step_gaps;
        usbemu_say("board %s: on the gateware (projected, servers/usbemu/ghemu/ghemu_cost.c): %.0f cycles per "
            "warp-instruction: %.1f instruction-cache line fills, %.1f RAM, %.1f SDRAM and %.1f register accesses",
            b->serial, (double)st.step_gateware / n, (double)st.step_events.line_fills / n,
            (double)st.step_events.ram / n, (double)st.step_events.sdram / n, (double)st.step_events.registers / n);
    }
    usbemu_say("board %s: DMA engine: %llu transfers, %llu bytes, %llu cycles (%llu waited for), %llu refused",
        b->serial, (unsigned long long)st.dma_transfers, (unsigned long long)st.dma_bytes,
        (unsigned long long)st.dma_cycles, (unsigned long long)st.dma_wait_cycles, (unsigned long long)st.dma_refused);
    usbemu_say("board %s: IN frame sender: %llu frames sent, %llu refused", b->serial,
        (unsigned long long)st.frames_sent, (unsigned long long)st.frames_refused);
    if (b->urbs)
        usbemu_say("board %s: %lu URBs (%llu OUT packets, %llu IN transfers): %.0f rv32 instructions per URB "
            "(busy instructions / URBs)",
            b->serial, b->urbs, (unsigned long long)st.out_packets, (unsigned long long)st.in_transfers,
            busy / (double)b->urbs);
    usbemu_say("board %s: firmware functions executed: %u of %u (%.1f%%)", b->serial, st.funcs_run, st.funcs,
        st.funcs ? 100.0 * st.funcs_run / st.funcs : 0.0);
    ghemu_function_cost top[12];
    size_t n = ghemu_profile(b->emu, top, sizeof top / sizeof top[0]);
    for (size_t i = 0; i < n && st.retired; i++) /* where a warp-instruction's cost goes */
        usbemu_say("board %s: profile: %8.1f rv32 instructions per warp-instruction (%4.1f%% of all) in %s",
            b->serial, (double)top[i].insns / (double)st.retired, st.insns ? 100.0 * top[i].insns / st.insns : 0.0,
            top[i].name);
}
#endif
