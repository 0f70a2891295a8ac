/* cosim/model: gpuhost extension, control flow and special registers
 * (isa/spec/ext.isa, EXT_CTRL): NOP, EXIT, BRA, BSSY, BSYNC, S2R, S2UR. */
#include "exec.h"

static uint64_t branch_target(gm_exec *ex)
{
    return ex->pc + 16 + (uint64_t)(int64_t)(int32_t)gm_f(ex, ISA_F_target);
}

/* Lanes not executing (guard false) fall through. */
static void advance_unguarded(gm_exec *ex)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        if ((ex->active >> l) & 1u && !((ex->exec >> l) & 1u))
            ex->w->pc[l] = ex->pc + 16;
}

static uint32_t exited_mask(const gm_warp *w)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_LANES; l++)
        if (w->status[l] == GM_LANE_EXITED)
            m |= 1u << l;
    return m;
}

/* Releases every region whose live members have all arrived (ext.isa, release_check). */
static void release_check(gm_warp *w)
{
    bool changed = true;
    while (changed) {
        changed = false;
        uint32_t exited = exited_mask(w);
        for (int i = w->depth - 1; i >= 0; i--) {
            gm_sync_entry *e = &w->stack[i];
            uint32_t live = e->mask & ~exited;
            if (live & ~e->arrived)
                continue;
            for (unsigned l = 0; l < GM_LANES; l++)
                if ((e->arrived >> l) & 1u && w->status[l] == GM_LANE_WAITING) {
                    w->status[l] = GM_LANE_READY;
                    w->pc[l] = e->target + 16;
                }
            for (int k = i; k + 1 < w->depth; k++)
                w->stack[k] = w->stack[k + 1];
            w->depth--;
            changed = true;
            break;
        }
    }
}

static void op_nop(gm_exec *ex)
{
    (void)ex;
}

static void op_exit(gm_exec *ex)
{
    gm_lanes_will_move(ex);
    ex->pc_handled = true;
    advance_unguarded(ex);
    GM_FOR_EACH_LANE(ex, l)
        ex->w->status[l] = GM_LANE_EXITED;
    ex->rec->exit_mask = ex->exec;
    if (ex->exec)
        ex->rec->flags |= WIRE_COMMIT_EXITED;
    release_check(ex->w);
}

static void op_bra(gm_exec *ex)
{
    uint64_t dest = branch_target(ex);
    ex->pc_handled = true;
    if (ex->exec == ex->active && ex->active == ex->ready) {
        /* every ready lane branches: they stay together (execute records
         * where; pc[] is written when needed) */
        ex->moved_together = true, ex->moved_to = dest;
    } else {
        gm_lanes_will_move(ex);
        advance_unguarded(ex);
        GM_FOR_EACH_LANE(ex, l)
            ex->w->pc[l] = dest;
        if (ex->exec == ex->active) /* a uniform branch: the lanes stay together */
            ex->moved_together = true, ex->moved_to = dest;
    }
    if (ex->exec) {
        ex->rec->branch_mask = ex->exec;
        ex->rec->branch_target = dest;
    }
}

static void op_bssy(gm_exec *ex)
{
    if (!ex->exec)
        return;
    gm_warp *w = ex->w;
    if (w->depth == 32) {
        gm_trap(ex, GM_TRAP_CONVERGENCE_STACK_OVERFLOW, -1, "32 regions open");
        return;
    }
    w->stack[w->depth++] = (gm_sync_entry){.target = branch_target(ex), .mask = ex->exec};
}

static void op_bsync(gm_exec *ex)
{
    gm_warp *w = ex->w;
    uint32_t arriving = ex->exec;
    if (!arriving)
        return;
    int e = -1;
    for (int i = w->depth - 1; i >= 0 && e < 0; i--)
        if (w->stack[i].target == ex->pc && (w->stack[i].mask & arriving))
            e = i;
    if (e < 0) {
        gm_trap(ex, GM_TRAP_ILLEGAL_BSYNC, -1, "no open region ends at 0x%llx",
                (unsigned long long)ex->pc);
        return;
    }
    gm_lanes_will_move(ex);
    ex->pc_handled = true;
    advance_unguarded(ex);
    for (int i = e + 1; i < w->depth; i++)
        w->stack[i].mask &= ~arriving;
    w->stack[e].arrived |= arriving;
    GM_FOR_EACH_LANE(ex, l) {
        w->status[l] = GM_LANE_WAITING;
        w->pc[l] = ex->pc;
    }
    release_check(w);
}

/* The value of special register `id` for a lane; false for a reserved id. */
static bool sreg(gm_exec *ex, uint32_t id, unsigned lane, uint32_t *out)
{
    uint32_t warps = ex->m->warp_count;
    uint64_t clock = ex->w->clock;
    switch (id) {
    case 0x00: *out = lane; return true;                      /* SR_LANEID */
    case 0x01: *out = ex->warp; return true;                  /* SR_WARPID */
    case 0x02: *out = warps; return true;                     /* SR_NWARPS */
    case 0x08: *out = 32 * ex->warp + lane; return true;      /* SR_TID_X */
    case 0x09: case 0x0a: *out = 0; return true;              /* SR_TID_Y/Z */
    case 0x0c: *out = 32 * warps; return true;                /* SR_NTID_X */
    case 0x0d: case 0x0e: *out = 1; return true;              /* SR_NTID_Y/Z */
    case 0x10: case 0x11: case 0x12: *out = 0; return true;   /* SR_CTAID_* */
    case 0x14: case 0x15: case 0x16: *out = 1; return true;   /* SR_NCTAID_* */
    case 0x20: *out = (uint32_t)clock; return true;           /* SR_CLOCKLO */
    case 0x21: *out = (uint32_t)(clock >> 32); return true;   /* SR_CLOCKHI */
    case 0x28: *out = 1u << lane; return true;                /* SR_LANEMASK_EQ */
    case 0x29: *out = (1u << lane) - 1; return true;          /* SR_LANEMASK_LT */
    case 0x2a: *out = lane == 31 ? ~0u : (2u << lane) - 1; return true; /* _LE */
    case 0x2b: *out = lane == 31 ? 0 : ~((2u << lane) - 1); return true; /* _GT */
    case 0x2c: *out = ~((1u << lane) - 1); return true;       /* SR_LANEMASK_GE */
    }
    return false;
}

static void op_s2r(gm_exec *ex)
{
    uint32_t id = gm_f(ex, ISA_F_sra), v;
    if (!ex->exec)
        return;
    unsigned first = (unsigned)__builtin_ctz(ex->exec);
    if (!sreg(ex, id, first, &v)) { /* reserved for every lane alike */
        gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved special register 0x%x", id);
        return;
    }
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        sreg(ex, id, l, &d[l]);
    gm_rd_end(ex, d);
}

static void op_s2ur(gm_exec *ex)
{
    if (!ex->exec)
        return;
    unsigned lane = (unsigned)__builtin_ctz(ex->exec);
    uint32_t id = gm_f(ex, ISA_F_sra), v;
    if (!sreg(ex, id, lane, &v)) {
        gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved special register 0x%x", id);
        return;
    }
    gm_set_ur(ex, gm_f(ex, ISA_F_urd), v);
}

const gm_op gm_ops_ext_ctrl[] = {
    {ISA_OP_NOP, op_nop, NULL},
    {ISA_OP_EXIT, op_exit, NULL},
    {ISA_OP_BRA, op_bra, NULL},
    {ISA_OP_BSSY, op_bssy, NULL},
    {ISA_OP_BSYNC, op_bsync, NULL},
    {ISA_OP_S2R, op_s2r, NULL},
    {ISA_OP_S2UR, op_s2ur, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
