/* cosim/model: the common global access, a warp's 32-bit LDG or STG within
 * one page: the page found once (a one-entry cache before the page map),
 * every lane's word read or staged at once; and applying a staged store.
 * Addresses are computed in 32-bit halves, the carry passed by hand: the
 * lanes' loops then vectorise on baseline x86-64 (SSE2 has no 64-bit
 * compare). */
#include <string.h>

#include "ext_mem.h"

static uint32_t load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* Pages never move nor go before gm_destroy: a found page stays valid. A
 * page never written reads as NULL and is not kept (a store may create it). */
static const uint8_t *page_for_read(gm_model *m, uint64_t page_addr)
{
    if (m->page_cache && m->page_cache_addr == page_addr)
        return m->page_cache;
    uint8_t *page = (uint8_t *)gm_memory_page(&m->mem, page_addr);
    if (page)
        m->page_cache = page, m->page_cache_addr = page_addr;
    return page;
}

static uint8_t *page_for_write(gm_model *m, uint64_t page_addr)
{
    if (m->page_cache && m->page_cache_addr == page_addr)
        return m->page_cache;
    uint8_t *page = gm_memory_page_for_write(&m->mem, page_addr);
    if (page)
        m->page_cache = page, m->page_cache_addr = page_addr;
    return page;
}

/* Lane l's address ah[l]:x[l] = R[ra+1]:R[ra] + offset, in every lane.
 * True when every executing lane's is 4-aligned and in the page (*page) of
 * the lowest one, which lies below 2^48. */
static bool lane_addresses(const gm_exec *ex, const gm_access32 *a, uint32_t *restrict x,
                           uint32_t *restrict ah, uint64_t *page)
{
    unsigned ra = a->ra;
    if (ra < GM_GPRS && (ra % 2 || ra + 1 >= GM_GPRS))
        return false; /* a misaligned pair: the lane-by-lane path traps */
    const uint32_t *lo = ra < GM_GPRS ? ex->w->gpr[ra] : gm_zero_row;
    const uint32_t *hi = ra < GM_GPRS ? ex->w->gpr[ra + 1] : gm_zero_row;
    uint32_t lanes = ex->exec, f = (uint32_t)__builtin_ctz(lanes);
    uint32_t x0 = lo[f] + a->off_lo, h0 = hi[f] + a->off_hi + (x0 < lo[f]), odd = 0;
    x0 &= ~(GM_PAGE_SIZE - 1);
    /* x0's low bits are 0: (x ^ x0) & (page bits | 3) tests page and alignment at once */
    const uint32_t tested = ~(GM_PAGE_SIZE - 1) | 3;
    if (lanes == 0xffffffffu) { /* the common case: no mask to apply */
        for (unsigned l = 0; l < GM_LANES; l++) {
            x[l] = lo[l] + a->off_lo;
            ah[l] = hi[l] + a->off_hi + (x[l] < lo[l]);
            odd |= (ah[l] ^ h0) | ((x[l] ^ x0) & tested);
        }
    } else {
        uint32_t in[GM_LANES];
        gm_lane_words(lanes, in);
        for (unsigned l = 0; l < GM_LANES; l++) {
            x[l] = lo[l] + a->off_lo;
            ah[l] = hi[l] + a->off_hi + (x[l] < lo[l]);
            odd |= ((ah[l] ^ h0) | ((x[l] ^ x0) & tested)) & in[l];
        }
    }
    *page = (uint64_t)h0 << 32 | x0;
    return !odd && *page < GM_GLOBAL_LIMIT; /* pages below 2^48 lie wholly below it */
}

bool gm_ldg32_one_page(gm_exec *ex, const gm_access32 *a)
{
    uint32_t x[GM_LANES], ah[GM_LANES];
    uint64_t page_addr;
    if (!ex->exec || !lane_addresses(ex, a, x, ah, &page_addr))
        return false;
    const uint8_t *page = page_for_read(ex->m, page_addr);
    uint32_t *d = gm_rd_begin(ex);
    if (!page)
        memset(d, 0, sizeof ex->rec->gpr[0].value); /* never written: zeros */
    else
        for (unsigned l = 0; l < GM_LANES; l++) /* other lanes read within the page too: dropped */
            d[l] = load32(page + (x[l] & (GM_PAGE_SIZE - 1)));
    gm_rd_end(ex, d);
    return true;
}

bool gm_stg32_one_page(gm_exec *ex, const gm_access32 *a)
{
    uint32_t x[GM_LANES], ah[GM_LANES];
    uint64_t page_addr;
    if (!ex->exec || !lane_addresses(ex, a, x, ah, &page_addr))
        return false;
    const uint32_t *value = a->reg < GM_GPRS ? ex->w->gpr[a->reg] : gm_zero_row;
    /* not cleared: every reader takes lane_mask's lanes and bytes' words */
    wire_mem_write *m = &ex->rec->mem;
    ex->rec->mem_count = 1;
    m->bytes = 4;
    m->lane_mask = ex->exec;
    /* every lane: the readers take lane_mask's; two loops, so that the
     * addresses' one vectorises */
    for (unsigned l = 0; l < GM_LANES; l++)
        m->addr[l] = (uint64_t)ah[l] << 32 | x[l];
    for (unsigned l = 0; l < GM_LANES; l++)
        m->data[l][0] = value[l];
    ex->store_one_page = true;
    return true;
}

/* Whether every lane of `lanes` has its address in `page`: all 32 lanes
 * computed, the others masked off (a loop the compiler vectorises, unlike
 * one over the set bits). */
static bool same_page(const uint64_t addr[GM_LANES], uint32_t lanes, uint64_t page)
{
    uint64_t odd = 0, high = ~(uint64_t)(GM_PAGE_SIZE - 1);
    for (unsigned l = 0; l < GM_LANES; l++) {
        uint64_t off = (addr[l] & high) ^ page;
        odd |= off & (0 - (uint64_t)((lanes >> l) & 1u));
    }
    return !odd;
}

void gm_apply_store(gm_model *m, const wire_mem_write *w, bool one_page)
{
    uint32_t lanes = w->lane_mask;
    if (!lanes)
        return;
    uint64_t page_addr = w->addr[__builtin_ctz(lanes)] & ~(uint64_t)(GM_PAGE_SIZE - 1);
    bool one = one_page || (w->bytes == 4 && same_page(w->addr, lanes, page_addr));
    uint8_t *page = one ? page_for_write(m, page_addr) : NULL;
    if (page && lanes == 0xffffffffu) { /* the common case; ascending: the highest lane's bytes win */
        for (unsigned l = 0; l < GM_LANES; l++)
            store32(page + (w->addr[l] & (GM_PAGE_SIZE - 1)), w->data[l][0]);
        return;
    }
    /* lanes in ascending order: the highest lane's bytes win */
    for (uint32_t e = lanes; e; e &= e - 1) {
        unsigned l = (unsigned)__builtin_ctz(e);
        if (page)
            store32(page + (w->addr[l] & (GM_PAGE_SIZE - 1)), w->data[l][0]);
        else
            gm_memory_write(&m->mem, w->addr[l], w->data[l], w->bytes);
    }
}
