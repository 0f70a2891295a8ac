/* Model tests: assemble, run, check. Uses cmocka's fail_msg. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "harness.h"

th_run_t th_run(const char *src)
{
    th_run_t r = {0};
    if (isa_assemble("test.s", src, &r.kernel, stderr) != 0)
        fail_msg("snippet does not assemble:\n%s", src);
    char err[256];
    r.model = gm_new(r.kernel, err, sizeof err);
    if (!r.model)
        fail_msg("gm_new: %s", err);
    r.result = gm_run(r.model, 1000000);
    return r;
}

th_run_t th_run_pass(const char *src)
{
    th_run_t r = th_run(src);
    if (r.result == GM_STEP_TRAP)
        fail_msg("trap: %s\n%s", gm_trap_message(r.model), src);
    if (r.result != GM_STEP_DONE)
        fail_msg("did not finish in 1,000,000 steps\n%s", src);
    char report[256];
    if (gm_check_expectations(r.model, r.kernel, report, sizeof report))
        fail_msg("%s\n%s", report, src);
    return r;
}

void th_free(th_run_t *r)
{
    gm_destroy(&r->model);
    isa_kernel_destroy(&r->kernel);
}
