/* libgpuhost: the set of memory pages a run placed or wrote (open addressing). */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static size_t slot(uint64_t key, size_t cap)
{
    return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

static int grow(gh_pageset *s)
{
    size_t cap = s->cap ? 2 * s->cap : 64;
    uint64_t *keys = calloc(cap, sizeof *keys);
    if (!keys)
        return -1;
    for (size_t i = 0; i < s->cap; i++)
        if (s->keys[i]) {
            size_t j = slot(s->keys[i], cap);
            while (keys[j])
                j = (j + 1) & (cap - 1);
            keys[j] = s->keys[i];
        }
    free(s->keys);
    s->keys = keys;
    s->cap = cap;
    return 0;
}

int gh__pages_add(gh_pageset *s, uint64_t page)
{
    if ((s->count + 1) * 2 > s->cap && grow(s) != 0)
        return -1;
    uint64_t key = page + 1;
    size_t j = slot(key, s->cap);
    while (s->keys[j]) {
        if (s->keys[j] == key)
            return 0;
        j = (j + 1) & (s->cap - 1);
    }
    s->keys[j] = key;
    s->count++;
    return 0;
}

bool gh__pages_has(const gh_pageset *s, uint64_t page)
{
    if (!s->cap)
        return false;
    uint64_t key = page + 1;
    for (size_t j = slot(key, s->cap); s->keys[j]; j = (j + 1) & (s->cap - 1))
        if (s->keys[j] == key)
            return true;
    return false;
}

int gh__pages_add_range(gh_pageset *s, uint64_t addr, uint64_t len)
{
    if (!len)
        return 0;
    for (uint64_t p = addr / WIRE_PAGE_SIZE; p <= (addr + len - 1) / WIRE_PAGE_SIZE; p++)
        if (gh__pages_add(s, p) != 0)
            return -1;
    return 0;
}

int gh__pages_add_record(gh_pageset *s, const wire_commit *rec)
{
    if (!rec->mem_count)
        return 0;
    for (unsigned l = 0; l < WIRE_LANES; l++)
        if ((rec->mem.lane_mask >> l & 1u) && gh__pages_add_range(s, rec->mem.addr[l], rec->mem.bytes) != 0)
            return -1;
    return 0;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

uint64_t *gh__pages_sorted(const gh_pageset *s, size_t *n)
{
    *n = 0;
    if (!s->count)
        return NULL;
    uint64_t *out = malloc(s->count * sizeof *out);
    if (!out)
        return NULL;
    for (size_t i = 0; i < s->cap; i++)
        if (s->keys[i])
            out[(*n)++] = s->keys[i] - 1;
    qsort(out, *n, sizeof *out, by_value);
    return out;
}

void gh__pages_free(gh_pageset *s)
{
    free(s->keys);
    memset(s, 0, sizeof *s);
}
