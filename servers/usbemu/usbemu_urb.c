/* gpu-usbemu: the URB queues. Host -> board: OUT URBs are completed at once
 * and their bytes reassembled into frames by the header's length (the
 * host-compiled firmware) or cut into packets (the rv32 image's USB core).
 * Board -> host: frames queue up and fill pending IN URBs in submission order
 * the way a device's bulk IN endpoint would: a URB completes when full or
 * when the frame ends (short packet); a frame whose length is a multiple of
 * the max packet size ends with a zero-length packet, which completes the
 * next URB empty. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "usbemu_board.h"

/* ---------------------------------------------------------------- URBs */

struct usbdevfs_urb *usbemu_urb_of(const urb *u)
{
    return (struct usbdevfs_urb *)u->data->data;
}

void usbemu_urb_free(urb *u)
{
    if (u->buf)
        g_object_unref(u->buf);
    g_object_unref(u->data);
    free(u);
}

void usbemu_urb_reap_into(board *b, UMockdevIoctlClient *client, urb *u)
{
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    GError *error = NULL;
    UMockdevIoctlData *ptr = umockdev_ioctl_data_resolve(arg, 0, sizeof(void *), &error);
    if (!ptr) {
        g_clear_error(&error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
    } else {
        umockdev_ioctl_data_set_ptr(ptr, 0, u->data);
        umockdev_ioctl_client_complete(client, 0, 0);
        g_object_unref(ptr);
    }
    b->reaps++;
    usbemu_urb_free(u);
}

/* Moves a URB to the completed list with this status and length. */
void usbemu_urb_done(board *b, urb *u, int status, int actual)
{
    struct usbdevfs_urb *x = usbemu_urb_of(u);
    x->status = status;
    x->actual_length = actual;
    u->next = NULL;
    if (b->blocked_reaper && (const void *)b->blocked_reaper == u->owner) { /* a blocking REAPURB takes it */
        UMockdevIoctlClient *c = b->blocked_reaper;
        b->blocked_reaper = NULL;
        usbemu_urb_reap_into(b, c, u);
        g_object_unref(c);
    } else {
        if (b->done_tail)
            b->done_tail->next = u;
        else
            b->done_head = u;
        b->done_tail = u;
    }
    pthread_cond_broadcast(&b->cv);
}

urb *usbemu_pop(urb **head, urb **tail)
{
    urb *u = *head;
    if (u && !(*head = u->next))
        *tail = NULL;
    return u;
}

/* Unlinks the first completed URB of this client. */
urb *usbemu_take_done(board *b, const void *owner)
{
    urb *prev = NULL;
    for (urb *u = b->done_head; u; prev = u, u = u->next) {
        if (u->owner != owner)
            continue;
        if (prev)
            prev->next = u->next;
        else
            b->done_head = u->next;
        if (b->done_tail == u)
            b->done_tail = prev;
        return u;
    }
    return NULL;
}

/* Frees the URBs of one client (all when owner is NULL) on both lists. */
void usbemu_drop_urbs(board *b, const void *owner)
{
    urb **lists[2][2] = {{&b->in_head, &b->in_tail}, {&b->done_head, &b->done_tail}};
    for (int i = 0; i < 2; i++) {
        urb *keep = NULL, *keep_tail = NULL, *u = *lists[i][0];
        while (u) {
            urb *next = u->next;
            if (!owner || u->owner == owner) {
                usbemu_urb_free(u);
            } else {
                u->next = NULL;
                if (keep_tail)
                    keep_tail->next = u;
                else
                    keep = u;
                keep_tail = u;
            }
            u = next;
        }
        *lists[i][0] = keep;
        *lists[i][1] = keep_tail;
    }
}

/* Fills pending IN URBs from the queued frames. */
void usbemu_pump(board *b)
{
    while (b->in_head) {
        if (b->gone) {
            usbemu_urb_done(b, usbemu_pop(&b->in_head, &b->in_tail), -ESHUTDOWN, 0);
            continue;
        }
        if (b->in_halted) {
            usbemu_urb_done(b, usbemu_pop(&b->in_head, &b->in_tail), -EPIPE, 0);
            continue;
        }
        frame *f = b->tx_head;
        if (!f)
            break;
        if (f->off == 0 && f->len > 0 && (f->stall || b->stall_always_on)) {
            if (b->fault_usb == USBEMU_FAULT_STALL_ALWAYS)
                b->stall_always_on = true;
            f->stall = false;
            b->in_halted = true;
            usbemu_say("board %s: fault: the IN endpoint 0x%02x stalls before frame %lu", b->serial, USBEMU_EP_IN,
                (unsigned long)b->fault_n);
            continue;
        }
        urb *u = usbemu_pop(&b->in_head, &b->in_tail);
        size_t cap = (size_t)usbemu_urb_of(u)->buffer_length, n = f->len - f->off;
        int status = 0;
        if (n > cap) {
            n = cap;
            if (cap % USBEMU_MAX_PACKET) /* a packet did not fit the buffer */
                status = -EOVERFLOW;
        }
        if (n)
            memcpy(u->buf->data, f->bytes + f->off, n);
        f->off += n;
        /* the frame is over unless a zero-length packet is still owed */
        if (f->off == f->len && !(n && n == cap && f->len % USBEMU_MAX_PACKET == 0)) {
            b->tx_head = f->next;
            if (!b->tx_head)
                b->tx_tail = NULL;
            free(f);
        }
        usbemu_urb_done(b, u, status, (int)n);
    }
}

/* Host -> board bytes: reassemble frames by the header's length. */
void usbemu_out_bytes(board *b, const uint8_t *p, size_t n)
{
    if (b->asm_len + n > b->asm_cap) {
        size_t cap = b->asm_cap ? b->asm_cap : 4096;
        while (cap < b->asm_len + n)
            cap *= 2;
        uint8_t *q = realloc(b->asm_buf, cap);
        if (!q)
            return;
        b->asm_buf = q, b->asm_cap = cap;
    }
    memcpy(b->asm_buf + b->asm_len, p, n);
    b->asm_len += n;
    while (b->asm_len >= WIRE_HEADER_SIZE) {
        const uint8_t *h = b->asm_buf;
        uint32_t magic = (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 24;
        uint32_t length = (uint32_t)h[12] | (uint32_t)h[13] << 8 | (uint32_t)h[14] << 16 | (uint32_t)h[15] << 24;
        size_t want = WIRE_HEADER_SIZE + (size_t)length;
        if (magic != WIRE_MAGIC || length > WIRE_MAX_PAYLOAD)
            want = b->asm_len; /* garbage: hand it over whole, the core answers with an ERROR */
        if (b->asm_len < want)
            break;
        frame *f = malloc(sizeof *f + want);
        if (!f)
            return;
        f->next = NULL, f->len = want, f->off = 0, f->stall = false;
        memcpy(f->bytes, b->asm_buf, want);
        memmove(b->asm_buf, b->asm_buf + want, b->asm_len - want);
        b->asm_len -= want;
        if (b->rx_tail)
            b->rx_tail->next = f;
        else
            b->rx_head = f;
        b->rx_tail = f;
        pthread_cond_broadcast(&b->cv);
    }
}

/* Host -> board for the image: the transfer as the bus carries it, in
 * 512-byte packets, the last one short (a zero-length one when the host asks
 * for it after a transfer of whole packets, or for an empty transfer). */
static void out_packet(board *b, const uint8_t *p, size_t k)
{
    frame *f = malloc(sizeof *f + k);
    if (!f)
        return;
    f->next = NULL, f->len = k, f->off = 0, f->stall = false;
    if (k)
        memcpy(f->bytes, p, k);
    if (b->rx_tail)
        b->rx_tail->next = f;
    else
        b->rx_head = f;
    b->rx_tail = f;
}

void usbemu_out_packets(board *b, const uint8_t *p, size_t n, bool zero_packet)
{
    size_t off = 0;
    do {
        size_t k = n - off > USBEMU_MAX_PACKET ? USBEMU_MAX_PACKET : n - off;
        out_packet(b, p ? p + off : NULL, k);
        off += k;
    } while (off < n);
    if (n && n % USBEMU_MAX_PACKET == 0 && zero_packet)
        out_packet(b, NULL, 0);
    pthread_cond_broadcast(&b->cv);
}

void usbemu_free_frames(frame **head, frame **tail)
{
    while (*head) {
        frame *f = *head;
        *head = f->next;
        free(f);
    }
    *tail = NULL;
}

/* The client that had claimed the interface closed the device (NULL: all
 * clients): forget its URBs and any half-sent data. */
void usbemu_client_gone(board *b, const void *owner)
{
    usbemu_drop_urbs(b, owner);
    if (b->blocked_reaper && (!owner || (const void *)b->blocked_reaper == owner)) {
        g_object_unref(b->blocked_reaper);
        b->blocked_reaper = NULL;
    }
    usbemu_free_frames(&b->tx_head, &b->tx_tail);
    b->asm_len = 0;
    b->in_halted = false;
    b->empty_reaps = 0;
}
