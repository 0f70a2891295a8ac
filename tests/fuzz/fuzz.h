/* Fuzz targets: libFuzzer's entry point plus the seeds the standalone driver
 * mutates. A target must never crash, hang or leak on any input. */
#ifndef TEST_FUZZ_H
#define TEST_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    const uint8_t *data;
    size_t size;
} fuzz_seed;
const fuzz_seed *fuzz_seeds(size_t *count);

#endif
