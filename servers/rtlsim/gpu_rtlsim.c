/* gpu-rtlsim: the firmware core on a simulated board whose link is a ZeroMQ
 * socket and whose DUT is the Verilated gpu_core (hdl_stubs/). gpuhost starts
 * it for `--board rtl` and runs the kernel in lockstep against the model.
 *
 *   gpu-rtlsim --endpoint ipc://PATH|tcp://HOST:PORT [--fault KIND:AT[:PARAM]]
 *              [--wave FILE.fst [--wave-window N [--wave-at I]]]
 *              [--watchdog CYCLES] [--x-random SEED] [--stress SEED[:PROFILE]] [--stats] [link options]
 * (the link's options, sessions and security: servers/common/server_cli.h)
 *
 * Waveforms: --wave FILE.fst records every clock cycle of the server's life
 * (reset, loads, every instruction) in an FST file, closed cleanly on exit,
 * SIGTERM (what gpuhost sends when it is done) or SIGINT. With --wave-window N
 * only the cycles of the retires I-N .. I+N (0-based retire index since the
 * launch, the "instruction N" of gpuhost's DIVERGENCE report) are dumped:
 * I is --wave-at, or the fault's AT when --fault is given. The run is
 * deterministic, so the way to look at a divergence is to run it again with
 * the index the report named (no ring buffer: dumping is switched on and off
 * around the window, and the cycles before it cost no disk). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dut_rtl.h"
#include "fault_spec.h"
#include "server_cli.h"

/* The name this server was built and run as (gpuhost_add_rtl_server's
 * NAME): every message says it, not the project's own server's. */
static const char *program = "gpu-rtlsim";

static void usage(FILE *f)
{
    fprintf(f, "usage: %s --endpoint ipc://PATH|tcp://HOST:PORT [options]\n", program);
    fputs("  --fault KIND:AT[:PARAM]  inject a fault through the core's fault registers: KIND below\n"
          "                           (fw/faults.h); AT the retire index it is armed from; PARAM\n"
          "                           P, a bit number, offset or amount\n"
          "  --wave FILE.fst          write an FST waveform of the whole run\n"
          "  --wave-window N          only the cycles of retires I-N .. I+N (I: --wave-at, or the\n"
          "                           fault's AT)\n"
          "  --wave-at I              the retire index the window is centred on\n"
          "  --watchdog CYCLES        cycles one instruction may take before the run ends with\n"
          "                           WATCHDOG (default 100000)\n"
          "  --x-random SEED          state the HDL does not reset starts random (default: zero)\n"
          "  --stress SETTING         seeded back-pressure and memory latency on the core's handshakes\n"
          "                           (hdl_stubs/README.md, \"Stress\"); SETTING is\n",
          f);
    fprintf(f, "                           %s\n", rtl_stress_usage);
    fputs("  --stats                  print instructions, cycles and speed on exit (stderr)\n"
          "  --bd-write S:I:V         write V to backdoor space S, index I after every reset (a test\n"
          "                           wrapper's registers, e.g. servers/rtlsim/tests/gpu_core_hs_mutant.v; 4 at most)\n", f);
    fputs("fault kinds:\n", f);
#define RTLSIM_FAULT_LINE(name, value, text) fprintf(f, "  %2d %-15s %s\n", value, #name, text);
    FW_FAULTS(RTLSIM_FAULT_LINE)
#undef RTLSIM_FAULT_LINE
    fw_server_usage(f);
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-')
        return -1;
    *out = v;
    return 0;
}

/* The server's own options, as parsed (the link's are in link_cfg). */
typedef struct {
    fw_link_zmq_config link_cfg;
    fw_dut_rtl_config cfg;
    bool have_at, stats;
    uint64_t watchdog;
} rtlsim_options;

/* An option refused: said, and the exit status 2. */
static int bad_option(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int bad_option(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

static int parse_bd_write(const char *arg, fw_dut_rtl_config *cfg)
{
    uint32_t *w = cfg->bd_writes[cfg->bd_write_count];
    unsigned space, index;
    char tail;
    if (cfg->bd_write_count == DUT_RTL_BD_WRITES ||
        sscanf(arg, "%u:%u:%" SCNi32 "%c", &space, &index, (int32_t *)&w[2], &tail) != 3 || space > 15 ||
        index > 255) {
        fprintf(stderr, "%s: --bd-write takes SPACE:INDEX:VALUE (0..15, 0..255, 32 bits), "
                "at most %u times, not '%s'\n", program, DUT_RTL_BD_WRITES, arg);
        return 2;
    }
    w[0] = space, w[1] = index;
    cfg->bd_write_count++;
    return 0;
}

/* One of the server's own options (fw_server_own_option): -1 taken, else
 * the exit status (0 after --help, 2 refused). */
static int parse_option(int opt, const char *arg, void *ctx)
{
    rtlsim_options *o = ctx;
    fw_dut_rtl_config *cfg = &o->cfg;
    uint64_t n;
    switch (opt) {
    case 'f': {
        fw_fault_spec f;
        if (fw_fault_spec_parse(arg, UINT32_MAX, &f) != 0) {
            fprintf(stderr, "%s: --fault takes KIND:AT[:PARAM], KIND 1..%d (fw/faults.h), AT < 2^32, "
                    "PARAM 0..255, not '%s'\n", program, FW_FAULT_COUNT - 1, arg);
            return 2;
        }
        cfg->fault_kind = f.kind, cfg->fault_at = (uint32_t)f.at, cfg->fault_param = f.param;
        return -1;
    }
    case 'w':
        cfg->wave_path = arg;
        return -1;
    case 'W':
        if (parse_u64(arg, &cfg->wave_window) != 0)
            return bad_option("--wave-window takes a number of instructions");
        cfg->wave_windowed = true;
        return -1;
    case 'A':
        if (parse_u64(arg, &cfg->wave_at) != 0)
            return bad_option("--wave-at takes a retire index");
        o->have_at = true;
        return -1;
    case 'd':
        if (parse_u64(arg, &o->watchdog) != 0 || o->watchdog == 0 || o->watchdog > UINT32_MAX)
            return bad_option("--watchdog takes a number of cycles (1..2^32-1)");
        return -1;
    case 's':
        o->stats = true;
        return -1;
    case 'x':
        if (parse_u64(arg, &n) != 0 || n == 0 || n > UINT32_MAX)
            return bad_option("--x-random takes a seed 1..2^32-1");
        cfg->x_seed = (uint32_t)n;
        return -1;
    case 'S': {
        char why[256];
        if (rtl_stress_parse(arg, &cfg->stress, why, sizeof why) != 0) {
            fprintf(stderr, "%s: --stress '%s': %s\n", program, arg, why);
            return 2;
        }
        return -1;
    }
    case 'B':
        return parse_bd_write(arg, cfg) ? 2 : -1;
    case 'h':
        usage(stdout);
        return 0;
    }
    usage(stderr);
    return 2;
}

/* The waveform window's options taken together: 0, or 2 when they do not fit. */
static int check_wave(rtlsim_options *o)
{
    fw_dut_rtl_config *cfg = &o->cfg;
    if ((cfg->wave_windowed || o->have_at) && !cfg->wave_path)
        return bad_option("--wave-window and --wave-at need --wave FILE.fst");
    if (cfg->wave_windowed && !o->have_at) {
        if (!cfg->fault_kind)
            return bad_option("--wave-window needs --wave-at I (or a --fault to centre on)");
        cfg->wave_at = cfg->fault_at;
    }
    if (o->have_at)
        cfg->wave_windowed = true; /* --wave-at alone: that one instruction (a window of 0) */
    return 0;
}

/* -1 with the options, or the exit status (0 after --help). */
static int parse_options(int argc, char **argv, rtlsim_options *o)
{
    static const struct option options[] = {{"fault", required_argument, NULL, 'f'},
                                            {"wave", required_argument, NULL, 'w'},
                                            {"wave-window", required_argument, NULL, 'W'},
                                            {"wave-at", required_argument, NULL, 'A'},
                                            {"watchdog", required_argument, NULL, 'd'},
                                            {"stats", no_argument, NULL, 's'},
                                            {"x-random", required_argument, NULL, 'x'},
                                            {"stress", required_argument, NULL, 'S'},
                                            {"bd-write", required_argument, NULL, 'B'},
                                            {"help", no_argument, NULL, 'h'},
                                            FW_SERVER_LONG_OPTIONS,
                                            {0}};
    int rc = fw_server_parse(argc, argv, "f:w:W:A:d:x:S:B:sh", options, &o->link_cfg, parse_option, o);
    return rc >= 0 ? rc : check_wave(o) ? 2 : -1;
}

static double seconds_between(struct timespec a, struct timespec b)
{
    return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
}

/* The process's CPU time as well as the wall clock's: on a shared machine
 * the simulator's own speed is cycles per CPU second. */
static void print_stats(const fw_dut_rtl *dut, const rtlsim_options *o, double seconds, double cpu_seconds)
{
    char stress[RTL_STRESS_TEXT_MAX];
    rtl_stress_format(&o->cfg.stress, stress, sizeof stress);
    uint64_t cycles = rtl_cycles(dut->h);
    fprintf(stderr,
            "%s: %llu instructions in %llu stepping cycles (%.1f cycles each); "
            "%llu cycles in all; %.2f s served; %.2f s of CPU (%.0f cycles per CPU second); stress %s\n", program,
            (unsigned long long)dut->instructions, (unsigned long long)dut->step_cycles,
            dut->instructions ? (double)dut->step_cycles / (double)dut->instructions : 0.0,
            (unsigned long long)cycles, seconds, cpu_seconds, cpu_seconds > 0 ? (double)cycles / cpu_seconds : 0.0,
            rtl_stress_active(&o->cfg.stress) ? stress : "none");
}

int main(int argc, char **argv)
{
    if (argc > 0 && argv[0][0]) {
        const char *slash = strrchr(argv[0], '/');
        program = slash && slash[1] ? slash + 1 : argv[0];
    }
    rtlsim_options o = {.link_cfg = {.program = program}, .watchdog = 100000};
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;

    /* the link first: a bad endpoint or a taken path is said before the core is built */
    fw_link_zmq link;
    rc = fw_server_open(&link, &o.link_cfg);
    if (rc != 0)
        return rc;
    static fw_dut_rtl dut;
    if (fw_dut_rtl_init(&dut, &o.cfg) != 0) {
        fprintf(stderr, "%s: %s\n", program, dut.error);
        fw_link_zmq_close(&link);
        return dut.refused ? 2 : 1; /* 2: an option this core cannot honour (gpuhost says so) */
    }
    static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD], tx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
    static wire_state state;
    fw_core core = {.link = &fw_link_zmq_ops, .link_ctx = &link, .dut = &fw_dut_rtl_ops, .dut_ctx = &dut,
                    .watchdog_cycles = (uint32_t)o.watchdog, .idle_timeout_ms = 200,
                    .rx = rx, .tx = tx, .rx_cap = sizeof rx, .tx_cap = sizeof tx, .state_buf = &state};
    struct timespec t0, t1, cpu0, cpu1;
    fw_server_ready(&o.link_cfg);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu0);
    rc = fw_serve(&core);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu1);
    if (o.stats)
        print_stats(&dut, &o, seconds_between(t0, t1), seconds_between(cpu0, cpu1));
    fw_link_zmq_close(&link);
    fw_dut_rtl_free(&dut); /* closes the waveform */
    return rc == 0 ? 0 : 1; /* asked to stop (SIGTERM, the owner's end): a clean end */
}
