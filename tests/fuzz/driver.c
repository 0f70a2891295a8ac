/* Runs a libFuzzer target without libFuzzer: deterministic mutations of the
 * seed inputs (bit flips, truncations, splices, random bytes) for a bounded
 * number of iterations, so CTest (and the sanitizer build) exercise every
 * target on every run. Built with clang -fsanitize=fuzzer the same target
 * file links against libFuzzer instead of this driver.
 *   fuzz_X [ITERATIONS] */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 2685821657736338717ull;
}

int main(int argc, char **argv)
{
    long iterations = argc > 1 ? atol(argv[1]) : 20000;
    size_t seeds = 0;
    const fuzz_seed *seed = fuzz_seeds(&seeds);
    uint8_t *buf = malloc(65536);
    if (!buf)
        return 1;
    uint64_t rng = 0x1234567887654321ull;
    for (size_t i = 0; i < seeds; i++)
        LLVMFuzzerTestOneInput(seed[i].data, seed[i].size);
    for (long n = 0; n < iterations; n++) {
        const fuzz_seed *s = &seed[next(&rng) % seeds];
        size_t len = s->size > 65536 ? 65536 : s->size;
        memcpy(buf, s->data, len);
        switch (next(&rng) % 5) {
        case 0: /* flip a few bits */
            for (int k = 0; k < 1 + (int)(next(&rng) % 4) && len; k++)
                buf[next(&rng) % len] ^= (uint8_t)(1u << (next(&rng) % 8));
            break;
        case 1: /* truncate */
            len = len ? next(&rng) % len : 0;
            break;
        case 2: { /* overwrite a run with random bytes */
            if (!len)
                break;
            size_t at = next(&rng) % len, run = 1 + next(&rng) % 16;
            for (size_t k = at; k < len && k < at + run; k++)
                buf[k] = (uint8_t)next(&rng);
            break;
        }
        case 3: { /* splice another seed's tail */
            const fuzz_seed *o = &seed[next(&rng) % seeds];
            size_t at = len ? next(&rng) % len : 0, from = o->size ? next(&rng) % o->size : 0;
            size_t add = o->size - from;
            if (at + add > 65536)
                add = 65536 - at;
            memcpy(buf + at, o->data + from, add);
            len = at + add;
            break;
        }
        default: /* pure noise */
            len = next(&rng) % 512;
            for (size_t k = 0; k < len; k++)
                buf[k] = (uint8_t)next(&rng);
        }
        LLVMFuzzerTestOneInput(buf, len);
    }
    free(buf);
    printf("%ld inputs, no crash: 1 passed, 0 failed\n", iterations + (long)seeds);
    return 0;
}
