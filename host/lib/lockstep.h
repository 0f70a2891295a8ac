/* libgpuhost: lockstep co-simulation. The target streams batched commit
 * records; the functional model is stepped once per record and the two are
 * compared (per lane under the exec mask, predicates, uniforms, memory
 * writes). Full state is compared at checkpoints and at the end. The first
 * difference stops the run and is reported precisely. */
#ifndef GH_LOCKSTEP_H
#define GH_LOCKSTEP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/kernel.h"
#include "target.h"

enum gh_verdict {
    GH_PASS = 0,
    GH_FAIL = 1,        /* both agreed, but an .expect does not hold */
    GH_DIVERGED = 2,    /* the target differs from the model */
    GH_TRAPPED = 3,     /* both trapped at the same instruction */
    GH_LIMIT = 4,       /* --max-insns reached */
    GH_TARGET_ERROR = 5,
    GH_UNSUPPORTED = 6, /* the kernel uses an instruction the target lacks */
};

typedef struct {
    uint64_t max_insns;
    uint32_t batch;       /* records per COMMITS frame */
    uint32_t window;      /* batches in flight */
    uint64_t check_every; /* full-state comparison every N instructions (0: at the end only) */
    const char *waveform; /* the report's waveform line (NULL: how to get one) */
    bool free_running;    /* stream the target's records without the model (speed runs) */
    void (*progress)(uint64_t instructions); /* called about once a second, or NULL */
} gh_lockstep_opts;

typedef struct {
    int verdict;
    uint64_t instructions;
    uint64_t state_checks;
    double seconds;
    uint64_t divergence_at; /* instruction index of a divergence */
    char report[16384];
} gh_lockstep_result;

/* t must have said HELLO. */
void gh_lockstep_run(gh_target *t, const isa_kernel *k, const gh_lockstep_opts *o,
                     gh_lockstep_result *res);

#endif
