/* servers/common: the functional model behind the DUT port contract. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut_model.h"
#include "fw/port.h"
#include "isa/isa.h"

int fw_dut_model_init(fw_dut_model *d)
{
    memset(d, 0, sizeof *d);
    d->contract = FW_PORT_CONTRACT_REVISION;
    d->kernel = isa_kernel_new();
    return d->kernel ? 0 : -1;
}

void fw_dut_model_free(fw_dut_model *d)
{
    gm_destroy(&d->model);
    gm_destroy(&d->before);
    isa_kernel_destroy(&d->kernel);
}

static void caps(void *ctx, wire_caps *c)
{
    const fw_dut_model *d = ctx;
    c->contract = d->contract;
    for (unsigned i = 0; i < sizeof d->lacking && d->contract; i++)
        if (d->lacking[i]) {
            c->variant_count = (uint16_t)isa_tables_get()->variant_count;
            memcpy(c->lacking, d->lacking, sizeof c->lacking);
            break;
        }
    for (uint32_t i = 0; i < d->lacking_value_count && d->contract >= FW_PORT_CONTRACT_REVISION; i++) {
        const isa_modifier_value *m = &d->lacking_values[i];
        c->variant_count = (uint16_t)isa_tables_get()->variant_count;
        c->lacking_modifier[c->modifier_count++] = (uint32_t)FW_PORT_MODIFIER_WORD(m->variant, m->field, m->value);
    }
    c->max_warps = (uint16_t)(d->max_warps ? d->max_warps : ISA_KERNEL_MAX_WARPS);
    c->lanes = 32;
    c->max_payload = WIRE_MAX_PAYLOAD;
    c->max_code = d->max_code ? d->max_code : FW_DUT_MODEL_MAX_CODE;
    const isa_tables *t = isa_tables_get();
    for (uint32_t v = 0; v < t->variant_count; v++) {
        const isa_field *f = isa_variant_fields(&t->variants[v]);
        int i = isa_field_index(&t->variants[v], "optype");
        if (i >= 0)
            c->optypes[f[i].value / 8] |= (uint8_t)(1u << (f[i].value % 8));
    }
    snprintf(c->name, sizeof c->name, "functional model");
}

static int reset(void *ctx)
{
    fw_dut_model *d = ctx;
    fw_dut_model kept = *d; /* faults and capabilities survive a reset */
    fw_dut_model_free(d);
    if (fw_dut_model_init(d) != 0)
        return -1;
    d->fault_kind = kept.fault_kind, d->fault_param = kept.fault_param, d->fault_at = kept.fault_at;
    memcpy(d->lacking, kept.lacking, sizeof d->lacking);
    memcpy(d->lacking_values, kept.lacking_values, sizeof d->lacking_values);
    d->lacking_value_count = kept.lacking_value_count, d->contract = kept.contract;
    d->max_code = kept.max_code, d->max_warps = kept.max_warps;
    return 0;
}

/* Any index below max_code, in any order, before launch, as instruction
 * memory takes it: a word not written holds zero, and the code size is 1 +
 * the highest index written. */
static int load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    fw_dut_model *d = ctx;
    if (d->model || index >= (d->max_code ? d->max_code : FW_DUT_MODEL_MAX_CODE))
        return -1;
    if (d->kernel->code_count < index) { /* the gap in one piece: growing it piecewise copies it over and over */
        size_t gap = index - d->kernel->code_count;
        isa_word *zeros = calloc(gap, sizeof *zeros);
        int rc = zeros ? isa_kernel_add_code(d->kernel, zeros, gap) : -1;
        free(zeros);
        if (rc != 0)
            return -1;
    }
    isa_word w = {lo, hi};
    if (index == d->kernel->code_count)
        return isa_kernel_add_code(d->kernel, &w, 1);
    d->kernel->code[index] = w; /* the kernel is this DUT's own: a rewrite in place */
    return 0;
}

static int load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    fw_dut_model *d = ctx;
    return d->model ? -1 : isa_kernel_add_const(d->kernel, bank, offset, &word, 1);
}

static int load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    fw_dut_model *d = ctx;
    if (!d->model)
        return isa_kernel_add_global(d->kernel, addr, &word, 1);
    if (d->before) /* after LAUNCH: the live memory (a host applying an instruction's store) */
        gm_write_memory(d->before, addr, &word, 4);
    return gm_write_memory(d->model, addr, &word, 4);
}

int fw_dut_model_poke(void *ctx, uint64_t addr, uint32_t word)
{
    fw_dut_model *d = ctx;
    return d->model ? gm_write_memory(d->model, addr, &word, 4) : -1;
}

static int launch(void *ctx, uint32_t warps, uint64_t entry)
{
    fw_dut_model *d = ctx;
    if (d->model || (d->max_warps && warps > d->max_warps) || isa_kernel_set_launch(d->kernel, warps, entry) != 0)
        return -1;
    char err[128];
    d->model = gm_new(d->kernel, err, sizeof err);
    d->retired = 0;
    d->fault_struck = false;
    if (d->model && d->fault_kind != FW_FAULT_NONE && !(d->before = gm_new(d->kernel, err, sizeof err)))
        return -1;
    for (gm_model *m = d->model; m; m = m == d->model ? d->before : NULL) {
        /* a partial core answers what it lacks UNIMPLEMENTED */
        gm_set_lacking(m, d->lacking);
        gm_set_lacking_values(m, d->lacking_values, d->lacking_value_count);
    }
    return d->model ? 0 : -1;
}

static int write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask,
                     const uint32_t *values)
{
    fw_dut_model *d = ctx;
    if (d->before)
        gm_write_reg(d->before, warp, kind, index, mask, values);
    return d->model ? gm_write_reg(d->model, warp, kind, index, mask, values) : -1;
}

static int read_state(void *ctx, uint16_t warp, wire_state *s)
{
    fw_dut_model *d = ctx;
    if (!d->model || warp >= gm_warp_count(d->model))
        return -1;
    memset(s, 0, sizeof *s);
    s->warp = warp;
    for (uint32_t l = 0; l < 32; l++) {
        s->pc[l] = gm_lane_pc(d->model, warp, l);
        uint32_t st = gm_lane_status(d->model, warp, l);
        s->exited |= (uint32_t)(st == 2) << l;
        s->waiting |= (uint32_t)(st == 1) << l;
    }
    for (uint32_t r = 0; r < 255; r++)
        for (uint32_t l = 0; l < 32; l++)
            s->gpr[r][l] = gm_gpr(d->model, warp, r, l);
    for (uint32_t p = 0; p < 7; p++)
        s->pred[p] = gm_pred_mask(d->model, warp, p);
    for (uint32_t u = 0; u < 63; u++)
        s->ur[u] = gm_ur(d->model, warp, u);
    s->upred = gm_upred_mask(d->model, warp);
    return 0;
}

static int read_mem(void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    fw_dut_model *d = ctx;
    return d->model ? gm_read_memory(d->model, addr, out, len) : -1;
}

static int written_pages(void *ctx, uint64_t from, uint64_t *pages, uint32_t max)
{
    fw_dut_model *d = ctx;
    return d->model ? (int)gm_written_pages(d->model, from, pages, max) : 0;
}

/* P, or 1 where the fault needs a non-zero amount */
static uint32_t amount(const fw_dut_model *d)
{
    return d->fault_param ? d->fault_param : 1u;
}

static void write_lane(gm_model *m, uint16_t warp, uint32_t reg, unsigned lane, uint32_t value)
{
    uint32_t values[32] = {0};
    values[lane] = value;
    gm_write_reg(m, warp, 0, reg, 1u << lane, values);
}

/* rd + P, skipping RZ (register 255) as the stand-in core does */
static uint32_t stray_register(const fw_dut_model *d, uint32_t rd)
{
    uint32_t r = (rd + amount(d)) & 0xff;
    return rd + amount(d) >= 255 ? (r + 1) & 0xff : r;
}

static bool is_control(const wire_commit *rec)
{
    isa_insn insn;
    isa_word w = {rec->insn_lo, rec->insn_hi};
    if (isa_decode(w, &insn) != 0)
        return true;
    const char *op = isa_variant_of(&insn)->optype;
    return !strcmp(op, "BRA") || !strcmp(op, "EXIT") || !strcmp(op, "BSSY") || !strcmp(op, "BSYNC");
}

/* The GPR faults: the first written lane of the first written register. */
static bool gpr_fault(fw_dut_model *d, wire_commit *rec)
{
    if (!rec->gpr_count || !rec->gpr[0].lane_mask)
        return false;
    wire_gpr_write *g = &rec->gpr[0];
    unsigned lane = (unsigned)__builtin_ctz(g->lane_mask);
    uint32_t value = g->value[lane];
    switch (d->fault_kind) {
    case FW_FAULT_WRONG_LANE: {
        unsigned other = lane ^ (amount(d) & 31u) ^ ((amount(d) & 31u) == 0);
        write_lane(d->model, rec->warp, g->reg, lane, gm_gpr(d->before, rec->warp, g->reg, lane));
        write_lane(d->model, rec->warp, g->reg, other, value);
        g->lane_mask = (g->lane_mask & ~(1u << lane)) | 1u << other;
        g->value[other] = value;
        return true;
    }
    case FW_FAULT_FLIP_BIT:
        g->value[lane] ^= 1u << (d->fault_param & 31);
        write_lane(d->model, rec->warp, g->reg, lane, g->value[lane]);
        return true;
    case FW_FAULT_STRAY_WRITE:
    case FW_FAULT_HIDDEN_WRITE: {
        uint32_t stray = stray_register(d, g->reg);
        write_lane(d->model, rec->warp, stray, lane, value);
        if (d->fault_kind == FW_FAULT_STRAY_WRITE && rec->gpr_count < WIRE_MAX_GPR_WRITES) {
            wire_gpr_write *s = &rec->gpr[rec->gpr_count++];
            memset(s, 0, sizeof *s);
            s->reg = (uint8_t)stray;
            s->lane_mask = 1u << lane;
            s->value[lane] = value;
        }
        return true;
    }
    }
    return false;
}

/* The first store word: lane l0, word 0. */
static bool store_fault(fw_dut_model *d, wire_commit *rec)
{
    if (!rec->mem_count || !rec->mem.lane_mask)
        return false;
    unsigned lane = (unsigned)__builtin_ctz(rec->mem.lane_mask);
    uint64_t addr = rec->mem.addr[lane], moved = addr + 16ull * amount(d);
    uint8_t word[4];
    memcpy(word, &rec->mem.data[lane][0], 4);
    if (d->fault_kind == FW_FAULT_WRONG_ADDRESS) {
        uint8_t old[4];
        gm_read_memory(d->before, addr, old, 4);
        gm_write_memory(d->model, addr, old, 4);
        rec->mem.addr[lane] = moved;
    }
    gm_write_memory(d->model, moved, word, 4);
    return true;
}

/* Changes the model's state (and, for the visible kinds, the record) the way
 * the faulty stand-in core would: fw/faults.h. True when it struck. */
static bool strike(fw_dut_model *d, wire_commit *rec)
{
    if (rec->flags & WIRE_COMMIT_TRAP)
        return false; /* nothing took effect */
    switch (d->fault_kind) {
    case FW_FAULT_WRONG_LANE:
    case FW_FAULT_FLIP_BIT:
    case FW_FAULT_STRAY_WRITE:
    case FW_FAULT_HIDDEN_WRITE: return gpr_fault(d, rec);
    case FW_FAULT_DROP_PRED: {
        if (!rec->pred_count)
            return false;
        unsigned first = 0; /* the lowest predicate written */
        for (unsigned i = 1; i < rec->pred_count; i++)
            if (rec->pred[i].pred < rec->pred[first].pred)
                first = i;
        uint32_t old = gm_pred_mask(d->before, rec->warp, rec->pred[first].pred), values[32];
        for (unsigned l = 0; l < 32; l++)
            values[l] = old >> l & 1u;
        gm_write_reg(d->model, rec->warp, 1, rec->pred[first].pred, rec->pred[first].lane_mask, values);
        memmove(&rec->pred[first], &rec->pred[first + 1], sizeof rec->pred[0] * (rec->pred_count - first - 1u));
        rec->pred_count--;
        return true;
    }
    case FW_FAULT_WRONG_BRANCH:
        if (!rec->branch_mask)
            return false;
        rec->branch_target += 16ull * amount(d);
        for (unsigned l = 0; l < 32; l++)
            if ((rec->branch_mask >> l) & 1u)
                gm_set_lane_pc(d->model, rec->warp, l, rec->branch_target);
        return true;
    case FW_FAULT_WRONG_ADDRESS:
    case FW_FAULT_HIDDEN_STORE: return store_fault(d, rec);
    case FW_FAULT_WRONG_LANE_PC: {
        if (!rec->active_mask || is_control(rec))
            return false;
        unsigned lane = (unsigned)__builtin_ctz(rec->active_mask);
        gm_set_lane_pc(d->model, rec->warp, lane, gm_lane_pc(d->model, rec->warp, lane) + 16ull * amount(d));
        return true;
    }
    }
    return false;
}

static int step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    (void)watchdog; /* the model always retires or finishes */
    fw_dut_model *d = ctx;
    if (!d->model)
        return FW_STEP_ERROR;
    int rc = gm_step(d->model, rec);
    if (rc == GM_STEP_DONE)
        return FW_STEP_DONE;
    if (d->before) { /* a fault is armed: strike, or keep the model behind in step */
        wire_commit *same = malloc(sizeof *same);
        bool struck = d->retired >= d->fault_at && strike(d, rec);
        if (!struck && same)
            gm_step(d->before, same);
        free(same);
        if (struck || !same) {
            d->fault_struck = struck;
            gm_destroy(&d->before); /* it struck once: nothing is armed now */
        }
    }
    d->retired++;
    return FW_STEP_RETIRED;
}

static int inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    fw_dut_model *d = ctx;
    if (!d->model || warp >= gm_warp_count(d->model))
        return -1; /* gm_inject would trap without a record: refused, as the other DUTs do */
    isa_word w = {lo, hi};
    if (d->before) { /* injected words run on the model behind too */
        wire_commit *same = malloc(sizeof *same);
        if (!same)
            return -1;
        gm_inject(d->before, warp, w, same);
        free(same);
    }
    int rc = gm_inject(d->model, warp, w, rec);
    return rc == GM_STEP_DONE ? -1 : 0;
}

const fw_dut_ops fw_dut_model_ops = {
    .caps = caps,
    .reset = reset,
    .load_code = load_code,
    .load_const = load_const,
    .load_mem = load_mem,
    .launch = launch,
    .write_reg = write_reg,
    .read_state = read_state,
    .read_mem = read_mem,
    .written_pages = written_pages,
    .step = step,
    .inject = inject,
};
