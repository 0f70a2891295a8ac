/* libgpuhost: the kernel's .expect and .expect_mem lines checked on a
 * target's own final state (the model's are checked by the model). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine.h"

static uint32_t reg_value(const wire_state *s, const isa_kernel_reg *r, unsigned lane)
{
    switch (r->kind) {
    case ISA_KERNEL_REG_GPR: return s->gpr[r->index][lane];
    case ISA_KERNEL_REG_PRED: return (s->pred[r->index] >> lane) & 1u;
    case ISA_KERNEL_REG_UR: return s->ur[r->index];
    case ISA_KERNEL_REG_UPRED: return (s->upred >> r->index) & 1u;
    }
    return 0;
}

static const char *reg_prefix(isa_kernel_reg_kind kind)
{
    switch (kind) {
    case ISA_KERNEL_REG_GPR: return "R";
    case ISA_KERNEL_REG_PRED: return "P";
    case ISA_KERNEL_REG_UR: return "UR";
    case ISA_KERNEL_REG_UPRED: return "UP";
    }
    return "?";
}

static bool in_range(const isa_kernel_reg *r)
{
    switch (r->kind) {
    case ISA_KERNEL_REG_GPR: return r->index < 255;
    case ISA_KERNEL_REG_PRED:
    case ISA_KERNEL_REG_UPRED: return r->index < 7;
    case ISA_KERNEL_REG_UR: return r->index < 63;
    }
    return false;
}

int gh__check_target_expectations(gh_target *t, const isa_kernel *k, uint32_t warps, char *report, size_t len,
                                  wire_state *st, const gm_model *matched)
{
    int bad = 0;
    if (len)
        report[0] = '\0';
    for (uint32_t w = 0; w < warps && k->expect_reg_count; w++) {
        if (matched)
            gh__model_state(matched, (uint16_t)w, st);
        else if (gh__read_state(t, (uint16_t)w, st) != 0)
            return -1;
        for (size_t i = 0; i < k->expect_reg_count; i++) {
            const isa_kernel_reg *r = &k->expect_regs[i];
            bool uniform = r->kind == ISA_KERNEL_REG_UR || r->kind == ISA_KERNEL_REG_UPRED;
            for (unsigned l = 0; l < (uniform ? 1u : WIRE_LANES) && in_range(r); l++) {
                uint32_t want = r->values[r->count == 1 ? 0 : l], got = reg_value(st, r, l);
                if (want == got || bad++ || !len)
                    continue;
                if (uniform)
                    snprintf(report, len, "warp %u %s%u: expected 0x%x, got 0x%x", w, reg_prefix(r->kind),
                             r->index, want, got);
                else
                    snprintf(report, len, "warp %u %s%u lane %u: expected 0x%x, got 0x%x", w,
                             reg_prefix(r->kind), r->index, l, want, got);
            }
        }
    }
    for (size_t i = 0; i < k->expect_mem_count; i++) {
        const isa_kernel_mem *e = &k->expect_mems[i];
        uint8_t *bytes = malloc(4 * (size_t)e->count + 1);
        if (!bytes || gh_target_read_mem(t, e->addr, bytes, 4 * (size_t)e->count) != 0) {
            free(bytes);
            return -1;
        }
        for (uint32_t n = 0; n < e->count; n++) {
            const uint8_t *b = bytes + 4 * (size_t)n;
            uint32_t got = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
            if (got != e->words[n] && !bad++ && len)
                snprintf(report, len, "memory 0x%" PRIx64 ": expected 0x%x, got 0x%x", e->addr + 4 * (uint64_t)n,
                         e->words[n], got);
        }
        free(bytes);
    }
    return bad;
}
