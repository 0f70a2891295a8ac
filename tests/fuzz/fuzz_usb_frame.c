/* Fuzz target: the USB transport's framing (host/lib/usb_stream.c): the
 * bytes a hostile board sends over bulk IN, in transfers of any size, cut
 * into wire frames. The input is the byte stream; its first byte seeds the
 * transfer sizes. Properties: no byte is lost, duplicated or reordered (the
 * frames taken plus what is left equal what was appended); a frame with the
 * magic and a length within WIRE_MAX_PAYLOAD is cut at exactly header +
 * length; whatever is taken goes through the frame decoder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "usb_stream.h"
#include "wire/protocol.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    uint32_t rng = 0x9e3779b9u * (data[0] + 1u);
    data++, size--;
    gh_usb_stream s;
    if (gh__usb_stream_init(&s, 64) != 0)
        return 0;
    uint8_t *out = malloc(size + 1), *got = malloc(size + 1);
    size_t got_len = 0;
    for (size_t at = 0; out && got && at < size;) {
        rng = rng * 1664525u + 1013904223u;
        size_t chunk = 1 + (rng >> 8) % 600; /* a short packet to a few */
        if (chunk > size - at)
            chunk = size - at;
        FUZZ_CHECK(gh__usb_stream_append(&s, data + at, chunk) == 0, "append failed");
        at += chunk;
        size_t len, n;
        while ((n = gh__usb_stream_take(&s, out, size + 1, &len)) != 0) {
            FUZZ_CHECK(len == n && n >= WIRE_HEADER_SIZE, "frame of %zu bytes, %zu copied", n, len);
            if (le32(out) == WIRE_MAGIC && le32(out + 12) <= WIRE_MAX_PAYLOAD)
                FUZZ_CHECK(n == WIRE_HEADER_SIZE + (size_t)le32(out + 12), "frame cut at %zu, header says %u", n,
                           le32(out + 12));
            wire_header h;
            const uint8_t *payload;
            wire_frame_decode(out, len, &h, &payload);
            memcpy(got + got_len, out, n);
            got_len += n;
        }
    }
    if (out && got) {
        size_t left = s.tail - s.head;
        FUZZ_CHECK(got_len + left == size, "%zu bytes in, %zu out and %zu left", size, got_len, left);
        FUZZ_CHECK(memcmp(got, data, got_len) == 0 && memcmp(s.buf + s.head, data + got_len, left) == 0,
                   "bytes lost or reordered");
    }
    free(out);
    free(got);
    gh__usb_stream_free(&s);
    return 0;
}

/* Built-in seed: three well-formed frames back to back (a reply, an empty
 * one, a frame of 1000 bytes), split by transfers seeded with 0x07. */
const fuzz_seed *fuzz_seeds(size_t *count)
{
    static uint8_t stream[1 + 3 * WIRE_HEADER_SIZE + 8 + 1000];
    static fuzz_seed seed;
    if (!seed.size) {
        static uint8_t big[1000];
        size_t n = 1;
        stream[0] = 0x07;
        n += wire_frame_encode(stream + n, sizeof stream - n, WIRE_CAPS, 1, "abcdefgh", 8);
        n += wire_frame_encode(stream + n, sizeof stream - n, WIRE_OK, 2, NULL, 0);
        n += wire_frame_encode(stream + n, sizeof stream - n, WIRE_MEM, 3, big, sizeof big);
        seed = (fuzz_seed){stream, n};
    }
    *count = 1;
    return &seed;
}
