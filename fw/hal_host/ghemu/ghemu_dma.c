/* ghemu: the DMA engine (boards/gh-ref/README.md, "DMA engine"), exactly as
 * the contract states it: a START is checked whole before a byte moves, a
 * refused one sets ERR and its CAUSE. An accepted transfer completes at the
 * START store (BUSY never reads 1 here); the cycle counter advances by the
 * cycles it would take on the FPGA (a word a cycle, plus the start), which
 * the cost figures report as DMA cycles. */
#include <string.h>
#include <zlib.h>

#include "ghemu_internal.h"

#define START_CYCLES 2u
#define RT_FIRST (GH_REF_DBG_BASE + GH_DBG_RT_HEAD)
#define RT_END (GH_REF_DBG_BASE + GH_DBG_RT_DATA + 4u)
#define ROW_FIRST (GH_REF_DBG_BASE + GH_DBG_RT_ROW0)
#define ROW_END (ROW_FIRST + 4u * FW_PORT_ROW_LANES)
#define IN_DATA (GH_REF_USB_BASE + GH_USB_IN_DATA)

enum region { NONE, ROM, RAM, SDRAM, RETIRE }; /* RETIRE: one of the retire windows */

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

static void run(ghemu *e, uint32_t ctrl, enum region src, enum region dst)
{
    ghemu_dma *d = &e->dma;
    uint8_t buf[GH_DMA_MAX_LEN];
    if (src == RETIRE) {
        for (uint32_t i = 0; i < d->len; i += 4) {
            uint32_t w = ghemu_dbg_rt_word(e, d->src - GH_REF_DBG_BASE + i);
            memcpy(buf + i, &w, 4); /* little-endian host: byte 0 is bits 7..0 */
        }
    } else {
        memcpy(buf, memory(e, src, d->src), d->len);
    }
    if (ctrl & GH_DMA_CTRL_CRC)
        e->crc_state = (uint32_t)crc32(e->crc_state, buf, d->len);
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
    uint64_t cycles = START_CYCLES + (d->len + 3u) / 4u;
    e->dma_cycles += cycles;
    e->counts.dma_transfers++;
    e->counts.dma_bytes += d->len;
}

static void start(ghemu *e, uint32_t ctrl)
{
    enum region src, dst;
    uint32_t cause = check(e, ctrl, &src, &dst);
    e->dma.status = cause ? GH_DMA_ST_ERR | cause << 8 : 0;
    if (cause)
        e->counts.dma_refused++;
    else if (e->dma.len)
        run(e, ctrl, src, dst);
}

void ghemu_dma_reset(ghemu *e)
{
    memset(&e->dma, 0, sizeof e->dma);
}

uint64_t ghemu_dma_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    ghemu *e = user;
    if (!ghemu_reg_access_ok(e, GH_REF_DMA_BASE, off, size, false))
        return 0;
    switch (off) {
    case GH_DMA_SRC: return e->dma.src;
    case GH_DMA_DST: return e->dma.dst;
    case GH_DMA_LEN: return e->dma.len;
    case GH_DMA_STATUS: return e->dma.status; /* never BUSY: a transfer completes at its START */
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
