/* Tests: random legal instructions, built by walking a syntax form. */
#ifndef TEST_GEN_RANDOM_H
#define TEST_GEN_RANDOM_H

#include <stdint.h>

#include "isa/isa.h"

/* xorshift64*: deterministic per seed */
static inline uint64_t test_rand(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 2685821657736338717ull;
}

/* Fills *insn with random values that form `form_index` can show and that the
 * spec's exceptions allow. Returns 0, or -1 if no legal assignment was found
 * in a bounded number of tries. */
int test_random_insn(uint32_t form_index, uint64_t *state, isa_insn *insn);

#endif
