/* libisa, private: the parts of the random kernel generator (random_kernel.c:
 * the structure; random_program.c: the code, labels and output;
 * random_roles.c: the kernel's layout and the operand roles that keep memory,
 * constant and register-index operands in range). */
#ifndef ISA_LIB_RANDOM_KERNEL_H
#define ISA_LIB_RANDOM_KERNEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/isa.h"
#include "isa/random.h"
#include "isa/random_kernel.h"

/* Registers random instructions may read and write: R0..R31, UR0..UR15. The
 * generator's own registers sit above them, so nothing random clobbers an
 * address, an index or a loop counter. */
#define RK_GPR_WINDOW 32u
#define RK_UR_WINDOW 16u
#define RK_CONST_BANKS 4u
#define RK_CONST_BYTES 256u

/* The generator's own registers besides the roles' (random_roles.c). */
enum {
    RK_R_COUNTER = 42, /* loop counters, one per loop nesting level (42, 43) */
    RK_LOOP_DEPTH = 2,
    RK_R_LANE = 44,   /* the lane id */
    RK_R_SHAPE = 45,  /* lane % 3: loops whose trip count differs per lane */
    RK_R_WARP = 46,   /* the warp id (prologue) */
    RK_R_REPEAT = 47, /* the trips left of the loop that repeats a body the code memory holds */
};

typedef struct {
    isa_word word;
    uint32_t label; /* the branch target's label, or RK_NO_LABEL */
} rk_insn;
#define RK_NO_LABEL UINT32_MAX

typedef struct {
    const isa_random_kernel_opts *o;
    uint64_t rng;
    isa_random_limits lim;
    rk_insn *code;
    size_t count, cap;
    uint32_t *labels; /* instruction index of each label */
    size_t label_count, label_cap;
    char *err;
    size_t errlen;
    bool failed;
    bool unfit; /* failed for the target's limits, not gen's (ISA_RANDOM_KERNEL_UNFIT) */
} rk_gen;

/* The code (random_program.c). */
uint32_t rk_pick(rk_gen *g, uint32_t n);
bool rk_append(rk_gen *g, isa_word w, uint32_t label);
uint32_t rk_new_label(rk_gen *g);
void rk_bind(rk_gen *g, uint32_t label); /* at the next instruction */
void rk_write_code(const rk_gen *g, FILE *f);
bool rk_implements(const rk_gen *g, const isa_variant *v);
/* ... and none of the instruction's modifier values is one the target lacks. */
bool rk_implements_insn(const rk_gen *g, const isa_insn *insn);
/* Assembles one instruction from printf-style text and appends it; false
 * (with g->err) if it does not assemble. */
bool rk_emit_text(rk_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether a template of rk_emit_text assembles to an implemented instruction. */
bool rk_text_usable(const rk_gen *g, const char *fmt);

/* The operand roles (random_roles.c). */
bool rk_roles_usable(rk_gen *g, const isa_variant *v, const char **why);
/* Overrides the role fields of a random instruction with safe values. */
void rk_roles_apply(rk_gen *g, isa_insn *insn);
/* Directives: launch shape, constant banks, memory, initial registers. */
void rk_write_directives(rk_gen *g, FILE *f);
/* Instructions before the body (per-warp addresses). */
bool rk_write_prologue(rk_gen *g);

#endif
