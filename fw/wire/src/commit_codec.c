/* wire: commit records on the wire carry only what was written. */
#include <string.h>

#include "wire/protocol.h"

size_t wire_commit_encode(const wire_commit *c, uint8_t *out, size_t cap)
{
    wire_writer w = {.p = out, .cap = cap};
    wire_put64(&w, c->seq);
    wire_put16(&w, c->warp);
    wire_put16(&w, c->flags);
    wire_put64(&w, c->pc);
    wire_put64(&w, c->insn_lo);
    wire_put64(&w, c->insn_hi);
    wire_put32(&w, c->active_mask);
    wire_put32(&w, c->exec_mask);
    wire_put32(&w, c->exit_mask);
    wire_put32(&w, c->trap_code);
    wire_put32(&w, c->trap_lane);
    wire_put32(&w, c->branch_mask);
    wire_put64(&w, c->branch_target);
    wire_put8(&w, c->gpr_count);
    wire_put8(&w, c->pred_count);
    wire_put8(&w, c->ur_count);
    wire_put8(&w, c->upred_mask);
    wire_put8(&w, c->upred_value);
    wire_put8(&w, c->mem_count);
    for (unsigned i = 0; i < c->gpr_count && i < WIRE_MAX_GPR_WRITES; i++) {
        wire_put8(&w, c->gpr[i].reg);
        wire_put32(&w, c->gpr[i].lane_mask);
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((c->gpr[i].lane_mask >> l) & 1u)
                wire_put32(&w, c->gpr[i].value[l]);
    }
    for (unsigned i = 0; i < c->pred_count && i < WIRE_MAX_PRED_WRITES; i++) {
        wire_put8(&w, c->pred[i].pred);
        wire_put32(&w, c->pred[i].lane_mask);
        wire_put32(&w, c->pred[i].value);
    }
    for (unsigned i = 0; i < c->ur_count && i < WIRE_MAX_UR_WRITES; i++) {
        wire_put8(&w, c->ur[i].reg);
        wire_put32(&w, c->ur[i].value);
    }
    if (c->mem_count) {
        wire_put32(&w, c->mem.lane_mask);
        wire_put8(&w, c->mem.bytes);
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((c->mem.lane_mask >> l) & 1u) {
                wire_put64(&w, c->mem.addr[l]);
                for (unsigned k = 0; k < c->mem.bytes / 4u && k < WIRE_MAX_MEM_WORDS; k++)
                    wire_put32(&w, c->mem.data[l][k]);
            }
    }
    return w.overflow ? 0 : w.len;
}

size_t wire_commit_decode(const uint8_t *in, size_t len, wire_commit *c)
{
    wire_reader r = {.p = in, .len = len};
    memset(c, 0, offsetof(wire_commit, gpr));
    c->seq = wire_get64(&r);
    c->warp = wire_get16(&r);
    c->flags = wire_get16(&r);
    c->pc = wire_get64(&r);
    c->insn_lo = wire_get64(&r);
    c->insn_hi = wire_get64(&r);
    c->active_mask = wire_get32(&r);
    c->exec_mask = wire_get32(&r);
    c->exit_mask = wire_get32(&r);
    c->trap_code = wire_get32(&r);
    c->trap_lane = wire_get32(&r);
    c->branch_mask = wire_get32(&r);
    c->branch_target = wire_get64(&r);
    c->gpr_count = wire_get8(&r);
    c->pred_count = wire_get8(&r);
    c->ur_count = wire_get8(&r);
    c->upred_mask = wire_get8(&r);
    c->upred_value = wire_get8(&r);
    c->mem_count = wire_get8(&r);
    if (c->gpr_count > WIRE_MAX_GPR_WRITES || c->pred_count > WIRE_MAX_PRED_WRITES ||
        c->ur_count > WIRE_MAX_UR_WRITES || c->mem_count > 1)
        return 0;
    for (unsigned i = 0; i < c->gpr_count; i++) {
        c->gpr[i].reg = wire_get8(&r);
        c->gpr[i].lane_mask = wire_get32(&r);
        memset(c->gpr[i].value, 0, sizeof c->gpr[i].value);
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((c->gpr[i].lane_mask >> l) & 1u)
                c->gpr[i].value[l] = wire_get32(&r);
    }
    for (unsigned i = 0; i < c->pred_count; i++) {
        c->pred[i].pred = wire_get8(&r);
        c->pred[i].lane_mask = wire_get32(&r);
        c->pred[i].value = wire_get32(&r);
    }
    for (unsigned i = 0; i < c->ur_count; i++) {
        c->ur[i].reg = wire_get8(&r);
        c->ur[i].value = wire_get32(&r);
    }
    if (c->mem_count) {
        memset(&c->mem, 0, sizeof c->mem);
        c->mem.lane_mask = wire_get32(&r);
        c->mem.bytes = wire_get8(&r);
        if (c->mem.bytes != 4 && c->mem.bytes != 8 && c->mem.bytes != 16)
            return 0;
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((c->mem.lane_mask >> l) & 1u) {
                c->mem.addr[l] = wire_get64(&r);
                for (unsigned k = 0; k < c->mem.bytes / 4u; k++)
                    c->mem.data[l][k] = wire_get32(&r);
            }
    }
    return r.underflow ? 0 : r.pos;
}

/* One list of register numbers: each below limit, none twice. */
static int numbers_ok(const uint8_t *nums, unsigned n, unsigned limit)
{
    uint32_t seen[8] = {0}; /* limit <= 255 */
    for (unsigned i = 0; i < n; i++) {
        if (nums[i] >= limit || (seen[nums[i] / 32] >> (nums[i] % 32) & 1u))
            return 0;
        seen[nums[i] / 32] |= 1u << (nums[i] % 32);
    }
    return 1;
}

const char *wire_commit_check(const wire_commit *c)
{
    uint8_t nums[WIRE_MAX_GPR_WRITES];
    if (c->gpr_count > WIRE_MAX_GPR_WRITES || c->pred_count > WIRE_MAX_PRED_WRITES ||
        c->ur_count > WIRE_MAX_UR_WRITES || c->mem_count > 1)
        return "more writes than a record holds";
    for (unsigned i = 0; i < c->gpr_count; i++)
        nums[i] = c->gpr[i].reg;
    if (!numbers_ok(nums, c->gpr_count, 255))
        return "a GPR write names R255 (RZ) or a register twice";
    for (unsigned i = 0; i < c->pred_count; i++)
        nums[i] = c->pred[i].pred;
    if (!numbers_ok(nums, c->pred_count, 7))
        return "a predicate write names P7 (PT) or a predicate twice";
    for (unsigned i = 0; i < c->ur_count; i++)
        nums[i] = c->ur[i].reg;
    if (!numbers_ok(nums, c->ur_count, 63))
        return "a uniform register write names UR63 (URZ) or a register twice";
    if (c->upred_mask & 0x80u)
        return "a uniform predicate write names UP7 (UPT)";
    if (c->mem_count && c->mem.bytes != 4 && c->mem.bytes != 8 && c->mem.bytes != 16)
        return "a store of other than 4, 8 or 16 bytes a lane";
    return 0;
}
