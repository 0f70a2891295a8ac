/* cosim/model: decoding a code word once, when the kernel is loaded, into
 * what the step loop needs: the variant, the semantics function (by the
 * optype's generated index), the field-index row, the guard and each source
 * slot's kind and value already resolved. */
#include <string.h>

#include "exec.h"

/* Semantics tables, one per spec group. */
static const gm_op *const op_tables[] = {gm_ops_ext_ctrl, gm_ops_ext_mem, gm_ops_ext_fp32,
                                         gm_ops_xu,       gm_ops_halu,    gm_ops_ialu,
                                         gm_ops_sync};

static const gm_op *semantics_of(unsigned optype)
{
    for (size_t t = 0; t < sizeof op_tables / sizeof op_tables[0]; t++)
        for (const gm_op *op = op_tables[t]; op->fn; op++)
            if ((unsigned)op->optype == optype)
                return op;
    return NULL;
}

/* For each slot, the field forms in the order they are looked for (-1: the
 * spec has no such field). */
static const int slot_fields[3][3] = {
    {ISA_F_ra, -1, -1},
    {ISA_F_rb, ISA_F_urb, ISA_F_vb},
    {ISA_F_rc, ISA_F_urc, ISA_F_vc},
};

static gm_operand resolve_source(const gm_decoded *d, const isa_field *fields, unsigned slot)
{
    for (unsigned form = 0; form < 3; form++) {
        int id = slot_fields[slot][form];
        int i = id < 0 ? -1 : d->slot[id];
        if (i < 0)
            continue;
        gm_operand o = {.form = (uint8_t)form, .field = (int16_t)id, .value = d->insn.value[i]};
        switch (isa_field_type(&fields[i])->kind) {
        case ISA_KIND_GPR: o.kind = GM_SRC_GPR; break;
        case ISA_KIND_UGPR: o.kind = GM_SRC_UR; break;
        case ISA_KIND_CMEM: o.kind = GM_SRC_CONST; break;
        default: o.kind = GM_SRC_VALUE; break;
        }
        return o;
    }
    return (gm_operand){.kind = GM_SRC_NONE, .field = -1};
}

bool gm_d_pred_operand(const gm_decoded *d, int id, gm_pred_operand *out)
{
    int i = gm_d_index(d, id);
    if (i >= 0 && (d->upred_fields >> i) & 1u)
        return false;
    uint32_t p = i < 0 ? GM_PREDS : d->insn.value[i];
    int not_id = id < 0 ? -1 : isa_field_not[id];
    bool flip = i >= 0 && gm_d_f(d, not_id) != 0; /* as gm_pred_lanes: absent reads true */
    *out = (gm_pred_operand){.reg = (uint8_t)(p < GM_PREDS ? p : 0),
                             .always = p < GM_PREDS ? 0 : 0xffffffffu,
                             .flip = flip ? 0xffffffffu : 0};
    return true;
}

bool gm_d_pred_dest(const gm_decoded *d, int id, uint8_t *reg)
{
    int i = gm_d_index(d, id);
    if (i >= 0 && (d->upred_fields >> i) & 1u)
        return false;
    *reg = (uint8_t)(i < 0 || d->insn.value[i] >= GM_PREDS ? GM_PREDS : d->insn.value[i]);
    return true;
}

void gm_predecode(isa_word word, gm_decoded *d)
{
    memset(d, 0, sizeof *d);
    d->word = word;
    isa_word check;
    d->legal = isa_decode(word, &d->insn) == 0 && isa_encode(&d->insn, &check, NULL) == 0;
    if (!d->legal)
        return;
    d->v = isa_variant_of(&d->insn);
    d->slot = isa_field_slot[d->insn.variant];
    /* the guard reads P0..P6 whatever its field's type */
    uint32_t pg = d->v->pg_field == ISA_NONE ? GM_PREDS : d->insn.value[d->v->pg_field];
    bool pg_not = d->v->pg_not_field != ISA_NONE && d->insn.value[d->v->pg_not_field];
    d->guard = (gm_pred_operand){.reg = (uint8_t)(pg < GM_PREDS ? pg : 0),
                                 .always = pg < GM_PREDS ? 0 : 0xffffffffu,
                                 .flip = pg_not ? 0xffffffffu : 0};
    const isa_field *fields = isa_variant_fields(d->v);
    for (unsigned i = 0; i < d->v->field_count && i < 64; i++)
        if (isa_field_type(&fields[i])->kind == ISA_KIND_UPRED)
            d->upred_fields |= UINT64_C(1) << i;
    for (unsigned s = 0; s < 3; s++)
        d->src[s] = resolve_source(d, fields, s);
    d->rd = (uint8_t)gm_d_f(d, ISA_F_rd);
    const gm_op *op = semantics_of(isa_variant_optype[d->insn.variant]);
    if (op)
        d->fn = op->prep ? op->prep(d, op->fn) : op->fn;
}
