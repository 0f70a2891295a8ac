/* libgpuhost: gh_selftest, a target's first-day check (gpuhost/selftest.h):
 * the steps in their fixed order, stopping at the first that fails. */
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "selftest_steps.h"

/* Code words the code-load step places (fewer where the code memory is
 * smaller): more than one LOAD_CODE where max_payload is small. */
#define CODE_WORDS 300u
/* The backdoor's warps (the reset sweeps every warp; a state read is 33 KB a
 * warp, slow over USB). */
#define BACKDOOR_WARPS 2u
/* The run step: its random stream's instructions (on the backdoor's warps). */
#define RUN_COUNT 300u

/* A step's end: true when it passed (said on progress). */
static bool ended(gh__selftest *s, const char *name, int verdict)
{
    if (verdict == GH_PASS) {
        s->res->passed++;
        if (s->o->progress)
            fprintf(s->o->progress, "ok   %s\n", name), fflush(s->o->progress);
        return true;
    }
    snprintf(s->res->failed, sizeof s->res->failed, "%s", name);
    s->res->verdict = verdict;
    return false;
}

static void skipped(gh__selftest *s, const char *name, const char *why)
{
    s->res->skipped++;
    if (s->o->progress)
        fprintf(s->o->progress, "skip %s: %s\n", name, why);
}

/* A state step over text (freed here). */
static bool state_step(gh__selftest *s, const char *name, char *text, unsigned extra)
{
    int verdict = gh__selftest_state(s, name, text, extra);
    free(text);
    return ended(s, name, verdict);
}

static bool backdoor(gh__selftest *s, uint32_t warps)
{
    static const struct {
        char kind;
        const char *name;
    } kinds[] = {{'R', "GPRs (WRITE_REG kind 0)"}, {'P', "predicates (kind 1)"},
                 {'U', "uniform registers (kind 2)"}, {'Q', "uniform predicates (kind 3)"},
                 {'M', "global memory (LOAD_MEM, READ_MEM)"}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        char name[160];
        snprintf(name, sizeof name, "backdoor: %s written and read back, %u warp%s", kinds[i].name, warps,
                 warps == 1 ? "" : "s");
        if (!state_step(s, name, gh__selftest_backdoor_text(kinds[i].kind, warps, &s->rng),
                        kinds[i].kind == 'M' ? GH__SELFTEST_READ_MEM : 0))
            return false;
    }
    char name[160];
    snprintf(name, sizeof name, "backdoor: lane PCs and status (WRITE_REG kinds 4-6) written and read back, %u "
             "warps", warps);
    return state_step(s, name, gh__selftest_reset_text(warps), GH__SELFTEST_LANE_REGS);
}

/* A step that cannot be asked of a small core: skipped, saying why. */
static bool unfit_step(gh__selftest *s, const char *name)
{
    skipped(s, name, s->text.buf);
    s->text.len = 0, s->text.buf[0] = '\0';
    return true;
}

static bool code_load(gh__selftest *s)
{
    uint32_t max_code = gh_target_caps(s->t)->max_code;
    uint32_t words = max_code && max_code - 1 < CODE_WORDS ? max_code - 1 : CODE_WORDS;
    char name[160];
    snprintf(name, sizeof name, "code load: %u distinct words, each run once and its record's word compared",
             words + 1);
    char *text = gh__selftest_code_text(words);
    int verdict = gh__selftest_lockstep(s, name, text, 0);
    free(text);
    if (verdict == GH_UNSUPPORTED || verdict == GH__SELFTEST_UNFIT) /* a core without IADD */
        return unfit_step(s, name);
    return ended(s, name, verdict);
}

static uint32_t optype_of(const isa_variant *v)
{
    int f = isa_field_index(v, "optype");
    return f < 0 ? UINT32_MAX : isa_variant_fields(v)[f].value;
}

/* One step of variant v: false when it failed; *placed false when gen
 * cannot place it alone (why in why). */
static bool variant_step(gh__selftest *s, uint32_t v, bool *placed, char *why, size_t len)
{
    const isa_variant *var = &isa_tables_get()->variants[v];
    char name[160];
    snprintf(name, sizeof name, "step %s (%s): one instruction in lockstep, then full state", var->optype, var->name);
    bool unfit;
    char *text = gh__selftest_gen_text(s->t, s->o->seed + v, 1, 1, (int)v, false, &unfit, why, len);
    *placed = text != NULL;
    if (!text && unfit)
        return true;
    if (!text) {
        gh__say(&s->text, "internal: %s\n", why);
        return ended(s, name, GH_TARGET_ERROR);
    }
    int verdict = gh__selftest_lockstep(s, name, text, 0);
    free(text);
    return verdict == GH__SELFTEST_UNFIT ? unfit_step(s, name) : ended(s, name, verdict);
}

/* One step per implemented optype (its first variant gen can place), or per
 * implemented variant. */
static bool steps(gh__selftest *s)
{
    const isa_tables *tab = isa_tables_get();
    if (s->o->brief) {
        skipped(s, "steps: one instruction per optype", "left out (--brief)");
        return true;
    }
    for (uint32_t op = 0; op < 256; op++) {
        if (!gh_target_implements(s->t, op))
            continue;
        bool done = false;
        char why[400] = "", name[96] = "";
        for (uint32_t v = 0; v < tab->variant_count && (!done || s->o->every_variant); v++) {
            if (optype_of(&tab->variants[v]) != op || !gh_target_implements_variant(s->t, v))
                continue;
            bool placed;
            if (!variant_step(s, v, &placed, why, sizeof why))
                return false;
            snprintf(name, sizeof name, "step %s",
                     s->o->every_variant ? tab->variants[v].name : tab->variants[v].optype);
            if (!placed && s->o->every_variant)
                skipped(s, name, why);
            done |= placed;
        }
        if (!done && !s->o->every_variant && name[0])
            skipped(s, name, why);
    }
    return true;
}

static bool run_step(gh__selftest *s, uint32_t warps)
{
    bool unfit;
    char why[400], name[160];
    snprintf(name, sizeof name, "run: a random stream of about %u instructions, %u warp%s, one record a batch and "
             "one batch in flight", RUN_COUNT * warps, warps, warps == 1 ? "" : "s");
    char *text = gh__selftest_gen_text(s->t, s->o->seed, RUN_COUNT, warps, -1, false, &unfit, why, sizeof why);
    if (!text && unfit) { /* only its code memory too small: skipped; too little implemented: exit 9 */
        char other[400];
        char *any = gh__selftest_gen_text(s->t, s->o->seed, RUN_COUNT, warps, -1, true, &unfit, other, sizeof other);
        if (any) {
            free(any);
            gh__say(&s->text, "%s", why);
            return unfit_step(s, name);
        }
        unfit = true;
    }
    if (!text) {
        gh__say(&s->text, "%s%s\n", unfit ? "" : "internal: ", why);
        return ended(s, name, unfit ? GH_UNSUPPORTED : GH_TARGET_ERROR);
    }
    int verdict = gh__selftest_lockstep(s, name, text, 64);
    free(text);
    return verdict == GH__SELFTEST_UNFIT ? unfit_step(s, name) : ended(s, name, verdict);
}

/* The target has the warps its board's descriptor says: a selftest of
 * another core than the one described proves nothing about it. */
static bool descriptor(gh__selftest *s)
{
    const gh_board *b = gh_target_board(s->t);
    uint32_t warps = gh_target_caps(s->t)->max_warps;
    if (b && b->warps && warps != b->warps) {
        gh__say(&s->text, "board %s: %s says warps = %u, the target (%s) has %u: the descriptor or the build is "
                "stale\n", b->name, b->file, b->warps, gh_target_caps(s->t)->name, warps);
        return ended(s, "descriptor: the target's warps are its board descriptor's", GH_TARGET_ERROR);
    }
    return true;
}

void gh_selftest(gh_target *t, const gh_selftest_opts *o, gh_selftest_result *res)
{
    memset(res, 0, sizeof *res);
    res->verdict = GH_VERDICT_UNKNOWN;
    uint64_t seed = o->seed ? o->seed : 1;
    gh__selftest s = {.t = t, .o = o, .res = res, .text = {res->report, sizeof res->report, 0},
                      .rng = seed * 0x9e3779b97f4a7c15ull + 1, .run = malloc(sizeof *s.run),
                      .scratch = malloc(sizeof *s.scratch)};
    gh_selftest_opts fixed = *o;
    fixed.seed = seed;
    s.o = &fixed;
    const gh_caps *c = gh_target_caps(t);
    uint32_t warps = c->max_warps < ISA_KERNEL_MAX_WARPS ? c->max_warps : ISA_KERNEL_MAX_WARPS;
    char name[160];
    uint32_t some = warps < BACKDOOR_WARPS ? warps : BACKDOOR_WARPS;
    snprintf(name, sizeof name, "reset: every warp (%u) after RESET and LAUNCH, as the model's", warps);
    if (!s.run || !s.scratch) {
        gh__say(&s.text, "out of memory\n");
        ended(&s, "start", GH_TARGET_ERROR);
    } else if (descriptor(&s) && state_step(&s, name, gh__selftest_reset_text(warps), 0) && backdoor(&s, some) &&
               state_step(&s, "reset: RESET clears what the backdoor wrote", gh__selftest_reset_text(some), 0) &&
               code_load(&s) && steps(&s) && run_step(&s, some)) {
        res->verdict = GH_PASS;
    }
    free(s.run);
    free(s.scratch);
}
