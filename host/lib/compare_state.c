/* libgpuhost: full-state comparison of the target with the model: every
 * warp's registers, predicates, uniforms, lane PCs, waiting and exited lanes,
 * and every page the run placed or wrote or the target holds (digests keyed
 * by a fresh nonce first, then bytes: of every page whose digest differs,
 * and of one the target lists chosen at random, or all under --check=full). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define SHOWN 16 /* differences described; the rest only counted */

static int compare_warp(gh_text *r, const wire_state *st, const gm_model *m, uint32_t w, int diffs)
{
#define DIFF(...)                    \
    do {                             \
        if (diffs++ < SHOWN)         \
            gh__say(r, __VA_ARGS__); \
    } while (0)
    uint32_t exited = gm_exited_mask(m, w), waiting = 0;
    for (unsigned l = 0; l < GM_LANES; l++)
        waiting |= (uint32_t)(gm_lane_status(m, w, l) == 1) << l;
    if (st->exited != exited)
        DIFF("  warp %u exited lanes: expected 0x%08x, actual 0x%08x\n", w, exited, st->exited);
    if (st->waiting != waiting)
        DIFF("  warp %u lanes waiting at a BSYNC: expected 0x%08x, actual 0x%08x\n", w, waiting, st->waiting);
    for (unsigned l = 0; l < GM_LANES; l++)
        if (!(exited >> l & 1u) && st->pc[l] != gm_lane_pc(m, w, l))
            DIFF("  warp %u lane %u PC: expected 0x%" PRIx64 ", actual 0x%" PRIx64 "\n", w, l,
                 gm_lane_pc(m, w, l), st->pc[l]);
    for (unsigned g = 0; g < GM_GPRS; g++)
        for (unsigned l = 0; l < GM_LANES; l++)
            if (st->gpr[g][l] != gm_gpr(m, w, g, l))
                DIFF("  warp %u R%u lane %u: expected 0x%08x, actual 0x%08x\n", w, g, l, gm_gpr(m, w, g, l),
                     st->gpr[g][l]);
    for (unsigned p = 0; p < GM_PREDS; p++)
        if (st->pred[p] != gm_pred_mask(m, w, p))
            DIFF("  warp %u P%u: expected lanes 0x%08x, actual 0x%08x\n", w, p, gm_pred_mask(m, w, p),
                 st->pred[p]);
    for (unsigned u = 0; u < GM_URS; u++)
        if (st->ur[u] != gm_ur(m, w, u))
            DIFF("  warp %u UR%u: expected 0x%08x, actual 0x%08x\n", w, u, gm_ur(m, w, u), st->ur[u]);
    if (st->upred != gm_upred_mask(m, w))
        DIFF("  warp %u uniform predicates: expected 0x%x, actual 0x%x\n", w, gm_upred_mask(m, w), st->upred);
    return diffs;
}

uint32_t gh__page_digest(uint32_t nonce, const uint8_t *page)
{
    return wire_crc32(wire_digest_seed(nonce), page, WIRE_PAGE_SIZE);
}

uint64_t gh__memcheck_draw(gh_memcheck *mc)
{
    mc->rng ^= mc->rng >> 12, mc->rng ^= mc->rng << 25, mc->rng ^= mc->rng >> 27;
    return mc->rng * 0x2545f4914f6cdd1dull;
}

/* Reads one page whole and compares its bytes with the model's; `digest` is
 * the target's for this page under `nonce`, which its bytes must bear out. */
static int compare_page(gh_text *r, gh_target *t, const gm_model *m, uint64_t addr, uint32_t nonce, uint32_t digest,
                        int diffs)
{
    static uint8_t want[WIRE_PAGE_SIZE], got[WIRE_PAGE_SIZE];
    if (gm_read_memory(m, addr, want, sizeof want) != 0 || gh_target_read_mem(t, addr, got, sizeof got) != 0)
        return -1;
    uint32_t crc = gh__page_digest(nonce, got);
    if (crc != digest)
        return gh__breach(t, "the target contradicts itself: its digest of page 0x%" PRIx64 " is 0x%08x, the CRC-32 "
                          "of the bytes it returned 0x%08x (nonce 0x%08x)", addr, digest, crc, nonce);
    for (unsigned i = 0; i < WIRE_PAGE_SIZE; i += 4) {
        uint32_t a, b;
        memcpy(&a, want + i, 4);
        memcpy(&b, got + i, 4);
        if (a != b)
            DIFF("  memory 0x%" PRIx64 ": expected 0x%08x, actual 0x%08x\n", addr + i, a, b);
    }
    return diffs;
}

/* Adds the pages the target's memory holds to set and to listed
 * (WRITTEN_PAGES); a page outside global memory is a difference: the model
 * cannot hold it. */
static int add_target_pages(gh_text *r, gh_target *t, gh_pageset *set, gh_pageset *listed, int diffs)
{
    enum { MOST = 1 << 20 }; /* 4 GiB of pages: more is a target gone wrong */
    uint64_t pages[WIRE_MAX_PAGE_LIST], from = 0;
    size_t total = 0;
    for (;;) {
        uint32_t n;
        if (gh__written_pages(t, from, pages, WIRE_MAX_PAGE_LIST, &n) != 0)
            return -1;
        for (uint32_t i = 0; i < n; i++) {
            if (pages[i] >= GM_GLOBAL_LIMIT)
                DIFF("  memory page 0x%" PRIx64 ": the target holds it; it lies outside global memory\n", pages[i]);
            else if (gh__pages_add(set, pages[i] / WIRE_PAGE_SIZE) != 0 ||
                     gh__pages_add(listed, pages[i] / WIRE_PAGE_SIZE) != 0)
                return gh__fail(t, "out of memory");
        }
        total += n;
        if (total > MOST)
            return gh__fail(t, "the target lists more than %d written pages", MOST);
        if (n < WIRE_MAX_PAGE_LIST || pages[n - 1] >= GM_GLOBAL_LIMIT)
            return diffs;
        from = pages[n - 1] + WIRE_PAGE_SIZE;
    }
}

/* Every page the run loaded or stored to must be in the target's list: a
 * board whose page tracking misses a write would hide a stray store. */
static int check_listed(gh_target *t, const gh_pageset *known, const gh_pageset *listed)
{
    size_t n;
    uint64_t *pages = known ? gh__pages_sorted(known, &n) : NULL;
    if (known && known->count && !pages)
        return gh__fail(t, "out of memory");
    for (size_t i = 0; pages && i < n; i++)
        if (!gh__pages_has(listed, pages[i])) {
            uint64_t page = pages[i];
            free(pages);
            return gh__breach(t, "the target's WRITTEN_PAGES leaves out page 0x%" PRIx64 ", which this run loaded "
                              "or stored to: the board's record of its memory misses a write", page * WIRE_PAGE_SIZE);
        }
    free(pages);
    return 0;
}

static int compare_memory(gh_text *r, gh_target *t, const gm_model *m, gh_pageset *set, gh_memcheck *mc, int diffs)
{
    gh_pageset listed = {0};
    diffs = add_target_pages(r, t, set, &listed, diffs);
    if (diffs >= 0 && check_listed(t, mc->known, &listed) != 0)
        diffs = -1;
    /* one page the target lists is read whole whatever its digest says (a digest is the target's word) */
    size_t n_listed;
    uint64_t *listed_sorted = diffs >= 0 ? gh__pages_sorted(&listed, &n_listed) : NULL;
    uint64_t chosen = listed_sorted ? listed_sorted[gh__memcheck_draw(mc) % n_listed] : UINT64_MAX;
    free(listed_sorted);
    gh__pages_free(&listed);
    if (diffs < 0)
        return diffs;
    size_t n;
    uint64_t *pages = gh__pages_sorted(set, &n);
    if (set->count && !pages)
        return gh__fail(t, "out of memory");
    uint32_t crcs[WIRE_MAX_DIGEST_PAGES];
    static uint8_t page[WIRE_PAGE_SIZE];
    for (size_t i = 0; i < n && diffs >= 0;) {
        if (pages[i] >= GM_GLOBAL_LIMIT / WIRE_PAGE_SIZE) {
            i++;
            continue;
        }
        size_t run = 1; /* consecutive pages, one digest request */
        while (i + run < n && run < WIRE_MAX_DIGEST_PAGES && pages[i + run] == pages[i] + run &&
               pages[i + run] < GM_GLOBAL_LIMIT / WIRE_PAGE_SIZE)
            run++;
        uint32_t nonce = (uint32_t)gh__memcheck_draw(mc); /* fresh for each request */
        if (gh__mem_digest(t, pages[i] * WIRE_PAGE_SIZE, (uint32_t)run, nonce, crcs) != 0) {
            free(pages);
            return -1; /* a digest it cannot give is an error, never a reason to look less */
        }
        for (size_t k = 0; k < run && diffs >= 0; k++) {
            uint64_t addr = (pages[i] + k) * WIRE_PAGE_SIZE;
            gm_read_memory(m, addr, page, sizeof page);
            if (crcs[k] == gh__page_digest(nonce, page) && !mc->read_all && pages[i] + k != chosen)
                continue;
            diffs = compare_page(r, t, m, addr, nonce, crcs[k], diffs);
            mc->pages_read++;
        }
        i += run;
    }
    free(pages);
    return diffs;
#undef DIFF
}

int gh__compare_state(gh_text *r, gh_target *t, const gm_model *m, gh_pageset *pages, gh_memcheck *mc,
                      wire_state *st)
{
    int diffs = 0;
    for (uint32_t w = 0; w < gm_warp_count(m); w++) {
        if (gh__read_state(t, (uint16_t)w, st) != 0) {
            gh__say(r, "cannot read the target's state: %s\n", gh_target_error(t));
            return -1;
        }
        diffs = compare_warp(r, st, m, w, diffs);
    }
    diffs = compare_memory(r, t, m, pages, mc, diffs);
    if (diffs < 0) {
        gh__say(r, "the target's memory: %s\n", gh_target_error(t));
        return -1;
    }
    if (diffs > SHOWN)
        gh__say(r, "  ... %d differences in all\n", diffs);
    return diffs;
}
