/* Fuzz targets: libFuzzer's entry point plus the built-in seeds the
 * standalone driver adds to the corpus files (targets whose seeds are
 * computed, such as every instruction variant's fixed bits; most return
 * none and rely on tests/fuzz/corpus/TARGET). A target must never crash,
 * hang or leak on any input, and aborts when a property it checks fails. */
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

/* For targets with no built-in seeds. */
#define FUZZ_NO_SEEDS                                 \
    const fuzz_seed *fuzz_seeds(size_t *count)        \
    {                                                 \
        *count = 0;                                   \
        return NULL;                                  \
    }

/* Aborts with a message when a checked property does not hold. */
#define FUZZ_CHECK(cond, ...)                         \
    do {                                              \
        if (!(cond)) {                                \
            fprintf(stderr, "fuzz: property failed: " __VA_ARGS__); \
            fputc('\n', stderr);                      \
            abort();                                  \
        }                                             \
    } while (0)

#endif
