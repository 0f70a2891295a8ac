/* libgpuhost private: the pieces of gh_selftest (selftest.c, the order of
 * the steps): checking one step's kernel (selftest_check.c) and writing the
 * kernels as assembly text (selftest_text.c). */
#ifndef GH_SELFTEST_STEPS_H
#define GH_SELFTEST_STEPS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "gpuhost/selftest.h"

typedef struct {
    gh_target *t;
    const gh_selftest_opts *o;
    gh_selftest_result *res;
    gh_text text;        /* res->report */
    uint64_t rng;        /* the values the kernels write */
    gh_run_result *run;  /* scratch of the lockstep steps */
    wire_state *scratch; /* scratch of the state checks */
} gh__selftest;

/* What a state step does besides loading its kernel. */
enum {
    GH__SELFTEST_READ_MEM = 1,  /* READ_MEM every word the kernel placed: the bytes compared */
    GH__SELFTEST_LANE_REGS = 2, /* WRITE_REG kinds 4-6 (lane PCs, lane status) on both sides, every warp */
};
/* Assembles text and loads it (RESET, LOAD_*, LAUNCH, WRITE_REG); nothing
 * runs. Then every warp's state and every page it placed or the target holds
 * must be the model's. A verdict (GH_PASS, or why in s->text). */
int gh__selftest_state(gh__selftest *s, const char *name, const char *text, unsigned extra);
/* Assembles text and runs it in lockstep with the model, one record a batch
 * and one batch in flight, full state every check_every instructions. A
 * verdict: GH_PASS also where both sides trapped alike; GH__SELFTEST_UNFIT
 * (why in s->text) when the kernel is larger than the target's code memory. */
#define GH__SELFTEST_UNFIT (-1)
int gh__selftest_lockstep(gh__selftest *s, const char *name, const char *text, uint64_t check_every);

/* Kernel texts (malloc'd; NULL out of memory), for `warps` warps. */
char *gh__selftest_reset_text(uint32_t warps);
/* kind: 'R' GPRs, 'P' predicates, 'U' uniform registers, 'Q' uniform
 * predicates, 'M' global memory; values from *rng, distinct per lane. */
char *gh__selftest_backdoor_text(char kind, uint32_t warps, uint64_t *rng);
/* count distinct words (IADD R1, R1, i), then EXIT. */
char *gh__selftest_code_text(uint32_t count);
/* gen's kernel for the target (isa/random_kernel.h): count instructions over
 * what it implements, or one instance of variant `only` (>= 0); NULL with
 * why, *unfit when gen cannot make it for this target. any_code: as if its
 * code memory held any kernel (whether the code memory is what stops gen). */
char *gh__selftest_gen_text(gh_target *t, uint64_t seed, uint64_t count, uint32_t warps, int only, bool any_code,
                            bool *unfit, char *why, size_t len);

#endif
