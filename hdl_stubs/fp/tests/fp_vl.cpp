// hdl_stubs/fp tests: the thin C++ harness around the Verilated fp_lanes (see fp_vl.h).
#include "fp_vl.h"

#include <memory>
#include <new>

#include "Vfp_lanes.h"
#include "verilated.h"

struct fpvl {
    std::unique_ptr<VerilatedContext> context;
    std::unique_ptr<Vfp_lanes> top;
};

namespace {

void set_operands(Vfp_lanes &t, const fpvl_in *in)
{
    for (int l = 0; l < FPVL_LANES; l++) {
        t.a[l] = in->a[l];
        t.b[l] = in->b[l];
        t.c[l] = in->c[l];
    }
    t.p = in->p;
}

// One rising edge with the given enables, then every enable low again.
void edge(Vfp_lanes &t, uint32_t f_en, uint32_t h_en, uint32_t m_en)
{
    t.f_en = f_en;
    t.h_en = h_en;
    t.m_en = m_en;
    t.clk = 0;
    t.eval();
    t.clk = 1;
    t.eval();
    t.f_en = 0;
    t.h_en = 0;
    t.m_en = 0;
}

void take(const VlWide<32> &d, uint32_t pu, uint32_t pv, uint32_t d1, uint32_t pu1, uint32_t pv1,
          fpvl_out *out)
{
    for (int l = 0; l < FPVL_LANES; l++)
        out->d[l] = d[l];
    out->pu = pu;
    out->pv = pv;
    out->d1 = d1;
    out->pu1 = pu1;
    out->pv1 = pv1;
    out->d1n = 0;
}

void set_fp32(Vfp_lanes &t, const fpvl_fp32_ctl *c)
{
    t.f_op = c->op;
    t.f_rnd = c->rnd;
    t.f_ftz = c->ftz;
    t.f_sat = c->sat;
    t.f_nan = c->nan;
    t.f_cmp = c->cmp;
    t.f_lop = c->lop;
    t.f_neg = c->neg;
    t.f_abs = c->abs;
}

void set_halu(Vfp_lanes &t, const fpvl_halu_ctl *c)
{
    t.h_op = c->op;
    t.h_bf16 = c->bf16;
    t.h_f32 = c->f32;
    t.h_rnd = c->rnd;
    t.h_ftz = c->ftz;
    t.h_sat = c->sat;
    t.h_relu = c->relu;
    t.h_nan = c->nan;
    t.h_cmp = c->cmp;
    t.h_lop = c->lop;
    t.h_bval = c->bval;
    t.h_neg = c->neg;
    t.h_abs = c->abs;
    t.h_hsel = c->hsel;
}

void set_mufu(Vfp_lanes &t, const fpvl_mufu_ctl *c)
{
    t.m_fn = c->fn;
    t.m_dtype = c->dtype;
    t.m_abs = c->abs;
    t.m_neg = c->neg;
    t.m_h1 = c->h1;
    t.m_sat = c->sat;
}

} // namespace

fpvl *fpvl_new(void)
{
    fpvl *h = new (std::nothrow) fpvl;
    if (!h)
        return nullptr;
    h->context.reset(new (std::nothrow) VerilatedContext);
    if (h->context)
        h->top.reset(new (std::nothrow) Vfp_lanes(h->context.get(), "fp_lanes"));
    if (!h->top) {
        delete h;
        return nullptr;
    }
    return h;
}

void fpvl_free(fpvl **h)
{
    if (!h || !*h)
        return;
    (*h)->top->final();
    delete *h;
    *h = nullptr;
}

void fpvl_fp32(fpvl *h, const fpvl_fp32_ctl *ctl, uint32_t mask, const fpvl_in *in, fpvl_out *out)
{
    Vfp_lanes &t = *h->top;
    set_fp32(t, ctl);
    set_operands(t, in);
    edge(t, mask, 0, 0);
    take(t.f_d, t.f_pu, t.f_pv, t.f1_d, t.f1_pu, t.f1_pv, out);
}

void fpvl_halu(fpvl *h, const fpvl_halu_ctl *ctl, uint32_t mask, const fpvl_in *in, fpvl_out *out)
{
    Vfp_lanes &t = *h->top;
    set_halu(t, ctl);
    set_operands(t, in);
    edge(t, 0, mask, 0);
    take(t.h_d, t.h_pu, t.h_pv, t.h1_d, t.h1_pu, t.h1_pv, out);
}

void fpvl_mufu(fpvl *h, const fpvl_mufu_ctl *ctl, uint32_t mask, const fpvl_in *in, fpvl_out *out)
{
    Vfp_lanes &t = *h->top;
    set_mufu(t, ctl);
    set_operands(t, in);
    edge(t, 0, 0, mask);
    take(t.m_d, 0, 0, t.m1_d, 0, 0, out);
    out->d1n = t.m1n_d;
}

void fpvl_run(fpvl *h, fpvl_load load, uint64_t n)
{
    Vfp_lanes &t = *h->top;
    const fpvl_fp32_ctl ffma = {2, 0, 0, 0, 0, 0, 0, 0, 0};
    const fpvl_halu_ctl hfma2 = {2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    set_fp32(t, &ffma);
    const fpvl_mufu_ctl ex2 = {2, 0, 0, 0, 0, 0};
    set_halu(t, &hfma2);
    set_mufu(t, &ex2);
    uint32_t x = 0x3f800001u;
    for (uint64_t i = 0; i < n; i++) {
        if (load != FPVL_IDLE) // operands change every edge (an LCG step)
            for (int l = 0; l < FPVL_LANES; l++) {
                x = x * 1664525u + 1013904223u;
                t.a[l] = x;
                t.b[l] = x ^ 0x5a5a5a5au;
                t.c[l] = x >> 1;
            }
        edge(t, load == FPVL_BUSY_FFMA ? ~0u : 0, load == FPVL_BUSY_HFMA2 ? ~0u : 0,
             load == FPVL_BUSY_MUFU ? ~0u : 0);
    }
}
