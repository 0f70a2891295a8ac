/* libisa (private): a kernel's labels by name in a hash table, so that an
 * assembler pass over n labels and references costs O(n), not O(n^2).
 * The index holds positions in kernel->symbols; it does not own names. */
#ifndef ISA_LABEL_INDEX_H
#define ISA_LABEL_INDEX_H

#include <stddef.h>

#include "isa/kernel.h"

typedef struct {
    size_t *slots; /* symbol position + 1; 0 is empty */
    size_t cap;    /* a power of two, or 0 */
    size_t count;
} isa_label_index;

/* Adds kernel->symbols[pos] (its name must not be indexed yet). -1 when out
 * of memory, the index then being unchanged. */
int isa_label_index_add(isa_label_index *ix, const isa_kernel *k, size_t pos);
/* The position of the symbol named name, or (size_t)-1. */
size_t isa_label_index_find(const isa_label_index *ix, const isa_kernel *k, const char *name,
                            size_t len);
void isa_label_index_free(isa_label_index *ix);

#endif
