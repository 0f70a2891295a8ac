// servers/rtlsim: the thin C++ harness around a Verilated core (see harness.h).
// Generic: it drives gpuhost_rtl_top, the wrapper gpuhost_add_rtl_server()
// generates around any top module presenting the port contract.
#include "harness.h"

#include <cstring>
#include <memory>
#include <new>

#include "Vgpuhost_rtl_top.h"
#include "fw/port.h"
#include "verilated.h"
#include "verilated_fst_c.h"

struct rtl_harness {
    std::unique_ptr<VerilatedContext> context;
    std::unique_ptr<Vgpuhost_rtl_top> core;
    std::unique_ptr<VerilatedFstC> fst;
    bool traceable = false;
    bool dumping = false;
    uint64_t cycles = 0;
};

namespace {

void apply(Vgpuhost_rtl_top &c, const rtl_inputs &in)
{
    c.rst_n = in.rst_n;
    c.imem_we = in.imem_we;
    c.imem_addr = in.imem_addr;
    for (int i = 0; i < 4; i++)
        c.imem_wdata[i] = in.imem_wdata[i];
    c.launch = in.launch;
    c.launch_warps = in.launch_warps & 0x7f;
    c.launch_entry = in.launch_entry;
    c.run = in.run;
    c.step = in.step;
    c.mem_ack = in.mem_ack;
    c.mem_err = in.mem_err;
    c.mem_rdata = in.mem_rdata;
    c.rt_ready = in.rt_ready;
    c.bd_req = in.bd_req;
    c.bd_we = in.bd_we;
    c.bd_space = in.bd_space & 0xf;
    c.bd_warp = in.bd_warp & 0x7f;
    c.bd_index = in.bd_index;
    c.bd_lane = in.bd_lane & 0x1f;
    c.bd_wdata = in.bd_wdata;
}

void collect(const Vgpuhost_rtl_top &c, rtl_outputs &out)
{
    out.busy = c.busy;
    out.done = c.done;
    out.mem_req = c.mem_req;
    out.mem_we = c.mem_we;
    out.mem_space = c.mem_space;
    out.mem_bank = c.mem_bank;
    out.mem_addr = c.mem_addr;
    out.mem_wdata = c.mem_wdata;
    out.rt_valid = c.rt_valid;
    out.rt_kind = c.rt_kind;
    out.rt_warp = c.rt_warp;
    out.rt_pc = c.rt_pc;
    for (int i = 0; i < 4; i++)
        out.rt_insn[i] = c.rt_insn[i];
    out.rt_mask_a = c.rt_mask_a;
    out.rt_mask_b = c.rt_mask_b;
    out.rt_index = c.rt_index;
    out.rt_lane = c.rt_lane;
    out.rt_data = c.rt_data;
    out.rt_status = c.rt_status;
    if (c.rt_valid && c.rt_kind == FW_BEAT_GPR_ROW) // (1024 bits: not copied every cycle)
        for (int i = 0; i < FW_PORT_ROW_LANES; i++)
            out.rt_row[i] = c.rt_row[i];
    out.bd_ack = c.bd_ack;
    out.bd_rdata = c.bd_rdata;
    out.chk_violations = c.chk_violations;
    out.chk_kinds = c.chk_kinds;
}

void sample(rtl_harness *h)
{
    if (h->fst && h->dumping)
        h->fst->dump(h->context->time());
}

} // namespace

extern "C" rtl_harness *rtl_create(bool traceable, uint32_t x_seed)
{
    rtl_harness *h = new (std::nothrow) rtl_harness;
    if (!h)
        return nullptr;
    try {
        h->context.reset(new VerilatedContext);
        h->context->debug(0);
        // Verilated with --x-initial unique: every variable starts from
        // randReset's choice, never from whatever the allocator left there
        if (x_seed) {
            h->context->randReset(2);
            h->context->randSeed((int)(x_seed & 0x7fffffff));
        } else {
            h->context->randReset(0);
        }
        h->context->traceEverOn(traceable);
        h->traceable = traceable;
        h->core.reset(new Vgpuhost_rtl_top(h->context.get(), "top"));
        h->core->clk = 0;
        h->core->rst_n = 0;
        h->core->eval();
    } catch (...) {
        delete h;
        return nullptr;
    }
    return h;
}

extern "C" void rtl_destroy(rtl_harness **hp)
{
    if (!hp || !*hp)
        return;
    rtl_harness *h = *hp;
    rtl_trace_close(h);
    if (h->core)
        h->core->final();
    h->core.reset();
    h->context.reset();
    delete h;
    *hp = nullptr;
}

extern "C" void rtl_settle(rtl_harness *h, const rtl_inputs *in, rtl_outputs *out)
{
    apply(*h->core, *in);
    h->core->eval();
    collect(*h->core, *out);
}

extern "C" void rtl_cycle(rtl_harness *h, const rtl_inputs *in, rtl_outputs *out)
{
    Vgpuhost_rtl_top &c = *h->core;
    apply(c, *in);
    c.clk = 1;
    c.eval();
    h->context->timeInc(1);
    sample(h);
    c.clk = 0;
    c.eval();
    h->context->timeInc(1);
    sample(h);
    h->cycles++;
    collect(c, *out);
}

extern "C" uint64_t rtl_cycles(const rtl_harness *h)
{
    return h->cycles;
}

extern "C" int rtl_trace_open(rtl_harness *h, const char *path)
{
    if (!h->traceable || !path)
        return -1;
    rtl_trace_close(h);
    try {
        h->fst.reset(new VerilatedFstC);
        h->core->trace(h->fst.get(), 99);
        h->fst->open(path);
        if (!h->fst->isOpen()) {
            h->fst.reset();
            return -1;
        }
    } catch (...) {
        h->fst.reset();
        return -1;
    }
    h->dumping = true; // the first sample is the next clock edge
    return 0;
}

extern "C" void rtl_trace_enable(rtl_harness *h, bool on)
{
    if (on && !h->dumping)
        h->dumping = true, sample(h);
    h->dumping = on;
}

extern "C" bool rtl_trace_is_open(const rtl_harness *h)
{
    return h->fst != nullptr;
}

extern "C" void rtl_trace_flush(rtl_harness *h)
{
    if (h->fst)
        h->fst->flush();
}

extern "C" void rtl_trace_close(rtl_harness *h)
{
    if (h->fst) {
        h->fst->close();
        h->fst.reset();
    }
    h->dumping = false;
}
