/* gpu-usbemu: the DUT behind the firmware: the model or the Verilated core, with the hang fault. */
#define _GNU_SOURCE
#include <string.h>
#include <time.h>

#include "usbemu_board.h"

/* ---------------------------------------------------------------- the DUT */

/* Every operation goes to the chosen DUT; step has the hang fault in front. */
static void emu_caps(void *ctx, wire_caps *caps)
{
    emu_dut *d = ctx;
    d->ops->caps(d->ctx, caps);
}

static int emu_reset(void *ctx)
{
    emu_dut *d = ctx;
    return d->ops->reset(d->ctx);
}

static int emu_load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    emu_dut *d = ctx;
    return d->ops->load_code(d->ctx, index, lo, hi);
}

static int emu_load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    emu_dut *d = ctx;
    return d->ops->load_const(d->ctx, bank, offset, word);
}

static int emu_load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    emu_dut *d = ctx;
    return d->ops->load_mem(d->ctx, addr, word);
}

static int emu_launch(void *ctx, uint32_t warps, uint64_t entry)
{
    emu_dut *d = ctx;
    return d->ops->launch(d->ctx, warps, entry);
}

static int emu_write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                         const uint32_t *values)
{
    emu_dut *d = ctx;
    return d->ops->write_reg(d->ctx, warp, kind, index, lane_mask, values);
}

static int emu_read_state(void *ctx, uint16_t warp, wire_state *out)
{
    emu_dut *d = ctx;
    return d->ops->read_state(d->ctx, warp, out);
}

static int emu_read_mem(void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    emu_dut *d = ctx;
    return d->ops->read_mem(d->ctx, addr, out, len);
}

static int emu_written_pages(void *ctx, uint64_t from, uint64_t *pages, uint32_t max)
{
    emu_dut *d = ctx;
    return d->ops->written_pages(d->ctx, from, pages, max);
}

static int emu_step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    emu_dut *d = ctx;
    if (d->hang && d->steps >= d->hang_after) {
        usbemu_say("fault: the DUT stops retiring after %lu steps", (unsigned long)d->steps);
        struct timespec t = {0, 20 * 1000000L}; /* the watchdog's budget, briefly */
        nanosleep(&t, NULL);
        return FW_STEP_HUNG;
    }
    d->steps++;
    return d->ops->step(d->ctx, rec, watchdog);
}

static int emu_inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    emu_dut *d = ctx;
    return d->ops->inject(d->ctx, warp, lo, hi, rec);
}

const fw_dut_ops usbemu_dut_ops = {
    .caps = emu_caps,           .reset = emu_reset,         .load_code = emu_load_code,
    .load_const = emu_load_const, .load_mem = emu_load_mem, .launch = emu_launch,
    .write_reg = emu_write_reg, .read_state = emu_read_state, .read_mem = emu_read_mem,
    .written_pages = emu_written_pages, .step = emu_step,           .inject = emu_inject,
};

int usbemu_parse_dut(const char *s)
{
    if (strcmp(s, "model") == 0)
        return DUT_MODEL;
    if (strcmp(s, "rtl") == 0)
        return DUT_RTL;
    return -1;
}
