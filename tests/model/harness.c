/* Model tests: assemble, run, check. Uses cmocka's fail_msg. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

void th_expect_trap(const char *src, uint32_t code, const char *fragment)
{
    th_run_t r = th_run(src);
    if (r.result != GM_STEP_TRAP)
        fail_msg("no trap for:\n%s", src);
    const char *msg = gm_trap_message(r.model);
    if (!strstr(msg, fragment) || !strstr(msg, gm_trap_name(code)))
        fail_msg("trap message '%s' lacks '%s' / '%s'", msg, fragment, gm_trap_name(code));
    th_free(&r);
}

void th_add(th_src *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->text + s->len, sizeof s->text - s->len, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof s->text - s->len);
    s->len += (size_t)n;
}

void th_add_lanes(th_src *s, const char *directive, const uint32_t v[TH_LANES])
{
    th_add(s, "%s", directive);
    for (unsigned l = 0; l < TH_LANES; l++)
        th_add(s, " 0x%x", v[l]);
    th_add(s, "\n");
}

void th_add_mask(th_src *s, const char *directive, uint32_t mask)
{
    uint32_t v[TH_LANES];
    for (unsigned l = 0; l < TH_LANES; l++)
        v[l] = (mask >> l) & 1u;
    th_add_lanes(s, directive, v);
}

void th_run_r0_cases(const th_r0_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const th_r0_case *t = &cases[i];
        char src[1024];
        snprintf(src, sizeof src,
                 ".init R1 0x%x\n.init R2 0x%x\n.init R3 0x%x\n.init UR5 0x%x\n"
                 ".const 1 0x10 0x%x 0x%x\n.init R0 0xdeadbeef\n"
                 "%s ;\n EXIT ;\n.expect R0 0x%x\n",
                 t->a, t->b, t->c, t->b, t->b, t->c, t->insn, t->want);
        th_run_t r = th_run_pass(src);
        th_free(&r);
    }
}

const char *const TH_FCMP_NAMES[14] = {"EQ",  "NE",  "LT",  "LE",  "GT",  "GE",  "EQU",
                                       "NEU", "LTU", "LEU", "GTU", "GEU", "NAN", "NUM"};

bool th_fcmp_truth(int cmp, enum relation r)
{
    if (cmp == 12)
        return r == REL_UN;
    if (cmp == 13)
        return r != REL_UN;
    if (r == REL_UN)
        return cmp >= 6;
    switch (cmp % 6) {
    case 0: return r == REL_EQ;
    case 1: return r != REL_EQ;
    case 2: return r == REL_LT;
    case 3: return r != REL_GT;
    case 4: return r == REL_GT;
    default: return r != REL_LT;
    }
}
