/* cosim/common: the DUT page store's two mechanisms, written once for every
 * memory that holds a 64-bit address space as 4 KiB pages: the functional
 * model's and the RTL harness's heap memory (sparse_memory.c) and the gh-ref
 * board's page store in its SDRAM (boards/gh-ref/hal.c, on the soft core).
 * Freestanding: no allocation, no libc beyond memcpy/memset. */
#ifndef PAGE_STORE_H
#define PAGE_STORE_H

#include <stddef.h>
#include <stdint.h>

#define PAGE_STORE_BITS 12
#define PAGE_STORE_SIZE (1u << PAGE_STORE_BITS)

/* An open-addressing index of page keys: keys[i] = key + 1, 0 = free. */
typedef struct {
    uint64_t *keys;
    size_t capacity; /* a power of two */
} page_index;

/* The slot holding key, or the free slot it would take (the index must have
 * one: keep it at most 75% full). */
size_t page_index_slot(const page_index *ix, uint64_t key);

/* The 4 KiB page holding address `page_addr` (a multiple of 4096), or NULL:
 * for a read, a page never written (it reads as zeros); for a write, no room. */
typedef uint8_t *(*page_lookup)(void *ctx, uint64_t page_addr, int create);

/* Copies len bytes at addr to buf (write 0) or from buf (write 1) through
 * the pages `find` gives, one page at a time. 0, or -1 when a write found no
 * room (the bytes before it were written). */
int page_copy(page_lookup find, void *ctx, uint64_t addr, void *buf, size_t len, int write);

/* The pages a store holds, listed in ascending order from `from` (the wire
 * protocol's WRITTEN_PAGES): offer each page address held, in any order; the
 * list keeps the `max` lowest at or above `from`, each once. */
typedef struct {
    uint64_t from;
    uint64_t *pages; /* max entries */
    uint32_t max, count;
} page_list;
void page_list_offer(page_list *l, uint64_t page_addr);

#endif
