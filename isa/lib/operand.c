/* libisa: operand helpers shared by the assembler and the disassembler. */
#include <string.h>

#include "operand.h"

uint32_t isa_absent_value(const isa_field *f)
{
    return f->role == ISA_FIELD_FREE ? 0 : f->value;
}

int isa_choice_name(uint16_t list, uint32_t v, const char **name)
{
    const isa_tables *t = isa_tables_get();
    if (list == ISA_NONE)
        return 0;
    const isa_choice_list *l = &t->choice_lists[list];
    for (unsigned i = 0; i < l->count; i++)
        if (t->choices[l->begin + i].value == v) {
            *name = t->choices[l->begin + i].name;
            return 1;
        }
    return 0;
}

const char *isa_enum_name(const isa_type *t, uint32_t v)
{
    for (unsigned i = 0; i < t->value_count; i++)
        if (t->values[i].value == v)
            return t->values[i].name;
    return NULL;
}

int64_t isa_sign_extend(uint32_t v, unsigned width)
{
    if (width >= 32)
        return (int32_t)v;
    uint32_t sign = 1u << (width - 1);
    return (int64_t)((v ^ sign)) - (int64_t)sign;
}

enum isa_float_format isa_operand_float_format(const isa_elem *e, const isa_insn *insn)
{
    const isa_variant *v = isa_variant_of(insn);
    const isa_field *fields = isa_variant_fields(v);
    const isa_type *t = isa_field_type(&fields[e->field]);
    enum isa_float_format def = t->kind == ISA_KIND_F16IMMX2 ? ISA_FMT_F16X2 : ISA_FMT_F32;
    if (e->float_format == ISA_NONE)
        return def;
    const isa_field *ff = &fields[e->float_format];
    const char *name = isa_enum_name(isa_field_type(ff), insn->value[e->float_format]);
    if (!name)
        return ISA_FMT_RAW;
    if (strcmp(name, "F32") == 0)
        return ISA_FMT_F32;
    if (strcmp(name, "F16_V2") == 0)
        return ISA_FMT_F16X2;
    if (strcmp(name, "BF16_V2") == 0)
        return ISA_FMT_BF16X2;
    return ISA_FMT_RAW;
}
