/* cosim/common: sparse paged memory, open addressing on page numbers. */
#include <stdlib.h>
#include <string.h>

#include "sparse_memory.h"

void gm_memory_init(gm_memory *mem)
{
    memset(mem, 0, sizeof *mem);
}

void gm_memory_free(gm_memory *mem)
{
    for (size_t i = 0; i < mem->capacity; i++)
        free(mem->pages[i]);
    free(mem->pages);
    free(mem->keys);
    memset(mem, 0, sizeof *mem);
}

static size_t slot_of(const gm_memory *mem, uint64_t page)
{
    size_t mask = mem->capacity - 1;
    size_t i = (size_t)((page * 0x9e3779b97f4a7c15ull) >> 20) & mask;
    while (mem->keys[i] && mem->keys[i] != page + 1)
        i = (i + 1) & mask;
    return i;
}

static const uint8_t *find_page(const gm_memory *mem, uint64_t page)
{
    if (!mem->capacity)
        return NULL;
    size_t i = slot_of(mem, page);
    return mem->keys[i] ? mem->pages[i] : NULL;
}

static int grow(gm_memory *mem)
{
    gm_memory bigger = {.capacity = mem->capacity ? mem->capacity * 2 : 64};
    bigger.keys = calloc(bigger.capacity, sizeof *bigger.keys);
    bigger.pages = calloc(bigger.capacity, sizeof *bigger.pages);
    if (!bigger.keys || !bigger.pages) {
        free(bigger.keys);
        free(bigger.pages);
        return -1;
    }
    for (size_t i = 0; i < mem->capacity; i++)
        if (mem->keys[i]) {
            size_t k = slot_of(&bigger, mem->keys[i] - 1);
            bigger.keys[k] = mem->keys[i];
            bigger.pages[k] = mem->pages[i];
            bigger.count++;
        }
    free(mem->keys);
    free(mem->pages);
    *mem = bigger;
    return 0;
}

static uint8_t *page_for_write(gm_memory *mem, uint64_t page)
{
    if ((mem->count + 1) * 2 > mem->capacity && grow(mem) != 0)
        return NULL;
    size_t i = slot_of(mem, page);
    if (!mem->keys[i]) {
        mem->pages[i] = calloc(1, GM_PAGE_SIZE);
        if (!mem->pages[i])
            return NULL;
        mem->keys[i] = page + 1;
        mem->count++;
    }
    return mem->pages[i];
}

void gm_memory_read(const gm_memory *mem, uint64_t addr, void *buf, size_t len)
{
    uint8_t *out = buf;
    while (len) {
        uint64_t page = addr >> GM_PAGE_BITS;
        size_t off = (size_t)(addr & (GM_PAGE_SIZE - 1));
        size_t n = GM_PAGE_SIZE - off < len ? GM_PAGE_SIZE - off : len;
        const uint8_t *p = find_page(mem, page);
        if (p)
            memcpy(out, p + off, n);
        else
            memset(out, 0, n);
        out += n, addr += n, len -= n;
    }
}

int gm_memory_write(gm_memory *mem, uint64_t addr, const void *buf, size_t len)
{
    const uint8_t *in = buf;
    while (len) {
        uint64_t page = addr >> GM_PAGE_BITS;
        size_t off = (size_t)(addr & (GM_PAGE_SIZE - 1));
        size_t n = GM_PAGE_SIZE - off < len ? GM_PAGE_SIZE - off : len;
        uint8_t *p = page_for_write(mem, page);
        if (!p)
            return -1;
        memcpy(p + off, in, n);
        in += n, addr += n, len -= n;
    }
    return 0;
}
