/* isagen: compiles the spec's expressions (exceptions, Bitwidth) to postfix
 * code over a variant's field values.
 *   or  <  and  <  not  <  == != < <= > >=  <  + -  <  *  <  ( ) field number "NAME"
 * A string is only meaningful compared with a field: it names a value of the
 * field's type. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

typedef struct {
    ig_spec *spec;
    const ig_variant *v;
    const char *text, *s;
    ig_loc loc;
    ig_code *out;
    bool failed;
} ex_parser;

enum { V_NUMBER, V_FIELD, V_STRING };

static void emit(ex_parser *p, int op, int32_t arg)
{
    *IG_PUSH(p->out->code, p->out->count) = (isa_expr_insn){.op = (uint8_t)op, .arg = arg};
}

static void fail(ex_parser *p, const char *what)
{
    if (!p->failed)
        ig_error(p->spec, p->loc, "%s: in expression '%s': %s at '%s'",
                 p->spec->defs[p->v->def].name, p->text, what, p->s);
    p->failed = true;
}

static void ws(ex_parser *p)
{
    while (isspace((unsigned char)*p->s))
        p->s++;
}

static bool word(ex_parser *p, const char *w)
{
    ws(p);
    size_t n = strlen(w);
    if (strncmp(p->s, w, n) == 0 && !isalnum((unsigned char)p->s[n]) && p->s[n] != '_') {
        p->s += n;
        return true;
    }
    return false;
}

static bool sym(ex_parser *p, const char *w)
{
    ws(p);
    size_t n = strlen(w);
    if (strncmp(p->s, w, n) == 0) {
        p->s += n;
        return true;
    }
    return false;
}

/* A primary yields a value kind; a string is kept pending until compared. */
typedef struct {
    int kind;
    int field;
    char *string;
} ex_value;

static ex_value parse_or(ex_parser *p);

static void materialize(ex_parser *p, ex_value *v)
{
    if (v->kind == V_STRING) {
        fail(p, "a string can only be compared with a field");
        ig_free(v->string);
        v->string = NULL;
    }
    v->kind = V_NUMBER;
}

static ex_value parse_primary(ex_parser *p)
{
    ws(p);
    ex_value r = {.kind = V_NUMBER, .field = -1};
    if (sym(p, "(")) {
        r = parse_or(p);
        if (!sym(p, ")"))
            fail(p, "expected ')'");
        materialize(p, &r);
        return r;
    }
    if (*p->s == '"') {
        const char *e = strchr(p->s + 1, '"');
        if (!e) {
            fail(p, "unterminated string");
            return r;
        }
        r.kind = V_STRING;
        r.string = ig_strndup(p->s + 1, (size_t)(e - p->s - 1));
        p->s = e + 1;
        return r;
    }
    if (isdigit((unsigned char)*p->s)) {
        char *end;
        long long v = strtoll(p->s, &end, 0);
        p->s = end;
        emit(p, ISA_EX_CONST, (int32_t)v);
        return r;
    }
    size_t n = 0;
    while (isalnum((unsigned char)p->s[n]) || p->s[n] == '_' || p->s[n] == '.')
        n++;
    if (!n) {
        fail(p, "expected a field, number or string");
        return r;
    }
    char *name = ig_strndup(p->s, n);
    p->s += n;
    r.field = ig_variant_field(p->v, name);
    if (r.field < 0) {
        ig_flaw(p->spec, p->loc, "%s: expression '%s' names %s, which is not a field of this variant",
                p->spec->defs[p->v->def].name, p->text, name);
        emit(p, ISA_EX_CONST, 0);
    } else {
        r.kind = V_FIELD;
        emit(p, ISA_EX_FIELD, r.field);
    }
    ig_free(name);
    return r;
}

/* Emits the constant for a string compared with field f. */
static void emit_string_for(ex_parser *p, ex_value *str, const ex_value *other)
{
    if (other->kind != V_FIELD) {
        fail(p, "a string can only be compared with a field");
    } else {
        const ig_field *f = &p->v->fields[other->field];
        uint32_t value;
        if (f->type >= 0 && ig_type_value(&p->spec->types[f->type], str->string, &value)) {
            emit(p, ISA_EX_CONST, (int32_t)value);
        } else {
            ig_flaw(p->spec, p->loc, "%s: expression '%s' compares %s with \"%s\", which is not a "
                    "value of type %s", p->spec->defs[p->v->def].name, p->text, f->name,
                    str->string, f->type_name);
            emit(p, ISA_EX_CONST, -1); /* never equal to a field value */
        }
    }
    ig_free(str->string);
    str->string = NULL;
}

static ex_value parse_mul(ex_parser *p)
{
    ex_value l = parse_primary(p);
    while (sym(p, "*")) {
        materialize(p, &l);
        ex_value r = parse_primary(p);
        materialize(p, &r);
        emit(p, ISA_EX_MUL, 0);
    }
    return l;
}

static ex_value parse_add(ex_parser *p)
{
    ex_value l = parse_mul(p);
    for (;;) {
        int op;
        if (sym(p, "+"))
            op = ISA_EX_ADD;
        else if (sym(p, "-"))
            op = ISA_EX_SUB;
        else
            return l;
        materialize(p, &l);
        ex_value r = parse_mul(p);
        materialize(p, &r);
        emit(p, op, 0);
    }
}

static ex_value parse_cmp(ex_parser *p)
{
    ex_value l = parse_add(p);
    static const struct {
        const char *s;
        int op;
    } ops[] = {{"==", ISA_EX_EQ}, {"!=", ISA_EX_NE}, {"<=", ISA_EX_LE},
               {">=", ISA_EX_GE}, {"<", ISA_EX_LT},  {">", ISA_EX_GT}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!sym(p, ops[i].s))
            continue;
        /* a pending string on the left was not emitted yet: emit it after the right side
         * is known, then swap is unnecessary for == and != */
        ex_value r = parse_add(p);
        if (l.kind == V_STRING && r.kind == V_STRING)
            fail(p, "two strings compared");
        else if (r.kind == V_STRING)
            emit_string_for(p, &r, &l);
        else if (l.kind == V_STRING)
            emit_string_for(p, &l, &r);
        emit(p, ops[i].op, 0);
        return (ex_value){.kind = V_NUMBER, .field = -1};
    }
    return l;
}

static ex_value parse_not(ex_parser *p)
{
    if (word(p, "not") || (ws(p), p->s[0] == '!' && p->s[1] != '=' && (p->s++, true))) {
        ex_value v = parse_not(p);
        materialize(p, &v);
        emit(p, ISA_EX_NOT, 0);
        return v;
    }
    return parse_cmp(p);
}

static ex_value parse_and(ex_parser *p)
{
    ex_value l = parse_not(p);
    while (word(p, "and") || sym(p, "&&")) {
        materialize(p, &l);
        ex_value r = parse_not(p);
        materialize(p, &r);
        emit(p, ISA_EX_AND, 0);
    }
    return l;
}

static ex_value parse_or(ex_parser *p)
{
    ex_value l = parse_and(p);
    while (word(p, "or") || sym(p, "||")) {
        materialize(p, &l);
        ex_value r = parse_and(p);
        materialize(p, &r);
        emit(p, ISA_EX_OR, 0);
    }
    return l;
}

int ig_compile_expr(ig_spec *spec, const ig_variant *v, const char *text, ig_loc loc, ig_code *out)
{
    *out = (ig_code){0};
    ex_parser p = {.spec = spec, .v = v, .text = text, .s = text, .loc = loc, .out = out};
    ex_value r = parse_or(&p);
    materialize(&p, &r);
    ws(&p);
    if (*p.s)
        fail(&p, "unexpected text");
    return p.failed ? -1 : 0;
}
