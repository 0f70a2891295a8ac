/* libisa: one value of one modifier of one opcode variant ("MOV_R.64": MOV_R
 * with its width field 64), the unit below the variant in which a partial
 * core declares what it lacks (docs/port-contract.md, capability words
 * MODIFIERS). Modifiers are the variant's named-value fields the syntax can
 * set (isa_field of an ISA_KIND_ENUM type, neither fixed nor the optype). */
#ifndef ISA_MODIFIER_H
#define ISA_MODIFIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"

typedef struct {
    uint16_t variant; /* index into the tables' variants */
    uint8_t field;    /* index into the variant's fields */
    uint16_t value;   /* the field's value */
} isa_modifier_value;

/* Whether field `field` of variant `variant` is a modifier (above). */
bool isa_is_modifier(uint16_t variant, uint16_t field);

/* Reads "VARIANT.VALUE" (MOV_R.64: the value's name, unique among the
 * variant's modifiers) or "VARIANT.FIELD=VALUE" (LDG_R.dtype=128). 0; -1
 * with the reason, naming what the variant has, in err. */
int isa_modifier_parse(const char *text, isa_modifier_value *out, char *err, size_t errlen);

/* "MOV_R.64" when the value's name is unique among the variant's
 * modifiers, else "MOV_R.width=64". */
void isa_modifier_name(const isa_modifier_value *m, char *out, size_t len);

/* Whether the instruction is of m's variant with m's field at m's value. */
bool isa_modifier_matches(const isa_modifier_value *m, const isa_insn *insn);

/* The first of n values the instruction matches, or NULL. */
const isa_modifier_value *isa_modifier_find(const isa_modifier_value *list, size_t n, const isa_insn *insn);

/* Lists the modifiers of variant v and their values to f, one a line:
 * "  width: 32 64" (`gpuhost variants --modifiers`). */
void isa_modifier_list(FILE *f, uint16_t variant);

#endif
