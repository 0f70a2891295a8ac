/* gpu-usbemu: the host-compiled firmware core's link: whole frames in and
 * out, with the USB-level faults (unplug, stall, corrupt, drop, version) on
 * the frames the board sends. The rv32 image's IN transfers go out here too. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "usbemu_board.h"

/* ---------------------------------------------------------------- the firmware's link */

int usbemu_link_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    board *b = ctx;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L)
        until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&b->mu);
    int rc = 1;
    while (!b->rx_head && !b->gone && !b->closing && timeout_ms)
        if (pthread_cond_timedwait(&b->cv, &b->mu, &until) != 0)
            break;
    if (b->gone || b->closing) {
        rc = -1;
    } else if (b->rx_head) {
        frame *f = b->rx_head;
        if (!(b->rx_head = f->next))
            b->rx_tail = NULL;
        size_t n = f->len < cap ? f->len : cap;
        memcpy(buf, f->bytes, n);
        *len = n;
        free(f);
        rc = 0;
    }
    pthread_mutex_unlock(&b->mu);
    return rc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static void recrc(uint8_t *f, size_t len)
{
    uint32_t crc = wire_crc32(0, f, 16);
    crc = wire_crc32(crc, f + WIRE_HEADER_SIZE, len - WIRE_HEADER_SIZE);
    put32(f + 16, crc);
}

int usbemu_link_send(void *ctx, const uint8_t *buf, size_t len)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    if (b->gone || b->closing) {
        pthread_mutex_unlock(&b->mu);
        return -1;
    }
    uint64_t n = ++b->frames_out;
    bool at = n == b->fault_n;
    if (b->fault_usb == USBEMU_FAULT_UNPLUG && at) {
        usbemu_say("board %s: fault: unplugged instead of sending frame %lu", b->serial, (unsigned long)n);
        b->gone = true;
        b->unplug_requested = true;
        usbemu_pump(b); /* pending IN URBs end with -ESHUTDOWN: the device is gone */
        pthread_cond_broadcast(&b->cv);
        pthread_mutex_unlock(&b->mu);
        usbemu_wake(b->bed);
        return -1;
    }
    if (b->fault_usb == USBEMU_FAULT_DROP && at) {
        usbemu_say("board %s: fault: frame %lu (type 0x%02x, %zu bytes) dropped", b->serial, (unsigned long)n,
            len >= 8 ? buf[6] : 0, len);
        pthread_mutex_unlock(&b->mu);
        return 0;
    }
    frame *f = malloc(sizeof *f + len);
    if (!f) {
        pthread_mutex_unlock(&b->mu);
        return -1;
    }
    f->next = NULL, f->len = len, f->off = 0;
    f->stall = (b->fault_usb == USBEMU_FAULT_STALL || b->fault_usb == USBEMU_FAULT_STALL_ALWAYS) && at;
    memcpy(f->bytes, buf, len);
    if (b->fault_usb == USBEMU_FAULT_CORRUPT && at && len > 0) {
        size_t pos = len > WIRE_HEADER_SIZE ? WIRE_HEADER_SIZE + (len - WIRE_HEADER_SIZE) / 2 : len - 1;
        f->bytes[pos] ^= 0x5a;
        usbemu_say("board %s: fault: byte %zu of frame %lu (type 0x%02x) flipped", b->serial, pos, (unsigned long)n,
            len >= 8 ? buf[6] : 0);
    }
    if (b->fault_usb == USBEMU_FAULT_VERSION && len >= WIRE_HEADER_SIZE && buf[6] == WIRE_CAPS) {
        uint16_t other = WIRE_VERSION + 1;
        f->bytes[4] = (uint8_t)other, f->bytes[5] = (uint8_t)(other >> 8);
        if (len >= WIRE_HEADER_SIZE + 4)
            put32(f->bytes + WIRE_HEADER_SIZE, other);
        recrc(f->bytes, len);
        usbemu_say("board %s: fault: HELLO answered with protocol version %u", b->serial, other);
    }
    if (b->tx_tail)
        b->tx_tail->next = f;
    else
        b->tx_head = f;
    b->tx_tail = f;
    usbemu_pump(b);
    pthread_mutex_unlock(&b->mu);
    return 0;
}

const fw_link_ops usbemu_link_ops = {.recv = usbemu_link_recv, .send = usbemu_link_send};
