/* fw: retire beats -> commit record (see fw/beats.h). Lanes written twice
 * (by GPR or GPR_ROW beats alike) keep the last value, as the register file
 * does; a store's lanes start at
 * word 0 (address = the word's address - 4 x its index). A trap's lane
 * follows its code (trap_codes.h): END's rt_lane for a code that names one
 * (when the core declares TRAP_LANE), "no lane" otherwise. */
#include <stddef.h>
#include <string.h>

#include "fw/beats.h"

void fw_beats_begin_cleared(fw_beats *a, wire_commit *rec, uint32_t features)
{
    rec->mem.lane_mask = 0;
    rec->mem.bytes = 0;
    a->rec = rec;
    a->features = features;
    a->head = a->end = a->broken = 0;
}

void fw_beats_begin(fw_beats *a, wire_commit *rec, uint32_t features)
{
    memset(rec, 0, offsetof(wire_commit, gpr)); /* the arrays are read only under their counts */
    fw_beats_begin_cleared(a, rec, features);
}

/* The record's write of GPR reg (a new one if it has none), or NULL: broken. */
static wire_gpr_write *gpr_write(fw_beats *a, uint8_t reg)
{
    wire_commit *rec = a->rec;
    for (unsigned i = 0; i < rec->gpr_count; i++)
        if (rec->gpr[i].reg == reg)
            return &rec->gpr[i];
    if (reg >= 255 || rec->gpr_count >= WIRE_MAX_GPR_WRITES) {
        a->broken = 1;
        return NULL;
    }
    wire_gpr_write *g = &rec->gpr[rec->gpr_count++];
    g->reg = reg;
    g->lane_mask = 0;
    return g;
}

uint32_t *fw_beats_row_slot(fw_beats *a, uint8_t reg)
{
    wire_commit *rec = a->rec;
    for (unsigned i = 0; i < rec->gpr_count; i++)
        if (rec->gpr[i].reg == reg)
            return NULL;
    if (reg >= 255 || rec->gpr_count >= WIRE_MAX_GPR_WRITES || !a->head || a->end)
        return NULL;
    wire_gpr_write *g = &rec->gpr[rec->gpr_count++];
    g->reg = reg;
    g->lane_mask = 0;
    return g->value;
}

static void gpr(fw_beats *a, const fw_beat *b)
{
    wire_gpr_write *g = b->lane < 32 ? gpr_write(a, b->index) : NULL;
    if (!g) {
        a->broken = 1;
        return;
    }
    g->lane_mask |= 1u << b->lane;
    g->value[b->lane] = b->data;
}

static void gpr_row(fw_beats *a, const fw_beat *b)
{
    wire_commit *rec = a->rec;
    if (b->in_place && b->mask_a && rec->gpr_count && rec->gpr[rec->gpr_count - 1].reg == b->index) {
        rec->gpr[rec->gpr_count - 1].lane_mask |= b->mask_a; /* fw_beats_row_slot's write: the last one */
        return;
    }
    wire_gpr_write *g = b->mask_a ? gpr_write(a, b->index) : NULL;
    if (!g) {
        a->broken = 1; /* RZ, too many registers, or no lane */
        return;
    }
    g->lane_mask |= b->mask_a;
    if (b->in_place)
        return;
    for (unsigned l = 0; l < FW_PORT_ROW_LANES; l++)
        if ((b->mask_a >> l) & 1u)
            g->value[l] = b->row[l];
}

static void pred(fw_beats *a, const fw_beat *b)
{
    wire_commit *rec = a->rec;
    wire_pred_write *p = NULL;
    if (b->index >= 7) {
        a->broken = 1;
        return;
    }
    for (unsigned i = 0; i < rec->pred_count; i++)
        if (rec->pred[i].pred == b->index)
            p = &rec->pred[i];
    if (!p) {
        if (rec->pred_count >= WIRE_MAX_PRED_WRITES) {
            a->broken = 1;
            return;
        }
        p = &rec->pred[rec->pred_count++];
        p->pred = b->index;
        p->lane_mask = p->value = 0;
    }
    p->value = (p->value & ~b->mask_a) | (b->mask_b & b->mask_a);
    p->lane_mask |= b->mask_a;
}

static void ur(fw_beats *a, const fw_beat *b)
{
    wire_commit *rec = a->rec;
    wire_ur_write *u = NULL;
    if (b->index >= 63) {
        a->broken = 1;
        return;
    }
    for (unsigned i = 0; i < rec->ur_count; i++)
        if (rec->ur[i].reg == b->index)
            u = &rec->ur[i];
    if (!u) {
        if (rec->ur_count >= WIRE_MAX_UR_WRITES) {
            a->broken = 1;
            return;
        }
        u = &rec->ur[rec->ur_count++];
        u->reg = b->index;
    }
    u->value = b->data;
}

static void mem(fw_beats *a, const fw_beat *b)
{
    wire_commit *rec = a->rec;
    wire_mem_write *m = &rec->mem;
    if (b->index >= WIRE_MAX_MEM_WORDS || b->lane >= 32) {
        a->broken = 1;
        return;
    }
    rec->mem_count = 1;
    unsigned l = b->lane;
    if (!((m->lane_mask >> l) & 1u) || b->index == 0)
        m->addr[l] = b->pc - 4u * b->index;
    m->lane_mask |= 1u << l;
    m->data[l][b->index] = b->data;
    if (4u * (b->index + 1u) > m->bytes)
        m->bytes = (uint8_t)(4u * (b->index + 1u));
}

static void end(fw_beats *a, const fw_beat *b)
{
    wire_commit *rec = a->rec;
    a->end = 1;
    rec->exit_mask = b->mask_b;
    rec->branch_mask = b->mask_a;
    rec->branch_target = b->mask_a ? b->pc : 0;
    if (rec->exit_mask)
        rec->flags |= WIRE_COMMIT_EXITED;
    if (b->status == FW_BEAT_TRAP || b->status == FW_BEAT_UNIMPLEMENTED) {
        /* UNIMPLEMENTED: a trap the model does not take, so lockstep reports it here */
        rec->flags |= WIRE_COMMIT_TRAP;
        rec->trap_code = b->status == FW_BEAT_TRAP ? b->data : GM_TRAP_UNIMPLEMENTED;
        rec->trap_lane = GM_TRAP_NO_LANE; /* a code that names no lane */
        if (gm_trap_names_lane(rec->trap_code)) {
            if ((a->features >> FW_FEATURE_TRAP_LANE) & 1u)
                rec->trap_lane = b->lane;
            else
                rec->flags |= WIRE_COMMIT_LANE_UNREPORTED; /* the core cannot say which lane */
        }
    } else if (b->status != FW_BEAT_RETIRED) {
        a->broken = 1;
    }
}

int fw_beats_add(fw_beats *a, const fw_beat *b)
{
    if (a->end || (b->kind != FW_BEAT_HEAD) != a->head) {
        a->broken = 1; /* a beat before HEAD, a second HEAD, or one after END */
        return a->end;
    }
    wire_commit *rec = a->rec;
    switch (b->kind) {
    case FW_BEAT_HEAD:
        a->head = 1;
        rec->warp = b->warp;
        if (b->in_place)
            break;
        rec->pc = b->pc;
        rec->insn_lo = (uint64_t)b->insn[1] << 32 | b->insn[0];
        rec->insn_hi = (uint64_t)b->insn[3] << 32 | b->insn[2];
        rec->active_mask = b->mask_a;
        rec->exec_mask = b->mask_b;
        break;
    case FW_BEAT_GPR: gpr(a, b); break;
    case FW_BEAT_GPR_ROW: gpr_row(a, b); break;
    case FW_BEAT_PRED: pred(a, b); break;
    case FW_BEAT_UR: ur(a, b); break;
    case FW_BEAT_UPRED:
        if (b->index >= 7) {
            a->broken = 1;
            break;
        }
        rec->upred_mask |= (uint8_t)(1u << b->index);
        rec->upred_value = (uint8_t)((rec->upred_value & ~(1u << b->index)) | (b->data & 1u) << b->index);
        break;
    case FW_BEAT_MEM: mem(a, b); break;
    case FW_BEAT_END: end(a, b); break;
    default: a->broken = 1; break;
    }
    return a->end;
}

void fw_beats_note_exits(wire_commit *rec, uint32_t *exited, uint32_t warps)
{
    if (rec->warp >= warps)
        return;
    exited[rec->warp] |= rec->exit_mask;
    if (exited[rec->warp] == 0xffffffffu && !(rec->flags & WIRE_COMMIT_TRAP))
        rec->flags |= WIRE_COMMIT_WARP_DONE;
}
