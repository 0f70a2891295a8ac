/* libisa: the one-instruction assembler. Tries every syntax form whose
 * mnemonic matches, walking the form's elements over the text with
 * backtracking at optional groups; the first form that reads the whole line
 * and passes the spec's exceptions wins. Errors report the furthest point any
 * form reached, with what it expected there. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fimm.h"
#include "isa/kernel.h"
#include "operand.h"

#define MAX_MODS 16

typedef struct {
    const char *line;
    const isa_context *ctx;
    const isa_elem *elems;
    unsigned elem_count;
    const isa_field *fields;
    isa_insn insn;
    /* the furthest failure */
    size_t best_col;
    char best_msg[256];
    bool have_error;
} actx;

static void fail_at(actx *a, const char *pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail_at(actx *a, const char *pos, const char *fmt, ...)
{
    size_t col = (size_t)(pos - a->line);
    if (a->have_error && col < a->best_col)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->best_msg, sizeof a->best_msg, fmt, ap);
    va_end(ap);
    a->best_col = col;
    a->have_error = true;
}

static const char *ws(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static size_t word_len(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_')
        n++;
    return n;
}

/* A label: letters, digits, '_' and '.' (as the assembler defines them). */
static size_t label_len(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
        n++;
    return n;
}

/* [-](0x hex | decimal) */
static const char *parse_int(const char *s, bool *neg, uint64_t *mag)
{
    const char *p = s;
    *neg = false;
    if (*p == '-')
        *neg = true, p++;
    if (!isdigit((unsigned char)*p))
        return NULL;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(p, &end, p[0] == '0' && (p[1] == 'x' || p[1] == 'X') ? 16 : 10);
    if (errno || isalnum((unsigned char)*end) || *end == '_')
        return NULL;
    *mag = v;
    return end;
}

static const char *kind_expectation(int kind)
{
    switch (kind) {
    case ISA_KIND_GPR: return "a register (R0..R254, RZ)";
    case ISA_KIND_UGPR: return "a uniform register (UR0..UR62, URZ)";
    case ISA_KIND_PRED: return "a predicate (P0..P6, PT)";
    case ISA_KIND_UPRED: return "a uniform predicate (UP0..UP6, UPT)";
    case ISA_KIND_SIMM: return "a signed immediate";
    case ISA_KIND_UIMM: return "an unsigned immediate";
    case ISA_KIND_F32IMM: return "a float immediate";
    case ISA_KIND_F16IMMX2: return "two half-float immediates 'hi, lo'";
    case ISA_KIND_CMEM: return "a constant c[bank][offset]";
    case ISA_KIND_PCREL: return "a label or address";
    }
    return "a value";
}

/* R5, RZ, R[4:5]; UR likewise. */
static const char *parse_register(actx *a, const char *s, const char *prefix, unsigned max,
                                  unsigned zero, unsigned width, uint32_t *out)
{
    size_t pl = strlen(prefix);
    if (strncmp(s, prefix, pl) != 0)
        return NULL;
    const char *p = s + pl;
    if (*p == 'Z' && !isalnum((unsigned char)p[1]) && p[1] != '_') {
        *out = zero;
        return p + 1;
    }
    unsigned regs = width > 32 ? width / 32 : 1;
    if (*p == '[') {
        char *end;
        unsigned long lo = strtoul(p + 1, &end, 10);
        if (end == p + 1 || *end != ':')
            return NULL;
        const char *q = end + 1;
        unsigned long hi = strtoul(q, &end, 10);
        if (end == q || *end != ']')
            return NULL;
        if (regs == 1) {
            fail_at(a, s, "this operand is 32 bits wide: write %s%lu, not a register range", prefix, lo);
            return NULL;
        }
        if (hi != lo + regs - 1 || lo + regs - 1 > max) {
            fail_at(a, s, "this operand needs %u consecutive registers: %s[%lu:%lu]", regs, prefix,
                    lo, lo + regs - 1);
            return NULL;
        }
        *out = (uint32_t)lo;
        return end + 1;
    }
    if (!isdigit((unsigned char)*p))
        return NULL;
    char *end;
    unsigned long n = strtoul(p, &end, 10);
    if (isalnum((unsigned char)*end) || *end == '_' || n > max)
        return NULL;
    if (regs > 1) {
        fail_at(a, s, "this operand is %u bits wide: write %s[%lu:%lu]", width, prefix, n,
                n + regs - 1);
        return NULL;
    }
    *out = (uint32_t)n;
    return end;
}

static const char *parse_predicate(const char *s, const char *prefix, uint32_t *out)
{
    size_t pl = strlen(prefix);
    if (strncmp(s, prefix, pl) != 0)
        return NULL;
    const char *p = s + pl;
    if (*p == 'T' && !isalnum((unsigned char)p[1])) {
        *out = 7;
        return p + 1;
    }
    if (*p >= '0' && *p <= '6' && !isalnum((unsigned char)p[1]) && p[1] != '_') {
        *out = (uint32_t)(*p - '0');
        return p + 1;
    }
    return NULL;
}

static const char *parse_float_pair(const char *s, int e, int m, uint32_t *out)
{
    uint32_t hi, lo;
    const char *end;
    if (isa_parse_float(s, &end, e, m, &hi) != 0)
        return NULL;
    const char *p = ws(end);
    if (*p != ',')
        return NULL;
    p = ws(p + 1);
    if (isa_parse_float(p, &end, e, m, &lo) != 0)
        return NULL;
    *out = hi << 16 | lo;
    return end;
}

static const char *parse_value(actx *a, const isa_elem *e, const char *s)
{
    const isa_field *f = &a->fields[e->field];
    const isa_type *t = isa_field_type(f);
    uint32_t *out = &a->insn.value[e->field];
    unsigned width = isa_width(e->width_expr, &a->insn);
    const char *end = NULL;
    bool neg;
    uint64_t mag;
    switch (t->kind) {
    case ISA_KIND_GPR: end = parse_register(a, s, "R", 254, 255, width, out); break;
    case ISA_KIND_UGPR: end = parse_register(a, s, "UR", 62, 63, width, out); break;
    case ISA_KIND_PRED: end = parse_predicate(s, "P", out); break;
    case ISA_KIND_UPRED: end = parse_predicate(s, "UP", out); break;
    case ISA_KIND_SIMM:
    case ISA_KIND_UIMM: {
        end = parse_int(s, &neg, &mag);
        if (!end)
            break;
        uint64_t full = f->width >= 32 ? 0xffffffffull : (1ull << f->width) - 1;
        uint64_t neg_limit = t->kind == ISA_KIND_SIMM ? (full + 1) / 2 : 0;
        if ((neg && mag > neg_limit) || (!neg && mag > full)) {
            fail_at(a, s, "immediate out of range for %u-bit %s field %s", f->width,
                    t->kind == ISA_KIND_SIMM ? "signed" : "unsigned", f->name);
            return NULL;
        }
        *out = (uint32_t)((neg ? (uint64_t)0 - mag : mag) & full);
        break;
    }
    case ISA_KIND_CMEM: {
        if (strncmp(s, "c[", 2) != 0)
            break;
        const char *p = parse_int(ws(s + 2), &neg, &mag);
        if (!p || neg || mag > 0x3f || *(p = ws(p)) != ']' || *(p = ws(p + 1)) != '[')
            break;
        uint64_t bank = mag;
        p = parse_int(ws(p + 1), &neg, &mag);
        if (!p || neg || mag > 0xffff || *(p = ws(p)) != ']')
            break;
        *out = (uint32_t)(bank << 16 | mag);
        end = p + 1;
        break;
    }
    case ISA_KIND_F32IMM:
    case ISA_KIND_F16IMMX2:
        switch (isa_operand_float_format(e, &a->insn)) {
        case ISA_FMT_F32:
            if (isa_parse_float(s, &end, 8, 23, out) != 0)
                end = NULL;
            break;
        case ISA_FMT_F16X2: end = parse_float_pair(s, 5, 10, out); break;
        case ISA_FMT_BF16X2: end = parse_float_pair(s, 8, 7, out); break;
        default:
            end = parse_int(s, &neg, &mag);
            if (end && (neg || mag > 0xffffffffull))
                end = NULL;
            if (end)
                *out = (uint32_t)mag;
        }
        break;
    case ISA_KIND_PCREL: {
        uint64_t target;
        size_t n = word_len(s);
        if (isdigit((unsigned char)*s)) {
            end = parse_int(s, &neg, &mag);
            if (!end || neg)
                return NULL;
            target = mag;
        } else if (n && (isalpha((unsigned char)*s) || *s == '_')) {
            n = label_len(s);
            if (n > ISA_KERNEL_MAX_SYMBOL_NAME) {
                fail_at(a, s, "label of %zu characters: at most %u are allowed", n,
                        ISA_KERNEL_MAX_SYMBOL_NAME);
                return NULL;
            }
            char name[ISA_KERNEL_MAX_SYMBOL_NAME + 1];
            snprintf(name, sizeof name, "%.*s", (int)n, s);
            if (!a->ctx || !a->ctx->symbols || a->ctx->symbols(a->ctx->ctx, name, &target) != 0) {
                fail_at(a, s, "undefined label '%s'", name);
                return NULL;
            }
            end = s + n;
        } else {
            break;
        }
        int64_t off = (int64_t)(target - ((a->ctx ? a->ctx->pc : 0) + 16));
        int64_t lim = f->width >= 32 ? INT64_C(1) << 31 : INT64_C(1) << (f->width - 1);
        if (off < -lim || off >= lim) {
            fail_at(a, s, "branch target 0x%" PRIx64 " is out of reach", target);
            return NULL;
        }
        *out = (uint32_t)((uint64_t)off & (f->width >= 32 ? 0xffffffffu : (1u << f->width) - 1));
        break;
    }
    default: {
        size_t n = word_len(s);
        for (unsigned i = 0; i < t->value_count; i++)
            if (strlen(t->values[i].name) == n && strncmp(s, t->values[i].name, n) == 0) {
                *out = t->values[i].value;
                end = s + n;
            }
    }
    }
    /* a specific complaint about this very spot (a register range) beats the generic one */
    if (!end && !(a->have_error && a->best_col == (size_t)(s - a->line)))
        fail_at(a, s, "expected %s for %s", kind_expectation(t->kind), e->text ? e->text : f->name);
    return end;
}

static const char *parse_operand(actx *a, const isa_elem *e, const char *s)
{
    const isa_type *t = isa_field_type(&a->fields[e->field]);
    bool numeric = t->kind == ISA_KIND_SIMM || t->kind == ISA_KIND_F32IMM ||
                   t->kind == ISA_KIND_F16IMMX2;
    s = ws(s);
    /* a prefix not written means the flag is clear, whatever the field's default */
    uint16_t flags[] = {e->neg, e->bitnot, e->not_, e->abs};
    for (unsigned i = 0; i < 4; i++)
        if (flags[i] != ISA_NONE)
            a->insn.value[flags[i]] = 0;
    if (e->neg != ISA_NONE) {
        char c = e->neg_as_tilde_if != ISA_NONE && a->insn.value[e->neg_as_tilde_if] ? '~' : '-';
        char other = c == '-' ? '~' : '-';
        if (*s == c && !(numeric && c == '-'))
            a->insn.value[e->neg] = 1, s = ws(s + 1);
        else if (*s == other && e->bitnot == ISA_NONE) {
            fail_at(a, s, "here the operand's sign prefix is written '%c'", c);
            return NULL;
        }
    }
    if (e->bitnot != ISA_NONE && *s == '~')
        a->insn.value[e->bitnot] = 1, s = ws(s + 1);
    if (e->not_ != ISA_NONE && *s == '!')
        a->insn.value[e->not_] = 1, s = ws(s + 1);
    bool abs = e->abs != ISA_NONE && *s == '|';
    if (abs)
        a->insn.value[e->abs] = 1, s = ws(s + 1);
    s = parse_value(a, e, s);
    if (!s)
        return NULL;
    if (e->suffix != ISA_NONE && *s == '.') {
        size_t n = word_len(s + 1);
        const isa_tables *tb = isa_tables_get();
        const isa_choice_list *l = &tb->choice_lists[e->choices];
        bool found = false;
        for (unsigned i = 0; e->choices != ISA_NONE && i < l->count; i++) {
            const isa_enum_value *c = &tb->choices[l->begin + i];
            if (strlen(c->name) == n && strncmp(s + 1, c->name, n) == 0) {
                a->insn.value[e->suffix] = c->value;
                found = true;
            }
        }
        if (!found) {
            char list[160] = "";
            for (unsigned i = 0; e->choices != ISA_NONE && i < l->count; i++) {
                size_t len = strlen(list);
                snprintf(list + len, sizeof list - len, "%s.%s", i ? ", " : "",
                         tb->choices[l->begin + i].name);
            }
            fail_at(a, s, "unknown operand suffix '.%.*s'; valid: %s", (int)n, s + 1, list);
            return NULL;
        }
        s += 1 + n;
    }
    if (abs) {
        s = ws(s);
        if (*s != '|') {
            fail_at(a, s, "expected '|' closing the absolute value");
            return NULL;
        }
        s++;
    }
    return s;
}

static const char *parse_offset(actx *a, const isa_elem *e, const char *s)
{
    s = ws(s);
    if (*s != '+' && *s != '-') {
        fail_at(a, s, "expected '+offset'");
        return NULL;
    }
    bool minus = *s == '-';
    s = ws(s + 1);
    bool neg;
    uint64_t mag;
    const char *end = parse_int(s, &neg, &mag);
    const isa_field *f = &a->fields[e->field];
    if (!end) {
        fail_at(a, s, "expected an offset");
        return NULL;
    }
    neg ^= minus;
    uint64_t lim = 1ull << (f->width - 1);
    if ((neg && mag > lim) || (!neg && mag >= lim)) {
        fail_at(a, s, "offset out of range for %u-bit signed field %s", f->width, f->name);
        return NULL;
    }
    a->insn.value[e->field] = (uint32_t)((neg ? 0 - mag : mag) & ((1ull << f->width) - 1));
    return end;
}

static void set_absent(actx *a, unsigned begin, unsigned end)
{
    for (unsigned i = begin; i <= end; i++) {
        const isa_elem *e = &a->elems[i];
        uint16_t fs[] = {e->field, e->neg, e->abs, e->bitnot, e->not_, e->suffix};
        if (e->kind != ISA_E_OPERAND && e->kind != ISA_E_OFFSET)
            continue;
        for (unsigned k = 0; k < sizeof fs / sizeof fs[0]; k++)
            if (fs[k] != ISA_NONE)
                a->insn.value[fs[k]] = isa_absent_value(&a->fields[fs[k]]);
    }
}

/* The end of the statement: controls, ';', a comment. */
static const char *parse_tail(actx *a, const char *s)
{
    for (;;) {
        s = ws(s);
        if (*s != '$')
            break;
        size_t n = word_len(s + 1);
        const isa_elem *found = NULL;
        for (unsigned i = 0; i < a->elem_count; i++)
            if (a->elems[i].kind == ISA_E_SCHED && strlen(a->elems[i].text) == n &&
                strncmp(a->elems[i].text, s + 1, n) == 0)
                found = &a->elems[i];
        if (!found || s[1 + n] != '=') {
            fail_at(a, s, "unknown control '$%.*s' for this instruction", (int)n, s + 1);
            return NULL;
        }
        bool neg;
        uint64_t mag;
        const char *end = parse_int(s + 2 + n, &neg, &mag);
        unsigned w = a->fields[found->field].width;
        if (!end || neg || mag >> w) {
            fail_at(a, s, "$%s takes 0..%u", found->text, (1u << w) - 1);
            return NULL;
        }
        a->insn.value[found->field] = (uint32_t)mag;
        s = end;
    }
    if (*s == ';')
        s = ws(s + 1);
    if (s[0] == '/' && s[1] == '/')
        s += strlen(s);
    if (*s && *s != '\n' && *s != '\r') {
        fail_at(a, s, "unexpected '%.20s' after the operands", s);
        return NULL;
    }
    return s;
}

static bool match_from(actx *a, unsigned i, const char *s)
{
    for (; i < a->elem_count; i++) {
        const isa_elem *e = &a->elems[i];
        switch (e->kind) {
        case ISA_E_COMMA:
            s = ws(s);
            if (*s != ',') {
                fail_at(a, s, "expected ','");
                return false;
            }
            s++;
            break;
        case ISA_E_TEXT: {
            s = ws(s);
            size_t n = strlen(e->text);
            if (strncmp(s, e->text, n) != 0) {
                fail_at(a, s, "expected '%s'", e->text);
                return false;
            }
            s += n;
            break;
        }
        case ISA_E_OPERAND:
            if (!(s = parse_operand(a, e, s)))
                return false;
            break;
        case ISA_E_OFFSET:
            if (!(s = parse_offset(a, e, s)))
                return false;
            break;
        case ISA_E_OPT_BEGIN: {
            isa_insn saved = a->insn;
            if (match_from(a, i + 1, s))
                return true;
            a->insn = saved;
            set_absent(a, i, i + e->value);
            i += e->value;
            break;
        }
        default:
            break;
        }
    }
    return parse_tail(a, s) != NULL;
}

/* ---- modifiers ---- */

static bool mod_accepts(actx *a, const isa_elem *e, const char *mod, bool apply)
{
    const char *name;
    switch (e->kind) {
    case ISA_E_MOD_TEXT:
        return strcmp(e->text + 1, mod) == 0;
    case ISA_E_MOD_LIT:
        if (strcmp(e->text, mod) != 0)
            return false;
        if (apply)
            a->insn.value[e->field] = e->value;
        return true;
    case ISA_E_MOD_FIELD: {
        const isa_tables *t = isa_tables_get();
        const isa_choice_list *l = &t->choice_lists[e->choices];
        for (unsigned k = 0; e->choices != ISA_NONE && k < l->count; k++)
            if (strcmp(t->choices[l->begin + k].name, mod) == 0) {
                if (apply)
                    a->insn.value[e->field] = t->choices[l->begin + k].value;
                return true;
            }
        (void)name;
        return false;
    }
    }
    return false;
}

static bool is_mod(const isa_elem *e)
{
    return e->kind == ISA_E_MOD_TEXT || e->kind == ISA_E_MOD_LIT || e->kind == ISA_E_MOD_FIELD;
}

static bool mods_ordered(actx *a, unsigned i, char mods[][32], int m, int count)
{
    if (i >= a->elem_count || !is_mod(&a->elems[i]))
        return m == count;
    const isa_elem *e = &a->elems[i];
    isa_insn saved = a->insn;
    if (m < count && mod_accepts(a, e, mods[m], true) && mods_ordered(a, i + 1, mods, m + 1, count))
        return true;
    a->insn = saved;
    bool optional = e->kind != ISA_E_MOD_TEXT && e->optional;
    return optional && mods_ordered(a, i + 1, mods, m, count);
}

/* Modifiers in another order than the template's: each goes to the first
 * element that takes it; every required element must be given. */
static bool mods_any_order(actx *a, unsigned first, char mods[][32], int count)
{
    bool used[64] = {false};
    for (int m = 0; m < count; m++) {
        bool placed = false;
        for (unsigned i = first; i < a->elem_count && i - first < 64 && is_mod(&a->elems[i]); i++)
            if (!used[i - first] && mod_accepts(a, &a->elems[i], mods[m], false)) {
                mod_accepts(a, &a->elems[i], mods[m], true);
                used[i - first] = placed = true;
                break;
            }
        if (!placed)
            return false;
    }
    for (unsigned i = first; i < a->elem_count && i - first < 64 && is_mod(&a->elems[i]); i++)
        if (!used[i - first] && (a->elems[i].kind == ISA_E_MOD_TEXT || !a->elems[i].optional))
            return false;
    return true;
}

static void list_modifiers(const char *base, char *out, size_t len)
{
    const isa_tables *t = isa_tables_get();
    out[0] = '\0';
    for (uint32_t f = 0; f < t->form_count; f++) {
        const isa_elem *el = t->elems + t->forms[f].elem_begin;
        if (strcmp(el[0].text, base) != 0)
            continue;
        for (unsigned i = 1; i < t->forms[f].elem_count && is_mod(&el[i]); i++) {
            const char *names[32];
            unsigned n = 0;
            if (el[i].kind == ISA_E_MOD_FIELD && el[i].choices != ISA_NONE) {
                const isa_choice_list *l = &t->choice_lists[el[i].choices];
                for (unsigned k = 0; k < l->count && n < 32; k++)
                    names[n++] = t->choices[l->begin + k].name;
            } else {
                names[n++] = el[i].kind == ISA_E_MOD_TEXT ? el[i].text + 1 : el[i].text;
            }
            for (unsigned k = 0; k < n; k++) {
                char item[40];
                snprintf(item, sizeof item, " .%s", names[k]);
                if (!strstr(out, item) && strlen(out) + strlen(item) + 1 < len)
                    strcat(out, item);
            }
        }
    }
}

/* Edit distance, for suggestions; mnemonics are short. */
static unsigned distance(const char *a, const char *b)
{
    unsigned row[33], n = (unsigned)strlen(b);
    if (n > 32 || strlen(a) > 32)
        return 99;
    for (unsigned j = 0; j <= n; j++)
        row[j] = j;
    for (unsigned i = 1; a[i - 1]; i++) {
        unsigned diag = row[0];
        row[0] = i;
        for (unsigned j = 1; j <= n; j++) {
            unsigned up = row[j];
            unsigned best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[n];
}

static const char *nearest_mnemonic(const char *base)
{
    const isa_tables *t = isa_tables_get();
    const char *best = NULL;
    unsigned best_d = 3; /* suggest only close misspellings */
    for (uint32_t f = 0; f < t->form_count; f++) {
        const char *m = t->elems[t->forms[f].elem_begin].text;
        unsigned d = distance(base, m);
        if (d < best_d)
            best_d = d, best = m;
    }
    return best;
}

int isa_asm(const char *text, const isa_context *ctx, isa_word *out, isa_insn *insn_out,
            isa_diag *diag)
{
    const isa_tables *t = isa_tables_get();
    actx a = {.line = text, .ctx = ctx};
    const char *s = ws(text);
    uint32_t guard = 7, guard_not = 0;
    bool have_guard = false;
    if (*s == '@') {
        const char *p = s + 1;
        if (*p == '!')
            guard_not = 1, p++;
        const char *end = parse_predicate(p, "P", &guard);
        if (!end) {
            fail_at(&a, p, "expected a guard predicate (@P0..@P6, @PT, @!P0...)");
            goto error;
        }
        have_guard = true;
        s = ws(end);
    }
    const char *mn = s;
    size_t base_len = word_len(s);
    if (!base_len) {
        fail_at(&a, s, "expected an instruction mnemonic");
        goto error;
    }
    char base[32], mods[MAX_MODS][32];
    int mod_count = 0;
    snprintf(base, sizeof base, "%.*s", (int)base_len, s);
    s += base_len;
    while (*s == '.') {
        size_t n = word_len(s + 1);
        if (!n || mod_count == MAX_MODS || n >= 32) {
            fail_at(&a, s, "malformed modifier");
            goto error;
        }
        snprintf(mods[mod_count++], 32, "%.*s", (int)n, s + 1);
        s += 1 + n;
    }
    const char *ops = s;
    bool mnemonic_known = false, mods_matched = false;
    const char *exception = NULL;
    for (uint32_t f = 0; f < t->form_count; f++) {
        const isa_form *form = &t->forms[f];
        const isa_elem *el = t->elems + form->elem_begin;
        if (strcmp(el[0].text, base) != 0)
            continue;
        mnemonic_known = true;
        a.elems = el;
        a.elem_count = form->elem_count;
        isa_insn_init(&a.insn, form->variant);
        a.fields = isa_variant_fields(isa_variant_of(&a.insn));
        const isa_variant *v = isa_variant_of(&a.insn);
        if (have_guard) {
            if (v->pg_field == ISA_NONE)
                continue;
            a.insn.value[v->pg_field] = guard;
            a.insn.value[v->pg_not_field] = guard_not;
        }
        isa_insn before = a.insn;
        if (!mods_ordered(&a, 1, mods, 0, mod_count)) {
            a.insn = before;
            if (!mods_any_order(&a, 1, mods, mod_count))
                continue;
        }
        mods_matched = true;
        unsigned first_op = 1;
        while (first_op < a.elem_count && is_mod(&el[first_op]))
            first_op++;
        if (*ops && *ops != ' ' && *ops != '\t' && *ops != ';') {
            fail_at(&a, ops, "expected a space after the mnemonic");
            continue;
        }
        if (!match_from(&a, first_op, ops))
            continue;
        isa_word w;
        const char *msg = NULL;
        int rc = isa_encode(&a.insn, &w, &msg);
        if (rc == ISA_ERR_EXCEPTION) {
            exception = msg;
            continue;
        }
        if (rc)
            continue;
        *out = w;
        if (insn_out)
            *insn_out = a.insn;
        return 0;
    }
    if (exception) {
        a.have_error = false;
        fail_at(&a, mn, "%s", exception);
    } else if (!mnemonic_known) {
        a.have_error = false;
        const char *near = nearest_mnemonic(base);
        if (near)
            fail_at(&a, mn, "unknown mnemonic '%s'; did you mean %s?", base, near);
        else
            fail_at(&a, mn, "unknown mnemonic '%s'", base);
    } else if (!mods_matched) {
        char list[200];
        list_modifiers(base, list, sizeof list);
        a.have_error = false;
        fail_at(&a, mn, "no form of %s takes these modifiers; valid modifiers:%s", base, list);
    }
error:
    if (diag) {
        diag->column = a.best_col;
        snprintf(diag->message, sizeof diag->message, "%s", a.have_error ? a.best_msg : "syntax error");
    }
    return ISA_ERR_SYNTAX;
}
