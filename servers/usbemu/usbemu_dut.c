/* gpu-usbemu: the DUT behind the firmware: the model or the Verilated core,
 * with the hang fault in front (the pass-through base, dut_pass.h, with step
 * replaced). */
#define _GNU_SOURCE
#include <string.h>
#include <time.h>

#include "usbemu_board.h"

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
    return d->pass.inner->step(d->pass.inner_ctx, rec, watchdog);
}

const fw_dut_ops *usbemu_dut_ops(emu_dut *d)
{
    d->ops = fw_dut_pass_ops;
    d->ops.step = emu_step;
    return &d->ops;
}

int usbemu_parse_dut(const char *s)
{
    if (strcmp(s, "model") == 0)
        return DUT_MODEL;
    if (strcmp(s, "rtl") == 0)
        return DUT_RTL;
    return -1;
}
