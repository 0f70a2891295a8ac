/* libisa: modifier values of opcode variants (isa/modifier.h). */
#include "isa/modifier.h"

#include <stdio.h>
#include <string.h>

bool isa_is_modifier(uint16_t variant, uint16_t field)
{
    const isa_tables *t = isa_tables_get();
    if (variant >= t->variant_count || field >= t->variants[variant].field_count)
        return false;
    const isa_variant *v = &t->variants[variant];
    const isa_field *f = &isa_variant_fields(v)[field];
    return isa_field_type(f)->kind == ISA_KIND_ENUM && f->role != ISA_FIELD_FIXED && field != v->pg_field &&
           field != v->pg_not_field; /* the guard is no modifier */
}

/* The modifier fields of v holding a value named `name`: how many, the first in *field. */
static unsigned fields_with_value(uint16_t v, const char *name, uint16_t *field, uint32_t *value)
{
    const isa_variant *var = &isa_tables_get()->variants[v];
    unsigned n = 0;
    for (uint16_t i = 0; i < var->field_count; i++) {
        if (!isa_is_modifier(v, i))
            continue;
        const isa_type *type = isa_field_type(&isa_variant_fields(var)[i]);
        for (uint16_t k = 0; k < type->value_count; k++)
            if (strcmp(type->values[k].name, name) == 0) {
                if (!n++)
                    *field = i, *value = type->values[k].value;
            }
    }
    return n;
}

static void say_modifiers(uint16_t v, char *err, size_t errlen, size_t used)
{
    const isa_variant *var = &isa_tables_get()->variants[v];
    for (uint16_t i = 0; i < var->field_count && used < errlen; i++) {
        if (!isa_is_modifier(v, i))
            continue;
        const isa_field *f = &isa_variant_fields(var)[i];
        const isa_type *type = isa_field_type(f);
        used += (size_t)snprintf(err + used, errlen - used, " %s:", f->name);
        for (uint16_t k = 0; k < type->value_count && used < errlen; k++)
            used += (size_t)snprintf(err + used, errlen - used, " %s", type->values[k].name);
        if (used < errlen)
            used += (size_t)snprintf(err + used, errlen - used, ";");
    }
}

int isa_modifier_parse(const char *text, isa_modifier_value *out, char *err, size_t errlen)
{
    const char *dot = strchr(text, '.');
    char variant[64];
    if (!dot || (size_t)(dot - text) >= sizeof variant || !dot[1]) {
        snprintf(err, errlen, "'%s' is not VARIANT.VALUE or VARIANT.FIELD=VALUE (MOV_R.64, LDG_R.dtype=128)", text);
        return -1;
    }
    memcpy(variant, text, (size_t)(dot - text));
    variant[dot - text] = '\0';
    int v = isa_find_variant(variant);
    if (v < 0) {
        snprintf(err, errlen, "'%s': no opcode variant %s in the spec (gpuhost variants lists them)", text, variant);
        return -1;
    }
    const char *eq = strchr(dot + 1, '=');
    uint16_t field = 0;
    uint32_t value = 0;
    if (eq) {
        char name[64];
        if ((size_t)(eq - dot - 1) >= sizeof name) {
            snprintf(err, errlen, "'%s': the field name is too long", text);
            return -1;
        }
        memcpy(name, dot + 1, (size_t)(eq - dot - 1));
        name[eq - dot - 1] = '\0';
        int f = isa_field_index(&isa_tables_get()->variants[v], name);
        const isa_type *type = f < 0 ? NULL : isa_field_type(&isa_variant_fields(&isa_tables_get()->variants[v])[f]);
        uint16_t k = 0;
        while (type && isa_is_modifier((uint16_t)v, (uint16_t)f) && k < type->value_count &&
               strcmp(type->values[k].name, eq + 1) != 0)
            k++;
        if (!type || !isa_is_modifier((uint16_t)v, (uint16_t)f) || k == type->value_count) {
            size_t used = (size_t)snprintf(err, errlen, "'%s': %s has no modifier %s with a value %s; its "
                                           "modifiers:", text, variant, name, eq + 1);
            say_modifiers((uint16_t)v, err, errlen, used < errlen ? used : errlen);
            return -1;
        }
        field = (uint16_t)f, value = type->values[k].value;
    } else {
        unsigned n = fields_with_value((uint16_t)v, dot + 1, &field, &value);
        if (n != 1) {
            size_t used;
            if (n)
                used = (size_t)snprintf(err, errlen, "'%s': %u modifiers of %s have a value %s: name the field "
                                        "(VARIANT.FIELD=VALUE); its modifiers:", text, n, variant, dot + 1);
            else
                used = (size_t)snprintf(err, errlen, "'%s': no modifier of %s has a value %s; its modifiers:", text,
                                        variant, dot + 1);
            say_modifiers((uint16_t)v, err, errlen, used < errlen ? used : errlen);
            return -1;
        }
    }
    *out = (isa_modifier_value){.variant = (uint16_t)v, .field = (uint8_t)field, .value = (uint16_t)value};
    return 0;
}

void isa_modifier_name(const isa_modifier_value *m, char *out, size_t len)
{
    const isa_tables *t = isa_tables_get();
    if (m->variant >= t->variant_count || !isa_is_modifier(m->variant, m->field)) {
        snprintf(out, len, "variant %u field %u value %u", m->variant, m->field, m->value);
        return;
    }
    const isa_variant *v = &t->variants[m->variant];
    const isa_field *f = &isa_variant_fields(v)[m->field];
    const char *name = isa_enum_name(isa_field_type(f), m->value);
    uint16_t first;
    uint32_t value;
    if (!name)
        snprintf(out, len, "%s.%s=%u", v->name, f->name, m->value);
    else if (fields_with_value(m->variant, name, &first, &value) == 1)
        snprintf(out, len, "%s.%s", v->name, name);
    else
        snprintf(out, len, "%s.%s=%s", v->name, f->name, name);
}

bool isa_modifier_matches(const isa_modifier_value *m, const isa_insn *insn)
{
    return insn->variant == m->variant && m->field < ISA_MAX_FIELDS && insn->value[m->field] == m->value;
}

const isa_modifier_value *isa_modifier_find(const isa_modifier_value *list, size_t n, const isa_insn *insn)
{
    for (size_t i = 0; i < n; i++)
        if (isa_modifier_matches(&list[i], insn))
            return &list[i];
    return NULL;
}

void isa_modifier_list(FILE *f, uint16_t variant)
{
    const isa_tables *t = isa_tables_get();
    if (variant >= t->variant_count)
        return;
    const isa_variant *v = &t->variants[variant];
    for (uint16_t i = 0; i < v->field_count; i++) {
        if (!isa_is_modifier(variant, i))
            continue;
        const isa_field *field = &isa_variant_fields(v)[i];
        const isa_type *type = isa_field_type(field);
        fprintf(f, "  %s:", field->name);
        for (uint16_t k = 0; k < type->value_count; k++)
            fprintf(f, " %s%s", type->values[k].name,
                    field->role == ISA_FIELD_DEFAULT && type->values[k].value == field->value ? "*" : "");
        fputc('\n', f);
    }
}
