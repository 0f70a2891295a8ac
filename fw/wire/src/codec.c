/* wire: little-endian field writers and readers; error texts. */
#include <string.h>

#include "wire/protocol.h"

const char *wire_error_text(uint32_t code)
{
    switch (code) {
#define WIRE_ERROR_TEXT(name, code, text) \
    case code:                            \
        return text;
        WIRE_ERRORS(WIRE_ERROR_TEXT)
#undef WIRE_ERROR_TEXT
    }
    return "unknown error";
}

/* 32-bit values only: a 64-bit shift is a libgcc call on the board's rv32
 * core, and this runs for every byte of every record it streams. */
static void put(wire_writer *w, uint32_t v, unsigned bytes)
{
    if (w->len + bytes > w->cap) {
        w->overflow = 1;
        return;
    }
    for (unsigned i = 0; i < bytes; i++, v >>= 8)
        w->p[w->len++] = (uint8_t)v;
}

void wire_put8(wire_writer *w, uint8_t v) { put(w, v, 1); }
void wire_put16(wire_writer *w, uint16_t v) { put(w, v, 2); }
void wire_put32(wire_writer *w, uint32_t v) { put(w, v, 4); }
void wire_put64(wire_writer *w, uint64_t v)
{
    if (w->len + 8 > w->cap) {
        w->overflow = 1;
        return;
    }
    put(w, (uint32_t)v, 4);
    put(w, (uint32_t)(v >> 32), 4);
}

/* The wire's byte order is the host's on a little-endian machine (the
 * board's rv32, x86): a register file is then one copy, not 8,160 stores of
 * four bytes each (a STATE). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WIRE_HOST_ORDER 1
#else
#define WIRE_HOST_ORDER 0
#endif

void wire_put32_words(wire_writer *w, const uint32_t *v, size_t n)
{
    if (w->len + 4 * n > w->cap) {
        w->overflow = 1;
        return;
    }
    if (WIRE_HOST_ORDER) {
        memcpy(w->p + w->len, v, 4 * n);
        w->len += 4 * n;
    } else {
        for (size_t i = 0; i < n; i++)
            put(w, v[i], 4);
    }
}

void wire_put_bytes(wire_writer *w, const void *data, size_t n)
{
    if (w->len + n > w->cap) {
        w->overflow = 1;
        return;
    }
    memcpy(w->p + w->len, data, n);
    w->len += n;
}

static uint64_t get(wire_reader *r, unsigned bytes)
{
    if (r->pos + bytes > r->len) {
        r->underflow = 1;
        r->pos = r->len;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)r->p[r->pos++] << (8 * i);
    return v;
}

uint8_t wire_get8(wire_reader *r) { return (uint8_t)get(r, 1); }
uint16_t wire_get16(wire_reader *r) { return (uint16_t)get(r, 2); }
uint32_t wire_get32(wire_reader *r) { return (uint32_t)get(r, 4); }
uint64_t wire_get64(wire_reader *r) { return get(r, 8); }

void wire_get32_words(wire_reader *r, uint32_t *out, size_t n)
{
    if (r->pos + 4 * n > r->len) {
        r->underflow = 1;
        r->pos = r->len;
        memset(out, 0, 4 * n);
        return;
    }
    if (WIRE_HOST_ORDER) {
        memcpy(out, r->p + r->pos, 4 * n);
        r->pos += 4 * n;
    } else {
        for (size_t i = 0; i < n; i++)
            out[i] = (uint32_t)get(r, 4);
    }
}

void wire_get_bytes(wire_reader *r, void *out, size_t n)
{
    if (r->pos + n > r->len) {
        r->underflow = 1;
        r->pos = r->len;
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p + r->pos, n);
    r->pos += n;
}
