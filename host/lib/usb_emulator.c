/* libgpuhost: a usb board whose descriptor names an emulator (gpu-usbemu).
 * Opening it starts the emulator in serve mode for this target, with the
 * descriptor's emulator_dut and emulator_firmware and the run's fault and
 * stress options; the board is then on an emulated bus that libusb in this
 * process sees through umockdev's preload library, with UMOCKDEV_DIR naming
 * the emulator's testbed while the target is open. gpuhost never includes
 * or links the emulator: it runs it by path, as it runs servers. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "backend.h"
#include "usb_emulator.h"

#define PRELOAD "libumockdev-preload.so.0"

/* Whether umockdev's preload library is loaded in this process: libusb sees
 * an emulated device only through it (it passes everything through unless
 * UMOCKDEV_DIR is set). Asked of the loader, not of ioctl's address: under
 * a sanitizer ioctl resolves to its interceptor, which calls on to it. */
static bool preload_loaded(void)
{
    void *h = dlopen(PRELOAD, RTLD_NOW | RTLD_NOLOAD);
    if (h)
        dlclose(h);
    return h != NULL;
}

/* One emulated target at a time: UMOCKDEV_DIR is the process's. */
static bool emulated_open;

int gh__emulator_check(const gh_board *b, char *err, size_t errlen)
{
    if (strcmp(b->emulator, "gpu-usbemu") != 0) {
        snprintf(err, errlen, "board %s: unknown emulator '%s' (gpuhost starts gpu-usbemu)", b->name, b->emulator);
        return GH_ERR_USAGE;
    }
    if (!preload_loaded()) {
        snprintf(err, errlen, "board %s is emulated (%s): libusb in this process sees its device only through "
                 "umockdev's preload library, which is not loaded: run with LD_PRELOAD=" PRELOAD
                 " (the gpuhost CLI has it linked in)", b->name, b->emulator);
        return GH_ERR_USAGE;
    }
    if (emulated_open) {
        snprintf(err, errlen, "board %s: another emulated board is open in this process (one at a time: "
                 "UMOCKDEV_DIR is the process's)", b->name);
        return GH_ERR_USAGE;
    }
    return 0;
}

int gh__emulator_start(gh_target *t, const gh_target_opts *o, bool *refused)
{
    const gh_board *b = &t->board;
    const char *program = gh_board_program(b->emulator);
    if (access(program, X_OK) != 0)
        return gh__fail(t, "the %s emulator %s is not built or not executable (umockdev missing when gpuhost was "
                        "built?)", b->name, program);
    char *args[20] = {NULL}; /* every option below (16 words at most) and the NULL that ends them */
    int n = 0;
    if (b->emulator_firmware[0]) {
        args[n++] = "--firmware";
        args[n++] = (char *)b->emulator_firmware;
    }
    if (b->emulator_dut[0]) {
        args[n++] = "--dut";
        args[n++] = (char *)b->emulator_dut;
    }
    if (o->fault) {
        args[n++] = "--fault";
        args[n++] = (char *)o->fault;
    }
    if (o->fault_usb) {
        args[n++] = "--fault-usb";
        args[n++] = (char *)o->fault_usb;
    }
    char at[32], window[32];
    if (o->wave) { /* the simulated gateware (the only emulated board that takes --wave: target.c) */
        snprintf(at, sizeof at, "%" PRIu64, o->wave_at);
        snprintf(window, sizeof window, "%" PRIu64, o->wave_window ? o->wave_window : 20);
        args[n++] = "--wave";
        args[n++] = (char *)o->wave;
        args[n++] = "--wave-window";
        args[n++] = window;
        args[n++] = "--wave-at";
        args[n++] = at;
    }
    if (t->stress[0]) { /* canonical: the emulator parses what the library parsed */
        args[n++] = "--stress";
        args[n++] = t->stress;
    }
    char dir[4096], err[512];
    int rc = gh_server_start_emulator(&t->emulator, program, args, dir, sizeof dir, err, sizeof err);
    if (rc != 0) {
        *refused = rc == GH_SERVER_REFUSED;
        return gh__fail(t, "%s", err);
    }
    t->own_emulator = true;
    const char *old = getenv("UMOCKDEV_DIR");
    t->had_umockdev_dir = old != NULL;
    if (old && !(t->old_umockdev_dir = strdup(old))) {
        gh__emulator_stop(t);
        return gh__fail(t, "out of memory");
    }
    setenv("UMOCKDEV_DIR", dir, 1);
    emulated_open = true;
    return 0;
}

void gh__emulator_stop(gh_target *t)
{
    if (!t->own_emulator)
        return;
    gh_server_stop(&t->emulator);
    if (emulated_open) {
        if (t->had_umockdev_dir)
            setenv("UMOCKDEV_DIR", t->old_umockdev_dir, 1);
        else
            unsetenv("UMOCKDEV_DIR");
    }
    free(t->old_umockdev_dir);
    t->old_umockdev_dir = NULL;
    t->own_emulator = false;
    emulated_open = false;
}
