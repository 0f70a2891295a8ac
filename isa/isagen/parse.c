/* isagen: reads the ISA description language as the ISA team writes it,
 * prose sections and markdown included. Only the structured parts are kept:
 * types, groups/optypes/opcodes, encodings, syntax, exceptions, operand info
 * directives and examples. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

enum section {
    SEC_NONE, SEC_TYPE, SEC_ENCODING, SEC_SYNTAX, SEC_EXCEPTION, SEC_OPERANDINFO,
    SEC_EXAMPLES, SEC_PROSE,
};

typedef struct {
    ig_spec *spec;
    ig_loc loc;
    int section;
    int type; /* current type, -1 */
    int def;  /* current def, -1 */
    bool in_fence;
    bool extension;
} parser;

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static char *trim_copy(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return ig_strndup(s, n);
}

/* Length of the line without a trailing // comment (outside string quotes). */
static size_t code_length(const char *s)
{
    bool quoted = false;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        else if (!quoted && s[i] == '/' && s[i + 1] == '/')
            return i;
    }
    return strlen(s);
}

static size_t ident_length(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_')
        n++;
    return n;
}

int ig_find_type(const ig_spec *spec, const char *name)
{
    for (int i = 0; i < spec->type_count; i++)
        if (strcmp(spec->types[i].name, name) == 0)
            return i;
    return -1;
}

int ig_find_def(const ig_spec *spec, const char *name)
{
    for (int i = 0; i < spec->def_count; i++)
        if (strcmp(spec->defs[i].name, name) == 0)
            return i;
    return -1;
}

bool ig_type_value(const ig_type *type, const char *text, uint32_t *value)
{
    for (int i = 0; i < type->value_count; i++)
        if (strcmp(type->values[i].name, text) == 0) {
            *value = type->values[i].value;
            return true;
        }
    return false;
}

static bool parse_number(const char *s, uint32_t *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return false;
    unsigned long long v = strtoull(s, &end, 0);
    if (*skip_ws(end) != '\0' || v > 0xffffffffull)
        return false;
    *out = (uint32_t)v;
    return true;
}

static const struct {
    const char *name;
    int kind;
} kind_names[] = {
    {"GPR", ISA_KIND_GPR},       {"UGPR", ISA_KIND_UGPR},         {"PRED", ISA_KIND_PRED},
    {"UPRED", ISA_KIND_UPRED},   {"SIMM", ISA_KIND_SIMM},         {"UIMM", ISA_KIND_UIMM},
    {"F32IMM", ISA_KIND_F32IMM}, {"F16IMMX2", ISA_KIND_F16IMMX2}, {"CMEM", ISA_KIND_CMEM},
    {"PCREL", ISA_KIND_PCREL},
};

/* "__DefBitFieldType NAME<W>" or "__DefOperandType NAME<W> : [KIND]" */
static void start_type(parser *p, const char *rest, bool operand)
{
    ig_spec *spec = p->spec;
    rest = skip_ws(rest);
    size_t n = ident_length(rest);
    const char *lt = rest + n;
    char *close;
    long width = lt[0] == '<' ? strtol(lt + 1, &close, 10) : -1;
    if (n == 0 || width < 1 || width > 32 || *close != '>') {
        ig_error(spec, p->loc, "malformed type definition: expected NAME<bits> with 1..32 bits");
        p->type = -1;
        p->section = SEC_PROSE;
        return;
    }
    char *name = ig_strndup(rest, n);
    int existing = ig_find_type(spec, name);
    if (existing >= 0) {
        ig_error(spec, p->loc, "type %s redefined (first defined at %s:%d)", name,
                 spec->types[existing].loc.file, spec->types[existing].loc.line);
    }
    int kind = ISA_KIND_ENUM;
    if (operand) {
        const char *k = strchr(close, '[');
        kind = -1;
        if (k) {
            size_t kn = ident_length(k + 1);
            for (size_t i = 0; i < sizeof kind_names / sizeof kind_names[0]; i++)
                if (strlen(kind_names[i].name) == kn && strncmp(k + 1, kind_names[i].name, kn) == 0)
                    kind = kind_names[i].kind;
        }
        if (kind < 0) {
            ig_error(spec, p->loc, "operand type %s: expected ': [KIND]' with KIND one of GPR, UGPR, "
                     "PRED, UPRED, SIMM, UIMM, F32IMM, F16IMMX2, CMEM, PCREL", name);
            kind = ISA_KIND_UIMM;
        }
    }
    ig_type *t = IG_PUSH(spec->types, spec->type_count);
    *t = (ig_type){.name = name, .kind = kind, .width = (int)width, .loc = p->loc};
    p->type = spec->type_count - 1;
    p->def = -1;
    p->section = SEC_TYPE;
}

static void type_value_line(parser *p, const char *code)
{
    ig_spec *spec = p->spec;
    ig_type *t = &spec->types[p->type];
    code = skip_ws(code);
    if (!*code)
        return;
    size_t n = ident_length(code);
    const char *after = skip_ws(code + n);
    uint32_t value = t->value_count ? t->values[t->value_count - 1].value + 1 : 0;
    if (n == 0) {
        ig_error(spec, p->loc, "type %s: expected a value name, got '%s'", t->name, code);
        return;
    }
    if (*after == '=') {
        const char *v = skip_ws(after + 1);
        size_t vl = strcspn(v, ";");
        char *vt = trim_copy(v, vl);
        if (!parse_number(vt, &value))
            ig_error(spec, p->loc, "type %s: value of %.*s is not a number: '%s'", t->name, (int)n,
                     code, vt);
        ig_free(vt);
        after = v + vl;
    }
    if (*skip_ws(after) != ';') {
        ig_error(spec, p->loc, "type %s: value line must end with ';'", t->name);
        return;
    }
    char *name = ig_strndup(code, n);
    for (int i = 0; i < t->value_count; i++) {
        if (strcmp(t->values[i].name, name) == 0)
            ig_error(spec, p->loc, "type %s: value %s defined twice (first at line %d)", t->name,
                     name, t->values[i].loc.line);
        else if (t->values[i].value == value)
            ig_error(spec, p->loc, "type %s: %s and %s (line %d) both have value %u", t->name, name,
                     t->values[i].name, t->values[i].loc.line, value);
    }
    if (t->width < 32 && value >> t->width)
        ig_error(spec, p->loc, "type %s: value %s = %u does not fit in %d bits", t->name, name, value,
                 t->width);
    ig_value *v = IG_PUSH(t->values, t->value_count);
    *v = (ig_value){.name = name, .value = value, .loc = p->loc};
}

static void start_def(parser *p, int level, const char *rest)
{
    ig_spec *spec = p->spec;
    rest = skip_ws(rest);
    size_t n = ident_length(rest);
    if (n == 0) {
        ig_error(spec, p->loc, "expected a name after the definition keyword");
        p->section = SEC_PROSE;
        p->def = -1;
        return;
    }
    char *name = ig_strndup(rest, n);
    int existing = ig_find_def(spec, name);
    if (existing >= 0)
        ig_error(spec, p->loc, "%s redefined (first defined at %s:%d)", name,
                 spec->defs[existing].loc.file, spec->defs[existing].loc.line);
    char *parent = NULL;
    const char *br = strchr(rest + n, '[');
    if (br) {
        const char *pn = skip_ws(br + 1);
        size_t pl = ident_length(pn);
        if (pl)
            parent = ig_strndup(pn, pl);
    }
    if (!parent && level != IG_GROUP)
        ig_error(spec, p->loc, "%s needs a parent: '%s : [PARENT]'", name, name);
    ig_def *d = IG_PUSH(spec->defs, spec->def_count);
    *d = (ig_def){.level = level, .name = name, .parent = parent, .loc = p->loc,
                  .extension = p->extension};
    p->def = spec->def_count - 1;
    p->type = -1;
    p->section = SEC_NONE;
}

/* field<lsb, width> Type name [== V | = V]; */
static void encoding_line(parser *p, const char *code)
{
    ig_spec *spec = p->spec;
    ig_def *d = &spec->defs[p->def];
    const char *s = skip_ws(code);
    if (!*s)
        return;
    if (strncmp(s, "field", 5) != 0 || skip_ws(s + 5)[0] != '<') {
        ig_error(spec, p->loc, "%s: expected 'field<lsb, width> Type name;' in __Encoding", d->name);
        return;
    }
    s = skip_ws(s + 5) + 1;
    char *end;
    long lsb = strtol(s, &end, 10);
    s = skip_ws(end);
    long width = -1;
    if (*s == ',')
        width = strtol(s + 1, &end, 10), s = skip_ws(end);
    if (*s != '>' || width < 0) {
        ig_error(spec, p->loc, "%s: malformed field position, expected <lsb, width>", d->name);
        return;
    }
    s = skip_ws(s + 1);
    size_t tn = ident_length(s);
    const char *ns = skip_ws(s + tn);
    size_t nn = 0;
    while (isalnum((unsigned char)ns[nn]) || ns[nn] == '_' || ns[nn] == '.')
        nn++;
    if (!tn || !nn) {
        ig_error(spec, p->loc, "%s: expected 'Type name' after field<%ld, %ld>", d->name, lsb, width);
        return;
    }
    ig_field f = {.name = ig_strndup(ns, nn), .type_name = ig_strndup(s, tn), .type = -1,
                  .lsb = (int)lsb, .width = (int)width, .role = ISA_FIELD_FREE, .loc = p->loc};
    const char *r = skip_ws(ns + nn);
    if (r[0] == '=' && r[1] == '=')
        f.role = ISA_FIELD_FIXED, r += 2;
    else if (r[0] == '=')
        f.role = ISA_FIELD_DEFAULT, r += 1;
    if (f.role != ISA_FIELD_FREE) {
        r = skip_ws(r);
        size_t vl = strcspn(r, ";");
        f.value_text = trim_copy(r, vl);
        r += vl;
        if (!*f.value_text)
            ig_error(spec, p->loc, "%s: field %s: missing value after '='", d->name, f.name);
    }
    if (*skip_ws(r) != ';')
        ig_error(spec, p->loc, "%s: field %s: expected ';' at the end", d->name, f.name);
    for (int i = 0; i < d->field_count; i++)
        if (strcmp(d->fields[i].name, f.name) == 0)
            ig_error(spec, p->loc, "%s: field %s defined twice (first at line %d)", d->name, f.name,
                     d->fields[i].loc.line);
    *IG_PUSH(d->fields, d->field_count) = f;
}

/* ".rnd = {.RN*, .RP}" */
static void choice_line(parser *p, const char *code)
{
    ig_spec *spec = p->spec;
    ig_def *d = &spec->defs[p->def];
    const char *s = skip_ws(code);
    if (*s == '.')
        s++;
    size_t n = ident_length(s);
    const char *open = strchr(s, '{'), *close = open ? strchr(open, '}') : NULL;
    if (!n || !close) {
        ig_error(spec, p->loc, "%s: malformed choice list, expected '.name = {.A*, .B}'", d->name);
        return;
    }
    ig_choice c = {.name = ig_strndup(s, n), .loc = p->loc};
    const char *q = open + 1;
    while (q < close) {
        q = skip_ws(q);
        if (*q == '.')
            q++;
        size_t vl = 0;
        while (q + vl < close && (isalnum((unsigned char)q[vl]) || q[vl] == '_'))
            vl++;
        if (!vl) {
            ig_error(spec, p->loc, "%s: choice list .%s: expected a value name", d->name, c.name);
            break;
        }
        char *name = ig_strndup(q, vl);
        q = skip_ws(q + vl);
        bool def = false;
        if (*q == '*')
            def = true, q = skip_ws(q + 1);
        if (*q == ',')
            q++;
        c.values = ig_xrealloc(c.values, sizeof(char *) * (size_t)(c.count + 1));
        c.is_default = ig_xrealloc(c.is_default, sizeof(bool) * (size_t)(c.count + 1));
        c.values[c.count] = name;
        c.is_default[c.count++] = def;
    }
    *IG_PUSH(d->choices, d->choice_count) = c;
}

/* Splits "a, R[b, c], d" into a flat list a, b, c, d (R[...] groups flattened). */
static void split_list(const char *s, size_t n, char ***out, int *count)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && (isspace((unsigned char)s[i]) || s[i] == ',' || s[i] == '[' || s[i] == ']'))
            i++;
        size_t b = i;
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
            i++;
        if (i < n && s[i] == '[')
            continue; /* "R[" prefix of a flattened group */
        if (i > b)
            *IG_PUSH(*out, *count) = ig_strndup(s + b, i - b);
        else if (i < n)
            i++;
    }
}

static void operandinfo_line(parser *p, const char *code)
{
    ig_spec *spec = p->spec;
    ig_def *d = &spec->defs[p->def];
    const char *s = skip_ws(code);
    size_t n = ident_length(s);
    if (!n || s[n] != '<')
        return; /* prose */
    const char *open = s + n;
    char *kw = ig_strndup(s, n);
    if (strcmp(kw, "InList") == 0 || strcmp(kw, "OutList") == 0 || strcmp(kw, "Order") == 0 ||
        strcmp(kw, "ModiOrder") == 0) {
        const char *close = strrchr(open, '>');
        if (!close) {
            ig_error(spec, p->loc, "%s: %s: missing '>'", d->name, kw);
        } else if (strcmp(kw, "InList") == 0) {
            split_list(open + 1, (size_t)(close - open - 1), &d->inlist, &d->inlist_count);
        } else if (strcmp(kw, "OutList") == 0) {
            split_list(open + 1, (size_t)(close - open - 1), &d->outlist, &d->outlist_count);
        } else if (strcmp(kw, "Order") == 0) {
            if (d->has_order)
                ig_error(spec, p->loc, "%s: Order<> given twice", d->name);
            d->has_order = true;
            split_list(open + 1, (size_t)(close - open - 1), &d->order, &d->order_count);
        }
    } else if (strcmp(kw, "Bitwidth") == 0 || strcmp(kw, "AsmFormat") == 0) {
        const char *close = strchr(open, '>');
        const char *eq = close ? strchr(close, '=') : NULL;
        if (!eq) {
            ig_error(spec, p->loc, "%s: %s: expected '%s<operand> = ...;'", d->name, kw, kw);
        } else {
            char *op = trim_copy(open + 1, (size_t)(close - open - 1));
            const char *v = eq + 1;
            char *value = trim_copy(v, strcspn(v, ";"));
            if (kw[0] == 'B') {
                ig_bitwidth *b = IG_PUSH(d->bitwidths, d->bitwidth_count);
                *b = (ig_bitwidth){.op = op, .expr = value, .loc = p->loc};
            } else {
                /* Func(field, arg) */
                const char *lp = strchr(value, '('), *comma = lp ? strchr(lp, ',') : NULL;
                const char *rp = comma ? strchr(comma, ')') : NULL;
                if (!rp) {
                    ig_error(spec, p->loc, "%s: AsmFormat<%s>: expected Func(field, arg)", d->name, op);
                    ig_free(op);
                } else {
                    ig_asmformat *a = IG_PUSH(d->asmformats, d->asmformat_count);
                    *a = (ig_asmformat){.field = op, .func = trim_copy(value, (size_t)(lp - value)),
                                        .arg = trim_copy(comma + 1, (size_t)(rp - comma - 1)),
                                        .loc = p->loc};
                }
                ig_free(value);
            }
        }
    }
    ig_free(kw);
}

/* EncodingError<Kind, "message"> = expression; */
static void exception_line(parser *p, const char *code)
{
    ig_spec *spec = p->spec;
    ig_def *d = &spec->defs[p->def];
    const char *s = skip_ws(code);
    if (!*s)
        return;
    const char *lt = strchr(s, '<'), *q1 = lt ? strchr(lt, '"') : NULL;
    const char *q2 = q1 ? strchr(q1 + 1, '"') : NULL;
    const char *gt = q2 ? strchr(q2, '>') : NULL;
    const char *eq = gt ? strchr(gt, '=') : NULL;
    const char *comma = lt ? strchr(lt, ',') : NULL;
    if (!eq || !comma || comma > q1) {
        ig_error(spec, p->loc, "%s: expected 'EncodingError<Kind, \"message\"> = expression;'",
                 d->name);
        return;
    }
    ig_exception *e = IG_PUSH(d->exceptions, d->exception_count);
    *e = (ig_exception){.kind = trim_copy(lt + 1, (size_t)(comma - lt - 1)),
                        .message = ig_strndup(q1 + 1, (size_t)(q2 - q1 - 1)),
                        .expr = trim_copy(eq + 1, strcspn(eq + 1, ";")), .loc = p->loc};
}

static void section_header(parser *p, const char *name, size_t n)
{
    static const struct {
        const char *name;
        int section;
    } sections[] = {
        {"__Encoding", SEC_ENCODING},       {"__Syntax", SEC_SYNTAX},
        {"__Exception", SEC_EXCEPTION},     {"__OperandInfo", SEC_OPERANDINFO},
        {"__Examples", SEC_EXAMPLES},       {"__Description", SEC_PROSE},
        {"__ModifierInfo", SEC_PROSE},      {"__Semantics", SEC_PROSE},
        {"__Simulation", SEC_PROSE},
    };
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (strlen(sections[i].name) == n && strncmp(name, sections[i].name, n) == 0) {
            p->section = sections[i].section;
            if (p->def < 0 && p->section != SEC_PROSE)
                ig_error(p->spec, p->loc, "%.*s outside of any definition", (int)n, name);
            return;
        }
    ig_warn(p->spec, p->loc, "unknown section %.*s: treated as prose", (int)n, name);
    p->section = SEC_PROSE;
}

static void parse_line(parser *p, char *line)
{
    const char *s = skip_ws(line);
    if (strncmp(s, "```", 3) == 0) {
        p->in_fence = !p->in_fence;
        return;
    }
    if (!p->in_fence && s[0] == '_' && s[1] == '_') {
        size_t n = ident_length(s);
        const char *rest = s + n;
        if (n == 17 && strncmp(s, "__DefBitFieldType", n) == 0)
            return start_type(p, rest, false);
        if (n == 16 && strncmp(s, "__DefOperandType", n) == 0)
            return start_type(p, rest, true);
        if (n == 10 && strncmp(s, "__DefGroup", n) == 0)
            return start_def(p, IG_GROUP, rest);
        if (n == 11 && strncmp(s, "__DefOptype", n) == 0)
            return start_def(p, IG_OPTYPE, rest);
        if (n == 11 && strncmp(s, "__DefOpcode", n) == 0)
            return start_def(p, IG_OPCODE, rest);
        return section_header(p, s, n);
    }
    if (p->def < 0 && p->section != SEC_TYPE)
        return;
    char *code = ig_strndup(line, code_length(line));
    switch (p->section) {
    case SEC_TYPE:
        if (p->type >= 0)
            type_value_line(p, code);
        break;
    case SEC_ENCODING:
        encoding_line(p, code);
        break;
    case SEC_EXCEPTION:
        exception_line(p, code);
        break;
    case SEC_OPERANDINFO:
        operandinfo_line(p, code);
        break;
    case SEC_SYNTAX:
        if (p->in_fence && *skip_ws(code)) {
            const char *c = skip_ws(code);
            ig_def *d = &p->spec->defs[p->def];
            size_t id = ident_length(c + (c[0] == '.'));
            const char *after = skip_ws(c + (c[0] == '.') + id);
            if (id && after[0] == '=' && skip_ws(after + 1)[0] == '{') {
                if (c[0] != '.')
                    ig_flaw(p->spec, p->loc, "%s: choice list '%.*s = {...}' lacks its leading '.'",
                            d->name, (int)id, c);
                choice_line(p, c);
            }
            else
                *IG_PUSH(d->syntax, d->syntax_count) =
                    (ig_line){.text = trim_copy(c, strlen(c)), .loc = p->loc};
        }
        break;
    case SEC_EXAMPLES:
        if (p->in_fence && *skip_ws(code)) {
            ig_def *d = &p->spec->defs[p->def];
            *IG_PUSH(d->examples, d->example_count) =
                (ig_line){.text = trim_copy(code, strlen(code)), .loc = p->loc};
        }
        break;
    default:
        break;
    }
    ig_free(code);
}

int ig_parse_stream(ig_spec *spec, FILE *f, const char *path)
{
    const char *base = strrchr(path, '/');
    parser p = {.spec = spec, .loc = {.file = ig_strdup(path), .line = 0}, .type = -1, .def = -1,
                .extension = strcmp(base ? base + 1 : path, "ext.isa") == 0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        p.loc.line++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if ((size_t)len != strlen(line)) {
            ig_error(spec, p.loc, "NUL byte in line");
            continue;
        }
        parse_line(&p, line);
    }
    free(line);
    if (p.in_fence)
        ig_error(spec, p.loc, "unterminated ``` block at end of file");
    return 0;
}

int ig_parse_file(ig_spec *spec, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        ig_error(spec, (ig_loc){0}, "cannot open %s", path);
        return -1;
    }
    int rc = ig_parse_stream(spec, f, path);
    fclose(f);
    return rc;
}
