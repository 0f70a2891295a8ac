/* cosim/model: the step loop: picks the warp and its lanes, runs the
 * predecoded instruction at their PC, applies its staged writes. Per-lane
 * work is done over lane masks, without a branch per lane. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"

/* Lanes of w with status `status`, as a mask. */
static uint32_t lanes_with(const gm_warp *w, uint8_t status)
{
    uint32_t mask = 0;
    for (unsigned l = 0; l < GM_LANES; l++)
        mask |= (uint32_t)(w->status[l] == status) << l;
    return mask;
}

/* Applies a finished instruction's staged writes. */
static inline __attribute__((always_inline)) void apply(gm_model *m, gm_warp *w, const wire_commit *r,
                                                        const gm_exec *ex)
{
    if (r->gpr_count == 1 && r->gpr[0].lane_mask == 0xffffffffu) { /* the common case: a row */
        memcpy(w->gpr[r->gpr[0].reg], r->gpr[0].value, sizeof w->gpr[0]);
    } else {
        for (unsigned i = 0; i < r->gpr_count; i++) {
            uint32_t *row = w->gpr[r->gpr[i].reg], mask = r->gpr[i].lane_mask;
            const uint32_t *value = r->gpr[i].value;
            if (mask == 0xffffffffu)
                memcpy(row, value, sizeof w->gpr[0]);
            else
                for (; mask; mask &= mask - 1)
                    row[__builtin_ctz(mask)] = value[__builtin_ctz(mask)];
        }
    }
    if (!(r->pred_count | r->ur_count | r->upred_mask | r->mem_count))
        return; /* most instructions write one register and nothing else */
    for (unsigned i = 0; i < r->pred_count; i++)
        w->pred[r->pred[i].pred] = (w->pred[r->pred[i].pred] & ~r->pred[i].lane_mask) |
                                   (r->pred[i].value & r->pred[i].lane_mask);
    for (unsigned i = 0; i < r->ur_count; i++)
        w->ur[r->ur[i].reg] = r->ur[i].value;
    w->upred = (w->upred & ~(uint32_t)r->upred_mask) | (r->upred_value & r->upred_mask);
    if (r->mem_count)
        gm_apply_store(m, &r->mem, ex->store_one_page);
}

/* Active lanes whose guard predicate holds (the guard resolved at load time). */
static inline uint32_t guarded(const gm_warp *w, const gm_decoded *d, uint32_t active)
{
    return active & gm_pred_operand_lanes(w, &d->guard);
}

static bool lacking(const gm_model *m, const gm_decoded *d)
{
    size_t v = (size_t)(d->v - isa_tables_get()->variants);
    return (v < 8 * sizeof m->lacking && (m->lacking[v / 8] >> (v % 8) & 1u)) ||
           isa_modifier_find(m->lacking_values, m->lacking_value_count, &d->insn) != NULL;
}

/* A variant a partial core lacks (gm_set_lacking): the port contract's
 * UNIMPLEMENTED, nothing changed but the instruction counts as retired. */
static int retire_unimplemented(gm_model *m, uint32_t wi, wire_commit *rec, gm_exec *ex)
{
    gm_trap(ex, GM_TRAP_UNIMPLEMENTED, -1, "this core lacks %s", ex->d->v->name);
    rec->flags = WIRE_COMMIT_TRAP;
    m->warps[wi].clock++;
    m->seq++;
    m->next_warp = wi + 1 == m->warp_count ? 0 : wi + 1;
    return GM_STEP_TRAP;
}

/* Every field of ex but exec (execute's), one by one: a compound literal
 * clears the whole struct first (with a string instruction, slow to start). */
static inline void start_exec(gm_exec *ex, gm_model *m, uint32_t wi, gm_warp *w, const gm_decoded *d,
                              uint64_t pc, uint32_t active, uint32_t ready, wire_commit *rec)
{
    ex->m = m, ex->w = w, ex->warp = wi, ex->d = d, ex->insn = &d->insn, ex->pc = pc;
    ex->active = active, ex->ready = ready, ex->rec = rec;
    ex->trapped = ex->pc_handled = ex->moved_together = ex->store_one_page = false;
    ex->moved_to = 0;
    ex->last_gpr = -1;
    ex->rd_write = NULL;
}

/* Runs a decoded instruction for the warp's active lanes (ex as
 * start_exec leaves it) and applies its effects. */
static inline __attribute__((always_inline)) int execute(gm_model *m, uint32_t wi, gm_warp *w,
                                                         const gm_decoded *d, wire_commit *rec,
                                                         gm_exec *ex, uint32_t ready)
{
    ex->exec = guarded(w, d, ex->active);
    rec->exec_mask = ex->exec;
    if (m->lacks_any && lacking(m, d))
        return retire_unimplemented(m, wi, rec, ex);
    /* control flow calls gm_lanes_will_move before it moves a PC */
    if (!d->fn)
        gm_trap(ex, GM_TRAP_UNIMPLEMENTED, -1, "no semantics for %s", d->v->optype);
    else
        d->fn(ex);
    if (ex->trapped) {
        /* nothing took effect, so the record names no write: not the lanes
         * staged before the trapping one (a target's trap END follows no state
         * beat: docs/port-contract.md), nor an exit or a branch */
        rec->flags = WIRE_COMMIT_TRAP;
        rec->gpr_count = rec->pred_count = rec->ur_count = rec->mem_count = 0;
        rec->upred_mask = rec->upred_value = 0;
        rec->exit_mask = rec->branch_mask = 0;
        rec->branch_target = 0;
        return GM_STEP_TRAP;
    }
    apply(m, w, rec, ex);
    if (!ex->pc_handled) {
        uint64_t next = ex->pc + 16;
        if (ex->active == ready) {
            /* every ready lane moved on together: they stay the lowest,
             * together; their pc[] entries are written when needed */
            w->next_known = true, w->pc_stale = true, w->next_active = ready, w->next_pc = next;
        } else {
            gm_warp_sync_pcs(w);
            w->next_known = false;
            for (uint32_t a = ex->active; a; a &= a - 1)
                w->pc[__builtin_ctz(a)] = next;
        }
    } else if (ex->moved_together && ex->active == ready) {
        w->next_known = true, w->pc_stale = true, w->next_active = ready, w->next_pc = ex->moved_to;
    }
    if (!w->next_known && lanes_with(w, GM_LANE_EXITED) == 0xffffffffu)
        rec->flags |= WIRE_COMMIT_WARP_DONE;
    w->clock++;
    m->seq++;
    m->next_warp = wi + 1 == m->warp_count ? 0 : wi + 1;
    return GM_STEP_OK;
}

/* The lowest PC among the ready lanes, and the ready lanes there. */
static uint32_t lanes_at_lowest_pc(const gm_warp *w, uint32_t ready, uint64_t *pc_out)
{
    uint64_t pc = UINT64_MAX;
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint64_t lane_pc = (ready >> l) & 1u ? w->pc[l] : UINT64_MAX;
        pc = lane_pc < pc ? lane_pc : pc;
    }
    uint32_t active = 0;
    for (unsigned l = 0; l < GM_LANES; l++)
        active |= (uint32_t)((ready >> l) & 1u && w->pc[l] == pc) << l;
    *pc_out = pc;
    return active;
}

/* Fetches and runs the instruction at pc for `active`, the lanes of warp wi
 * there (rec has no more than the header's zeros and seq). */
static inline __attribute__((always_inline)) int issue(gm_model *m, uint32_t wi, gm_warp *w,
                                                       uint64_t pc, uint32_t active,
                                                       uint32_t ready, wire_commit *rec)
{
    rec->warp = (uint16_t)wi;
    rec->pc = pc;
    rec->active_mask = active;
    if (pc % 16 || pc / 16 >= m->code_count) {
        gm_trap_at(m, rec, GM_TRAP_PC_OUT_OF_RANGE, "%s", "");
        return GM_STEP_TRAP;
    }
    const gm_decoded *d = &m->decoded[pc / 16];
    rec->insn_lo = d->word.lo;
    rec->insn_hi = d->word.hi;
    if (!d->legal) {
        gm_trap_at(m, rec, GM_TRAP_ILLEGAL_ENCODING, ": word 0x%016llx%016llx",
                   (unsigned long long)d->word.hi, (unsigned long long)d->word.lo);
        return GM_STEP_TRAP;
    }
    gm_exec ex;
    start_exec(&ex, m, wi, w, d, pc, active, ready, rec);
    return execute(m, wi, w, d, rec, &ex, ready);
}

/* gm_step when the next warp's lanes are not known without a scan. */
static __attribute__((noinline)) int step_scan(gm_model *m, wire_commit *rec)
{
    uint32_t wi = 0, ready = 0;
    gm_warp *w = NULL;
    bool deadlock = false;
    for (uint32_t n = 0, cand = m->next_warp; n < m->warp_count;
         n++, cand = cand + 1 == m->warp_count ? 0 : cand + 1) {
        const gm_warp *c = &m->warps[cand];
        ready = c->next_known ? c->next_active : lanes_with(c, GM_LANE_READY);
        if (ready) {
            wi = cand;
            w = &m->warps[cand];
            break;
        }
        if (lanes_with(&m->warps[cand], GM_LANE_WAITING) && !deadlock)
            deadlock = true, wi = cand;
    }
    memset(rec, 0, offsetof(wire_commit, gpr));
    rec->seq = m->seq;
    if (!w && !deadlock)
        return GM_STEP_DONE;
    rec->warp = (uint16_t)wi;
    if (!w) {
        /* lanes wait at a BSYNC that can never release */
        w = &m->warps[wi];
        gm_warp_sync_pcs(w);
        for (unsigned l = 0; l < GM_LANES; l++)
            if (w->status[l] == GM_LANE_WAITING)
                rec->pc = w->pc[l];
        gm_trap_at(m, rec, GM_TRAP_CONVERGENCE_DEADLOCK, "%s", "");
        return GM_STEP_TRAP;
    }
    uint64_t pc = w->next_pc;
    uint32_t active = w->next_known ? w->next_active : lanes_at_lowest_pc(w, ready, &pc);
    return issue(m, wi, w, pc, active, ready, rec);
}

int gm_step(gm_model *m, wire_commit *rec)
{
    gm_warp *w = &m->warps[m->next_warp];
    if (!w->next_known)
        return step_scan(m, rec);
    /* the common case: the round-robin's next warp has known lanes (ready,
     * so it is the one step_scan would pick) */
    memset(rec, 0, offsetof(wire_commit, gpr));
    rec->seq = m->seq;
    return issue(m, m->next_warp, w, w->next_pc, w->next_active, w->next_active, rec);
}

int gm_inject(gm_model *m, uint32_t warp, isa_word word, wire_commit *rec)
{
    if (warp >= m->warp_count)
        return GM_STEP_TRAP;
    gm_warp *w = &m->warps[warp];
    memset(rec, 0, offsetof(wire_commit, gpr));
    gm_warp_sync_pcs(w);
    uint32_t ready = lanes_with(w, GM_LANE_READY);
    uint64_t pc;
    uint32_t active = lanes_at_lowest_pc(w, ready, &pc);
    if (!active)
        return GM_STEP_DONE;
    rec->seq = m->seq;
    rec->warp = (uint16_t)warp;
    rec->pc = pc;
    rec->insn_lo = word.lo;
    rec->insn_hi = word.hi;
    rec->active_mask = active;
    gm_decoded *d = malloc(sizeof *d); /* directed tests only: not the hot path */
    if (!d)
        return GM_STEP_TRAP;
    gm_predecode(word, d);
    int rc;
    if (!d->legal) {
        gm_trap_at(m, rec, GM_TRAP_ILLEGAL_ENCODING, "%s", " (injected)");
        rc = GM_STEP_TRAP;
    } else {
        gm_exec ex;
        start_exec(&ex, m, warp, w, d, pc, active, ready, rec);
        rc = execute(m, warp, w, d, rec, &ex, ready);
    }
    free(d);
    return rc;
}

int gm_run(gm_model *m, uint64_t max_steps)
{
    wire_commit *rec = malloc(sizeof *rec);
    if (!rec)
        return GM_STEP_TRAP;
    int rc = GM_STEP_OK;
    for (uint64_t n = 0; n < max_steps && rc == GM_STEP_OK; n++)
        rc = gm_step(m, rec);
    free(rec);
    return rc;
}
