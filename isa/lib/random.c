/* libisa: random legal instructions. Every value is chosen the way a syntax
 * form writes it, so "legal" means "expressible in assembly" and allowed by
 * the spec's exceptions. Limits narrow the choice for programs that must
 * run (aligned register tuples, a register window, readable constants). */
#include <string.h>

#include "isa/random.h"
#include "operand.h"

uint64_t isa_rand(uint64_t *state)
{
    uint64_t x = *state; /* xorshift64*: deterministic per seed */
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 2685821657736338717ull;
}

static uint32_t pick(uint64_t *st, uint32_t n)
{
    return n ? (uint32_t)(isa_rand(st) % n) : 0;
}

static uint32_t random_bits(uint64_t *st, unsigned width)
{
    uint32_t v = (uint32_t)isa_rand(st);
    return width >= 32 ? v : v & ((1u << width) - 1);
}

static uint32_t random_choice(uint64_t *st, uint16_t list)
{
    const isa_tables *t = isa_tables_get();
    const isa_choice_list *l = &t->choice_lists[list];
    return t->choices[l->begin + pick(st, l->count)].value;
}

static uint32_t random_register(uint64_t *st, unsigned regs, unsigned limit, unsigned zero, bool align)
{
    if (pick(st, 8) == 0)
        return zero;
    uint32_t r = pick(st, limit - regs + 1);
    return align ? r - r % regs : r;
}

static void random_operand(const isa_elem *e, isa_insn *insn, const isa_field *fields, uint64_t *st,
                           const isa_random_limits *lim)
{
    const isa_field *f = &fields[e->field];
    const isa_type *t = isa_field_type(f);
    unsigned width = isa_width(e->width_expr, insn);
    unsigned regs = width > 32 ? width / 32 : 1;
    uint32_t *v = &insn->value[e->field];
    switch (t->kind) {
    case ISA_KIND_GPR:
        *v = random_register(st, regs, lim && lim->gprs ? lim->gprs : 255, 255, lim != NULL);
        break;
    case ISA_KIND_UGPR:
        *v = random_register(st, regs, lim && lim->urs ? lim->urs : 63, 63, lim != NULL);
        break;
    case ISA_KIND_PRED:
    case ISA_KIND_UPRED:
        *v = pick(st, 8);
        break;
    case ISA_KIND_ENUM:
        *v = t->value_count ? t->values[pick(st, t->value_count)].value : 0;
        break;
    case ISA_KIND_CMEM:
        *v = lim ? pick(st, lim->const_banks ? lim->const_banks : 1) << 16 |
                       4 * pick(st, (lim->const_bytes ? lim->const_bytes : 4) / 4)
                 : random_bits(st, 22);
        break;
    default:
        *v = random_bits(st, f->width);
    }
    uint16_t flags[] = {e->neg, e->abs, e->bitnot, e->not_};
    for (unsigned i = 0; i < 4; i++)
        if (flags[i] != ISA_NONE)
            insn->value[flags[i]] = pick(st, 2);
    if (e->suffix != ISA_NONE && e->choices != ISA_NONE)
        insn->value[e->suffix] = random_choice(st, e->choices);
}

int isa_random_insn(uint32_t form_index, uint64_t *st, const isa_random_limits *lim, isa_insn *insn)
{
    const isa_tables *t = isa_tables_get();
    const isa_form *form = &t->forms[form_index];
    const isa_elem *elems = t->elems + form->elem_begin;
    for (int attempt = 0; attempt < 1000; attempt++) {
        isa_insn_init(insn, form->variant);
        const isa_variant *v = isa_variant_of(insn);
        const isa_field *fields = isa_variant_fields(v);
        if (v->pg_field != ISA_NONE) {
            insn->value[v->pg_field] = pick(st, 8);
            insn->value[v->pg_not_field] = pick(st, 2);
        }
        for (unsigned i = 0; i < form->elem_count; i++) {
            const isa_elem *e = &elems[i];
            switch (e->kind) {
            case ISA_E_MOD_LIT:
                if (!e->optional || pick(st, 2))
                    insn->value[e->field] = e->value;
                break;
            case ISA_E_MOD_FIELD:
                insn->value[e->field] = random_choice(st, e->choices);
                break;
            case ISA_E_OPERAND:
                random_operand(e, insn, fields, st, lim);
                break;
            case ISA_E_OFFSET:
            case ISA_E_SCHED:
                insn->value[e->field] = random_bits(st, fields[e->field].width);
                break;
            case ISA_E_OPT_BEGIN:
                if (pick(st, 2))
                    i += e->value; /* leave the group at its absent values */
                break;
            default:
                break;
            }
        }
        isa_word w;
        if (isa_encode(insn, &w, NULL) == 0)
            return 0;
    }
    return -1;
}

static bool in_choices(uint16_t list, uint32_t value)
{
    const char *name;
    return isa_choice_name(list, value, &name) != 0;
}

bool isa_random_can_write(uint16_t variant, uint16_t field, uint32_t value)
{
    const isa_tables *t = isa_tables_get();
    const isa_variant *v = &t->variants[variant];
    const isa_field *f = &isa_variant_fields(v)[field];
    uint32_t absent = isa_absent_value(f);
    if (field == v->pg_field || field == v->pg_not_field)
        return true; /* the guard, written before any form */
    for (uint16_t k = 0; k < v->form_count; k++) {
        const isa_form *form = &t->forms[v->form_begin + k];
        bool shown = false, ok = false;
        for (unsigned i = 0; i < form->implied_count; i++) {
            const isa_implied *im = &t->implied[form->implied_begin + i];
            if (im->field == field)
                shown = true, ok |= im->value == value;
        }
        const isa_elem *elems = t->elems + form->elem_begin;
        unsigned optional = 0; /* inside optional groups: the absent value too */
        for (unsigned i = 0; i < form->elem_count; i++) {
            const isa_elem *e = &elems[i];
            bool may_lack = optional || e->optional;
            optional += e->kind == ISA_E_OPT_BEGIN;
            optional -= e->kind == ISA_E_OPT_END && optional;
            if (e->kind == ISA_E_MOD_LIT && e->field == field)
                shown = true, ok |= value == e->value || (may_lack && value == absent);
            else if (e->kind == ISA_E_MOD_FIELD && e->field == field)
                shown = true, ok |= in_choices(e->choices, value) || (may_lack && value == absent);
            else if ((e->kind == ISA_E_OPERAND || e->kind == ISA_E_OFFSET) && e->field == field)
                shown = true, ok |= isa_field_type(f)->kind != ISA_KIND_ENUM || isa_enum_name(isa_field_type(f), value);
            else if (e->kind == ISA_E_OPERAND && e->suffix == field)
                shown = true, ok |= in_choices(e->choices, value) || value == absent;
            else if (e->kind == ISA_E_OPERAND &&
                     (e->neg == field || e->abs == field || e->bitnot == field || e->not_ == field))
                shown = true, ok |= value <= 1;
        }
        if (!(shown ? ok : value == absent))
            continue;
        /* and the spec's exceptions allow it (MOV_I.64 is illegal): on some random instance */
        uint64_t st = 0x9e3779b97f4a7c15ull + value;
        for (int attempt = 0; attempt < 16; attempt++) {
            isa_insn insn;
            isa_word w;
            if (isa_random_insn(v->form_begin + k, &st, NULL, &insn) != 0)
                break;
            insn.value[field] = value;
            if (isa_encode(&insn, &w, NULL) == 0)
                return true;
        }
    }
    return false;
}
