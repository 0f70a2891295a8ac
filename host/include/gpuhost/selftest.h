/* libgpuhost: a target's first-day check, before any kernel is tried
 * (`gpuhost selftest`). The DUT port contract's transactions, driven over
 * the wire in a fixed order with the requests every run uses, each compared
 * with the functional model:
 *   reset      RESET and LAUNCH of every warp the target has: each warp's
 *              state (registers, predicates, uniforms, lane PCs, exited and
 *              waiting lanes) as the model's
 *   backdoor   WRITE_REG of each register kind (GPR, PRED, UR, UPRED) with
 *              distinct values per lane and warp, and LOAD_MEM, read back
 *              (READ_STATE, WRITTEN_PAGES, MEM_DIGEST, READ_MEM)
 *   reset      RESET again clears what the backdoor wrote
 *   code load  LOAD_CODE of distinct words across several requests where
 *              the target's max_payload is small, each run once: every
 *              record's instruction word compared
 *   step       one instruction of each optype the target implements (or of
 *              each variant), a tiny kernel each (gen's: operands in range, a
 *              control-flow instruction in its construct), run on the target
 *              and on the model, full state compared after every instruction
 *              (left out with brief: on a slow target, a simulated SoC, they
 *              take minutes, and its core is the one a faster target steps)
 *   run        a random stream over everything it implements, fitted to its
 *              code memory and warps, one record a batch and one batch in
 *              flight (backpressure: the target waits for every credit)
 * The first step that fails ends it: which, the verdict and why. */
#ifndef GPUHOST_SELFTEST_H
#define GPUHOST_SELFTEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gpuhost/target.h"

typedef struct {
    bool every_variant; /* step: every implemented variant, not one per optype */
    bool brief;         /* no step of one instruction (said as skipped): the port's transactions only */
    uint64_t seed;      /* the random values and kernels (0: 1) */
    FILE *progress;     /* one line per step as it ends ("ok   ...", "skip ..."), or NULL */
} gh_selftest_opts;

typedef struct {
    int verdict;        /* GH_PASS, or the failing step's (enum gh_verdict, gpuhost/run.h) */
    unsigned passed;    /* steps that passed */
    unsigned skipped;   /* steps left out: an instruction gen cannot place alone (said in progress) */
    char failed[160];   /* the step that failed ("step IADD (IADD_R)"), "" when none */
    char report[16384]; /* why it failed */
} gh_selftest_result;

/* Runs the steps on t, stopping at the first that fails. */
void gh_selftest(gh_target *t, const gh_selftest_opts *o, gh_selftest_result *res);

#endif
