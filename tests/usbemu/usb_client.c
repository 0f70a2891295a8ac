/* usb_client: a small libusb program for the usbemu tests and benchmarks,
 * standing in for `gpuhost --board usb` until the CLI has it (same options,
 * same exit codes, same messages).
 *   usb_client [--board usb] run KERNEL [--serial S] [--timeout MS] [--batch N] [--window N]
 *              [--max-insns N] [--quiet]          lockstep over USB
 *   usb_client ping N [--serial S] [--timeout MS]  N HELLO round trips, timed
 *   usb_client open [--serial S]                   open the board, print its CAPS */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/load.h"
#include "lib/lockstep.h"
#include "lib/transport_usb.h"

enum { EXIT_OK = 0, EXIT_USAGE = 2, EXIT_INPUT = 1, EXIT_FAIL = 4, EXIT_TRAP = 5, EXIT_LIMIT = 6,
       EXIT_DIVERGED = 7, EXIT_TARGET = 8, EXIT_UNSUPPORTED = 9 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* t->error, completed with the transport's own sentence when it has one. */
static const char *why(gh_target *t, void *ctx)
{
    static char buf[1200];
    const char *u = gh_usb_error(ctx);
    if (u[0] && !strstr(t->error, u))
        snprintf(buf, sizeof buf, "%s: %s", t->error, u);
    else
        snprintf(buf, sizeof buf, "%s", t->error);
    return buf;
}

static void print_stats(void *ctx)
{
    gh_usb_stats s;
    gh_usb_get_stats(ctx, &s);
    if (s.stalls_cleared)
        fprintf(stderr, "usb: %u stall%s cleared and retried\n", s.stalls_cleared, s.stalls_cleared == 1 ? "" : "s");
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"serial", required_argument, NULL, 's'}, {"timeout", required_argument, NULL, 'T'},
        {"batch", required_argument, NULL, 'B'},  {"window", required_argument, NULL, 'W'},
        {"max-insns", required_argument, NULL, 'n'}, {"quiet", no_argument, NULL, 'q'},
        {"board", required_argument, NULL, 'b'},  {0}};
    const char *serial = NULL;
    uint32_t timeout = 10000, batch = 1024, window = 2;
    uint64_t max_insns = 100000000;
    int quiet = 0, opt;
    while ((opt = getopt_long(argc, argv, "q", options, NULL)) != -1) {
        switch (opt) {
        case 's': serial = optarg; break;
        case 'T': timeout = (uint32_t)strtoul(optarg, NULL, 0); break;
        case 'B': batch = (uint32_t)strtoul(optarg, NULL, 0); break;
        case 'W': window = (uint32_t)strtoul(optarg, NULL, 0); break;
        case 'n': max_insns = strtoull(optarg, NULL, 0); break;
        case 'q': quiet = 1; break;
        case 'b':
            if (strcmp(optarg, "usb") != 0) {
                fprintf(stderr, "usb_client: only --board usb\n");
                return EXIT_USAGE;
            }
            break;
        default: return EXIT_USAGE;
        }
    }
    if (optind >= argc || !batch || !window || !timeout) {
        fprintf(stderr, "usage: usb_client [--board usb] run KERNEL | ping N | open [options]\n");
        return EXIT_USAGE;
    }
    const char *cmd = argv[optind], *arg = optind + 1 < argc ? argv[optind + 1] : NULL;
    isa_kernel *k = NULL;
    if (strcmp(cmd, "run") == 0) {
        if (!arg || gh_load_kernel(arg, &k, stderr) != 0)
            return arg ? EXIT_INPUT : EXIT_USAGE;
    } else if (strcmp(cmd, "ping") != 0 && strcmp(cmd, "open") != 0) {
        fprintf(stderr, "usb_client: unknown command %s\n", cmd);
        return EXIT_USAGE;
    }

    gh_usb_params p = gh_usb_reference(serial, timeout);
    const gh_transport_ops *ops;
    void *ctx;
    char err[1024];
    if (gh_usb_open(&p, &ops, &ctx, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost run: %s\n", err);
        isa_kernel_destroy(&k);
        return EXIT_TARGET;
    }
    gh_target t;
    gh_target_init(&t, ops, ctx, timeout);
    t.alive = gh_usb_alive;
    t.alive_ctx = ctx;
    int status = EXIT_TARGET;
    if (gh_target_hello(&t) != 0) {
        fprintf(stderr, "gpuhost run: usb: %s\n", why(&t, ctx));
        goto out;
    }
    if (strcmp(cmd, "open") == 0) {
        printf("board usb: %s, %u warps x %u lanes, batch <= %u\n", t.caps.name, t.caps.max_warps, t.caps.lanes,
               t.caps.max_batch);
        status = EXIT_OK;
        goto out;
    }
    if (strcmp(cmd, "ping") == 0) {
        long n = arg ? strtol(arg, NULL, 0) : 1000;
        double start = now();
        for (long i = 0; i < n; i++)
            if (gh_target_hello(&t) != 0) {
                fprintf(stderr, "gpuhost run: usb: %s\n", why(&t, ctx));
                goto out;
            }
        double s = now() - start;
        printf("ping: %ld HELLO round trips in %.3f s: %.0f round trips/s (%.1f us each)\n", n, s, n / s,
               1e6 * s / (double)n);
        status = EXIT_OK;
        goto out;
    }
    gh_lockstep_opts lo = {.max_insns = max_insns, .batch = batch, .window = window};
    gh_lockstep_result *res = malloc(sizeof *res);
    gh_lockstep_run(&t, k, &lo, res);
    if (!quiet)
        printf("board usb (%s): %s: %" PRIu64 " instructions in lockstep, %u warps, batch %u, %.3f s "
               "(%.0f instructions/s)\n",
               t.caps.name, arg, res->instructions, k->warps, batch, res->seconds,
               res->seconds > 0 ? (double)res->instructions / res->seconds : 0.0);
    switch (res->verdict) {
    case GH_PASS: printf("PASS: lockstep clean\n"); status = EXIT_OK; break;
    case GH_FAIL: printf("FAIL: %s", res->report); status = EXIT_FAIL; break;
    case GH_DIVERGED: printf("%s", res->report); status = EXIT_DIVERGED; break;
    case GH_TRAPPED: printf("%s", res->report); status = EXIT_TRAP; break;
    case GH_LIMIT: printf("LIMIT\n"); status = EXIT_LIMIT; break;
    case GH_UNSUPPORTED: printf("UNSUPPORTED: %s", res->report); status = EXIT_UNSUPPORTED; break;
    default: {
        printf("TARGET ERROR: %s", res->report);
        const char *u = gh_usb_error(ctx);
        if (u[0] && !strstr(res->report, u))
            printf("  usb: %s\n", u);
        status = EXIT_TARGET;
        break;
    }
    }
    free(res);
out:
    print_stats(ctx);
    gh_target_close(&t);
    isa_kernel_destroy(&k);
    return status;
}
