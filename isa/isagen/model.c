/* isagen: resolves an opcode with everything it inherits from its optype and
 * groups: fields, exceptions, operand info. */
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

int ig_variant_field(const ig_variant *v, const char *name)
{
    for (int i = 0; i < v->field_count; i++)
        if (strcmp(v->fields[i].name, name) == 0)
            return i;
    return -1;
}

/* Sets bits lsb..lsb+width-1 of w to value (all ones when ones); a field
 * wider than 32 bits (a flaw lenient mode lets through) gets zeros above. */
static void set_bit_range(isa_word *w, int lsb, int width, uint32_t value, bool ones)
{
    for (int i = 0; i < width; i++) {
        int bit = lsb + i;
        uint64_t *half = bit < 64 ? &w->lo : &w->hi;
        uint64_t m = 1ull << (bit & 63);
        if (ones || (i < 32 && (value >> i) & 1))
            *half |= m;
        else
            *half &= ~m;
    }
}

/* Resolves a field's type and its fixed/default value. */
static void resolve_field(ig_spec *spec, const char *owner, ig_field *f)
{
    f->type = ig_find_type(spec, f->type_name);
    if (f->lsb < 0 || f->width < 1 || f->lsb + f->width > 128)
        ig_error(spec, f->loc, "%s: field %s at <%d, %d> lies outside bits 0..127", owner, f->name,
                 f->lsb, f->width);
    if (f->type < 0) {
        ig_error(spec, f->loc, "%s: field %s has undefined type %s", owner, f->name, f->type_name);
        return;
    }
    const ig_type *t = &spec->types[f->type];
    if (t->width != f->width)
        ig_flaw(spec, f->loc, "%s: field %s is %d bits wide but its type %s has %d bits", owner,
                f->name, f->width, t->name, t->width);
    if (f->role == ISA_FIELD_FREE)
        return;
    const char *what = f->role == ISA_FIELD_FIXED ? "fixed value" : "default";
    if (ig_type_value(t, f->value_text, &f->value))
        return;
    char *end;
    unsigned long long v = strtoull(f->value_text, &end, 0);
    if (end != f->value_text && *end == '\0' && t->kind != ISA_KIND_ENUM) {
        if (f->width > 0 && f->width < 32 && v >> f->width) /* (a width below 1 is reported above) */
            ig_error(spec, f->loc, "%s: field %s: %s %s does not fit in %d bits", owner, f->name,
                     what, f->value_text, f->width);
        f->value = (uint32_t)v;
        return;
    }
    ig_error(spec, f->loc, "%s: field %s: %s %s is not a value of type %s", owner, f->name, what,
             f->value_text, t->name);
}

void ig_resolve_fields(ig_spec *spec)
{
    for (int i = 0; i < spec->def_count; i++)
        for (int k = 0; k < spec->defs[i].field_count; k++)
            resolve_field(spec, spec->defs[i].name, &spec->defs[i].fields[k]);
}

int ig_resolve_variant(ig_spec *spec, int def, ig_variant *out)
{
    int chain[16], depth = 0;
    for (int d = def; d >= 0;) {
        if (depth == 16) {
            ig_error(spec, spec->defs[def].loc, "%s: parent chain too deep or cyclic",
                     spec->defs[def].name);
            return -1;
        }
        chain[depth++] = d;
        const ig_def *cur = &spec->defs[d];
        if (!cur->parent)
            break;
        int parent = ig_find_def(spec, cur->parent);
        if (parent < 0) {
            ig_error(spec, cur->loc, "%s: parent %s is not defined", cur->name, cur->parent);
            return -1;
        }
        d = parent;
    }
    *out = (ig_variant){.def = def, .optype = -1, .group = -1};
    for (int i = depth - 1; i >= 0; i--) {
        ig_def *d = &spec->defs[chain[i]];
        if (d->level == IG_OPTYPE)
            out->optype = chain[i];
        if (d->level == IG_GROUP && out->group < 0 && i > 0 && spec->defs[chain[i - 1]].level != IG_GROUP)
            out->group = chain[i];
        for (int k = 0; k < d->field_count; k++) {
            ig_field *f = &d->fields[k];
            int prev = ig_variant_field(out, f->name);
            if (prev >= 0) {
                ig_flaw(spec, f->loc, "%s: field %s redefined (already defined at %s:%d)", d->name,
                        f->name, out->fields[prev].loc.file, out->fields[prev].loc.line);
                continue;
            }
            *IG_PUSH(out->fields, out->field_count) = *f;
        }
        for (int k = 0; k < d->exception_count; k++)
            *IG_PUSH(out->exceptions, out->exception_count) = &d->exceptions[k];
        for (int k = 0; k < d->bitwidth_count; k++)
            *IG_PUSH(out->bitwidths, out->bitwidth_count) = &d->bitwidths[k];
        for (int k = 0; k < d->asmformat_count; k++)
            *IG_PUSH(out->asmformats, out->asmformat_count) = &d->asmformats[k];
        if (d->has_order) {
            out->order = d->order, out->order_count = d->order_count;
            out->inlist = d->inlist, out->inlist_count = d->inlist_count;
            out->outlist = d->outlist, out->outlist_count = d->outlist_count;
        }
    }
    if (out->group < 0 && depth > 1)
        out->group = chain[depth - 1];
    const char *name = spec->defs[def].name;
    if (out->optype < 0)
        ig_error(spec, spec->defs[def].loc, "%s: opcode has no __DefOptype among its parents", name);
    for (int i = 0; i < out->field_count; i++) {
        ig_field *f = &out->fields[i];
        if (f->role == ISA_FIELD_FIXED && f->lsb >= 0 && f->lsb + f->width <= 128) {
            set_bit_range(&out->mask, f->lsb, f->width, 0, true);
            set_bit_range(&out->match, f->lsb, f->width, f->value, false);
        }
    }
    out->pg_field_index = ig_variant_field(out, "pg");
    out->pg_not_field_index = ig_variant_field(out, "pg.not");
    return 0;
}

void ig_variant_free(ig_variant *v)
{
    ig_free(v->fields);
    ig_free(v->exceptions);
    ig_free(v->bitwidths);
    ig_free(v->asmformats);
    *v = (ig_variant){0};
}
