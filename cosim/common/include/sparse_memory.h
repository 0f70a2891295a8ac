/* cosim/common: sparse, paged memory shared by the model and the RTL harness (64-bit byte addresses,
 * 4 KiB pages allocated on first write; never-written bytes read 0). */
#ifndef SPARSE_MEMORY_H
#define SPARSE_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#define GM_PAGE_BITS 12
#define GM_PAGE_SIZE (1u << GM_PAGE_BITS)

typedef struct {
    uint64_t *keys;  /* page number + 1; 0 = empty slot */
    uint8_t **pages;
    size_t capacity; /* power of two */
    size_t count;
} gm_memory;

void gm_memory_init(gm_memory *mem);
void gm_memory_free(gm_memory *mem);
void gm_memory_read(const gm_memory *mem, uint64_t addr, void *buf, size_t len);
/* 0, or -1 when out of memory. */
int gm_memory_write(gm_memory *mem, uint64_t addr, const void *buf, size_t len);
/* The page holding addr, for accesses that stay within it (one lookup for a
 * warp's accesses): for reads NULL when never written (it reads as zeros);
 * for writes allocated when missing, NULL when out of memory. */
const uint8_t *gm_memory_page(const gm_memory *mem, uint64_t addr);
uint8_t *gm_memory_page_for_write(gm_memory *mem, uint64_t addr);
/* The addresses of the pages written since init: the `max` lowest at or above
 * `from`, ascending, into pages; returns how many. */
uint32_t gm_memory_pages(const gm_memory *mem, uint64_t from, uint64_t *pages, uint32_t max);

#endif
