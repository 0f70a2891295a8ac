/* cosim/common: sparse paged memory on the heap: the page index and the
 * page-wise copies are page_store.c's; this file grows the index and
 * allocates the pages. */
#include <stdlib.h>
#include <string.h>

#include "page_store.h"
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
    page_index ix = {.keys = mem->keys, .capacity = mem->capacity};
    return page_index_slot(&ix, page);
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

/* page_lookup over the heap pages (create: allocate a missing one). */
static uint8_t *lookup(void *ctx, uint64_t page_addr, int create)
{
    gm_memory *mem = ctx;
    uint64_t page = page_addr >> GM_PAGE_BITS;
    return create ? page_for_write(mem, page) : (uint8_t *)find_page(mem, page);
}

void gm_memory_read(const gm_memory *mem, uint64_t addr, void *buf, size_t len)
{
    page_copy(lookup, (void *)mem, addr, buf, len, 0); /* reads never allocate */
}

int gm_memory_write(gm_memory *mem, uint64_t addr, const void *buf, size_t len)
{
    return page_copy(lookup, mem, addr, (void *)buf, len, 1);
}

const uint8_t *gm_memory_page(const gm_memory *mem, uint64_t addr)
{
    return find_page(mem, addr >> GM_PAGE_BITS);
}

uint8_t *gm_memory_page_for_write(gm_memory *mem, uint64_t addr)
{
    return page_for_write(mem, addr >> GM_PAGE_BITS);
}

uint32_t gm_memory_pages(const gm_memory *mem, uint64_t from, uint64_t *pages, uint32_t max)
{
    page_list l = {.from = from, .pages = pages, .max = max};
    for (size_t i = 0; i < mem->capacity; i++)
        if (mem->keys[i])
            page_list_offer(&l, (mem->keys[i] - 1) << GM_PAGE_BITS);
    return l.count;
}
