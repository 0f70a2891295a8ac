/* libgpuhost: checking one step of gh_selftest: a kernel loaded and its state
 * compared with the model's, or run in lockstep with it. */
#include <stdlib.h>
#include <string.h>

#include "isa/asmfile.h"
#include "selftest_steps.h"

/* The step's kernel, or NULL with why in s->text (an internal error). */
static isa_kernel *assemble(gh__selftest *s, const char *name, const char *text)
{
    isa_kernel *k = NULL;
    if (!text)
        gh__say(&s->text, "internal: out of memory writing the kernel of %s\n", name);
    else if (isa_assemble(name, text, &k, NULL) != 0)
        gh__say(&s->text, "internal: the kernel of %s does not assemble\n", name);
    return k;
}

/* A target that failed: its own breach (a malformed or contradictory reply)
 * or the link's. */
static int target_failed(gh__selftest *s, const char *what)
{
    gh__say(&s->text, "%s: %s\n", what, gh_target_error(s->t));
    return s->t->violation || s->t->dut_failed ? GH_DUT_FAILED : GH_TARGET_ERROR;
}

int gh__selftest_state(gh__selftest *s, const char *name, const char *text)
{
    isa_kernel *k = assemble(s, name, text);
    if (!k)
        return GH_TARGET_ERROR;
    char err[256];
    gm_model *m = gm_new(k, err, sizeof err);
    gh_pageset pages = {0};
    int verdict = GH_PASS;
    bool placed = true;
    for (size_t i = 0; i < k->global_count; i++)
        placed &= gh__pages_add_range(&pages, k->globals[i].addr, 4ull * k->globals[i].count) == 0;
    if (!m || !placed) {
        gh__say(&s->text, "internal: cannot start the model: %s\n", m ? "out of memory" : err);
        verdict = GH_TARGET_ERROR;
    } else if (gh_target_load(s->t, k) != 0) {
        verdict = target_failed(s, "cannot load the kernel");
    } else {
        int diffs = gh__compare_state(&s->text, s->t, m, &pages, s->scratch);
        if (diffs < 0)
            verdict = target_failed(s, "cannot read the target's state");
        else if (diffs > 0)
            verdict = GH_DIVERGED;
    }
    gh__pages_free(&pages);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
    return verdict;
}

int gh__selftest_lockstep(gh__selftest *s, const char *name, const char *text, uint64_t check_every)
{
    isa_kernel *k = assemble(s, name, text);
    if (!k)
        return GH_TARGET_ERROR;
    gh_run_opts o = {.max_insns = 1000000, .batch = 1, .window = 1, .lockstep = true, .check_every = check_every};
    gh_run(s->t, k, &o, s->run);
    isa_kernel_destroy(&k);
    int verdict = s->run->verdict == GH_TRAPPED ? GH_PASS : s->run->verdict; /* both sides trapped alike */
    if (verdict != GH_PASS)
        gh__say(&s->text, "%s", s->run->report);
    else if (s->run->instructions == 0) { /* nothing ran: nothing was compared */
        gh__say(&s->text, "the target ran no instruction of it\n");
        verdict = GH_DIVERGED;
    }
    return verdict;
}
