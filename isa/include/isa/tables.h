/* The schema of the tables isagen generates from isa/spec (isa_tables.c in the
 * build tree). libisa interprets them; nothing here is per-instruction. */
#ifndef ISA_TABLES_H
#define ISA_TABLES_H

#include <stdint.h>

#include "isa/word.h"

enum isa_type_kind {
    ISA_KIND_ENUM,     /* named modifier values */
    ISA_KIND_GPR,      /* R0..R254, RZ */
    ISA_KIND_UGPR,     /* UR0..UR62, URZ */
    ISA_KIND_PRED,     /* P0..P6, PT */
    ISA_KIND_UPRED,    /* UP0..UP6, UPT */
    ISA_KIND_SIMM,     /* signed immediate */
    ISA_KIND_UIMM,     /* unsigned immediate */
    ISA_KIND_F32IMM,   /* binary32 immediate */
    ISA_KIND_F16IMMX2, /* two binary16 (or bf16) immediates, written "hi, lo" */
    ISA_KIND_CMEM,     /* c[bank][offset]: offset bits 0..15, bank bits 16..21 (below) */
    ISA_KIND_PCREL,    /* branch target: signed byte offset from the next instruction */
};

typedef struct {
    const char *name;
    uint32_t value;
} isa_enum_value;

typedef struct {
    const char *name;
    uint8_t kind; /* enum isa_type_kind */
    uint8_t width;
    uint16_t value_count;
    const isa_enum_value *values;
} isa_type;

enum isa_field_role { ISA_FIELD_FREE, ISA_FIELD_FIXED, ISA_FIELD_DEFAULT };

typedef struct {
    const char *name; /* "rb.neg" */
    uint16_t type;    /* index into isa_types */
    uint8_t lsb;
    uint8_t width;
    uint8_t role; /* enum isa_field_role */
    uint32_t value; /* the fixed or default value */
} isa_field;

/* Expressions (exceptions, Bitwidth) as postfix code over field values. */
enum isa_expr_op {
    ISA_EX_CONST, /* push arg */
    ISA_EX_FIELD, /* push value of variant field #arg */
    ISA_EX_EQ, ISA_EX_NE, ISA_EX_LT, ISA_EX_LE, ISA_EX_GT, ISA_EX_GE,
    ISA_EX_AND, ISA_EX_OR, ISA_EX_NOT,
    ISA_EX_ADD, ISA_EX_SUB, ISA_EX_MUL,
};

typedef struct {
    uint8_t op;
    int32_t arg;
} isa_expr_insn;

typedef struct {
    uint32_t begin; /* into isa_expr_code */
    uint16_t count;
} isa_expr;

typedef struct {
    const char *kind;    /* IllegalBitFieldCombination, ... */
    const char *message; /* the spec's own words */
    isa_expr cond;       /* true means the encoding is illegal */
} isa_exception;

/* One element of a compiled syntax template. */
enum isa_elem_kind {
    ISA_E_MNEMONIC,  /* text: the base mnemonic, e.g. "IMAD" */
    ISA_E_MOD_TEXT,  /* text: a literal modifier binding no field, e.g. ".WIDE" */
    ISA_E_MOD_FIELD, /* .placeholder: field printed through choices */
    ISA_E_MOD_LIT,   /* .LIT: field == value */
    ISA_E_OPERAND,   /* an operand with its decorations */
    ISA_E_TEXT,      /* punctuation or literal operand text: "PR", "R[", "]", "c[" */
    ISA_E_COMMA,
    ISA_E_OFFSET,    /* "+imm" inside brackets: signed, printed "-0x4" when negative */
    ISA_E_SCHED,     /* $sched / $req / $wsb: field printed as "$name=value" when non-zero */
    ISA_E_OPT_BEGIN, /* optional group; arg = index of the matching OPT_END */
    ISA_E_OPT_END,
};

#define ISA_CMEM_OFFSET_BITS 16 /* an ISA_KIND_CMEM value: offset in the low bits, */
#define ISA_CMEM_BANK_BITS 6    /* bank above them */

#define ISA_NONE 0xffffu
#define ISA_MAX_FIELDS_IN_TABLES 64 /* fields per variant libisa can hold */

typedef struct {
    uint8_t kind;         /* enum isa_elem_kind */
    uint8_t optional;     /* MOD_FIELD/MOD_LIT written in braces: may be omitted */
    uint16_t field;       /* main field index within the variant, or ISA_NONE */
    uint16_t neg, abs, bitnot, not_; /* decoration fields or ISA_NONE */
    uint16_t suffix;      /* .hsel/.hsel2/.bsel field or ISA_NONE */
    uint16_t neg_as_tilde_if; /* AsmFormat CvtINegX: field whose non-zero value prints neg as '~' */
    uint16_t float_format;    /* AsmFormat CvtFImm: field whose value names the float format */
    uint16_t choices;     /* into isa_choice_lists, or ISA_NONE */
    uint16_t width_expr;  /* into isa_exprs for Bitwidth, or ISA_NONE (32) */
    uint32_t value;       /* MOD_LIT value; OPT_BEGIN: index of OPT_END (relative) */
    const char *text;     /* MNEMONIC, MOD_TEXT, TEXT, SCHED ("sched"), MOD_LIT name */
} isa_elem;

typedef struct {
    uint32_t begin; /* into isa_choices */
    uint16_t count;
    uint16_t default_index; /* ISA_NONE when the list marks none */
} isa_choice_list;

typedef struct {
    uint16_t field;
    uint32_t value;
} isa_implied;

typedef struct {
    uint16_t variant;
    uint16_t row;           /* which syntax line of the optype */
    uint32_t elem_begin;    /* into isa_elems */
    uint16_t elem_count;
    uint32_t implied_begin; /* fields this form does not show: value they must hold */
    uint16_t implied_count;
} isa_form;

typedef struct {
    uint16_t field;
    uint8_t is_output;
    uint16_t width_expr; /* ISA_NONE: 32 */
} isa_operand;

typedef struct {
    const char *name;     /* IADD_RR */
    const char *optype;   /* IADD */
    const char *group;    /* IALU */
    const char *mnemonic; /* IADD */
    isa_word mask, match; /* the fixed fields' bits */
    uint32_t field_begin;
    uint16_t field_count;
    uint32_t exception_begin;
    uint16_t exception_count;
    uint32_t form_begin;
    uint16_t form_count;
    uint32_t operand_begin; /* Order<> minus pg, with In/Out */
    uint16_t operand_count;
    uint16_t pg_field, pg_not_field; /* guard predicate fields, ISA_NONE if absent */
    uint8_t extension;  /* defined in ext.isa */
    const char *file;
    uint32_t line;
} isa_variant;

typedef struct {
    const char *file;
    uint32_t line;
    const char *text;
} isa_example;

typedef struct {
    const char *source_digest; /* of the spec files the tables came from */
    const isa_type *types;
    uint32_t type_count;
    const isa_field *fields;
    const isa_variant *variants;
    uint32_t variant_count;
    const isa_form *forms;
    uint32_t form_count;
    const isa_elem *elems;
    const isa_implied *implied;
    const isa_enum_value *choices;
    const isa_choice_list *choice_lists;
    const isa_exception *exceptions;
    const isa_expr *exprs;
    const isa_expr_insn *expr_code;
    const isa_operand *operands;
    const isa_example *examples;
    uint32_t example_count;
    uint32_t optype_count;
} isa_tables;

extern const isa_tables isa_generated_tables;

#endif
