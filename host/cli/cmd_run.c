/* gpuhost run: load a kernel, run it on the chosen board (the model alone,
 * or any other board in lockstep with the model), report the verdict. Only
 * the public API: every board is a gh_target. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "run_stream.h"
#include "numarg.h"

#define MAX_DUMPS 16
/* --dump-mem is for looking at what a kernel wrote: all dumps together are
 * at most this many bytes (each is read into memory, then written out). */
#define MAX_DUMP_BYTES (64ull << 20)

static void usage(FILE *f)
{
    fputs("usage: gpuhost [--board NAME] run KERNEL [options]\n"
          "  KERNEL                   kernel.bin (ELF) or kernel.s (assembled on the fly)\n"
          "  --raw                    KERNEL is a raw stream of 16-byte little-endian instructions\n"
          "                           (1 warp, entry 0); without it a file that is not an ELF\n"
          "                           kernel.bin or a .s is refused, never guessed to be raw\n"
          "  --max-insns N            stop after N warp-instructions (default 100000000; k, M, G)\n"
          "  --dump-state FILE.json   write the final state of every warp\n"
          "  --dump-mem ADDR:LEN:FILE write LEN bytes of global memory at ADDR (repeatable, at most\n"
          "                           16 dumps and 64 MiB in all, inside global memory (below 2^48);\n"
          "                           LEN may end in K or M)\n"
          "  --trace FILE.jsonl       write one commit record a line\n"
          "  -q, --quiet              print only the verdict\n"
          "  --junit FILE.xml         also write the verdict as a JUnit XML test case (for CI)\n"
          "  --coverage FILE          write what ran (variants, modifiers, guards, partial warps) as\n"
          "                           a coverage record: gpuhost coverage merge sums them\n"
          "  --retries N              run again after a link error (exit 8), at most N times; a target\n"
          "                           refused as not the board asked for is not retried, nor is a\n"
          "                           divergence, a FAIL or a DUT failure (exit 11)\n"
          "  under ctest --resource-spec-file, the board instance CTest allocated\n"
          "  (CTEST_RESOURCE_GROUP_*) is used: see 'gpuhost boards --resource-spec'\n"
          "lockstep boards (modelsim, rtl, usb, usbemu, usbemu-rtl):\n"
          "  --batch N                commit records per message (default 1024)\n"
          "  --window N               messages in flight (default: 8192 records' worth, 2 at least)\n"
          "  --check-every K          compare full state every K instructions (default: at the end)\n"
          "  --check=full             compare full state after every instruction\n"
          "  --timeout MS             longest wait for the target (default 10000; or with s: 10s)\n"
          "zmq boards (modelsim, rtl):\n"
          "  --endpoint URL           use a server started elsewhere (ipc://PATH or tcp://HOST:PORT)\n"
          "  --server-key FILE        with --endpoint: CURVE, the server's public key (its KEYFILE.pub)\n"
          "  --client-key FILE        with --endpoint: CURVE, this client's keypair (gpuhost keygen)\n"
          "  --server PATH            server program to start (default: the build's)\n"
          "  --fault KIND:AT[:PARAM]  a DUT fault (testing; also usbemu): a run that never shows it is an error\n"
          "  --wave FILE.fst          rtl, usbsim: after a divergence, re-run and record the cycles around it\n"
          "  --free-run               stream the target's records without the model (speed only)\n"
          "  --emulate-unimplemented  an instruction the target says it lacks (its variant map) is applied\n"
          "                           from the model through the target's backdoor, and the run goes\n"
          "                           on; the verdict counts them (not checked on the target). Without\n"
          "                           it such a kernel exits 9. Never for BSSY, BSYNC, EXIT. A PASS only\n"
          "                           for what the board's `lacks` names; else EMULATED (exit 12)\n"
          "  --wave-window N          retires recorded before and after it (default 20)\n"
          "  --stress SEED[:PROFILE]  rtl, usbemu-rtl, usbsim: seeded back-pressure and memory latency on\n"
          "                           the core's handshakes; PROFILE none, light or heavy (default), or KNOB=N items\n"
          "                           (hdl_stubs/README.md, \"Stress\"); the same seed reruns the same cycles\n"
          "usb boards (usb, usbemu):\n"
          "  --serial S               the board with this serial number\n"
          "  --fault-usb KIND[:N]     usbemu: unplug, stall, stall-always, corrupt, drop, version, hang\n"
          "boards: see 'gpuhost boards' (model runs the functional model alone; the others\n"
          "        run in lockstep with it). An option a board cannot honour is refused (exit 2).\n"
          "exit status: 0 PASS, 1 input rejected, 2 usage error, 3 I/O error,\n"
          "             4 FAIL (an expectation does not hold), 5 the kernel trapped,\n"
          "             6 --max-insns reached first, 7 divergence, 8 target error,\n"
          "             9 the target lacks an instruction the kernel uses,\n"
          "             10 --free-run ended, or stopped at --max-insns (nothing compared),\n"
          "             11 the DUT hung (watchdog), broke the port contract, or the target broke the\n"
          "                wire protocol (never retried)\n",
          f);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A count within min..max (units as given), or -1 with a message naming the option. */
static int count_arg(const char *name, const char *arg, const gh_unit *units, uint64_t min, uint64_t max,
                     uint64_t *out)
{
    return gh_option_u64("run", name, "a count", arg, units, min, max, out);
}

typedef struct {
    gh_target_opts target;
    gh_run_opts run;
    const char *junit, *state_path, *trace_path, *coverage_path;
    gh_mem_dump dumps[MAX_DUMPS];
    unsigned retries; /* attempts after a target error */
    bool quiet, raw, lockstep_option; /* lockstep_option: one only lockstep boards honour was given */
    bool refused; /* the target was refused when opened: not the board asked for (never retried) */
    const char *lockstep_option_name;
} run_args;

static int parse(int argc, char **argv, run_args *a)
{
    static const struct option options[] = {
        {"max-insns", required_argument, NULL, 'n'}, {"dump-state", required_argument, NULL, 's'},
        {"trace", required_argument, NULL, 't'},     {"dump-mem", required_argument, NULL, 'm'},
        {"quiet", no_argument, NULL, 'q'},           {"help", no_argument, NULL, 'h'},
        {"batch", required_argument, NULL, 'B'},     {"window", required_argument, NULL, 'W'},
        {"check-every", required_argument, NULL, 'K'}, {"check", required_argument, NULL, 'C'},
        {"timeout", required_argument, NULL, 'T'},   {"endpoint", required_argument, NULL, 'E'},
        {"server", required_argument, NULL, 'S'},    {"fault", required_argument, NULL, 'F'},
        {"serial", required_argument, NULL, 'R'},    {"wave", required_argument, NULL, 'V'},
        {"wave-window", required_argument, NULL, 'X'}, {"free-run", no_argument, NULL, 'G'},
        {"junit", required_argument, NULL, 'J'},     {"fault-usb", required_argument, NULL, 'u'},
        {"retries", required_argument, NULL, 'Y'},   {"coverage", required_argument, NULL, 'O'},
        {"raw", no_argument, NULL, 'r'},          {"emulate-unimplemented", no_argument, NULL, 'U'},
        {"stress", required_argument, NULL, 'Z'},
        {"server-key", required_argument, NULL, 'k'}, {"client-key", required_argument, NULL, 'c'},
        {0}};
    uint64_t v, dump_bytes = 0;
    int opt;
    gh_getopt_reset();
    while ((opt = getopt_long(argc, argv, "qh", options, NULL)) != -1) {
        switch (opt) {
        case 'n':
            if (count_arg("max-insns", optarg, gh_units_count, 1, UINT64_MAX / 2, &a->run.max_insns) != 0)
                return GH_EXIT_USAGE;
            break;
        case 's': a->run.state_path = optarg; break;
        case 't': a->trace_path = optarg; break;
        case 'q': a->quiet = true; break;
        case 'r': a->raw = true; break;
        case 'm': {
            gh_mem_dump *d = &a->dumps[a->run.dump_count];
            char why[160];
            if (a->run.dump_count == MAX_DUMPS) {
                fprintf(stderr, "gpuhost run: --dump-mem: at most %d dumps\n", MAX_DUMPS);
                return GH_EXIT_USAGE;
            }
            if (gh_parse_dump(optarg, MAX_DUMP_BYTES - dump_bytes, gh_global_memory_end(), &d->addr, &d->len,
                              &d->path, why, sizeof why) != 0) {
                fprintf(stderr, "gpuhost run: --dump-mem '%s': %s (all dumps together: at most %llu MiB)\n",
                        optarg, why, MAX_DUMP_BYTES >> 20);
                return GH_EXIT_USAGE;
            }
            dump_bytes += d->len;
            a->run.dump_count++;
            break;
        }
        case 'B':
            if (count_arg("batch", optarg, NULL, 1, 1000000, &v) != 0)
                return GH_EXIT_USAGE;
            a->run.batch = (uint32_t)v;
            break;
        case 'W':
        case 'K':
        case 'G':
            a->lockstep_option = true;
            a->lockstep_option_name = opt == 'W' ? "--window" : opt == 'K' ? "--check-every" : "--free-run";
            if (opt == 'G')
                a->run.free_running = true;
            else if (count_arg(opt == 'W' ? "window" : "check-every", optarg, opt == 'W' ? NULL : gh_units_count,
                               1, opt == 'W' ? 1000 : UINT64_MAX / 2, &v) != 0)
                return GH_EXIT_USAGE;
            else if (opt == 'W')
                a->run.window = (uint32_t)v;
            else
                a->run.check_every = v;
            break;
        case 'U':
            a->lockstep_option = true;
            a->lockstep_option_name = "--emulate-unimplemented";
            a->run.emulate_unimplemented = true;
            break;
        case 'C':
            if (strcmp(optarg, "full") != 0) {
                fprintf(stderr, "gpuhost run: --check takes 'full'\n");
                return GH_EXIT_USAGE;
            }
            a->lockstep_option = true;
            a->lockstep_option_name = "--check=full";
            a->run.check_every = 1;
            break;
        case 'T':
            if (gh_option_u64("run", "timeout", "milliseconds", optarg, gh_units_ms, 1, 3600000, &v) != 0)
                return GH_EXIT_USAGE;
            a->target.timeout_ms = (uint32_t)v;
            break;
        case 'E': a->target.endpoint = optarg; break;
        case 'k': a->target.server_key = optarg; break;
        case 'c': a->target.client_key = optarg; break;
        case 'S': a->target.server = optarg; break;
        case 'F': a->target.fault = a->run.fault = optarg; break;
        case 'u': a->target.fault_usb = optarg; break;
        case 'R': a->target.serial = optarg; break;
        case 'V': a->target.wave = optarg; break;
        case 'X':
            if (count_arg("wave-window", optarg, NULL, 1, 1000000, &a->target.wave_window) != 0)
                return GH_EXIT_USAGE;
            break;
        case 'Z': a->target.stress = optarg; break;
        case 'J': a->junit = optarg; break;
        case 'O': a->coverage_path = optarg; break;
        case 'Y':
            if (count_arg("retries", optarg, NULL, 0, 10, &v) != 0)
                return GH_EXIT_USAGE;
            a->retries = (unsigned)v;
            break;
        case 'h': usage(stdout); return -1;
        default: usage(stderr); return GH_EXIT_USAGE;
        }
    }
    if (optind != argc - 1) {
        usage(stderr);
        return GH_EXIT_USAGE;
    }
    if (a->target.wave_window && !a->target.wave) {
        fprintf(stderr, "gpuhost run: --wave-window needs --wave FILE.fst\n");
        return GH_EXIT_USAGE;
    }
    if (a->run.free_running && (a->run.fault || a->run.check_every || a->run.emulate_unimplemented)) {
        fprintf(stderr, "gpuhost run: --free-run compares nothing: it cannot take %s\n",
                a->run.fault ? "--fault" : a->run.check_every ? "--check-every" : "--emulate-unimplemented");
        return GH_EXIT_USAGE;
    }
    a->run.dumps = a->dumps;
    return GH_EXIT_OK;
}

/* A run that ended as it should (PASS, or a free run's end): a file it could
 * not write then makes it an I/O error. */
static bool ended_well(int rc)
{
    return rc == GH_EXIT_OK || rc == GH_EXIT_UNVERIFIED;
}

/* The run's verdict as an exit status. */
static int exit_status(const gh_run_result *res)
{
    switch (res->verdict) {
    case GH_PASS: return res->io_error ? GH_EXIT_IO : GH_EXIT_OK;
    case GH_FINISHED: return res->io_error ? GH_EXIT_IO : GH_EXIT_UNVERIFIED;
    case GH_DUT_FAILED: return GH_EXIT_DUT;
    case GH_EMULATED: return GH_EXIT_EMULATED;
    case GH_FAIL: return GH_EXIT_FAIL;
    case GH_DIVERGED: return GH_EXIT_DIVERGED;
    case GH_TRAPPED: return GH_EXIT_TRAP;
    case GH_LIMIT: return GH_EXIT_LIMIT;
    case GH_UNSUPPORTED: return GH_EXIT_UNSUPPORTED;
    default: return GH_EXIT_TARGET;
    }
}

/* One attempt: open the board's target, run, report. An exit status. */
static int attempt_run(const gh_board *b, const isa_kernel *k, const char *path, run_args *a)
{
    gh_target *t = NULL;
    char err[768];
    int rc = gh_target_open(b, &a->target, &t, err, sizeof err);
    if (rc != 0) { /* an option refused is a usage error, not the target's; a refusal is never retried */
        a->refused = rc == GH_ERR_PROTOCOL;
        gh_say("%s: %s\n", rc == GH_ERR_USAGE ? "gpuhost run" : a->refused ? "TARGET REFUSED" : "TARGET ERROR", err);
        return rc == GH_ERR_USAGE ? GH_EXIT_USAGE : GH_EXIT_TARGET;
    }
    if (gh_target_warning(t)[0])
        fprintf(stderr, "gpuhost: warning: %s\n", gh_target_warning(t));
    gh_warn_old_contract(t);
    gh_run_result *res = malloc(sizeof *res);
    if (!res) {
        fprintf(stderr, "gpuhost: out of memory\n");
        rc = GH_EXIT_TARGET;
    } else {
        gh_run(t, k, &a->run, res);
        gh_report_run(b, t, k, path, &a->run, res, a->quiet);
        rc = exit_status(res);
        if (res->verdict == GH_DIVERGED)
            gh_record_waveform(b, k, &a->target, &a->run, res->divergence_at);
    }
    free(res);
    gh_target_close(&t);
    return rc;
}

#define RUN_DEFAULTS {.run = {.max_insns = 100000000, .batch = 1024}}

int gh_cmd_run_parse_only(int argc, char **argv)
{
    run_args a = RUN_DEFAULTS;
    int rc = parse(argc, argv, &a);
    return rc < 0 ? GH_EXIT_OK : rc;
}

int gh_cmd_run(const char *board, int argc, char **argv)
{
    run_args a = RUN_DEFAULTS;
    int rc = parse(argc, argv, &a);
    if (rc != GH_EXIT_OK)
        return rc < 0 ? GH_EXIT_OK : rc;
    gh_board b;
    if ((rc = gh_board_lookup(board, &b)) != GH_EXIT_OK)
        return rc;
    bool lockstep = b.transport != GH_TRANSPORT_MODEL;
    if (!lockstep && a.lockstep_option) {
        fprintf(stderr, "gpuhost run: option %s: board %s runs the model alone and cannot honour it\n",
                a.lockstep_option_name, b.name);
        return GH_EXIT_USAGE;
    }
    const char *path = argv[optind];
    isa_kernel *k = NULL;
    if (gh_read_kernel("run", path, a.raw, true, &k) != 0)
        return GH_EXIT_INPUT;
    gh_run_stream trace = {.option = "--trace", .path = a.trace_path},
                  coverage = {.option = "--coverage", .path = a.coverage_path};
    if ((a.run.trace = gh_run_stream_open(&trace)) == NULL && a.trace_path) {
        isa_kernel_destroy(&k);
        return GH_EXIT_IO;
    }
    if ((a.run.coverage = gh_run_stream_open(&coverage)) == NULL && a.coverage_path) {
        isa_outfile_abort(&trace.out);
        isa_kernel_destroy(&k);
        return GH_EXIT_IO;
    }
    double t0 = now();
    gh_install_signal_handlers();
    gh_ctest_instance pooled;
    if (gh_ctest_resource(b.name, &pooled) != 0) {
        isa_kernel_destroy(&k);
        return GH_EXIT_USAGE;
    }
    if (pooled.serial[0] && !a.target.serial)
        a.target.serial = pooled.serial;
    if (pooled.endpoint[0] && !a.target.endpoint) {
        a.target.endpoint = pooled.endpoint;
        if (pooled.server_key[0] && !a.target.server_key) /* the pool's keys go with its endpoint */
            a.target.server_key = pooled.server_key;
        if (pooled.client_key[0] && !a.target.client_key)
            a.target.client_key = pooled.client_key;
    }
    a.run.lockstep = lockstep;
    a.run.progress = gh_progress;
    for (unsigned attempt = 0;; attempt++) {
        rc = attempt_run(&b, k, path, &a);
        if (rc != GH_EXIT_TARGET || a.refused || attempt == a.retries)
            break;
        gh_say("RETRY %u of %u: a target error is retried (a divergence or FAIL never is)\n", attempt + 1,
               a.retries);
        /* a USB fault is one event of the link: each attempt starts an emulated
         * board afresh, so it strikes the first attempt only, as a flaky link
         * does; but a board unplugged stays unplugged */
        if (a.target.fault_usb && strncmp(a.target.fault_usb, "unplug", 6) != 0)
            a.target.fault_usb = NULL;
        if ((a.run.coverage && !(a.run.coverage = gh_run_stream_restart(&coverage))) ||
            (a.run.trace && !(a.run.trace = gh_run_stream_restart(&trace)))) {
            rc = GH_EXIT_IO;
            break;
        }
    }
    /* a failed output is always said; it sets the exit status of a run that ended well */
    rc = gh_run_stream_close(&coverage, rc, ended_well(rc));
    rc = gh_run_stream_close(&trace, rc, ended_well(rc));
    if (a.junit && gh_write_junit(a.junit, board, path, rc, now() - t0) != 0 && ended_well(rc))
        rc = GH_EXIT_IO;
    isa_kernel_destroy(&k);
    return rc;
}
