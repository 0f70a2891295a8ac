/* isagen: consistency checks across the resolved variants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

/* Fields of one variant that share bits. */
static void check_field_overlap(ig_spec *spec, const ig_variant *v)
{
    for (int i = 0; i < v->field_count; i++)
        for (int k = i + 1; k < v->field_count; k++) {
            const ig_field *a = &v->fields[i], *b = &v->fields[k];
            int lo = a->lsb > b->lsb ? a->lsb : b->lsb;
            int hi_a = a->lsb + a->width, hi_b = b->lsb + b->width;
            int hi = hi_a < hi_b ? hi_a : hi_b;
            if (lo < hi)
                ig_error(spec, b->loc,
                         "%s: field %s <%d, %d> overlaps field %s <%d, %d> defined at %s:%d",
                         spec->defs[v->def].name, b->name, b->lsb, b->width, a->name, a->lsb,
                         a->width, a->loc.file, a->loc.line);
        }
}

/* Two variants whose fixed bits cannot tell them apart. */
static void check_encoding_overlap(ig_spec *spec, const ig_variant *a, const ig_variant *b)
{
    uint64_t lo = (a->match.lo ^ b->match.lo) & a->mask.lo & b->mask.lo;
    uint64_t hi = (a->match.hi ^ b->match.hi) & a->mask.hi & b->mask.hi;
    if (lo || hi)
        return;
    const ig_def *da = &spec->defs[a->def], *db = &spec->defs[b->def];
    ig_error(spec, db->loc, "encoding of %s overlaps %s (%s:%d): no fixed field tells them apart",
             db->name, da->name, da->loc.file, da->loc.line);
}

static void check_order(ig_spec *spec, const ig_variant *v)
{
    const ig_def *d = &spec->defs[v->def];
    if (!v->order_count) {
        ig_flaw(spec, d->loc, "%s: no Order<> operand list", d->name);
        return;
    }
    for (int i = 0; i < v->order_count; i++)
        if (ig_variant_field(v, v->order[i]) < 0 && strcmp(v->order[i], "PR") != 0)
            ig_flaw(spec, d->loc, "%s: Order<> names %s, which is not a field", d->name, v->order[i]);
}

static void check_exceptions(ig_spec *spec, const ig_variant *v)
{
    for (int i = 0; i < v->exception_count; i++) {
        ig_code code;
        if (ig_compile_expr(spec, v, v->exceptions[i]->expr, v->exceptions[i]->loc, &code) == 0)
            ig_free(code.code);
    }
}

void ig_check(ig_spec *spec, ig_variant *variants, int count)
{
    for (int i = 0; i < count; i++) {
        if (variants[i].field_count > ISA_MAX_FIELDS_IN_TABLES)
            ig_error(spec, spec->defs[variants[i].def].loc, "%s has %d fields; libisa handles %d",
                     spec->defs[variants[i].def].name, variants[i].field_count,
                     ISA_MAX_FIELDS_IN_TABLES);
        check_field_overlap(spec, &variants[i]);
        check_order(spec, &variants[i]);
        check_exceptions(spec, &variants[i]);
        for (int k = 0; k < i; k++)
            check_encoding_overlap(spec, &variants[k], &variants[i]);
    }
    for (int i = 0; i < spec->def_count; i++) {
        const ig_def *d = &spec->defs[i];
        if (d->level == IG_OPTYPE && d->syntax_count == 0)
            ig_flaw(spec, d->loc, "optype %s has no __Syntax: it cannot be assembled", d->name);
    }
}
