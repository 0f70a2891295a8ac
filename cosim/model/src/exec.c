/* cosim/model: operand access and staged writes for semantics functions. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exec.h"

/* ---- fields ---- */

int gm_foreign_field(gm_exec *ex, enum isa_field_id id)
{
    gm_trap(ex, GM_TRAP_UNIMPLEMENTED, -1,
            "the model's %s semantics read field %s, which no %s variant has", ex->d->v->optype,
            isa_field_id_name[id], ex->d->v->optype);
    return -1;
}

/* ---- sources ---- */

uint32_t gm_const_read(gm_exec *ex, unsigned bank, uint32_t offset)
{
    if (bank >= ISA_CONST_BANKS || offset > ISA_CONST_BANK_BYTES - 4 || offset % 4) { /* every executing lane alike: the lowest */
        gm_trap(ex, GM_TRAP_CONST_OUT_OF_RANGE, -1, "c[0x%x][0x%x]", bank, offset);
        return 0;
    }
    const uint8_t *b = ex->m->const_bank[bank];
    if (!b)
        return 0;
    return (uint32_t)b[offset] | (uint32_t)b[offset + 1] << 8 | (uint32_t)b[offset + 2] << 16 |
           (uint32_t)b[offset + 3] << 24;
}

uint32_t gm_src_const(gm_exec *ex, const gm_operand *o)
{
    return gm_const_read(ex, (o->value >> 16) & 0x3f, o->value & 0xffff);
}

uint64_t gm_src64(gm_exec *ex, char slot, unsigned lane)
{
    const gm_operand *o = &ex->d->src[slot - 'a'];
    uint32_t v = o->value;
    switch (o->kind) {
    case GM_SRC_NONE:
        return 0;
    case GM_SRC_GPR:
        if (v >= GM_GPRS)
            return 0;
        if (!gm_check_tuple(ex, v, 2, lane))
            return 0;
        return (uint64_t)gm_gpr_read(ex, v + 1, lane) << 32 | gm_gpr_read(ex, v, lane);
    case GM_SRC_UR:
        if (v >= GM_URS)
            return 0;
        if (v % 2 || v + 1 >= GM_URS) {
            gm_trap(ex, GM_TRAP_MISALIGNED_REGISTER, (int)lane, "UR[%u:%u]", v, v + 1);
            return 0;
        }
        return (uint64_t)gm_ur_read(ex, v + 1) << 32 | gm_ur_read(ex, v);
    case GM_SRC_CONST: {
        unsigned bank = (v >> 16) & 0x3f, off = v & 0xffff;
        return (uint64_t)gm_const_read(ex, bank, off + 4) << 32 | gm_const_read(ex, bank, off);
    }
    default:
        return v;
    }
}

bool gm_check_tuple(gm_exec *ex, unsigned reg, unsigned count, unsigned lane)
{
    if (reg == 255 || count <= 1)
        return true;
    if (reg % count || reg + count - 1 >= GM_GPRS) {
        gm_trap(ex, GM_TRAP_MISALIGNED_REGISTER, (int)lane, "R[%u:%u]", reg, reg + count - 1);
        return false;
    }
    return true;
}

/* ---- staged writes ---- */

void gm_set_gpr(gm_exec *ex, unsigned reg, unsigned lane, uint32_t value)
{
    if (reg >= GM_GPRS)
        return;
    wire_commit *r = ex->rec;
    /* most instructions write one register lane after lane: try it first */
    if (ex->last_gpr >= 0 && r->gpr[ex->last_gpr].reg == reg) {
        r->gpr[ex->last_gpr].lane_mask |= 1u << lane;
        r->gpr[ex->last_gpr].value[lane] = value;
        return;
    }
    for (unsigned i = 0; i < r->gpr_count; i++)
        if (r->gpr[i].reg == reg) {
            r->gpr[i].lane_mask |= 1u << lane;
            r->gpr[i].value[lane] = value;
            ex->last_gpr = (int)i;
            return;
        }
    if (r->gpr_count == WIRE_MAX_GPR_WRITES) {
        gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "more than %d registers written",
                WIRE_MAX_GPR_WRITES);
        return;
    }
    ex->last_gpr = (int)r->gpr_count;
    wire_gpr_write *g = &r->gpr[r->gpr_count++];
    memset(g, 0, sizeof *g);
    g->reg = (uint8_t)reg;
    g->lane_mask = 1u << lane;
    g->value[lane] = value;
}

/* The first rd write of an instruction; later lanes write straight into
 * the staged entry (gm_set_rd). */
void gm_set_rd_first(gm_exec *ex, unsigned lane, uint32_t value)
{
    unsigned rd = gm_f(ex, ISA_F_rd);
    gm_set_gpr(ex, rd, lane, value);
    if (rd < GM_GPRS && !ex->trapped && ex->last_gpr >= 0 && ex->rec->gpr[ex->last_gpr].reg == rd)
        ex->rd_write = &ex->rec->gpr[ex->last_gpr];
}

void gm_set_rd64(gm_exec *ex, unsigned lane, uint64_t value)
{
    unsigned rd = gm_f(ex, ISA_F_rd);
    if (rd >= GM_GPRS || !gm_check_tuple(ex, rd, 2, lane))
        return;
    gm_set_gpr(ex, rd, lane, (uint32_t)value);
    gm_set_gpr(ex, rd + 1, lane, (uint32_t)(value >> 32));
}

void gm_set_pred(gm_exec *ex, unsigned pred, unsigned lane, bool value)
{
    if (pred >= GM_PREDS)
        return;
    wire_commit *r = ex->rec;
    wire_pred_write *p = NULL;
    for (unsigned i = 0; i < r->pred_count; i++)
        if (r->pred[i].pred == pred)
            p = &r->pred[i];
    if (!p) {
        if (r->pred_count == WIRE_MAX_PRED_WRITES) {
            gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "too many predicates written");
            return;
        }
        p = &r->pred[r->pred_count++];
        memset(p, 0, sizeof *p);
        p->pred = (uint8_t)pred;
    }
    p->lane_mask |= 1u << lane;
    p->value = value ? p->value | 1u << lane : p->value & ~(1u << lane);
}

void gm_set_pred_field(gm_exec *ex, enum isa_field_id id, unsigned lane, bool value)
{
    int i = gm_fi(ex, id);
    if (i < 0)
        return;
    if ((ex->d->upred_fields >> i) & 1u)
        gm_set_upred(ex, ex->insn->value[i], value);
    else
        gm_set_pred(ex, ex->insn->value[i], lane, value);
}

void gm_set_ur(gm_exec *ex, unsigned reg, uint32_t value)
{
    if (reg >= GM_URS)
        return;
    wire_commit *r = ex->rec;
    for (unsigned i = 0; i < r->ur_count; i++)
        if (r->ur[i].reg == reg) {
            r->ur[i].value = value;
            return;
        }
    if (r->ur_count == WIRE_MAX_UR_WRITES) {
        gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "too many uniform registers written");
        return;
    }
    r->ur[r->ur_count++] = (wire_ur_write){.reg = (uint8_t)reg, .value = value};
}

void gm_set_upred(gm_exec *ex, unsigned pred, bool value)
{
    if (pred >= GM_PREDS)
        return;
    ex->rec->upred_mask |= (uint8_t)(1u << pred);
    if (value)
        ex->rec->upred_value |= (uint8_t)(1u << pred);
    else
        ex->rec->upred_value &= (uint8_t)~(1u << pred);
}

static bool check_address(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes)
{
    if (addr % bytes) {
        gm_trap(ex, GM_TRAP_MISALIGNED_ADDRESS, (int)lane, "0x%llx is not %u-byte aligned",
                (unsigned long long)addr, bytes);
        return false;
    }
    if (addr >= GM_GLOBAL_LIMIT || addr + bytes > GM_GLOBAL_LIMIT) {
        gm_trap(ex, GM_TRAP_MEMORY_RANGE, (int)lane, "0x%llx is at or above 2^48",
                (unsigned long long)addr);
        return false;
    }
    return true;
}

void gm_store(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes, const uint32_t *words)
{
    if (!check_address(ex, lane, addr, bytes))
        return;
    wire_mem_write *m = &ex->rec->mem;
    if (!ex->rec->mem_count) {
        memset(m, 0, sizeof *m);
        ex->rec->mem_count = 1;
    }
    m->bytes = (uint8_t)bytes;
    m->lane_mask |= 1u << lane;
    m->addr[lane] = addr;
    memcpy(m->data[lane], words, bytes);
}

bool gm_load(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes, uint32_t *words)
{
    if (!check_address(ex, lane, addr, bytes))
        return false;
    uint8_t buf[16];
    gm_memory_read(&ex->m->mem, addr, buf, bytes);
    for (unsigned i = 0; i < bytes / 4; i++)
        words[i] = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 |
                   (uint32_t)buf[4 * i + 2] << 16 | (uint32_t)buf[4 * i + 3] << 24;
    return true;
}
