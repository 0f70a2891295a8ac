/* wire: frames: header, payload, CRC. */
#include <string.h>

#include "wire/protocol.h"

static void put_header(uint8_t *out, uint16_t type, uint32_t seq, uint32_t length)
{
    wire_writer w = {.p = out, .cap = 16};
    wire_put32(&w, WIRE_MAGIC);
    wire_put16(&w, WIRE_VERSION);
    wire_put16(&w, type);
    wire_put32(&w, seq);
    wire_put32(&w, length);
}

size_t wire_frame_begin(uint8_t *out, size_t cap, uint16_t type, uint32_t seq, uint32_t length)
{
    if (length > WIRE_MAX_PAYLOAD || cap < WIRE_HEADER_SIZE + (size_t)length)
        return 0;
    put_header(out, type, seq, length);
    wire_writer w = {.p = out + 16, .cap = 4};
    wire_put32(&w, 0);
    return WIRE_HEADER_SIZE + (size_t)length;
}

void wire_frame_seal(uint8_t *frame, size_t len)
{
    uint32_t crc = wire_crc32(0, frame, 16);
    crc = wire_crc32(crc, frame + WIRE_HEADER_SIZE, len - WIRE_HEADER_SIZE);
    wire_writer w = {.p = frame + 16, .cap = 4};
    wire_put32(&w, crc);
}

size_t wire_frame_encode(uint8_t *out, size_t cap, uint16_t type, uint32_t seq, const void *payload,
                         uint32_t length)
{
    size_t n = wire_frame_begin(out, cap, type, seq, length);
    if (!n)
        return 0;
    if (length && payload != out + WIRE_HEADER_SIZE)
        memmove(out + WIRE_HEADER_SIZE, payload, length);
    wire_frame_seal(out, n);
    return n;
}

uint32_t wire_frame_decode(const uint8_t *frame, size_t len, wire_header *h, const uint8_t **payload)
{
    if (len < WIRE_HEADER_SIZE)
        return WIRE_ERR_BAD_LENGTH;
    wire_reader r = {.p = frame, .len = WIRE_HEADER_SIZE};
    wire_header hd;
    hd.magic = wire_get32(&r);
    hd.version = wire_get16(&r);
    hd.type = wire_get16(&r);
    hd.seq = wire_get32(&r);
    hd.length = wire_get32(&r);
    hd.crc = wire_get32(&r);
    if (hd.magic != WIRE_MAGIC)
        return WIRE_ERR_BAD_MAGIC;
    if (hd.version != WIRE_VERSION)
        return WIRE_ERR_BAD_VERSION;
    if (hd.length > WIRE_MAX_PAYLOAD || (size_t)hd.length != len - WIRE_HEADER_SIZE)
        return WIRE_ERR_BAD_LENGTH;
    uint32_t crc = wire_crc32(0, frame, 16);
    crc = wire_crc32(crc, frame + WIRE_HEADER_SIZE, hd.length);
    if (crc != hd.crc)
        return WIRE_ERR_BAD_CRC;
    *h = hd;
    *payload = frame + WIRE_HEADER_SIZE;
    return 0;
}

int32_t wire_request_length(uint16_t type)
{
    switch (type) {
    case WIRE_HELLO: return 4;
    case WIRE_RESET: return 0;
    case WIRE_LOAD_CODE:
    case WIRE_LOAD_CONST:
    case WIRE_LOAD_MEM: return WIRE_LENGTH_COUNTED;
    case WIRE_LAUNCH: return 12;
    case WIRE_WRITE_REG: return 12 + 4 * WIRE_LANES;
    case WIRE_READ_STATE: return 2;
    case WIRE_READ_MEM: return 12;
    case WIRE_RUN: return 16;
    case WIRE_CREDIT: return 4;
    case WIRE_HALT: return 0;
    case WIRE_INJECT: return 18;
    case WIRE_MEM_DIGEST: return 16;
    case WIRE_WRITTEN_PAGES: return 12;
    case WIRE_VARIANTS: return 0;
    }
    return WIRE_LENGTH_NONE;
}

uint32_t wire_digest_seed(uint32_t nonce)
{
    uint8_t b[4] = {(uint8_t)nonce, (uint8_t)(nonce >> 8), (uint8_t)(nonce >> 16), (uint8_t)(nonce >> 24)};
    return wire_crc32(0, b, sizeof b);
}
