/* libgpuhost: the target's declared tolerances (gpuhost/target.h): which
 * applies to an instruction, and how it is named in reports. */
#include <stdio.h>
#include <stdlib.h>
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

/* The value named `name` of the MUFU field `field`, "*" for any; -1 if none. */
static int value_of(const char *field, const char *name, size_t n)
{
    if (n == 1 && *name == '*')
        return GH_TOLERANCE_ANY;
    const isa_variant *v = variant_of_optype((uint8_t)gm_mufu_optype());
    int f = v ? isa_field_index(v, field) : -1;
    if (f < 0)
        return -1;
    const isa_type *type = isa_field_type(&isa_variant_fields(v)[f]);
    for (int value = 0; value < (int)GH_TOLERANCE_ANY; value++) {
        const char *e = isa_enum_name(type, (uint32_t)value);
        if (e && strlen(e) == n && strncmp(e, name, n) == 0)
            return value;
    }
    return -1;
}

int gh__parse_max_ulp(const char *text, gh_board *b, char *why, size_t len)
{
    b->max_ulp = 0;
    b->ulp_rule_count = 0;
    const size_t most = sizeof b->ulp_rules / sizeof b->ulp_rules[0];
    for (const char *p = text + strspn(text, " \t"); *p; p += strspn(p, " \t")) {
        size_t n = strcspn(p, " \t");
        const char *colon = memchr(p, ':', n), *number = colon ? colon + 1 : p;
        char *end;
        unsigned long ulp = strtoul(number, &end, 10);
        if (end == number || end != p + n || *number == '-' || *number == '+' || ulp > 255) {
            snprintf(why, len, "'%.*s': expected 0..255, or FUNCTION.FORMAT:0..255", (int)n, p);
            return -1;
        }
        if (!colon) {
            if (p != text + strspn(text, " \t")) {
                snprintf(why, len, "'%.*s': the bound for every function comes first", (int)n, p);
                return -1;
            }
            b->max_ulp = (uint32_t)ulp;
        } else {
            const char *dot = memchr(p, '.', (size_t)(colon - p));
            int fn = dot ? value_of("mufuop", p, (size_t)(dot - p)) : -1;
            int fmt = dot ? value_of("dtype", dot + 1, (size_t)(colon - dot - 1)) : -1;
            if (fn < 0 || fmt < 0) {
                snprintf(why, len, "'%.*s': expected FUNCTION.FORMAT as MUFU names them (EX2.F32, RCP.*, *.F16)",
                         (int)(colon - p), p);
                return -1;
            }
            if (b->ulp_rule_count == most) {
                snprintf(why, len, "more than %zu FUNCTION.FORMAT bounds", most);
                return -1;
            }
            b->ulp_rules[b->ulp_rule_count].function = (uint8_t)fn;
            b->ulp_rules[b->ulp_rule_count].format = (uint8_t)fmt;
            b->ulp_rules[b->ulp_rule_count++].ulp = (uint8_t)ulp;
        }
        p += n;
    }
    return 0;
}

/* What the board allows for one function and format: its most specific
 * rule (both named, then one, then the default). */
static uint32_t allowance(const gh_board *b, uint8_t function, uint8_t format)
{
    int best = -1, best_rank = -1;
    for (unsigned i = 0; i < b->ulp_rule_count; i++) {
        uint8_t f = b->ulp_rules[i].function, m = b->ulp_rules[i].format;
        if ((f != GH_TOLERANCE_ANY && f != function) || (m != GH_TOLERANCE_ANY && m != format))
            continue;
        int rank = (f != GH_TOLERANCE_ANY) * 2 + (m != GH_TOLERANCE_ANY);
        if (rank > best_rank)
            best = (int)i, best_rank = rank;
    }
    return best < 0 ? b->max_ulp : b->ulp_rules[best].ulp;
}

/* Every value a MUFU field can name (its enum's), or only `v` when it is one. */
static int field_values(const char *field, uint8_t v, uint8_t *out)
{
    if (v != GH_TOLERANCE_ANY) {
        out[0] = v;
        return 1;
    }
    const isa_variant *var = variant_of_optype((uint8_t)gm_mufu_optype());
    int f = var ? isa_field_index(var, field) : -1;
    int n = 0;
    for (int value = 0; f >= 0 && value < (int)GH_TOLERANCE_ANY; value++)
        if (isa_enum_name(isa_field_type(&isa_variant_fields(var)[f]), (uint32_t)value))
            out[n++] = (uint8_t)value;
    return n;
}

uint32_t gh__board_allows(const gh_board *b, const gh_tolerance *t, gh_tolerance *tightest)
{
    uint8_t fns[GH_TOLERANCE_ANY], fmts[GH_TOLERANCE_ANY];
    int nf = field_values("mufuop", t->function, fns), nm = field_values("dtype", t->format, fmts);
    uint32_t least = b->max_ulp;
    *tightest = (gh_tolerance){t->optype, t->function, t->format, (uint8_t)least};
    bool first = true;
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < nm; j++) {
            uint32_t a = allowance(b, fns[i], fmts[j]);
            if (first || a < least) {
                least = a, first = false;
                *tightest = (gh_tolerance){t->optype, fns[i], fmts[j], (uint8_t)a};
            }
        }
    return least;
}

void gh__max_ulp_text(const gh_board *b, char *out, size_t len)
{
    size_t n = (size_t)snprintf(out, len, "%u", b->max_ulp);
    for (unsigned i = 0; i < b->ulp_rule_count && n < len; i++) {
        char name[96];
        gh_tolerance_name(&(gh_tolerance){(uint8_t)gm_mufu_optype(), b->ulp_rules[i].function,
                                          b->ulp_rules[i].format, 0},
                          name, sizeof name);
        const char *bare = strchr(name, '.') ? strchr(name, '.') + 1 : name; /* without "MUFU." */
        n += (size_t)snprintf(out + n, len - n, " %s:%u", bare, b->ulp_rules[i].ulp);
    }
}
