/* fw host HAL, tests only: a DUT that lies (dut_mutant.h). */
#include <stdio.h>
#include <string.h>

#include "dut_mutant.h"
#include "gm/fp_layout.h"

int fw_dut_mutant_parse(fw_dut_mutant *m, const char *spec)
{
    unsigned long long at, addr, v;
    char extra;
    if (strcmp(spec, "no-trap-lane") == 0 || strcmp(spec, "lane-regs-ignored") == 0) {
        m->kind = spec[0] == 'n' ? FW_MUTANT_NO_TRAP_LANE : FW_MUTANT_LANE_REGS_IGNORED;
        m->at = 0;
        return 0;
    }
    /* sscanf's %u takes a sign and blanks: only digits and ':' after the name */
    const char *args = strchr(spec, ':');
    if (!args || !args[1] || strspn(args + 1, "0123456789:") != strlen(args + 1))
        return -1;
    if (sscanf(spec, "flag-trap:%llu%c", &at, &extra) == 1)
        m->kind = FW_MUTANT_FLAG_TRAP;
    else if (sscanf(spec, "step-error:%llu%c", &at, &extra) == 1)
        m->kind = FW_MUTANT_STEP_ERROR;
    else if (sscanf(spec, "hang:%llu%c", &at, &extra) == 1)
        m->kind = FW_MUTANT_HANG;
    else if (sscanf(spec, "hidden-store:%llu:%llu%c", &at, &addr, &extra) == 2 && addr % 4 == 0) {
        m->kind = FW_MUTANT_HIDDEN_STORE;
        m->store_addr = addr;
    } else if ((sscanf(spec, "trap-code:%llu%c", &v, &extra) == 1 ||
                sscanf(spec, "trap-lane:%llu%c", &v, &extra) == 1) &&
               v <= (spec[5] == 'c' ? 0xffffffffull : 31u)) {
        m->kind = spec[5] == 'c' ? FW_MUTANT_TRAP_CODE : FW_MUTANT_TRAP_LANE;
        m->trap_value = (uint32_t)v;
        at = 0;
    } else if (sscanf(spec, "mufu-ulp:%u:%u%c", &m->ulp_off, &m->ulp_declared, &extra) == 2 &&
             m->ulp_declared <= 0xff) {
        m->kind = FW_MUTANT_MUFU_ULP;
        at = 0;
    } else
        return -1;
    m->at = at;
    return 0;
}

static void caps(void *ctx, wire_caps *c)
{
    fw_dut_mutant *m = ctx;
    m->pass.inner->caps(m->pass.inner_ctx, c);
    if (m->kind == FW_MUTANT_MUFU_ULP) {
        c->tolerance_count = 1;
        c->tolerance[0] = (wire_tolerance){.optype = (uint8_t)gm_mufu_optype(), .function = WIRE_ANY,
                                           .format = WIRE_ANY, .ulp = (uint8_t)m->ulp_declared};
    }
}

/* mufu-ulp: MUFU's results moved, in the record and in the DUT's registers. */
static int nudge_approximate(fw_dut_mutant *m, wire_commit *rec)
{
    gm_approximate a;
    if (!gm_approximate_of((isa_word){rec->insn_lo, rec->insn_hi}, &a))
        return 0;
    for (unsigned i = 0; i < rec->gpr_count; i++) {
        wire_gpr_write *g = &rec->gpr[i];
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if (g->lane_mask >> l & 1u)
                g->value[l] = gm_ulp_nudge(&a.layout, g->value[l], m->ulp_off);
        if (m->pass.inner->write_reg(m->pass.inner_ctx, rec->warp, WIRE_REG_GPR, g->reg, g->lane_mask,
                                     g->value) != 0)
            return -1;
    }
    return 0;
}

/* trap-code, trap-lane, no-trap-lane: the trapping record as such a DUT gives it */
static void mutate_trap(const fw_dut_mutant *m, wire_commit *rec)
{
    if (!(rec->flags & WIRE_COMMIT_TRAP))
        return;
    bool lane = gm_trap_names_lane(rec->trap_code);
    if (m->kind == FW_MUTANT_TRAP_CODE)
        rec->trap_code = m->trap_value;
    else if (m->kind == FW_MUTANT_TRAP_LANE)
        rec->trap_lane = lane ? rec->trap_lane ^ (m->trap_value ? m->trap_value : 1u) : m->trap_value;
    else if (m->kind == FW_MUTANT_NO_TRAP_LANE && lane) {
        rec->flags |= WIRE_COMMIT_LANE_UNREPORTED;
        rec->trap_lane = GM_TRAP_NO_LANE;
    }
}

static int write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask, const uint32_t *v)
{
    fw_dut_mutant *m = ctx;
    if (m->kind == FW_MUTANT_LANE_REGS_IGNORED &&
        (kind == WIRE_REG_PC_LO || kind == WIRE_REG_PC_HI || kind == WIRE_REG_LANE_STATUS))
        return 0;
    return m->pass.inner->write_reg(m->pass.inner_ctx, warp, kind, index, mask, v);
}

static int reset(void *ctx)
{
    fw_dut_mutant *m = ctx;
    m->steps = 0;
    return m->pass.inner->reset(m->pass.inner_ctx);
}

static int step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    fw_dut_mutant *m = ctx;
    if (m->kind == FW_MUTANT_STEP_ERROR && m->steps == m->at)
        return FW_STEP_ERROR;
    if (m->kind == FW_MUTANT_HANG && m->steps >= m->at)
        return FW_STEP_HUNG;
    int rc = m->pass.inner->step(m->pass.inner_ctx, rec, watchdog);
    if (rc == FW_STEP_RETIRED && m->kind == FW_MUTANT_FLAG_TRAP && m->steps == m->at)
        rec->flags |= WIRE_COMMIT_TRAP;
    if (rc == FW_STEP_RETIRED)
        mutate_trap(m, rec);
    if (rc == FW_STEP_RETIRED && m->kind == FW_MUTANT_MUFU_ULP && nudge_approximate(m, rec) != 0)
        return FW_STEP_ERROR;
    if (rc == FW_STEP_RETIRED && m->kind == FW_MUTANT_HIDDEN_STORE && m->steps == m->at &&
        (!m->poke || m->poke(m->pass.inner_ctx, m->store_addr, 0x5eed5eedu) != 0))
        return FW_STEP_ERROR;
    if (rc == FW_STEP_RETIRED)
        m->steps++;
    return rc;
}

const fw_dut_ops *fw_dut_mutant_ops(fw_dut_mutant *m)
{
    m->ops = fw_dut_pass_ops;
    m->ops.caps = caps;
    m->ops.reset = reset;
    m->ops.write_reg = write_reg;
    m->ops.step = step;
    return &m->ops;
}
