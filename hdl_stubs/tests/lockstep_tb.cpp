// hdl_stubs/tests/lockstep_tb.cpp: gpu_core (Verilated) against the functional
// model, instruction by instruction. Not part of the CMake build. From the repo root:
//   verilator --cc --exe -O2 --top-module gpu_core -Mdir /tmp/tb hdl_stubs/*.v \
//     $PWD/hdl_stubs/tests/lockstep_tb.cpp --build -j 8 \
//     -CFLAGS "-I$PWD/cosim/model/include -I$PWD/fw/wire/include -I$PWD/isa/include" \
//     -LDFLAGS "$PWD/build/cosim/model/libgm.a $PWD/build/cosim/common/libsparse_memory.a $PWD/build/isa/libisa.a -lelf -lm"
//   /tmp/tb/Vgpu_core kernel.bin [FAULT_KIND AT [PARAM]]
// UNIMPLEMENTED instructions are completed through the backdoor from the
// model's record, as a board would. Exit 0 when every record and the final
// state agree.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>
#include <memory>
#include "Vgpu_core.h"
#include "verilated.h"
extern "C" {
#include "gm/model.h"
#include "isa/kernel.h"
}

static Vgpu_core *d;
static uint64_t cyc = 0;
static std::map<uint64_t, uint32_t> gmem;
static std::map<uint64_t, uint32_t> cmem; // (bank<<32)|off
static int fault_kind = 0;

static void tick() {
    // memory port: respond in the same cycle the request is seen
    d->mem_ack = 0; d->mem_err = 0;
    if (d->mem_req) {
        d->mem_ack = 1;
        if (d->mem_space) {
            d->mem_rdata = cmem.count(((uint64_t)d->mem_bank << 32) | d->mem_addr) ? cmem[((uint64_t)d->mem_bank << 32) | d->mem_addr] : 0;
        } else if (d->mem_we) {
            gmem[d->mem_addr] = d->mem_wdata;
        } else {
            d->mem_rdata = gmem.count(d->mem_addr) ? gmem[d->mem_addr] : 0;
        }
    }
    d->clk = 0; d->eval();
    d->clk = 1; d->eval();
    cyc++;
    d->mem_ack = 0;
}

static uint32_t bd(int we, int space, int warp, int index, int lane, uint32_t wdata) {
    d->bd_req = 1; d->bd_we = we; d->bd_space = space; d->bd_warp = warp; d->bd_index = index;
    d->bd_lane = lane; d->bd_wdata = wdata;
    for (int i = 0; i < 100; i++) {
        tick();
        if (d->bd_ack) { d->bd_req = 0; return d->bd_rdata; }
    }
    fprintf(stderr, "backdoor timeout\n"); exit(3);
}

struct Beat { int kind, warp, index, lane, status; uint64_t pc; uint32_t ma, mb, data; };

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    if (argc < 2) { fprintf(stderr, "usage: tb kernel.bin [fault kind at param]\n"); return 2; }
    char err[256];
    isa_kernel *k;
    if (isa_kernel_read(argv[1], &k, err, sizeof err)) { fprintf(stderr, "%s\n", err); return 2; }
    gm_model *m = gm_new(k, err, sizeof err);
    if (!m) { fprintf(stderr, "%s\n", err); return 2; }
    d = new Vgpu_core;
    d->rst_n = 0; d->rt_ready = 1; tick(); tick(); d->rst_n = 1;
    while (d->busy) tick();
    for (size_t i = 0; i < k->code_count; i++) {
        d->imem_we = 1; d->imem_addr = i;
        uint64_t lo = k->code[i].lo, hi = k->code[i].hi;
        d->imem_wdata[0] = lo; d->imem_wdata[1] = lo >> 32; d->imem_wdata[2] = hi; d->imem_wdata[3] = hi >> 32;
        tick();
    }
    d->imem_we = 0;
    for (size_t i = 0; i < k->const_count; i++)
        for (uint32_t j = 0; j < k->consts[i].count; j++)
            cmem[((uint64_t)k->consts[i].bank << 32) | (k->consts[i].offset + 4 * j)] = k->consts[i].words[j];
    for (size_t i = 0; i < k->global_count; i++)
        for (uint32_t j = 0; j < k->globals[i].count; j++)
            gmem[k->globals[i].addr + 4 * j] = k->globals[i].words[j];
    d->launch = 1; d->launch_warps = k->warps; d->launch_entry = k->entry; tick(); d->launch = 0;
    for (uint32_t w = 0; w < k->warps; w++)
        for (size_t i = 0; i < k->init_count; i++) {
            const isa_kernel_reg *r = &k->inits[i];
            uint32_t pm = 0;
            for (int l = 0; l < 32; l++) {
                uint32_t v = r->values[r->count == 1 ? 0 : l];
                if (r->kind == ISA_KERNEL_REG_GPR) bd(1, 0, w, r->index, l, v);
                if (r->kind == ISA_KERNEL_REG_PRED && v) pm |= 1u << l;
            }
            if (r->kind == ISA_KERNEL_REG_PRED) bd(1, 1, w, r->index, 0, (bd(0, 1, w, r->index, 0, 0) & 0) | pm);
            if (r->kind == ISA_KERNEL_REG_UR) bd(1, 2, w, r->index, 0, r->values[0]);
            if (r->kind == ISA_KERNEL_REG_UPRED) bd(1, 3, w, 0, 0, (bd(0, 3, w, 0, 0, 0) & ~(1u << r->index)) | ((r->values[0] ? 1u : 0) << r->index));
        }
    if (argc >= 4) { bd(1, 9, 0, 1, 0, atoi(argv[3])); bd(1, 9, 0, 2, 0, argc >= 5 ? atoi(argv[4]) : 0); bd(1, 9, 0, 0, 0, atoi(argv[2])); fault_kind = atoi(argv[2]); }
    // capability check
    printf("cap: warps %u lanes %u map", bd(0, 8, 0, 0, 0, 0), bd(0, 8, 0, 1, 0, 0));
    for (int i = 2; i < 10; i++) printf(" %08x", bd(0, 8, 0, i, 0, 0));
    printf("\n");

    int mismatches = 0, unimpl_count = 0;
    uint64_t n = 0;
    for (;;) {
        wire_commit rec;
        int r = gm_step(m, &rec);
        if (r == GM_STEP_DONE) {
            if (!d->done) { printf("MISMATCH: model done, DUT not done\n"); mismatches++; }
            break;
        }
        // step the DUT
        d->step = 1; tick(); d->step = 0;
        std::vector<Beat> beats;
        for (int t = 0; t < 200000; t++) {
            if (d->rt_valid && d->rt_ready) {
                Beat b{d->rt_kind, d->rt_warp, d->rt_index, d->rt_lane, d->rt_status, d->rt_pc, d->rt_mask_a, d->rt_mask_b, d->rt_data};
                beats.push_back(b);
                if (b.kind == 0) {
                    uint64_t lo = (uint64_t)d->rt_insn[1] << 32 | d->rt_insn[0], hi = (uint64_t)d->rt_insn[3] << 32 | d->rt_insn[2];
                    if (lo != rec.insn_lo || hi != rec.insn_hi) { printf("insn mismatch\n"); mismatches++; }
                }
                tick();
                if (b.kind == 6) break;
            } else tick();
        }
        if (beats.empty() || beats.back().kind != 6) { printf("no END beat at step %lu\n", (unsigned long)n); return 1; }
        // compare
        char why[512] = "";
        const Beat &h = beats[0];
        const Beat &e = beats.back();
        if (h.kind != 0 || h.warp != rec.warp || h.pc != rec.pc || h.ma != rec.active_mask || h.mb != rec.exec_mask)
            snprintf(why, sizeof why, "HEAD warp %d/%u pc %lx/%lx active %08x/%08x exec %08x/%08x", h.warp, rec.warp,
                     (unsigned long)h.pc, (unsigned long)rec.pc, h.ma, rec.active_mask, h.mb, rec.exec_mask);
        bool mtrap = rec.flags & WIRE_COMMIT_TRAP;
        if (!why[0]) {
            if (mtrap && rec.trap_code == 1) {
                if (e.status != 2) snprintf(why, sizeof why, "model UNIMPLEMENTED, DUT status %d", e.status);
            } else if (mtrap) {
                if (e.status != 1 || e.data != rec.trap_code) snprintf(why, sizeof why, "model trap %u, DUT status %d code %u", rec.trap_code, e.status, e.data);
            } else if (e.status != 0 && e.status != 2) snprintf(why, sizeof why, "model ok, DUT status %d code %u", e.status, e.data);
            else if (e.mb != rec.exit_mask) snprintf(why, sizeof why, "exit mask %08x/%08x", e.mb, rec.exit_mask);
        }
        if (!why[0] && !mtrap && e.status == 0) {
            // GPR
            std::map<int, std::map<int, uint32_t>> g;
            std::map<int, std::pair<uint32_t, uint32_t>> p;
            std::map<int, uint32_t> u;
            uint32_t upm = 0, upv = 0;
            std::map<int, std::map<int, uint32_t>> mw; // lane -> word -> data
            std::map<int, uint64_t> ma;
            for (auto &b : beats) {
                if (b.kind == 1) g[b.index][b.lane] = b.data;
                if (b.kind == 2) p[b.index] = {b.ma, b.mb};
                if (b.kind == 3) u[b.index] = b.data;
                if (b.kind == 4) { upm |= 1u << b.index; if (b.data & 1) upv |= 1u << b.index; }
                if (b.kind == 5) { mw[b.lane][b.index] = b.data; if (b.index == 0) ma[b.lane] = b.pc; }
            }
            size_t ng = 0;
            for (unsigned i = 0; i < rec.gpr_count && !why[0]; i++) {
                auto &x = rec.gpr[i];
                for (int l = 0; l < 32; l++) if ((x.lane_mask >> l) & 1) {
                    ng++;
                    if (!g[x.reg].count(l) || g[x.reg][l] != x.value[l]) {
                        snprintf(why, sizeof why, "R%u lane %d: model %08x DUT %s%08x", x.reg, l, x.value[l], g[x.reg].count(l) ? "" : "(none) ", g[x.reg].count(l) ? g[x.reg][l] : 0);
                        break;
                    }
                }
            }
            size_t dg = 0; for (auto &x : g) dg += x.second.size();
            if (!why[0] && dg != ng) snprintf(why, sizeof why, "GPR beat count %zu vs model %zu", dg, ng);
            for (unsigned i = 0; i < rec.pred_count && !why[0]; i++) {
                auto &x = rec.pred[i];
                if (!p.count(x.pred) || p[x.pred].first != x.lane_mask || p[x.pred].second != (x.value & x.lane_mask))
                    snprintf(why, sizeof why, "P%u: model mask %08x val %08x DUT %08x %08x", x.pred, x.lane_mask, x.value & x.lane_mask, p[x.pred].first, p[x.pred].second);
            }
            if (!why[0] && p.size() != rec.pred_count) snprintf(why, sizeof why, "PRED count %zu vs %u", p.size(), rec.pred_count);
            for (unsigned i = 0; i < rec.ur_count && !why[0]; i++)
                if (!u.count(rec.ur[i].reg) || u[rec.ur[i].reg] != rec.ur[i].value)
                    snprintf(why, sizeof why, "UR%u model %08x DUT %08x", rec.ur[i].reg, rec.ur[i].value, u[rec.ur[i].reg]);
            if (!why[0] && u.size() != rec.ur_count) snprintf(why, sizeof why, "UR count");
            if (!why[0] && (upm != rec.upred_mask || (upv & upm) != (rec.upred_value & rec.upred_mask)))
                snprintf(why, sizeof why, "UPRED %x/%x vs %x/%x", upm, upv, rec.upred_mask, rec.upred_value);
            if (!why[0] && rec.mem_count) {
                for (int l = 0; l < 32 && !why[0]; l++) if ((rec.mem.lane_mask >> l) & 1) {
                    if (!ma.count(l) || ma[l] != rec.mem.addr[l]) snprintf(why, sizeof why, "MEM lane %d addr model %lx DUT %lx (%d)", l, (unsigned long)rec.mem.addr[l], (unsigned long)ma[l], (int)ma.count(l));
                    for (int wd = 0; wd < rec.mem.bytes / 4 && !why[0]; wd++)
                        if (mw[l][wd] != rec.mem.data[l][wd]) snprintf(why, sizeof why, "MEM lane %d word %d", l, wd);
                }
                if (!why[0] && mw.size() != (size_t)__builtin_popcount(rec.mem.lane_mask)) snprintf(why, sizeof why, "MEM lanes");
            } else if (!why[0] && !mw.empty()) snprintf(why, sizeof why, "DUT stored, model did not");
        }
        if (!why[0] && !mtrap && e.status == 2) {
            // UNIMPLEMENTED in the DUT: apply the model's record through the backdoor
            unimpl_count++;
            uint32_t w = rec.warp;
            for (unsigned i = 0; i < rec.gpr_count; i++)
                for (int l = 0; l < 32; l++) if ((rec.gpr[i].lane_mask >> l) & 1) bd(1, 0, w, rec.gpr[i].reg, l, rec.gpr[i].value[l]);
            for (int p = 0; p < 7; p++) bd(1, 1, w, p, 0, gm_pred_mask(m, w, p));
            for (unsigned i = 0; i < rec.ur_count; i++) bd(1, 2, w, rec.ur[i].reg, 0, rec.ur[i].value);
            bd(1, 3, w, 0, 0, gm_upred_mask(m, w));
            if (rec.mem_count)
                for (int l = 0; l < 32; l++) if ((rec.mem.lane_mask >> l) & 1)
                    for (int wd = 0; wd < rec.mem.bytes / 4; wd++) gmem[rec.mem.addr[l] + 4 * wd] = rec.mem.data[l][wd];
            uint32_t ex = gm_exited_mask(m, w);
            for (int l = 0; l < 32; l++) {
                uint64_t pc = gm_lane_pc(m, w, l);
                bd(1, 4, w, 0, l, (uint32_t)pc); bd(1, 5, w, 0, l, (uint32_t)(pc >> 32));
                if ((ex >> l) & 1) bd(1, 6, w, 0, l, 2);
            }
        }
        if (why[0]) {
            printf("MISMATCH at seq %lu (warp %u pc 0x%lx insn %016lx%016lx): %s\n", (unsigned long)rec.seq, rec.warp,
                   (unsigned long)rec.pc, (unsigned long)rec.insn_hi, (unsigned long)rec.insn_lo, why);
            if (++mismatches > 5 || fault_kind) break;
        }
        n++;
        if (mtrap) { printf("model trapped: %s (DUT status %d code %u)\n", gm_trap_message(m), e.status, e.data); break; }
    }
    // final state
    if (!mismatches) {
        int bad = 0;
        for (uint32_t w = 0; w < k->warps && bad < 5; w++) {
            for (int r = 0; r < 255 && bad < 5; r++)
                for (int l = 0; l < 32 && bad < 5; l++) {
                    uint32_t v = bd(0, 0, w, r, l, 0);
                    if (v != gm_gpr(m, w, r, l)) { printf("final R%d w%u lane %d: DUT %08x model %08x\n", r, w, l, v, gm_gpr(m, w, r, l)); bad++; }
                }
            for (int p = 0; p < 7; p++) if (bd(0, 1, w, p, 0, 0) != gm_pred_mask(m, w, p)) { printf("final P%d\n", p); bad++; }
            for (int r = 0; r < 63; r++) if (bd(0, 2, w, r, 0, 0) != gm_ur(m, w, r)) { printf("final UR%d\n", r); bad++; }
            if (bd(0, 3, w, 0, 0, 0) != gm_upred_mask(m, w)) { printf("final UP\n"); bad++; }
            for (int l = 0; l < 32; l++) {
                uint64_t pc = bd(0, 4, w, 0, l, 0) | (uint64_t)bd(0, 5, w, 0, l, 0) << 32;
                if (pc != gm_lane_pc(m, w, l)) { printf("final pc w%u lane %d: %lx vs %lx\n", w, l, (unsigned long)pc, (unsigned long)gm_lane_pc(m, w, l)); bad++; break; }
            }
        }
        mismatches += bad;
    }
    printf("%s: %lu instructions (%d patched as UNIMPLEMENTED), %lu cycles, fault fired %u\n", mismatches ? "FAIL" : "PASS", (unsigned long)n, unimpl_count, (unsigned long)cyc, bd(0, 9, 0, 3, 0, 0));
    return mismatches ? 1 : 0;
}
