/* libgpuhost: what no commit record may hold, whatever the model's holds: a
 * register, predicate or uniform out of range (never compared, so a write
 * there would go unseen), or one written twice (the compare would read only
 * the first entry), a store size outside the ISA's, a trapping lane without a
 * trap, a lane said unreported where no lane was to be named, a lane outside
 * the active mask executing or writing. A target's record is checked before
 * it is compared. */
#include "engine.h"

/* Each of n numbers below limit (the one past it reserved: RZ, PT, URZ)
 * and none twice; the count of faults, said in r. */
static unsigned numbers_ok(gh_text *r, const char *prefix, const unsigned *nums, unsigned n, unsigned limit,
                           const char *reserved)
{
    unsigned bad = 0;
    uint64_t seen[4] = {0}; /* limit <= 255 */
    for (unsigned i = 0; i < n; i++) {
        unsigned v = nums[i];
        if (v >= limit) {
            gh__say(r, "  record shape: a write of %s%u (%s: not written by any instruction)\n", prefix, v,
                    reserved);
            bad++;
        } else if (seen[v / 64] >> v % 64 & 1u) {
            gh__say(r, "  record shape: %s%u written twice\n", prefix, v);
            bad++;
        }
        if (v < limit)
            seen[v / 64] |= 1ull << v % 64;
    }
    return bad;
}

unsigned gh__record_shape(gh_text *r, const wire_commit *t)
{
    if (t->gpr_count > WIRE_MAX_GPR_WRITES || t->pred_count > WIRE_MAX_PRED_WRITES ||
        t->ur_count > WIRE_MAX_UR_WRITES || t->mem_count > 1) {
        gh__say(r, "  record shape: more writes than a record holds (%u GPR, %u predicate, %u uniform, %u store)\n",
                t->gpr_count, t->pred_count, t->ur_count, t->mem_count);
        return 1; /* the lists are not to be read */
    }
    _Static_assert(WIRE_MAX_GPR_WRITES >= WIRE_MAX_PRED_WRITES && WIRE_MAX_GPR_WRITES >= WIRE_MAX_UR_WRITES,
                   "nums holds every list");
    unsigned nums[WIRE_MAX_GPR_WRITES], bad = 0;
    for (unsigned i = 0; i < t->gpr_count; i++)
        nums[i] = t->gpr[i].reg;
    bad += numbers_ok(r, "R", nums, t->gpr_count, 255, "RZ");
    for (unsigned i = 0; i < t->pred_count; i++)
        nums[i] = t->pred[i].pred;
    bad += numbers_ok(r, "P", nums, t->pred_count, 7, "PT");
    for (unsigned i = 0; i < t->ur_count; i++)
        nums[i] = t->ur[i].reg;
    bad += numbers_ok(r, "UR", nums, t->ur_count, 63, "URZ");
    if (t->upred_mask & 0x80u) {
        gh__say(r, "  record shape: a write of UP7 (UPT: not written by any instruction)\n");
        bad++;
    }
    if (t->mem_count && t->mem.bytes != 4 && t->mem.bytes != 8 && t->mem.bytes != 16) {
        gh__say(r, "  record shape: a store of %u bytes a lane (4, 8 or 16)\n", t->mem.bytes);
        bad++;
    }
    if (!t->trap_code && t->trap_lane) {
        gh__say(r, "  record shape: a trapping lane (%u) without a trap\n", t->trap_lane);
        bad++;
    }
    /* "not reported" is for a lane the record had to name (trap_codes.h: LANE), and leaves none */
    if ((t->flags & WIRE_COMMIT_LANE_UNREPORTED) &&
        (!(t->flags & WIRE_COMMIT_TRAP) || !gm_trap_names_lane(t->trap_code) || t->trap_lane != GM_TRAP_NO_LANE)) {
        gh__say(r, "  record shape: the trapping lane said not reported, of %s (trap code %u, lane %u)\n",
                !(t->flags & WIRE_COMMIT_TRAP) ? "a record that did not trap"
                : !gm_trap_names_lane(t->trap_code) ? "a trap that names no lane" : "a record that names one",
                t->trap_code, t->trap_lane);
        bad++;
    }
    /* only lanes at this PC execute or write */
    uint32_t outside = t->exec_mask & ~t->active_mask;
    for (unsigned i = 0; i < t->gpr_count; i++)
        outside |= t->gpr[i].lane_mask & ~t->active_mask;
    for (unsigned i = 0; i < t->pred_count; i++)
        outside |= t->pred[i].lane_mask & ~t->active_mask;
    if (t->mem_count)
        outside |= t->mem.lane_mask & ~t->active_mask;
    if (outside) {
        gh__say(r, "  record shape: lanes 0x%08x execute or write outside the active mask 0x%08x\n", outside,
                t->active_mask);
        bad++;
    }
    return bad;
}
