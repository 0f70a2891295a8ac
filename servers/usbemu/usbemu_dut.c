/* gpu-usbemu: the DUT behind the firmware: the model or the Verilated core,
 * with the hang fault in front (the pass-through base, dut_pass.h, with step
 * replaced). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "usbemu_board.h"
#ifdef USBEMU_HAVE_RTL
#include "dut_rtl.h"
#endif

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

#ifdef USBEMU_HAVE_RTL
static int rtl_init(board *b, const usbemu_opts *o, int *status)
{
    const fw_fault_spec *f = &o->dut_fault;
    fw_dut_rtl_config cfg = {.fault_kind = f->kind, .fault_at = (uint32_t)f->at, .fault_param = f->param,
                             .stress = o->stress};
    fw_dut_rtl *rtl = calloc(1, sizeof *rtl);
    if (!rtl) {
        usbemu_say("out of memory");
        return -1;
    }
    if (fw_dut_rtl_init(rtl, &cfg) != 0) {
        usbemu_say("board %s: the Verilated core: %s", b->serial, rtl->error);
        if (rtl->refused)
            *status = 2; /* --fault for a core without fault registers: a usage error */
        free(rtl);
        return -1;
    }
    b->dut.rtl = rtl;
    b->dut.pass = (fw_dut_pass){&fw_dut_rtl_ops, rtl};
    if (b->index == 0 && o->verbose) {
        char setting[RTL_STRESS_TEXT_MAX];
        rtl_stress_format(&o->stress, setting, sizeof setting);
        usbemu_say("DUT: the Verilated core (%u warps)%s%s", rtl->cap_warps,
                   o->stressed ? ", its handshakes stressed: " : "", o->stressed ? setting : "");
    }
    return 0;
}
#endif

int usbemu_dut_init(board *b, const usbemu_opts *o, int *status)
{
    emu_dut *d = &b->dut;
    d->hang = o->fault_usb == USBEMU_FAULT_HANG;
    d->hang_after = o->fault_n;
    if (o->dut == DUT_RTL) {
#ifdef USBEMU_HAVE_RTL
        return rtl_init(b, o, status);
#else
        (void)status;
        return -1; /* refused with the options (usbemu_main.c) */
#endif
    }
    if (fw_dut_model_init(&d->model) != 0)
        return -1;
    d->model.fault_kind = o->dut_fault.kind, d->model.fault_at = o->dut_fault.at;
    d->model.fault_param = o->dut_fault.param;
    d->pass = (fw_dut_pass){&fw_dut_model_ops, &d->model};
    return 0;
}

void usbemu_dut_free(emu_dut *d)
{
    fw_dut_model_free(&d->model);
#ifdef USBEMU_HAVE_RTL
    if (d->rtl) {
        fw_dut_rtl_free(d->rtl);
        free(d->rtl);
        d->rtl = NULL;
    }
#endif
}

int usbemu_parse_dut(const char *s)
{
    if (strcmp(s, "model") == 0)
        return DUT_MODEL;
    if (strcmp(s, "rtl") == 0)
        return DUT_RTL;
    return -1;
}
