/* isagen: the spec compiler's in-memory model of the ISA description. */
#ifndef ISAGEN_H
#define ISAGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/tables.h"

typedef struct {
    const char *file;
    int line;
} ig_loc;

typedef struct {
    char *name;
    uint32_t value;
    ig_loc loc;
} ig_value;

typedef struct {
    char *name;
    int kind; /* enum isa_type_kind */
    int width;
    ig_value *values;
    int value_count;
    ig_loc loc;
} ig_type;

typedef struct {
    char *name;
    char *type_name;
    int type; /* index, -1 until resolved */
    int lsb, width;
    int role; /* enum isa_field_role */
    char *value_text;
    uint32_t value;
    ig_loc loc;
} ig_field;

typedef struct {
    char *name;
    char **values; /* display names */
    bool *is_default;
    int count;
    ig_loc loc;
} ig_choice;

typedef struct {
    char *kind, *message, *expr;
    ig_loc loc;
} ig_exception;

typedef struct {
    char *op, *expr;
    ig_loc loc;
} ig_bitwidth;

typedef struct {
    char *field, *func, *arg; /* AsmFormat<field> = func(field, arg) */
    ig_loc loc;
} ig_asmformat;

typedef struct {
    char *text;
    ig_loc loc;
} ig_line;

enum ig_level { IG_GROUP, IG_OPTYPE, IG_OPCODE };

typedef struct {
    int level;
    char *name, *parent;
    ig_loc loc;
    bool extension;
    ig_field *fields;
    int field_count;
    ig_line *syntax;
    int syntax_count;
    ig_choice *choices;
    int choice_count;
    ig_exception *exceptions;
    int exception_count;
    char **order, **inlist, **outlist;
    int order_count, inlist_count, outlist_count;
    bool has_order;
    ig_bitwidth *bitwidths;
    int bitwidth_count;
    ig_asmformat *asmformats;
    int asmformat_count;
    ig_line *examples;
    int example_count;
} ig_def;

typedef struct {
    ig_type *types;
    int type_count;
    ig_def *defs;
    int def_count;
    int errors, warnings;
    bool lenient; /* --check of the team's own files: sloppiness is a warning */
} ig_spec;

/* util.c: every allocation goes through ig_xrealloc (or ig_strdup,
 * ig_strndup) and is released with ig_free, or all at once by ig_free_all. */
void *ig_xrealloc(void *p, size_t n);
void ig_free(void *p);
void ig_free_all(void);
extern bool ig_quiet; /* no diagnostics on stderr (counts still kept) */
char *ig_strdup(const char *s);
char *ig_strndup(const char *s, size_t n);
#define IG_PUSH(arr, count) \
    (arr = ig_xrealloc(arr, sizeof(*(arr)) * (size_t)((count) + 1)), &(arr)[(count)++])
void ig_error(ig_spec *spec, ig_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void ig_warn(ig_spec *spec, ig_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error in strict mode, a warning in lenient mode. */
void ig_flaw(ig_spec *spec, ig_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* parse.c */
int ig_parse_file(ig_spec *spec, const char *path);
/* The same from an open stream, named name in diagnostics. */
int ig_parse_stream(ig_spec *spec, FILE *f, const char *name);
int ig_find_type(const ig_spec *spec, const char *name);
int ig_find_def(const ig_spec *spec, const char *name);
bool ig_type_value(const ig_type *type, const char *text, uint32_t *value);

/* model.c: a variant resolved with everything it inherits */
typedef struct {
    int def;             /* the opcode */
    int optype, group;   /* defs */
    ig_field *fields;    /* inherited first */
    int field_count;
    ig_exception **exceptions;
    int exception_count;
    ig_bitwidth **bitwidths;
    int bitwidth_count;
    ig_asmformat **asmformats;
    int asmformat_count;
    char **order, **inlist, **outlist;
    int order_count, inlist_count, outlist_count;
    isa_word mask, match;
    int pg_field_index, pg_not_field_index; /* -1 if absent */
} ig_variant;

void ig_resolve_fields(ig_spec *spec);
int ig_resolve_variant(ig_spec *spec, int def, ig_variant *out);
int ig_variant_field(const ig_variant *v, const char *name);
void ig_variant_free(ig_variant *v);

/* expr.c: compile an expression to postfix code */
typedef struct {
    isa_expr_insn *code;
    int count;
} ig_code;
int ig_compile_expr(ig_spec *spec, const ig_variant *v, const char *text, ig_loc loc, ig_code *out);

/* check.c */
void ig_check(ig_spec *spec, ig_variant *variants, int count);

/* syntax.c: a template compiled against one variant */
typedef struct {
    isa_elem *elems;
    int elem_count;
    isa_implied *implied;
    int implied_count;
    char **choice_names; /* per choice list created: parallel arrays */
} ig_form;

typedef struct {
    /* choice lists shared by all forms */
    isa_enum_value *choices;
    int choice_count;
    isa_choice_list *lists;
    int list_count;
    /* expressions (Bitwidth) */
    ig_code *exprs;
    int expr_count;
} ig_pool;

int ig_compile_form(ig_spec *spec, ig_pool *pool, const ig_variant *v, const ig_line *row,
                    ig_form *out);

/* emit.c */
int ig_emit(ig_spec *spec, ig_variant *variants, int count, ig_form **forms, int *form_counts,
            ig_pool *pool, const char *path, const char *digest);
/* emit_access.c: field/optype/value constants and the (variant, field) index table */
int ig_emit_access(ig_spec *spec, ig_variant *variants, int count, const char *header_path,
                   const char *source_path, const char *digest);
/* emit_verilog.c: gpu_isa.vh (constants, operand slots, the implemented set
 * from implemented_path if not NULL) and gpu_legal.v (emit_legal.c) in dir */
int ig_emit_verilog(ig_spec *spec, ig_variant *variants, int count, const char *dir,
                    const char *implemented_path, const char *digest);
int ig_emit_legal(ig_spec *spec, ig_variant *variants, int count, int key_bits, const char *path,
                  const char *digest);

#endif
