/* wire_conformance ENDPOINT | usb: checks a server against
 * docs/wire-protocol.md — every request, every error path and the RUN flow
 * control — building every frame itself, as a third-party client would. The
 * frames travel over a ZeroMQ DEALER socket, or over USB bulk through
 * libgpuhost's USB transport (which only moves frames) to the reference
 * board's VID:PID (run it under gpu-usbemu for the emulated board). Prints one
 * line per check and "N passed, M failed"; exits 1 if any failed, 77 if the
 * server cannot be reached. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include <zmq.h>

#include "isa/asmfile.h"
#include "fw/port.h"
#include "transport_usb.h"
#include "wire/protocol.h"

#define TIMEOUT_MS 5000

static void *zctx, *sock;               /* ZeroMQ, or */
static const gh_transport_ops *usb_ops; /* USB bulk */
static void *usb_ctx;
static uint32_t seq;
static unsigned passed, failed;
static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];

static void check(bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok ? "ok  " : "FAIL");
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    ok ? passed++ : failed++;
}

static void send_raw(const uint8_t *bytes, size_t len)
{
    if (usb_ops)
        usb_ops->send(usb_ctx, bytes, len);
    else
        zmq_send(sock, bytes, len, 0);
}

static uint32_t send_req(uint16_t type, const void *payload, uint32_t len)
{
    static uint8_t tx[WIRE_HEADER_SIZE + 4096];
    size_t n = wire_frame_encode(tx, sizeof tx, type, ++seq, payload, len);
    send_raw(tx, n);
    return seq;
}

/* The next frame within timeout_ms: its header and payload; false on silence. */
static bool recv_frame(wire_header *h, const uint8_t **payload, int timeout_ms)
{
    if (usb_ops) {
        size_t len;
        return usb_ops->recv(usb_ctx, rx, sizeof rx, &len, (uint32_t)timeout_ms) == 0 &&
               wire_frame_decode(rx, len, h, payload) == 0;
    }
    zmq_pollitem_t item = {.socket = sock, .events = ZMQ_POLLIN};
    if (zmq_poll(&item, 1, timeout_ms) <= 0)
        return false;
    int n = zmq_recv(sock, rx, sizeof rx, 0);
    return n > 0 && wire_frame_decode(rx, (size_t)n, h, payload) == 0;
}

/* A reply of `type` to request `id`. */
static bool reply(uint32_t id, uint16_t type, wire_header *h, const uint8_t **p)
{
    return recv_frame(h, p, TIMEOUT_MS) && h->seq == id && h->type == type;
}

static uint32_t error_code(const wire_header *h, const uint8_t *p)
{
    wire_reader r = {.p = p, .len = h->length};
    return h->type == WIRE_ERROR ? wire_get32(&r) : 0;
}

/* A request answered with ERROR `code` carrying the request's sequence number. */
static void expect_error(const char *what, uint16_t type, const void *payload, uint32_t len, uint32_t code)
{
    wire_header h;
    const uint8_t *p;
    uint32_t id = send_req(type, payload, len);
    bool got = reply(id, WIRE_ERROR, &h, &p);
    check(got && error_code(&h, p) == code, "%s: ERROR %s with its sequence number", what, wire_error_text(code));
}

/* A malformed frame answered with ERROR `code`, sequence number 0. */
static void expect_frame_error(const char *what, const uint8_t *bytes, size_t len, uint32_t code)
{
    wire_header h;
    const uint8_t *p;
    send_raw(bytes, len);
    bool got = recv_frame(&h, &p, TIMEOUT_MS) && h.type == WIRE_ERROR && h.seq == 0;
    check(got && error_code(&h, p) == code, "%s: ERROR %s with sequence number 0", what, wire_error_text(code));
}

static bool ok_reply(uint16_t type, const void *payload, uint32_t len)
{
    wire_header h;
    const uint8_t *p;
    return reply(send_req(type, payload, len), WIRE_OK, &h, &p);
}

static void hello_and_bad_frames(wire_caps *caps)
{
    uint8_t buf[64];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put32(&w, WIRE_VERSION);
    wire_header h;
    const uint8_t *p;
    bool got = reply(send_req(WIRE_HELLO, buf, 4), WIRE_CAPS, &h, &p);
    wire_reader r = {.p = p, .len = got ? h.length : 0};
    got = got && wire_caps_decode(&r, caps) == 0;
    check(got && caps->version == WIRE_VERSION && caps->lanes == 32 && caps->max_payload >= WIRE_MIN_MAX_PAYLOAD,
          "HELLO: CAPS (version %u, %u warps of %u lanes, requests up to %u bytes, \"%s\")", caps->version,
          caps->max_warps, caps->lanes, caps->max_payload, caps->name);
    w.len = 0;
    wire_put32(&w, WIRE_VERSION + 1);
    expect_error("HELLO with another version", WIRE_HELLO, buf, 4, WIRE_ERR_BAD_VERSION);
    expect_error("HELLO without its version", WIRE_HELLO, NULL, 0, WIRE_ERR_BAD_LENGTH);

    uint8_t frame[64];
    size_t n = wire_frame_encode(frame, sizeof frame, WIRE_RESET, ++seq, NULL, 0);
    frame[0] ^= 0xff;
    expect_frame_error("a bad magic", frame, n, WIRE_ERR_BAD_MAGIC);
    n = wire_frame_encode(frame, sizeof frame, WIRE_RESET, ++seq, NULL, 0);
    frame[16] ^= 1;
    expect_frame_error("a bad CRC", frame, n, WIRE_ERR_BAD_CRC);
    n = wire_frame_encode(frame, sizeof frame, WIRE_RESET, ++seq, NULL, 0);
    frame[4] = 7; /* version 7; the CRC is of the real header, checked after the version */
    expect_frame_error("another version in the header", frame, n, WIRE_ERR_BAD_VERSION);
    n = wire_frame_encode(frame, sizeof frame, WIRE_RESET, ++seq, "abcd", 4);
    expect_frame_error("a length the frame does not have", frame, n - 2, WIRE_ERR_BAD_LENGTH);
    expect_error("an unknown type", 0x55, NULL, 0, WIRE_ERR_BAD_TYPE);
}

/* RESET, LOAD_CODE, LOAD_CONST, LOAD_MEM, LAUNCH, WRITE_REG: the kernel below. */
static bool load(const isa_kernel *k)
{
    uint8_t buf[4096];
    bool ok = ok_reply(WIRE_RESET, NULL, 0);
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put32(&w, 0);
    wire_put32(&w, (uint32_t)k->code_count);
    for (size_t i = 0; i < k->code_count; i++) {
        wire_put64(&w, k->code[i].lo);
        wire_put64(&w, k->code[i].hi);
    }
    ok = ok && ok_reply(WIRE_LOAD_CODE, buf, (uint32_t)w.len);
    w.len = 0;
    wire_put32(&w, 0);
    wire_put32(&w, 0);
    wire_put32(&w, 2);
    wire_put32(&w, 0x11);
    wire_put32(&w, 0x22);
    ok = ok && ok_reply(WIRE_LOAD_CONST, buf, (uint32_t)w.len);
    w.len = 0;
    wire_put64(&w, 0x2000);
    wire_put32(&w, 2);
    wire_put32(&w, 0xcafe0001u);
    wire_put32(&w, 0xcafe0002u);
    ok = ok && ok_reply(WIRE_LOAD_MEM, buf, (uint32_t)w.len);
    w.len = 0;
    wire_put32(&w, 1);
    wire_put64(&w, 0);
    ok = ok && ok_reply(WIRE_LAUNCH, buf, (uint32_t)w.len);
    w.len = 0;
    wire_put8(&w, WIRE_REG_GPR);
    wire_put8(&w, 0);
    wire_put16(&w, 0);
    wire_put32(&w, 5);
    wire_put32(&w, 0xffffffffu);
    for (unsigned l = 0; l < 32; l++)
        wire_put32(&w, 100 + l);
    return ok && ok_reply(WIRE_WRITE_REG, buf, (uint32_t)w.len);
}

/* Every request of a fixed size, one byte short (when it has a payload) and
 * one byte long: ERROR BAD_LENGTH, and nothing done (the RESET with a payload
 * leaves the loaded kernel for state_and_memory to read). */
static void wrong_lengths(void)
{
    static const struct {
        uint16_t type;
        const char *name;
    } fixed[] = {{WIRE_HELLO, "HELLO"},      {WIRE_RESET, "RESET"},         {WIRE_LAUNCH, "LAUNCH"},
                 {WIRE_WRITE_REG, "WRITE_REG"}, {WIRE_READ_STATE, "READ_STATE"}, {WIRE_READ_MEM, "READ_MEM"},
                 {WIRE_RUN, "RUN"},          {WIRE_CREDIT, "CREDIT"},       {WIRE_HALT, "HALT"},
                 {WIRE_INJECT, "INJECT"},    {WIRE_MEM_DIGEST, "MEM_DIGEST"}};
    static const uint8_t zeros[256];
    char what[96];
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        uint32_t want = (uint32_t)wire_request_length(fixed[i].type);
        if (want > 0) {
            snprintf(what, sizeof what, "%s with %u payload bytes, not %u", fixed[i].name, want - 1, want);
            expect_error(what, fixed[i].type, zeros, want - 1, WIRE_ERR_BAD_LENGTH);
        }
        snprintf(what, sizeof what, "%s with %u payload bytes, not %u", fixed[i].name, want + 1, want);
        expect_error(what, fixed[i].type, zeros, want + 1, WIRE_ERR_BAD_LENGTH);
    }
}

static void state_and_memory(const wire_caps *caps)
{
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put16(&w, 0);
    wire_header h;
    const uint8_t *p;
    wire_state *st = calloc(1, sizeof *st);
    bool got = st && reply(send_req(WIRE_READ_STATE, buf, 2), WIRE_STATE, &h, &p);
    wire_reader r = {.p = p, .len = got ? h.length : 0};
    got = got && wire_state_decode(&r, st) == 0;
    check(got && st->gpr[5][3] == 103 && st->exited == 0, "READ_STATE: STATE shows WRITE_REG's R5 and no lane exited");
    free(st);
    w.len = 0;
    wire_put16(&w, 999);
    expect_error("READ_STATE of a warp that is not there", WIRE_READ_STATE, buf, 2, WIRE_ERR_BAD_ARGUMENT);

    static uint8_t page[WIRE_PAGE_SIZE];
    w.len = 0;
    wire_put64(&w, 0x2000);
    wire_put32(&w, WIRE_PAGE_SIZE);
    got = reply(send_req(WIRE_READ_MEM, buf, 12), WIRE_MEM, &h, &p) && h.length == 12 + WIRE_PAGE_SIZE;
    if (got)
        memcpy(page, p + 12, WIRE_PAGE_SIZE);
    check(got && page[0] == 0x01 && page[3] == 0xca && page[4] == 0x02, "READ_MEM: MEM shows LOAD_MEM's words");
    uint32_t most = caps->max_payload - 12; /* always served: the reply is max_payload bytes */
    w.len = 0;
    wire_put64(&w, 0x2000);
    wire_put32(&w, most);
    got = reply(send_req(WIRE_READ_MEM, buf, 12), WIRE_MEM, &h, &p) && h.length == 12 + most;
    check(got, "READ_MEM of max_payload - 12 = %u bytes: MEM", most);
    w.len = 0;
    wire_put64(&w, 0x2000);
    wire_put32(&w, WIRE_MAX_PAYLOAD - 11);
    expect_error("READ_MEM whose reply would exceed WIRE_MAX_PAYLOAD", WIRE_READ_MEM, buf, 12, WIRE_ERR_BAD_ARGUMENT);
    w.len = 0;
    wire_put64(&w, 0x2000);
    wire_put32(&w, 4096);
    wire_put32(&w, 0x5eed);
    got = reply(send_req(WIRE_MEM_DIGEST, buf, 16), WIRE_ERROR, &h, &p);
    check(got && error_code(&h, p) == WIRE_ERR_BAD_ARGUMENT, "MEM_DIGEST of 4096 pages: ERROR %s",
          wire_error_text(WIRE_ERR_BAD_ARGUMENT));
    /* the digest is keyed by the request's nonce: two nonces, two digests, each the CRC-32 of nonce and page */
    for (uint32_t nonce = 0x5eed; nonce <= 0x5eee; nonce++) {
        w.len = 0;
        wire_put64(&w, 0x2000);
        wire_put32(&w, 1);
        wire_put32(&w, nonce);
        got = reply(send_req(WIRE_MEM_DIGEST, buf, 16), WIRE_DIGESTS, &h, &p) && h.length == 16;
        wire_reader d = {.p = p, .len = got ? h.length : 0};
        wire_get64(&d);
        wire_get32(&d);
        uint8_t key[4] = {(uint8_t)nonce, (uint8_t)(nonce >> 8), 0, 0};
        uint32_t want = (uint32_t)crc32(crc32(0, key, 4), page, sizeof page);
        check(got && wire_get32(&d) == want, "MEM_DIGEST with nonce 0x%x: the CRC-32 of the nonce and the page", nonce);
    }
}

/* WRITTEN_PAGES: the one global page LOAD_MEM placed (constant banks are not
 * global memory), listed from below it and not from above it. */
static void written_pages(void)
{
    uint8_t buf[12];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_header h;
    const uint8_t *p;
    wire_put64(&w, 0);
    wire_put32(&w, WIRE_MAX_PAGE_LIST);
    bool got = reply(send_req(WIRE_WRITTEN_PAGES, buf, 12), WIRE_PAGES, &h, &p) && h.length == 20;
    wire_reader r = {.p = p, .len = got ? h.length : 0};
    uint64_t from = wire_get64(&r);
    uint32_t count = wire_get32(&r);
    check(got && from == 0 && count == 1 && wire_get64(&r) == 0x2000, "WRITTEN_PAGES from 0: PAGES lists page 0x2000 alone");
    w.len = 0;
    wire_put64(&w, 0x3000);
    wire_put32(&w, 1);
    got = reply(send_req(WIRE_WRITTEN_PAGES, buf, 12), WIRE_PAGES, &h, &p) && h.length == 12;
    check(got, "WRITTEN_PAGES from 0x3000: PAGES with no page");
    w.len = 0;
    wire_put64(&w, 0x2001);
    wire_put32(&w, 1);
    expect_error("WRITTEN_PAGES from an address inside a page", WIRE_WRITTEN_PAGES, buf, 12, WIRE_ERR_BAD_ARGUMENT);
    w.len = 0;
    wire_put64(&w, 0);
    wire_put32(&w, WIRE_MAX_PAGE_LIST + 1);
    expect_error("WRITTEN_PAGES of more pages than a reply may list", WIRE_WRITTEN_PAGES, buf, 12, WIRE_ERR_BAD_ARGUMENT);
    expect_error("WRITTEN_PAGES without its fields", WIRE_WRITTEN_PAGES, buf, 8, WIRE_ERR_BAD_LENGTH);
}

/* RUN max 0: RUN_END LIMIT at once, nothing retired, no COMMITS (the next
 * run still retires all three). */
static void run_of_zero(void)
{
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put64(&w, 0);
    wire_put32(&w, 1);
    wire_put32(&w, 1);
    wire_header h;
    const uint8_t *p;
    bool got = reply(send_req(WIRE_RUN, buf, 16), WIRE_RUN_END, &h, &p) && h.length == 16;
    wire_reader r = {.p = p, .len = got ? h.length : 0};
    uint32_t reason = wire_get32(&r);
    uint64_t total = wire_get64(&r);
    uint32_t batches = wire_get32(&r);
    check(got && reason == WIRE_END_LIMIT && total == 0 && batches == 0,
          "RUN max 0: RUN_END LIMIT, 0 instructions, 0 batches, no COMMITS");
}

/* RESET, then the kernel's code in another order: its last word first, a
 * wrong word rewritten, and a word past a gap; it runs as loaded in order.
 * An index at max_code (when the target has one) is BAD_ARGUMENT. */
static void load_code_any_order(const isa_kernel *k, const wire_caps *caps)
{
    uint8_t buf[64];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    bool ok = ok_reply(WIRE_RESET, NULL, 0);
    const struct {
        uint32_t index;
        isa_word word;
    } order[] = {{2, k->code[2]}, {1, k->code[2]}, {7, k->code[2]}, {0, k->code[0]}, {1, k->code[1]}};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        w.len = 0;
        wire_put32(&w, order[i].index);
        wire_put32(&w, 1);
        wire_put64(&w, order[i].word.lo);
        wire_put64(&w, order[i].word.hi);
        ok = ok && ok_reply(WIRE_LOAD_CODE, buf, (uint32_t)w.len);
    }
    w.len = 0;
    wire_put32(&w, 1);
    wire_put64(&w, 0);
    ok = ok && ok_reply(WIRE_LAUNCH, buf, (uint32_t)w.len);
    check(ok, "LOAD_CODE in any order, rewritten, past a gap (indices 2, 1, 7, 0, 1): OK each");
    w.len = 0;
    wire_put64(&w, 1000);
    wire_put32(&w, 8);
    wire_put32(&w, 8);
    uint32_t id = send_req(WIRE_RUN, buf, 16);
    wire_header h = {0};
    const uint8_t *p = NULL;
    bool ended = false;
    while (!ended && recv_frame(&h, &p, TIMEOUT_MS) && h.seq == id)
        ended = h.type == WIRE_RUN_END;
    wire_reader r = {.p = p, .len = ended ? h.length : 0};
    uint32_t reason = wire_get32(&r);
    uint64_t total = wire_get64(&r);
    check(ended && reason == WIRE_END_DONE && total == 3,
          "that code runs as the kernel: RUN_END DONE after 3 instructions");
    if (caps->max_code) { /* RESET first: a launched target may refuse LOAD_CODE for that alone */
        ok_reply(WIRE_RESET, NULL, 0);
        w.len = 0;
        wire_put32(&w, caps->max_code);
        wire_put32(&w, 1);
        wire_put64(&w, k->code[0].lo);
        wire_put64(&w, k->code[0].hi);
        expect_error("LOAD_CODE at index max_code", WIRE_LOAD_CODE, buf, (uint32_t)w.len, WIRE_ERR_BAD_ARGUMENT);
    }
}

/* VARIANTS: a whole core (each server's DUT here) lacks no variant and no
 * modifier value, and presents the current contract revision. */
static void variants(void)
{
    wire_header h;
    const uint8_t *p;
    bool got = reply(send_req(WIRE_VARIANTS, NULL, 0), WIRE_VARIANT_MAP, &h, &p) &&
               h.length == 8 + WIRE_VARIANT_MAP_BYTES;
    bool none = got && p[4] == FW_PORT_CONTRACT_REVISION && p[5] == 0 && p[6] == 0 && p[7] == 0;
    for (unsigned i = 0; got && i < h.length; i++)
        none = none && (p[i] == 0 || i == 4);
    check(none, "VARIANTS: VARIANT_MAP of 40 bytes: variants 0, no modifier value, contract 3, no variant lacking");
    expect_error("VARIANTS with a payload", WIRE_VARIANTS, "x", 1, WIRE_ERR_BAD_LENGTH);
}

/* RUN with batch 1, window 1, crediting every batch: three records, then RUN_END DONE. */
static void run_with_credit(void)
{
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put64(&w, 1000);
    wire_put32(&w, 1);
    wire_put32(&w, 1);
    uint32_t id = send_req(WIRE_RUN, buf, 16);
    wire_header h;
    const uint8_t *p;
    unsigned batches = 0, records = 0;
    bool in_order = true, ended = false;
    uint32_t reason = 99;
    uint64_t total = 0;
    while (!ended && recv_frame(&h, &p, TIMEOUT_MS) && h.seq == id) {
        wire_reader r = {.p = p, .len = h.length};
        if (h.type == WIRE_COMMITS) {
            in_order &= wire_get32(&r) == batches++;
            uint32_t n = wire_get32(&r);
            for (uint32_t i = 0; i < n; i++) {
                wire_commit c;
                size_t used = wire_commit_decode(p + r.pos, r.len - r.pos, &c);
                in_order &= used && c.seq == records++;
                r.pos += used;
            }
            uint8_t credit[4] = {1, 0, 0, 0};
            uint8_t frame[32];
            send_raw(frame, wire_frame_encode(frame, sizeof frame, WIRE_CREDIT, id, credit, 4));
        } else if (h.type == WIRE_RUN_END) {
            reason = wire_get32(&r);
            total = wire_get64(&r);
            ended = true;
        }
    }
    check(ended && reason == WIRE_END_DONE && total == 3 && records == 3 && batches == 3 && in_order,
          "RUN batch 1, window 1, credit per batch: 3 COMMITS in order, RUN_END DONE with 3 instructions");
}

/* Window 1 and no credit: one batch, then nothing; the run answers state,
 * refuses other requests as BUSY, and ends on HALT. */
static void run_without_credit(const isa_kernel *k)
{
    if (!load(k)) {
        check(false, "reload for the run without credit");
        return;
    }
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put64(&w, 1000);
    wire_put32(&w, 1);
    wire_put32(&w, 1);
    uint32_t run = send_req(WIRE_RUN, buf, 16);
    wire_header h;
    const uint8_t *p;
    bool first = recv_frame(&h, &p, TIMEOUT_MS) && h.seq == run && h.type == WIRE_COMMITS;
    bool quiet = !recv_frame(&h, &p, 300);
    check(first && quiet, "RUN window 1 without CREDIT: one COMMITS, then the target waits");
    w.len = 0;
    wire_put16(&w, 0);
    check(reply(send_req(WIRE_READ_STATE, buf, 2), WIRE_STATE, &h, &p), "READ_STATE during a run: STATE");
    w.len = 0;
    wire_put32(&w, 0);
    wire_put32(&w, 0);
    expect_error("LOAD_CODE during a run", WIRE_LOAD_CODE, buf, 8, WIRE_ERR_BUSY);
    expect_error("HALT with a payload during the run", WIRE_HALT, "x", 1, WIRE_ERR_BAD_LENGTH);
    check(!recv_frame(&h, &p, 300), "the run goes on waiting for credit (no RUN_END)");
    uint8_t frame[32];
    send_raw(frame, wire_frame_encode(frame, sizeof frame, WIRE_HALT, run, NULL, 0));
    bool ended = false;
    uint32_t reason = 99;
    while (!ended && recv_frame(&h, &p, TIMEOUT_MS) && h.seq == run) {
        wire_reader r = {.p = p, .len = h.length};
        if (h.type == WIRE_RUN_END) {
            reason = wire_get32(&r);
            ended = true;
        }
    }
    check(ended && reason == WIRE_END_HALTED, "HALT during the run: RUN_END HALTED");
    check(ok_reply(WIRE_HALT, NULL, 0), "HALT outside a run: OK");
}

static void inject_and_bad_arguments(const isa_kernel *k)
{
    uint8_t buf[32];
    wire_header h;
    const uint8_t *p;
    check(load(k), "RESET and the load sequence again: OK each");
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put16(&w, 0);
    wire_put64(&w, k->code[1].lo);
    wire_put64(&w, k->code[1].hi);
    bool got = reply(send_req(WIRE_INJECT, buf, 18), WIRE_COMMITS, &h, &p);
    wire_reader r = {.p = p, .len = got ? h.length : 0};
    wire_get32(&r);
    wire_commit rec;
    got = got && wire_get32(&r) == 1 && wire_commit_decode(p + r.pos, r.len - r.pos, &rec);
    check(got && rec.pc == 0 && rec.seq == 0 && rec.warp == 0 && rec.active_mask == 0xffffffffu,
          "INJECT: COMMITS with one record, of warp 0 at its PC 0, seq 0");
    wire_state *st = calloc(1, sizeof *st);
    w.len = 0;
    wire_put16(&w, 0);
    got = st && reply(send_req(WIRE_READ_STATE, buf, 2), WIRE_STATE, &h, &p);
    r = (wire_reader){.p = p, .len = got ? h.length : 0};
    got = got && wire_state_decode(&r, st) == 0;
    check(got && st->pc[0] == 16 && st->pc[31] == 16 && st->gpr[1][31] == 0x100,
          "INJECT: the injected IADD wrote R1 and moved the warp's lanes to PC 16");
    free(st);
    w.len = 0;
    wire_put16(&w, 1);
    wire_put64(&w, k->code[1].lo);
    wire_put64(&w, k->code[1].hi);
    expect_error("INJECT for warp 1 of a 1-warp launch", WIRE_INJECT, buf, 18, WIRE_ERR_DUT);
    w.len = 0;
    wire_put64(&w, 10);
    wire_put32(&w, 0);
    wire_put32(&w, 1);
    expect_error("RUN with batch 0", WIRE_RUN, buf, 16, WIRE_ERR_BAD_ARGUMENT);
    w.len = 0;
    wire_put32(&w, 0);
    wire_put32(&w, 3);
    expect_error("LOAD_CODE whose count the payload does not hold", WIRE_LOAD_CODE, buf, 8, WIRE_ERR_BAD_LENGTH);
}

/* A second ZeroMQ client, for the session checks. */
static void *client(const char *endpoint)
{
    void *s = zmq_socket(zctx, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
    zmq_connect(s, endpoint);
    return s;
}

static char error_text[256]; /* of the last ERROR answer_on saw */

/* Sends a request on s; the ERROR code of its reply (its text in
 * error_text), 0 for another reply, -1 for none within timeout_ms. */
static long answer_on(void *s, uint16_t type, const void *payload, uint32_t len, int timeout_ms)
{
    uint8_t tx[WIRE_HEADER_SIZE + 64];
    uint32_t id = 0x7000 + (uint32_t)type;
    zmq_send(s, tx, wire_frame_encode(tx, sizeof tx, type, id, payload, len), 0);
    zmq_pollitem_t item = {.socket = s, .events = ZMQ_POLLIN};
    wire_header h;
    const uint8_t *p;
    int n = zmq_poll(&item, 1, timeout_ms) > 0 ? zmq_recv(s, rx, sizeof rx, 0) : -1;
    if (n <= 0 || wire_frame_decode(rx, (size_t)n, &h, &p) != 0 || h.seq != id)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    error_text[0] = '\0';
    if (h.type == WIRE_ERROR && h.length >= 6) {
        (void)wire_get32(&r);
        uint16_t tlen = wire_get16(&r);
        wire_get_bytes(&r, error_text, tlen < sizeof error_text - 1 ? tlen : sizeof error_text - 1);
        error_text[tlen < sizeof error_text - 1 ? tlen : sizeof error_text - 1] = '\0';
    }
    return (long)error_code(&h, p);
}

/* One session at a time (ZeroMQ servers): while ours is open, another
 * client gets ERROR SESSION for anything, HELLO included, and nothing of ours
 * changes; without a session, only a HELLO is served. */
static void sessions_while_open(const char *endpoint)
{
    void *other = client(endpoint);
    uint8_t version[4] = {WIRE_VERSION, 0, 0, 0}, warp[2] = {0, 0};
    check(answer_on(other, WIRE_HELLO, version, 4, TIMEOUT_MS) == WIRE_ERR_SESSION,
          "a second client's HELLO: ERROR %s", wire_error_text(WIRE_ERR_SESSION));
    check(answer_on(other, WIRE_READ_STATE, warp, 2, TIMEOUT_MS) == WIRE_ERR_SESSION,
          "a second client's READ_STATE: ERROR %s", wire_error_text(WIRE_ERR_SESSION));
    check(answer_on(other, WIRE_HALT, NULL, 0, TIMEOUT_MS) == WIRE_ERR_SESSION,
          "a second client's HALT: ERROR %s", wire_error_text(WIRE_ERR_SESSION));
    zmq_close(other);
}

/* After our client has gone: the session is free again (the server noticed
 * the disconnect), and a client that does not say HELLO first is refused. */
static void sessions_after_close(const char *endpoint)
{
    void *next = client(endpoint);
    uint8_t version[4] = {WIRE_VERSION, 0, 0, 0};
    long got = -1;
    int tries = 0;
    for (; tries < 100 && !strstr(error_text, "no session"); tries++) { /* the disconnect arrives asynchronously */
        if (tries)
            nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
        got = answer_on(next, WIRE_RESET, NULL, 0, 100);
    }
    check(got == WIRE_ERR_SESSION && strstr(error_text, "no session"),
          "the first client gone (its session ended within %d tries), a client's RESET before its HELLO: ERROR %s "
          "(\"%s\")", tries, wire_error_text(WIRE_ERR_SESSION), error_text);
    check(answer_on(next, WIRE_HELLO, version, 4, TIMEOUT_MS) == 0, "then its HELLO: CAPS");
    zmq_close(next);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: wire_conformance ENDPOINT\n");
        return 2;
    }
    isa_kernel *k = NULL;
    if (isa_assemble("conformance", "S2R R0, SR_LANEID ;\nIADD R1, R0, 0x100 ;\nEXIT ;\n", &k, stderr) != 0)
        return 2;
    if (strcmp(argv[1], "usb") == 0) {
        gh_usb_params usb = gh_usb_reference(NULL, TIMEOUT_MS);
        char err[512];
        if (gh_usb_open(&usb, &usb_ops, &usb_ctx, err, sizeof err) != 0) {
            fprintf(stderr, "wire_conformance: %s\n", err);
            return 77;
        }
    } else {
        zctx = zmq_ctx_new();
        sock = zmq_socket(zctx, ZMQ_DEALER);
        int zero = 0;
        zmq_setsockopt(sock, ZMQ_LINGER, &zero, sizeof zero);
        if (zmq_connect(sock, argv[1]) != 0) {
            fprintf(stderr, "wire_conformance: cannot connect %s: %s\n", argv[1], zmq_strerror(zmq_errno()));
            return 77;
        }
    }
    wire_caps caps;
    hello_and_bad_frames(&caps);
    if (!usb_ops) /* USB has one host by construction */
        sessions_while_open(argv[1]);
    check(load(k), "RESET, LOAD_CODE, LOAD_CONST, LOAD_MEM, LAUNCH, WRITE_REG: OK each");
    wrong_lengths();
    state_and_memory(&caps);
    written_pages();
    variants();
    run_of_zero();
    run_with_credit();
    run_without_credit(k);
    inject_and_bad_arguments(k);
    load_code_any_order(k, &caps);
    if (usb_ops) {
        usb_ops->close(usb_ctx);
    } else {
        zmq_close(sock);
        sessions_after_close(argv[1]);
        zmq_ctx_term(zctx);
    }
    printf("%u passed, %u failed\n", passed, failed);
    isa_kernel_destroy(&k);
    return failed ? 1 : 0;
}
