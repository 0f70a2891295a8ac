/* gpuhost --board NAME selftest: a target's first-day check before any
 * kernel is tried (gpuhost/selftest.h): the port contract's transactions in
 * a fixed order, each compared with the model; the first step that fails is
 * named with why, and the exit status is that of a run ending so. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "numarg.h"
#include "target_args.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost [--board NAME] selftest [--variants | --brief] [--seed S] [--fault KIND:AT[:PARAM]]\n"
          "                                       " GH_TARGET_USAGE "\n"
          "Drives the target through the DUT port contract's transactions, in this order, each\n"
          "compared with the functional model: the warps its board descriptor says, reset (every\n"
          "warp), the backdoor (each register kind, lane PCs and status, and global memory, written\n"
          "and read back), reset again, code load, one step of one instruction per implemented\n"
          "optype (--variants: per implemented variant), and a random run with one record a batch\n"
          "and one batch in flight. Stops at the first step that fails, naming it and why; a step\n"
          "larger than the target's code memory is skipped, saying so. The board must be a target\n"
          "other than the model (the model compared with itself proves nothing).\n"
          "  --brief      leave out the steps of one instruction (said as skipped): the port's\n"
          "               transactions only, for a slow target (a simulated SoC) whose core a\n"
          "               faster target (its RTL served alone) steps through them\n"
          "  --seed S     the random values and kernels (default 1)\n"
          "  --fault F    zmq boards: a DUT fault armed in the server (tests: which step shows it)\n"
          "exit status: 0 every step passed, 2 usage error (the model as the board among them),\n"
          "             7 a step diverged from the model, 8 target error (a stale descriptor among\n"
          "             them), 9 the target implements too little for the run step's kernel,\n"
          "             11 the DUT hung, broke the port contract or the wire protocol\n",
          f);
}

static int exit_status(int verdict)
{
    switch (verdict) {
    case GH_PASS: return GH_EXIT_OK;
    case GH_DIVERGED: return GH_EXIT_DIVERGED;
    case GH_DUT_FAILED: return GH_EXIT_DUT;
    case GH_UNSUPPORTED: return GH_EXIT_UNSUPPORTED;
    default: return GH_EXIT_TARGET;
    }
}

int gh_cmd_selftest(const char *board, int argc, char **argv)
{
    static const struct option options[] = {GH_TARGET_LONG_OPTIONS,
                                            {"variants", no_argument, NULL, 'v'},
                                            {"brief", no_argument, NULL, 'b'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"fault", required_argument, NULL, 'F'},
                                            {"help", no_argument, NULL, 'h'},
                                            {0}};
    gh_target_opts to = {0};
    gh_selftest_opts so = {.seed = 1, .progress = stdout};
    int opt;
    gh_getopt_reset();
    while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
        int taken = gh_target_option("selftest", opt, optarg, &to);
        if (taken == 0)
            continue;
        if (taken != 1)
            return GH_EXIT_USAGE;
        if (opt == 'v')
            so.every_variant = true;
        else if (opt == 'b')
            so.brief = true;
        else if (opt == 'F')
            to.fault = optarg;
        else if (opt == 's') {
            if (gh_option_u64("selftest", "seed", "a number", optarg, NULL, 1, UINT64_MAX / 2, &so.seed) != 0)
                return GH_EXIT_USAGE;
        } else {
            usage(opt == 'h' ? stdout : stderr);
            return opt == 'h' ? GH_EXIT_OK : GH_EXIT_USAGE;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "gpuhost selftest: takes no arguments\n");
        return GH_EXIT_USAGE;
    }
    if (so.brief && so.every_variant) {
        fprintf(stderr, "gpuhost selftest: --brief leaves out the steps --variants multiplies: not both\n");
        return GH_EXIT_USAGE;
    }
    gh_board b;
    int rc = gh_board_lookup(board, &b);
    if (rc != GH_EXIT_OK)
        return rc;
    if (b.transport == GH_TRANSPORT_MODEL) { /* it would compare the model with itself and prove nothing */
        fprintf(stderr, "gpuhost selftest: board %s is the functional model itself, which selftest compares the "
                "target with: name a target with --board (modelsim, rtl, usb, ...)\n", b.name);
        return GH_EXIT_USAGE;
    }
    gh_install_signal_handlers();
    gh_target *t = NULL;
    char err[768];
    rc = gh_target_open(&b, &to, &t, err, sizeof err);
    if (rc == GH_ERR_USAGE) {
        fprintf(stderr, "gpuhost selftest: %s\n", err);
        return GH_EXIT_USAGE;
    }
    if (rc != 0) { /* the first step: the target must open as the board asked for */
        printf("FAIL selftest of board %s: %s: %s\n", b.name, rc == GH_ERR_PROTOCOL ? "TARGET REFUSED" : "TARGET ERROR",
               err);
        return GH_EXIT_TARGET;
    }
    if (gh_target_warning(t)[0])
        fprintf(stderr, "gpuhost: warning: %s\n", gh_target_warning(t));
    gh_warn_old_contract(t);
    printf("selftest of board %s (%s)\n", b.name, gh_target_caps(t)->name);
    fflush(stdout);
    static gh_selftest_result res;
    gh_selftest(t, &so, &res);
    gh_target_close(&t);
    if (res.verdict == GH_PASS)
        printf("PASS: %u steps passed, %u skipped\n", res.passed, res.skipped);
    else
        printf("FAIL %s\n%s: the first failing step, after %u passed\n%s", res.failed, gh_verdict_name(res.verdict),
               res.passed, res.report);
    return exit_status(res.verdict);
}
