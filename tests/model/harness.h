/* Model tests: assemble a snippet, run it on the functional model. */
#ifndef TEST_MODEL_HARNESS_H
#define TEST_MODEL_HARNESS_H

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

#endif
