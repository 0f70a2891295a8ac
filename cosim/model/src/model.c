/* cosim/model: model state, kernel loading, scheduling and the step loop. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"

const char *gm_trap_name(uint32_t code)
{
    switch (code) {
#define GM_TRAP_TEXT(name, code, text) \
    case code:                         \
        return text;
        GM_TRAPS(GM_TRAP_TEXT)
#undef GM_TRAP_TEXT
    }
    return "unknown trap";
}

static const gm_op *const op_tables[] = {gm_ops_ext_ctrl, gm_ops_ext_mem, gm_ops_ext_fp32, gm_ops_xu,
                                         gm_ops_halu,     gm_ops_ialu,    gm_ops_sync};

static gm_op_fn find_op(const char *optype)
{
    for (size_t t = 0; t < sizeof op_tables / sizeof op_tables[0]; t++)
        for (const gm_op *op = op_tables[t]; op->optype; op++)
            if (strcmp(op->optype, optype) == 0)
                return op->fn;
    return NULL;
}

static void set_error(char *err, size_t len, const char *msg)
{
    if (err && len)
        snprintf(err, len, "%s", msg);
}

static int load_kernel(gm_model *m, const isa_kernel *k)
{
    for (size_t i = 0; i < k->const_count; i++) {
        const isa_kernel_const *c = &k->consts[i];
        if (!m->const_bank[c->bank] && !(m->const_bank[c->bank] = calloc(1, 65536)))
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
                    warp->upred = v ? warp->upred | 1u << r->index : warp->upred & ~(1u << r->index);
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
    const isa_tables *t = isa_tables_get();
    gm_model *m = calloc(1, sizeof *m);
    if (!m)
        goto oom;
    gm_memory_init(&m->mem);
    m->code_count = k->code_count;
    m->warp_count = k->warps;
    m->code = malloc(sizeof *m->code * (k->code_count + 1));
    m->decoded = calloc(k->code_count + 1, sizeof *m->decoded);
    m->decode_state = calloc(k->code_count + 1, 1);
    m->warps = calloc(k->warps, sizeof *m->warps);
    m->op_by_variant = calloc(t->variant_count, sizeof *m->op_by_variant);
    m->field_cache = calloc(t->variant_count, sizeof *m->field_cache);
    m->field_cache_key = calloc(t->variant_count, sizeof *m->field_cache_key);
    if (!m->code || !m->decoded || !m->decode_state || !m->warps || !m->op_by_variant ||
        !m->field_cache || !m->field_cache_key)
        goto oom;
    memcpy(m->code, k->code, sizeof *m->code * k->code_count);
    for (uint32_t v = 0; v < t->variant_count; v++)
        m->op_by_variant[v] = find_op(t->variants[v].optype);
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
    for (int b = 0; b < 32; b++)
        free(m->const_bank[b]);
    gm_memory_free(&m->mem);
    free(m->code);
    free(m->decoded);
    free(m->decode_state);
    free(m->warps);
    free(m->op_by_variant);
    free(m->field_cache);
    free(m->field_cache_key);
    free(m);
    *self_p = NULL;
}

static bool warp_runnable(const gm_warp *w, bool *waiting)
{
    bool ready = false;
    *waiting = false;
    for (unsigned l = 0; l < GM_LANES; l++) {
        ready |= w->status[l] == GM_LANE_READY;
        *waiting |= w->status[l] == GM_LANE_WAITING;
    }
    return ready;
}

/* Applies a finished instruction's staged writes. */
static void apply(gm_model *m, gm_warp *w, const wire_commit *r)
{
    for (unsigned i = 0; i < r->gpr_count; i++)
        for (unsigned l = 0; l < GM_LANES; l++)
            if ((r->gpr[i].lane_mask >> l) & 1u)
                w->gpr[r->gpr[i].reg][l] = r->gpr[i].value[l];
    for (unsigned i = 0; i < r->pred_count; i++)
        w->pred[r->pred[i].pred] =
            (w->pred[r->pred[i].pred] & ~r->pred[i].lane_mask) | (r->pred[i].value & r->pred[i].lane_mask);
    for (unsigned i = 0; i < r->ur_count; i++)
        w->ur[r->ur[i].reg] = r->ur[i].value;
    w->upred = (w->upred & ~(uint32_t)r->upred_mask) | (r->upred_value & r->upred_mask);
    if (r->mem_count) /* lanes in ascending order: the highest lane's bytes win */
        for (unsigned l = 0; l < GM_LANES; l++)
            if ((r->mem.lane_mask >> l) & 1u)
                gm_memory_write(&m->mem, r->mem.addr[l], r->mem.data[l], r->mem.bytes);
}

static bool guard(const gm_exec *ex, unsigned lane)
{
    const isa_variant *v = ex->v;
    if (v->pg_field == ISA_NONE)
        return true;
    bool p = gm_pred_reg((gm_exec *)ex, ex->insn->value[v->pg_field], lane);
    return v->pg_not_field != ISA_NONE && ex->insn->value[v->pg_not_field] ? !p : p;
}

/* Runs a decoded instruction for the warp's active lanes (ex has warp, pc,
 * active and rec set) and applies its effects. */
static int execute(gm_model *m, uint32_t wi, gm_warp *w, const isa_insn *insn, wire_commit *rec,
                   gm_exec *exp)
{
    gm_exec ex = *exp;
    uint64_t pc = ex.pc;
    uint32_t active = ex.active;
    ex.insn = insn;
    ex.v = isa_variant_of(ex.insn);
    for (unsigned l = 0; l < GM_LANES; l++)
        if ((active >> l) & 1u && guard(&ex, l))
            ex.exec |= 1u << l;
    rec->exec_mask = ex.exec;
    gm_op_fn fn = m->op_by_variant[ex.insn->variant];
    if (!fn)
        gm_trap(&ex, GM_TRAP_UNIMPLEMENTED, -1, "no semantics for %s", ex.v->optype);
    else
        fn(&ex);
    if (ex.trapped) {
        rec->flags |= WIRE_COMMIT_TRAP;
        return GM_STEP_TRAP;
    }
    apply(m, w, rec);
    if (!ex.pc_handled)
        for (unsigned l = 0; l < GM_LANES; l++)
            if ((active >> l) & 1u)
                w->pc[l] = pc + 16;
    bool done = true;
    for (unsigned l = 0; l < GM_LANES; l++)
        done &= w->status[l] == GM_LANE_EXITED;
    if (done)
        rec->flags |= WIRE_COMMIT_WARP_DONE;
    w->clock++;
    m->seq++;
    m->next_warp = (wi + 1) % m->warp_count;
    return GM_STEP_OK;
}

int gm_step(gm_model *m, wire_commit *rec)
{
    uint32_t wi = 0;
    gm_warp *w = NULL;
    bool deadlock = false;
    for (uint32_t n = 0; n < m->warp_count; n++) {
        uint32_t cand = (m->next_warp + n) % m->warp_count;
        bool waiting;
        if (warp_runnable(&m->warps[cand], &waiting)) {
            wi = cand;
            w = &m->warps[cand];
            break;
        }
        if (waiting && !deadlock)
            deadlock = true, wi = cand;
    }
    memset(rec, 0, offsetof(wire_commit, gpr));
    rec->seq = m->seq;
    if (!w && !deadlock)
        return GM_STEP_DONE;
    gm_exec ex = {.m = m, .warp = wi, .rec = rec};
    if (!w) {
        /* lanes wait at a BSYNC that can never release */
        w = &m->warps[wi];
        uint64_t pc = 0;
        for (unsigned l = 0; l < GM_LANES; l++)
            if (w->status[l] == GM_LANE_WAITING)
                pc = w->pc[l];
        rec->warp = (uint16_t)wi;
        rec->pc = pc;
        rec->flags = WIRE_COMMIT_TRAP;
        rec->trap_code = GM_TRAP_CONVERGENCE_DEADLOCK;
        snprintf(m->trap_msg, sizeof m->trap_msg, "warp %u, pc 0x%llx: %s", wi,
                 (unsigned long long)pc, gm_trap_name(GM_TRAP_CONVERGENCE_DEADLOCK));
        return GM_STEP_TRAP;
    }
    uint64_t pc = UINT64_MAX;
    for (unsigned l = 0; l < GM_LANES; l++)
        if (w->status[l] == GM_LANE_READY && w->pc[l] < pc)
            pc = w->pc[l];
    uint32_t active = 0;
    for (unsigned l = 0; l < GM_LANES; l++)
        if (w->status[l] == GM_LANE_READY && w->pc[l] == pc)
            active |= 1u << l;
    ex.w = w;
    ex.pc = pc;
    ex.active = active;
    rec->warp = (uint16_t)wi;
    rec->pc = pc;
    rec->active_mask = active;
    if (pc % 16 || pc / 16 >= m->code_count) {
        rec->flags = WIRE_COMMIT_TRAP;
        rec->trap_code = GM_TRAP_PC_OUT_OF_RANGE;
        snprintf(m->trap_msg, sizeof m->trap_msg, "warp %u, pc 0x%llx: %s", wi,
                 (unsigned long long)pc, gm_trap_name(GM_TRAP_PC_OUT_OF_RANGE));
        return GM_STEP_TRAP;
    }
    size_t index = pc / 16;
    rec->insn_lo = m->code[index].lo;
    rec->insn_hi = m->code[index].hi;
    if (!m->decode_state[index]) {
        isa_word check;
        m->decode_state[index] = isa_decode(m->code[index], &m->decoded[index]) == 0 &&
                                         isa_encode(&m->decoded[index], &check, NULL) == 0
                                     ? 1
                                     : 2;
    }
    if (m->decode_state[index] != 1) {
        rec->flags = WIRE_COMMIT_TRAP;
        rec->trap_code = GM_TRAP_ILLEGAL_ENCODING;
        snprintf(m->trap_msg, sizeof m->trap_msg,
                 "warp %u, pc 0x%llx: %s: word 0x%016llx%016llx", wi, (unsigned long long)pc,
                 gm_trap_name(GM_TRAP_ILLEGAL_ENCODING), (unsigned long long)m->code[index].hi,
                 (unsigned long long)m->code[index].lo);
        return GM_STEP_TRAP;
    }
    return execute(m, wi, w, &m->decoded[index], rec, &ex);
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
    return warp < m->warp_count && reg < GM_GPRS && lane < GM_LANES ? m->warps[warp].gpr[reg][lane] : 0;
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
    return warp < m->warp_count && lane < GM_LANES ? m->warps[warp].pc[lane] : 0;
}

uint64_t gm_warp_pc(const gm_model *m, uint32_t warp)
{
    uint64_t pc = UINT64_MAX;
    for (unsigned l = 0; warp < m->warp_count && l < GM_LANES; l++)
        if (m->warps[warp].status[l] == GM_LANE_READY && m->warps[warp].pc[l] < pc)
            pc = m->warps[warp].pc[l];
    return pc == UINT64_MAX && warp < m->warp_count ? m->warps[warp].pc[0] : pc;
}

int gm_read_memory(const gm_model *m, uint64_t addr, void *buf, size_t len)
{
    if (addr >= GM_GLOBAL_LIMIT || len > GM_GLOBAL_LIMIT - addr)
        return -1;
    gm_memory_read(&m->mem, addr, buf, len);
    return 0;
}

int gm_write_memory(gm_model *m, uint64_t addr, const void *buf, size_t len)
{
    if (addr >= GM_GLOBAL_LIMIT || len > GM_GLOBAL_LIMIT - addr)
        return -1;
    return gm_memory_write(&m->mem, addr, buf, len);
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
    }
    return -1;
}

int gm_set_lane_pc(gm_model *m, uint32_t warp, uint32_t lane, uint64_t pc)
{
    if (warp >= m->warp_count || lane >= GM_LANES)
        return -1;
    m->warps[warp].pc[lane] = pc;
    return 0;
}

uint32_t gm_lane_status(const gm_model *m, uint32_t warp, uint32_t lane)
{
    return warp < m->warp_count && lane < GM_LANES ? m->warps[warp].status[lane] : GM_LANE_EXITED;
}

int gm_inject(gm_model *m, uint32_t warp, isa_word word, wire_commit *rec)
{
    if (warp >= m->warp_count)
        return GM_STEP_TRAP;
    gm_warp *w = &m->warps[warp];
    memset(rec, 0, offsetof(wire_commit, gpr));
    uint64_t pc = gm_warp_pc(m, warp);
    uint32_t active = 0;
    for (unsigned l = 0; l < GM_LANES; l++)
        if (w->status[l] == GM_LANE_READY && w->pc[l] == pc)
            active |= 1u << l;
    if (!active)
        return GM_STEP_DONE;
    static isa_insn insn; /* execute() keeps no pointer past the call */
    isa_word check;
    rec->seq = m->seq;
    rec->warp = (uint16_t)warp;
    rec->pc = pc;
    rec->insn_lo = word.lo;
    rec->insn_hi = word.hi;
    rec->active_mask = active;
    if (isa_decode(word, &insn) != 0 || isa_encode(&insn, &check, NULL) != 0) {
        rec->flags = WIRE_COMMIT_TRAP;
        rec->trap_code = GM_TRAP_ILLEGAL_ENCODING;
        snprintf(m->trap_msg, sizeof m->trap_msg, "warp %u, pc 0x%llx: %s (injected)", warp,
                 (unsigned long long)pc, gm_trap_name(GM_TRAP_ILLEGAL_ENCODING));
        return GM_STEP_TRAP;
    }
    gm_exec ex = {.m = m, .warp = warp, .w = w, .pc = pc, .active = active, .rec = rec};
    return execute(m, warp, w, &insn, rec, &ex);
}
