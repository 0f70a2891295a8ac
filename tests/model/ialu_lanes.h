/* Model tests of group IALU: run a snippet on one warp whose 32 lanes start
 * from given register and predicate values, and check every lane's result.
 * Vectors take inputs in R2..R5 and P0..P6 and results in R0, R1, P0..P6. */
#ifndef TEST_MODEL_IALU_LANES_H
#define TEST_MODEL_IALU_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IL_LANES 32
#define IL_GPRS 8 /* R0..R7 */

/* One lane's state: R0..R7 and P0..P6 (bit i = Pi). */
typedef struct {
    uint32_t r[IL_GPRS];
    uint8_t p;
} il_lane;

/* Runs `code` (instructions; EXIT is appended) with `extra` directives
 * (.const, .init URn...; may be NULL), every lane starting in in[lane], and
 * fails the test unless every lane ends exactly in out[lane] (R0..R7, P0..P6). */
void il_run_state(const char *code, const char *extra, const il_lane *in, const il_lane *out);

/* A hand-checked vector: inputs R2..R5 and predicates, expected R0, R1 and
 * predicates (which of them are checked is up to the caller). */
typedef struct {
    uint32_t r2, r3, r4, r5;
    uint8_t p_in;
    uint32_t r0, r1;
    uint8_t p_out;
} il_vec;

enum { IL_R0 = 1, IL_R1 = 2, IL_P = 4 };

/* Runs `code` with vector i in lanes i, i+n, i+2n...; checks R0, R1 and/or
 * P0..P6 as `checks` says. R0 and R1 start as 0xDEAD00nn (lane nn). */
void il_check_vectors(const char *code, const char *extra, const il_vec *v, size_t n,
                      unsigned checks);

/* Random words, a third of them edge values (0, 1, 0x7FFFFFFF, 0x80000000,
 * 0xFFFFFFFF, byte and halfword limits...). Deterministic sequence. */
uint32_t il_random(void);
uint32_t il_random_word(void);
/* A warp state of random words (il_random_word) and random predicates. */
void il_random_state(il_lane *lanes);

/* Appends "DIRECTIVE REG v0 ... v31\n" to buf (size len, NUL-terminated). */
void il_append_lanes(char *buf, size_t len, const char *directive, const char *reg,
                     const uint32_t *values);

#endif
