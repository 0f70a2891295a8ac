/* libisa: labels by name (see label_index.h). Open addressing with linear
 * probing, FNV-1a hashes, kept at most half full. */
#include "label_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static void place(size_t *slots, size_t cap, const isa_kernel *k, size_t pos)
{
    const char *name = k->symbols[pos].name;
    size_t i = (size_t)hash(name, strlen(name)) & (cap - 1);
    while (slots[i])
        i = (i + 1) & (cap - 1);
    slots[i] = pos + 1;
}

int isa_label_index_add(isa_label_index *ix, const isa_kernel *k, size_t pos)
{
    if (2 * (ix->count + 1) > ix->cap) {
        size_t cap = ix->cap ? 2 * ix->cap : 64;
        if (cap < ix->cap || cap > ((size_t)-1) / sizeof *ix->slots)
            return -1;
        size_t *slots = calloc(cap, sizeof *slots);
        if (!slots)
            return -1;
        for (size_t i = 0; i < ix->cap; i++)
            if (ix->slots[i])
                place(slots, cap, k, ix->slots[i] - 1);
        free(ix->slots);
        ix->slots = slots;
        ix->cap = cap;
    }
    place(ix->slots, ix->cap, k, pos);
    ix->count++;
    return 0;
}

size_t isa_label_index_find(const isa_label_index *ix, const isa_kernel *k, const char *name,
                            size_t len)
{
    if (!ix->cap)
        return (size_t)-1;
    for (size_t i = (size_t)hash(name, len) & (ix->cap - 1); ix->slots[i]; i = (i + 1) & (ix->cap - 1)) {
        const char *s = k->symbols[ix->slots[i] - 1].name;
        if (strncmp(s, name, len) == 0 && s[len] == '\0')
            return ix->slots[i] - 1;
    }
    return (size_t)-1;
}

void isa_label_index_free(isa_label_index *ix)
{
    free(ix->slots);
    *ix = (isa_label_index){0};
}
