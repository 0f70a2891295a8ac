/* ghemu: the DMA engine (boards/gh-ref/README.md, "DMA engine"), exactly as
 * the contract states it: a START is checked whole before a byte moves, a
 * refused one sets ERR and its CAUSE. An accepted transfer runs beside the
 * soft core: BUSY stays up for LEN/4 + 2 cycles of the cycle counter (a word
 * a cycle, plus the start), and the bytes move when it falls, the source read
 * then. Until then the destination holds poison and CRC.VALUE a wrong value,
 * so firmware that touches either early, or changes the source, is caught.
 * With CTRL.POP the retire window is read, and its beat taken, at START.
 * The cost figures report the transfer time and the cycles the core spent
 * polling a BUSY engine (from the first of the reads, each within POLL_GAP
 * cycles of the last, that ended with the fall). */
#include <string.h>

#include "ghemu_internal.h"

#define START_CYCLES 2u
#define POISON 0xdbu                 /* a destination's bytes while BUSY */
#define CRC_POISON 0x5eed0badu       /* xored into CRC.VALUE while BUSY */
#define POLL_GAP 12u                 /* cycles between STATUS reads of one wait, at most */
#define RT_FIRST (GH_REF_DBG_BASE + GH_DBG_RT_HEAD)
#define RT_END (GH_REF_DBG_BASE + GH_DBG_RT_DATA + 4u)
#define ROW_FIRST (GH_REF_DBG_BASE + GH_DBG_RT_ROW0)
#define ROW_END (ROW_FIRST + 4u * FW_PORT_ROW_LANES)
#define IN_DATA (GH_REF_USB_BASE + GH_USB_IN_DATA)

enum region { NONE, ROM, RAM, SDRAM, RETIRE }; /* RETIRE: one of the retire windows */

/* The words of a retire window as reads show them now. */
static void read_retire(ghemu *e, uint32_t src, uint32_t len, uint8_t *out)
{
    for (uint32_t i = 0; i < len; i += 4) {
        uint32_t w = ghemu_dbg_rt_word(e, src - GH_REF_DBG_BASE + i);
        memcpy(out + i, &w, 4); /* little-endian host: byte 0 is bits 7..0 */
    }
}

/* The region [addr, addr + len) lies wholly in, or NONE. */
static enum region region_of(uint32_t addr, uint32_t len)
{
    uint64_t a = addr, end = (uint64_t)addr + len;
    if (end <= GH_REF_ROM_BASE + (uint64_t)GH_REF_ROM_SIZE)
        return ROM;
    if (a >= GH_REF_RAM_BASE && end <= GH_REF_RAM_BASE + (uint64_t)GH_REF_RAM_SIZE)
        return RAM;
    if (a >= GH_REF_POOL_BASE && end <= GH_REF_POOL_BASE + (uint64_t)GH_REF_POOL_SIZE)
        return SDRAM;
    if ((a >= RT_FIRST && end <= RT_END) || (a >= ROW_FIRST && end <= ROW_END))
        return RETIRE;
    return NONE;
}

static uint8_t *memory(ghemu *e, enum region r, uint32_t addr)
{
    switch (r) {
    case ROM: return e->rom + (addr - GH_REF_ROM_BASE);
    case RAM: return e->ram + (addr - GH_REF_RAM_BASE);
    case SDRAM: return e->sdram + (addr - GH_REF_POOL_BASE);
    default: return NULL;
    }
}

/* 0 when the transfer may start, else the CAUSE that refuses it. */
static uint32_t check(ghemu *e, uint32_t ctrl, enum region *src, enum region *dst)
{
    ghemu_dma *d = &e->dma;
    if (d->len > GH_DMA_MAX_LEN)
        return GH_DMA_CAUSE_LEN;
    *src = region_of(d->src, d->len);
    if (*src == NONE)
        return GH_DMA_CAUSE_SRC;
    if (*src == RETIRE && ((d->src & 3u) || (d->len & 3u)))
        return (d->src & 3u) ? GH_DMA_CAUSE_SRC : GH_DMA_CAUSE_LEN;
    if ((ctrl & GH_DMA_CTRL_POP) && (*src != RETIRE || !ghemu_dbg_rt_shows_beat(e)))
        return GH_DMA_CAUSE_POP;
    *dst = NONE;
    if (ctrl & GH_DMA_CTRL_NO_WRITE)
        return 0;
    if (ctrl & GH_DMA_CTRL_DST_FIFO)
        return d->dst == IN_DATA ? 0 : GH_DMA_CAUSE_DST;
    *dst = region_of(d->dst, d->len);
    if (*dst != RAM && *dst != SDRAM)
        return GH_DMA_CAUSE_DST;
    if (*src != RETIRE && d->src < (uint64_t)d->dst + d->len && d->dst < (uint64_t)d->src + d->len && d->len)
        return GH_DMA_CAUSE_OVERLAP;
    return 0;
}

static void run(ghemu *e)
{
    ghemu_dma *d = &e->dma;
    uint32_t ctrl = d->ctrl;
    enum region src = (enum region)d->src_region, dst = (enum region)d->dst_region;
    uint8_t buf[GH_DMA_MAX_LEN];
    if (ctrl & GH_DMA_CTRL_POP)
        memcpy(buf, d->latched, d->len);
    else if (src == RETIRE)
        read_retire(e, d->src, d->len, buf);
    else
        memcpy(buf, memory(e, src, d->src), d->len);
    if (ctrl & GH_DMA_CTRL_CRC)
        e->crc_state = wire_crc32(d->crc_seed, buf, d->len);
    if (ctrl & GH_DMA_CTRL_NO_WRITE)
        ;
    else if (ctrl & GH_DMA_CTRL_DST_FIFO)
        for (uint32_t i = 0; i < d->len; i += 4) {
            uint32_t w = 0;
            memcpy(&w, buf + i, d->len - i < 4 ? d->len - i : 4);
            ghemu_usb_in_word(e, w);
        }
    else
        memcpy(memory(e, dst, d->dst), buf, d->len);
    e->counts.dma_transfers++;
    e->counts.dma_bytes += d->len;
}

void ghemu_dma_tick(ghemu *e)
{
    ghemu_dma *d = &e->dma;
    if (!(d->status & GH_DMA_ST_BUSY))
        return;
    uint64_t now = ghemu_cycles(e);
    if (now < d->end)
        return;
    if (d->polled && d->end - d->last_poll <= POLL_GAP) /* the core was polling as it fell */
        e->dma_wait_cycles += d->end - d->wait_from;
    d->status &= ~GH_DMA_ST_BUSY;
    d->polled = false;
    run(e);
}

static void start(ghemu *e, uint32_t ctrl)
{
    ghemu_dma *d = &e->dma;
    if (d->status & GH_DMA_ST_BUSY) { /* the running transfer goes on */
        d->status = GH_DMA_ST_BUSY | GH_DMA_ST_ERR | GH_DMA_CAUSE_BUSY << 8;
        e->counts.dma_refused++;
        return;
    }
    enum region src, dst;
    uint32_t cause = check(e, ctrl, &src, &dst);
    d->status = cause ? GH_DMA_ST_ERR | cause << 8 : 0;
    if (cause) {
        e->counts.dma_refused++;
        return;
    }
    if (ctrl & GH_DMA_CTRL_POP) { /* the beat latched and taken now (LEN 0 too) */
        read_retire(e, d->src, d->len, d->latched);
        ghemu_dbg_rt_take(e);
    }
    if (!d->len)
        return;
    d->ctrl = ctrl, d->src_region = src, d->dst_region = dst;
    d->crc_seed = e->crc_state;
    if (ctrl & GH_DMA_CTRL_CRC)
        e->crc_state ^= CRC_POISON;
    if (dst == RAM || dst == SDRAM)
        memset(memory(e, dst, d->dst), POISON, d->len);
    uint64_t cycles = START_CYCLES + (d->len + 3u) / 4u;
    e->dma_cycles += cycles;
    d->end = ghemu_cycles(e) + cycles;
    d->status = GH_DMA_ST_BUSY;
}

void ghemu_dma_reset(ghemu *e)
{
    memset(&e->dma, 0, sizeof e->dma); /* a running transfer is aborted */
}

uint64_t ghemu_dma_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    ghemu *e = user;
    if (!ghemu_reg_access_ok(e, GH_REF_DMA_BASE, off, size, false))
        return 0;
    ghemu_dma_tick(e);
    switch (off) {
    case GH_DMA_SRC: return e->dma.src;
    case GH_DMA_DST: return e->dma.dst;
    case GH_DMA_LEN: return e->dma.len;
    case GH_DMA_STATUS:
        if (e->dma.status & GH_DMA_ST_BUSY) { /* a poll: one more than POLL_GAP after the last starts a wait */
            uint64_t now = ghemu_cycles(e);
            if (!e->dma.polled || now - e->dma.last_poll > POLL_GAP)
                e->dma.wait_from = now;
            e->dma.polled = true, e->dma.last_poll = now;
        }
        return e->dma.status;
    }
    return 0;
}

void ghemu_dma_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    ghemu *e = user;
    uint32_t v = (uint32_t)value;
    if (!ghemu_reg_access_ok(e, GH_REF_DMA_BASE, off, size, true))
        return;
    ghemu_dma_tick(e);
    if (off != GH_DMA_CTRL && (e->dma.status & GH_DMA_ST_BUSY)) {
        ghemu_crash(e, "a store to DMA.%s while BUSY (undefined: the engine may be reading it)",
                    off == GH_DMA_SRC ? "SRC" : off == GH_DMA_DST ? "DST" : "LEN");
        return;
    }
    switch (off) {
    case GH_DMA_SRC: e->dma.src = v; break;
    case GH_DMA_DST: e->dma.dst = v; break;
    case GH_DMA_LEN: e->dma.len = v & 0x1ffffu; break;
    case GH_DMA_CTRL:
        if (v & GH_DMA_CTRL_START)
            start(e, v);
        break;
    }
}
