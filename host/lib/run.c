/* libgpuhost: the run engine. A verdict starts unknown; each ending below
 * sets it once, and PASS only after the end agreed with the model's, the
 * final state matched and the expectations held on both sides. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "fw/port.h"
#include "isa/outfile.h"
#include "emulate.h"
#include "emulated_verdict.h"
#include "engine.h"
#include "isa/isa.h"
#include "report.h"

/* Records taken from the target at once: a record decoded just before it is
 * compared is still in the cache (a decoded record is about 2 KB: a batch of
 * 1024 decoded whole was 2 MB, and its comparisons missed the cache). */
enum { RECORDS_AT_ONCE = 8 };

_Static_assert(GH_MAX_VARIANTS == 8 * sizeof(((gh_caps *)0)->lacking), "a count per variant of the map");

typedef struct {
    gh_target *t;
    const isa_kernel *k;
    const gh_run_opts *o;
    gh_run_result *res;
    gh_text text;
    gm_model *m; /* lockstep only */
    wire_commit *recs, *mine;
    uint32_t recs_cap; /* records taken from the target at once (RECORDS_AT_ONCE, or a smaller batch) */
    wire_commit *pending; /* the model's record of an instruction the target stopped at, to emulate */
    wire_state *st;
    gh_pageset pages;    /* compared at a full-state check (with the target's own list) */
    gh_pageset known;    /* loaded or stored to by this run: the target must list each */
    gh_memcheck memcheck;
    gh_history history;
    uint64_t checked_at; /* instructions before the last clean full-state check */
    bool trapped;        /* the last record trapped (on both sides, in lockstep) */
    bool resume;         /* the last record was emulated: the target's RUN ends, the kernel goes on */
    bool trap_emulated;  /* the trap is the model's, at an instruction the target does not implement */
    gh_retired last;     /* the target's last record, as reports say it */
    gh_coverage coverage;
    gh_tolerated tolerated;
    double start;
    /* the model's time: 1 step in 64 timed, chosen by a xorshift so that no
     * loop's period lines up with the sampling; a clock pair's own cost
     * (clock_cost) is taken off each sample */
    uint64_t sample_state, sampled_steps;
    double sampled_seconds, clock_cost;
} run;

/* A seed no run repeats (the digests' nonces and the page read whole): the
 * kernel's random source, else the clock; never 0 (xorshift's fixed point). */
static uint64_t fresh_seed(void)
{
    uint64_t seed = 0;
    if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != (ssize_t)sizeof seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
    }
    return seed ? seed : 0x9e3779b97f4a7c15ull;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *gh_verdict_name(int verdict)
{
    static const char *const names[] = {"UNKNOWN", "PASS", "FAIL", "DIVERGENCE", "TRAP", "LIMIT",
                                        "TARGET ERROR", "UNSUPPORTED", "FINISHED", "DUT FAILURE", "EMULATED"};
    _Static_assert(sizeof names / sizeof names[0] == GH_EMULATED + 1, "a name for every verdict");
    return verdict >= 0 && verdict <= GH_EMULATED ? names[verdict] : "UNKNOWN";
}

/* The one place a verdict is set: the first ending wins. */
static void verdict(run *s, int v)
{
    if (s->res->verdict != GH_VERDICT_UNKNOWN)
        return;
    if (v == GH_TARGET_ERROR && s->t->violation) {
        gh__say(&s->text, "the target broke the wire protocol: a retry cannot mend that, it is never retried\n");
        v = GH_DUT_FAILED;
    } else if (v == GH_TARGET_ERROR && s->t->dut_failed) {
        gh__say(&s->text, "the DUT failed (the target's ERROR says so): a retry cannot mend that, it is never "
                "retried\n");
        v = GH_DUT_FAILED;
    }
    s->res->verdict = v;
}

static void target_error(run *s, const char *what)
{
    gh__say(&s->text, "%s after %" PRIu64 " instructions: %s\n", what, s->res->instructions,
            gh_target_error(s->t));
    verdict(s, GH_TARGET_ERROR);
}

/* A divergence at the model's record m (details already said). */
static void diverged_at(run *s, const wire_commit *m, const char *what)
{
    gh__say_divergence(&s->text, m, what, &s->history);
    s->res->divergence_at = m->seq;
    if (s->o->waveform)
        gh__say(&s->text, "waveform: %s\n", s->o->waveform);
    if (s->o->trace)
        gh_write_commit_json(s->o->trace, m, "model");
    verdict(s, GH_DIVERGED);
    gh__halt(s->t);
}

/* Full state against the model; false when the run must stop. */
static bool check_state(run *s, const char *when)
{
    gh_text details = {.buf = malloc(8192), .cap = 8192};
    if (!details.buf) {
        gh__say(&s->text, "out of memory\n");
        verdict(s, GH_TARGET_ERROR);
        return false;
    }
    details.buf[0] = '\0';
    double began = now();
    int diffs = gh__compare_state(&details, s->t, s->m, &s->pages, &s->memcheck, s->st);
    s->res->state_check_seconds += now() - began;
    s->res->pages_read = s->memcheck.pages_read;
    uint64_t n = s->res->instructions;
    if (diffs < 0) {
        gh__say(&s->text, "%s", details.buf);
        verdict(s, GH_TARGET_ERROR);
    } else if (diffs > 0) {
        gh__say(&s->text,
                "DIVERGENCE in the full state %s instruction %" PRIu64 ": it happened in instructions #%" PRIu64
                "..#%" PRIu64 ", whose records all matched (a change the records did not show)\n%s",
                when, n ? n - 1 : 0, s->checked_at, n ? n - 1 : 0, details.buf);
        gh__say_history(&s->text, &s->history);
        s->res->divergence_at = n ? n - 1 : 0;
        if (s->o->waveform)
            gh__say(&s->text, "waveform: %s\n", s->o->waveform);
        verdict(s, GH_DIVERGED);
    } else {
        s->res->state_checks++;
        s->checked_at = n;
    }
    free(details.buf);
    return diffs == 0;
}

/* Counts the record for --coverage; false when out of memory. */
static bool covered(run *s, const wire_commit *rec)
{
    if (!s->o->coverage || gh__coverage_add(&s->coverage, rec) == 0)
        return true;
    gh__say(&s->text, "out of memory\n");
    verdict(s, GH_TARGET_ERROR);
    return false;
}

/* The target's results within its declared tolerance become the model's, so
 * that what follows is compared against what the target really holds. */
static bool take_target_values(run *s, const wire_commit *tr)
{
    for (unsigned i = 0; i < tr->gpr_count; i++) {
        const wire_gpr_write *g = &tr->gpr[i];
        if (gm_write_reg(s->m, tr->warp, WIRE_REG_GPR, g->reg, g->lane_mask, g->value) != 0) {
            gh__say(&s->text, "internal error: the model cannot take R%u of warp %u\n", g->reg, tr->warp);
            verdict(s, GH_TARGET_ERROR);
            return false;
        }
    }
    return true;
}

/* The variant of a record's UNIMPLEMENTED word the target lacks (its
 * variant map or a modifier value), or -1. A core of an older contract
 * (CONTRACT below this gpuhost's) could not say all it lacks: its
 * UNIMPLEMENTED is taken at its word too (the run's warning said so), not as
 * a divergence. */
static long lacked_variant(const run *s, const wire_commit *tr)
{
    isa_insn insn;
    if (tr->trap_code != GM_TRAP_UNIMPLEMENTED || isa_decode((isa_word){tr->insn_lo, tr->insn_hi}, &insn) != 0)
        return -1;
    if (!gh_target_implements_insn(s->t, &insn, NULL) || gh_target_caps(s->t)->contract < FW_PORT_CONTRACT_REVISION)
        return insn.variant;
    return -1;
}

/* The target retired UNIMPLEMENTED an instruction whose variant it lacks, and
 * the model has stepped it (mr): unsupported, or emulated. False when the run
 * must stop. */
static bool unimplemented(run *s, wire_commit *tr, long variant, int mr)
{
    const isa_variant *v = &isa_tables_get()->variants[variant];
    char text[160];
    gh__disasm(tr->insn_lo, tr->insn_hi, tr->pc, text, sizeof text);
    if (!s->o->emulate_unimplemented || !gh__emulable(v)) {
        isa_insn insn;
        const isa_modifier_value *lacked = NULL;
        char what[128];
        snprintf(what, sizeof what, "variant %s", v->name);
        if (isa_decode((isa_word){tr->insn_lo, tr->insn_hi}, &insn) == 0 &&
            !gh_target_implements_insn(s->t, &insn, &lacked) && lacked) {
            snprintf(what, sizeof what, "modifier value ");
            isa_modifier_name(lacked, what + strlen(what), sizeof what - strlen(what));
        } else if (gh_target_caps(s->t)->contract < FW_PORT_CONTRACT_REVISION)
            snprintf(what, sizeof what, "variant %s; its core presents an older port contract (capability word "
                     "CONTRACT %u), which could not declare it lacking", v->name, gh_target_caps(s->t)->contract);
        gh__say(&s->text, "the target said while running that it does not implement instruction %" PRIu64
                " (warp %u, pc 0x%" PRIx64 "): %s ; (%s)%s\n", tr->seq, tr->warp, tr->pc, text, what,
                !gh__emulable(v) ? ", which the host cannot emulate (its effect reaches the convergence stack)"
                : s->o->emulate_unimplemented ? "" : "; --emulate-unimplemented has the host apply the model's "
                "effect and go on");
        verdict(s, GH_UNSUPPORTED);
        gh__halt(s->t);
        return false;
    }
    wire_commit *expected = malloc(sizeof *expected);
    if (!expected) {
        gh__say(&s->text, "out of memory\n");
        verdict(s, GH_TARGET_ERROR);
        return false;
    }
    gh__unimplemented_record(s->mine, expected);
    unsigned diffs = gh__compare_records(&s->text, expected, tr, &s->tolerated);
    free(expected);
    if (diffs) {
        diverged_at(s, s->mine, "the target's UNIMPLEMENTED record is not the instruction the model ran");
        return false;
    }
    if (s->o->trace)
        gh_write_commit_json(s->o->trace, s->mine, "emulated");
    if (mr == GM_STEP_OK) /* applied once the target's run has ended (emulate_pending) */
        *s->pending = *s->mine;
    s->res->emulated++;
    s->res->emulated_by_variant[variant]++;
    if (mr == GM_STEP_TRAP) /* the model traps there: so does the kernel, with nothing to apply */
        s->trapped = s->trap_emulated = true;
    else
        s->resume = true;
    return true;
}

/* The target stopped at the UNIMPLEMENTED record (its RUN ended): the
 * model's effect goes in through the backdoor. False when the run must stop. */
static bool emulate_pending(run *s)
{
    if (gh__emulate(s->t, s->m, s->pending) == 0)
        return true;
    target_error(s, "cannot apply an emulated instruction to the target");
    return false;
}

/* One record of the target: false when the run must stop. */
static bool take(run *s, wire_commit *tr)
{
    tr->seq = s->res->instructions;
    if (s->o->trace)
        gh_write_commit_json(s->o->trace, tr, NULL);
    gh__retired_of(&s->last, tr);
    s->resume = false;
    if (s->trapped) {
        gh__say(&s->text, "DIVERGENCE at instruction %" PRIu64 ": the target retired warp %u pc 0x%" PRIx64
                " after the kernel trapped\n", tr->seq, tr->warp, tr->pc);
        verdict(s, GH_DIVERGED);
        return false;
    }
    if (!s->m) { /* alone, or a free run */
        if (!covered(s, tr))
            return false;
        s->trapped = (tr->flags & WIRE_COMMIT_TRAP) != 0;
        s->res->instructions++;
        return true;
    }
    s->sample_state ^= s->sample_state << 13, s->sample_state ^= s->sample_state >> 7;
    s->sample_state ^= s->sample_state << 17;
    bool timed = (s->sample_state & 63) == 0;
    double before = timed ? now() : 0;
    int mr = gm_step(s->m, s->mine);
    if (timed) {
        s->sampled_seconds += now() - before - s->clock_cost;
        s->sampled_steps++;
    }
    if (mr == GM_STEP_DONE) {
        gh__say_model_finished(&s->text, tr, &s->history);
        s->res->divergence_at = tr->seq;
        verdict(s, GH_DIVERGED);
        gh__halt(s->t);
        return false;
    }
    long lacked = lacked_variant(s, tr);
    if (lacked >= 0) {
        if (!unimplemented(s, tr, lacked, mr))
            return false;
    } else if (gh__compare_records(&s->text, s->mine, tr, &s->tolerated)) {
        diverged_at(s, s->mine, NULL);
        return false;
    } else if (s->tolerated.in_record && !take_target_values(s, tr)) {
        return false;
    } else if (!covered(s, tr)) { /* what the target ran, not what the host emulated */
        return false;
    }
    if (gh__pages_add_record(&s->pages, s->mine) != 0 || gh__pages_add_record(&s->known, s->mine) != 0) {
        gh__say(&s->text, "out of memory\n");
        verdict(s, GH_TARGET_ERROR);
        return false;
    }
    gh__history_add(&s->history, s->mine);
    s->res->instructions++;
    s->trapped = mr == GM_STEP_TRAP;
    return true;
}

/* Streams one RUN of at most max instructions. Returns its end reason, or
 * -1 when the run stopped with a verdict. */
static int stream(run *s, uint64_t max)
{
    const gh_run_opts *o = s->o;
    uint32_t batch = o->batch ? o->batch : 1024, window = o->window;
    if (!window) { /* GH_RUN_RECORDS_IN_FLIGHT records' worth of batches, 2 to 1000 (--window's range) */
        window = GH_RUN_RECORDS_IN_FLIGHT / batch;
        window = window < 2 ? 2 : window > 1000 ? 1000 : window;
    }
    if (gh__run_start(s->t, max, batch, window) != 0) {
        target_error(s, "cannot start a run");
        return -1;
    }
    uint64_t before = s->res->instructions;
    double last_progress = now();
    /* credits returned a quarter window at a time: one CREDIT frame a batch
     * doubled the frames (and the syscalls on both sides) at small batches */
    uint32_t owed = 0, grant = window / 4 ? window / 4 : 1;
    for (;;) {
        uint32_t count = 0, reason = 0;
        uint64_t total = 0;
        int rc = gh__run_next(s->t, s->recs, s->recs_cap, &count, &reason, &total);
        if (rc < 0) {
            target_error(s, "target error");
            return -1;
        }
        if (rc == 0) {
            uint64_t got = s->res->instructions - before;
            if (total != got || (reason == WIRE_END_LIMIT && got != max)) {
                gh__say(&s->text, "protocol error: the run ended (reason %u) saying %" PRIu64 " instructions, "
                        "after %" PRIu64 " records of %" PRIu64 " asked for\n", reason, total, got, max);
                gh__breach(s->t, "RUN_END contradicts the records");
                verdict(s, GH_TARGET_ERROR);
                return -1;
            }
            return (int)reason;
        }
        for (uint32_t i = 0; i < count; i++)
            if (!take(s, &s->recs[i]))
                return -1;
        if (rc == GH_RECORDS_END_BATCH && o->progress && now() - last_progress >= 1.0) {
            last_progress = now();
            o->progress(s->res->instructions);
        }
        if (rc == GH_RECORDS_END_BATCH && ++owed >= grant) {
            if (gh__credit(s->t, owed) != 0) {
                target_error(s, "target error");
                return -1;
            }
            owed = 0;
        }
    }
}

static void fault_never_seen(run *s)
{
    if (s->o->fault && (s->res->verdict == GH_VERDICT_UNKNOWN))
        gh__say(&s->text, "the fault %s was armed in the DUT but never showed: nothing it could corrupt ran "
                "at or after its instruction, or its change went where no comparison looks\n", s->o->fault);
    if (s->o->fault)
        verdict(s, GH_TARGET_ERROR);
}

/* matched: the target's full state was just found equal to the model's. */
static void expectations(run *s, bool matched)
{
    char model_report[256] = "", target_report[256] = "";
    unsigned in_model = s->m ? gm_check_expectations(s->m, s->k, model_report, sizeof model_report) : 0;
    int in_target = gh__check_target_expectations(s->t, s->k, s->k->warps, target_report, sizeof target_report,
                                                  s->st, matched ? s->m : NULL);
    if (in_target < 0) {
        target_error(s, "cannot read the target's final state");
        return;
    }
    if (in_model)
        gh__say(&s->text, "model: %s (%u mismatching value%s)\n", model_report, in_model, in_model == 1 ? "" : "s");
    if (in_target)
        gh__say(&s->text, "%s%s (%d mismatching value%s)\n", s->m ? "target: " : "", target_report, in_target,
                in_target == 1 ? "" : "s");
    if (in_model || in_target) {
        verdict(s, GH_FAIL);
        return;
    }
    fault_never_seen(s);
    verdict(s, gh__emulated_within_lacks(&s->t->board, s->res, &s->text) ? GH_PASS : GH_EMULATED);
}

static void ended_done(run *s)
{
    if (s->o->free_running) {
        verdict(s, GH_FINISHED);
        return;
    }
    if (s->trapped) {
        gh__say(&s->text, "target error: the run ended as finished although its last record trapped\n");
        verdict(s, GH_TARGET_ERROR);
        return;
    }
    if (s->m) {
        if (gm_step(s->m, s->mine) != GM_STEP_DONE) {
            s->mine->seq = s->res->instructions;
            gh__say(&s->text, "the target finished but the model has more to run:\n");
            diverged_at(s, s->mine, "the target retired nothing here");
            return;
        }
        if (!check_state(s, "at the end, after"))
            return;
    }
    expectations(s, s->m != NULL);
}

static void ended_trap(run *s)
{
    if (!s->trapped) {
        gh__say(&s->text, "DIVERGENCE: the target ended the run with a trap its last record did not show\n");
        verdict(s, GH_DIVERGED);
        return;
    }
    if (s->m) {
        if (!check_state(s, "at the trap, after"))
            return;
        if (s->trap_emulated)
            gh__say(&s->text, "TRAP (the model's, at an instruction the target does not implement and the host "
                    "emulated): %s\n", gm_trap_message(s->m));
        else
            gh__say(&s->text, "TRAP (the target agrees): %s\n", gm_trap_message(s->m));
        if (s->last.flags & WIRE_COMMIT_LANE_UNREPORTED) /* left out of the comparison: never silently */
            gh__say(&s->text, "trapping lane: not reported by this target (its DUT does not name the lane of "
                    "this trap), so not compared\n");
    } else {
        const char *said = s->t->ops->trap_message ? s->t->ops->trap_message(s->t) : NULL;
        char text[160], lane[24];
        gh__disasm(s->last.insn_lo, s->last.insn_hi, s->last.pc, text, sizeof text);
        if (s->last.flags & WIRE_COMMIT_LANE_UNREPORTED)
            snprintf(lane, sizeof lane, "lane not reported");
        else
            gh__lane_text(s->last.trap_lane, lane, sizeof lane);
        if (said)
            gh__say(&s->text, "TRAP: %s\n", said);
        else
            gh__say(&s->text, "TRAP: warp %u, pc 0x%" PRIx64 ", %s: %s ;: %s\n", s->last.warp, s->last.pc, lane,
                    text, gm_trap_name(s->last.trap_code));
    }
    fault_never_seen(s);
    verdict(s, GH_TRAPPED);
}

/* A run the target ended before the kernel did. A hung DUT or one that broke
 * the port contract is the DUT's own failure (a bug a retry would hide);
 * the rest are the target's. */
static void ended_early(run *s, int reason)
{
    switch (reason) {
    case WIRE_END_WATCHDOG:
        gh__say(&s->text, "the DUT stopped retiring after %" PRIu64 " instructions (watchdog)\n",
                s->res->instructions);
        verdict(s, GH_DUT_FAILED);
        return;
    case WIRE_END_DUT_ERROR:
        gh__say(&s->text, "the DUT broke the port contract after %" PRIu64 " instructions "
                "(a port rule, named by the server above, or retire beats that are no instruction)\n",
                s->res->instructions);
        verdict(s, GH_DUT_FAILED);
        return;
    case WIRE_END_HALTED:
        gh__say(&s->text, "target error: the target ended the run as halted; nobody asked it to\n");
        break;
    default:
        gh__say(&s->text, "target error: the run ended for an unknown reason (%d)\n", reason);
    }
    verdict(s, GH_TARGET_ERROR);
}

/* A variant the target's DUT would answer UNIMPLEMENTED (not one its
 * descriptor left out: the DUT would run that) and the host can emulate. */
static bool emulated_variant(const gh_target *t, const isa_variant *v, uint32_t optype)
{
    bool narrowed = optype < 256 && !gh_target_implements(t, optype) && (t->claimed[optype / 8] >> (optype % 8) & 1u);
    return !narrowed && gh__emulable(v);
}

/* The first instruction the target cannot run (nor the host emulate, when
 * asked to), or -1. */
static long first_unsupported(const gh_target *t, const isa_kernel *k, bool emulate)
{
    for (size_t i = 0; i < k->code_count; i++) {
        isa_insn insn;
        if (isa_decode(k->code[i], &insn) != 0)
            continue; /* the model will trap on it */
        const isa_variant *v = isa_variant_of(&insn);
        if (gh_target_implements_insn(t, &insn, NULL))
            continue;
        if (!emulate || !emulated_variant(t, v, insn.value[isa_field_index(v, "optype")]))
            return (long)i;
    }
    return -1;
}

static bool supported(run *s)
{
    const gh_caps *c = gh_target_caps(s->t);
    const isa_kernel *k = s->k;
    if (c->max_code && k->code_count > c->max_code)
        gh__say(&s->text, "the kernel has %zu instructions; the target (%s) holds at most %u\n", k->code_count,
                c->name, c->max_code);
    else if (c->max_warps && k->warps > c->max_warps)
        gh__say(&s->text, "the kernel launches %u warps; the target (%s) has %u\n", k->warps, c->name,
                c->max_warps);
    else {
        long bad = first_unsupported(s->t, k, s->o->emulate_unimplemented);
        if (bad < 0)
            return true;
        char text[160];
        gh__disasm(k->code[bad].lo, k->code[bad].hi, 16 * (uint64_t)bad, text, sizeof text);
        isa_insn insn;
        isa_decode(k->code[bad], &insn);
        const isa_variant *v = isa_variant_of(&insn);
        uint32_t optype = insn.value[isa_field_index(v, "optype")];
        const gh_board *b = &s->t->board;
        const isa_modifier_value *lacked = NULL;
        char modifier[96];
        gh_target_implements_insn(s->t, &insn, &lacked);
        if (lacked)
            isa_modifier_name(lacked, modifier, sizeof modifier);
        if (s->o->emulate_unimplemented && !gh__emulable(v))
            gh__say(&s->text, "the target (%s) does not implement %s, and the host cannot emulate it (its effect "
                    "reaches the convergence stack, which the port's backdoor does not), at pc 0x%lx: %s ;\n",
                    c->name, v->name, 16 * bad, text);
        else if (lacked && gh_target_implements_variant(s->t, insn.variant))
            gh__say(&s->text, "the target (%s) implements %s but not with that modifier value: it lacks %s (it "
                    "says so in its capabilities), at pc 0x%lx: %s ;\n", c->name, v->name, modifier, 16 * bad,
                    text);
        else if (gh_target_implements(s->t, optype))
            gh__say(&s->text, "the target (%s) implements %s but not its variant %s (it says so in its "
                    "capabilities), at pc 0x%lx: %s ;\n", c->name, v->optype, v->name, 16 * bad, text);
        else if (optype < 256 && (s->t->claimed[optype / 8] >> (optype % 8) & 1u))
            gh__say(&s->text, "board %s runs no %s: the target (%s) implements it, but %s lists only %s in "
                    "implements (group %s is not), at pc 0x%lx: %s ;\n", b->name, v->optype, c->name, b->file,
                    b->implements, v->group, 16 * bad, text);
        else
            gh__say(&s->text, "the target (%s) does not implement the instruction at pc 0x%lx: %s ;\n", c->name,
                    16 * bad, text);
    }
    verdict(s, GH_UNSUPPORTED);
    return false;
}

/* Pages the loader places and the expectations read are compared too. */
static int known_pages(run *s)
{
    for (size_t i = 0; i < s->k->global_count; i++)
        if (gh__pages_add_range(&s->pages, s->k->globals[i].addr, 4ull * s->k->globals[i].count) != 0 ||
            gh__pages_add_range(&s->known, s->k->globals[i].addr, 4ull * s->k->globals[i].count) != 0)
            return -1;
    for (size_t i = 0; i < s->k->expect_mem_count; i++)
        if (gh__pages_add_range(&s->pages, s->k->expect_mems[i].addr, 4ull * s->k->expect_mems[i].count) != 0)
            return -1;
    return 0;
}

/* The cost of a clock pair around nothing: the least of a few (a mean would
 * take in the odd preemption). */
static double clock_pair_cost(void)
{
    double least = 1.0;
    for (int i = 0; i < 256; i++) {
        double t = now(), d = now() - t;
        least = d < least ? d : least;
    }
    return least;
}

static void execute(run *s)
{
    const gh_run_opts *o = s->o;
    if (o->lockstep && !o->free_running) {
        char err[256];
        s->m = gm_new(s->k, err, sizeof err);
        if (!s->m) {
            gh__say(&s->text, "cannot start the model: %s\n", err);
            verdict(s, GH_TARGET_ERROR);
            return;
        }
        s->sample_state = UINT64_C(0x9e3779b97f4a7c15);
        s->clock_cost = clock_pair_cost();
    }
    if (known_pages(s) != 0 || gh_target_load(s->t, s->k) != 0) {
        target_error(s, "cannot load the kernel");
        return;
    }
    uint64_t limit = o->max_insns ? o->max_insns : UINT64_MAX;
    for (;;) {
        uint64_t chunk = limit - s->res->instructions;
        if (s->m && o->check_every && o->check_every - (s->res->instructions - s->checked_at) < chunk)
            chunk = o->check_every - (s->res->instructions - s->checked_at);
        int reason = stream(s, chunk);
        if (reason < 0)
            return;
        if (reason == WIRE_END_DONE)
            return ended_done(s);
        if (reason == WIRE_END_TRAP && s->resume) { /* the target stopped at what the host emulates */
            if (!emulate_pending(s))
                return;
            continue;
        }
        if (reason == WIRE_END_TRAP)
            return ended_trap(s);
        if (reason != WIRE_END_LIMIT)
            return ended_early(s, reason);
        bool at_limit = s->res->instructions == limit;
        if (s->m && !check_state(s, at_limit ? "at --max-insns, after" : "at the check after"))
            return;
        if (at_limit) {
            if (s->m)
                fault_never_seen(s);
            s->res->at_limit = true;
            verdict(s, o->free_running ? GH_FINISHED : GH_LIMIT);
            return;
        }
    }
}

uint64_t gh_global_memory_end(void)
{
    return GM_GLOBAL_LIMIT;
}

/* A whole file through the one output routine (isa/outfile.h). */
static int write_file(const char *path, const void *bytes, size_t len)
{
    isa_outfile out;
    char why[8];
    if (isa_outfile_open(&out, path, why, sizeof why) != 0)
        return -1;
    if (fwrite(bytes, 1, len, out.f) != len) {
        isa_outfile_abort(&out);
        return -1;
    }
    return isa_outfile_commit(&out, why, sizeof why);
}

/* --dump-state and --dump-mem: the target's, and at a divergence the model's beside it. */
static void dump(run *s)
{
    const gh_run_opts *o = s->o;
    bool both = s->m && s->res->verdict == GH_DIVERGED;
    char stress[RTL_STRESS_TEXT_MAX + 96] = ""; /* the target's stress setting, with its state */
    if (*gh_target_stress(s->t, NULL, 0))
        snprintf(stress, sizeof stress, ",\"stress\":{\"setting\":\"%s\",\"seed\":%llu,\"profile\":\"%s\"}",
                 s->t->stress, (unsigned long long)s->t->stress_knobs.seed, rtl_stress_profile(&s->t->stress_knobs));
    if (o->state_path) {
        isa_outfile out;
        char why[600] = "";
        bool ok = isa_outfile_open(&out, o->state_path, why, sizeof why) == 0;
        FILE *f = ok ? out.f : NULL;
        if (ok)
            fputs(both ? "{\"target\":{\"warps\":[" : "{\"warps\":[", f);
        for (uint32_t w = 0; ok && w < s->k->warps; w++) {
            ok = gh__read_state(s->t, (uint16_t)w, s->st) == 0;
            if (ok) {
                fputs(w ? "," : "", f);
                ok = gh_write_warp_json(f, s->st) == 0;
            }
        }
        if (ok && both) {
            fprintf(f, "]%s", stress);
            gh__write_emulated_json(f, s->res);
            fputs("},\"model\":{\"warps\":[", f);
            for (uint32_t w = 0; ok && w < gm_warp_count(s->m); w++) {
                gh__model_state(s->m, (uint16_t)w, s->st);
                fputs(w ? "," : "", f);
                ok = gh_write_warp_json(f, s->st) == 0;
            }
            fputs("]}", f);
        } else if (ok) {
            fprintf(f, "]%s", stress);
            gh__write_emulated_json(f, s->res);
        }
        if (ok)
            fputs("}\n", f);
        if (f && !ok) {
            if (ferror(f))
                snprintf(why, sizeof why, "write failed: %s", strerror(errno));
            isa_outfile_abort(&out);
        }
        else if (f && isa_outfile_commit(&out, why, sizeof why) != 0)
            ok = false;
        if (!ok) {
            gh__say(&s->text, "cannot write the state to %s: %s\n", o->state_path,
                    why[0] ? why : gh_target_error(s->t));
            s->res->io_error = true;
        }
    }
    for (unsigned i = 0; i < o->dump_count; i++) {
        const gh_mem_dump *d = &o->dumps[i];
        uint8_t *bytes = malloc(d->len ? d->len : 1);
        bool ok = bytes && gh_target_read_mem(s->t, d->addr, bytes, d->len) == 0;
        ok = ok && write_file(d->path, bytes, d->len) == 0;
        if (ok && both) {
            char path[4096];
            snprintf(path, sizeof path, "%s.model", d->path);
            ok = gm_read_memory(s->m, d->addr, bytes, d->len) == 0 && write_file(path, bytes, d->len) == 0;
        }
        if (!ok) {
            gh__say(&s->text, "cannot dump memory 0x%" PRIx64 "+%" PRIu64 " to %s\n", d->addr, d->len, d->path);
            s->res->io_error = true;
        }
        free(bytes);
    }
}

/* Says which bounds applied and where they came from (the target declares,
 * the user's descriptor caps), and how much of the lockstep rested on them. */
static void tolerated_summary(run *s)
{
    const gh_caps *caps = gh_target_caps(s->t);
    if (caps->tolerance_count) {
        gh__say(&s->text, "tolerance bounds:");
        for (unsigned i = 0; i < caps->tolerance_count; i++) {
            char name[96];
            gh_tolerance_name(&caps->tolerance[i], name, sizeof name);
            gh__say(&s->text, "%s %s %u ulp", i ? "," : "", name, caps->tolerance[i].ulp);
        }
        char allowed[256];
        gh__max_ulp_text(&s->t->board, allowed, sizeof allowed);
        gh__say(&s->text, " (declared by the target, each within max_ulp = %s of %s)\n", allowed,
                s->t->board.file[0] ? s->t->board.file : "its board");
    }
    s->res->tolerated = s->tolerated.values;
    s->res->tolerated_max_ulp = s->tolerated.max_ulp;
    if (s->tolerated.values)
        gh__say(&s->text, "tolerance: %" PRIu64 " register value%s of approximate instructions differed from "
                "the model's within the target's declared bounds (largest distance %u ulp); the model took "
                "the target's values\n", s->tolerated.values, s->tolerated.values == 1 ? "" : "s",
                s->tolerated.max_ulp);
}

void gh_run(gh_target *t, const isa_kernel *k, const gh_run_opts *o, gh_run_result *res)
{
    memset(res, 0, sizeof *res);
    run *s = calloc(1, sizeof *s);
    uint32_t batch = o->batch ? o->batch : 1024, recs_cap = batch < RECORDS_AT_ONCE ? batch : RECORDS_AT_ONCE;
    if (s) {
        s->recs = malloc(sizeof *s->recs * recs_cap);
        s->mine = malloc(sizeof *s->mine);
        s->pending = malloc(sizeof *s->pending);
        s->st = malloc(sizeof *s->st);
    }
    if (!s || !s->recs || !s->mine || !s->pending || !s->st) {
        snprintf(res->report, sizeof res->report, "out of memory\n");
        res->verdict = GH_TARGET_ERROR;
    } else {
        *s = (run){.t = t, .k = k, .o = o, .res = res, .recs = s->recs, .recs_cap = recs_cap, .mine = s->mine,
                   .pending = s->pending, .st = s->st,
                   .text = {.buf = res->report, .cap = sizeof res->report}, .start = now()};
        s->tolerated.caps = gh_target_caps(t);
        s->memcheck = (gh_memcheck){.known = &s->known, .rng = fresh_seed(), .read_all = o->check_every == 1};
        if (supported(s)) {
            execute(s);
            tolerated_summary(s);
            res->seconds = now() - s->start;
            if (s->sampled_steps) {
                double per_step = s->sampled_seconds / (double)s->sampled_steps;
                res->model_seconds = per_step > 0 ? per_step * (double)res->instructions : 0;
            }
            if (res->verdict != GH_TARGET_ERROR || s->res->instructions)
                dump(s);
        }
        if (o->coverage && (gh__coverage_write(&s->coverage, t, o->coverage) != 0 || fflush(o->coverage) != 0)) {
            gh__say(&s->text, "cannot write the coverage record\n");
            res->io_error = true;
        }
        if (o->trace && fflush(o->trace) != 0) {
            gh__say(&s->text, "cannot write the trace\n");
            res->io_error = true;
        }
        if (res->verdict == GH_VERDICT_UNKNOWN) { /* a path above forgot to decide: never PASS */
            gh__say(&s->text, "internal error: the run ended without a verdict\n");
            res->verdict = GH_TARGET_ERROR;
        }
        gm_destroy(&s->m);
        gh__pages_free(&s->pages);
        gh__pages_free(&s->known);
        gh__coverage_free(&s->coverage);
    }
    if (s) {
        free(s->recs);
        free(s->mine);
        free(s->pending);
        free(s->st);
    }
    free(s);
}
