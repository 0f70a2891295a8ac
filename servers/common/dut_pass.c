/* The DUT-ops pass-through base (dut_pass.h). */
#include "dut_pass.h"

static void caps(void *ctx, wire_caps *c)
{
    const fw_dut_pass *p = ctx;
    p->inner->caps(p->inner_ctx, c);
}

static int reset(void *ctx)
{
    const fw_dut_pass *p = ctx;
    return p->inner->reset(p->inner_ctx);
}

static int load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    const fw_dut_pass *p = ctx;
    return p->inner->load_code(p->inner_ctx, index, lo, hi);
}

static int load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    const fw_dut_pass *p = ctx;
    return p->inner->load_const(p->inner_ctx, bank, offset, word);
}

static int load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    const fw_dut_pass *p = ctx;
    return p->inner->load_mem(p->inner_ctx, addr, word);
}

static int launch(void *ctx, uint32_t warps, uint64_t entry)
{
    const fw_dut_pass *p = ctx;
    return p->inner->launch(p->inner_ctx, warps, entry);
}

static int write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask, const uint32_t *v)
{
    const fw_dut_pass *p = ctx;
    return p->inner->write_reg(p->inner_ctx, warp, kind, index, mask, v);
}

static int read_state(void *ctx, uint16_t warp, wire_state *out)
{
    const fw_dut_pass *p = ctx;
    return p->inner->read_state(p->inner_ctx, warp, out);
}

static int read_mem(void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    const fw_dut_pass *p = ctx;
    return p->inner->read_mem(p->inner_ctx, addr, out, len);
}

static int written_pages(void *ctx, uint64_t from, uint64_t *pages, uint32_t max)
{
    const fw_dut_pass *p = ctx;
    return p->inner->written_pages(p->inner_ctx, from, pages, max);
}

static int step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    const fw_dut_pass *p = ctx;
    return p->inner->step(p->inner_ctx, rec, watchdog);
}

static int inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    const fw_dut_pass *p = ctx;
    return p->inner->inject(p->inner_ctx, warp, lo, hi, rec);
}

const fw_dut_ops fw_dut_pass_ops = {
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
