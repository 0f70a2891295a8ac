/* cosim/common: page index and page-wise copies (see page_store.h). */
#include <string.h>

#include "page_store.h"

size_t page_index_slot(const page_index *ix, uint64_t key)
{
    size_t mask = ix->capacity - 1;
    size_t i = (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & mask;
    while (ix->keys[i] && ix->keys[i] != key + 1)
        i = (i + 1) & mask;
    return i;
}

int page_copy(page_lookup find, void *ctx, uint64_t addr, void *buf, size_t len, int write)
{
    uint8_t *p = buf;
    while (len) {
        size_t off = (size_t)(addr & (PAGE_STORE_SIZE - 1));
        size_t n = PAGE_STORE_SIZE - off < len ? PAGE_STORE_SIZE - off : len;
        uint8_t *page = find(ctx, addr - off, write);
        if (write) {
            if (!page)
                return -1;
            memcpy(page + off, p, n);
        } else if (page) {
            memcpy(p, page + off, n);
        } else {
            memset(p, 0, n);
        }
        p += n, addr += n, len -= n;
    }
    return 0;
}

void page_list_offer(page_list *l, uint64_t page_addr)
{
    if (page_addr < l->from || !l->max)
        return;
    uint32_t i = l->count;
    if (i == l->max) {
        if (page_addr >= l->pages[i - 1])
            return;
        i--; /* the highest gives way */
    }
    while (i && l->pages[i - 1] > page_addr)
        i--;
    if (i && l->pages[i - 1] == page_addr)
        return;
    uint32_t end = l->count < l->max ? l->count : l->max - 1;
    for (uint32_t j = end; j > i; j--)
        l->pages[j] = l->pages[j - 1];
    l->pages[i] = page_addr;
    if (l->count < l->max)
        l->count++;
}
