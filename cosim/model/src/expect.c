/* cosim/model: the kernel's self-checks (.expect, .expect_mem). */
#include <stdio.h>
#include <stdlib.h>

#include "exec.h"

static uint32_t reg_value(const gm_model *m, uint32_t warp, const isa_kernel_reg *r, unsigned lane)
{
    switch (r->kind) {
    case ISA_KERNEL_REG_GPR: return gm_gpr(m, warp, r->index, lane);
    case ISA_KERNEL_REG_PRED: return (gm_pred_mask(m, warp, r->index) >> lane) & 1u;
    case ISA_KERNEL_REG_UR: return gm_ur(m, warp, r->index);
    case ISA_KERNEL_REG_UPRED: return (gm_upred_mask(m, warp) >> r->index) & 1u;
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

unsigned gm_check_expectations(const gm_model *m, const isa_kernel *k, char *report, size_t len)
{
    unsigned bad = 0;
    if (len)
        report[0] = '\0';
    for (size_t i = 0; i < k->expect_reg_count; i++) {
        const isa_kernel_reg *r = &k->expect_regs[i];
        bool uniform = r->kind == ISA_KERNEL_REG_UR || r->kind == ISA_KERNEL_REG_UPRED;
        for (uint32_t w = 0; w < gm_warp_count(m); w++)
            for (unsigned l = 0; l < (uniform ? 1u : GM_LANES); l++) {
                uint32_t want = r->values[r->count == 1 ? 0 : l], got = reg_value(m, w, r, l);
                if (want == got)
                    continue;
                if (!bad++ && len) {
                    if (uniform)
                        snprintf(report, len, "warp %u %s%u: expected 0x%x, got 0x%x", w,
                                 reg_prefix(r->kind), r->index, want, got);
                    else
                        snprintf(report, len, "warp %u %s%u lane %u: expected 0x%x, got 0x%x", w,
                                 reg_prefix(r->kind), r->index, l, want, got);
                }
            }
    }
    for (size_t i = 0; i < k->expect_mem_count; i++) {
        const isa_kernel_mem *e = &k->expect_mems[i];
        for (uint32_t n = 0; n < e->count; n++) {
            uint32_t got = 0;
            uint64_t addr = e->addr + 4ull * n;
            uint8_t b[4] = {0};
            gm_read_memory(m, addr, b, 4);
            got =
                (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
            if (got != e->words[n] && !bad++ && len)
                snprintf(report, len, "memory 0x%llx: expected 0x%x, got 0x%x",
                         (unsigned long long)addr, e->words[n], got);
        }
    }
    return bad;
}
