/* gpu-usbemu: the reference board on an emulated USB bus (see usbemu.h): the
 * testbed, the boards and the process main. The parts are listed in
 * usbemu_board.h.
 *
 * Threads: main (spawns and reaps the program under test, unplugs boards on
 * request), umockdev's ioctl worker (runs usbemu_handle_ioctl for every
 * board), and one firmware thread per board (the rv32 image under ghemu, or
 * the host-compiled fw_serve). A board's state is guarded by its mutex; its
 * condition variable wakes the firmware thread (a frame or packet arrived)
 * and held reaps (a URB completed). */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <linux/usbdevice_fs.h>
#include <sys/ioctl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

#include "fault_spec.h"
#include "janitor.h"
#include "stress.h"
#include "usbemu_board.h"

board usbemu_boards[MAX_BOARDS];
int usbemu_board_count = 1;
bool usbemu_verbose;
pthread_mutex_t usbemu_main_mu = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t usbemu_main_cv = PTHREAD_COND_INITIALIZER;
static volatile sig_atomic_t pending_signal;
#define USBEMU_CONNECT_LIMIT_S 120

void usbemu_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gpu-usbemu: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void *fw_thread(void *arg)
{
    board *b = arg;
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

/* ---------------------------------------------------------------- the testbed */

/* An image board that has neither connected nor crashed yet. */
static bool board_waits(board *b)
{
    pthread_mutex_lock(&b->mu);
    bool gone = b->gone;
    pthread_mutex_unlock(&b->mu);
    pthread_mutex_lock(&usbemu_main_mu);
    bool connected = b->connected;
    pthread_mutex_unlock(&usbemu_main_mu);
    return b->image && !connected && !gone;
}

/* A board is seen on USB once its firmware connects (USB.CTRL CONNECT, the
 * D+ pull-up): the program starts then, so that no request timeout of its
 * counts the image's boot on a loaded machine. A crashed image is left to
 * the program to find (its device is gone). 0, or -1 said. */
static int wait_connected(void)
{
    for (int i = 0; i < usbemu_board_count; i++) {
        board *b = &usbemu_boards[i];
        for (int slice = 0; board_waits(b); slice++) {
            if (pending_signal)
                return -1;
            if (slice == USBEMU_CONNECT_LIMIT_S * 100) {
                usbemu_say("board %s: the firmware image did not connect to USB within %d s", b->serial,
                    USBEMU_CONNECT_LIMIT_S);
                return -1;
            }
            struct timespec until; /* woken at once by a connect; the slices watch for signals */
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 10 * 1000000L;
            if (until.tv_nsec >= 1000000000L)
                until.tv_sec++, until.tv_nsec -= 1000000000L;
            pthread_mutex_lock(&usbemu_main_mu);
            if (!b->connected)
                pthread_cond_timedwait(&usbemu_main_cv, &usbemu_main_mu, &until);
            pthread_mutex_unlock(&usbemu_main_mu);
        }
    }
    return 0;
}

static int add_board(UMockdevTestbed *tb, UMockdevIoctlBase *handler, board *b)
{
    int devnum = 5 + b->index;
    snprintf(b->devnode, sizeof b->devnode, "/dev/bus/usb/001/%03d", devnum);
    GError *error = NULL;
    if (!umockdev_testbed_attach_ioctl(tb, b->devnode, handler, &error)) {
        usbemu_say("cannot attach the ioctl handler to %s: %s", b->devnode, error ? error->message : "?");
        g_clear_error(&error);
        return -1;
    }
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
                                 "E: ID_SERIAL_SHORT=%s\n"
                                 "A: busnum=1\\n\n"
                                 "A: devnum=%d\\n\n"
                                 "A: bConfigurationValue=1\\n\n"
                                 "A: speed=480\\n\n"
                                 "A: idVendor=%04x\\n\n"
                                 "A: idProduct=%04x\\n\n"
                                 "A: serial=%s\\n\n"
                                 "H: descriptors=%s\n",
                                 b->index + 1, devnum, devnum, b->devnode, b->serial, devnum, USBEMU_VID,
                                 USBEMU_PID, b->serial, hex->str);
    g_string_free(hex, TRUE);
    snprintf(b->syspath, sizeof b->syspath, "/sys/devices/usb1/1-%d", b->index + 1);
    bool ok = umockdev_testbed_add_from_string(tb, desc, &error);
    g_free(desc);
    if (!ok) {
        usbemu_say("cannot add the board to the testbed: %s", error ? error->message : "?");
        g_clear_error(&error);
        return -1;
    }
    return 0;
}

static void on_signal(int sig)
{
    pending_signal = sig;
}

static int parse_usb_fault(const char *s, int *kind, uint64_t *n)
{
    static const struct {
        const char *name;
        int kind;
        uint64_t n;
    } kinds[] = {{"unplug", USBEMU_FAULT_UNPLUG, 12},  {"stall", USBEMU_FAULT_STALL, 12},
                 {"stall-always", USBEMU_FAULT_STALL_ALWAYS, 12}, {"corrupt", USBEMU_FAULT_CORRUPT, 12},
                 {"drop", USBEMU_FAULT_DROP, 2},       {"version", USBEMU_FAULT_VERSION, 1},
                 {"hang", USBEMU_FAULT_HANG, 100}};
    const char *colon = strchr(s, ':');
    size_t len = colon ? (size_t)(colon - s) : strlen(s);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strlen(kinds[i].name) != len || strncmp(s, kinds[i].name, len) != 0)
            continue;
        *kind = kinds[i].kind;
        *n = kinds[i].n;
        if (colon) {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(colon + 1, &end, 0);
            if (errno || *end || !isdigit((unsigned char)colon[1]) || (v == 0 && kinds[i].kind != USBEMU_FAULT_HANG))
                return -1;
            *n = v;
        }
        return 0;
    }
    return -1;
}

static void usage(FILE *f)
{
    fputs("usage: gpu-usbemu [--boards N] [--dut model|rtl] [--fault-usb KIND[:N]] [--fault KIND:AT[:PARAM]]\n"
          "                  [--verbose] -- PROGRAM ARGS...\n"
          "Emulates the reference board (USB 1209:6770, serial EMU0001; EMU0002... with --boards)\n"
          "for PROGRAM's libusb, the firmware core serving the functional model behind it.\n"
          "--dut model|rtl  the DUT behind the firmware core: the functional model (default), or\n"
          "                 the Verilated core (hdl_stubs, as gpu-rtlsim; where it is built). The\n"
          "                 environment variable " USBEMU_DUT_ENV " (model|rtl) sets the default.\n"
          "--fault-usb KIND[:N], N counting frames the board sends (default in brackets):\n"
          "  unplug[:12]        the board is removed instead of sending frame N\n"
          "  stall[:12]         the IN endpoint stalls once before frame N\n"
          "  stall-always[:12]  ... and again after every CLEAR_HALT\n"
          "  corrupt[:12]       one byte of frame N is flipped (CRC mismatch)\n"
          "  drop[:2]           frame N is never sent (the host times out)\n"
          "  version            HELLO is answered with the next protocol version\n"
          "  hang[:100]         the DUT stops retiring after N instructions (watchdog)\n"
          "--fault KIND:AT[:PARAM]  a DUT fault, as gpu-modelsim / gpu-rtlsim (KIND as fw/faults.h lists them;\n"
          "                 10 and above only with --dut rtl)\n"
          "--stress SEED[:PROFILE]  with --dut rtl: the board side stresses the core's handshakes, as\n"
          "                 gpu-rtlsim --stress (hdl_stubs/README.md, \"Stress\"), on every board\n"
          "--firmware image|host  the board's own rv32 image gh-ref-fw.elf on the emulated soft core\n"
          "                 (Unicorn; the default where built) or the firmware core compiled for the host\n"
          "                 (faster). " USBEMU_FIRMWARE_ENV " sets the default.\n"
          "--image ELF      the image to run (default: the build's; " USBEMU_IMAGE_ENV ")\n"
          "--clock-hz N     SYS.CLK_HZ of the emulated board (default 50000000)\n"
          "--fw-max-insns N stop the image after N rv32 instructions (a crash report, exit of the host: 8)\n"
          "--fw-stats       print the image's cost figures at the end (" USBEMU_STATS_ENV "=1)\n"
          "--fw-coverage F  append \"run|not-run FUNCTION SIZE\" lines for the image to F (" USBEMU_COVERAGE_ENV ")\n"
          "--dut-no-trap-lane  the debug port presents a core without TRAP_LANE (capability word FEATURES 0):\n"
          "                 the image then reports a lane trap's lane as not reported (rv32 image only)\n"
          "Exit status: PROGRAM's (128+signal if it was killed); 125 if the emulation cannot start;\n"
          "2 for --dut rtl where the Verilated core is not built.\n",
          f);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {{"boards", required_argument, NULL, 'b'},
                                            {"fault-usb", required_argument, NULL, 'u'},
                                            {"fault", required_argument, NULL, 'f'},
                                            {"dut", required_argument, NULL, 'd'},
                                            {"verbose", no_argument, NULL, 'v'},
                                            {"firmware", required_argument, NULL, 'F'},
                                            {"image", required_argument, NULL, 'I'},
                                            {"clock-hz", required_argument, NULL, 'C'},
                                            {"fw-max-insns", required_argument, NULL, 'M'},
                                            {"fw-stats", no_argument, NULL, 'S'},
                                            {"fw-coverage", required_argument, NULL, 'V'},
                                            {"dut-no-trap-lane", no_argument, NULL, 'L'},
                                            {"stress", required_argument, NULL, 'T'},
                                            {"help", no_argument, NULL, 'h'},
                                            {0}};
    int fault_usb = USBEMU_FAULT_NONE;
    uint64_t fault_n = 0;
    fw_fault_spec dut_fault = {0};
    rtl_stress stress = {0};
    bool stressed = false;
    int dut = DUT_MODEL;
    const char *dut_env = getenv(USBEMU_DUT_ENV);
    if (dut_env && *dut_env && (dut = usbemu_parse_dut(dut_env)) < 0) {
        usbemu_say("%s takes model or rtl, not '%s'", USBEMU_DUT_ENV, dut_env);
        return 125;
    }
    /* the rv32 image by default where this gpu-usbemu can run it */
#ifdef USBEMU_HAVE_IMAGE
    bool image = true;
    if (getenv(USBEMU_IMAGE_ENV) && *getenv(USBEMU_IMAGE_ENV))
        usbemu_image_opts.path = getenv(USBEMU_IMAGE_ENV);
    usbemu_image_opts.stats = getenv(USBEMU_STATS_ENV) && *getenv(USBEMU_STATS_ENV);
    usbemu_image_opts.coverage = getenv(USBEMU_COVERAGE_ENV);
#else
    bool image = false;
#endif
    const char *fw_env = getenv(USBEMU_FIRMWARE_ENV);
    if (fw_env && *fw_env) {
        if (strcmp(fw_env, "image") != 0 && strcmp(fw_env, "host") != 0) {
            usbemu_say("%s takes image or host, not '%s'", USBEMU_FIRMWARE_ENV, fw_env);
            return 125;
        }
        image = strcmp(fw_env, "image") == 0;
    }
    usbemu_verbose = getenv(USBEMU_VERBOSE_ENV) && *getenv(USBEMU_VERBOSE_ENV);
    int opt;
    while ((opt = getopt_long(argc, argv, "+hv", options, NULL)) != -1) {
        switch (opt) {
        case 'b': {
            char *end;
            errno = 0;
            long v = strtol(optarg, &end, 10);
            if (errno || *end || !isdigit((unsigned char)*optarg) || v < 0 || v > MAX_BOARDS) {
                usbemu_say("--boards takes 0..%d", MAX_BOARDS);
                return 125;
            }
            usbemu_board_count = (int)v;
            break;
        }
        case 'u':
            if (parse_usb_fault(optarg, &fault_usb, &fault_n) != 0) {
                usbemu_say("--fault-usb takes unplug, stall, stall-always, corrupt, drop, version or hang, "
                    "optionally :N, not '%s'", optarg);
                return 125;
            }
            break;
        case 'f':
            if (fw_fault_spec_parse(optarg, UINT64_MAX, &dut_fault) != 0) {
                usbemu_say("--fault takes KIND:AT[:PARAM], KIND 1..%d, PARAM 0..255, not '%s'", FW_FAULT_COUNT - 1,
                           optarg);
                return 125;
            }
            break;
        case 'd':
            if ((dut = usbemu_parse_dut(optarg)) < 0) {
                usbemu_say("--dut takes model or rtl, not '%s'", optarg);
                return 125;
            }
            break;
        case 'v': usbemu_verbose = true; break;
        case 'T': {
            char why[256];
            if (rtl_stress_parse(optarg, &stress, why, sizeof why) != 0) {
                usbemu_say("--stress '%s': %s", optarg, why);
                return 125;
            }
            stressed = true;
            break;
        }
        case 'F':
            if (strcmp(optarg, "image") != 0 && strcmp(optarg, "host") != 0) {
                usbemu_say("--firmware takes image or host, not '%s'", optarg);
                return 125;
            }
            image = strcmp(optarg, "image") == 0;
            break;
#ifdef USBEMU_HAVE_IMAGE
        case 'I': usbemu_image_opts.path = optarg; break;
        case 'S': usbemu_image_opts.stats = true; break;
        case 'V': usbemu_image_opts.coverage = optarg; break;
        case 'L': usbemu_image_opts.no_trap_lane = true; break;
        case 'C':
        case 'M': {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 0);
            if (errno || *end || !isdigit((unsigned char)*optarg) || (opt == 'C' && (v < 1000 || v > UINT32_MAX))) {
                usbemu_say("--%s takes a number%s", opt == 'C' ? "clock-hz" : "fw-max-insns",
                    opt == 'C' ? " of Hz, 1000..4294967295" : "");
                return 125;
            }
            if (opt == 'C')
                usbemu_image_opts.clk_hz = (uint32_t)v;
            else
                usbemu_image_opts.max_insns = v;
            break;
        }
#else
        case 'I': case 'S': case 'V': case 'C': case 'M': case 'L':
            usbemu_say("the rv32 image options need a gpu-usbemu built with Unicorn, libelf and the image");
            return 2;
#endif
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 125;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        return 125;
    }
    if (dut != DUT_RTL && stressed) {
        usbemu_say("--stress: the model DUT has no port handshakes to stress; use --dut rtl");
        return 2;
    }
    if (dut != DUT_RTL && dut_fault.kind >= FW_FAULT_FIRST_DATAPATH) {
        usbemu_say("--fault %u strikes in the stand-in core's floating-point units (fw/faults.h); the model DUT "
                   "has none: use --dut rtl", dut_fault.kind);
        return 2;
    }
    if (image && dut_fault.kind == FW_FAULT_HIDDEN_STORE) {
        /* the emulated debug port presents the DUT's stores to the firmware from its records, so a
         * store the record does not show never reaches the board's memory: nothing could see it */
        usbemu_say("--fault %u (hidden store) cannot be shown by the emulated board running the rv32 image: "
                   "its debug port takes stores from the records; use --firmware host", dut_fault.kind);
        return 2;
    }
#ifdef USBEMU_HAVE_IMAGE
    if (!image && usbemu_image_opts.no_trap_lane) {
        usbemu_say("--dut-no-trap-lane plays a core on the emulated debug port, which only the rv32 image "
                   "drives: not with --firmware host");
        return 2;
    }
#endif
#ifndef USBEMU_HAVE_IMAGE
    if (image) {
        usbemu_say("--firmware image: this gpu-usbemu cannot run the rv32 image (needs Unicorn, libelf and the "
            "riscv64-unknown-elf toolchain at build time; reconfigure)");
        return 2;
    }
#endif
#ifndef USBEMU_HAVE_RTL
    if (dut == DUT_RTL) {
        usbemu_say("--dut rtl: the Verilated core is not built into this gpu-usbemu "
            "(needs Verilator and servers/rtlsim's rtl_dut; reconfigure)");
        return 2;
    }
#else
    if (dut == DUT_RTL && dut_fault.at > UINT32_MAX) {
        usbemu_say("--fault with --dut rtl takes AT < 2^32");
        return 125;
    }
#endif
    char **program = argv + optind;

    /* timer slack 1 ns: the many short waits of the emulation otherwise round up to 50 us
     * (inherited by the program under test) */
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);

    /* the testbed lives in a private TMPDIR: nothing is left behind in the caller's */
    const char *base = getenv("TMPDIR");
    char *old_tmpdir = base ? g_strdup(base) : NULL;
    char *tmpdir = g_strdup_printf("%s/gpu-usbemu.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        usbemu_say("cannot create a private directory %s: %s", tmpdir, strerror(errno));
        return 125;
    }
    setenv("TMPDIR", tmpdir, 1);
    char janitor_err[256];
    if (fw_janitor_start(tmpdir, janitor_err, sizeof janitor_err) != 0) { /* before any thread */
        usbemu_say("cannot watch the private directory %s: %s", tmpdir, janitor_err);
        fw_remove_tree(tmpdir);
        return 125;
    }

    int status = 125;
    UMockdevTestbed *tb = umockdev_testbed_new();
    UMockdevIoctlBase *handler = umockdev_ioctl_base_new();
    g_signal_connect(handler, "handle-ioctl", G_CALLBACK(usbemu_handle_ioctl), NULL);
    g_signal_connect(handler, "client-vanished", G_CALLBACK(usbemu_on_client_vanished), NULL);
    for (int i = 0; i < usbemu_board_count; i++) {
        board *b = &usbemu_boards[i];
        b->index = i;
        snprintf(b->serial, sizeof b->serial, USBEMU_SERIAL_PREFIX "%04d", i + 1);
        pthread_mutex_init(&b->mu, NULL);
        pthread_cond_init(&b->cv, NULL);
        b->fault_usb = fault_usb == USBEMU_FAULT_HANG ? USBEMU_FAULT_NONE : fault_usb;
        b->fault_n = fault_n;
        if (dut == DUT_MODEL) {
            if (fw_dut_model_init(&b->dut.model) != 0)
                goto cleanup;
            b->dut.model.fault_kind = dut_fault.kind, b->dut.model.fault_at = dut_fault.at,
            b->dut.model.fault_param = dut_fault.param;
            b->dut.pass = (fw_dut_pass){&fw_dut_model_ops, &b->dut.model};
        }
#ifdef USBEMU_HAVE_RTL
        else {
            fw_dut_rtl_config cfg = {.fault_kind = dut_fault.kind, .fault_at = (uint32_t)dut_fault.at,
                                     .fault_param = dut_fault.param, .stress = stress};
            b->dut.rtl = calloc(1, sizeof *b->dut.rtl);
            if (!b->dut.rtl) {
                usbemu_say("out of memory");
                goto cleanup;
            }
            if (fw_dut_rtl_init(b->dut.rtl, &cfg) != 0) {
                usbemu_say("board %s: the Verilated core: %s", b->serial, b->dut.rtl->error);
                if (b->dut.rtl->refused)
                    status = 2; /* --fault for a core without fault registers: a usage error */
                free(b->dut.rtl);
                b->dut.rtl = NULL;
                goto cleanup;
            }
            b->dut.pass = (fw_dut_pass){&fw_dut_rtl_ops, b->dut.rtl};
            if (i == 0 && usbemu_verbose) {
                char setting[RTL_STRESS_TEXT_MAX];
                rtl_stress_format(&stress, setting, sizeof setting);
                usbemu_say("DUT: the Verilated core (%u warps)%s%s", b->dut.rtl->cap_warps,
                           stressed ? ", its handshakes stressed: " : "", stressed ? setting : "");
            }
        }
#endif
        b->dut.hang = fault_usb == USBEMU_FAULT_HANG;
        b->dut.hang_after = fault_n;
        b->image = image;
#ifdef USBEMU_HAVE_IMAGE
        if (image) {
            char err[256];
            if (usbemu_image_start(b, err, sizeof err) != 0) {
                usbemu_say("board %s: cannot run the firmware image: %s", b->serial, err);
                goto cleanup;
            }
            if (i == 0 && usbemu_verbose)
                usbemu_say("board %s: %s executing on the emulated rv32imac soft core (Unicorn), %u Hz", b->serial,
                    usbemu_image_opts.path, usbemu_image_opts.clk_hz);
        }
#endif
        b->rx = malloc(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD);
        b->tx = malloc(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD);
        b->state = malloc(sizeof *b->state);
        if (!b->rx || !b->tx || !b->state || add_board(tb, handler, b) != 0)
            goto cleanup;
        if (pthread_create(&b->thread, NULL, fw_thread, b) != 0)
            goto cleanup;
        b->thread_started = true;
    }

    char *root = umockdev_testbed_get_root_dir(tb);
    const char *preload = getenv("LD_PRELOAD");
    char *new_preload = preload && *preload ? g_strdup_printf("libumockdev-preload.so.0:%s", preload)
                                            : g_strdup("libumockdev-preload.so.0");
    struct sigaction sa = {.sa_handler = on_signal};
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    if (wait_connected() != 0)
        goto cleanup;
    fflush(NULL);
    pid_t emulator = getpid();
    pid_t child = fork();
    if (child == 0) {
        signal(SIGINT, SIG_DFL), signal(SIGTERM, SIG_DFL), signal(SIGHUP, SIG_DFL);
        /* the program under test does not outlive its emulated board (a SIGKILL of gpu-usbemu) */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != emulator)
            _exit(125);
        setenv("LD_PRELOAD", new_preload, 1);
        setenv("UMOCKDEV_DIR", root, 1);
        /* a sanitizer build of PROGRAM must accept the preload library ahead of its runtime */
        const char *asan = getenv("ASAN_OPTIONS");
        char *asan_opts = g_strdup_printf("%s%sverify_asan_link_order=0", asan ? asan : "", asan && *asan ? ":" : "");
        setenv("ASAN_OPTIONS", asan_opts, 1);
        if (old_tmpdir)
            setenv("TMPDIR", old_tmpdir, 1);
        else
            unsetenv("TMPDIR");
        execvp(program[0], program);
        fprintf(stderr, "gpu-usbemu: cannot run %s: %s\n", program[0], strerror(errno));
        _exit(127);
    }
    g_free(new_preload);
    g_free(root);
    if (child < 0) {
        usbemu_say("cannot fork: %s", strerror(errno));
        goto cleanup;
    }
    for (;;) {
        int st;
        pid_t r = waitpid(child, &st, WNOHANG);
        if (r == child) {
            status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 125;
            break;
        }
        if (r < 0 && errno != EINTR) {
            usbemu_say("waitpid: %s", strerror(errno));
            break;
        }
        if (pending_signal) {
            kill(child, pending_signal);
            pending_signal = 0;
        }
        for (int i = 0; i < usbemu_board_count; i++) {
            board *b = &usbemu_boards[i];
            pthread_mutex_lock(&b->mu);
            bool unplug = b->unplug_requested && !b->unplugged;
            b->unplugged |= unplug;
            pthread_mutex_unlock(&b->mu);
            if (unplug) {
                umockdev_testbed_remove_device(tb, b->syspath);
            }
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 5 * 1000000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_mutex_lock(&usbemu_main_mu);
        pthread_cond_timedwait(&usbemu_main_cv, &usbemu_main_mu, &until);
        pthread_mutex_unlock(&usbemu_main_mu);
    }

cleanup:
    for (int i = 0; i < usbemu_board_count; i++) {
        board *b = &usbemu_boards[i];
        if (!b->thread_started)
            continue;
        pthread_mutex_lock(&b->mu);
        b->closing = true;
        pthread_cond_broadcast(&b->cv);
        pthread_mutex_unlock(&b->mu);
#ifdef USBEMU_HAVE_IMAGE
        if (b->emu)
            ghemu_stop(b->emu);
#endif
        pthread_join(b->thread, NULL);
#ifdef USBEMU_HAVE_IMAGE
        if (b->emu && usbemu_image_opts.stats)
            usbemu_image_report(b);
        if (b->emu && usbemu_image_opts.coverage && ghemu_write_coverage(b->emu, usbemu_image_opts.coverage) != 0)
            usbemu_say("cannot write the coverage to %s", usbemu_image_opts.coverage);
#endif
        if (usbemu_verbose)
            usbemu_say("board %s: %lu ioctls, %lu URBs submitted, %lu reaped, %lu empty reaps (%lu held), %lu frames sent",
                b->serial, b->ioctls, b->urbs, b->reaps, b->empty_reaps_total, b->held_reaps,
                (unsigned long)b->frames_out);
        if (usbemu_verbose)
            for (int n = 0; n < 64; n++)
                if (b->by_nr[n])
                    usbemu_say("  ioctl U/%d: %lu", n, b->by_nr[n]);
    }
    for (int i = 0; i < usbemu_board_count; i++) {
        board *b = &usbemu_boards[i];
        pthread_mutex_lock(&b->mu);
        usbemu_client_gone(b, NULL);
        pthread_mutex_unlock(&b->mu);
        if (b->devnode[0])
            umockdev_testbed_detach_ioctl(tb, b->devnode, NULL);
    }
    g_object_unref(handler);
    g_object_unref(tb);
    for (int i = 0; i < usbemu_board_count; i++) {
        board *b = &usbemu_boards[i];
        usbemu_free_frames(&b->rx_head, &b->rx_tail);
        free(b->asm_buf);
        free(b->rx), free(b->tx), free(b->state);
        fw_dut_model_free(&b->dut.model);
#ifdef USBEMU_HAVE_IMAGE
        ghemu_free(&b->emu);
#endif
#ifdef USBEMU_HAVE_RTL
        if (b->dut.rtl) {
            fw_dut_rtl_free(b->dut.rtl);
            free(b->dut.rtl);
        }
#endif
    }
    fw_remove_tree(tmpdir);
    g_free(tmpdir);
    g_free(old_tmpdir);
    return status;
}
