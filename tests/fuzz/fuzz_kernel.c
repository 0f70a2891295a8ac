/* Fuzz target: the kernel.bin loader (and the raw-stream reader). Properties:
 *   - a refusal leaves no kernel and names the input;
 *   - an accepted kernel passes validation, the writer writes it, and the
 *     written file reads back as the same kernel (read -> write -> read);
 *   - the raw reader accepts exactly the non-empty multiples of 16 bytes;
 *   - without the ELF magic the kernel.bin reader refuses (never raw). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "isa/kernel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    isa_kernel *k = NULL;
    int rc = isa_kernel_read_mem(data, size, "fuzz", &k, err, sizeof err);
    FUZZ_CHECK(!(size >= 4 && memcmp(data, "\x7f" "ELF", 4) != 0 && rc == 0), "a file without the ELF magic was read");
    if (rc != 0) {
        FUZZ_CHECK(k == NULL && strncmp(err, "fuzz: ", 6) == 0, "refusal without a message: '%s'", err);
    } else {
        FUZZ_CHECK(isa_kernel_validate(k, err, sizeof err) == 0, "accepted an invalid kernel: %s", err);
        void *img = NULL;
        size_t n = 0;
        FUZZ_CHECK(isa_kernel_write_elf_mem(k, &img, &n, err, sizeof err) == 0, "cannot write what was read: %s", err);
        isa_kernel *again = NULL;
        FUZZ_CHECK(isa_kernel_read_mem(img, n, "again", &again, err, sizeof err) == 0, "cannot read what was written: %s",
                   err);
        FUZZ_CHECK(isa_kernel_equal(k, again), "read -> write -> read changed the kernel");
        isa_kernel_destroy(&again);
        free(img);
        isa_kernel_destroy(&k);
    }
    rc = isa_kernel_read_raw_mem(data, size, "raw", &k, err, sizeof err);
    FUZZ_CHECK((rc == 0) == (size > 0 && size % 16 == 0), "raw reader: size %zu, rc %d (%s)", size, rc, err);
    if (rc == 0) {
        FUZZ_CHECK(k->code_count == size / 16 && k->warps == 1 && k->entry == 0, "raw reader: wrong kernel");
        isa_kernel_destroy(&k);
    }
    return 0;
}

FUZZ_NO_SEEDS
