/* libisa internal: what the assembler and disassembler share about operands. */
#ifndef ISA_OPERAND_H
#define ISA_OPERAND_H

#include "isa/isa.h"

enum isa_float_format { ISA_FMT_F32, ISA_FMT_F16X2, ISA_FMT_BF16X2, ISA_FMT_RAW };

/* How a float immediate element is written, given the other fields. */
enum isa_float_format isa_operand_float_format(const isa_elem *e, const isa_insn *insn);
/* The value a field holds when its syntax element is absent. */
uint32_t isa_absent_value(const isa_field *f);
/* Does the choice list hold value v?  Sets *name. */
int isa_choice_name(uint16_t list, uint32_t v, const char **name);
/* Name of an enum value of a type, or NULL. */
const char *isa_enum_name(const isa_type *t, uint32_t v);
int64_t isa_sign_extend(uint32_t v, unsigned width);

#endif
