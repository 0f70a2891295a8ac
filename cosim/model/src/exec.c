/* cosim/model: operand access and staged writes for semantics functions. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exec.h"

/* ---- fields: a per-variant cache keyed by the name's address (the names
 * are string literals of the semantics code), falling back to a search ---- */

int gm_fi(gm_exec *ex, const char *name)
{
    uint16_t v = ex->insn->variant;
    const char **keys = ex->m->field_cache_key[v];
    int16_t *idx = ex->m->field_cache[v];
    for (int i = 0; i < 48 && keys[i]; i++)
        if (keys[i] == name)
            return idx[i];
    int found = isa_field_index(ex->v, name);
    for (int i = 0; i < 48; i++)
        if (!keys[i]) {
            keys[i] = name;
            idx[i] = (int16_t)found;
            break;
        }
    return found;
}

uint32_t gm_f(gm_exec *ex, const char *name)
{
    int i = gm_fi(ex, name);
    return i < 0 ? 0 : ex->insn->value[i];
}

bool gm_has(gm_exec *ex, const char *name)
{
    return gm_fi(ex, name) >= 0;
}

bool gm_is(gm_exec *ex, const char *name, const char *value)
{
    int i = gm_fi(ex, name);
    if (i < 0)
        return false;
    const isa_field *f = &isa_variant_fields(ex->v)[i];
    const char *n = isa_enum_name(isa_field_type(f), ex->insn->value[i]);
    return n && strcmp(n, value) == 0;
}

/* ---- sources ---- */

static const char *slot_names[3][3] = {{"ra", "ura", "va"}, {"rb", "urb", "vb"}, {"rc", "urc", "vc"}};

const char *gm_src_field(gm_exec *ex, char slot)
{
    if (slot < 'a' || slot > 'c')
        return NULL;
    for (int k = 0; k < 3; k++)
        if (gm_fi(ex, slot_names[slot - 'a'][k]) >= 0)
            return slot_names[slot - 'a'][k];
    return NULL;
}

uint32_t gm_gpr_read(gm_exec *ex, unsigned reg, unsigned lane)
{
    return reg >= GM_GPRS ? 0 : ex->w->gpr[reg][lane];
}

uint32_t gm_ur_read(gm_exec *ex, unsigned reg)
{
    return reg >= GM_URS ? 0 : ex->w->ur[reg];
}

bool gm_pred_reg(gm_exec *ex, unsigned pred, unsigned lane)
{
    return pred >= GM_PREDS ? true : (ex->w->pred[pred] >> lane) & 1u;
}

bool gm_upred_read(gm_exec *ex, unsigned pred)
{
    return pred >= GM_PREDS ? true : (ex->w->upred >> pred) & 1u;
}

bool gm_pred(gm_exec *ex, const char *name, unsigned lane)
{
    int i = gm_fi(ex, name);
    if (i < 0)
        return true;
    const isa_field *f = &isa_variant_fields(ex->v)[i];
    bool uniform = isa_field_type(f)->kind == ISA_KIND_UPRED;
    uint32_t p = ex->insn->value[i];
    bool value = uniform ? gm_upred_read(ex, p) : gm_pred_reg(ex, p, lane);
    char not_name[32];
    snprintf(not_name, sizeof not_name, "%s.not", name);
    int n = isa_field_index(ex->v, not_name);
    return n >= 0 && ex->insn->value[n] ? !value : value;
}

uint32_t gm_const_read(gm_exec *ex, unsigned bank, uint32_t offset)
{
    if (bank >= 32 || offset > 0xfffc || offset % 4) {
        gm_trap(ex, GM_TRAP_CONST_OUT_OF_RANGE, -1, "c[0x%x][0x%x]", bank, offset);
        return 0;
    }
    const uint8_t *b = ex->m->const_bank[bank];
    if (!b)
        return 0;
    return (uint32_t)b[offset] | (uint32_t)b[offset + 1] << 8 | (uint32_t)b[offset + 2] << 16 |
           (uint32_t)b[offset + 3] << 24;
}

uint32_t gm_src(gm_exec *ex, char slot, unsigned lane)
{
    const char *name = gm_src_field(ex, slot);
    if (!name)
        return 0;
    int i = gm_fi(ex, name);
    uint32_t v = ex->insn->value[i];
    switch (isa_field_type(&isa_variant_fields(ex->v)[i])->kind) {
    case ISA_KIND_GPR: return gm_gpr_read(ex, v, lane);
    case ISA_KIND_UGPR: return gm_ur_read(ex, v);
    case ISA_KIND_CMEM: return gm_const_read(ex, (v >> 16) & 0x3f, v & 0xffff);
    default: return v;
    }
}

uint64_t gm_src64(gm_exec *ex, char slot, unsigned lane)
{
    const char *name = gm_src_field(ex, slot);
    if (!name)
        return 0;
    int i = gm_fi(ex, name);
    uint32_t v = ex->insn->value[i];
    switch (isa_field_type(&isa_variant_fields(ex->v)[i])->kind) {
    case ISA_KIND_GPR:
        if (v >= GM_GPRS)
            return 0;
        if (!gm_check_tuple(ex, v, 2, lane))
            return 0;
        return (uint64_t)gm_gpr_read(ex, v + 1, lane) << 32 | gm_gpr_read(ex, v, lane);
    case ISA_KIND_UGPR:
        if (v >= GM_URS)
            return 0;
        if (v % 2 || v + 1 >= GM_URS) {
            gm_trap(ex, GM_TRAP_MISALIGNED_REGISTER, (int)lane, "UR[%u:%u]", v, v + 1);
            return 0;
        }
        return (uint64_t)gm_ur_read(ex, v + 1) << 32 | gm_ur_read(ex, v);
    case ISA_KIND_CMEM: {
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
    for (unsigned i = 0; i < r->gpr_count; i++)
        if (r->gpr[i].reg == reg) {
            r->gpr[i].lane_mask |= 1u << lane;
            r->gpr[i].value[lane] = value;
            return;
        }
    if (r->gpr_count == WIRE_MAX_GPR_WRITES) {
        gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, (int)lane, "more than %d registers written",
                WIRE_MAX_GPR_WRITES);
        return;
    }
    wire_gpr_write *g = &r->gpr[r->gpr_count++];
    memset(g, 0, sizeof *g);
    g->reg = (uint8_t)reg;
    g->lane_mask = 1u << lane;
    g->value[lane] = value;
}

void gm_set_rd(gm_exec *ex, unsigned lane, uint32_t value)
{
    gm_set_gpr(ex, gm_f(ex, "rd"), lane, value);
}

void gm_set_rd64(gm_exec *ex, unsigned lane, uint64_t value)
{
    unsigned rd = gm_f(ex, "rd");
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
            gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, (int)lane, "too many predicates written");
            return;
        }
        p = &r->pred[r->pred_count++];
        memset(p, 0, sizeof *p);
        p->pred = (uint8_t)pred;
    }
    p->lane_mask |= 1u << lane;
    p->value = value ? p->value | 1u << lane : p->value & ~(1u << lane);
}

void gm_set_pred_field(gm_exec *ex, const char *name, unsigned lane, bool value)
{
    int i = gm_fi(ex, name);
    if (i < 0)
        return;
    const isa_field *f = &isa_variant_fields(ex->v)[i];
    if (isa_field_type(f)->kind == ISA_KIND_UPRED)
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

void gm_trap(gm_exec *ex, uint32_t code, int lane, const char *fmt, ...)
{
    if (ex->trapped)
        return; /* the first reason stands */
    ex->trapped = true;
    ex->rec->trap_code = code;
    ex->rec->trap_lane = lane < 0 ? 0xffffffffu : (uint32_t)lane;
    char text[160] = "", reason[200] = "";
    isa_context ctx = {.pc = ex->pc};
    if (isa_disasm(ex->insn, &ctx, text, sizeof text) != 0)
        snprintf(text, sizeof text, "%s", ex->v->name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    char where[32] = "";
    if (lane >= 0)
        snprintf(where, sizeof where, ", lane %d", lane);
    snprintf(ex->m->trap_msg, sizeof ex->m->trap_msg, "warp %u, pc 0x%llx%s: %s ;: %s (%s)",
             ex->warp, (unsigned long long)ex->pc, where, text, gm_trap_name(code), reason);
}
