/* gpu-usbemu: the reference board on an emulated USB bus (see usbemu.h): the
 * testbed object, its private directory and its boards. The parts are listed
 * in usbemu_board.h; serving the testbed is usbemu_run.c.
 *
 * Threads: main (usbemu_run), umockdev's ioctl worker (runs
 * usbemu_handle_ioctl for every board), and one firmware thread per board
 * (the rv32 image under ghemu, or the host-compiled fw_serve). A board's
 * state is guarded by its mutex; its condition variable wakes the firmware
 * thread (a frame or packet arrived) and held reaps (a URB completed). The
 * stop signals are blocked in every thread: main takes them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <umockdev.h>
#include <unistd.h>

#include "janitor.h"
#include "usbemu_board.h"
#ifdef USBEMU_HAVE_IMAGE
#include "ghemu.h"
#endif
#ifdef USBEMU_HAVE_GATEWARE
#include "ghsoc.h"
#endif

void usbemu_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gpu-usbemu: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void usbemu_wake(usbemu *u)
{
    pthread_mutex_lock(&u->main_mu);
    pthread_cond_broadcast(&u->main_cv);
    pthread_mutex_unlock(&u->main_mu);
}

void usbemu_set_connected(board *b, bool on)
{
    pthread_mutex_lock(&b->bed->main_mu);
    b->connected = on;
    pthread_cond_broadcast(&b->bed->main_cv);
    pthread_mutex_unlock(&b->bed->main_mu);
}

static void *fw_thread(void *arg)
{
    board *b = arg;
#ifdef USBEMU_HAVE_GATEWARE
    if (b->gateware) {
        clock_gettime(CLOCK_MONOTONIC, &b->started);
        b->fw_rc = ghsoc_run(b->soc);
        return NULL;
    }
#endif
#ifdef USBEMU_HAVE_IMAGE
    if (b->image) {
        clock_gettime(CLOCK_MONOTONIC, &b->started);
        b->fw_rc = ghemu_run(b->emu);
        return NULL;
    }
#endif
    fw_core core = {.link = &usbemu_link_ops, .link_ctx = b, .dut = usbemu_dut_ops(&b->dut), .dut_ctx = &b->dut,
                    .watchdog_cycles = 1000000, .idle_timeout_ms = 200, .rx = b->rx, .tx = b->tx,
                    .rx_cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD, .tx_cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD,
                    .state_buf = b->state};
    b->fw_rc = fw_serve(&core);
    return NULL;
}

/* The board's udev record: its sysfs attributes and descriptors, and the
 * properties udev's usb_id gives a real one (labgrid's exporter reads them). */
static char *device_record(const board *b, int devnum)
{
    GString *hex = g_string_new(NULL);
    for (size_t i = 0; i < sizeof usbemu_device_descriptor; i++)
        g_string_append_printf(hex, "%02x", usbemu_device_descriptor[i]);
    for (size_t i = 0; i < sizeof usbemu_config_descriptor; i++)
        g_string_append_printf(hex, "%02x", usbemu_config_descriptor[i]);
    char *desc = g_strdup_printf("P: /devices/usb1/1-%d\n"
                                 "N: bus/usb/001/%03d\n"
                                 "E: SUBSYSTEM=usb\n"
                                 "E: DEVTYPE=usb_device\n"
                                 "E: DRIVER=usb\n"
                                 "E: BUSNUM=001\n"
                                 "E: DEVNUM=%03d\n"
                                 "E: DEVNAME=%s\n"
                                 "E: ID_BUS=usb\n"
                                 "E: ID_VENDOR_ID=%04x\n"
                                 "E: ID_MODEL_ID=%04x\n"
                                 "E: ID_SERIAL_SHORT=%s\n"
                                 "A: busnum=1\\n\n"
                                 "A: devnum=%d\\n\n"
                                 "A: bConfigurationValue=1\\n\n"
                                 "A: speed=480\\n\n"
                                 "A: idVendor=%04x\\n\n"
                                 "A: idProduct=%04x\\n\n"
                                 "A: serial=%s\\n\n"
                                 "H: descriptors=%s\n",
                                 b->index + 1, devnum, devnum, b->devnode, USBEMU_VID, USBEMU_PID, b->serial, devnum,
                                 USBEMU_VID, USBEMU_PID, b->serial, hex->str);
    g_string_free(hex, TRUE);
    return desc;
}

static int add_board(usbemu *u, board *b)
{
    int devnum = 5 + b->index;
    snprintf(b->devnode, sizeof b->devnode, "/dev/bus/usb/001/%03d", devnum);
    GError *error = NULL;
    if (!umockdev_testbed_attach_ioctl(u->tb, b->devnode, u->handler, &error)) {
        usbemu_say("cannot attach the ioctl handler to %s: %s", b->devnode, error ? error->message : "?");
        g_clear_error(&error);
        return -1;
    }
    char *desc = device_record(b, devnum);
    snprintf(b->syspath, sizeof b->syspath, "/sys/devices/usb1/1-%d", b->index + 1);
    bool ok = umockdev_testbed_add_from_string(u->tb, desc, &error);
    g_free(desc);
    if (!ok) {
        usbemu_say("cannot add the board to the testbed: %s", error ? error->message : "?");
        g_clear_error(&error);
        return -1;
    }
    return 0;
}

/* Board i: its DUT, its firmware (started), its device on the bus. */
static int board_start(usbemu *u, int i, int *status)
{
    board *b = &u->boards[i];
    const usbemu_opts *o = &u->o;
    b->bed = u;
    b->index = i;
    snprintf(b->serial, sizeof b->serial, USBEMU_SERIAL_PREFIX "%04d", i + 1);
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cv, NULL);
    b->fault_usb = o->fault_usb == USBEMU_FAULT_HANG ? USBEMU_FAULT_NONE : o->fault_usb;
    b->fault_n = o->fault_n;
    if (usbemu_dut_init(b, o, status) != 0)
        return -1;
    b->image = o->image;
    b->gateware = o->gateware;
#ifdef USBEMU_HAVE_GATEWARE
    char gw_err[256];
    if (b->gateware && usbemu_gateware_start(b, gw_err, sizeof gw_err) != 0) {
        usbemu_say("board %s: cannot build the simulated gateware: %s", b->serial, gw_err);
        return -1;
    }
#endif
#ifdef USBEMU_HAVE_IMAGE
    char err[256];
    if (b->image && !b->gateware && usbemu_image_start(b, err, sizeof err) != 0) {
        usbemu_say("board %s: cannot run the firmware image: %s", b->serial, err);
        return -1;
    }
    if (b->image && i == 0 && o->verbose)
        usbemu_say("board %s: %s executing on the emulated rv32imac soft core (Unicorn), %u Hz", b->serial,
                   o->image_opts.path, o->image_opts.clk_hz);
#endif
    b->rx = malloc(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD);
    b->tx = malloc(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD);
    b->state = malloc(sizeof *b->state);
    if (!b->rx || !b->tx || !b->state || add_board(u, b) != 0)
        return -1;
    if (pthread_create(&b->thread, NULL, fw_thread, b) != 0)
        return -1;
    b->thread_started = true;
    return 0;
}

void usbemu_board_stop(board *b)
{
    const usbemu_opts *o = &b->bed->o;
    if (b->stopped)
        return;
    b->stopped = true;
    pthread_mutex_lock(&b->mu);
    b->closing = true;
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->mu);
#ifdef USBEMU_HAVE_IMAGE
    if (b->emu)
        ghemu_stop(b->emu);
#endif
#ifdef USBEMU_HAVE_GATEWARE
    if (b->soc)
        ghsoc_stop(b->soc);
#endif
    if (b->thread_started)
        pthread_join(b->thread, NULL);
    b->thread_started = false;
#ifdef USBEMU_HAVE_GATEWARE
    if (b->soc && o->image_opts.stats)
        usbemu_gateware_report(b);
#endif
#ifdef USBEMU_HAVE_IMAGE
    if (b->emu && o->image_opts.stats)
        usbemu_image_report(b);
    if (b->emu && o->image_opts.coverage && ghemu_write_coverage(b->emu, o->image_opts.coverage) != 0)
        usbemu_say("cannot write the coverage to %s", o->image_opts.coverage);
#endif
    if (!o->verbose)
        return;
    usbemu_say("board %s: %lu ioctls, %lu URBs submitted, %lu reaped, %lu empty reaps (%lu held), %lu frames sent",
               b->serial, b->ioctls, b->urbs, b->reaps, b->empty_reaps_total, b->held_reaps,
               (unsigned long)b->frames_out);
    for (int n = 0; n < 64; n++)
        if (b->by_nr[n])
            usbemu_say("  ioctl U/%d: %lu", n, b->by_nr[n]);
}

static void board_free(board *b)
{
    usbemu_free_frames(&b->rx_head, &b->rx_tail);
    free(b->asm_buf);
    free(b->rx), free(b->tx), free(b->state);
    usbemu_dut_free(&b->dut);
#ifdef USBEMU_HAVE_IMAGE
    ghemu_free(&b->emu);
#endif
#ifdef USBEMU_HAVE_GATEWARE
    ghsoc_free(&b->soc);
#endif
}

/* The testbed lives in a private TMPDIR, its janitor removing it however
 * gpu-usbemu ends: nothing is left behind in the caller's. */
static int private_tmpdir(usbemu *u)
{
    const char *base = getenv("TMPDIR");
    u->old_tmpdir = base ? g_strdup(base) : NULL;
    u->tmpdir = g_strdup_printf("%s/gpu-usbemu.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(u->tmpdir)) {
        usbemu_say("cannot create a private directory %s: %s", u->tmpdir, strerror(errno));
        g_free(u->tmpdir);
        u->tmpdir = NULL;
        return -1;
    }
    setenv("TMPDIR", u->tmpdir, 1);
    /* umockdev (0.17) starts its worker thread, whose GLib reads the
     * environment, before it sets UMOCKDEV_DIR: adding a variable then moves
     * the environment's array under that reader (getenv crashed under ASan).
     * Made here, before any thread, its setenv only replaces a value. */
    if (!getenv("UMOCKDEV_DIR"))
        setenv("UMOCKDEV_DIR", u->tmpdir, 1);
    char err[256];
    if (fw_janitor_start(u->tmpdir, err, sizeof err) != 0) { /* before any thread */
        usbemu_say("cannot watch the private directory %s: %s", u->tmpdir, err);
        return -1;
    }
    return 0;
}

static UMockdevTestbed *testbed_left_to_exit; /* usbemu_destroy */

usbemu *usbemu_new(const usbemu_opts *o, int *status)
{
    *status = 125;
    usbemu *u = calloc(1, sizeof *u);
    if (!u) {
        usbemu_say("out of memory");
        return NULL;
    }
    u->o = *o;
    pthread_mutex_init(&u->main_mu, NULL);
    pthread_cond_init(&u->main_cv, NULL);
    /* timer slack 1 ns: the many short waits of the emulation otherwise round up to 50 us
     * (inherited by the program under test) */
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    if (private_tmpdir(u) != 0) {
        usbemu_destroy(&u);
        return NULL;
    }
    sigemptyset(&u->stops);
    sigaddset(&u->stops, SIGINT), sigaddset(&u->stops, SIGTERM), sigaddset(&u->stops, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &u->stops, NULL); /* before umockdev's and the firmware's threads */
    void *preload = dlopen("libumockdev-preload.so.0", RTLD_NOW | RTLD_NOLOAD);
    u->udev_events = preload != NULL;
    if (preload)
        dlclose(preload);
    u->tb = umockdev_testbed_new();
    u->handler = umockdev_ioctl_base_new();
    g_signal_connect(u->handler, "handle-ioctl", G_CALLBACK(usbemu_handle_ioctl), u);
    g_signal_connect(u->handler, "client-vanished", G_CALLBACK(usbemu_on_client_vanished), u);
    for (int i = 0; i < o->boards; i++)
        if (board_start(u, i, status) != 0) {
            usbemu_destroy(&u);
            return NULL;
        }
    return u;
}

void usbemu_destroy(usbemu **up)
{
    usbemu *u = up ? *up : NULL;
    if (!u)
        return;
    for (int i = 0; i < u->o.boards; i++)
        if (u->boards[i].thread_started)
            usbemu_board_stop(&u->boards[i]);
    for (int i = 0; i < u->o.boards; i++) {
        board *b = &u->boards[i];
        if (!b->bed)
            continue;
        pthread_mutex_lock(&b->mu);
        usbemu_client_gone(b, NULL);
        pthread_mutex_unlock(&b->mu);
        if (b->devnode[0])
            umockdev_testbed_detach_ioctl(u->tb, b->devnode, NULL);
    }
    if (u->handler)
        g_object_unref(u->handler);
    /* The testbed is not finalized: its finalizer unsets UMOCKDEV_DIR while
     * umockdev's own thread may still be reading the environment (getenv
     * crashed under ASan, a board that failed at once). gpu-usbemu ends right
     * after this; the testbed's files go with the private TMPDIR below. Kept
     * at file scope, it stays reachable for the leak checker. */
    testbed_left_to_exit = u->tb;
    for (int i = 0; i < u->o.boards; i++)
        if (u->boards[i].bed)
            board_free(&u->boards[i]);
    if (u->tmpdir)
        fw_remove_tree(u->tmpdir);
    g_free(u->tmpdir);
    g_free(u->old_tmpdir);
    free(u);
    *up = NULL;
}
