/* cosim/model: operands and results of a whole warp at once ("lanes as
 * data"): semantics read each source into an array, compute over all 32
 * lanes without a branch per lane, and stage the executing lanes' results.
 * Same results, same traps and the same commit record as the per-lane
 * accessors of exec.c. */
#include <string.h>

#include "exec.h"

const uint32_t gm_zero_row[GM_LANES];
const uint32_t gm_lane_bit[GM_LANES] = {
    1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
    1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
    1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
    1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31,
};

void gm_src_lanes(gm_exec *ex, char slot, uint32_t out[GM_LANES])
{
    const gm_operand *o = &ex->d->src[slot - 'a'];
    uint32_t value = 0;
    switch (o->kind) {
    case GM_SRC_GPR:
        if (o->value < GM_GPRS) {
            memcpy(out, ex->w->gpr[o->value], sizeof ex->w->gpr[0]);
            return;
        }
        break;
    case GM_SRC_UR: value = gm_ur_read(ex, o->value); break;
    case GM_SRC_CONST: value = ex->exec ? gm_src_const(ex, o) : 0; break; /* may trap */
    case GM_SRC_VALUE: value = o->value; break;
    default: break;
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        out[l] = value;
}

uint32_t gm_pred_lanes(gm_exec *ex, enum isa_field_id id)
{
    int i = gm_fi(ex, id);
    if (i < 0)
        return 0xffffffffu;
    uint32_t p = ex->insn->value[i], lanes;
    if ((ex->d->upred_fields >> i) & 1u)
        lanes = gm_upred_read(ex, p) ? 0xffffffffu : 0;
    else
        lanes = p >= GM_PREDS ? 0xffffffffu : ex->w->pred[p];
    int not_id = isa_field_not[id];
    int n = not_id < 0 ? -1 : ex->d->slot[not_id];
    return n >= 0 && ex->insn->value[n] ? ~lanes : lanes;
}

void gm_set_rd_lanes(gm_exec *ex, const uint32_t value[GM_LANES])
{
    uint32_t exec = ex->exec;
    if (!exec)
        return;
    /* the first lane stages the write as gm_set_rd would (and traps alike) */
    unsigned first = (unsigned)__builtin_ctz(exec);
    gm_set_rd(ex, first, value[first]);
    wire_gpr_write *g = ex->rd_write;
    if (!g)
        return; /* RZ, or trapped */
    g->lane_mask |= exec;
    if (exec == 0xffffffffu)
        memcpy(g->value, value, sizeof g->value);
    else
        for (; exec; exec &= exec - 1)
            g->value[__builtin_ctz(exec)] = value[__builtin_ctz(exec)];
}

void gm_set_pred_field_lanes(gm_exec *ex, enum isa_field_id id, uint32_t values)
{
    uint32_t exec = ex->exec;
    if (!exec)
        return;
    int i = gm_fi(ex, id);
    if (i < 0)
        return;
    uint32_t p = ex->insn->value[i];
    if ((ex->d->upred_fields >> i) & 1u) {
        /* lane after lane, the highest executing lane's value stands */
        gm_set_upred(ex, p, (values >> (31 - __builtin_clz(exec))) & 1u);
        return;
    }
    gm_set_pred_lanes(ex, p, values);
}

void gm_merge_pred_lanes(gm_exec *ex, unsigned pred, uint32_t values)
{
    uint32_t exec = ex->exec;
    /* the first lane stages the write as gm_set_pred would (and traps alike) */
    unsigned first = (unsigned)__builtin_ctz(exec);
    gm_set_pred(ex, pred, first, (values >> first) & 1u);
    if (ex->trapped)
        return;
    wire_commit *r = ex->rec;
    for (unsigned k = 0; k < r->pred_count; k++)
        if (r->pred[k].pred == pred) {
            r->pred[k].lane_mask |= exec;
            r->pred[k].value = (r->pred[k].value & ~exec) | (values & exec);
        }
}

void gm_rd_finish(gm_exec *ex, uint32_t *row)
{
    uint32_t exec = ex->exec;
    if (row == ex->m->rd_sink) {
        if (exec && ex->d->rd < GM_GPRS)
            gm_set_rd_lanes(ex, row); /* staged already, or trapped: as it always did */
        return;
    }
    /* lanes that do not execute stay 0, as gm_set_gpr leaves them */
    for (unsigned l = 0; l < GM_LANES; l++)
        row[l] &= 0u - ((exec >> l) & 1u);
}
