/* ghemu: the DUT debug port (boards/gh-ref/README.md, "DUT debug port") in
 * front of a DUT reached through fw_dut_ops (the functional model or the
 * Verilated core, as gpu-usbemu builds them).
 *
 * Those DUTs hand over a whole commit record per step; the port turns it
 * back into the retire beats of the contract (docs/port-contract.md: HEAD, a
 * GPR_ROW beat per register written, PRED, UR, UPRED, MEM words, END with the
 * exit mask and the branch lanes and target), so the image's beat assembler
 * sees what the FPGA's FIFO shows (END naming a trap's lane, as a core with
 * TRAP_LANE does, unless the port plays one without: no_trap_lane). Each
 * stored word is first presented on the memory port
 * as a write that the firmware serves into its SDRAM page store, and its MEM
 * beat follows the acknowledgement, as the contract orders them.
 *
 * The DUT keeps its own copy of memory for its loads: at LAUNCH the port
 * hands it what the firmware put in the SDRAM page store (its layout is
 * documented in the README), standing in for the load requests a DUT with
 * no memory of its own would make. Instruction memory is the port's: code
 * is handed over at LAUNCH; an instruction word written after LAUNCH is an
 * INJECT (hal.c's way), executed by the next STEP for the warp the firmware
 * did not park. */
#include <stdlib.h>
#include <string.h>

#include "fw/caps_words.h"
#include "ghemu_internal.h"

#define CODE_WORDS FW_PORT_CODE_WORDS
#define PARK_NONE 0xffu
#define SLOTS 4096u
#define PAGE_SIZE 4096u
#define CONST_FLAG (UINT64_C(1) << 40)
#define MAX_BEATS (2u + WIRE_MAX_GPR_WRITES + WIRE_MAX_PRED_WRITES + WIRE_MAX_UR_WRITES + 8u + \
                   32u * WIRE_MAX_MEM_WORDS)

int ghemu_dbg_init(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    d->imem = calloc(CODE_WORDS, sizeof *d->imem);
    d->beats = calloc(MAX_BEATS, sizeof *d->beats);
    d->cache = malloc(sizeof *d->cache);
    d->cap = MAX_BEATS;
    d->cache_warp = -1;
    memset(d->park, PARK_NONE, sizeof d->park);
    return d->imem && d->beats && d->cache ? 0 : -1;
}

void ghemu_dbg_free(ghemu *e)
{
    free(e->dbg.imem), free(e->dbg.beats), free(e->dbg.cache);
    e->dbg.imem = NULL, e->dbg.beats = NULL, e->dbg.cache = NULL;
}

static const fw_dut_ops *ops(ghemu *e)
{
    return e->cfg.dut;
}

static const wire_state *state_of(ghemu *e, uint32_t warp)
{
    ghemu_dbg *d = &e->dbg;
    if (d->cache_warp == (int)warp)
        return d->cache;
    if (ops(e)->read_state(e->cfg.dut_ctx, (uint16_t)warp, d->cache) != 0) {
        d->cache_warp = -1;
        return NULL;
    }
    d->cache_warp = (int)warp;
    return d->cache;
}

static const wire_caps *caps(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    if (!d->have_caps) {
        memset(&d->caps, 0, sizeof d->caps);
        ops(e)->caps(e->cfg.dut_ctx, &d->caps);
        d->have_caps = true;
    }
    return &d->caps;
}

/* ------------------------------------------------------------ reset, load, launch */
static void dut_reset(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    d->nbeats = d->head = 0;
    d->launched = d->done = d->busy = d->inject_pending = false;
    d->code_count = 0; /* the contract: code size = 1 + highest index written since reset */
    d->cache_warp = -1;
    memset(d->exited, 0, sizeof d->exited);
    memset(d->park, PARK_NONE, sizeof d->park);
    if (ops(e)->reset(e->cfg.dut_ctx) != 0)
        ghemu_crash(e, "the DUT behind the debug port failed to reset");
}

/* The words the firmware stored in its SDRAM page store, handed to the DUT. */
static int preload_memory(ghemu *e)
{
    const uint8_t *table = e->sdram;
    for (uint32_t slot = 0; slot < SLOTS; slot++) {
        uint64_t key1;
        memcpy(&key1, table + 8u * slot, 8);
        if (!key1)
            continue;
        uint64_t key = key1 - 1;
        const uint8_t *page = e->sdram + 0x10000u + slot * PAGE_SIZE;
        for (uint32_t off = 0; off < PAGE_SIZE; off += 4) {
            uint32_t w;
            memcpy(&w, page + off, 4);
            if (!w)
                continue;
            int rc;
            if (key & CONST_FLAG)
                rc = ops(e)->load_const(e->cfg.dut_ctx, (uint32_t)(key >> 4) & 31u,
                                        (uint32_t)(key & 15u) << 12 | off, w);
            else
                rc = ops(e)->load_mem(e->cfg.dut_ctx, key << 12 | off, w);
            if (rc != 0)
                return -1;
        }
    }
    return 0;
}

static void launch(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    for (uint32_t i = 0; i < d->code_count; i++)
        if (ops(e)->load_code(e->cfg.dut_ctx, i, d->imem[i][0], d->imem[i][1]) != 0)
            return; /* a DUT that refuses stays unlaunched: the next STEP never retires */
    if (preload_memory(e) != 0 ||
        ops(e)->launch(e->cfg.dut_ctx, d->launch_warps & 0x7fu, d->launch_entry) != 0)
        return;
    d->launched = true;
    d->done = false;
    d->cache_warp = -1;
    memset(d->exited, 0, sizeof d->exited);
}

/* ------------------------------------------------------------ a record as beats */
static ghemu_beat *beat(ghemu_dbg *d, uint8_t kind)
{
    ghemu_beat *b = &d->beats[d->nbeats++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->warp = (uint8_t)d->rec.warp;
    return b;
}

static void record_to_beats(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    const wire_commit *r = &d->rec;
    d->nbeats = d->head = 0;
    ghemu_beat *b = beat(d, FW_BEAT_HEAD);
    b->pc = r->pc;
    b->insn[0] = (uint32_t)r->insn_lo, b->insn[1] = (uint32_t)(r->insn_lo >> 32);
    b->insn[2] = (uint32_t)r->insn_hi, b->insn[3] = (uint32_t)(r->insn_hi >> 32);
    b->mask_a = r->active_mask, b->mask_b = r->exec_mask;
    for (unsigned i = 0; i < r->gpr_count && i < WIRE_MAX_GPR_WRITES; i++)
        if (r->gpr[i].lane_mask) {
            b = beat(d, FW_BEAT_GPR_ROW);
            b->index = r->gpr[i].reg, b->mask_a = r->gpr[i].lane_mask;
            memcpy(b->row, r->gpr[i].value, sizeof b->row);
        }
    for (unsigned i = 0; i < r->pred_count && i < WIRE_MAX_PRED_WRITES; i++) {
        b = beat(d, FW_BEAT_PRED);
        b->index = r->pred[i].pred, b->mask_a = r->pred[i].lane_mask, b->mask_b = r->pred[i].value;
    }
    for (unsigned i = 0; i < r->ur_count && i < WIRE_MAX_UR_WRITES; i++) {
        b = beat(d, FW_BEAT_UR);
        b->index = r->ur[i].reg, b->data = r->ur[i].value;
    }
    for (unsigned i = 0; i < 8; i++)
        if ((r->upred_mask >> i) & 1u) {
            b = beat(d, FW_BEAT_UPRED);
            b->index = (uint8_t)i, b->data = (r->upred_value >> i) & 1u;
        }
    if (r->mem_count)
        for (unsigned l = 0; l < 32; l++)
            if ((r->mem.lane_mask >> l) & 1u)
                for (unsigned w = 0; w < r->mem.bytes / 4u && w < WIRE_MAX_MEM_WORDS; w++) {
                    b = beat(d, FW_BEAT_MEM);
                    b->lane = (uint8_t)l, b->index = (uint8_t)w;
                    b->pc = r->mem.addr[l] + 4u * w, b->data = r->mem.data[l][w];
                }
    b = beat(d, FW_BEAT_END);
    b->pc = r->branch_target, b->mask_a = r->branch_mask, b->mask_b = r->exit_mask;
    if (r->flags & WIRE_COMMIT_TRAP) {
        b->status = FW_BEAT_TRAP, b->data = r->trap_code;
        if (!e->cfg.no_trap_lane && gm_trap_names_lane(r->trap_code) && r->trap_lane < 32)
            b->lane = (uint8_t)r->trap_lane;
    }
    if (r->warp < 128)
        d->exited[r->warp] |= r->exit_mask;
}

/* Every launched lane has exited: the contract's `done`. */
static bool all_exited(const ghemu_dbg *d)
{
    uint32_t warps = d->launch_warps & 0x7fu;
    for (uint32_t w = 0; w < warps; w++)
        if (d->exited[w] != 0xffffffffu)
            return false;
    return d->launched;
}

static uint32_t lane_status(const wire_state *s, uint32_t lane)
{
    return (s->exited >> lane) & 1u ? FW_LANE_EXITED : (s->waiting >> lane) & 1u ? FW_LANE_WAITING : FW_LANE_READY;
}

/* The warp an INJECT is for: the one with ready lanes the firmware did not park. */
static int inject_warp(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    for (uint32_t w = 0; w < (d->launch_warps & 0x7fu); w++) {
        const wire_state *s = state_of(e, w);
        for (uint32_t l = 0; s && l < 32; l++)
            if (lane_status(s, l) == FW_LANE_READY && d->park[w][l] == PARK_NONE)
                return (int)w;
    }
    return -1;
}

/* The cost events since the last step, into *sum. */
static void add_events(ghemu_cost_events *sum, const ghemu *e)
{
    ghemu_cost_events now = ghemu_cost_counted(e);
    const ghemu_cost_events *then = &e->last_step_events;
    sum->line_fills += now.line_fills - then->line_fills, sum->ram += now.ram - then->ram;
    sum->sdram += now.sdram - then->sdram, sum->registers += now.registers - then->registers;
}

static void step(ghemu *e)
{
    ghemu_dbg *d = &e->dbg;
    if (!d->launched || d->busy)
        return;
    uint64_t gateware = ghemu_cost_cycles(e);
    if (e->last_step && !e->idled_since_step) /* back-to-back steps: the firmware's cost of one */
        e->step_insns += e->insns - e->last_step, e->step_dma_cycles += e->dma_cycles - e->last_step_dma,
        e->step_dma_wait += e->dma_wait_cycles - e->last_step_wait, e->step_gaps++,
        e->step_gateware += gateware - e->last_step_gateware, add_events(&e->step_events, e);
    e->last_step_gateware = gateware;
    e->last_step_events = ghemu_cost_counted(e);
    e->last_step = e->insns;
    e->last_step_dma = e->dma_cycles;
    e->last_step_wait = e->dma_wait_cycles;
    e->idled_since_step = false;
    memset(&d->rec, 0, sizeof d->rec);
    int rc;
    if (d->inject_pending) {
        d->inject_pending = false;
        int w = inject_warp(e);
        const uint64_t *word = d->imem[d->inject_index];
        rc = w < 0 ? FW_STEP_ERROR
                   : ops(e)->inject(e->cfg.dut_ctx, (uint16_t)w, word[0], word[1], &d->rec) == 0 ? FW_STEP_RETIRED
                                                                                                 : FW_STEP_ERROR;
    } else {
        rc = ops(e)->step(e->cfg.dut_ctx, &d->rec, 0);
    }
    d->cache_warp = -1;
    if (rc == FW_STEP_RETIRED) {
        record_to_beats(e);
        e->counts.retired++;
    } else if (rc == FW_STEP_DONE) {
        d->done = true;
    } else {
        d->busy = true; /* hung: busy, and nothing ever retires (the firmware's watchdog) */
    }
}

/* ------------------------------------------------------------ backdoor */
static uint32_t bd_read(ghemu *e, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane)
{
    if (space == FW_BD_CAP) {
        const wire_caps *c = caps(e);
        uint32_t w = 0;
        if (index == FW_CAP_WARPS)
            w = c->max_warps > 64 ? 64 : c->max_warps;
        else if (index == FW_CAP_LANES)
            w = c->lanes;
        else if (index == FW_CAP_FEATURES)
            w = e->cfg.no_trap_lane ? 0u : 1u << FW_FEATURE_TRAP_LANE;
        else if (index >= FW_CAP_OPTYPES && index < FW_CAP_OPTYPES + FW_PORT_CAP_OPTYPE_WORDS)
            memcpy(&w, c->optypes + 4 * (index - FW_CAP_OPTYPES), 4);
        else if (index == FW_CAP_VARIANTS)
            w = c->variant_count;
        else if (index >= FW_CAP_LACKING && index < FW_CAP_LACKING + FW_PORT_CAP_LACKING_WORDS)
            memcpy(&w, c->lacking + 4 * (index - FW_CAP_LACKING), 4);
        else if (index == FW_CAP_CONTRACT)
            w = c->contract;
        else if (index >= FW_CAP_MODIFIERS && index < FW_CAP_MODIFIERS + FW_PORT_CAP_MODIFIER_WORDS)
            w = index - FW_CAP_MODIFIERS < c->modifier_count ? c->lacking_modifier[index - FW_CAP_MODIFIERS] : 0;
        else if (index >= FW_CAP_TOLERANCES)
            w = fw_caps_tolerance_word(c, index - FW_CAP_TOLERANCES);
        return w;
    }
    const wire_state *s = state_of(e, warp);
    if (!s)
        return 0;
    switch (space) {
    case FW_BD_GPR: return index < 255 ? s->gpr[index][lane] : 0;
    case FW_BD_PRED: return index < 7 ? s->pred[index] : index == 7 ? 0xffffffffu : 0;
    case FW_BD_UR: return index < 63 ? s->ur[index] : 0;
    case FW_BD_UPRED: return s->upred;
    case FW_BD_PC_LO: return (uint32_t)s->pc[lane];
    case FW_BD_PC_HI: return (uint32_t)(s->pc[lane] >> 32);
    case FW_BD_STATUS: return e->dbg.park[warp][lane] != PARK_NONE ? e->dbg.park[warp][lane] : lane_status(s, lane);
    }
    return 0;
}

static void bd_write(ghemu *e, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v)
{
    ghemu_dbg *d = &e->dbg;
    uint32_t values[32] = {0};
    void *ctx = e->cfg.dut_ctx;
    if (space != FW_BD_STATUS) /* the DUT's state changes (parking is the port's own) */
        d->cache_warp = -1;
    switch (space) {
    case FW_BD_GPR:
        values[lane] = v;
        ops(e)->write_reg(ctx, (uint16_t)warp, WIRE_REG_GPR, index, 1u << lane, values);
        break;
    case FW_BD_PRED:
        for (unsigned l = 0; l < 32; l++)
            values[l] = (v >> l) & 1u;
        ops(e)->write_reg(ctx, (uint16_t)warp, WIRE_REG_PRED, index, 0xffffffffu, values);
        break;
    case FW_BD_UR:
        values[0] = v;
        ops(e)->write_reg(ctx, (uint16_t)warp, WIRE_REG_UR, index, 1, values);
        break;
    case FW_BD_UPRED:
        for (unsigned i = 0; i < 7; i++) {
            values[0] = (v >> i) & 1u;
            ops(e)->write_reg(ctx, (uint16_t)warp, WIRE_REG_UPRED, i, 1, values);
        }
        break;
    case FW_BD_PC_LO:
    case FW_BD_PC_HI:
        values[lane] = v;
        ops(e)->write_reg(ctx, (uint16_t)warp, space == FW_BD_PC_LO ? WIRE_REG_PC_LO : WIRE_REG_PC_HI, 0, 1u << lane,
                          values);
        break;
    case FW_BD_STATUS: { /* INJECT's parking and its release (the model DUT cannot park) */
        const wire_state *s = state_of(e, warp);
        d->park[warp][lane] = s && v != lane_status(s, lane) && v <= FW_LANE_EXITED ? (uint8_t)v : PARK_NONE;
        break;
    }
    }
}

static void backdoor(ghemu *e, uint32_t cmd)
{
    uint32_t we = cmd & 1u, space = (cmd >> 4) & 15u, warp = (cmd >> 8) & 0x7fu, index = (cmd >> 16) & 0xffu,
             lane = (cmd >> 24) & 31u;
    if (we)
        bd_write(e, space, warp, index, lane, e->dbg.bd_wdata);
    else
        e->dbg.bd_rdata = bd_read(e, space, warp, index, lane);
}

/* ------------------------------------------------------------ registers */
static const ghemu_beat *visible_beat(const ghemu_dbg *d)
{
    if (d->head >= d->nbeats)
        return NULL;
    const ghemu_beat *b = &d->beats[d->head];
    return b->kind == FW_BEAT_MEM && !b->acked ? NULL : b;
}

static const ghemu_beat *mem_request(const ghemu_dbg *d)
{
    if (d->head >= d->nbeats)
        return NULL;
    const ghemu_beat *b = &d->beats[d->head];
    return b->kind == FW_BEAT_MEM && !b->acked ? b : NULL;
}

/* A retire register (RT_HEAD..RT_DATA, RT_ROW0..31) as a read shows it now. */
static uint32_t rt_word(const ghemu_dbg *d, uint64_t off)
{
    const ghemu_beat *b = visible_beat(d);
    if (!b)
        return 0;
    switch (off) {
    case GH_DBG_RT_HEAD:
        return (uint32_t)b->kind | (uint32_t)b->warp << 8 | (uint32_t)b->index << 16 | (uint32_t)b->lane << 24 |
               GH_DBG_RT_HEAD_VALID;
    case GH_DBG_RT_STATUS: return b->status;
    case GH_DBG_RT_PC_LO: return (uint32_t)b->pc;
    case GH_DBG_RT_PC_HI: return (uint32_t)(b->pc >> 32);
    case GH_DBG_RT_MASK_A: return b->mask_a;
    case GH_DBG_RT_MASK_B: return b->mask_b;
    case GH_DBG_RT_DATA: return b->data;
    }
    if (off >= GH_DBG_RT_INSN0 && off < GH_DBG_RT_INSN0 + 16)
        return b->insn[(off - GH_DBG_RT_INSN0) / 4];
    if (off >= GH_DBG_RT_ROW0 && off < GH_DBG_RT_ROW0 + 4u * FW_PORT_ROW_LANES)
        return b->row[(off - GH_DBG_RT_ROW0) / 4];
    return 0;
}

uint32_t ghemu_dbg_rt_word(ghemu *e, uint32_t off)
{
    return rt_word(&e->dbg, off);
}

bool ghemu_dbg_rt_take(ghemu *e)
{
    if (!visible_beat(&e->dbg))
        return false;
    e->dbg.head++;
    return true;
}

bool ghemu_dbg_rt_shows_beat(ghemu *e)
{
    return visible_beat(&e->dbg) != NULL;
}

uint64_t ghemu_dbg_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    ghemu *e = user;
    ghemu_dbg *d = &e->dbg;
    if (!ghemu_reg_access_ok(e, GH_REF_DBG_BASE, off, size, false))
        return 0;
    const ghemu_beat *b = visible_beat(d), *m = mem_request(d);
    switch (off) {
    case GH_DBG_ID: return GH_DBG_ID_VALUE;
    case GH_DBG_CTRL: return d->ctrl;
    case GH_DBG_STATUS:
        if (!d->done && d->head >= d->nbeats && all_exited(d))
            d->done = true;
        return (d->busy ? GH_DBG_ST_BUSY : 0u) | (d->done ? GH_DBG_ST_DONE : 0u) | (m ? GH_DBG_ST_MEM_REQ : 0u) |
               (b ? GH_DBG_ST_RT_VALID : 0u);
    case GH_DBG_LAUNCH_WARPS: return d->launch_warps;
    case GH_DBG_LAUNCH_ENTRY_LO: return (uint32_t)d->launch_entry;
    case GH_DBG_LAUNCH_ENTRY_HI: return (uint32_t)(d->launch_entry >> 32);
    case GH_DBG_IMEM_ADDR: return d->imem_addr;
    case GH_DBG_RT_HEAD: case GH_DBG_RT_STATUS: case GH_DBG_RT_PC_LO: case GH_DBG_RT_PC_HI:
    case GH_DBG_RT_MASK_A: case GH_DBG_RT_MASK_B: case GH_DBG_RT_DATA:
        return rt_word(d, off);
    case GH_DBG_RT_COUNT: return (uint32_t)(d->nbeats - d->head);
    case GH_DBG_MEM_REQ: return m ? 1u | 1u << 1 : 0; /* stores only: the DUT loads from its own copy */
    case GH_DBG_MEM_ADDR_LO: return m ? (uint32_t)m->pc : 0;
    case GH_DBG_MEM_ADDR_HI: return m ? (uint32_t)(m->pc >> 32) : 0;
    case GH_DBG_MEM_WDATA: return m ? m->data : 0;
    case GH_DBG_BD_CMD: return d->bd_cmd;
    case GH_DBG_BD_WDATA: return d->bd_wdata;
    case GH_DBG_BD_RDATA: return d->bd_rdata;
    }
    if (off >= GH_DBG_IMEM_DATA0 && off < GH_DBG_IMEM_DATA0 + 16)
        return d->imem_data[(off - GH_DBG_IMEM_DATA0) / 4];
    if ((off >= GH_DBG_RT_INSN0 && off < GH_DBG_RT_INSN0 + 16) ||
        (off >= GH_DBG_RT_ROW0 && off < GH_DBG_RT_ROW0 + 4u * FW_PORT_ROW_LANES))
        return rt_word(d, off);
    return 0;
}

static void command(ghemu *e, uint32_t v)
{
    ghemu_dbg *d = &e->dbg;
    if (!(d->ctrl & GH_DBG_CTRL_RST_N))
        return; /* held in reset */
    if (v & GH_DBG_CMD_IMEM_WRITE) {
        uint32_t i = d->imem_addr & 0xffffu;
        d->imem[i][0] = d->imem_data[0] | (uint64_t)d->imem_data[1] << 32;
        d->imem[i][1] = d->imem_data[2] | (uint64_t)d->imem_data[3] << 32;
        if (d->launched) {
            d->inject_pending = true, d->inject_index = i;
        } else if (i + 1 > d->code_count) {
            d->code_count = i + 1;
        }
        d->imem_addr = (i + 1) & 0xffffu;
    }
    if (v & GH_DBG_CMD_LAUNCH)
        launch(e);
    if (v & GH_DBG_CMD_STEP)
        step(e);
}

void ghemu_dbg_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    ghemu *e = user;
    ghemu_dbg *d = &e->dbg;
    uint32_t v = (uint32_t)value;
    if (!ghemu_reg_access_ok(e, GH_REF_DBG_BASE, off, size, true))
        return;
    switch (off) {
    case GH_DBG_CTRL: {
        bool was_reset = !(d->ctrl & GH_DBG_CTRL_RST_N);
        d->ctrl = v & (GH_DBG_CTRL_RST_N | GH_DBG_CTRL_RUN);
        if (!(d->ctrl & GH_DBG_CTRL_RST_N))
            d->nbeats = d->head = 0; /* reset empties the FIFO and drops a memory request */
        else if (was_reset)
            dut_reset(e);
        return;
    }
    case GH_DBG_CMD: command(e, v); return;
    case GH_DBG_LAUNCH_WARPS: d->launch_warps = v & 0x7fu; return;
    case GH_DBG_LAUNCH_ENTRY_LO: d->launch_entry = (d->launch_entry & ~UINT64_C(0xffffffff)) | v; return;
    case GH_DBG_LAUNCH_ENTRY_HI: d->launch_entry = (d->launch_entry & UINT64_C(0xffffffff)) | (uint64_t)v << 32; return;
    case GH_DBG_IMEM_ADDR: d->imem_addr = v & 0xffffu; return;
    case GH_DBG_RT_POP:
        ghemu_dbg_rt_take(e);
        return;
    case GH_DBG_MEM_RDATA: d->mem_rdata = v; return;
    case GH_DBG_MEM_ACK:
        if ((v & 1u) && d->head < d->nbeats && d->beats[d->head].kind == FW_BEAT_MEM)
            d->beats[d->head].acked = true; /* mem_err (bit 1): the DUT's copy already has the word */
        return;
    case GH_DBG_BD_WDATA: d->bd_wdata = v; return;
    case GH_DBG_BD_CMD:
        d->bd_cmd = v;
        backdoor(e, v); /* answered at once: BD_BUSY never shows */
        return;
    }
    if (off >= GH_DBG_IMEM_DATA0 && off < GH_DBG_IMEM_DATA0 + 16)
        d->imem_data[(off - GH_DBG_IMEM_DATA0) / 4] = v;
}
