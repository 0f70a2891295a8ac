/* libgpuhost: running a kernel on a target, alone or in lockstep with the
 * functional model.
 *
 * In lockstep the target streams batched commit records; the model is
 * stepped once per record and every field of every record is compared
 * (flags, trap, masks, branch lanes and target, every register, predicate,
 * uniform and memory write). Full state (registers, predicates, uniforms,
 * lane PCs, waiting and exited lanes, and every memory page the loader
 * placed or either side wrote) is compared every `check_every` instructions
 * exactly, and at the end. Register values of instructions hardware may
 * approximate (MUFU) may differ within the bound the target declares in its
 * CAPS (gpuhost/target.h, gh_tolerance); such values are counted, and the
 * model takes them. The verdict starts unknown: PASS is set on one
 * path only, after the end of the run agreed with the model's, the final
 * state matched and the expectations held on both sides. */
#ifndef GPUHOST_RUN_H
#define GPUHOST_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gpuhost/target.h"

enum gh_verdict {
    GH_VERDICT_UNKNOWN = 0, /* never reported as a result: a bug if seen */
    GH_PASS,          /* lockstep clean (or, alone, finished) and every expectation holds */
    GH_FAIL,          /* both agreed, but an .expect does not hold */
    GH_DIVERGED,      /* the target differs from the model */
    GH_TRAPPED,       /* the kernel trapped (both sides agree) */
    GH_LIMIT,         /* max_insns reached, clean so far */
    GH_TARGET_ERROR,  /* the target failed: link, server, a fault that never struck (a retry may help) */
    GH_UNSUPPORTED,   /* the kernel needs what the target lacks (named before running) */
    GH_FINISHED,      /* free run: the target finished; nothing was compared */
    GH_DUT_FAILED,    /* the DUT hung (watchdog), broke the port contract or the wire protocol: never retried */
    GH_EMULATED,      /* lockstep clean, but the host emulated instructions the board's `lacks` does not name */
};
const char *gh_verdict_name(int verdict); /* "PASS", "DIVERGENCE", ... */
#define GH_MAX_VARIANTS 256 /* opcode variants a variant map names (gh_caps.lacking) */

typedef struct {
    uint64_t addr, len;
    const char *path;
} gh_mem_dump;
/* Global memory is addresses 0 .. gh_global_memory_end()-1 (the model's
 * limit: accesses at or above it trap); a dump must lie inside it. */
uint64_t gh_global_memory_end(void);

/* The records a run keeps in flight when its window is not given: small
 * batches get a wider window, so that a round trip per batch does not bound
 * the run (modelsim, batch 64: 0.63M instructions/s with 2 in flight, 2.2M
 * with 32; batch 1024: 1.8-4.4M with 2, 4.4-4.9M with 8, the server waiting
 * for credit while the host caught up). */
#define GH_RUN_RECORDS_IN_FLIGHT 8192u

typedef struct {
    uint64_t max_insns;   /* 0: no limit */
    uint32_t batch;       /* records per COMMITS frame (0: 1024) */
    uint32_t window;      /* batches in flight (0: GH_RUN_RECORDS_IN_FLIGHT records' worth, at least 2) */
    bool lockstep;        /* compare with the model; false: the target alone */
    bool free_running;    /* lockstep boards: stream without comparing (speed runs) */
    uint64_t check_every; /* full-state comparison every N instructions (0: at the end only) */
    const char *fault;    /* a fault armed in the DUT: a run that never shows it is an error */
    FILE *trace;          /* one JSON line per target record (and the model's at a divergence) */
    FILE *coverage;       /* a coverage record of what ran (compared, in lockstep): see gpuhost/coverage.h */
    const char *state_path;     /* --dump-state: the target's final state (and the model's) */
    const gh_mem_dump *dumps;   /* --dump-mem: the target's memory (and the model's) */
    unsigned dump_count;
    const char *waveform; /* a line for the divergence report, or NULL */
    /* lockstep: an instruction the target lacks (its variant map) and retires
     * UNIMPLEMENTED gets the model's effect through the target's backdoor
     * and the run goes on (counted in emulated); false: such a kernel is
     * UNSUPPORTED */
    bool emulate_unimplemented;
    void (*progress)(uint64_t instructions); /* about once a second, or NULL */
} gh_run_opts;

typedef struct {
    int verdict;
    uint64_t instructions;
    uint64_t state_checks;
    uint64_t pages_read;    /* memory pages read whole and compared at full-state checks (a digest is the
                               target's word: one page at random each check, every page under --check=full) */
    double seconds;
    double model_seconds;   /* lockstep: the host-side model's time, estimated by timing
                               1 step in 64 (chosen pseudo-randomly) */
    double state_check_seconds; /* the full-state checks' time: the target's state read and compared */
    uint64_t divergence_at; /* instruction index of a divergence */
    uint64_t tolerated;     /* register values that differed within the target's declared tolerance */
    uint32_t tolerated_max_ulp; /* the largest distance among them */
    bool io_error;          /* a trace or dump could not be written (said in the report) */
    bool at_limit;          /* the run stopped at max_insns, the kernel not finished (GH_LIMIT, GH_FINISHED) */
    uint64_t emulated;      /* instructions the host applied for the target (emulate_unimplemented) */
    uint64_t emulated_by_variant[GH_MAX_VARIANTS]; /* ...per ISA-table variant (isa_tables_get()->variants) */
    char report[16384];
} gh_run_result;

/* Runs k on t. res->report holds what to print. */
void gh_run(gh_target *t, const isa_kernel *k, const gh_run_opts *o, gh_run_result *res);

#endif
