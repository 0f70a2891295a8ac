/* libgpuhost: one commit record against the model's, every field. */
#include <inttypes.h>
#include <string.h>

#include "engine.h"
#include "isa/isa.h"

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

static const char *trap_text(uint32_t code)
{
    if (code == GM_TRAP_NONE)
        return "none";
    return code == GM_TRAP_UNIMPLEMENTED ? "the target does not implement this instruction"
                                          : gm_trap_name(code);
}

const char *gh__lane_text(uint32_t lane, char *out, size_t len)
{
    if (lane == GM_TRAP_NO_LANE)
        snprintf(out, len, "no lane");
    else
        snprintf(out, len, "lane %" PRIu32, lane);
    return out;
}

/* Says why two values of an approximate instruction differ too much. */
static void say_distance(gh_text *r, const gh__tolerance *tol, uint32_t x, uint32_t y)
{
    uint32_t d = gm_ulp_distance(&tol->what.layout, x, y);
    if (d == GM_ULP_INCOMPARABLE)
        gh__say(r, " (a NaN, an infinity or a sign differs: %s must match exactly)", tol->name);
    else if (tol->bound < 0)
        gh__say(r, " (%u ulp; the target declares no tolerance for %s: exact)", d, tol->name);
    else
        gh__say(r, " (%u ulp, beyond the %d ulp the target declares for %s)", d, tol->bound, tol->name);
}

/* Whether y stands for x under the target's tolerance (counted in tol). */
static bool within(const gh__tolerance *tol, gh_tolerated *stats, uint32_t x, uint32_t y)
{
    if (!tol->approximate || tol->bound < 0)
        return false;
    uint32_t d = gm_ulp_distance(&tol->what.layout, x, y);
    if (d > (uint32_t)tol->bound)
        return false;
    stats->values++;
    stats->in_record = true;
    if (d > stats->max_ulp)
        stats->max_ulp = d;
    return true;
}

static unsigned compare_gprs(gh_text *r, const wire_commit *m, const wire_commit *t, gh_value_kind kind,
                             gh_tolerated *stats)
{
    unsigned diffs = 0;
    char a[64], b[64];
    gh__tolerance tol;
    gh__tolerance_for(stats->caps, m->insn_lo, m->insn_hi, &tol);
    for (unsigned reg = 0; reg < 255; reg++) {
        const wire_gpr_write *x = find_gpr(m, reg), *y = find_gpr(t, reg);
        if (!x && !y)
            continue;
        uint32_t mx = x ? x->lane_mask : 0, my = y ? y->lane_mask : 0;
        for (unsigned l = 0; l < WIRE_LANES; l++) {
            bool wx = (mx >> l) & 1u, wy = (my >> l) & 1u;
            if ((!wx && !wy) || (wx && wy && x->value[l] == y->value[l]))
                continue;
            if (wx && wy && within(&tol, stats, x->value[l], y->value[l]))
                continue;
            diffs++;
            if (wx)
                gh__value_text(x->value[l], kind, a, sizeof a);
            if (wy)
                gh__value_text(y->value[l], kind, b, sizeof b);
            if (wx && wy) {
                gh__say(r, "  R%u lane %u: expected %s, actual %s", reg, l, a, b);
                if (tol.approximate)
                    say_distance(r, &tol, x->value[l], y->value[l]);
                gh__say(r, "\n");
            } else if (wx)
                gh__say(r, "  R%u lane %u: expected a write of %s, the target wrote nothing\n", reg, l, a);
            else
                gh__say(r, "  R%u lane %u: the target wrote %s, expected no write\n", reg, l, b);
        }
    }
    return diffs;
}

static unsigned compare_uniform_and_preds(gh_text *r, const wire_commit *m, const wire_commit *t)
{
    unsigned diffs = 0;
    for (unsigned p = 0; p < 7; p++) {
        const wire_pred_write *x = find_pred(m, p), *y = find_pred(t, p);
        uint32_t mx = x ? x->lane_mask : 0, my = y ? y->lane_mask : 0;
        uint32_t vx = x ? x->value & mx : 0, vy = y ? y->value & my : 0;
        if (mx != my || vx != vy) {
            gh__say(r, "  P%u: expected lanes 0x%08x = 0x%08x, actual lanes 0x%08x = 0x%08x\n", p, mx, vx,
                    my, vy);
            diffs++;
        }
    }
    for (unsigned u = 0; u < 63; u++) {
        const wire_ur_write *x = find_ur(m, u), *y = find_ur(t, u);
        if (!x && !y)
            continue;
        if (!x || !y || x->value != y->value) {
            gh__say(r, "  UR%u: expected %s%08x, actual %s%08x\n", u, x ? "0x" : "no write ", x ? x->value : 0,
                    y ? "0x" : "no write ", y ? y->value : 0);
            diffs++;
        }
    }
    if (m->upred_mask != t->upred_mask ||
        (m->upred_value & m->upred_mask) != (t->upred_value & t->upred_mask)) {
        gh__say(r, "  uniform predicates: expected mask 0x%x = 0x%x, actual mask 0x%x = 0x%x\n",
                m->upred_mask, m->upred_value & m->upred_mask, t->upred_mask, t->upred_value & t->upred_mask);
        diffs++;
    }
    return diffs;
}

static unsigned compare_store(gh_text *r, const wire_commit *m, const wire_commit *t, gh_value_kind kind)
{
    if (m->mem_count != t->mem_count) {
        gh__say(r, "  memory: expected %s, actual %s\n", m->mem_count ? "a store" : "no store",
                t->mem_count ? "a store" : "no store");
        return 1;
    }
    if (!m->mem_count)
        return 0;
    unsigned diffs = 0;
    char a[64], b[64];
    if (m->mem.bytes != t->mem.bytes) {
        gh__say(r, "  store size: expected %u bytes, actual %u\n", m->mem.bytes, t->mem.bytes);
        diffs++;
    }
    if (m->mem.lane_mask != t->mem.lane_mask) {
        gh__say(r, "  store lanes: expected 0x%08x, actual 0x%08x\n", m->mem.lane_mask, t->mem.lane_mask);
        diffs++;
    }
    unsigned words = m->mem.bytes / 4u < WIRE_MAX_MEM_WORDS ? m->mem.bytes / 4u : WIRE_MAX_MEM_WORDS;
    for (unsigned l = 0; l < WIRE_LANES; l++) {
        if (!((m->mem.lane_mask & t->mem.lane_mask) >> l & 1u))
            continue;
        if (m->mem.addr[l] != t->mem.addr[l]) {
            gh__say(r, "  store lane %u: expected address 0x%" PRIx64 ", actual 0x%" PRIx64 "\n", l,
                    m->mem.addr[l], t->mem.addr[l]);
            diffs++;
        }
        for (unsigned k = 0; k < words; k++)
            if (m->mem.data[l][k] != t->mem.data[l][k]) {
                gh__value_text(m->mem.data[l][k], kind, a, sizeof a);
                gh__value_text(t->mem.data[l][k], kind, b, sizeof b);
                gh__say(r, "  store lane %u word %u at 0x%" PRIx64 ": expected %s, actual %s\n", l, k,
                        m->mem.addr[l] + 4 * k, a, b);
                diffs++;
            }
    }
    return diffs;
}

/* The common case, checked without describing anything: the records agree
 * in every field compared below, their writes listed in the same order.
 * (False only sends the records through the full comparison.) */
static bool same_records(const wire_commit *m, const wire_commit *t)
{
    if (m->warp != t->warp || m->pc != t->pc || m->insn_lo != t->insn_lo || m->insn_hi != t->insn_hi ||
        m->flags != t->flags || m->active_mask != t->active_mask || m->exec_mask != t->exec_mask ||
        m->exit_mask != t->exit_mask || m->branch_mask != t->branch_mask || m->trap_code != t->trap_code ||
        (m->branch_mask && m->branch_target != t->branch_target) ||
        (m->trap_code ? m->trap_lane != t->trap_lane : t->trap_lane != 0) || m->gpr_count != t->gpr_count ||
        m->pred_count != t->pred_count || m->ur_count != t->ur_count || m->mem_count != t->mem_count ||
        m->upred_mask != t->upred_mask || ((m->upred_value ^ t->upred_value) & m->upred_mask) ||
        m->gpr_count > WIRE_MAX_GPR_WRITES || m->pred_count > WIRE_MAX_PRED_WRITES ||
        m->ur_count > WIRE_MAX_UR_WRITES)
        return false;
    for (unsigned i = 0; i < m->gpr_count; i++) {
        const wire_gpr_write *x = &m->gpr[i], *y = &t->gpr[i];
        if (x->reg != y->reg || x->lane_mask != y->lane_mask)
            return false;
        if (x->lane_mask == 0xffffffffu) { /* the usual write: every lane, one comparison */
            if (memcmp(x->value, y->value, sizeof x->value))
                return false;
            continue;
        }
        uint32_t differ = 0;
        for (unsigned l = 0; l < WIRE_LANES; l++)
            differ |= (uint32_t)(x->value[l] != y->value[l]) << l;
        if (differ & x->lane_mask)
            return false;
    }
    for (unsigned i = 0; i < m->pred_count; i++)
        if (m->pred[i].pred != t->pred[i].pred || m->pred[i].lane_mask != t->pred[i].lane_mask ||
            ((m->pred[i].value ^ t->pred[i].value) & m->pred[i].lane_mask))
            return false;
    for (unsigned i = 0; i < m->ur_count; i++)
        if (m->ur[i].reg != t->ur[i].reg || m->ur[i].value != t->ur[i].value)
            return false;
    if (m->mem_count) {
        if (m->mem.bytes != t->mem.bytes || m->mem.lane_mask != t->mem.lane_mask)
            return false;
        unsigned words = m->mem.bytes / 4u < WIRE_MAX_MEM_WORDS ? m->mem.bytes / 4u : WIRE_MAX_MEM_WORDS;
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((m->mem.lane_mask >> l) & 1u) {
                if (m->mem.addr[l] != t->mem.addr[l])
                    return false;
                for (unsigned k = 0; k < words; k++)
                    if (m->mem.data[l][k] != t->mem.data[l][k])
                        return false;
            }
    }
    return true;
}

static unsigned compare_fields(gh_text *r, const wire_commit *m, const wire_commit *t, gh_tolerated *tol);

/* A target that cannot name the trapping lane (WIRE_COMMIT_LANE_UNREPORTED)
 * has the lane left out; a divergence report says so (so does the TRAP
 * report at the end of a run: run.c). */
unsigned gh__compare_records(gh_text *r, const wire_commit *m, const wire_commit *t, gh_tolerated *tol)
{
    tol->in_record = false;
    if (same_records(m, t))
        return 0;
    unsigned diffs = compare_fields(r, m, t, tol);
    if (diffs && (t->flags & WIRE_COMMIT_LANE_UNREPORTED) && m->trap_code && m->trap_code == t->trap_code) {
        char lane[24];
        gh__say(r, "  trapping lane: not reported by this target (the model: %s)\n",
                gh__lane_text(m->trap_lane, lane, sizeof lane));
    }
    return diffs;
}

static unsigned compare_fields(gh_text *r, const wire_commit *m, const wire_commit *t, gh_tolerated *tol)
{
    unsigned diffs = 0;
#define FIELD(name, fmt, x, y)                                                 \
    if ((x) != (y)) {                                                          \
        gh__say(r, "  %s: expected " fmt ", actual " fmt "\n", name, x, y);    \
        diffs++;                                                               \
    }
    FIELD("warp", "%u", (unsigned)m->warp, (unsigned)t->warp);
    FIELD("pc", "0x%" PRIx64, m->pc, t->pc);
    if (m->insn_lo != t->insn_lo || m->insn_hi != t->insn_hi) {
        gh__say(r, "  instruction word differs: expected %016" PRIx64 "%016" PRIx64 ", actual %016" PRIx64
                "%016" PRIx64 "\n", m->insn_hi, m->insn_lo, t->insn_hi, t->insn_lo);
        diffs++;
    }
    if (diffs)
        return diffs; /* not the same instruction: the rest would only be noise */
    /* (LANE_UNREPORTED, never the model's, keeps such a record off the fast path: checked below) */
    FIELD("flags", "0x%x", (unsigned)m->flags, (unsigned)(t->flags & ~WIRE_COMMIT_LANE_UNREPORTED));
    FIELD("active mask", "0x%08x", m->active_mask, t->active_mask);
    FIELD("exec mask", "0x%08x", m->exec_mask, t->exec_mask);
    FIELD("exit mask", "0x%08x", m->exit_mask, t->exit_mask);
    FIELD("branch lanes", "0x%08x", m->branch_mask, t->branch_mask);
    if (m->branch_mask && m->branch_target != t->branch_target) {
        gh__say(r, "  branch target: expected 0x%" PRIx64 ", actual 0x%" PRIx64 "\n", m->branch_target,
                t->branch_target);
        diffs++;
    }
    if (m->trap_code != t->trap_code) {
        gh__say(r, "  trap: expected %s, actual %s\n", trap_text(m->trap_code), trap_text(t->trap_code));
        if (t->trap_code == GM_TRAP_UNIMPLEMENTED) {
            /* variants it lacks are never run (VARIANTS): this one it claims */
            isa_insn insn;
            const char *variant = isa_decode((isa_word){t->insn_lo, t->insn_hi}, &insn) == 0
                                      ? isa_variant_of(&insn)->name : "?";
            gh__say(r, "  the target said while running that it does not implement %s, a variant its "
                    "capabilities declare implemented: a target cannot turn an instruction it claims into a skip\n",
                    variant);
        }
        diffs++;
    } else if (m->trap_code && m->trap_lane != t->trap_lane && !(t->flags & WIRE_COMMIT_LANE_UNREPORTED)) {
        char a[24], b[24];
        gh__say(r, "  trapping lane: expected %s, actual %s\n", gh__lane_text(m->trap_lane, a, sizeof a),
                gh__lane_text(t->trap_lane, b, sizeof b));
        diffs++;
    }
#undef FIELD
    unsigned malformed = gh__record_shape(r, t);
    if (malformed)
        return diffs + malformed; /* its writes cannot be read as one set */
    gh_value_kind kind = gh__value_kind(m->insn_lo, m->insn_hi);
    diffs += compare_gprs(r, m, t, kind, tol);
    diffs += compare_uniform_and_preds(r, m, t);
    diffs += compare_store(r, m, t, kind);
    return diffs;
}
