/* servers/rtlsim: fw_dut_ops over the Verilated gpu_core (see dut_rtl.h). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut_rtl.h"
#include "fw/beats.h"
#include "fw/caps_words.h"
#include "fw/inject.h"
#include "fw/port.h"
#include "fw/port_board.h"
#include "gpu_checker_kinds.h"

#define BD_TIMEOUT 10000u     /* cycles a backdoor access may take (hw_reset waits out the sweep first) */
#define RESET_TIMEOUT 100000u /* cycles the reset sweep may take */


static const struct {
    const char *name, *rules, *who, *what;
} checker_kinds[] = {
#define DUT_RTL_KIND(bit, name, rules, who, what) [bit] = {name, rules, who, what},
    GPU_CHECKER_KINDS(DUT_RTL_KIND)
#undef DUT_RTL_KIND
};

/* The contract checker saw something new: say what (each kind once) and end
 * the run as a DUT error (step). */
static void contract_broken(fw_dut_rtl *d)
{
    uint32_t fresh = d->out.chk_kinds & ~d->chk_kinds;
    d->chk_violations = d->out.chk_violations;
    d->chk_kinds |= d->out.chk_kinds;
    for (unsigned k = 0; k < GPU_CHECKER_KIND_COUNT; k++) {
        if (!((fresh >> k) & 1u))
            continue;
        if (!d->broken) /* the first one is the report's */
            snprintf(d->error, sizeof d->error, "port contract rule %s broken at cycle %llu: %s (%s, the %s's rule)",
                     checker_kinds[k].rules, (unsigned long long)rtl_cycles(d->h) - 1, checker_kinds[k].what,
                     checker_kinds[k].name, checker_kinds[k].who);
        d->broken = true;
        fprintf(stderr, "%s: DUT error: port contract rule %s broken at cycle %llu: %s (%s, the %s's rule)\n",
                rtl_target_name(), checker_kinds[k].rules, (unsigned long long)rtl_cycles(d->h) - 1,
                checker_kinds[k].what, checker_kinds[k].name, checker_kinds[k].who);
    }
}

static void cycle(fw_dut_rtl *d)
{
    rtl_cycle(d->h, &d->in, &d->out);
    if (d->out.chk_violations != d->chk_violations)
        contract_broken(d);
}

/* Stress (cfg.stress, stress.h): 0..gap-max idle cycles, the board busy elsewhere. */
static void idle_gap(fw_dut_rtl *d, uint32_t at_least)
{
    uint32_t n = d->cfg.stress.gap_max ? rtl_stress_below(&d->rng, d->cfg.stress.gap_max + 1) : 0;
    for (n = n > at_least ? n : at_least; n; n--)
        cycle(d);
}

/* rt_ready for the coming edge: high, or low in bursts of 1..ready-burst cycles (T9). */
static uint8_t retire_ready(fw_dut_rtl *d)
{
    if (d->ready_low_left) {
        d->ready_low_left--;
        return 0;
    }
    if (!rtl_stress_chance(&d->rng, d->cfg.stress.ready_low))
        return 1;
    d->ready_low_left = rtl_stress_below(&d->rng, d->cfg.stress.ready_burst);
    return 0;
}

/* A rule of the port contract the DUT broke while the board made it wait
 * (only stress makes it wait): said on stderr too, where the server's log is. */
static int breach(fw_dut_rtl *d, const char *rule, const char *what)
{
    char stress[RTL_STRESS_TEXT_MAX];
    rtl_stress_format(&d->cfg.stress, stress, sizeof stress);
    snprintf(d->error, sizeof d->error,
             "DUT port contract %s broken at cycle %llu, instruction %llu (retire index): %s (stress %s)", rule,
             (unsigned long long)rtl_cycles(d->h), (unsigned long long)d->retired, what, stress);
    fprintf(stderr, "%s\n", d->error);
    return -1;
}

/* A step that failed: said on stderr too (the wire carries only DUT_ERROR). */
static int step_error(fw_dut_rtl *d, const char *what)
{
    snprintf(d->error, sizeof d->error, "the DUT at cycle %llu, instruction %llu (retire index): %s",
             (unsigned long long)rtl_cycles(d->h), (unsigned long long)d->retired, what);
    fprintf(stderr, "%s\n", d->error);
    return FW_STEP_ERROR;
}

/* The first retire field that moved while its beat waited (T9), or NULL. */
static const char *retire_moved(const rtl_outputs *was, const rtl_outputs *o)
{
    if (was->rt_kind != o->rt_kind)
        return "rt_kind";
    if (was->rt_warp != o->rt_warp)
        return "rt_warp";
    if (was->rt_pc != o->rt_pc)
        return "rt_pc";
    if (memcmp(was->rt_insn, o->rt_insn, sizeof o->rt_insn) != 0)
        return "rt_insn";
    if (was->rt_mask_a != o->rt_mask_a)
        return "rt_mask_a";
    if (was->rt_mask_b != o->rt_mask_b)
        return "rt_mask_b";
    if (was->rt_index != o->rt_index)
        return "rt_index";
    if (was->rt_lane != o->rt_lane)
        return "rt_lane";
    if (was->rt_data != o->rt_data)
        return "rt_data";
    if (was->rt_status != o->rt_status)
        return "rt_status";
    if (o->rt_kind == FW_BEAT_GPR_ROW && memcmp(was->rt_row, o->rt_row, sizeof o->rt_row) != 0)
        return "rt_row";
    return NULL;
}

/* T9 for the beat the board left waiting at the last edge: still there, unchanged. */
static int check_retire_hold(fw_dut_rtl *d)
{
    if (!d->rt_pending)
        return 0;
    const char *moved = d->out.rt_valid ? retire_moved(&d->rt_held, &d->out) : NULL;
    char what[160];
    if (!d->out.rt_valid)
        snprintf(what, sizeof what, "rt_valid fell before its beat (kind %u) was taken", d->rt_held.rt_kind);
    else if (moved)
        snprintf(what, sizeof what, "%s changed while its beat (kind %u) waited for rt_ready", moved,
                 d->rt_held.rt_kind);
    else
        return 0;
    return breach(d, "T9 (retire-hold)", what);
}

static int fail(fw_dut_rtl *d, const char *what)
{
    snprintf(d->error, sizeof d->error, "%s", what);
    return -1;
}

/* One backdoor access; the core must be idle (it waits otherwise). */
static int bd(fw_dut_rtl *d, int we, unsigned space, unsigned warp, unsigned index, unsigned lane,
              uint32_t wdata, uint32_t *rdata)
{
    idle_gap(d, 0);
    d->in.bd_req = 1;
    d->in.bd_we = (uint8_t)(we != 0);
    d->in.bd_space = (uint8_t)space;
    d->in.bd_warp = (uint8_t)warp;
    d->in.bd_index = (uint8_t)index;
    d->in.bd_lane = (uint8_t)lane;
    d->in.bd_wdata = wdata;
    for (unsigned n = 0; n < BD_TIMEOUT; n++) {
        cycle(d);
        if (d->out.bd_ack) {
            d->in.bd_req = 0;
            if (rdata)
                *rdata = d->out.bd_rdata;
            return 0;
        }
    }
    d->in.bd_req = 0;
    return fail(d, "the state backdoor did not acknowledge");
}

static int bd_read(fw_dut_rtl *d, unsigned space, unsigned warp, unsigned index, unsigned lane, uint32_t *v)
{
    return bd(d, 0, space, warp, index, lane, 0, v);
}

static int bd_write(fw_dut_rtl *d, unsigned space, unsigned warp, unsigned index, unsigned lane, uint32_t v)
{
    return bd(d, 1, space, warp, index, lane, v, NULL);
}

/* The primitives of the board side written once in fw/core (fw/port_board.h,
 * and INJECT's): the backdoor, and the heap pages (the banks at b << 16 in cmem). */
static int port_bd_read(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v)
{
    return bd_read(ctx, space, warp, index, lane, v);
}

static int port_bd_write(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v)
{
    return bd_write(ctx, space, warp, index, lane, v);
}

static uint8_t *port_page(void *ctx, uint32_t space, uint32_t bank, uint64_t addr, int create)
{
    fw_dut_rtl *d = ctx;
    gm_memory *m = space == FW_MEM_CONST ? &d->cmem : &d->mem;
    if (space == FW_MEM_CONST)
        addr += (uint64_t)bank * ISA_CONST_BANK_BYTES;
    if (create)
        return gm_memory_page_for_write(m, addr);
    return (uint8_t *)(uintptr_t)gm_memory_page(m, addr); /* read only: the contract's (port_board.h) */
}

static const fw_port_board board = {.bd_read = port_bd_read, .bd_write = port_bd_write, .page = port_page};

static int write_faults(fw_dut_rtl *d)
{
    if (d->cfg.fault_kind == FW_FAULT_NONE)
        return 0;
    /* the kind last: writing it re-arms the fault */
    if (bd_write(d, FW_BD_FAULT, 0, FW_FAULT_REG_AT, 0, d->cfg.fault_at) != 0 ||
        bd_write(d, FW_BD_FAULT, 0, FW_FAULT_REG_PARAM, 0, d->cfg.fault_param) != 0 ||
        bd_write(d, FW_BD_FAULT, 0, FW_FAULT_REG_KIND, 0, d->cfg.fault_kind) != 0)
        return -1;
    return 0;
}

static int write_extra(fw_dut_rtl *d)
{
    for (unsigned i = 0; i < d->cfg.bd_write_count; i++)
        if (bd_write(d, d->cfg.bd_writes[i][0], 0, d->cfg.bd_writes[i][1], 0, d->cfg.bd_writes[i][2]) != 0)
            return -1;
    return 0;
}

static int hw_reset(fw_dut_rtl *d)
{
    memset(&d->in, 0, sizeof d->in);
    d->in.rt_ready = 1; /* the board takes every retire beat at once (but under stress) */
    rtl_stress_rng_seed(&d->rng, d->cfg.stress.seed); /* a run reruns cycle for cycle from its load */
    d->ready_low_left = 0;
    d->step_high = d->mem_pending = d->rt_pending = false;
    d->in.rst_n = 0;
    cycle(d);
    cycle(d);
    d->in.rst_n = 1;
    cycle(d);
    for (unsigned n = 0; d->out.busy; n++) { /* the GPR clearing sweep */
        if (n >= RESET_TIMEOUT)
            return fail(d, "the core did not come out of reset");
        cycle(d);
    }
    gm_memory_free(&d->mem);
    gm_memory_free(&d->cmem);
    gm_memory_init(&d->mem);
    gm_memory_init(&d->cmem);
    if (d->code)
        memset(d->code, 0, sizeof d->code[0] * DUT_RTL_CODE_WORDS);
    d->code_count = 0;
    d->launched = false;
    d->warps = 0;
    d->retired = 0;
    memset(d->exited, 0, sizeof d->exited);
    /* faults survive a reset, as with gpu-modelsim; so do a test wrapper's registers */
    return write_faults(d) != 0 ? -1 : write_extra(d);
}

static int read_caps(fw_dut_rtl *d)
{
    fw_port_core_caps core;
    int rc = fw_port_read_caps(&board, d, &d->caps, &core);
    if (rc == FW_PORT_CAPS_ZERO_ULP)
        return fail(d, "the core declares a tolerance of 0 ulps (a capability word must end the list with 0)");
    if (rc != 0)
        return -1;
    d->cap_warps = core.warps, d->cap_lanes = core.lanes, d->cap_features = core.features;
    if (d->cap_warps == 0 || d->cap_warps > DUT_RTL_MAX_WARPS || d->cap_lanes != 32)
        return fail(d, "the core reports impossible capabilities");
    return 0;
}

int fw_dut_rtl_init(fw_dut_rtl *d, const fw_dut_rtl_config *cfg)
{
    memset(d, 0, sizeof *d);
    if (cfg)
        d->cfg = *cfg;
    gm_memory_init(&d->mem);
    gm_memory_init(&d->cmem);
    d->code = calloc(DUT_RTL_CODE_WORDS, sizeof d->code[0]);
    d->h = rtl_create(d->cfg.traceable || d->cfg.wave_path, d->cfg.x_seed);
    if (!d->code || !d->h) {
        fw_dut_rtl_free(d);
        return fail(d, "out of memory");
    }
    if (d->cfg.wave_path) {
        if (rtl_trace_open(d->h, d->cfg.wave_path) != 0) {
            char path[128];
            snprintf(path, sizeof path, "%s", d->cfg.wave_path);
            fw_dut_rtl_free(d);
            snprintf(d->error, sizeof d->error, "cannot write the waveform %s", path);
            return -1;
        }
        d->wave_on = true;
        if (d->cfg.wave_windowed) { /* the window opens when the retires get there */
            rtl_trace_enable(d->h, false);
            d->wave_on = false;
        }
    }
    const char *refusal = NULL;
    if (hw_reset(d) != 0 || read_caps(d) != 0 ||
        (refusal = fw_caps_fault_refusal(d->cap_features, d->cfg.fault_kind)) != NULL) {
        char why[sizeof d->error];
        if (refusal)
            snprintf(why, sizeof why, "--fault %u: %s", (unsigned)d->cfg.fault_kind, refusal);
        else
            memcpy(why, d->error, sizeof why);
        fw_dut_rtl_free(d);
        memcpy(d->error, why, sizeof why);
        d->refused = refusal != NULL;
        return -1;
    }
    return 0;
}

void fw_dut_rtl_free(fw_dut_rtl *d)
{
    rtl_destroy(&d->h);
    gm_memory_free(&d->mem);
    gm_memory_free(&d->cmem);
    free(d->code);
    d->code = NULL;
}

/* ------------------------------------------------------------------ fw_dut_ops */

static void caps(void *ctx, wire_caps *c)
{
    fw_dut_rtl *d = ctx;
    c->max_warps = (uint16_t)d->cap_warps;
    c->lanes = d->caps.lanes;
    c->max_payload = WIRE_MAX_PAYLOAD;
    c->max_code = DUT_RTL_CODE_WORDS; /* imem_addr is 16 bits */
    memcpy(c->optypes, d->caps.optypes, sizeof c->optypes);
    c->tolerance_count = d->caps.tolerance_count;
    memcpy(c->tolerance, d->caps.tolerance, sizeof c->tolerance);
    c->variant_count = d->caps.variant_count;
    memcpy(c->lacking, d->caps.lacking, sizeof c->lacking);
    c->modifier_count = d->caps.modifier_count;
    memcpy(c->lacking_modifier, d->caps.lacking_modifier, sizeof c->lacking_modifier);
    c->contract = d->caps.contract;
    snprintf(c->name, sizeof c->name, "%s", rtl_target_name());
}

static int reset(void *ctx)
{
    return hw_reset(ctx);
}

static int load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    fw_dut_rtl *d = ctx;
    if (d->launched || index >= DUT_RTL_CODE_WORDS)
        return -1;
    d->in.imem_we = 1;
    d->in.imem_addr = (uint16_t)index;
    d->in.imem_wdata[0] = (uint32_t)lo;
    d->in.imem_wdata[1] = (uint32_t)(lo >> 32);
    d->in.imem_wdata[2] = (uint32_t)hi;
    d->in.imem_wdata[3] = (uint32_t)(hi >> 32);
    cycle(d);
    d->in.imem_we = 0;
    d->code[index][0] = lo;
    d->code[index][1] = hi;
    if (index + 1 > d->code_count)
        d->code_count = index + 1;
    return 0;
}

static int load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    fw_dut_rtl *d = ctx;
    return d->launched ? -1 : fw_port_load_const(&board, d, bank, offset, word);
}

static int load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    return fw_port_load_mem(&board, ctx, addr, word); /* after LAUNCH too: a host applying an instruction's store */
}

static void wave_window(fw_dut_rtl *d)
{
    if (!d->cfg.wave_path || !d->cfg.wave_windowed)
        return;
    bool on = d->retired + d->cfg.wave_window >= d->cfg.wave_at &&
              d->retired <= d->cfg.wave_at + d->cfg.wave_window;
    if (on != d->wave_on) {
        rtl_trace_enable(d->h, on);
        if (!on)
            rtl_trace_flush(d->h);
        d->wave_on = on;
    }
}

static int launch(void *ctx, uint32_t warps, uint64_t entry)
{
    fw_dut_rtl *d = ctx;
    if (d->launched || warps == 0 || warps > d->cap_warps)
        return -1;
    d->in.launch = 1;
    d->in.launch_warps = (uint8_t)warps;
    d->in.launch_entry = entry;
    cycle(d);
    d->in.launch = 0;
    cycle(d);
    if (d->out.done || d->out.busy)
        return fail(d, "the core did not take the launch");
    d->launched = true;
    d->warps = warps;
    d->retired = 0;
    memset(d->exited, 0, sizeof d->exited);
    wave_window(d);
    return 0;
}

static int write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask,
                     const uint32_t *values)
{
    fw_dut_rtl *d = ctx;
    if (!d->launched || warp >= d->warps)
        return -1;
    return fw_port_write_reg(&board, d, warp, kind, index, mask, values, &d->exited[warp]);
}

static int read_state(void *ctx, uint16_t warp, wire_state *s)
{
    fw_dut_rtl *d = ctx;
    if (!d->launched || warp >= d->warps)
        return -1;
    return fw_port_read_state(&board, d, warp, s);
}

static int read_mem(void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    return fw_port_read_mem(&board, ctx, addr, out, len);
}

static int written_pages(void *ctx, uint64_t from, uint64_t *pages, uint32_t max)
{
    fw_dut_rtl *d = ctx;
    return (int)gm_memory_pages(&d->mem, from, pages, max);
}

/* The request on the memory port as T10 holds it. */
static const char *request_moved(const rtl_outputs *was, const rtl_outputs *o)
{
    if (was->mem_we != o->mem_we)
        return "mem_we";
    if (was->mem_space != o->mem_space)
        return "mem_space";
    if (was->mem_bank != o->mem_bank)
        return "mem_bank";
    if (was->mem_addr != o->mem_addr)
        return "mem_addr";
    if (was->mem_wdata != o->mem_wdata)
        return "mem_wdata";
    return NULL;
}

/* Answers the request on the memory port (if any) for the coming edge: in
 * the cycle it appears (mem_ack combinational, T11), or under stress 1..
 * mem-max cycles later, checking that the request holds meanwhile (T10).
 * 0, or -1 when it did not. */
static int serve_memory(fw_dut_rtl *d)
{
    const rtl_outputs *o = &d->out;
    d->in.mem_ack = 0;
    d->in.mem_err = 0;
    d->in.mem_rdata = 0;
    if (d->mem_pending) {
        const char *moved = o->mem_req ? request_moved(&d->mem_held, o) : "mem_req";
        if (moved) {
            char what[160];
            snprintf(what, sizeof what, "%s %s while the request (address 0x%llx) waited for mem_ack", moved,
                     o->mem_req ? "changed" : "fell", (unsigned long long)d->mem_held.mem_addr);
            return breach(d, "T10 (mem-hold)", what);
        }
    } else if (o->mem_req) {
        const rtl_stress *st = &d->cfg.stress;
        d->mem_pending = true;
        d->mem_wait = st->mem_max && !rtl_stress_chance(&d->rng, st->mem_zero)
                          ? 1 + rtl_stress_below(&d->rng, st->mem_max) : 0;
        d->mem_held = *o;
    }
    if (!o->mem_req || d->mem_wait) {
        d->mem_wait -= d->mem_wait != 0;
        return 0;
    }
    d->mem_pending = false; /* acknowledged at the coming edge */
    d->in.mem_ack = 1;
    uint32_t word = o->mem_we ? o->mem_wdata : 0;
    d->in.mem_err = fw_port_mem_request(&board, d, o->mem_space, o->mem_bank, o->mem_addr, o->mem_we, &word) != 0;
    d->in.mem_rdata = o->mem_we ? 0 : word;
    return 0;
}

/* The retire beat on the port, for the shared assembler (fw/beats.h). */
static void take_beat(fw_dut_rtl *d, fw_beats *a)
{
    const rtl_outputs *o = &d->out;
    fw_beat b = {.kind = o->rt_kind, .warp = o->rt_warp, .index = o->rt_index, .lane = o->rt_lane,
                 .status = o->rt_status, .pc = o->rt_pc, .mask_a = o->rt_mask_a, .mask_b = o->rt_mask_b,
                 .data = o->rt_data};
    memcpy(b.insn, o->rt_insn, sizeof b.insn);
    if (b.kind == FW_BEAT_GPR_ROW)
        memcpy(b.row, o->rt_row, sizeof b.row);
    if (fw_beats_add(a, &b))
        fw_beats_note_exits(a->rec, d->exited, DUT_RTL_MAX_WARPS);
}

/* Runs the core until one warp-instruction retires (its END beat). The
 * step pulse is one cycle wide, rt_ready always high and memory answered at
 * once, unless the stress setting says otherwise. */
static int run_one(fw_dut_rtl *d, wire_commit *rec, uint32_t watchdog)
{
    fw_beats b;
    fw_beats_begin(&b, rec, d->cap_features);
    d->mem_pending = d->rt_pending = false;
    idle_gap(d, d->step_high); /* T6: step low at an edge after the last END */
    uint32_t width = d->cfg.stress.step_max > 1 ? 1 + rtl_stress_below(&d->rng, d->cfg.stress.step_max) : 1;
    d->in.step = 1;
    d->in.run = 0;
    serve_memory(d); /* nothing in flight yet: no request */
    cycle(d);
    uint32_t high = 1; /* edges the step pulse has been high for */
    if (high >= width)
        d->in.step = 0;
    uint64_t start = rtl_cycles(d->h);
    uint64_t held = 0; /* cycles the board made the core wait (stress): not the core's, for the watchdog */
    unsigned idle = 0;
    for (;;) {
        if (serve_memory(d) != 0 || check_retire_hold(d) != 0) {
            d->in.step = 0;
            d->in.mem_ack = 0;
            d->step_cycles += rtl_cycles(d->h) - start;
            return FW_STEP_ERROR;
        }
        d->in.rt_ready = retire_ready(d);
        bool taking = d->out.rt_valid && d->in.rt_ready;
        d->rt_pending = d->out.rt_valid && !d->in.rt_ready;
        if (d->rt_pending)
            d->rt_held = d->out;
        held += d->rt_pending || (d->out.mem_req && !d->in.mem_ack);
        if (taking)
            take_beat(d, &b);
        d->step_high = d->in.step; /* as it is at this edge */
        cycle(d);
        if (++high >= width)
            d->in.step = 0;
        if (d->broken) { /* the checker's report: d->error */
            d->in.step = 0;
            d->in.mem_ack = 0;
            d->step_cycles += rtl_cycles(d->h) - start;
            return FW_STEP_ERROR;
        }
        if (b.end)
            break;
        if (!b.head && !d->out.busy) {
            if (++idle > 3) { /* the step pulse led nowhere */
                d->step_cycles += rtl_cycles(d->h) - start;
                d->in.step = 0;
                if (d->out.done)
                    return FW_STEP_DONE;
                return step_error(d, "the core ignored the step pulse");
            }
        } else {
            idle = 0;
        }
        if (rtl_cycles(d->h) - start - held > watchdog) {
            d->step_cycles += rtl_cycles(d->h) - start;
            d->in.step = 0;
            snprintf(d->error, sizeof d->error, "no retire within %u of the core's cycles (watchdog; %llu more "
                     "the board made it wait)", watchdog, (unsigned long long)held);
            return FW_STEP_HUNG;
        }
    }
    d->in.step = 0;
    d->in.mem_ack = 0;
    d->step_cycles += rtl_cycles(d->h) - start;
    if (b.broken)
        return step_error(d, "the retire beats broke the port contract (order, kind, index or count)");
    return FW_STEP_RETIRED;
}

static int step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    fw_dut_rtl *d = ctx;
    if (!d->launched || d->broken) /* broken: the checker saw a violation between steps */
        return FW_STEP_ERROR;
    if (d->out.done)
        return FW_STEP_DONE;
    wave_window(d);
    int rc = run_one(d, rec, watchdog ? watchdog : 1000000u);
    if (rc == FW_STEP_RETIRED) {
        d->retired++;
        d->instructions++;
        wave_window(d); /* close the window right after its last retire */
    }
    return rc;
}

/* INJECT through the ports the contract has (fw/inject.h), with the word
 * that was in instruction memory put back afterwards from the copy kept here. */

static int inject_write_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    fw_dut_rtl *d = ctx;
    d->inject_keep[0] = d->code[index][0], d->inject_keep[1] = d->code[index][1];
    d->inject_keep_count = d->code_count;
    d->launched = false; /* load_code refuses after launch */
    int rc = load_code(d, index, lo, hi);
    d->launched = true;
    return rc;
}

static void inject_restore_code(void *ctx, uint32_t index)
{
    fw_dut_rtl *d = ctx;
    uint32_t keep_count = d->inject_keep_count;
    d->launched = false;
    load_code(d, index, d->inject_keep[0], d->inject_keep[1]); /* the core's code count stays raised if it was */
    d->launched = true;
    d->code_count = keep_count > index ? keep_count : d->code_count;
}

static int inject_step(void *ctx, wire_commit *rec)
{
    return run_one(ctx, rec, 1000000u);
}

static const fw_inject_port inject_port = {
    .bd_read = port_bd_read,
    .bd_write = port_bd_write,
    .write_code = inject_write_code,
    .restore_code = inject_restore_code,
    .step = inject_step,
    .code_words = DUT_RTL_CODE_WORDS,
};

static int inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    fw_dut_rtl *d = ctx;
    if (!d->launched || fw_inject(&inject_port, d, d->warps, warp, lo, hi, rec) != 0)
        return -1;
    d->retired++;
    return 0;
}

const fw_dut_ops fw_dut_rtl_ops = {
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
