/* Benchmark: the plain-C ceilings of bench_model's mixes: each does its
 * mix's lane arithmetic for 32 lanes, nine warp-instructions an iteration
 * (six of the mix, the loop's IADD, ISETP and BRA), without a model: no
 * decoding, no scheduling, no commit records, registers as plain arrays. The
 * floating-point ones call the same element arithmetic the model calls
 * (fp/sf_lanes.h), so their ratio is the model's own overhead. */
#ifndef BENCH_CEILINGS_H
#define BENCH_CEILINGS_H

#include <stdint.h>

enum { CEILING_LANES = 32, CEILING_INSNS_PER_ITERATION = 9 };

/* Each runs `iterations` iterations of its mix. */
void ceiling_integer(uint64_t iterations);
void ceiling_fp16(uint64_t iterations);
void ceiling_bf16(uint64_t iterations);
void ceiling_fp32(uint64_t iterations);
void ceiling_mufu(uint64_t iterations);
void ceiling_memory(uint64_t iterations);
void ceiling_memory_duties(uint64_t iterations); /* the same, with a model's duties (bench_ceilings.c) */
void ceiling_warp_op(uint64_t iterations);

#endif
