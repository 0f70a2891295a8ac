/* libisa: the disassembler. Picks the first syntax form of the variant that
 * can show the instruction's field values and prints it, defaults omitted. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fimm.h"
#include "operand.h"

typedef struct {
    char *buf;
    size_t len, pos;
    bool overflow;
} out_t;

static void put(out_t *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(out_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->pos < o->len ? o->len - o->pos : 0;
    int n = vsnprintf(o->buf + (o->pos < o->len ? o->pos : o->len), room, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= room)
        o->overflow = true;
    o->pos += n > 0 ? (size_t)n : 0;
}

static bool present(uint16_t field, const isa_insn *insn, const isa_field *fields)
{
    return field != ISA_NONE && insn->value[field] != isa_absent_value(&fields[field]);
}

static bool elem_fields_differ(const isa_elem *e, const isa_insn *insn, const isa_field *fields)
{
    if (e->kind == ISA_E_OPERAND || e->kind == ISA_E_OFFSET)
        return present(e->field, insn, fields) || present(e->neg, insn, fields) ||
               present(e->abs, insn, fields) || present(e->bitnot, insn, fields) ||
               present(e->not_, insn, fields) || present(e->suffix, insn, fields);
    return false;
}

/* Must an optional group [begin, end] be printed? */
static bool group_needed(const isa_elem *elems, unsigned count, unsigned begin, unsigned end,
                         const isa_insn *insn, const isa_field *fields)
{
    for (unsigned i = begin + 1; i < end; i++)
        if (elem_fields_differ(&elems[i], insn, fields))
            return true;
    /* optional groups in a row are read left to right: print this one if a later one prints */
    if (end + 1 < count && elems[end + 1].kind == ISA_E_OPT_BEGIN)
        return group_needed(elems, count, end + 1, end + 1 + elems[end + 1].value, insn, fields);
    return false;
}

static bool form_shows(const isa_form *form, const isa_insn *insn, const isa_field *fields)
{
    const isa_tables *t = isa_tables_get();
    for (unsigned i = 0; i < form->implied_count; i++) {
        const isa_implied *im = &t->implied[form->implied_begin + i];
        if (insn->value[im->field] != im->value)
            return false;
    }
    const isa_elem *elems = t->elems + form->elem_begin;
    for (unsigned i = 0; i < form->elem_count; i++) {
        const isa_elem *e = &elems[i];
        const char *name;
        switch (e->kind) {
        case ISA_E_MOD_LIT:
            if (insn->value[e->field] != e->value &&
                !(e->optional && insn->value[e->field] == isa_absent_value(&fields[e->field])))
                return false;
            break;
        case ISA_E_MOD_FIELD:
            if (!isa_choice_name(e->choices, insn->value[e->field], &name) &&
                !(e->optional && !present(e->field, insn, fields)))
                return false;
            break;
        case ISA_E_OPERAND: {
            if (e->suffix != ISA_NONE && present(e->suffix, insn, fields) &&
                !isa_choice_name(e->choices, insn->value[e->suffix], &name))
                return false;
            const isa_type *ty = isa_field_type(&fields[e->field]);
            if (ty->kind == ISA_KIND_ENUM && !isa_enum_name(ty, insn->value[e->field]))
                return false;
            break;
        }
        default:
            break;
        }
    }
    return true;
}

static void put_register(out_t *o, const char *prefix, uint32_t v, uint32_t zero, unsigned width)
{
    if (v == zero)
        put(o, "%sZ", prefix);
    else if (width > 32)
        put(o, "%s[%u:%u]", prefix, v, v + width / 32 - 1);
    else
        put(o, "%s%u", prefix, v);
}

static void put_float(out_t *o, uint32_t bits, enum isa_float_format fmt)
{
    char a[48], b[48];
    switch (fmt) {
    case ISA_FMT_F32:
        isa_format_float(bits, 8, 23, a, sizeof a);
        put(o, "%s", a);
        break;
    case ISA_FMT_F16X2:
    case ISA_FMT_BF16X2: {
        int e = fmt == ISA_FMT_F16X2 ? 5 : 8, m = fmt == ISA_FMT_F16X2 ? 10 : 7;
        isa_format_float(bits >> 16, e, m, a, sizeof a);
        isa_format_float(bits & 0xffff, e, m, b, sizeof b);
        put(o, "%s, %s", a, b); /* high half first, as the spec's examples write it */
        break;
    }
    default:
        put(o, "0x%x", bits);
    }
}

static void put_value(out_t *o, const isa_elem *e, const isa_insn *insn, const isa_field *fields,
                      const isa_context *ctx)
{
    const isa_field *f = &fields[e->field];
    const isa_type *t = isa_field_type(f);
    uint32_t v = insn->value[e->field];
    unsigned width = isa_width(e->width_expr, insn);
    switch (t->kind) {
    case ISA_KIND_GPR: put_register(o, "R", v, 255, width); break;
    case ISA_KIND_UGPR: put_register(o, "UR", v, 63, width); break;
    case ISA_KIND_PRED: v == 7 ? put(o, "PT") : put(o, "P%u", v); break;
    case ISA_KIND_UPRED: v == 7 ? put(o, "UPT") : put(o, "UP%u", v); break;
    case ISA_KIND_SIMM: {
        /* small negatives read best signed; large 32-bit patterns as bits */
        int64_t s = isa_sign_extend(v, f->width);
        if (s < 0 && (f->width < 32 || -s < (INT64_C(1) << 24)))
            put(o, "-0x%" PRIx64, (uint64_t)-s);
        else
            put(o, "0x%x", v);
        break;
    }
    case ISA_KIND_UIMM: put(o, "0x%x", v); break;
    case ISA_KIND_CMEM: put(o, "c[0x%x][0x%x]", (v >> 16) & 0x3f, v & 0xffff); break;
    case ISA_KIND_F32IMM:
    case ISA_KIND_F16IMMX2: put_float(o, v, isa_operand_float_format(e, insn)); break;
    case ISA_KIND_PCREL: {
        uint64_t target = (ctx ? ctx->pc : 0) + 16 + (uint64_t)isa_sign_extend(v, f->width);
        const char *label = ctx && ctx->labels ? ctx->labels(ctx->ctx, target) : NULL;
        label ? put(o, "%s", label) : put(o, "0x%" PRIx64, target);
        break;
    }
    default: {
        const char *name = isa_enum_name(t, v);
        name ? put(o, "%s", name) : put(o, "0x%x", v);
    }
    }
}

static bool flag(uint16_t field, const isa_insn *insn)
{
    return field != ISA_NONE && insn->value[field] != 0;
}

static void put_operand(out_t *o, const isa_elem *e, const isa_insn *insn, const isa_field *fields,
                        const isa_context *ctx)
{
    if (flag(e->neg, insn))
        put(o, "%c", e->neg_as_tilde_if != ISA_NONE && insn->value[e->neg_as_tilde_if] ? '~' : '-');
    if (flag(e->bitnot, insn))
        put(o, "~");
    if (flag(e->not_, insn))
        put(o, "!");
    if (flag(e->abs, insn))
        put(o, "|");
    put_value(o, e, insn, fields, ctx);
    const char *name;
    if (e->suffix != ISA_NONE && (present(e->suffix, insn, fields) ||
                                  fields[e->suffix].role != ISA_FIELD_DEFAULT) &&
        isa_choice_name(e->choices, insn->value[e->suffix], &name))
        put(o, ".%s", name);
    if (flag(e->abs, insn))
        put(o, "|");
}

static void put_form(out_t *o, const isa_form *form, const isa_insn *insn, const isa_field *fields,
                     const isa_context *ctx)
{
    const isa_elem *elems = isa_tables_get()->elems + form->elem_begin;
    bool in_operands = false;
    for (unsigned i = 0; i < form->elem_count; i++) {
        const isa_elem *e = &elems[i];
        const char *name;
        bool operand_part = e->kind >= ISA_E_OPERAND && e->kind != ISA_E_SCHED &&
                            e->kind != ISA_E_OPT_END;
        if (operand_part && !in_operands) {
            put(o, " ");
            in_operands = true;
        }
        switch (e->kind) {
        case ISA_E_MNEMONIC:
        case ISA_E_MOD_TEXT:
        case ISA_E_TEXT:
            put(o, "%s", e->text);
            break;
        case ISA_E_MOD_LIT:
            if (!e->optional || (insn->value[e->field] == e->value &&
                                 e->value != isa_absent_value(&fields[e->field])))
                put(o, ".%s", e->text);
            break;
        case ISA_E_MOD_FIELD:
            if ((!e->optional || present(e->field, insn, fields)) &&
                isa_choice_name(e->choices, insn->value[e->field], &name))
                put(o, ".%s", name);
            break;
        case ISA_E_OPERAND:
            put_operand(o, e, insn, fields, ctx);
            break;
        case ISA_E_COMMA:
            put(o, ", ");
            break;
        case ISA_E_OFFSET: {
            int64_t s = isa_sign_extend(insn->value[e->field], fields[e->field].width);
            put(o, "%c0x%" PRIx64, s < 0 ? '-' : '+', (uint64_t)(s < 0 ? -s : s));
            break;
        }
        case ISA_E_SCHED:
            if (insn->value[e->field])
                put(o, " $%s=%u", e->text, insn->value[e->field]);
            break;
        case ISA_E_OPT_BEGIN:
            if (!group_needed(elems, form->elem_count, i, i + e->value, insn, fields)) {
                i += e->value;
                /* a group that opens the operand list is skipped whole */
            }
            break;
        default:
            break;
        }
    }
}

int isa_disasm(const isa_insn *insn, const isa_context *ctx, char *buf, size_t len)
{
    const isa_tables *t = isa_tables_get();
    if (insn->variant >= t->variant_count)
        return ISA_ERR_NO_VARIANT;
    const isa_variant *v = isa_variant_of(insn);
    const isa_field *fields = isa_variant_fields(v);
    for (unsigned k = 0; k < v->form_count; k++) {
        const isa_form *form = &t->forms[v->form_begin + k];
        if (!form_shows(form, insn, fields))
            continue;
        out_t o = {.buf = buf, .len = len};
        if (len)
            buf[0] = '\0';
        if (v->pg_field != ISA_NONE &&
            (present(v->pg_field, insn, fields) || present(v->pg_not_field, insn, fields))) {
            put(&o, "@%s", v->pg_not_field != ISA_NONE && insn->value[v->pg_not_field] ? "!" : "");
            insn->value[v->pg_field] == 7 ? put(&o, "PT ") : put(&o, "P%u ", insn->value[v->pg_field]);
        }
        put_form(&o, form, insn, fields, ctx);
        return o.overflow ? ISA_ERR_BUFFER : 0;
    }
    return ISA_ERR_NO_FORM;
}

int isa_disasm_word(isa_word word, const isa_context *ctx, char *buf, size_t len)
{
    isa_insn insn;
    int rc = isa_decode(word, &insn);
    if (rc)
        return rc;
    return isa_disasm(&insn, ctx, buf, len);
}
