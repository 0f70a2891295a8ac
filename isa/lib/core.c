/* libisa: table access, encode, decode and expression evaluation. */
#include <string.h>

#include "isa/isa.h"

const char *isa_strerror(int err)
{
    switch (err) {
    case 0:
        return "success";
#define ISA_ERR_TEXT(name, code, text) \
    case code:                         \
        return text;
        ISA_ERRORS(ISA_ERR_TEXT)
#undef ISA_ERR_TEXT
    }
    return "unknown error";
}

const isa_tables *isa_tables_get(void)
{
    return &isa_generated_tables;
}

const isa_variant *isa_variant_of(const isa_insn *insn)
{
    return &isa_generated_tables.variants[insn->variant];
}

const isa_field *isa_variant_fields(const isa_variant *v)
{
    return isa_generated_tables.fields + v->field_begin;
}

const isa_type *isa_field_type(const isa_field *f)
{
    return &isa_generated_tables.types[f->type];
}

int isa_field_index(const isa_variant *v, const char *name)
{
    const isa_field *f = isa_variant_fields(v);
    for (int i = 0; i < v->field_count; i++)
        if (strcmp(f[i].name, name) == 0)
            return i;
    return -1;
}

int isa_find_variant(const char *name)
{
    const isa_tables *t = &isa_generated_tables;
    for (uint32_t i = 0; i < t->variant_count; i++)
        if (strcmp(t->variants[i].name, name) == 0)
            return (int)i;
    return -1;
}

void isa_insn_init(isa_insn *insn, uint16_t variant)
{
    memset(insn, 0, sizeof *insn);
    insn->variant = variant;
    const isa_variant *v = isa_variant_of(insn);
    const isa_field *f = isa_variant_fields(v);
    for (int i = 0; i < v->field_count; i++)
        insn->value[i] = f[i].role == ISA_FIELD_FREE ? 0 : f[i].value;
}

static uint32_t get_bits(isa_word w, unsigned lsb, unsigned width)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < width; i++) {
        unsigned bit = lsb + i;
        uint64_t half = bit < 64 ? w.lo : w.hi;
        v |= (uint32_t)((half >> (bit & 63)) & 1) << i;
    }
    return v;
}

static void set_bits(isa_word *w, unsigned lsb, unsigned width, uint32_t value)
{
    for (unsigned i = 0; i < width; i++) {
        unsigned bit = lsb + i;
        uint64_t *half = bit < 64 ? &w->lo : &w->hi;
        uint64_t m = 1ull << (bit & 63);
        *half = (value >> i) & 1 ? *half | m : *half & ~m;
    }
}

/* Variants bucketed by the low 12 bits (optype and stype in this ISA); a
 * variant that does not fix all of them goes into every bucket it matches. */
#define BUCKET_BITS 12
static uint16_t bucket_first[1u << BUCKET_BITS][4];
static uint8_t bucket_count[1u << BUCKET_BITS];
static uint16_t *overflow;
static int buckets_ready;

static int decode_slow(isa_word word, isa_insn *out)
{
    const isa_tables *t = &isa_generated_tables;
    for (uint32_t i = 0; i < t->variant_count; i++) {
        const isa_variant *v = &t->variants[i];
        if (((word.lo & v->mask.lo) == v->match.lo) && ((word.hi & v->mask.hi) == v->match.hi)) {
            out->variant = (uint16_t)i;
            return 0;
        }
    }
    return ISA_ERR_NO_VARIANT;
}

static void build_buckets(void)
{
    const isa_tables *t = &isa_generated_tables;
    const uint64_t low = (1u << BUCKET_BITS) - 1;
    for (uint32_t i = 0; i < t->variant_count; i++) {
        const isa_variant *v = &t->variants[i];
        for (uint64_t b = 0; b <= low; b++) {
            if ((b & v->mask.lo & low) != (v->match.lo & low))
                continue;
            if (bucket_count[b] < 4)
                bucket_first[b][bucket_count[b]] = (uint16_t)i;
            bucket_count[b] = bucket_count[b] < 255 ? bucket_count[b] + 1 : 255;
        }
    }
    (void)overflow;
    buckets_ready = 1;
}

int isa_decode(isa_word word, isa_insn *out)
{
    if (!buckets_ready)
        build_buckets();
    unsigned b = (unsigned)(word.lo & ((1u << BUCKET_BITS) - 1));
    isa_insn tmp;
    int found = ISA_ERR_NO_VARIANT;
    if (bucket_count[b] <= 4) {
        const isa_tables *t = &isa_generated_tables;
        for (unsigned k = 0; k < bucket_count[b]; k++) {
            const isa_variant *v = &t->variants[bucket_first[b][k]];
            if (((word.lo & v->mask.lo) == v->match.lo) && ((word.hi & v->mask.hi) == v->match.hi)) {
                tmp.variant = bucket_first[b][k];
                found = 0;
                break;
            }
        }
    } else {
        found = decode_slow(word, &tmp);
    }
    if (found)
        return found;
    const isa_variant *v = isa_variant_of(&tmp);
    const isa_field *f = isa_variant_fields(v);
    memset(tmp.value, 0, sizeof tmp.value);
    for (int i = 0; i < v->field_count; i++)
        tmp.value[i] = get_bits(word, f[i].lsb, f[i].width);
    *out = tmp;
    return 0;
}

int64_t isa_eval(const isa_expr *expr, const isa_insn *insn)
{
    int64_t stack[32];
    int sp = 0;
    const isa_expr_insn *code = isa_generated_tables.expr_code + expr->begin;
    for (unsigned i = 0; i < expr->count; i++) {
        int64_t b = sp > 0 ? stack[sp - 1] : 0, a = sp > 1 ? stack[sp - 2] : 0;
        switch (code[i].op) {
        case ISA_EX_CONST:
            if (sp < 32)
                stack[sp++] = code[i].arg;
            continue;
        case ISA_EX_FIELD:
            if (sp < 32)
                stack[sp++] = code[i].arg < ISA_MAX_FIELDS ? insn->value[code[i].arg] : 0;
            continue;
        case ISA_EX_NOT:
            if (sp > 0)
                stack[sp - 1] = !b;
            continue;
        }
        int64_t r = 0;
        switch (code[i].op) {
        case ISA_EX_EQ: r = a == b; break;
        case ISA_EX_NE: r = a != b; break;
        case ISA_EX_LT: r = a < b; break;
        case ISA_EX_LE: r = a <= b; break;
        case ISA_EX_GT: r = a > b; break;
        case ISA_EX_GE: r = a >= b; break;
        case ISA_EX_AND: r = a && b; break;
        case ISA_EX_OR: r = a || b; break;
        case ISA_EX_ADD: r = a + b; break;
        case ISA_EX_SUB: r = a - b; break;
        case ISA_EX_MUL: r = a * b; break;
        }
        if (sp >= 2)
            stack[--sp - 1] = r;
    }
    return sp ? stack[sp - 1] : 0;
}

unsigned isa_width(uint16_t width_expr, const isa_insn *insn)
{
    if (width_expr == ISA_NONE)
        return 32;
    int64_t w = isa_eval(&isa_generated_tables.exprs[width_expr], insn);
    return w > 0 && w <= 1024 ? (unsigned)w : 32;
}

int isa_encode(const isa_insn *insn, isa_word *out, const char **message)
{
    const isa_tables *t = &isa_generated_tables;
    if (insn->variant >= t->variant_count)
        return ISA_ERR_NO_VARIANT;
    const isa_variant *v = isa_variant_of(insn);
    const isa_field *f = isa_variant_fields(v);
    isa_word w = {0, 0};
    for (int i = 0; i < v->field_count; i++) {
        if (f[i].width < 32 && insn->value[i] >> f[i].width)
            return ISA_ERR_FIELD_RANGE;
        if (f[i].role == ISA_FIELD_FIXED && insn->value[i] != f[i].value)
            return ISA_ERR_FIXED_FIELD;
        set_bits(&w, f[i].lsb, f[i].width, insn->value[i]);
    }
    for (int i = 0; i < v->exception_count; i++) {
        const isa_exception *e = &t->exceptions[v->exception_begin + i];
        if (isa_eval(&e->cond, insn)) {
            if (message)
                *message = e->message;
            return ISA_ERR_EXCEPTION;
        }
    }
    *out = w;
    return 0;
}
