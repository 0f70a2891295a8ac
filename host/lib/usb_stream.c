/* libgpuhost: the USB IN stream cut into frames (see usb_stream.h). */
#include "usb_stream.h"

#include <stdlib.h>
#include <string.h>

#include "wire/protocol.h"

int gh__usb_stream_init(gh_usb_stream *s, size_t cap)
{
    *s = (gh_usb_stream){.buf = malloc(cap ? cap : 1), .cap = cap ? cap : 1};
    return s->buf ? 0 : -1;
}

void gh__usb_stream_free(gh_usb_stream *s)
{
    free(s->buf);
    *s = (gh_usb_stream){0};
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

size_t gh__usb_stream_frame(const gh_usb_stream *s)
{
    size_t avail = s->tail - s->head;
    if (avail < WIRE_HEADER_SIZE)
        return 0;
    const uint8_t *h = s->buf + s->head;
    if (le32(h) != WIRE_MAGIC)
        return avail; /* not a frame: hand it over whole, the decoder says what is wrong */
    uint32_t length = le32(h + 12);
    if (length > WIRE_MAX_PAYLOAD)
        return WIRE_HEADER_SIZE;
    return avail >= WIRE_HEADER_SIZE + (size_t)length ? WIRE_HEADER_SIZE + (size_t)length : 0;
}

int gh__usb_stream_append(gh_usb_stream *s, const uint8_t *p, size_t n)
{
    if (n > s->cap - s->tail && s->head > 0) { /* compact */
        memmove(s->buf, s->buf + s->head, s->tail - s->head);
        s->tail -= s->head;
        s->head = 0;
    }
    if (n > s->cap - s->tail) {
        size_t cap = s->cap;
        while (cap - s->tail < n) {
            if (cap > ((size_t)-1) / 2)
                return -1;
            cap *= 2;
        }
        uint8_t *b = realloc(s->buf, cap);
        if (!b)
            return -1;
        s->buf = b, s->cap = cap;
    }
    if (n)
        memcpy(s->buf + s->tail, p, n);
    s->tail += n;
    return 0;
}

size_t gh__usb_stream_take(gh_usb_stream *s, uint8_t *out, size_t cap, size_t *len)
{
    size_t n = gh__usb_stream_frame(s);
    if (!n)
        return 0;
    size_t copy = n < cap ? n : cap;
    memcpy(out, s->buf + s->head, copy);
    *len = copy;
    s->head += n;
    if (s->head == s->tail)
        s->head = s->tail = 0;
    return n;
}
