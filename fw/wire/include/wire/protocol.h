/* The wire protocol between gpuhost and a target (gpu-rtlsim over ZeroMQ, a
 * board over USB bulk). Defined once; transports only move its frames.
 *
 * A frame is a 20-byte header and a payload, all little-endian:
 *   offset 0  u32 magic    'GHWP' (0x50574847)
 *          4  u16 version  WIRE_VERSION
 *          6  u16 type     enum wire_type
 *          8  u32 seq      sequence number: requests count up from 1; a reply
 *                          carries its request's seq; streamed COMMITS frames
 *                          carry the RUN's seq and a batch index in the payload
 *         12  u32 length   payload bytes (<= WIRE_MAX_PAYLOAD)
 *         16  u32 crc      CRC-32 (IEEE, as zlib's crc32) of header bytes 0..15
 *                          followed by the payload
 * A receiver answers a frame it cannot accept (bad magic, version, CRC, type,
 * length) with an ERROR frame naming why; it never hangs or crashes.
 *
 * Payloads are sequences of little-endian u8/u16/u32/u64 fields as each
 * message below lists; wire_msg.c encodes and decodes them. */
#ifndef WIRE_PROTOCOL_H
#define WIRE_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "wire/commit.h"

#define WIRE_MAGIC 0x50574847u /* "GHWP" */
#define WIRE_VERSION 4u /* 4: VARIANT_MAP carries the contract revision and lacking modifier values */
#define WIRE_HEADER_SIZE 20u
#define WIRE_MAX_PAYLOAD (1u << 20)
/* The least max_payload a target may announce (CAPS): WRITE_REG's fixed
 * 140-byte payload must fit, and so must one instruction of LOAD_CODE. */
#define WIRE_MIN_MAX_PAYLOAD 140u

enum wire_type {
    /* requests (host -> target) */
    WIRE_HELLO = 0x01,       /* u32 host version -> CAPS */
    WIRE_RESET = 0x02,       /* -> OK: DUT reset, state cleared */
    WIRE_LOAD_CODE = 0x03,   /* u32 first instruction index, u32 count, count x (u64 lo, u64 hi) -> OK */
    WIRE_LOAD_CONST = 0x04,  /* u32 bank, u32 byte offset, u32 count, count x u32 -> OK */
    WIRE_LOAD_MEM = 0x05,    /* u64 address, u32 count, count x u32 -> OK */
    WIRE_LAUNCH = 0x06,      /* u32 warps, u64 entry -> OK: lanes at entry, ready */
    WIRE_WRITE_REG = 0x07,   /* u8 kind, u8 pad, u16 warp, u32 index, u32 lane mask, 32 x u32 -> OK */
    WIRE_READ_STATE = 0x08,  /* u16 warp -> STATE */
    WIRE_READ_MEM = 0x09,    /* u64 address, u32 bytes -> MEM */
    WIRE_RUN = 0x0a,         /* u64 max instructions, u32 batch size, u32 window -> COMMITS..., RUN_END */
    WIRE_CREDIT = 0x0b,      /* u32 batches: the host consumed them; no reply; ignored outside a run */
    WIRE_HALT = 0x0c,        /* -> RUN_END (reason HALTED) if a run is on, else OK */
    WIRE_INJECT = 0x0d,      /* u16 warp, u64 lo, u64 hi: execute this word once -> COMMITS (1 record) */
    WIRE_MEM_DIGEST = 0x0e,  /* u64 page-aligned address, u32 pages (1..WIRE_MAX_DIGEST_PAGES), u32 nonce -> DIGESTS */
    WIRE_WRITTEN_PAGES = 0x0f, /* u64 page-aligned from, u32 max (1..WIRE_MAX_PAGE_LIST) -> PAGES */
    WIRE_VARIANTS = 0x10,    /* -> VARIANT_MAP: the opcode variants the target lacks */
    /* replies (target -> host) */
    WIRE_OK = 0x81,
    WIRE_CAPS = 0x82,        /* see wire_caps */
    WIRE_STATE = 0x83,       /* see wire_state */
    WIRE_MEM = 0x84,         /* u64 address, u32 bytes, bytes */
    WIRE_COMMITS = 0x85,     /* u32 batch index, u32 count, count x commit record */
    WIRE_RUN_END = 0x86,     /* u32 reason (enum wire_run_end), u64 instructions, u32 batches */
    WIRE_DIGESTS = 0x87,     /* u64 address, u32 pages, pages x u32 CRC-32 of each WIRE_PAGE_SIZE page */
    WIRE_PAGES = 0x88,       /* u64 from, u32 count, count x u64 page addresses, ascending, >= from */
    WIRE_VARIANT_MAP = 0x89, /* u16 variants, u16 modifier count, u32 contract, WIRE_VARIANT_MAP_BYTES bytes,
                              * count x u32 modifier word: see wire_caps.lacking */
    WIRE_ERROR = 0x8f,       /* u32 code (enum wire_error), u16 text length, text */
};

/* WRITE_REG's kinds and lane statuses: enum wire_reg_kind, wire_lane_status
 * (commit_record.h: the model takes them too). */

enum wire_run_end {
    WIRE_END_DONE = 0,     /* every lane of every warp exited */
    WIRE_END_LIMIT = 1,    /* max instructions reached */
    WIRE_END_TRAP = 2,     /* the last record is a trap */
    WIRE_END_HALTED = 3,   /* HALT request */
    WIRE_END_WATCHDOG = 4, /* the DUT stopped retiring */
    WIRE_END_DUT_ERROR = 5, /* the DUT broke the port contract (e.g. malformed retire beats) */
};

/* Memory digests: full-state checks compare pages by CRC-32 first and read
 * the pages whose digests differ (and some that agree: the host's choice).
 * A page's digest is the CRC-32 of the request's nonce (4 bytes, little
 * endian) followed by the page's 4096 bytes: a fresh nonce per request, so
 * no remembered or precomputed answer matches (wire_page_digest). */
#define WIRE_PAGE_SIZE 4096u
#define WIRE_MAX_DIGEST_PAGES 256u
/* Written pages: every global-memory page the DUT's memory holds (written by
 * a store or LOAD_MEM since RESET), so that the host compares a page a
 * store wrote although no commit record named it. A PAGES reply lists the
 * lowest `max` at or above `from`; fewer than `max` ends the list. */
#define WIRE_MAX_PAGE_LIST 512u

#define WIRE_ERRORS(X)                                              \
    X(BAD_MAGIC, 1, "bad frame magic")                              \
    X(BAD_VERSION, 2, "protocol version mismatch")                  \
    X(BAD_CRC, 3, "frame CRC mismatch")                             \
    X(BAD_TYPE, 4, "unknown message type")                          \
    X(BAD_LENGTH, 5, "frame length out of range or wrong for type") \
    X(BAD_ARGUMENT, 6, "argument out of range")                     \
    X(BUSY, 7, "a run is in progress")                              \
    X(DUT, 8, "the DUT reported an error")                          \
    X(WATCHDOG, 9, "the DUT stopped responding")                    \
    X(UNIMPLEMENTED, 10, "the target does not implement this")      \
    X(SESSION, 11, "not this client's session: the server serves one client at a time")

enum wire_error {
#define WIRE_ERROR_ENUM(name, code, text) WIRE_ERR_##name = code,
    WIRE_ERRORS(WIRE_ERROR_ENUM)
#undef WIRE_ERROR_ENUM
};
const char *wire_error_text(uint32_t code); /* never NULL */

typedef struct {
    uint32_t magic;
    uint16_t version, type;
    uint32_t seq, length, crc;
} wire_header;

/* A result the target may compute differently from the model: hardware
 * approximates MUFU's functions. Each element of such a result may lie up to
 * `ulp` units in the last place from the model's; special values (NaN, Inf,
 * a sign change) never. Values are the spec's own numbers; WIRE_ANY matches
 * every function or format. A target that declares nothing is exact. */
#define WIRE_ANY 0xffu
#define WIRE_MAX_TOLERANCES 32u
#define WIRE_VARIANT_MAP_BYTES 32u /* 256 opcode variants */
#define WIRE_MAX_LACKING_MODIFIERS 64u
typedef struct {
    uint8_t optype;   /* Optype value (isa/spec/base.isa) */
    uint8_t function; /* MUFU: the mufuop field's value, or WIRE_ANY */
    uint8_t format;   /* MUFU: the dtype field's value, or WIRE_ANY */
    uint8_t ulp;      /* largest distance per element */
} wire_tolerance;

/* CAPS payload: u32 version, u16 max warps, u16 lanes, u32 max payload bytes,
 * u32 max code (instructions, 0 = no limit),
 * 32 bytes implemented-optype bitmap (bit n = Optype value n), u8 name length, name,
 * u8 tolerance count, count x (u8 optype, u8 function, u8 format, u8 ulp). */
typedef struct {
    uint32_t version;
    uint16_t max_warps, lanes;
    uint32_t max_payload; /* largest request payload the target accepts, bytes */
    uint32_t max_code;    /* instructions its code memory holds; 0: no limit */
    uint8_t optypes[32];
    char name[64];
    uint8_t tolerance_count;
    wire_tolerance tolerance[WIRE_MAX_TOLERANCES];
    /* Not in CAPS' payload: VARIANTS' reply. A core may implement an optype
     * but not every opcode variant of it (IADD, but not IADD_RC): bit v of
     * lacking is variant v of the ISA tables (isa/spec's __DefOpcode order),
     * lacking although its optype is implemented. variant_count is the
     * number of variants the map was made for (the ISA tables'); 0: the
     * target lacks no variant of an optype it implements. */
    uint16_t variant_count;
    uint8_t lacking[WIRE_VARIANT_MAP_BYTES];
    /* Also VARIANTS' reply: below the variant, the values of a modifier the
     * target lacks (MOV_R.64), in the port's MODIFIERS word layout (fw/port.h:
     * bits 7..0 variant, 15..8 field, 30..16 value, bit 31 set); and the
     * contract revision its core presents (port word CONTRACT; 0: none, a
     * core that predates the word). */
    uint8_t modifier_count;
    uint32_t lacking_modifier[WIRE_MAX_LACKING_MODIFIERS];
    uint32_t contract;
} wire_caps;

/* STATE payload: u16 warp, u16 pad, u32 exited mask, u32 waiting mask,
 * 32 x u64 lane PCs, 255 x 32 x u32 GPRs, 7 x u32 predicate masks,
 * 63 x u32 URs, u32 uniform predicate mask. */
typedef struct {
    uint16_t warp;
    uint32_t exited, waiting;
    uint64_t pc[WIRE_LANES];
    uint32_t gpr[255][WIRE_LANES];
    uint32_t pred[7];
    uint32_t ur[63];
    uint32_t upred;
} wire_state;

/* CRC-32 of a buffer, continuing from crc (start with 0). Provided by the
 * platform: zlib's crc32 on the host, the board's HAL on firmware. */
uint32_t wire_crc32(uint32_t crc, const void *data, size_t len);
/* A MEM_DIGEST's running CRC before each page: the CRC-32 of its nonce's 4
 * little-endian bytes (a page's digest continues it over the page). */
uint32_t wire_digest_seed(uint32_t nonce);
/* memcpy for the codecs' bulk copies (non-overlapping). Provided by the
 * platform: memcpy on the host, the board's DMA engine on gh-ref (its soft
 * core has no misaligned stores, and records land at any alignment). */
void wire_copy(void *dst, const void *src, size_t len);

/* Frames. Encode writes header + payload into out (capacity cap); returns the
 * frame size or 0 when it does not fit. Decode checks magic, version, length
 * and CRC of a complete frame of `len` bytes; returns 0 and fills *h and
 * *payload, or a WIRE_ERR_* code. */
size_t wire_frame_encode(uint8_t *out, size_t cap, uint16_t type, uint32_t seq, const void *payload,
                         uint32_t length);
uint32_t wire_frame_decode(const uint8_t *frame, size_t len, wire_header *h, const uint8_t **payload);
/* wire_frame_encode in two steps, for a payload built in place at out +
 * WIRE_HEADER_SIZE and a link that can fill in the CRC as it sends: begin
 * writes the header with its CRC field 0 (the frame size, or 0 when it does
 * not fit); seal fills in the CRC of a whole frame. */
size_t wire_frame_begin(uint8_t *out, size_t cap, uint16_t type, uint32_t seq, uint32_t length);
void wire_frame_seal(uint8_t *frame, size_t len);
/* The payload size a request of `type` must have, so that a server refuses a
 * wrong one (BAD_LENGTH) before decoding it: the fixed size, or
 * WIRE_LENGTH_COUNTED (LOAD_*: a count in the payload says), or
 * WIRE_LENGTH_NONE for a type that is not a request. */
#define WIRE_LENGTH_COUNTED (-1)
#define WIRE_LENGTH_NONE (-2)
int32_t wire_request_length(uint16_t type);

/* Commit records on the wire: variable size (only what was written). */
size_t wire_commit_encode(const wire_commit *rec, uint8_t *out, size_t cap); /* 0: no room */
/* Decodes one record from in[0..len); returns bytes consumed, 0 if malformed. */
size_t wire_commit_decode(const uint8_t *in, size_t len, wire_commit *rec);
/* What no record may hold, on either side of the wire: a register,
 * predicate or uniform out of the architecture's range or written twice, a
 * store size outside the ISA's. NULL when none, else the reason. The
 * firmware core checks each record before it sends it (the DUT broke the
 * port contract), the host each one it receives (the target broke the
 * protocol). */
const char *wire_commit_check(const wire_commit *rec);

/* Little-endian field helpers shared by the message codecs. */
typedef struct {
    uint8_t *p;
    size_t len, cap;
    int overflow;
} wire_writer;
void wire_put8(wire_writer *w, uint8_t v);
void wire_put16(wire_writer *w, uint16_t v);
void wire_put32(wire_writer *w, uint32_t v);
void wire_put64(wire_writer *w, uint64_t v);
void wire_put_bytes(wire_writer *w, const void *data, size_t n);
void wire_put32_words(wire_writer *w, const uint32_t *v, size_t n); /* n 32-bit words */

typedef struct {
    const uint8_t *p;
    size_t len, pos;
    int underflow;
} wire_reader;
uint8_t wire_get8(wire_reader *r);
uint16_t wire_get16(wire_reader *r);
uint32_t wire_get32(wire_reader *r);
uint64_t wire_get64(wire_reader *r);
void wire_get_bytes(wire_reader *r, void *out, size_t n);
void wire_get32_words(wire_reader *r, uint32_t *out, size_t n); /* n 32-bit words */

int wire_caps_encode(const wire_caps *c, wire_writer *w);
int wire_caps_decode(wire_reader *r, wire_caps *c);    /* 0 or -1 */
int wire_state_encode(const wire_state *s, wire_writer *w);
int wire_state_decode(wire_reader *r, wire_state *s);  /* 0 or -1 */

#endif
