/* ghemu: the USB device core's registers (boards/gh-ref/README.md, "USB
 * device core"). EP0 is the host side's business (gpu-usbemu answers it, as
 * the core's hardware does); EP1 is modelled packet by packet: the firmware
 * reads OUT packets of up to 512 bytes and releases them, fills IN packets
 * and commits them. IN packets are gathered into transfers: a short packet
 * (a zero-length one included) ends one, as on the bus, so a firmware that
 * forgets the zero-length packet after a frame of whole packets leaves the
 * host waiting, as a real board would.
 *
 * The OUT FIFO is as deep as the host side's queue (the board's is two
 * packets): the emulated host never sees a NAK. A register read that finds
 * the FIFO empty (or no free IN buffer, or the device unconfigured) waits up
 * to 1 ms for the host side, and the cycle counter advances by the time it
 * waited, so the firmware's timeouts keep their meaning and an idle firmware
 * does not spin a host CPU.
 *
 * The IN frame sender sends a frame from memory as the soft core's packets
 * would go: BUSY for (LEN/4 with CRC) + LEN/4 + 2 cycles at least, the
 * frame's bytes read when it falls (so firmware that writes them early is
 * caught), and later while the host side has no room. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "ghemu_internal.h"

#define ID_VALUE 0x00020000u /* core version 2.0 */
#define IDLE_WAIT_US 1000u

void ghemu_usb_reset(ghemu *e)
{
    e->usb.out_len = -1;
    e->usb.out_pos = e->usb.in_fill = 0;
    e->usb.xfer_len = 0;
    e->usb.frame_status &= ~GH_USB_FRAME_BUSY; /* a frame being sent is dropped */
}

void ghemu_usb_free(ghemu *e)
{
    free(e->usb.xfer);
    e->usb.xfer = NULL;
}

static bool configured(ghemu *e, bool wait)
{
    bool on = false;
    uint32_t events = e->cfg.usb.events(e->cfg.usb.ctx, &on);
    e->usb.ints |= events;
    if (events & (GH_USB_INT_BUS_RESET | GH_USB_INT_CONFIG)) /* EP1 flushed: a frame being sent is dropped */
        e->usb.frame_status &= ~GH_USB_FRAME_BUSY;
    ghemu_set_idling(e, !on);
    if (!on && wait) { /* the firmware waits for the host: so does the emulator, in real time */
        struct timespec t0;
        ghemu_idle_begin(e, &t0);
        struct timespec d = {0, IDLE_WAIT_US * 1000L};
        nanosleep(&d, NULL);
        ghemu_idle_end(e, &t0);
    }
    return on;
}

static void head_packet(ghemu *e)
{
    if (e->usb.out_len >= 0)
        return;
    struct timespec t0;
    ghemu_idle_begin(e, &t0);
    e->usb.out_len = e->cfg.usb.out_packet(e->cfg.usb.ctx, e->usb.out, IDLE_WAIT_US);
    ghemu_idle_end(e, &t0);
    e->usb.out_pos = 0;
    ghemu_set_idling(e, e->usb.out_len < 0);
    if (e->usb.out_len >= 0)
        e->counts.out_packets++;
}

static bool in_ready(ghemu *e)
{
    if (e->cfg.usb.in_ready(e->cfg.usb.ctx, 0)) {
        ghemu_set_idling(e, false);
        return true;
    }
    struct timespec t0;
    ghemu_idle_begin(e, &t0);
    bool ready = e->cfg.usb.in_ready(e->cfg.usb.ctx, IDLE_WAIT_US);
    ghemu_idle_end(e, &t0);
    ghemu_set_idling(e, !ready);
    return ready;
}

static void commit_in(ghemu *e, uint32_t count)
{
    ghemu_usb *u = &e->usb;
    if (count > GH_USB_MAX_PACKET)
        count = GH_USB_MAX_PACKET;
    if (u->xfer_len + count > u->xfer_cap) {
        size_t cap = u->xfer_cap ? u->xfer_cap * 2 : 65536;
        uint8_t *p = realloc(u->xfer, cap);
        if (!p) {
            ghemu_crash(e, "out of memory gathering an IN transfer");
            return;
        }
        u->xfer = p, u->xfer_cap = cap;
    }
    memcpy(u->xfer + u->xfer_len, u->in, count); /* bytes written past COUNT are dropped */
    u->xfer_len += count;
    u->in_fill = 0;
    if (count < GH_USB_MAX_PACKET) { /* a short packet ends the transfer */
        e->cfg.usb.in_transfer(e->cfg.usb.ctx, u->xfer, u->xfer_len);
        e->counts.in_transfers++;
        u->xfer_len = 0;
    }
}

void ghemu_usb_in_word(ghemu *e, uint32_t v)
{
    ghemu_usb *u = &e->usb;
    for (uint32_t i = 0; i < 4 && u->in_fill < GH_USB_MAX_PACKET; i++) /* past 512 the bytes are dropped */
        u->in[u->in_fill++] = (uint8_t)(v >> (8 * i));
}

/* The frame's memory, or NULL: not wholly in RAM or in SDRAM. */
static uint8_t *frame_memory(ghemu *e, uint32_t addr, uint32_t len)
{
    uint64_t end = (uint64_t)addr + len;
    if (addr >= GH_REF_RAM_BASE && end <= GH_REF_RAM_BASE + (uint64_t)GH_REF_RAM_SIZE)
        return e->ram + (addr - GH_REF_RAM_BASE);
    if (addr >= GH_REF_POOL_BASE && end <= GH_REF_POOL_BASE + (uint64_t)GH_REF_POOL_SIZE)
        return e->sdram + (addr - GH_REF_POOL_BASE);
    return NULL;
}

static void frame_send(ghemu *e, uint32_t ctrl)
{
    ghemu_usb *u = &e->usb;
    uint32_t cause = 0;
    if (u->frame_status & GH_USB_FRAME_BUSY)
        cause = GH_USB_FRAME_CAUSE_BUSY;
    else if (u->frame_len == 0 || u->frame_len > GH_USB_FRAME_MAX_LEN ||
             ((ctrl & GH_USB_FRAME_CRC) && u->frame_len < GH_USB_FRAME_MIN_CRC))
        cause = GH_USB_FRAME_CAUSE_LEN;
    else if ((u->frame_src & 3u) || !frame_memory(e, u->frame_src, u->frame_len))
        cause = GH_USB_FRAME_CAUSE_SRC;
    else if (u->in_fill)
        cause = GH_USB_FRAME_CAUSE_FILLING;
    if (cause) { /* a running frame goes on */
        u->frame_status = (u->frame_status & GH_USB_FRAME_BUSY) | GH_USB_FRAME_ERR | cause << 8;
        e->counts.frames_refused++;
        return;
    }
    u->frame_ctrl = ctrl;
    u->frame_end = ghemu_cycles(e) + 2u + (u->frame_len + 3u) / 4u * ((ctrl & GH_USB_FRAME_CRC) ? 2u : 1u);
    u->frame_status = GH_USB_FRAME_BUSY;
}

void ghemu_usb_tick(ghemu *e, bool wait)
{
    ghemu_usb *u = &e->usb;
    if (!(u->frame_status & GH_USB_FRAME_BUSY) || ghemu_cycles(e) < u->frame_end)
        return;
    if (!(wait ? in_ready(e) : e->cfg.usb.in_ready(e->cfg.usb.ctx, 0)))
        return;
    uint32_t len = u->frame_len;
    const uint8_t *p = frame_memory(e, u->frame_src, len);
    uint32_t crc = 0;
    if (u->frame_ctrl & GH_USB_FRAME_CRC) {
        crc = (uint32_t)crc32(0, p, GH_USB_FRAME_CRC_AT);
        crc = (uint32_t)crc32(crc, p + GH_USB_FRAME_MIN_CRC, len - GH_USB_FRAME_MIN_CRC);
    }
    for (uint32_t off = 0;; off += GH_USB_MAX_PACKET) { /* packet by packet, a final full one followed by a ZLP */
        uint32_t n = len - off < GH_USB_MAX_PACKET ? len - off : GH_USB_MAX_PACKET;
        memcpy(u->in, p + off, n);
        if ((u->frame_ctrl & GH_USB_FRAME_CRC) && off == 0)
            for (uint32_t i = 0; i < 4; i++)
                u->in[GH_USB_FRAME_CRC_AT + i] = (uint8_t)(crc >> (8 * i));
        commit_in(e, n);
        if (n < GH_USB_MAX_PACKET)
            break;
    }
    u->frame_status &= ~GH_USB_FRAME_BUSY;
    e->counts.frames_sent++;
}

uint64_t ghemu_usb_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    ghemu *e = user;
    ghemu_usb *u = &e->usb;
    if (!ghemu_reg_access_ok(e, GH_REF_USB_BASE, off, size, false))
        return 0;
    switch (off) {
    case GH_USB_ID: return ID_VALUE;
    case GH_USB_CTRL: return u->ctrl;
    case GH_USB_STATUS:
        return (configured(e, true) ? GH_USB_STATUS_CONFIGURED : 0u) | GH_USB_STATUS_HIGH_SPEED;
    case GH_USB_INT:
        configured(e, false);
        return u->ints;
    case GH_USB_OUT_STATUS:
        head_packet(e);
        if (u->out_len < 0)
            return 0;
        return GH_USB_OUT_READY | (uint32_t)u->out_len << 16 | 1u << 28;
    case GH_USB_OUT_DATA: {
        uint32_t w = 0;
        for (uint32_t i = 0; i < 4; i++)
            if (u->out_len >= 0 && u->out_pos + i < (uint32_t)u->out_len)
                w |= (uint32_t)u->out[u->out_pos + i] << (8 * i);
        u->out_pos += 4;
        return w;
    }
    case GH_USB_IN_STATUS:
        return (in_ready(e) ? GH_USB_IN_READY : 0u) |
               (u->xfer_len == 0 && e->cfg.usb.in_empty(e->cfg.usb.ctx) ? GH_USB_IN_EMPTY : 0u);
    case GH_USB_FRAME_SRC: return u->frame_src;
    case GH_USB_FRAME_LEN: return u->frame_len;
    case GH_USB_FRAME_STATUS:
        ghemu_usb_tick(e, true);
        return u->frame_status;
    }
    return 0;
}

void ghemu_usb_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    ghemu *e = user;
    ghemu_usb *u = &e->usb;
    uint32_t v = (uint32_t)value;
    if (!ghemu_reg_access_ok(e, GH_REF_USB_BASE, off, size, true))
        return;
    switch (off) {
    case GH_USB_CTRL:
        if ((u->ctrl ^ v) & GH_USB_CTRL_CONNECT && e->cfg.usb.connect)
            e->cfg.usb.connect(e->cfg.usb.ctx, v & GH_USB_CTRL_CONNECT);
        u->ctrl = v & GH_USB_CTRL_CONNECT;
        if (v & GH_USB_CTRL_EP1_RESET) /* the head OUT packet and a half-sent IN transfer go */
            ghemu_usb_reset(e);
        break;
    case GH_USB_INT: u->ints &= ~v; break;
    case GH_USB_OUT_CTRL:
        if (v & GH_USB_OUT_RELEASE)
            u->out_len = -1, u->out_pos = 0;
        break;
    case GH_USB_FRAME_SRC: u->frame_src = v; break;
    case GH_USB_FRAME_LEN: u->frame_len = v & 0x1ffffu; break;
    case GH_USB_FRAME_CTRL:
        if (v & GH_USB_FRAME_SEND)
            frame_send(e, v);
        break;
    case GH_USB_IN_DATA: ghemu_usb_in_word(e, v); break;
    case GH_USB_IN_CTRL:
        if (v & GH_USB_IN_COMMIT)
            commit_in(e, v & 0x3ffu);
        break;
    }
}
