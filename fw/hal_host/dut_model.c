/* fw host HAL: the functional model behind the DUT port contract. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut_model.h"
#include "isa/isa.h"

int fw_dut_model_init(fw_dut_model *d)
{
    memset(d, 0, sizeof *d);
    d->kernel = isa_kernel_new();
    return d->kernel ? 0 : -1;
}

void fw_dut_model_free(fw_dut_model *d)
{
    gm_destroy(&d->model);
    isa_kernel_destroy(&d->kernel);
}

static void caps(void *ctx, wire_caps *c)
{
    (void)ctx;
    c->max_warps = ISA_KERNEL_MAX_WARPS;
    c->lanes = 32;
    c->max_payload = WIRE_MAX_PAYLOAD;
    c->max_code = 0; /* any size */
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
    uint32_t kind = d->fault_kind, param = d->fault_param;
    uint64_t at = d->fault_at;
    fw_dut_model_free(d);
    if (fw_dut_model_init(d) != 0)
        return -1;
    d->fault_kind = kind, d->fault_param = param, d->fault_at = at; /* faults survive a reset */
    return 0;
}

static int load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    fw_dut_model *d = ctx;
    if (d->model || index != d->kernel->code_count)
        return -1; /* code is loaded in order before launch */
    isa_word w = {lo, hi};
    return isa_kernel_add_code(d->kernel, &w, 1);
}

static int load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    fw_dut_model *d = ctx;
    return d->model ? -1 : isa_kernel_add_const(d->kernel, bank, offset, &word, 1);
}

static int load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    fw_dut_model *d = ctx;
    return d->model ? -1 : isa_kernel_add_global(d->kernel, addr, &word, 1);
}

static int launch(void *ctx, uint32_t warps, uint64_t entry)
{
    fw_dut_model *d = ctx;
    if (d->model || isa_kernel_set_launch(d->kernel, warps, entry) != 0)
        return -1;
    char err[128];
    d->model = gm_new(d->kernel, err, sizeof err);
    d->retired = 0;
    return d->model ? 0 : -1;
}

static int write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask,
                     const uint32_t *values)
{
    fw_dut_model *d = ctx;
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

/* Corrupts the record and the model's state the way a faulty DUT would. */
static void inject_fault(fw_dut_model *d, wire_commit *rec)
{
    if (d->fault_kind == FW_FAULT_NONE || d->retired != d->fault_at)
        return;
    uint32_t values[32];
    switch (d->fault_kind) {
    case FW_FAULT_WRONG_LANE:
    case FW_FAULT_FLIP_BIT:
    case FW_FAULT_STRAY_WRITE: {
        if (!rec->gpr_count)
            return;
        wire_gpr_write *g = &rec->gpr[0];
        unsigned lane = (unsigned)__builtin_ctz(g->lane_mask);
        if (d->fault_kind == FW_FAULT_FLIP_BIT) {
            g->value[lane] ^= 1u << (d->fault_param & 31);
        } else if (d->fault_kind == FW_FAULT_WRONG_LANE) {
            unsigned other = (lane + 1) % 32;
            g->lane_mask |= 1u << other;
            g->value[other] = g->value[lane];
        } else if (rec->gpr_count < WIRE_MAX_GPR_WRITES && g->reg + d->fault_param < 255) {
            wire_gpr_write *s = &rec->gpr[rec->gpr_count++];
            *s = *g;
            s->reg = (uint8_t)(g->reg + d->fault_param);
        }
        for (unsigned i = 0; i < rec->gpr_count; i++) {
            for (unsigned l = 0; l < 32; l++)
                values[l] = rec->gpr[i].value[l];
            gm_write_reg(d->model, rec->warp, 0, rec->gpr[i].reg, rec->gpr[i].lane_mask, values);
        }
        break;
    }
    case FW_FAULT_DROP_PRED:
        if (!rec->pred_count)
            return;
        memmove(&rec->pred[0], &rec->pred[1], sizeof rec->pred[0] * (rec->pred_count - 1u));
        rec->pred_count--;
        break;
    case FW_FAULT_WRONG_BRANCH: {
        if (!rec->branch_mask)
            return;
        rec->branch_target += 16u * (d->fault_param ? d->fault_param : 1u);
        for (unsigned l = 0; l < 32; l++)
            if ((rec->branch_mask >> l) & 1u)
                gm_set_lane_pc(d->model, rec->warp, l, rec->branch_target);
        break;
    }
    case FW_FAULT_WRONG_ADDRESS:
        if (!rec->mem_count)
            return;
        for (unsigned l = 0; l < 32; l++)
            if ((rec->mem.lane_mask >> l) & 1u)
                rec->mem.addr[l] += 4;
        break;
    }
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
    inject_fault(d, rec);
    d->retired++;
    return FW_STEP_RETIRED;
}

static int inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    fw_dut_model *d = ctx;
    if (!d->model)
        return -1;
    isa_word w = {lo, hi};
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
    .step = step,
    .inject = inject,
};
