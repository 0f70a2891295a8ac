/* libgpuhost: the target's declared tolerances (gpuhost/target.h): which
 * applies to an instruction, and how it is named in reports. */
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "isa/isa.h"

/* The first declared entry covering a, or NULL (exact). */
static const gh_tolerance *covering(const gh_caps *c, const gm_approximate *a)
{
    for (unsigned i = 0; i < c->tolerance_count; i++) {
        const gh_tolerance *t = &c->tolerance[i];
        if (t->optype == a->optype && (t->function == GH_TOLERANCE_ANY || t->function == a->function) &&
            (t->format == GH_TOLERANCE_ANY || t->format == a->format))
            return t;
    }
    return NULL;
}

void gh__tolerance_for(const gh_caps *c, uint64_t lo, uint64_t hi, gh__tolerance *out)
{
    memset(out, 0, sizeof *out);
    out->bound = -1;
    if (!gm_approximate_of((isa_word){lo, hi}, &out->what))
        return;
    out->approximate = true;
    const gh_tolerance *t = covering(c, &out->what);
    if (t)
        out->bound = t->ulp;
    gh_tolerance_name(&(gh_tolerance){(uint8_t)out->what.optype, (uint8_t)out->what.function,
                                      (uint8_t)out->what.format, 0},
                      out->name, sizeof out->name);
}

/* A variant of the optype whose Optype value is `optype`, or NULL. */
static const isa_variant *variant_of_optype(uint8_t optype)
{
    const isa_tables *tables = isa_tables_get();
    for (uint32_t v = 0; v < tables->variant_count; v++) {
        const isa_variant *var = &tables->variants[v];
        int fo = isa_field_index(var, "optype");
        const isa_field *f = fo < 0 ? NULL : &isa_variant_fields(var)[fo];
        if (f && f->role == ISA_FIELD_FIXED && f->value == optype)
            return var;
    }
    return NULL;
}

/* The name of `value` of the variant's field `field`, "*" for any, or NULL. */
static const char *value_name(const isa_variant *v, const char *field, uint8_t value)
{
    if (value == GH_TOLERANCE_ANY)
        return "*";
    int f = v ? isa_field_index(v, field) : -1;
    return f < 0 ? NULL : isa_enum_name(isa_field_type(&isa_variant_fields(v)[f]), value);
}

void gh_tolerance_name(const gh_tolerance *t, char *out, size_t len)
{
    const isa_variant *v = variant_of_optype(t->optype);
    const char *fn = value_name(v, "mufuop", t->function), *fmt = value_name(v, "dtype", t->format);
    if (v && fn && fmt)
        snprintf(out, len, "%s.%s.%s", v->optype, fn, fmt);
    else
        snprintf(out, len, "optype 0x%02x function %u format %u", t->optype, t->function, t->format);
}
