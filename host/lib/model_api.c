/* libgpuhost: the model one step at a time (gpuhost/model.h). The check is
 * lockstep's own: gh__compare_records, the tolerance rules, the divergence
 * words of divergence.c. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emulate.h"
#include "engine.h"
#include "gpuhost/model.h"

struct gh_model {
    gm_model *m;
    gh_caps caps; /* only the tolerances are read */
    gh_tolerated tolerated;
    gh_history history;
    wire_commit mine;
    wire_commit theirs; /* the record checked, its seq made the model's (no allocation per check) */
    uint64_t steps; /* the model's instruction count: a record's seq */
    bool unimplemented_compared; /* gh_model_take_unimplemented(m, 0) */
};

int gh_model_open(const isa_kernel *k, gh_model **out, char *err, size_t errlen)
{
    *out = NULL;
    gh_model *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return GH_ERR_NOMEM;
    }
    g->m = gm_new(k, err, errlen);
    if (!g->m) {
        free(g);
        return GH_ERR_INPUT;
    }
    g->tolerated.caps = &g->caps;
    *out = g;
    return 0;
}

void gh_model_close(gh_model **m)
{
    if (!m || !*m)
        return;
    gm_destroy(&(*m)->m);
    free(*m);
    *m = NULL;
}

/* One model step into out (seq set); the history and count follow a step
 * the caller accepts (kept). */
static int step(gh_model *g, gh_record *out)
{
    int rc = gm_step(g->m, out);
    out->seq = g->steps;
    return rc == GM_STEP_DONE ? GH_STEP_DONE : rc == GM_STEP_TRAP ? GH_STEP_TRAPPED : GH_STEP_RETIRED;
}

static void kept(gh_model *g, const gh_record *r, int rc)
{
    gh__history_add(&g->history, r);
    if (rc == GH_STEP_RETIRED)
        g->steps++;
}

int gh_model_step(gh_model *g, gh_record *out)
{
    int rc = step(g, out);
    if (rc != GH_STEP_DONE)
        kept(g, out, rc);
    return rc;
}

const char *gh_model_trap_message(const gh_model *g)
{
    return gm_trap_message(g->m);
}

uint32_t gh_model_warps(const gh_model *g)
{
    return gm_warp_count(g->m);
}

int gh_model_read_reg(const gh_model *g, uint32_t warp, uint32_t kind, uint32_t index, uint32_t values[32])
{
    const gm_model *m = g->m;
    if (warp >= gm_warp_count(m))
        return GH_ERR_RANGE;
    memset(values, 0, 32 * sizeof *values);
    for (uint32_t l = 0; l < WIRE_LANES; l++) {
        switch (kind) {
        case WIRE_REG_GPR:
            if (index >= 255)
                return GH_ERR_RANGE;
            values[l] = gm_gpr(m, warp, index, l);
            break;
        case WIRE_REG_PRED:
            if (index >= 7)
                return GH_ERR_RANGE;
            values[l] = gm_pred_mask(m, warp, index) >> l & 1u;
            break;
        case WIRE_REG_UR:
            if (index >= 63)
                return GH_ERR_RANGE;
            values[0] = gm_ur(m, warp, index);
            return 0;
        case WIRE_REG_UPRED:
            if (index >= 7)
                return GH_ERR_RANGE;
            values[0] = gm_upred_mask(m, warp) >> index & 1u;
            return 0;
        case WIRE_REG_PC_LO: values[l] = (uint32_t)gm_lane_pc(m, warp, l); break;
        case WIRE_REG_PC_HI: values[l] = (uint32_t)(gm_lane_pc(m, warp, l) >> 32); break;
        case WIRE_REG_LANE_STATUS: values[l] = gm_lane_status(m, warp, l); break;
        default: return GH_ERR_RANGE;
        }
    }
    return 0;
}

int gh_model_write_reg(gh_model *g, uint32_t warp, uint32_t kind, uint32_t index, uint32_t lane_mask,
                       const uint32_t values[32])
{
    return gm_write_reg(g->m, warp, kind, index, lane_mask, values) == 0 ? 0 : GH_ERR_RANGE;
}

int gh_model_read_mem(const gh_model *g, uint64_t addr, void *out, size_t len)
{
    return gm_read_memory(g->m, addr, out, len) == 0 ? 0 : GH_ERR_RANGE;
}

int gh_model_write_mem(gh_model *g, uint64_t addr, const void *in, size_t len)
{
    return gm_write_memory(g->m, addr, in, len) == 0 ? 0 : GH_ERR_RANGE;
}

void gh_model_set_tolerance(gh_model *g, const gh_caps *caps)
{
    g->caps.tolerance_count = caps->tolerance_count;
    memcpy(g->caps.tolerance, caps->tolerance, sizeof g->caps.tolerance);
}

/* The target's UNIMPLEMENTED record for the model's next instruction (mine,
 * stepped: rc): its words, or a divergence when it names another one. */
static int unimplemented(gh_model *g, gh_text *text, const wire_commit *t, int rc)
{
    wire_commit *expected = malloc(sizeof *expected);
    if (!expected) {
        gh__say(text, "out of memory\n");
        return GH_CHECK_DIVERGED;
    }
    gh__unimplemented_record(&g->mine, expected);
    unsigned diffs = gh__compare_records(text, expected, t, &g->tolerated);
    free(expected);
    if (diffs) {
        gh__say_divergence(text, &g->mine, "the target's UNIMPLEMENTED record is not the instruction the model ran",
                           &g->history);
        return GH_CHECK_DIVERGED;
    }
    isa_insn insn;
    char disasm[160];
    gh__disasm(t->insn_lo, t->insn_hi, t->pc, disasm, sizeof disasm);
    const char *variant = isa_decode((isa_word){t->insn_lo, t->insn_hi}, &insn) == 0
                              ? isa_tables_get()->variants[insn.variant].name : "?";
    gh__say(text, "the target said while running that it does not implement instruction %" PRIu64 " (warp %u, pc 0x%"
            PRIx64 "): %s ; (variant %s)\n", t->seq, t->warp, t->pc, disasm, variant);
    kept(g, &g->mine, rc);
    return GH_CHECK_UNIMPLEMENTED;
}

void gh_model_take_unimplemented(gh_model *g, int at_its_word)
{
    g->unimplemented_compared = !at_its_word;
}

int gh_model_check(gh_model *g, const gh_record *target, char *report, size_t len)
{
    gh_text text = {.buf = report, .cap = len};
    if (len)
        report[0] = '\0';
    wire_commit *t = &g->theirs;
    *t = *target;
    t->seq = g->steps;
    int rc = step(g, &g->mine);
    int verdict = GH_CHECK_DIVERGED;
    if (rc == GH_STEP_DONE) {
        gh__say_model_finished(&text, t, &g->history);
    } else if (t->trap_code == GM_TRAP_UNIMPLEMENTED && !g->unimplemented_compared) {
        verdict = unimplemented(g, &text, t, rc);
    } else if (gh__compare_records(&text, &g->mine, t, &g->tolerated)) {
        gh__say_divergence(&text, &g->mine, NULL, &g->history);
    } else {
        if (g->tolerated.in_record) /* the target's values within tolerance become the model's */
            for (unsigned i = 0; i < t->gpr_count; i++)
                gm_write_reg(g->m, t->warp, WIRE_REG_GPR, t->gpr[i].reg, t->gpr[i].lane_mask, t->gpr[i].value);
        kept(g, &g->mine, rc);
        verdict = GH_CHECK_MATCH;
    }
    return verdict;
}

int gh_model_check_done(gh_model *g, char *report, size_t len)
{
    gh_text text = {.buf = report, .cap = len};
    if (len)
        report[0] = '\0';
    if (step(g, &g->mine) == GH_STEP_DONE)
        return GH_CHECK_MATCH;
    gh__say(&text, "the target finished but the model has more to run:\n");
    gh__say_divergence(&text, &g->mine, "the target retired nothing here", &g->history);
    return GH_CHECK_DIVERGED;
}

unsigned gh_model_check_expectations(const gh_model *g, const isa_kernel *k, char *report, size_t len)
{
    if (len)
        report[0] = '\0';
    return gm_check_expectations(g->m, k, report, len);
}
