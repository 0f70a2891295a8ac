/* libisa: decode, encode, disassemble and assemble 128-bit instructions, all
 * by interpreting the tables isagen generates from isa/spec. */
#ifndef ISA_ISA_H
#define ISA_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/tables.h"
#include "isa/word.h"

#define ISA_MAX_FIELDS ISA_MAX_FIELDS_IN_TABLES

/* Errors: 0 is success, every failure a negative ISA_ERR_*. */
#define ISA_ERRORS(X)                                                        \
    X(NO_VARIANT, -1, "no instruction variant matches the word")             \
    X(NO_FORM, -2, "no syntax form shows these field values")                \
    X(FIELD_RANGE, -3, "a field value does not fit its bits")                \
    X(FIXED_FIELD, -4, "a fixed field holds another value")                  \
    X(EXCEPTION, -5, "the field values violate an encoding rule of the spec") \
    X(SYNTAX, -6, "the text is not a valid instruction")                     \
    X(BUFFER, -7, "the output buffer is too small")
enum isa_err {
#define ISA_ERR_ENUM(name, code, text) ISA_ERR_##name = code,
    ISA_ERRORS(ISA_ERR_ENUM)
#undef ISA_ERR_ENUM
};
const char *isa_strerror(int err); /* never NULL */

/* A decoded instruction: its variant and the value of each of its fields,
 * indexed like the variant's fields in the tables. */
typedef struct {
    uint16_t variant;
    uint32_t value[ISA_MAX_FIELDS];
} isa_insn;

const isa_tables *isa_tables_get(void);
const isa_variant *isa_variant_of(const isa_insn *insn);
const isa_field *isa_variant_fields(const isa_variant *v);
int isa_field_index(const isa_variant *v, const char *name); /* -1 if absent */
const isa_type *isa_field_type(const isa_field *f);
/* Looks a variant up by name (IADD_RR); -1 if absent. */
int isa_find_variant(const char *name);

/* Name of a type's value, or NULL. */
const char *isa_enum_name(const isa_type *t, uint32_t v);

/* Sets every field to its fixed value or default (0 where it has none). */
void isa_insn_init(isa_insn *insn, uint16_t variant);

int isa_decode(isa_word word, isa_insn *out);
/* Checks ranges, fixed fields and the spec's exceptions; on ISA_ERR_EXCEPTION
 * *message (if given) points at the spec's own text. */
int isa_encode(const isa_insn *insn, isa_word *out, const char **message);
int64_t isa_eval(const isa_expr *expr, const isa_insn *insn);
/* Width in bits of operand element or operand table entry (32 when unspecified). */
unsigned isa_width(uint16_t width_expr, const isa_insn *insn);

/* Resolves a label while assembling; returns 0 and sets *addr, or -1. */
typedef int (*isa_symbol_fn)(void *ctx, const char *name, uint64_t *addr);
/* Names an address while disassembling (a label), or NULL. */
typedef const char *(*isa_label_fn)(void *ctx, uint64_t addr);

typedef struct {
    uint64_t pc;           /* byte address of the instruction (branch targets) */
    isa_symbol_fn symbols; /* assembling */
    isa_label_fn labels;   /* disassembling */
    void *ctx;
} isa_context;

/* Canonical text, defaults omitted. pc/labels may be NULL/0. */
int isa_disasm(const isa_insn *insn, const isa_context *ctx, char *buf, size_t len);
int isa_disasm_word(isa_word word, const isa_context *ctx, char *buf, size_t len);

/* Assembles one instruction (no label, no directive). On failure, the column
 * (0-based) and a message naming what was expected are stored in diag. */
typedef struct {
    size_t column;
    char message[256];
} isa_diag;
int isa_asm(const char *text, const isa_context *ctx, isa_word *out, isa_insn *insn, isa_diag *diag);

#endif
