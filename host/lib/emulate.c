/* libgpuhost: --emulate-unimplemented. A target that retires an instruction
 * as UNIMPLEMENTED changed nothing (docs/port-contract.md, "UNIMPLEMENTED");
 * the host applies the model's commit record for it through the target's
 * backdoor (WRITE_REG, LOAD_MEM) and the run goes on. What the record
 * carries is what can be applied: register, predicate, uniform and memory
 * writes, and the new PCs of the lanes that ran it. The convergence stack
 * (BSSY, BSYNC, and EXIT, which may release a region) has no backdoor in the
 * port contract, so those variants are never emulated. */
#include <string.h>

#include "emulate.h"
#include "gm/model.h"

bool gh__emulable(const isa_variant *v)
{
    static const char *const convergence[] = {"BSSY", "BSYNC", "EXIT"};
    for (size_t i = 0; i < sizeof convergence / sizeof convergence[0]; i++)
        if (!strcmp(v->optype, convergence[i]))
            return false;
    return true;
}

void gh__unimplemented_record(const wire_commit *model, wire_commit *out)
{
    memset(out, 0, offsetof(wire_commit, gpr));
    out->seq = model->seq;
    out->warp = model->warp;
    out->pc = model->pc;
    out->insn_lo = model->insn_lo;
    out->insn_hi = model->insn_hi;
    out->active_mask = model->active_mask;
    out->exec_mask = model->exec_mask;
    out->flags = WIRE_COMMIT_TRAP;
    out->trap_code = GM_TRAP_UNIMPLEMENTED;
    out->trap_lane = GM_TRAP_NO_LANE;
}

static int apply_writes(gh_target *t, const wire_commit *c)
{
    uint32_t values[WIRE_LANES];
    for (unsigned i = 0; i < c->gpr_count; i++)
        if (gh__write_reg(t, c->warp, WIRE_REG_GPR, c->gpr[i].reg, c->gpr[i].lane_mask, c->gpr[i].value) != 0)
            return -1;
    for (unsigned i = 0; i < c->pred_count; i++) {
        for (unsigned l = 0; l < WIRE_LANES; l++)
            values[l] = c->pred[i].value >> l & 1u;
        if (gh__write_reg(t, c->warp, WIRE_REG_PRED, c->pred[i].pred, c->pred[i].lane_mask, values) != 0)
            return -1;
    }
    memset(values, 0, sizeof values);
    for (unsigned i = 0; i < c->ur_count; i++) {
        values[0] = c->ur[i].value;
        if (gh__write_reg(t, c->warp, WIRE_REG_UR, c->ur[i].reg, 1, values) != 0)
            return -1;
    }
    for (unsigned p = 0; p < 8; p++)
        if (c->upred_mask >> p & 1u) {
            values[0] = c->upred_value >> p & 1u;
            if (gh__write_reg(t, c->warp, WIRE_REG_UPRED, p, 1, values) != 0)
                return -1;
        }
    for (unsigned l = 0; c->mem_count && l < WIRE_LANES; l++)
        if (c->mem.lane_mask >> l & 1u && gh__write_mem(t, c->mem.addr[l], c->mem.data[l], c->mem.bytes / 4u) != 0)
            return -1;
    return 0;
}

int gh__emulate(gh_target *t, const gm_model *m, const wire_commit *c)
{
    if (apply_writes(t, c) != 0)
        return -1;
    uint32_t lo[WIRE_LANES] = {0}, hi[WIRE_LANES] = {0}, status[WIRE_LANES] = {0};
    for (unsigned l = 0; l < WIRE_LANES; l++) {
        uint64_t pc = gm_lane_pc(m, c->warp, l);
        lo[l] = (uint32_t)pc;
        hi[l] = (uint32_t)(pc >> 32);
        status[l] = gm_lane_status(m, c->warp, l);
    }
    if (gh__write_reg(t, c->warp, WIRE_REG_PC_LO, 0, c->active_mask, lo) != 0 ||
        gh__write_reg(t, c->warp, WIRE_REG_PC_HI, 0, c->active_mask, hi) != 0 ||
        gh__write_reg(t, c->warp, WIRE_REG_LANE_STATUS, 0, c->active_mask, status) != 0)
        return -1;
    return 0;
}
