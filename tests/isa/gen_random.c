/* Tests: random legal instructions. Every value is chosen the way the form
 * writes it, so "legal" means "expressible in assembly". */
#include <string.h>

#include "gen_random.h"

static uint32_t pick(uint64_t *st, uint32_t n)
{
    return n ? (uint32_t)(test_rand(st) % n) : 0;
}

static uint32_t random_bits(uint64_t *st, unsigned width)
{
    uint32_t v = (uint32_t)test_rand(st);
    return width >= 32 ? v : v & ((1u << width) - 1);
}

static uint32_t random_choice(uint64_t *st, uint16_t list)
{
    const isa_tables *t = isa_tables_get();
    const isa_choice_list *l = &t->choice_lists[list];
    return t->choices[l->begin + pick(st, l->count)].value;
}

static void random_operand(const isa_elem *e, isa_insn *insn, const isa_field *fields, uint64_t *st)
{
    const isa_field *f = &fields[e->field];
    const isa_type *t = isa_field_type(f);
    unsigned width = isa_width(e->width_expr, insn);
    unsigned regs = width > 32 ? width / 32 : 1;
    uint32_t *v = &insn->value[e->field];
    switch (t->kind) {
    case ISA_KIND_GPR:
        *v = pick(st, 8) == 0 ? 255 : pick(st, 255 - regs + 1);
        break;
    case ISA_KIND_UGPR:
        *v = pick(st, 8) == 0 ? 63 : pick(st, 63 - regs + 1);
        break;
    case ISA_KIND_ENUM:
        *v = t->value_count ? t->values[pick(st, t->value_count)].value : 0;
        break;
    case ISA_KIND_CMEM:
        *v = random_bits(st, 22);
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

int test_random_insn(uint32_t form_index, uint64_t *st, isa_insn *insn)
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
                random_operand(e, insn, fields, st);
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
