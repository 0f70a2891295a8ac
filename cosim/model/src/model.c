/* cosim/model: model state, kernel loading (each code word decoded once,
 * here), and reading or changing state from outside. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"

static void set_error(char *err, size_t len, const char *msg)
{
    if (err && len)
        snprintf(err, len, "%s", msg);
}

static int load_kernel(gm_model *m, const isa_kernel *k)
{
    for (size_t i = 0; i < k->const_count; i++) {
        const isa_kernel_const *c = &k->consts[i];
        if (!m->const_bank[c->bank] && !(m->const_bank[c->bank] = calloc(1, ISA_CONST_BANK_BYTES)))
            return -1;
        memcpy(m->const_bank[c->bank] + c->offset, c->words, 4 * (size_t)c->count);
    }
    for (size_t i = 0; i < k->global_count; i++)
        if (gm_memory_write(&m->mem, k->globals[i].addr, k->globals[i].words,
                            4 * (size_t)k->globals[i].count) != 0)
            return -1;
    for (uint32_t w = 0; w < m->warp_count; w++) {
        gm_warp *warp = &m->warps[w];
        for (unsigned l = 0; l < GM_LANES; l++)
            warp->pc[l] = k->entry;
        for (size_t i = 0; i < k->init_count; i++) {
            const isa_kernel_reg *r = &k->inits[i];
            for (unsigned l = 0; l < GM_LANES; l++) {
                uint32_t v = r->values[r->count == 1 ? 0 : l];
                switch (r->kind) {
                case ISA_KERNEL_REG_GPR: warp->gpr[r->index][l] = v; break;
                case ISA_KERNEL_REG_PRED:
                    warp->pred[r->index] = v ? warp->pred[r->index] | 1u << l
                                             : warp->pred[r->index] & ~(1u << l);
                    break;
                case ISA_KERNEL_REG_UR: warp->ur[r->index] = v; break;
                case ISA_KERNEL_REG_UPRED:
                    warp->upred =
                        v ? warp->upred | 1u << r->index : warp->upred & ~(1u << r->index);
                    break;
                }
            }
        }
    }
    return 0;
}

gm_model *gm_new(const isa_kernel *k, char *err, size_t errlen)
{
    char why[256];
    if (isa_kernel_validate(k, why, sizeof why) != 0) {
        set_error(err, errlen, why);
        return NULL;
    }
    gm_model *m = calloc(1, sizeof *m);
    if (!m)
        goto oom;
    gm_memory_init(&m->mem);
    m->code_count = k->code_count;
    m->warp_count = k->warps;
    m->decoded = calloc(k->code_count + 1, sizeof *m->decoded);
    m->warps = calloc(k->warps, sizeof *m->warps);
    if (!m->decoded || !m->warps)
        goto oom;
    for (size_t i = 0; i < k->code_count; i++)
        gm_predecode(k->code[i], &m->decoded[i]);
    if (load_kernel(m, k) != 0)
        goto oom;
    return m;
oom:
    gm_destroy(&m);
    set_error(err, errlen, "out of memory");
    return NULL;
}

void gm_destroy(gm_model **self_p)
{
    if (!self_p || !*self_p)
        return;
    gm_model *m = *self_p;
    for (unsigned b = 0; b < ISA_CONST_BANKS; b++)
        free(m->const_bank[b]);
    gm_memory_free(&m->mem);
    free(m->decoded);
    free(m->warps);
    free(m);
    *self_p = NULL;
}

const char *gm_trap_message(const gm_model *m)
{
    return m->trap_msg;
}

uint64_t gm_instruction_count(const gm_model *m)
{
    return m->seq;
}

uint32_t gm_warp_count(const gm_model *m)
{
    return m->warp_count;
}

uint32_t gm_gpr(const gm_model *m, uint32_t warp, uint32_t reg, uint32_t lane)
{
    return warp < m->warp_count && reg < GM_GPRS && lane < GM_LANES ? m->warps[warp].gpr[reg][lane]
                                                                    : 0;
}

uint32_t gm_pred_mask(const gm_model *m, uint32_t warp, uint32_t pred)
{
    if (warp >= m->warp_count)
        return 0;
    return pred < GM_PREDS ? m->warps[warp].pred[pred] : 0xffffffffu;
}

uint32_t gm_ur(const gm_model *m, uint32_t warp, uint32_t reg)
{
    return warp < m->warp_count && reg < GM_URS ? m->warps[warp].ur[reg] : 0;
}

uint32_t gm_upred_mask(const gm_model *m, uint32_t warp)
{
    return warp < m->warp_count ? m->warps[warp].upred : 0;
}

uint32_t gm_exited_mask(const gm_model *m, uint32_t warp)
{
    uint32_t mask = 0;
    for (unsigned l = 0; warp < m->warp_count && l < GM_LANES; l++)
        if (m->warps[warp].status[l] == GM_LANE_EXITED)
            mask |= 1u << l;
    return mask;
}

bool gm_warp_exited(const gm_model *m, uint32_t warp)
{
    return gm_exited_mask(m, warp) == 0xffffffffu;
}

uint64_t gm_lane_pc(const gm_model *m, uint32_t warp, uint32_t lane)
{
    return warp < m->warp_count && lane < GM_LANES ? gm_warp_lane_pc(&m->warps[warp], lane) : 0;
}

uint64_t gm_warp_pc(const gm_model *m, uint32_t warp)
{
    uint64_t pc = UINT64_MAX;
    for (unsigned l = 0; warp < m->warp_count && l < GM_LANES; l++)
        if (m->warps[warp].status[l] == GM_LANE_READY && gm_warp_lane_pc(&m->warps[warp], l) < pc)
            pc = gm_warp_lane_pc(&m->warps[warp], l);
    return pc == UINT64_MAX && warp < m->warp_count ? gm_warp_lane_pc(&m->warps[warp], 0) : pc;
}

int gm_read_memory(const gm_model *m, uint64_t addr, void *buf, size_t len)
{
    if (addr >= GM_GLOBAL_LIMIT || len > GM_GLOBAL_LIMIT - addr)
        return -1;
    gm_memory_read(&m->mem, addr, buf, len);
    return 0;
}

uint32_t gm_written_pages(const gm_model *m, uint64_t from, uint64_t *pages, uint32_t max)
{
    return gm_memory_pages(&m->mem, from, pages, max);
}

int gm_write_memory(gm_model *m, uint64_t addr, const void *buf, size_t len)
{
    if (addr >= GM_GLOBAL_LIMIT || len > GM_GLOBAL_LIMIT - addr)
        return -1;
    return gm_memory_write(&m->mem, addr, buf, len);
}

/* A lane's PC half or status, per lane in the mask (a host applying an
 * instruction the DUT does not implement). */
static int write_lanes(gm_warp *w, uint32_t kind, uint32_t lane_mask, const uint32_t *values)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        if ((lane_mask >> l) & 1u && kind == WIRE_REG_LANE_STATUS && values[l] > GM_LANE_EXITED)
            return -1;
    gm_warp_sync_pcs(w);
    w->next_known = false;
    for (unsigned l = 0; l < GM_LANES; l++) {
        if (!((lane_mask >> l) & 1u))
            continue;
        if (kind == WIRE_REG_PC_LO)
            w->pc[l] = (w->pc[l] & ~(uint64_t)UINT32_MAX) | values[l];
        else if (kind == WIRE_REG_PC_HI)
            w->pc[l] = (w->pc[l] & UINT32_MAX) | (uint64_t)values[l] << 32;
        else
            w->status[l] = (uint8_t)values[l];
    }
    return 0;
}

int gm_write_reg(gm_model *m, uint32_t warp, uint32_t kind, uint32_t index, uint32_t lane_mask,
                 const uint32_t *values)
{
    if (warp >= m->warp_count)
        return -1;
    gm_warp *w = &m->warps[warp];
    switch (kind) {
    case 0:
        if (index >= GM_GPRS)
            return -1;
        for (unsigned l = 0; l < GM_LANES; l++)
            if ((lane_mask >> l) & 1u)
                w->gpr[index][l] = values[l];
        return 0;
    case 1:
        if (index >= GM_PREDS)
            return -1;
        for (unsigned l = 0; l < GM_LANES; l++)
            if ((lane_mask >> l) & 1u)
                w->pred[index] = values[l] ? w->pred[index] | 1u << l : w->pred[index] & ~(1u << l);
        return 0;
    case 2:
        if (index >= GM_URS)
            return -1;
        w->ur[index] = values[0];
        return 0;
    case 3:
        if (index >= GM_PREDS)
            return -1;
        w->upred = values[0] ? w->upred | 1u << index : w->upred & ~(1u << index);
        return 0;
    case WIRE_REG_PC_LO:
    case WIRE_REG_PC_HI:
    case WIRE_REG_LANE_STATUS:
        return write_lanes(w, kind, lane_mask, values);
    }
    return -1;
}

void gm_set_lacking(gm_model *m, const uint8_t lacking[32])
{
    memcpy(m->lacking, lacking, sizeof m->lacking);
    m->lacks_any = m->lacking_value_count != 0;
    for (unsigned i = 0; i < sizeof m->lacking; i++)
        m->lacks_any |= m->lacking[i] != 0;
}

void gm_set_lacking_values(gm_model *m, const isa_modifier_value *values, size_t n)
{
    m->lacking_value_count = n < GM_MAX_LACKING_VALUES ? n : GM_MAX_LACKING_VALUES;
    memcpy(m->lacking_values, values, m->lacking_value_count * sizeof *values);
    gm_set_lacking(m, m->lacking);
}

int gm_set_lane_pc(gm_model *m, uint32_t warp, uint32_t lane, uint64_t pc)
{
    if (warp >= m->warp_count || lane >= GM_LANES)
        return -1;
    gm_warp_sync_pcs(&m->warps[warp]);
    m->warps[warp].pc[lane] = pc;
    m->warps[warp].next_known = false;
    return 0;
}

uint32_t gm_lane_status(const gm_model *m, uint32_t warp, uint32_t lane)
{
    return warp < m->warp_count && lane < GM_LANES ? m->warps[warp].status[lane] : GM_LANE_EXITED;
}
