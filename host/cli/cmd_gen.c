/* gpuhost gen: a random kernel over the instructions the board's target
 * implements that runs to completion without traps, lockstep test material:
 * random legal instructions, with memory, constant and register-index
 * operands kept in range and control flow built as bounded constructs
 * (libisa, isa/random_kernel.h). Clock reads are made unless the board is
 * real hardware, whose clock counts cycles where the model counts
 * instructions (--clock / --no-clock decide). The kernel fits what the
 * target declares: its warps (a --warps beyond them is refused, the default
 * lowered to them), its implemented set, and its code memory (a longer
 * stream repeats a body it holds, in a loop); what cannot fit is exit 9. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isa/isa.h"
#include "numarg.h"
#include "target_args.h"
#include "isa/outfile.h"
#include "isa/random_kernel.h"

/* Beyond this the source outgrows what the assembler reads (isa/asmfile.h). */
#define GEN_MAX_COUNT 1000000ull

int gh_cmd_gen(const char *board, int argc, char **argv)
{
    static const struct option options[] = {{"seed", required_argument, NULL, 's'},
                                            {"count", required_argument, NULL, 'n'},
                                            {"warps", required_argument, NULL, 'w'},
                                            {"output", required_argument, NULL, 'o'},
                                            {"clock", no_argument, NULL, 'K'},
                                            {"no-clock", no_argument, NULL, 'N'},
                                            {"help", no_argument, NULL, 'h'},
                                            GH_TARGET_LONG_OPTIONS,
                                            {0}};
    gh_target_opts to = {0};
    bool warps_given = false;
    uint64_t seed = 1, count = 1000, warps = 2;
    int clock = -1; /* the board decides */
    const char *output = NULL;
    int opt;
    gh_getopt_reset();
    while ((opt = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
        int taken = gh_target_option("gen", opt, optarg, &to);
        if (taken != 1) {
            if (taken != 0)
                return GH_EXIT_USAGE;
            continue;
        }
        switch (opt) {
        case 's':
            if (gh_option_u64("gen", "seed", "a number", optarg, NULL, 0, UINT64_MAX, &seed) != 0)
                return GH_EXIT_USAGE;
            break;
        case 'n':
            if (gh_option_u64("gen", "count", "a count", optarg, gh_units_count, 1, GEN_MAX_COUNT, &count) != 0)
                return GH_EXIT_USAGE;
            break;
        case 'w':
            if (gh_option_u64("gen", "warps", "a count", optarg, NULL, 1, ISA_KERNEL_MAX_WARPS, &warps) != 0)
                return GH_EXIT_USAGE;
            warps_given = true;
            break;
        case 'o': output = optarg; break;
        case 'K':
        case 'N': clock = opt == 'K'; break;
        default:
            fprintf(opt == 'h' ? stdout : stderr,
                    "usage: gpuhost [--board NAME] gen [--seed S] [--count N] [--warps W] [--[no-]clock] [-o FILE.s]\n"
                    "                                  " GH_TARGET_USAGE "\n"
                    "Writes a random kernel of about N instructions over every instruction the board implements\n"
                    "that runs to completion without traps: memory, constant and register-index operands in\n"
                    "range, branches, if/else regions (BSSY/BSYNC), bounded loops and lanes exiting early.\n"
                    "It fits what the target declares: W warps at most (default 2, or fewer if it has fewer),\n"
                    "and where its code memory cannot hold N instructions, a body it holds repeated in a loop\n"
                    "until about N have run; a kernel that cannot fit is exit 9, saying why.\n"
                    "Clock reads (SR_CLOCKLO/HI) are made unless the board is real hardware (its clock counts\n"
                    "cycles, the model's instructions); --clock / --no-clock decide.\n");
            return opt == 'h' ? GH_EXIT_OK : GH_EXIT_USAGE;
        }
    }
    gh_board b;
    int found = gh_board_lookup(board, &b);
    if (found != GH_EXIT_OK)
        return found;
    isa_random_kernel_opts ko = {.seed = seed, .count = count};
    gh_target *t = NULL;
    char err[768];
    gh_install_signal_handlers();
    int rc = gh_target_open(&b, &to, &t, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "gpuhost: %s\n", err);
        return rc == GH_ERR_USAGE ? GH_EXIT_USAGE : GH_EXIT_TARGET;
    }
    gh_gen_fit(t, &ko);
    if (clock >= 0)
        ko.clock = clock;
    const gh_caps *caps = gh_target_caps(t);
    uint32_t max_warps = caps->max_warps;
    char name[sizeof caps->name];
    snprintf(name, sizeof name, "%s", caps->name);
    gh_target_close(&t);
    if (warps > max_warps) {
        if (warps_given) {
            fprintf(stderr, "gpuhost gen: --warps %llu: board %s's target (%s) has %u warp%s\n",
                    (unsigned long long)warps, b.name, name, max_warps, max_warps == 1 ? "" : "s");
            return GH_EXIT_USAGE;
        }
        warps = max_warps;
    }
    ko.warps = (uint32_t)warps;
    isa_outfile out = {0};
    if (output && isa_outfile_open(&out, output, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost gen: %s\n", err);
        return GH_EXIT_IO;
    }
    FILE *f = output ? out.f : stdout;
    rc = isa_random_kernel(f, stderr, &ko, err, sizeof err);
    if (rc != 0) {
        if (rc == ISA_RANDOM_KERNEL_UNFIT)
            fprintf(stderr, "gpuhost gen: board %s (%s): %s\n", b.name, name, err);
        else
            fprintf(stderr, "gpuhost gen: %s\n", err);
        if (output)
            isa_outfile_abort(&out);
        return rc == ISA_RANDOM_KERNEL_UNFIT ? GH_EXIT_UNSUPPORTED : GH_EXIT_INPUT;
    }
    if (output && isa_outfile_commit(&out, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost gen: %s\n", err);
        return GH_EXIT_IO;
    }
    return GH_EXIT_OK;
}
