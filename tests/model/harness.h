/* Model tests: assemble a snippet, run it on the functional model. */
#ifndef TEST_MODEL_HARNESS_H
#define TEST_MODEL_HARNESS_H

#include <stdbool.h>

#include "gm/model.h"
#include "isa/asmfile.h"

typedef struct {
    isa_kernel *kernel;
    gm_model *model;
    int result; /* GM_STEP_DONE, GM_STEP_TRAP or GM_STEP_OK (step limit) */
} th_run_t;

/* Assembles `src` (fails the test on assembly errors), runs it up to
 * 1,000,000 steps. Free with th_free. */
th_run_t th_run(const char *src);
/* Runs and fails the test unless every warp exited and every .expect held. */
th_run_t th_run_pass(const char *src);
void th_free(th_run_t *r);
/* Runs and fails the test unless it traps with `code` and a message holding `fragment`. */
void th_expect_trap(const char *src, uint32_t code, const char *fragment);

/* Building a snippet: text appended with printf formats; per-lane values as
 * 32-value directives (".init R1" + 32 values). */
#define TH_LANES 32
typedef struct {
    char text[16384];
    size_t len;
} th_src;
void th_add(th_src *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void th_add_lanes(th_src *s, const char *directive, const uint32_t v[TH_LANES]);
void th_add_mask(th_src *s, const char *directive, uint32_t mask); /* one 0/1 value per lane */


/* One instruction with R1, R2 (also UR5 and c[0x1][0x10]) and R3 (also
 * c[0x1][0x14]) as inputs and R0 (0xdeadbeef before) as the result. */
typedef struct {
    const char *insn;
    uint32_t a, b, c;
    uint32_t want;
} th_r0_case;
void th_run_r0_cases(const th_r0_case *cases, size_t n);

/* Reference for the 14 FP comparisons (FCMPOp order: EQ NE LT LE GT GE, the
 * unordered EQU..GEU, NAN, NUM) given how the operands relate. */
enum relation { REL_LT, REL_EQ, REL_GT, REL_UN };
extern const char *const TH_FCMP_NAMES[14];
bool th_fcmp_truth(int cmp, enum relation r);

#endif
