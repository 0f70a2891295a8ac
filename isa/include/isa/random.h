/* libisa: random legal instructions, for conformance tests, benchmarks and
 * `gpuhost gen`. */
#ifndef ISA_RANDOM_H
#define ISA_RANDOM_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/isa.h"

/* xorshift64*: deterministic per seed (never seed with 0). */
uint64_t isa_rand(uint64_t *state);

/* Narrower choices for programs that must run. NULL limits: any legal value. */
typedef struct {
    unsigned gprs;        /* registers R0..gprs-1 (and RZ); tuples aligned */
    unsigned urs;         /* UR0..urs-1 (and URZ) */
    unsigned const_banks; /* c[0..const_banks-1][...] */
    unsigned const_bytes; /* offsets 0..const_bytes-4, 4-aligned */
} isa_random_limits;

/* Fills *insn with random values that syntax form `form_index` can show and
 * that the spec's exceptions allow. 0, or -1 if none was found in a bounded
 * number of tries (some forms admit no legal encoding). */
int isa_random_insn(uint32_t form_index, uint64_t *state, const isa_random_limits *lim, isa_insn *insn);

/* Whether some syntax form of the variant writes field = value (the values
 * isa_random_insn can choose; e.g. no form writes LEA's SrcB negated). */
bool isa_random_can_write(uint16_t variant, uint16_t field, uint32_t value);

#endif
