/* libgpuhost: the lockstep engine. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gm/model.h"
#include "isa/isa.h"
#include "lockstep.h"

#define HISTORY 16

typedef struct {
    gh_lockstep_result *res;
    size_t len;
    wire_commit history[HISTORY];
    uint64_t history_count;
} ls;

static void say(ls *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(ls *s, const char *fmt, ...)
{
    size_t cap = sizeof s->res->report;
    if (s->len >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->res->report + s->len, cap - s->len, fmt, ap);
    va_end(ap);
    s->len += n > 0 ? (size_t)n : 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void disasm(uint64_t lo, uint64_t hi, uint64_t pc, char *out, size_t len)
{
    isa_word w = {lo, hi};
    isa_context ctx = {.pc = pc};
    if (isa_disasm_word(w, &ctx, out, len) != 0)
        snprintf(out, len, ".word 0x%016" PRIx64 " 0x%016" PRIx64, hi, lo);
}

static bool is_float_insn(uint64_t lo, uint64_t hi)
{
    isa_insn insn;
    isa_word w = {lo, hi};
    if (isa_decode(w, &insn) != 0)
        return false;
    const isa_variant *v = isa_variant_of(&insn);
    return strcmp(v->group, "HALU") == 0 || strcmp(v->group, "H_ARITH") == 0 ||
           strcmp(v->group, "EXT_FP32") == 0 || strcmp(v->optype, "MUFU") == 0;
}

/* "0x00000007 (7)" or, for FP instructions, "0x3f800000 (1)" */
static void value_text(uint32_t v, bool fp, char *out, size_t len)
{
    if (fp) {
        float f;
        memcpy(&f, &v, sizeof f);
        snprintf(out, len, "0x%08x (%g)", v, (double)f);
    } else {
        snprintf(out, len, "0x%08x (%d)", v, (int32_t)v);
    }
}

static const wire_gpr_write *find_gpr(const wire_commit *c, unsigned reg)
{
    for (unsigned i = 0; i < c->gpr_count; i++)
        if (c->gpr[i].reg == reg)
            return &c->gpr[i];
    return NULL;
}

static const wire_pred_write *find_pred(const wire_commit *c, unsigned p)
{
    for (unsigned i = 0; i < c->pred_count; i++)
        if (c->pred[i].pred == p)
            return &c->pred[i];
    return NULL;
}

static const wire_ur_write *find_ur(const wire_commit *c, unsigned r)
{
    for (unsigned i = 0; i < c->ur_count; i++)
        if (c->ur[i].reg == r)
            return &c->ur[i];
    return NULL;
}

/* Compares two records; describes every difference. Returns their count. */
static unsigned compare(ls *s, const wire_commit *m, const wire_commit *t)
{
    unsigned diffs = 0;
    bool fp = is_float_insn(m->insn_lo, m->insn_hi);
    char a[64], b[64];
#define FIELD(name, fmt, x, y)                                                        \
    if ((x) != (y)) {                                                                 \
        say(s, "  %s: expected " fmt ", actual " fmt "\n", name, x, y);               \
        diffs++;                                                                      \
    }
    FIELD("warp", "%u", (unsigned)m->warp, (unsigned)t->warp);
    FIELD("pc", "0x%" PRIx64, m->pc, t->pc);
    if (m->insn_lo != t->insn_lo || m->insn_hi != t->insn_hi) {
        say(s, "  instruction word differs: expected %016" PRIx64 "%016" PRIx64 ", actual %016" PRIx64
            "%016" PRIx64 "\n", m->insn_hi, m->insn_lo, t->insn_hi, t->insn_lo);
        diffs++;
    }
    if (diffs)
        return diffs; /* not the same instruction: the rest would only be noise */
    FIELD("active mask", "0x%08x", m->active_mask, t->active_mask);
    FIELD("exec mask", "0x%08x", m->exec_mask, t->exec_mask);
    FIELD("exit mask", "0x%08x", m->exit_mask, t->exit_mask);
    FIELD("branch lanes", "0x%08x", m->branch_mask, t->branch_mask);
    if (m->branch_mask && m->branch_target != t->branch_target) {
        say(s, "  branch target: expected 0x%" PRIx64 ", actual 0x%" PRIx64 "\n", m->branch_target,
            t->branch_target);
        diffs++;
    }
    if (m->trap_code != t->trap_code) {
        say(s, "  trap: expected %s, actual %s\n", m->trap_code ? gm_trap_name(m->trap_code) : "none",
            t->trap_code == GM_TRAP_UNIMPLEMENTED ? "the target does not implement this instruction"
            : t->trap_code ? gm_trap_name(t->trap_code) : "none");
        diffs++;
    }
    for (unsigned reg = 0; reg < 255; reg++) {
        const wire_gpr_write *x = find_gpr(m, reg), *y = find_gpr(t, reg);
        if (!x && !y)
            continue;
        uint32_t mx = x ? x->lane_mask : 0, my = y ? y->lane_mask : 0;
        for (unsigned l = 0; l < 32; l++) {
            bool wx = (mx >> l) & 1u, wy = (my >> l) & 1u;
            if (wx && wy && x->value[l] == y->value[l])
                continue;
            if (!wx && !wy)
                continue;
            diffs++;
            if (wx && wy) {
                value_text(x->value[l], fp, a, sizeof a);
                value_text(y->value[l], fp, b, sizeof b);
                say(s, "  R%u lane %u: expected %s, actual %s\n", reg, l, a, b);
            } else if (wx) {
                value_text(x->value[l], fp, a, sizeof a);
                say(s, "  R%u lane %u: expected a write of %s, the target wrote nothing\n", reg, l, a);
            } else {
                value_text(y->value[l], fp, b, sizeof b);
                say(s, "  R%u lane %u: the target wrote %s, expected no write\n", reg, l, b);
            }
        }
    }
    for (unsigned p = 0; p < 7; p++) {
        const wire_pred_write *x = find_pred(m, p), *y = find_pred(t, p);
        uint32_t mx = x ? x->lane_mask : 0, my = y ? y->lane_mask : 0;
        uint32_t vx = x ? x->value & mx : 0, vy = y ? y->value & my : 0;
        if (mx != my || vx != vy) {
            say(s, "  P%u: expected lanes 0x%08x = 0x%08x, actual lanes 0x%08x = 0x%08x\n", p, mx, vx,
                my, vy);
            diffs++;
        }
    }
    for (unsigned r = 0; r < 63; r++) {
        const wire_ur_write *x = find_ur(m, r), *y = find_ur(t, r);
        if (!x && !y)
            continue;
        if (!x || !y || x->value != y->value) {
            say(s, "  UR%u: expected %s%08x, actual %s%08x\n", r, x ? "0x" : "no write ", x ? x->value : 0,
                y ? "0x" : "no write ", y ? y->value : 0);
            diffs++;
        }
    }
    if (m->upred_mask != t->upred_mask ||
        (m->upred_value & m->upred_mask) != (t->upred_value & t->upred_mask)) {
        say(s, "  uniform predicates: expected mask 0x%x = 0x%x, actual mask 0x%x = 0x%x\n",
            m->upred_mask, m->upred_value & m->upred_mask, t->upred_mask, t->upred_value & t->upred_mask);
        diffs++;
    }
    if (m->mem_count != t->mem_count) {
        say(s, "  memory: expected %s, actual %s\n", m->mem_count ? "a store" : "no store",
            t->mem_count ? "a store" : "no store");
        diffs++;
    } else if (m->mem_count) {
        FIELD("store size", "%u", (unsigned)m->mem.bytes, (unsigned)t->mem.bytes);
        FIELD("store lanes", "0x%08x", m->mem.lane_mask, t->mem.lane_mask);
        for (unsigned l = 0; l < 32; l++) {
            if (!((m->mem.lane_mask & t->mem.lane_mask) >> l & 1u))
                continue;
            if (m->mem.addr[l] != t->mem.addr[l]) {
                say(s, "  store lane %u: expected address 0x%" PRIx64 ", actual 0x%" PRIx64 "\n", l,
                    m->mem.addr[l], t->mem.addr[l]);
                diffs++;
            }
            for (unsigned k = 0; k < m->mem.bytes / 4u && k < 4; k++)
                if (m->mem.data[l][k] != t->mem.data[l][k]) {
                    value_text(m->mem.data[l][k], fp, a, sizeof a);
                    value_text(t->mem.data[l][k], fp, b, sizeof b);
                    say(s, "  store lane %u word %u at 0x%" PRIx64 ": expected %s, actual %s\n", l, k,
                        m->mem.addr[l] + 4 * k, a, b);
                    diffs++;
                }
        }
    }
#undef FIELD
    return diffs;
}

static void history_push(ls *s, const wire_commit *c)
{
    s->history[s->history_count++ % HISTORY] = *c;
}

static void print_history(ls *s)
{
    uint64_t n = s->history_count < HISTORY ? s->history_count : HISTORY;
    if (!n)
        return;
    say(s, "last %" PRIu64 " instructions before it (model):\n", n);
    for (uint64_t i = s->history_count - n; i < s->history_count; i++) {
        const wire_commit *c = &s->history[i % HISTORY];
        char text[160];
        disasm(c->insn_lo, c->insn_hi, c->pc, text, sizeof text);
        say(s, "  #%-8" PRIu64 " warp %-2u pc 0x%04" PRIx64 " exec 0x%08x  %s ;\n", c->seq, c->warp,
            c->pc, c->exec_mask, text);
    }
}

static void report_divergence(ls *s, const wire_commit *m, const char *what, const gh_lockstep_opts *o)
{
    char text[160];
    disasm(m->insn_lo, m->insn_hi, m->pc, text, sizeof text);
    char head[512];
    snprintf(head, sizeof head, "DIVERGENCE at instruction %" PRIu64 " (warp %u, pc 0x%" PRIx64 "): %s ;\n",
             m->seq, m->warp, m->pc, text);
    /* the details were written first: put the headline before them */
    size_t hl = strlen(head);
    if (s->len + hl < sizeof s->res->report) {
        memmove(s->res->report + hl, s->res->report, s->len + 1);
        memcpy(s->res->report, head, hl);
        s->len += hl;
    }
    if (what)
        say(s, "  %s\n", what);
    print_history(s);
    s->res->divergence_at = m->seq;
    if (o->waveform)
        say(s, "waveform: %s\n", o->waveform);
}

/* Compares every warp's full state with the model: the number of
 * differences, or -1 when the target's state cannot be read. */
static int compare_state(ls *s, gh_target *t, gm_model *m, wire_state *st)
{
    int diffs = 0;
    for (uint32_t w = 0; w < gm_warp_count(m) && diffs < 16; w++) {
        if (gh_target_read_state(t, (uint16_t)w, st) != 0) {
            say(s, "cannot read the target's state: %s\n", t->error);
            return -1;
        }
        for (unsigned r = 0; r < 255; r++)
            for (unsigned l = 0; l < 32; l++)
                if (st->gpr[r][l] != gm_gpr(m, w, r, l) && diffs++ < 16)
                    say(s, "  warp %u R%u lane %u: expected 0x%08x, actual 0x%08x\n", w, r, l,
                        gm_gpr(m, w, r, l), st->gpr[r][l]);
        for (unsigned p = 0; p < 7; p++)
            if (st->pred[p] != gm_pred_mask(m, w, p) && diffs++ < 16)
                say(s, "  warp %u P%u: expected lanes 0x%08x, actual 0x%08x\n", w, p,
                    gm_pred_mask(m, w, p), st->pred[p]);
        for (unsigned u = 0; u < 63; u++)
            if (st->ur[u] != gm_ur(m, w, u) && diffs++ < 16)
                say(s, "  warp %u UR%u: expected 0x%08x, actual 0x%08x\n", w, u, gm_ur(m, w, u), st->ur[u]);
        if (st->upred != gm_upred_mask(m, w) && diffs++ < 16)
            say(s, "  warp %u uniform predicates: expected 0x%x, actual 0x%x\n", w, gm_upred_mask(m, w),
                st->upred);
        if (st->exited != gm_exited_mask(m, w) && diffs++ < 16)
            say(s, "  warp %u exited lanes: expected 0x%08x, actual 0x%08x\n", w, gm_exited_mask(m, w),
                st->exited);
    }
    return diffs;
}

/* The first instruction the target cannot run, or -1. */
static long first_unsupported(const gh_target *t, const isa_kernel *k)
{
    for (size_t i = 0; i < k->code_count; i++) {
        isa_insn insn;
        if (isa_decode(k->code[i], &insn) != 0)
            continue; /* the model will trap on it */
        const isa_variant *v = isa_variant_of(&insn);
        int f = isa_field_index(v, "optype");
        if (f >= 0 && !gh_target_implements(t, insn.value[f]))
            return (long)i;
    }
    return -1;
}

void gh_lockstep_run(gh_target *t, const isa_kernel *k, const gh_lockstep_opts *o, gh_lockstep_result *res)
{
    memset(res, 0, sizeof *res);
    ls s = {.res = res};
    double start = now();
    if (t->caps.max_code && k->code_count > t->caps.max_code) {
        say(&s, "the kernel has %zu instructions; the target (%s) holds at most %u\n", k->code_count,
            t->caps.name, t->caps.max_code);
        res->verdict = GH_UNSUPPORTED;
        return;
    }
    if (t->caps.max_warps && k->warps > t->caps.max_warps) {
        say(&s, "the kernel launches %u warps; the target (%s) has %u\n", k->warps, t->caps.name,
            t->caps.max_warps);
        res->verdict = GH_UNSUPPORTED;
        return;
    }
    long bad = first_unsupported(t, k);
    if (bad >= 0) {
        char text[160];
        disasm(k->code[bad].lo, k->code[bad].hi, 16 * (uint64_t)bad, text, sizeof text);
        say(&s, "the target (%s) does not implement the instruction at pc 0x%lx: %s ;\n", t->caps.name,
            16 * bad, text);
        res->verdict = GH_UNSUPPORTED;
        return;
    }
    char err[256];
    gm_model *m = gm_new(k, err, sizeof err);
    wire_commit *recs = malloc(sizeof *recs * (o->batch ? o->batch : 1));
    wire_commit *mine = malloc(sizeof *mine);
    wire_state *st = malloc(sizeof *st);
    if (!m || !recs || !mine || !st) {
        say(&s, "cannot start the model: %s\n", m ? "out of memory" : err);
        res->verdict = GH_TARGET_ERROR;
        goto out;
    }
    if (gh_target_load(t, k) != 0 || gh_target_run_start(t, o->max_insns, o->batch, o->window) != 0) {
        say(&s, "%s\n", t->error);
        res->verdict = GH_TARGET_ERROR;
        goto out;
    }
    uint64_t since_check = 0;
    double last_progress = start;
    for (;;) {
        uint32_t count = 0, reason = 0;
        uint64_t total = 0;
        int rc = gh_target_run_next(t, recs, o->batch, &count, &reason, &total);
        if (rc < 0) {
            say(&s, "target error after %" PRIu64 " instructions: %s\n", res->instructions, t->error);
            res->verdict = GH_TARGET_ERROR;
            goto out;
        }
        if (rc == 0) {
            int diffs;
            res->seconds = now() - start;
            if (o->free_running && reason != WIRE_END_WATCHDOG) {
                res->verdict = reason == WIRE_END_LIMIT ? GH_LIMIT : GH_PASS;
            } else if (reason == WIRE_END_WATCHDOG) {
                say(&s, "target error: the DUT stopped retiring after %" PRIu64 " instructions (watchdog)\n",
                    total);
                res->verdict = GH_TARGET_ERROR;
            } else if (reason == WIRE_END_LIMIT) {
                res->verdict = GH_LIMIT;
            } else if (reason == WIRE_END_DONE) {
                if (gm_step(m, mine) != GM_STEP_DONE) {
                    say(&s, "the target finished but the model has more to run:\n");
                    report_divergence(&s, mine, "the target retired nothing here", o);
                    res->verdict = GH_DIVERGED;
                } else if ((diffs = compare_state(&s, t, m, st)) != 0) {
                    if (diffs < 0) {
                        res->verdict = GH_TARGET_ERROR;
                    } else {
                        say(&s, "DIVERGENCE in the final state (every record matched: a write the "
                            "records did not show)\n");
                        res->verdict = GH_DIVERGED;
                    }
                } else {
                    res->state_checks++;
                    char report[256];
                    unsigned n = gm_check_expectations(m, k, report, sizeof report);
                    res->verdict = n ? GH_FAIL : GH_PASS;
                    if (n)
                        say(&s, "%s (%u mismatching value%s)\n", report, n, n == 1 ? "" : "s");
                }
            } else if (reason != WIRE_END_TRAP) {
                say(&s, "the target ended the run early (reason %u)\n", reason);
                res->verdict = GH_TARGET_ERROR;
            }
            goto out;
        }
        if (o->progress && now() - last_progress >= 1.0) {
            last_progress = now();
            o->progress(res->instructions);
        }
        if (o->free_running) {
            res->instructions += count;
            if (gh_target_credit(t, 1) != 0) {
                say(&s, "%s\n", t->error);
                res->verdict = GH_TARGET_ERROR;
                goto out;
            }
            continue;
        }
        for (uint32_t i = 0; i < count; i++) {
            const wire_commit *tr = &recs[i];
            int mr = gm_step(m, mine);
            if (mr == GM_STEP_DONE) {
                char text[160];
                disasm(tr->insn_lo, tr->insn_hi, tr->pc, text, sizeof text);
                say(&s, "DIVERGENCE at instruction %" PRIu64 ": the model had finished, the target retired "
                    "warp %u pc 0x%" PRIx64 ": %s ;\n", res->instructions, tr->warp, tr->pc, text);
                print_history(&s);
                res->verdict = GH_DIVERGED;
                gh_target_halt(t);
                goto out;
            }
            if (compare(&s, mine, tr)) {
                report_divergence(&s, mine, NULL, o);
                res->verdict = GH_DIVERGED;
                gh_target_halt(t);
                goto out;
            }
            history_push(&s, mine);
            res->instructions++;
            since_check++;
            if (mr == GM_STEP_TRAP) {
                say(&s, "TRAP (the target agrees): %s\n", gm_trap_message(m));
                res->verdict = GH_TRAPPED;
                res->seconds = now() - start;
                goto out;
            }
        }
        if (o->check_every && since_check >= o->check_every && count == o->batch) {
            /* with a window of 1 the target waits for credit after a full batch: its state is
             * the model's (a short batch means the run ended, and the end is checked anyway) */
            int diffs = compare_state(&s, t, m, st);
            if (diffs < 0) {
                res->verdict = GH_TARGET_ERROR;
                goto out;
            }
            if (diffs) {
                say(&s, "DIVERGENCE in the full state after instruction %" PRIu64 "\n", res->instructions);
                print_history(&s);
                res->verdict = GH_DIVERGED;
                gh_target_halt(t);
                goto out;
            }
            res->state_checks++;
            since_check = 0;
        }
        if (gh_target_credit(t, 1) != 0) {
            say(&s, "%s\n", t->error);
            res->verdict = GH_TARGET_ERROR;
            goto out;
        }
    }
out:
    if (res->seconds == 0)
        res->seconds = now() - start;
    free(recs);
    free(mine);
    free(st);
    gm_destroy(&m);
}
