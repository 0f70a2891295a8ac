/* isagen: compiles one syntax template line against one variant into the
 * element list libisa's assembler and disassembler walk.
 *
 *   IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;
 *
 * Mnemonic part: `.placeholder` names a field; `.LITERAL` names a value of one
 * field's type (or, naming none, is part of the mnemonic, like `.WIDE`).
 * Operand part: names (Rd, SrcB, pu, UImm5Sca...) are matched to the
 * variant's Order<> entries; `{-}` `{|}` `{~}` `{!}` `{.x}` decorate the
 * operand next to them; other braces make an optional group. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

typedef struct {
    ig_spec *spec;
    ig_pool *pool;
    const ig_variant *v;
    const ig_def *optype;
    const ig_line *row;
    ig_form *out;
    bool *mentioned;
    /* operand name mapping */
    bool *order_used;
    int last_order;
    char claimed[32][64]; /* keys of the row's operand names */
    int claimed_count;
    /* pending decorations */
    int pend_neg, pend_bitnot, pend_not, pend_abs;
    int open_abs_elem;
    const char *s;
} cc;

static const char *vname(const cc *c)
{
    return c->spec->defs[c->v->def].name;
}

static isa_elem *add(cc *c, int kind)
{
    isa_elem *e = IG_PUSH(c->out->elems, c->out->elem_count);
    *e = (isa_elem){.kind = (uint8_t)kind, .field = ISA_NONE, .neg = ISA_NONE, .abs = ISA_NONE,
                    .bitnot = ISA_NONE, .not_ = ISA_NONE, .suffix = ISA_NONE,
                    .neg_as_tilde_if = ISA_NONE, .float_format = ISA_NONE, .choices = ISA_NONE,
                    .width_expr = ISA_NONE};
    return e;
}

static void mention(cc *c, int field)
{
    if (field >= 0)
        c->mentioned[field] = true;
}

static const ig_choice *find_choice(const cc *c, const char *name)
{
    for (int i = 0; i < c->optype->choice_count; i++)
        if (strcmp(c->optype->choices[i].name, name) == 0)
            return &c->optype->choices[i];
    return NULL;
}

/* Builds the choice list of a placeholder: display names and values. */
static uint16_t make_choices(cc *c, const char *placeholder, int field, bool optional)
{
    const ig_field *f = &c->v->fields[field];
    if (f->type < 0)
        return ISA_NONE;
    const ig_type *t = &c->spec->types[f->type];
    const ig_choice *ch = find_choice(c, placeholder);
    ig_pool *pool = c->pool;
    isa_choice_list list = {.begin = (uint32_t)pool->choice_count, .default_index = ISA_NONE};
    if (!ch) {
        for (int i = 0; i < t->value_count; i++)
            *IG_PUSH(pool->choices, pool->choice_count) =
                (isa_enum_value){.name = t->values[i].name, .value = t->values[i].value};
        list.count = (uint16_t)t->value_count;
    } else {
        int matched = 0;
        for (int i = 0; i < ch->count; i++) {
            uint32_t v;
            matched += ig_type_value(t, ch->values[i], &v);
        }
        bool by_position = matched == 0 && ch->count <= t->value_count;
        if (by_position)
            ig_warn(c->spec, ch->loc, "%s: .%s lists display names that are not values of %s; "
                    "mapped by position (%s = %s, ...)", vname(c), ch->name, t->name,
                    ch->values[0], t->values[0].name);
        for (int i = 0; i < ch->count; i++) {
            uint32_t v = 0;
            if (by_position)
                v = t->values[i].value;
            else if (!ig_type_value(t, ch->values[i], &v)) {
                ig_flaw(c->spec, ch->loc, "%s: .%s lists %s, which is not a value of %s", vname(c),
                        ch->name, ch->values[i], t->name);
                continue;
            }
            if (ch->is_default[i]) {
                list.default_index = list.count;
                if (f->role != ISA_FIELD_DEFAULT || f->value != v)
                    ig_flaw(c->spec, ch->loc, "%s: .%s marks %s as default but field %s %s",
                            vname(c), ch->name, ch->values[i], f->name,
                            f->role == ISA_FIELD_DEFAULT ? "has another default" : "has no default");
            }
            *IG_PUSH(pool->choices, pool->choice_count) =
                (isa_enum_value){.name = ch->values[i], .value = v};
            list.count++;
        }
    }
    if (optional && f->role != ISA_FIELD_DEFAULT)
        ig_flaw(c->spec, c->row->loc, "%s: {.%s} is optional but field %s has no default",
                vname(c), placeholder, f->name);
    *IG_PUSH(pool->lists, pool->list_count) = list;
    return (uint16_t)(pool->list_count - 1);
}

static bool is_lower_ident(const char *s)
{
    return islower((unsigned char)s[0]);
}

/* Which field has a value named `name`? Placeholder fields of this row are not candidates. */
static int literal_field(cc *c, const char *name, uint32_t *value, int *candidates)
{
    int found = -1;
    *candidates = 0;
    for (int i = 0; i < c->v->field_count; i++) {
        const ig_field *f = &c->v->fields[i];
        if (f->type < 0 || c->spec->types[f->type].kind != ISA_KIND_ENUM ||
            f->role == ISA_FIELD_FIXED || c->mentioned[i])
            continue;
        uint32_t v;
        if (ig_type_value(&c->spec->types[f->type], name, &v)) {
            if (found < 0)
                found = i, *value = v;
            (*candidates)++;
        }
    }
    return found;
}

static void compile_mnemonic(cc *c, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
        i++;
    isa_elem *m = add(c, ISA_E_MNEMONIC);
    m->text = ig_strndup(s, i);
    /* first pass: mark placeholder fields so literals do not bind them */
    for (size_t k = i; k < n; k++)
        if (s[k] == '.' && is_lower_ident(s + k + 1)) {
            size_t l = 0;
            while (isalnum((unsigned char)s[k + 1 + l]) || s[k + 1 + l] == '_')
                l++;
            char *name = ig_strndup(s + k + 1, l);
            mention(c, ig_variant_field(c->v, name));
            ig_free(name);
        }
    while (i < n) {
        bool optional = s[i] == '{';
        if (optional)
            i++;
        if (s[i] != '.') {
            ig_error(c->spec, c->row->loc, "%s: mnemonic '%.*s': expected '.' at '%s'", vname(c),
                     (int)n, s, s + i);
            return;
        }
        i++;
        size_t b = i;
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
            i++;
        char *name = ig_strndup(s + b, i - b);
        if (optional) {
            if (s[i] != '}') {
                ig_error(c->spec, c->row->loc, "%s: mnemonic: missing '}' after .%s", vname(c), name);
                ig_free(name);
                return;
            }
            i++;
        }
        if (is_lower_ident(name)) {
            int f = ig_variant_field(c->v, name);
            if (f < 0) {
                ig_flaw(c->spec, c->row->loc, "%s: syntax placeholder .%s names no field", vname(c),
                        name);
            } else {
                isa_elem *e = add(c, ISA_E_MOD_FIELD);
                e->optional = optional;
                e->field = (uint16_t)f;
                e->text = name;
                e->choices = make_choices(c, name, f, optional);
                /* a placeholder whose list marks the field's default may be left out */
                const isa_choice_list *l = e->choices != ISA_NONE ? &c->pool->lists[e->choices] : NULL;
                const ig_field *fd = &c->v->fields[f];
                if (l && l->default_index != ISA_NONE &&
                    fd->role == ISA_FIELD_DEFAULT &&
                    c->pool->choices[l->begin + l->default_index].value == fd->value)
                    e->optional = 1;
                continue;
            }
        } else {
            uint32_t value = 0;
            int candidates;
            int f = literal_field(c, name, &value, &candidates);
            if (candidates > 1)
                ig_flaw(c->spec, c->row->loc, "%s: modifier .%s is a value of %d fields; taken as %s",
                        vname(c), name, candidates, c->v->fields[f].name);
            if (f >= 0) {
                const ig_field *fd = &c->v->fields[f];
                if (optional && fd->role != ISA_FIELD_DEFAULT)
                    ig_flaw(c->spec, c->row->loc, "%s: {.%s} is optional but field %s has no default",
                            vname(c), name, fd->name);
                isa_elem *e = add(c, ISA_E_MOD_LIT);
                e->optional = optional;
                e->field = (uint16_t)f;
                e->value = value;
                e->text = name;
                mention(c, f);
                continue;
            }
            if (!optional) {
                isa_elem *e = add(c, ISA_E_MOD_TEXT);
                e->text = ig_strndup(s + b - 1, i - b + 1);
                ig_free(name);
                continue;
            }
            ig_flaw(c->spec, c->row->loc, "%s: optional modifier {.%s} sets no field of this variant",
                    vname(c), name);
        }
        ig_free(name);
    }
}

/* ---- operand names -> Order<> entries ---- */

static void name_key(const char *name, char *key, size_t cap)
{
    char low[64];
    size_t n = strlen(name);
    if (n >= sizeof low)
        n = sizeof low - 1;
    for (size_t i = 0; i < n; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[n] = '\0';
    const char *k = low;
    if (strncmp(k, "src", 3) == 0 && strlen(k) == 4)
        k += 3;
    else if ((strncmp(k, "ur", 2) == 0 && strlen(k) == 3) || ((k[0] == 'r' || k[0] == 'v') && strlen(k) == 2))
        k += strlen(k) - 1;
    else if (k[0] == 'u' && k[1] == 'p' && strlen(k) == 3)
        k += 1;
    snprintf(key, cap, "%s", k);
}

static bool kind_is_immediate(int kind)
{
    return kind == ISA_KIND_SIMM || kind == ISA_KIND_UIMM || kind == ISA_KIND_F32IMM ||
           kind == ISA_KIND_F16IMMX2;
}

static bool is_order_literal(const cc *c, const char *entry)
{
    return strcmp(entry, "pg") == 0 || ig_variant_field(c->v, entry) < 0;
}

static int map_operand(cc *c, const char *name)
{
    const ig_variant *v = c->v;
    char key[64], ekey[64];
    name_key(name, key, sizeof key);
    for (int i = 0; i < v->order_count; i++) {
        if (c->order_used[i] || is_order_literal(c, v->order[i]))
            continue;
        name_key(v->order[i], ekey, sizeof ekey);
        if (strcmp(key, ekey) == 0) {
            c->order_used[i] = true;
            c->last_order = i;
            return ig_variant_field(v, v->order[i]);
        }
    }
    bool wants_imm = strstr(name, "Imm") != NULL;
    for (int pass = 0; pass < 2; pass++)
        for (int i = pass ? 0 : c->last_order + 1; i < v->order_count; i++) {
            if (c->order_used[i] || is_order_literal(c, v->order[i]))
                continue;
            int f = ig_variant_field(v, v->order[i]);
            int t = v->fields[f].type;
            if (wants_imm && (t < 0 || !kind_is_immediate(c->spec->types[t].kind)))
                continue;
            /* an entry that another operand of the row names (rb for SrcB) is not a leftover */
            name_key(v->order[i], ekey, sizeof ekey);
            bool claimed = false;
            for (int k = 0; k < c->claimed_count; k++)
                claimed |= strcmp(c->claimed[k], ekey) == 0 && strcmp(ekey, key) != 0;
            if (claimed)
                continue;
            c->order_used[i] = true;
            c->last_order = i;
            return f;
        }
    return -1;
}

static int decoration(const cc *c, int field, const char *suffix)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s.%s", c->v->fields[field].name, suffix);
    return ig_variant_field(c->v, buf);
}

static const ig_asmformat *asmformat_for(const cc *c, const char *field_name)
{
    for (int i = 0; i < c->v->asmformat_count; i++)
        if (strcmp(c->v->asmformats[i]->field, field_name) == 0)
            return c->v->asmformats[i];
    return NULL;
}

static uint16_t bitwidth_expr(cc *c, const char *field_name)
{
    for (int i = 0; i < c->v->bitwidth_count; i++) {
        const ig_bitwidth *b = c->v->bitwidths[i];
        if (strcmp(b->op, field_name) != 0)
            continue;
        ig_code code;
        if (ig_compile_expr(c->spec, c->v, b->expr, b->loc, &code) != 0)
            return ISA_NONE;
        *IG_PUSH(c->pool->exprs, c->pool->expr_count) = code;
        return (uint16_t)(c->pool->expr_count - 1);
    }
    return ISA_NONE;
}

static uint16_t deco(cc *c, int field, const char *suffix)
{
    int f = decoration(c, field, suffix);
    mention(c, f);
    return f < 0 ? ISA_NONE : (uint16_t)f;
}

static void add_operand(cc *c, const char *name)
{
    int f = map_operand(c, name);
    if (f < 0) {
        ig_flaw(c->spec, c->row->loc, "%s: syntax operand %s matches no Order<> entry", vname(c), name);
        c->pend_neg = c->pend_bitnot = c->pend_not = c->pend_abs = 0;
        return;
    }
    mention(c, f);
    isa_elem *e = add(c, ISA_E_OPERAND);
    e->field = (uint16_t)f;
    e->text = ig_strdup(name);
    const char *fname = c->v->fields[f].name;
    if (c->pend_neg) {
        e->neg = deco(c, f, "neg");
        char buf[128];
        snprintf(buf, sizeof buf, "%s.neg", fname);
        const ig_asmformat *a = asmformat_for(c, buf);
        if (a && strcmp(a->func, "CvtINegX") == 0 && e->neg != ISA_NONE) {
            int x = ig_variant_field(c->v, a->arg);
            if (x < 0)
                ig_flaw(c->spec, a->loc, "%s: AsmFormat<%s>: %s is not a field", vname(c), buf, a->arg);
            else
                e->neg_as_tilde_if = (uint16_t)x;
        }
    }
    if (c->pend_bitnot)
        e->bitnot = deco(c, f, "bitnot");
    if (c->pend_not)
        e->not_ = deco(c, f, "not");
    if (c->pend_abs) {
        e->abs = deco(c, f, "abs");
        c->open_abs_elem = c->out->elem_count - 1;
    }
    const ig_asmformat *a = asmformat_for(c, fname);
    if (a && strcmp(a->func, "CvtFImm") == 0) {
        int x = ig_variant_field(c->v, a->arg);
        if (x < 0)
            ig_flaw(c->spec, a->loc, "%s: AsmFormat<%s>: %s is not a field", vname(c), fname, a->arg);
        else
            e->float_format = (uint16_t)x, mention(c, x);
    }
    e->width_expr = bitwidth_expr(c, fname);
    c->pend_neg = c->pend_bitnot = c->pend_not = c->pend_abs = 0;
}

static isa_elem *last_operand(cc *c)
{
    for (int i = c->out->elem_count - 1; i >= 0; i--) {
        isa_elem *e = &c->out->elems[i];
        if (e->kind == ISA_E_OPERAND)
            return e;
        if (e->kind == ISA_E_COMMA || e->kind == ISA_E_OPT_BEGIN)
            return NULL;
    }
    return NULL;
}

/* Finds the '}' that closes the '{' at s. */
static const char *matching_brace(const char *s)
{
    int depth = 0;
    for (; *s; s++) {
        if (*s == '{')
            depth++;
        else if (*s == '}' && --depth == 0)
            return s;
    }
    return NULL;
}

static void compile_operands(cc *c, const char *s, const char *end);

static void compile_brace(cc *c, const char *open, const char *close)
{
    const char *in = open + 1;
    size_t n = (size_t)(close - in);
    while (n && isspace((unsigned char)*in))
        in++, n--;
    while (n && isspace((unsigned char)in[n - 1]))
        n--;
    if (n == 1 && (*in == '-' || *in == '~' || *in == '!' || *in == '|')) {
        if (*in == '-')
            c->pend_neg = 1;
        else if (*in == '~')
            c->pend_bitnot = 1;
        else if (*in == '!')
            c->pend_not = 1;
        else if (c->open_abs_elem >= 0)
            c->open_abs_elem = -1; /* closing bar */
        else
            c->pend_abs = 1;
        return;
    }
    if (*in == '.') {
        isa_elem *op = last_operand(c);
        char *name = ig_strndup(in + 1, n - 1);
        if (!op) {
            ig_error(c->spec, c->row->loc, "%s: {.%s} follows no operand", vname(c), name);
        } else {
            int f = decoration(c, op->field, name);
            if (f >= 0) {
                op->suffix = (uint16_t)f;
                mention(c, f);
                op->choices = make_choices(c, name, f, true);
            }
        }
        ig_free(name);
        return;
    }
    if (*in == '+') {
        char *name = ig_strndup(in + 1, n - 1);
        int f = map_operand(c, name);
        if (f < 0) {
            ig_flaw(c->spec, c->row->loc, "%s: offset %s matches no Order<> entry", vname(c), name);
        } else {
            add(c, ISA_E_OPT_BEGIN);
            int begin = c->out->elem_count - 1;
            isa_elem *e = add(c, ISA_E_OFFSET);
            e->field = (uint16_t)f;
            e->text = name;
            mention(c, f);
            add(c, ISA_E_OPT_END);
            c->out->elems[begin].value = (uint32_t)(c->out->elem_count - 1 - begin);
            return;
        }
        ig_free(name);
        return;
    }
    int begin = c->out->elem_count;
    add(c, ISA_E_OPT_BEGIN);
    compile_operands(c, open + 1, close);
    add(c, ISA_E_OPT_END);
    for (int i = begin + 1; i < c->out->elem_count; i++) {
        const isa_elem *e = &c->out->elems[i];
        if (e->kind == ISA_E_OPERAND && c->v->fields[e->field].role != ISA_FIELD_DEFAULT)
            ig_flaw(c->spec, c->row->loc, "%s: operand %s is optional but field %s has no default",
                    vname(c), e->text, c->v->fields[e->field].name);
    }
    c->out->elems[begin].value = (uint32_t)(c->out->elem_count - 1 - begin);
}

static void compile_operands(cc *c, const char *s, const char *end)
{
    while (s < end) {
        if (isspace((unsigned char)*s)) {
            s++;
        } else if (*s == ',') {
            add(c, ISA_E_COMMA);
            s++;
        } else if (*s == '{') {
            const char *close = matching_brace(s);
            if (!close || close > end) {
                ig_error(c->spec, c->row->loc, "%s: unbalanced '{' in syntax", vname(c));
                return;
            }
            compile_brace(c, s, close);
            s = close + 1;
        } else if (*s == '[' || *s == ']') {
            isa_elem *e = add(c, ISA_E_TEXT);
            e->text = ig_strndup(s, 1);
            s++;
        } else if (isalpha((unsigned char)*s) || *s == '_') {
            const char *b = s;
            while (s < end && (isalnum((unsigned char)*s) || *s == '_'))
                s++;
            char *name = ig_strndup(b, (size_t)(s - b));
            if (*s == '[') { /* R[ c[ : literal text */
                isa_elem *e = add(c, ISA_E_TEXT);
                e->text = ig_strndup(b, (size_t)(s - b) + 1);
                s++;
                ig_free(name);
            } else if (ig_variant_field(c->v, name) < 0 && strcmp(name, "PR") == 0) {
                isa_elem *e = add(c, ISA_E_TEXT);
                e->text = name;
            } else {
                add_operand(c, name);
                ig_free(name);
            }
        } else {
            ig_flaw(c->spec, c->row->loc, "%s: unexpected '%c' in syntax operands", vname(c), *s);
            s++;
        }
    }
}

int ig_compile_form(ig_spec *spec, ig_pool *pool, const ig_variant *v, const ig_line *row,
                    ig_form *out)
{
    *out = (ig_form){0};
    int before = spec->errors;
    cc c = {.spec = spec, .pool = pool, .v = v, .optype = &spec->defs[v->optype], .row = row,
            .out = out, .last_order = -1, .open_abs_elem = -1};
    c.mentioned = calloc((size_t)v->field_count + 1, sizeof(bool));
    c.order_used = calloc((size_t)v->order_count + 1, sizeof(bool));
    const char *t = row->text;
    size_t mn = strcspn(t, " \t");
    compile_mnemonic(&c, t, mn);
    const char *ops = t + mn;
    const char *sched = strchr(ops, '$');
    const char *semi = strchr(ops, ';');
    const char *end = sched ? sched : semi ? semi : ops + strlen(ops);
    for (const char *q = ops; q < end;) {
        if (isalpha((unsigned char)*q)) {
            const char *b = q;
            while (q < end && (isalnum((unsigned char)*q) || *q == '_'))
                q++;
            char *name = ig_strndup(b, (size_t)(q - b));
            if (*q != '[' && c.claimed_count < 32)
                name_key(name, c.claimed[c.claimed_count++], sizeof c.claimed[0]);
            ig_free(name);
        } else {
            q++;
        }
    }
    compile_operands(&c, ops, end);
    if (c.pend_neg || c.pend_abs || c.pend_bitnot || c.pend_not || c.open_abs_elem >= 0)
        ig_flaw(spec, row->loc, "%s: dangling decoration in syntax", vname(&c));
    for (const char *q = sched; q && *q == '$';) {
        q++;
        size_t n = 0;
        while (isalnum((unsigned char)q[n]) || q[n] == '_')
            n++;
        char *name = ig_strndup(q, n);
        int f = ig_variant_field(v, name);
        if (f < 0) {
            ig_flaw(spec, row->loc, "%s: $%s names no field", vname(&c), name);
            ig_free(name);
        } else {
            isa_elem *e = add(&c, ISA_E_SCHED);
            e->field = (uint16_t)f;
            e->text = name;
            mention(&c, f);
        }
        q += n;
        while (*q == ' ' || *q == '\t')
            q++;
    }
    mention(&c, v->pg_field_index);
    mention(&c, v->pg_not_field_index);
    for (int i = 0; i < v->field_count; i++) {
        const ig_field *f = &v->fields[i];
        if (c.mentioned[i] || f->role == ISA_FIELD_FIXED)
            continue;
        *IG_PUSH(out->implied, out->implied_count) = (isa_implied){
            .field = (uint16_t)i, .value = f->role == ISA_FIELD_DEFAULT ? f->value : 0};
    }
    free(c.mentioned);
    free(c.order_used);
    return spec->errors > before ? -1 : 0;
}
