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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dut_rtl.h"
#include "fault_spec.h"
#include "server_cli.h"

static void usage(FILE *f)
{
    fputs("usage: gpu-rtlsim --endpoint ipc://PATH|tcp://HOST:PORT [options]\n"
          "  --fault KIND:AT[:PARAM]  inject a fault through the core's fault registers: KIND below\n"
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

int main(int argc, char **argv)
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
    fw_link_zmq_config link_cfg = {.program = "gpu-rtlsim"};
    fw_dut_rtl_config cfg = {0};
    bool have_at = false, stats = false;
    uint64_t watchdog = 100000;
    int opt;
    while ((opt = getopt_long(argc, argv, "f:w:W:A:d:x:S:B:sh", options, NULL)) != -1) {
        int link_opt = fw_server_option(opt, optarg, &link_cfg);
        if (link_opt == 2)
            return 2;
        if (link_opt == 0)
            continue;
        switch (opt) {
        case 'f': {
            fw_fault_spec f;
            if (fw_fault_spec_parse(optarg, UINT32_MAX, &f) != 0) {
                fprintf(stderr, "gpu-rtlsim: --fault takes KIND:AT[:PARAM], KIND 1..%d (fw/faults.h), AT < 2^32, "
                        "PARAM 0..255, not '%s'\n", FW_FAULT_COUNT - 1, optarg);
                return 2;
            }
            cfg.fault_kind = f.kind, cfg.fault_at = (uint32_t)f.at, cfg.fault_param = f.param;
            break;
        }
        case 'w':
            cfg.wave_path = optarg;
            break;
        case 'W':
            if (parse_u64(optarg, &cfg.wave_window) != 0) {
                fprintf(stderr, "gpu-rtlsim: --wave-window takes a number of instructions\n");
                return 2;
            }
            cfg.wave_windowed = true;
            break;
        case 'A':
            if (parse_u64(optarg, &cfg.wave_at) != 0) {
                fprintf(stderr, "gpu-rtlsim: --wave-at takes a retire index\n");
                return 2;
            }
            have_at = true;
            break;
        case 'd':
            if (parse_u64(optarg, &watchdog) != 0 || watchdog == 0 || watchdog > UINT32_MAX) {
                fprintf(stderr, "gpu-rtlsim: --watchdog takes a number of cycles (1..2^32-1)\n");
                return 2;
            }
            break;
        case 's':
            stats = true;
            break;
        case 'x': {
            uint64_t seed;
            if (parse_u64(optarg, &seed) != 0 || seed == 0 || seed > UINT32_MAX) {
                fprintf(stderr, "gpu-rtlsim: --x-random takes a seed 1..2^32-1\n");
                return 2;
            }
            cfg.x_seed = (uint32_t)seed;
            break;
        }
        case 'S': {
            char why[256];
            if (rtl_stress_parse(optarg, &cfg.stress, why, sizeof why) != 0) {
                fprintf(stderr, "gpu-rtlsim: --stress '%s': %s\n", optarg, why);
                return 2;
            }
            break;
        }
        case 'B': {
            uint32_t *w = cfg.bd_writes[cfg.bd_write_count];
            unsigned space, index;
            char tail;
            if (cfg.bd_write_count == DUT_RTL_BD_WRITES ||
                sscanf(optarg, "%u:%u:%" SCNi32 "%c", &space, &index, (int32_t *)&w[2], &tail) != 3 || space > 15 ||
                index > 255) {
                fprintf(stderr, "gpu-rtlsim: --bd-write takes SPACE:INDEX:VALUE (0..15, 0..255, 32 bits), "
                        "at most %u times, not '%s'\n", DUT_RTL_BD_WRITES, optarg);
                return 2;
            }
            w[0] = space, w[1] = index;
            cfg.bd_write_count++;
            break;
        }
        case 'h':
            usage(stdout);
            return 0;
        default:
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "gpu-rtlsim: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    if ((cfg.wave_windowed || have_at) && !cfg.wave_path) {
        fprintf(stderr, "gpu-rtlsim: --wave-window and --wave-at need --wave FILE.fst\n");
        return 2;
    }
    if (cfg.wave_windowed && !have_at) {
        if (!cfg.fault_kind) {
            fprintf(stderr, "gpu-rtlsim: --wave-window needs --wave-at I (or a --fault to centre on)\n");
            return 2;
        }
        cfg.wave_at = cfg.fault_at;
    }
    if (have_at)
        cfg.wave_windowed = true; /* --wave-at alone: that one instruction (a window of 0) */

    /* the link first: a bad endpoint or a taken path is said before the core is built */
    fw_link_zmq link;
    int open_rc = fw_server_open(&link, &link_cfg);
    if (open_rc != 0)
        return open_rc;
    static fw_dut_rtl dut;
    if (fw_dut_rtl_init(&dut, &cfg) != 0) {
        fprintf(stderr, "gpu-rtlsim: %s\n", dut.error);
        fw_link_zmq_close(&link);
        return dut.refused ? 2 : 1; /* 2: an option this core cannot honour (gpuhost says so) */
    }
    static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD], tx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
    static wire_state state;
    fw_core core = {.link = &fw_link_zmq_ops, .link_ctx = &link, .dut = &fw_dut_rtl_ops, .dut_ctx = &dut,
                    .watchdog_cycles = (uint32_t)watchdog, .idle_timeout_ms = 200,
                    .rx = rx, .tx = tx, .rx_cap = sizeof rx, .tx_cap = sizeof tx, .state_buf = &state};
    struct timespec t0, t1;
    fw_server_ready(&link_cfg);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = fw_serve(&core);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (stats) {
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        uint64_t cycles = rtl_cycles(dut.h);
        char stress[RTL_STRESS_TEXT_MAX];
        rtl_stress_format(&cfg.stress, stress, sizeof stress);
        fprintf(stderr,
                "gpu-rtlsim: %llu instructions in %llu stepping cycles (%.1f cycles each); "
                "%llu cycles in all; %.2f s served; stress %s\n",
                (unsigned long long)dut.instructions, (unsigned long long)dut.step_cycles,
                dut.instructions ? (double)dut.step_cycles / (double)dut.instructions : 0.0,
                (unsigned long long)cycles, s, rtl_stress_active(&cfg.stress) ? stress : "none");
    }
    fw_link_zmq_close(&link);
    fw_dut_rtl_free(&dut); /* closes the waveform */
    return rc == 0 ? 0 : 1; /* asked to stop (SIGTERM, the owner's end): a clean end */
}
