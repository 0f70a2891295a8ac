/* libgpuhost: the functional model one warp-instruction at a time, for a
 * testbench that drives its own DUT (a DPI-C scoreboard, Python, a custom
 * harness) instead of handing the run to gh_run.
 *
 * A record is the project's commit record (commit_record.h, installed beside
 * this header): what one warp-instruction changed. gh_model_check steps the
 * model and compares a record produced elsewhere with the model's, with the
 * engine, tolerance rules and divergence report of lockstep (gpuhost/run.h):
 * a scoreboard says exactly what `gpuhost run` would. */
#ifndef GPUHOST_MODEL_H
#define GPUHOST_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "gpuhost/commit_record.h"
#include "gpuhost/target.h"
#include "isa/kernel.h"

typedef wire_commit gh_record;
typedef struct gh_model gh_model;

/* Register kinds and lane statuses: enum wire_reg_kind, wire_lane_status
 * (commit_record.h): GPR, PRED, UR, UPRED, PC_LO, PC_HI, LANE_STATUS. */

/* A model loaded with the kernel's code, constants, memory, launch and
 * initial registers: 0, or GH_ERR_* with the reason in err. */
int gh_model_open(const isa_kernel *k, gh_model **out, char *err, size_t errlen);
void gh_model_close(gh_model **m); /* accepts NULL; *m becomes NULL */

enum gh_step_result { GH_STEP_RETIRED = 0, GH_STEP_DONE = 1, GH_STEP_TRAPPED = 2 };
/* Steps the next warp-instruction (round-robin, as every target): its record
 * in *out, and GH_STEP_*. DONE: every lane of every warp exited (out holds
 * nothing). TRAPPED: out is the trap record; stepping again retries it. */
int gh_model_step(gh_model *m, gh_record *out);
/* Why the model trapped ("warp 0, pc 0x20, lane 0: LDG ...: misaligned ..."). */
const char *gh_model_trap_message(const gh_model *m);
uint32_t gh_model_warps(const gh_model *m);

/* State. values[lane] per lane for GPR, PRED (0 or 1), PC_LO, PC_HI and
 * LANE_STATUS; values[0] for UR and UPRED. Writes apply to the lanes of
 * lane_mask. 0, or GH_ERR_RANGE (warp, kind or index out of range). */
int gh_model_read_reg(const gh_model *m, uint32_t warp, uint32_t kind, uint32_t index, uint32_t values[32]);
int gh_model_write_reg(gh_model *m, uint32_t warp, uint32_t kind, uint32_t index, uint32_t lane_mask,
                       const uint32_t values[32]);
int gh_model_read_mem(const gh_model *m, uint64_t addr, void *out, size_t len);
int gh_model_write_mem(gh_model *m, uint64_t addr, const void *in, size_t len);

/* Results a DUT may approximate (MUFU): the bounds its CAPS would declare
 * (gh_caps.tolerance). Without it every result must be exact. */
void gh_model_set_tolerance(gh_model *m, const gh_caps *caps);

enum gh_check_result {
    GH_CHECK_MATCH = 0,    /* the record is the model's (within the declared tolerance) */
    GH_CHECK_DIVERGED = 1, /* it is not: report says where and how, as lockstep does */
    GH_CHECK_UNIMPLEMENTED = 2, /* the target said UNIMPLEMENTED for the instruction the model ran
                                 * (the model stepped it): report names it and its variant, taken at
                                 * the target's word as lockstep takes it (UNSUPPORTED) */
};
/* Steps the model once and compares its record with `target` (its seq is
 * taken as the model's instruction count). A trap both sides agree on is a
 * MATCH whose record has WIRE_COMMIT_TRAP. A record after the model finished
 * is DIVERGED. report (always NUL-terminated) is "" on a match. */
int gh_model_check(gh_model *m, const gh_record *target, char *report, size_t len);
/* Whether gh_model_check takes a record of trap UNIMPLEMENTED at the DUT's
 * word (GH_CHECK_UNIMPLEMENTED; the default) or compares it as any record
 * (a DIVERGENCE): lockstep takes it at its word for a variant the core
 * declares lacking, or from a core of an older contract that could not. */
void gh_model_take_unimplemented(gh_model *m, int at_its_word);
/* The DUT says it finished: MATCH when the model has nothing left to run,
 * else DIVERGED with the instruction the DUT did not retire. */
int gh_model_check_done(gh_model *m, char *report, size_t len);
/* The kernel's .expect and .expect_mem lines on the model's state (after
 * the last check, the DUT's as far as every record showed it): the number
 * of values that do not hold, the first described in report ("" when 0). */
unsigned gh_model_check_expectations(const gh_model *m, const isa_kernel *k, char *report, size_t len);

#endif
