/* gpuhost run: load a kernel, run it on the chosen board, check its
 * expectations. Today the model board runs alone; lockstep targets join with
 * the RTL and USB backends. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gm/model.h"
#include "lib/load.h"
#include "lib/report.h"

#define MAX_DUMPS 16

static void usage(FILE *f)
{
    fputs("usage: gpuhost [--board NAME] run KERNEL [options]\n"
          "  KERNEL                   kernel.bin (ELF or raw words) or kernel.s (assembled on the fly)\n"
          "  --max-insns N            stop after N warp-instructions (default 100000000)\n"
          "  --dump-state FILE.json   write the final state of every warp\n"
          "  --dump-mem ADDR:LEN:FILE write LEN bytes of global memory at ADDR (repeatable)\n"
          "  --trace FILE.jsonl       write one commit record a line\n"
          "  -q, --quiet              print only the verdict\n"
          "  --junit FILE.xml         also write the verdict as a JUnit XML test case (for CI)\n"
          "lockstep boards (rtl, modelsim):\n"
          "  --batch N                commit records per message (default 1024)\n"
          "  --window N               messages in flight (default 2)\n"
          "  --check-every K          compare full state every K instructions (default: at the end)\n"
          "  --check=full             compare full state after every instruction (batch 1)\n"
          "  --timeout MS             longest wait for the target (default 10000)\n"
          "  --endpoint URL           use a server started elsewhere (ipc://... or tcp://...)\n"
          "  --server PATH            server program to start (default: the build's)\n"
          "  --fault KIND:AT[:PARAM]  ask the server to inject a fault (testing)\n"
          "  --wave FILE.fst          rtl: after a divergence, re-run and record the cycles around it\n"
          "  --free-run               stream the target's records without the model (speed only)\n"
          "  --wave-window N          retires recorded before and after it (default 20)\n"
          "usb boards (usb, usbemu):\n"
          "  --serial S               the board with this serial number\n"
          "  --fault-usb KIND[:N]     usbemu: unplug, stall, stall-always, corrupt, drop, version, hang\n"
          "boards: see 'gpuhost boards' (model runs the functional model alone; the others\n"
          "        run in lockstep with it)\n"
          "exit status: 0 PASS, 1 input rejected, 2 usage error, 3 I/O error,\n"
          "             4 FAIL (an expectation does not hold), 5 the kernel trapped,\n"
          "             6 --max-insns reached first, 7 divergence, 8 target error,\n"
          "             9 the target lacks an instruction the kernel uses\n",
          f);
}

typedef struct {
    uint64_t addr, len;
    const char *path;
} mem_dump;

static int parse_dump(const char *arg, mem_dump *d)
{
    char *end;
    errno = 0;
    d->addr = strtoull(arg, &end, 0);
    if (errno || *end != ':')
        return -1;
    d->len = strtoull(end + 1, &end, 0);
    if (errno || *end != ':' || !end[1] || d->len == 0)
        return -1;
    d->path = end + 1;
    return 0;
}

static int write_dumps(const gm_model *m, const mem_dump *dumps, int count)
{
    for (int i = 0; i < count; i++) {
        FILE *f = fopen(dumps[i].path, "wb");
        if (!f) {
            fprintf(stderr, "gpuhost run: cannot write %s: %s\n", dumps[i].path, strerror(errno));
            return -1;
        }
        uint8_t buf[4096];
        for (uint64_t off = 0; off < dumps[i].len; off += sizeof buf) {
            size_t n = dumps[i].len - off < sizeof buf ? (size_t)(dumps[i].len - off) : sizeof buf;
            if (gm_read_memory(m, dumps[i].addr + off, buf, n) != 0 || fwrite(buf, 1, n, f) != n) {
                fprintf(stderr, "gpuhost run: %s: address range 0x%" PRIx64 "+0x%" PRIx64
                        " is outside memory\n", dumps[i].path, dumps[i].addr, dumps[i].len);
                fclose(f);
                return -1;
            }
        }
        if (fclose(f) != 0)
            return -1;
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int gh_cmd_run(const char *board, int argc, char **argv)
{
    static const struct option options[] = {
        {"max-insns", required_argument, NULL, 'n'}, {"dump-state", required_argument, NULL, 's'},
        {"dump-mem", required_argument, NULL, 'm'},  {"trace", required_argument, NULL, 't'},
        {"quiet", no_argument, NULL, 'q'},           {"board", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},            {"batch", required_argument, NULL, 'B'},
        {"window", required_argument, NULL, 'W'},    {"check-every", required_argument, NULL, 'K'},
        {"check", required_argument, NULL, 'C'},     {"timeout", required_argument, NULL, 'T'},
        {"endpoint", required_argument, NULL, 'E'},  {"server", required_argument, NULL, 'S'},
        {"fault", required_argument, NULL, 'F'},     {"serial", required_argument, NULL, 'R'},
        {"wave", required_argument, NULL, 'V'},      {"wave-window", required_argument, NULL, 'X'},
        {"free-run", no_argument, NULL, 'G'},        {"junit", required_argument, NULL, 'J'},
        {0}};
    gh_run_lockstep_opts lo = {.batch = 1024, .window = 2, .timeout_ms = 10000};
    const char *junit = NULL;
    uint64_t max_insns = 100000000;
    const char *state_path = NULL, *trace_path = NULL;
    mem_dump dumps[MAX_DUMPS];
    int dump_count = 0;
    bool quiet = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "qh", options, NULL)) != -1) {
        char *end;
        switch (opt) {
        case 'n':
            errno = 0;
            max_insns = strtoull(optarg, &end, 0);
            if (errno || *end || !max_insns) {
                fprintf(stderr, "gpuhost run: --max-insns takes a positive count, not '%s'\n", optarg);
                return GH_EXIT_USAGE;
            }
            break;
        case 's': state_path = optarg; break;
        case 't': trace_path = optarg; break;
        case 'q': quiet = true; break;
        case 'b': board = optarg; break;
        case 'm':
            if (dump_count == MAX_DUMPS || parse_dump(optarg, &dumps[dump_count]) != 0) {
                fprintf(stderr, "gpuhost run: --dump-mem takes ADDR:LEN:FILE (at most %d), not '%s'\n",
                        MAX_DUMPS, optarg);
                return GH_EXIT_USAGE;
            }
            dump_count++;
            break;
        case 'B':
        case 'W':
        case 'K':
        case 'T': {
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 0);
            if (errno || *end || (opt != 'K' && v == 0) || (opt != 'K' && v > 1000000)) {
                fprintf(stderr, "gpuhost run: --%s takes a positive count, not '%s'\n",
                        opt == 'B' ? "batch" : opt == 'W' ? "window" : opt == 'K' ? "check-every" : "timeout",
                        optarg);
                return GH_EXIT_USAGE;
            }
            if (opt == 'B')
                lo.batch = (uint32_t)v;
            else if (opt == 'W')
                lo.window = (uint32_t)v;
            else if (opt == 'K')
                lo.check_every = v;
            else
                lo.timeout_ms = (uint32_t)v;
            break;
        }
        case 'C':
            if (strcmp(optarg, "full") != 0) {
                fprintf(stderr, "gpuhost run: --check takes 'full'\n");
                return GH_EXIT_USAGE;
            }
            lo.batch = 1;
            lo.check_every = 1;
            break;
        case 'E': lo.endpoint = optarg; break;
        case 'S': lo.server = optarg; break;
        case 'F': lo.fault = optarg; break;
        case 'R': lo.serial = optarg; break;
        case 'V': lo.wave = optarg; break;
        case 'G': lo.free_running = true; break;
        case 'J': junit = optarg; break;
        case 'X':
            errno = 0;
            lo.wave_window = strtoull(optarg, &end, 0);
            if (errno || *end || !lo.wave_window) {
                fprintf(stderr, "gpuhost run: --wave-window takes a positive count\n");
                return GH_EXIT_USAGE;
            }
            break;
        case 'h': usage(stdout); return GH_EXIT_OK;
        default: usage(stderr); return GH_EXIT_USAGE;
        }
    }
    if (optind != argc - 1) {
        usage(stderr);
        return GH_EXIT_USAGE;
    }
    gh_board b;
    int found = gh_board_lookup(board, &b);
    if (found != GH_EXIT_OK)
        return found;
    bool lockstep = b.transport != GH_TRANSPORT_MODEL;
    const char *path = argv[optind];
    isa_kernel *k = NULL;
    if (gh_load_kernel(path, &k, stderr) != 0)
        return GH_EXIT_INPUT;
    if (lockstep) {
        lo.max_insns = max_insns;
        lo.quiet = quiet;
        double t0 = now();
        int rc = gh_run_lockstep(&b, k, path, &lo);
        isa_kernel_destroy(&k);
        if (junit && gh_write_junit(junit, board, path, rc, now() - t0) != 0 && rc == GH_EXIT_OK)
            rc = GH_EXIT_IO;
        return rc;
    }
    char err[256];
    gm_model *m = gm_new(k, err, sizeof err);
    if (!m) {
        fprintf(stderr, "gpuhost run: %s: %s\n", path, err);
        isa_kernel_destroy(&k);
        return GH_EXIT_INPUT;
    }
    FILE *trace = NULL;
    if (trace_path && !(trace = fopen(trace_path, "w"))) {
        fprintf(stderr, "gpuhost run: cannot write %s: %s\n", trace_path, strerror(errno));
        gm_destroy(&m);
        isa_kernel_destroy(&k);
        return GH_EXIT_IO;
    }
    wire_commit *rec = malloc(sizeof *rec);
    int result = GM_STEP_OK;
    double start = now();
    double last_progress = start;
    for (uint64_t n = 0; rec && n < max_insns && result == GM_STEP_OK; n++) {
        result = gm_step(m, rec);
        if ((n & 0xffff) == 0 && now() - last_progress >= 1.0) {
            last_progress = now();
            gh_progress(n);
        }
        if (trace && result != GM_STEP_DONE)
            gh_write_commit_json(trace, rec);
    }
    double seconds = now() - start;
    free(rec);
    int status = GH_EXIT_OK;
    if (trace && fclose(trace) != 0)
        status = GH_EXIT_IO;
    uint64_t insns = gm_instruction_count(m);
    if (!quiet)
        gh_say("board model: %s: %" PRIu64 " instructions, %u warps, %.3f s (%.0f instructions/s)\n",
               path, insns, gm_warp_count(m), seconds, seconds > 0 ? (double)insns / seconds : 0.0);
    if (result == GM_STEP_TRAP) {
        gh_say("TRAP: %s\n", gm_trap_message(m));
        status = GH_EXIT_TRAP;
    } else if (result == GM_STEP_OK) {
        gh_say("LIMIT: stopped after %" PRIu64 " instructions (--max-insns) before the kernel finished\n",
               insns);
        status = GH_EXIT_LIMIT;
    } else {
        char report[256];
        unsigned bad = gm_check_expectations(m, k, report, sizeof report);
        size_t checks = k->expect_reg_count + k->expect_mem_count;
        if (bad) {
            gh_say("FAIL: %s (%u mismatching value%s)\n", report, bad, bad == 1 ? "" : "s");
            status = GH_EXIT_FAIL;
        } else if (checks) {
            gh_say("PASS: %zu expectation%s hold\n", checks, checks == 1 ? "" : "s");
        } else {
            gh_say("PASS: finished (the kernel has no .expect directives)\n");
        }
    }
    if (state_path) {
        FILE *f = fopen(state_path, "w");
        if (!f || gh_write_state_json(f, m) != 0 || fclose(f) != 0) {
            fprintf(stderr, "gpuhost run: cannot write %s\n", state_path);
            status = status ? status : GH_EXIT_IO;
        }
    }
    if (write_dumps(m, dumps, dump_count) != 0)
        status = status ? status : GH_EXIT_IO;
    if (junit && gh_write_junit(junit, board, path, status, seconds) != 0)
        status = status ? status : GH_EXIT_IO;
    gm_destroy(&m);
    isa_kernel_destroy(&k);
    return status;
}
