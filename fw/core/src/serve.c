/* fw: the wire-protocol server. One request at a time; RUN streams batched
 * commit records under a credit window and keeps listening for CREDIT and
 * HALT while it runs. */
#include <stddef.h>
#include <string.h>

#include "fw/fw.h"

#define FW_CREDIT_TIMEOUT_MS 60000 /* a host silent this long has gone away */
/* While credits remain, a run looks at the link (CREDIT, HALT, a paused run's
 * reads) once this many batches, not after each: a look that finds nothing
 * costs a ZeroMQ server a system call or two, a USB board a poll of its
 * endpoint; a HALT waits at most this many batches more. */
#define FW_LOOK_EVERY_BATCHES 8u

typedef struct {
    fw_core *c;
    uint32_t seq; /* of the request being answered */
} server;

/* No frame in flight from the tx buffer (a link with send_unsealed sends
 * a run's batches while the core goes on): called before it is written. */
static int tx_idle(server *s)
{
    fw_core *c = s->c;
    return c->link->sent ? c->link->sent(c->link_ctx) : 0;
}

static int send_frame(server *s, uint16_t type, const uint8_t *payload, uint32_t len)
{
    fw_core *c = s->c;
    if (tx_idle(s) != 0)
        return -1;
    size_t n = wire_frame_encode(c->tx, c->tx_cap, type, s->seq, payload, len);
    return n ? c->link->send(c->link_ctx, c->tx, n) : -1;
}

static int send_error(server *s, uint32_t code, const char *text)
{
    uint8_t buf[256];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    size_t n = strlen(text);
    if (n > 200)
        n = 200;
    wire_put32(&w, code);
    wire_put16(&w, (uint16_t)n);
    wire_put_bytes(&w, text, n);
    return send_frame(s, WIRE_ERROR, buf, (uint32_t)w.len);
}

static int send_ok(server *s)
{
    return send_frame(s, WIRE_OK, NULL, 0);
}

/* Payload building happens in the tx buffer after the header. */
static wire_writer tx_payload(server *s)
{
    (void)tx_idle(s); /* a broken link: nothing in flight either, and the reply's send fails */
    return (wire_writer){.p = s->c->tx + WIRE_HEADER_SIZE, .cap = s->c->tx_cap - WIRE_HEADER_SIZE};
}

static int send_tx_payload(server *s, uint16_t type, const wire_writer *w)
{
    if (w->overflow)
        return send_error(s, WIRE_ERR_BAD_ARGUMENT, "reply does not fit the frame buffer");
    return send_frame(s, type, s->c->tx + WIRE_HEADER_SIZE, (uint32_t)w->len);
}

static int result(server *s, int rc, const char *what)
{
    return rc == 0 ? send_ok(s) : send_error(s, WIRE_ERR_DUT, what);
}

/* The payload has the size its type requires (wire_request_length): a wrong
 * one is refused before anything is decoded or done. */
static int length_ok(const wire_header *h)
{
    int32_t want = wire_request_length(h->type);
    return want < 0 || h->length == (uint32_t)want;
}

static int do_load_code(server *s, wire_reader *r)
{
    uint32_t first = wire_get32(r), count = wire_get32(r);
    if (r->underflow || (uint64_t)count * 16 != r->len - r->pos)
        return send_error(s, WIRE_ERR_BAD_LENGTH, "LOAD_CODE: count does not match the payload");
    for (uint32_t i = 0; i < count; i++) {
        uint64_t lo = wire_get64(r), hi = wire_get64(r);
        if (s->c->dut->load_code(s->c->dut_ctx, first + i, lo, hi) != 0)
            return send_error(s, WIRE_ERR_BAD_ARGUMENT, "LOAD_CODE: instruction index out of range");
    }
    return send_ok(s);
}

static int do_load_words(server *s, wire_reader *r, int constant)
{
    uint32_t bank = 0;
    uint64_t addr;
    if (constant) {
        bank = wire_get32(r);
        addr = wire_get32(r);
    } else {
        addr = wire_get64(r);
    }
    uint32_t count = wire_get32(r);
    if (r->underflow || (uint64_t)count * 4 != r->len - r->pos)
        return send_error(s, WIRE_ERR_BAD_LENGTH, "load: count does not match the payload");
    for (uint32_t i = 0; i < count; i++) {
        uint32_t word = wire_get32(r);
        int rc = constant ? s->c->dut->load_const(s->c->dut_ctx, bank, (uint32_t)addr + 4 * i, word)
                          : s->c->dut->load_mem(s->c->dut_ctx, addr + 4ull * i, word);
        if (rc != 0)
            return send_error(s, WIRE_ERR_BAD_ARGUMENT, "load: address out of range");
    }
    return send_ok(s);
}

static int dispatch(server *s, const wire_header *h, const uint8_t *payload);

/* Waits for CREDIT (or HALT) while the window is closed. Returns 1 halted,
 * 0 credit granted, -1 link broken or watchdog on the host side. */
static int wait_credit(server *s, uint32_t *credits, int block)
{
    fw_core *c = s->c;
    uint32_t waited = 0;
    do {
        size_t len;
        int rc = c->link->recv(c->link_ctx, c->rx, c->rx_cap, &len, block ? c->idle_timeout_ms : 0);
        if (rc < 0)
            return -1;
        if (rc == 1) {
            if (!block)
                return 0;
            waited += c->idle_timeout_ms;
            if (waited >= FW_CREDIT_TIMEOUT_MS)
                return 1; /* the host is gone: end the run as if halted */
            continue;
        }
        wire_header h;
        const uint8_t *payload;
        uint32_t err = wire_frame_decode(c->rx, len, &h, &payload);
        if (err) {
            uint32_t keep = s->seq;
            s->seq = 0;
            send_error(s, err, wire_error_text(err));
            s->seq = keep;
            continue;
        }
        if (h.type == WIRE_HALT && length_ok(&h))
            return 1;
        if (!length_ok(&h) || h.type == WIRE_READ_STATE || h.type == WIRE_READ_MEM || h.type == WIRE_MEM_DIGEST ||
            h.type == WIRE_WRITTEN_PAGES) {
            /* a paused run may be inspected: the host compares full state here (dispatch refuses a
             * wrong payload size as it does outside a run) */
            uint32_t keep = s->seq;
            s->seq = h.seq;
            int rc2 = dispatch(s, &h, payload);
            s->seq = keep;
            if (rc2 != 0)
                return -1;
            continue;
        }
        if (h.type == WIRE_CREDIT && h.length == 4) {
            wire_reader r = {.p = payload, .len = 4};
            *credits += wire_get32(&r);
        } else {
            uint32_t keep = s->seq;
            s->seq = h.seq;
            send_error(s, WIRE_ERR_BUSY,
                       "a run is in progress: only CREDIT, HALT, READ_STATE, READ_MEM, MEM_DIGEST and WRITTEN_PAGES are served");
            s->seq = keep;
        }
    } while (block && *credits == 0);
    return 0;
}

static int send_run_end(server *s, uint32_t reason, uint64_t count, uint32_t batches)
{
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put32(&w, reason);
    wire_put64(&w, count);
    wire_put32(&w, batches);
    return send_frame(s, WIRE_RUN_END, buf, (uint32_t)w.len);
}

/* The record's fixed part and counts to zero, field by field: a call to
 * memset costs a soft core ~50 instructions a warp-instruction; these are
 * ~20 stores. The assertion fails when a field is added before the arrays. */
_Static_assert(offsetof(wire_commit, gpr) == 80, "clear_fixed must name every field before the arrays");
static void clear_fixed(wire_commit *r)
{
    r->seq = 0;
    r->warp = r->flags = 0;
    r->pc = r->insn_lo = r->insn_hi = r->branch_target = 0;
    r->active_mask = r->exec_mask = r->exit_mask = 0;
    r->gpr_count = r->pred_count = r->ur_count = r->upred_mask = r->upred_value = r->mem_count = 0;
    r->trap_code = r->trap_lane = r->branch_mask = 0;
}

/* A batch of commit records, built in place at frame + WIRE_HEADER_SIZE
 * (cap bytes): sent while the core goes on when the link can (frame is then
 * in flight until the next send or tx_idle), else as any frame. */
static int send_batch(server *s, uint8_t *frame, size_t cap, uint32_t used)
{
    fw_core *c = s->c;
    if (!c->link->send_unsealed)
        return send_frame(s, WIRE_COMMITS, frame + WIRE_HEADER_SIZE, used);
    size_t n = wire_frame_begin(frame, cap, WIRE_COMMITS, s->seq, used);
    return n ? c->link->send_unsealed(c->link_ctx, frame, n) : -1;
}

static int do_run(server *s, wire_reader *r)
{
    fw_core *c = s->c;
    uint64_t max = wire_get64(r);
    uint32_t batch = wire_get32(r), credits = wire_get32(r);
    if (r->underflow || r->pos != r->len || batch == 0 || credits == 0)
        return send_error(s, WIRE_ERR_BAD_ARGUMENT, "RUN: needs max, batch >= 1, window >= 1");
    wire_commit rec;
    uint64_t count = 0;
    uint32_t batches = 0, reason = WIRE_END_LIMIT;
    /* a link that sends while the core goes on gets the batches in the tx buffer's halves by turns: one
     * in flight, the next being built (the link waits for the first before it sends the second) */
    int halves = c->link->send_unsealed != NULL;
    size_t frame_cap = halves ? (c->tx_cap / 2) & ~(size_t)7 : c->tx_cap;
    uint8_t *frame = c->tx;
    if (tx_idle(s) != 0)
        return -1;
    uint8_t *payload = frame + WIRE_HEADER_SIZE;
    size_t cap = frame_cap - WIRE_HEADER_SIZE;
    size_t used = 8;
    uint32_t in_batch = 0;
    while (count < max) {
        /* a HAL fills what its DUT reported, never the rest: the fixed part and the counts start at
         * zero; the writes are read only as far as the counts say (clearing all 5 KiB per step cost
         * the rv32 image half its instructions) */
        clear_fixed(&rec);
        int st = c->dut->step(c->dut_ctx, &rec, c->watchdog_cycles);
        if (st == FW_STEP_DONE) {
            reason = WIRE_END_DONE;
            break;
        }
        if (st == FW_STEP_HUNG || st == FW_STEP_ERROR) {
            reason = st == FW_STEP_HUNG ? WIRE_END_WATCHDOG : WIRE_END_DUT_ERROR;
            break;
        }
        if (wire_commit_check(&rec)) { /* the DUT said what no instruction does */
            reason = WIRE_END_DUT_ERROR;
            break;
        }
        rec.seq = count++;
        size_t n = wire_commit_encode(&rec, payload + used, cap - used);
        if (!n) { /* the batch is full in bytes: flush first */
            return send_error(s, WIRE_ERR_BAD_ARGUMENT, "RUN: batch exceeds the frame buffer");
        }
        used += n;
        in_batch++;
        int last = (rec.flags & WIRE_COMMIT_TRAP) != 0;
        if (in_batch == batch || last || cap - used < sizeof(wire_commit) + 64) {
            wire_writer w = {.p = payload, .cap = 8};
            wire_put32(&w, batches);
            wire_put32(&w, in_batch);
            if (send_batch(s, frame, frame_cap, (uint32_t)used) != 0)
                return -1;
            if (halves) {
                frame = frame == c->tx ? c->tx + frame_cap : c->tx;
                payload = frame + WIRE_HEADER_SIZE;
            }
            batches++;
            credits--;
            used = 8;
            in_batch = 0;
            int halted = credits && batches % FW_LOOK_EVERY_BATCHES ? 0 : wait_credit(s, &credits, credits == 0);
            if (halted < 0)
                return -1;
            if (halted) {
                reason = WIRE_END_HALTED;
                break;
            }
        }
        if (last) {
            reason = WIRE_END_TRAP;
            break;
        }
    }
    if (in_batch) {
        wire_writer w = {.p = payload, .cap = 8};
        wire_put32(&w, batches);
        wire_put32(&w, in_batch);
        if (send_batch(s, frame, frame_cap, (uint32_t)used) != 0)
            return -1;
        batches++;
    }
    return send_run_end(s, reason, count, batches);
}

static int do_inject(server *s, wire_reader *r)
{
    uint16_t warp = wire_get16(r);
    uint64_t lo = wire_get64(r), hi = wire_get64(r);
    if (r->underflow || r->pos != r->len)
        return send_error(s, WIRE_ERR_BAD_LENGTH, "INJECT: needs warp, lo, hi");
    wire_commit rec;
    memset(&rec, 0, offsetof(wire_commit, gpr));
    if (s->c->dut->inject(s->c->dut_ctx, warp, lo, hi, &rec) != 0)
        return send_error(s, WIRE_ERR_DUT, "INJECT: the DUT could not execute the word");
    rec.seq = 0;
    wire_writer w = tx_payload(s);
    wire_put32(&w, 0);
    wire_put32(&w, 1);
    size_t n = wire_commit_encode(&rec, w.p + w.len, w.cap - w.len);
    if (!n)
        return send_error(s, WIRE_ERR_BAD_ARGUMENT, "INJECT: record too large");
    w.len += n;
    return send_tx_payload(s, WIRE_COMMITS, &w);
}

/* CRC-32 of each page, read through the DUT's memory port in small pieces
 * (the core has no page-sized buffer of its own). */
static int do_mem_digest(server *s, wire_reader *r)
{
    uint64_t addr = wire_get64(r);
    uint32_t pages = wire_get32(r), nonce = wire_get32(r);
    if (r->underflow || r->pos != r->len || pages == 0 || pages > WIRE_MAX_DIGEST_PAGES ||
        addr % WIRE_PAGE_SIZE)
        return send_error(s, WIRE_ERR_BAD_ARGUMENT, "MEM_DIGEST: needs a page-aligned address, 1..256 pages, a nonce");
    uint32_t seed = wire_digest_seed(nonce);
    wire_writer w = tx_payload(s);
    wire_put64(&w, addr);
    wire_put32(&w, pages);
    uint8_t piece[256];
    for (uint32_t p = 0; p < pages; p++) {
        uint32_t crc = seed;
        for (uint32_t off = 0; off < WIRE_PAGE_SIZE; off += sizeof piece) {
            uint64_t at = addr + (uint64_t)p * WIRE_PAGE_SIZE + off;
            if (s->c->dut->read_mem(s->c->dut_ctx, at, piece, sizeof piece) != 0)
                return send_error(s, WIRE_ERR_BAD_ARGUMENT, "MEM_DIGEST: address out of range");
            crc = wire_crc32(crc, piece, sizeof piece);
        }
        wire_put32(&w, crc);
    }
    return send_tx_payload(s, WIRE_DIGESTS, &w);
}

/* The DUT's written pages, a bounded piece at a time (WIRE_MAX_PAGE_LIST). */
static int do_written_pages(server *s, wire_reader *r)
{
    uint64_t from = wire_get64(r);
    uint32_t max = wire_get32(r);
    if (r->underflow || r->pos != r->len)
        return send_error(s, WIRE_ERR_BAD_LENGTH, "WRITTEN_PAGES: needs from, max");
    if (max == 0 || max > WIRE_MAX_PAGE_LIST || from % WIRE_PAGE_SIZE)
        return send_error(s, WIRE_ERR_BAD_ARGUMENT, "WRITTEN_PAGES: needs a page-aligned from and 1..512 pages");
    const uint64_t first = from;
    wire_writer w = tx_payload(s);
    if (w.cap < 12 + 8ull * max)
        return send_error(s, WIRE_ERR_BAD_ARGUMENT, "WRITTEN_PAGES: the list does not fit the frame buffer");
    wire_put64(&w, first);
    wire_put32(&w, 0); /* the count, filled in below */
    uint64_t piece[64];
    uint32_t count = 0;
    while (count < max) {
        uint32_t want = max - count < 64 ? max - count : 64;
        int n = s->c->dut->written_pages ? s->c->dut->written_pages(s->c->dut_ctx, from, piece, want) : -1;
        if (n < 0 || (uint32_t)n > want)
            return send_error(s, WIRE_ERR_DUT, "WRITTEN_PAGES: the DUT's memory cannot list its pages");
        for (int i = 0; i < n; i++)
            wire_put64(&w, piece[i]);
        count += (uint32_t)n;
        if ((uint32_t)n < want || piece[n - 1] >= UINT64_MAX - WIRE_PAGE_SIZE)
            break;
        from = piece[n - 1] + WIRE_PAGE_SIZE;
    }
    wire_writer at_count = {.p = w.p + 8, .cap = 4};
    wire_put32(&at_count, count);
    return send_tx_payload(s, WIRE_PAGES, &w);
}

static int dispatch(server *s, const wire_header *h, const uint8_t *payload)
{
    fw_core *c = s->c;
    const fw_dut_ops *d = c->dut;
    wire_reader r = {.p = payload, .len = h->length};
    if (!length_ok(h))
        return send_error(s, WIRE_ERR_BAD_LENGTH, "the payload size is wrong for this request type");
    switch (h->type) {
    case WIRE_HELLO: {
        uint32_t version = wire_get32(&r);
        if (r.underflow)
            return send_error(s, WIRE_ERR_BAD_LENGTH, "HELLO: needs the host's version");
        if (version != WIRE_VERSION)
            return send_error(s, WIRE_ERR_BAD_VERSION, "HELLO: protocol version mismatch");
        wire_caps caps;
        memset(&caps, 0, sizeof caps);
        d->caps(c->dut_ctx, &caps);
        caps.version = WIRE_VERSION;
        /* a request must fit this core's receive buffer, whatever the DUT could take, and a READ_MEM
         * of max_payload - 12 bytes its reply buffer (docs/wire-protocol.md promises it) */
        size_t buf = c->rx_cap < c->tx_cap ? c->rx_cap : c->tx_cap;
        if (!caps.max_payload || caps.max_payload > buf - WIRE_HEADER_SIZE)
            caps.max_payload = (uint32_t)(buf - WIRE_HEADER_SIZE);
        wire_writer w = tx_payload(s);
        wire_caps_encode(&caps, &w);
        return send_tx_payload(s, WIRE_CAPS, &w);
    }
    case WIRE_RESET:
        return result(s, d->reset(c->dut_ctx), "RESET failed");
    case WIRE_LOAD_CODE:
        return do_load_code(s, &r);
    case WIRE_LOAD_CONST:
        return do_load_words(s, &r, 1);
    case WIRE_LOAD_MEM:
        return do_load_words(s, &r, 0);
    case WIRE_LAUNCH: {
        uint32_t warps = wire_get32(&r);
        uint64_t entry = wire_get64(&r);
        if (r.underflow || r.pos != r.len)
            return send_error(s, WIRE_ERR_BAD_LENGTH, "LAUNCH: needs warps, entry");
        return d->launch(c->dut_ctx, warps, entry) == 0
                   ? send_ok(s)
                   : send_error(s, WIRE_ERR_BAD_ARGUMENT, "LAUNCH: warps or entry out of range");
    }
    case WIRE_WRITE_REG: {
        uint8_t kind = wire_get8(&r);
        (void)wire_get8(&r);
        uint16_t warp = wire_get16(&r);
        uint32_t index = wire_get32(&r), mask = wire_get32(&r), values[WIRE_LANES];
        for (unsigned l = 0; l < WIRE_LANES; l++)
            values[l] = wire_get32(&r);
        if (r.underflow || r.pos != r.len)
            return send_error(s, WIRE_ERR_BAD_LENGTH, "WRITE_REG: wrong payload size");
        return d->write_reg(c->dut_ctx, warp, kind, index, mask, values) == 0
                   ? send_ok(s)
                   : send_error(s, WIRE_ERR_BAD_ARGUMENT, "WRITE_REG: register out of range");
    }
    case WIRE_READ_STATE: {
        uint16_t warp = wire_get16(&r);
        if (r.underflow || r.pos != r.len)
            return send_error(s, WIRE_ERR_BAD_LENGTH, "READ_STATE: needs a warp");
        if (d->read_state(c->dut_ctx, warp, c->state_buf) != 0)
            return send_error(s, WIRE_ERR_BAD_ARGUMENT, "READ_STATE: no such warp");
        wire_writer w = tx_payload(s);
        wire_state_encode(c->state_buf, &w);
        return send_tx_payload(s, WIRE_STATE, &w);
    }
    case WIRE_READ_MEM: {
        uint64_t addr = wire_get64(&r);
        uint32_t bytes = wire_get32(&r);
        wire_writer w = tx_payload(s);
        if (r.underflow || r.pos != r.len)
            return send_error(s, WIRE_ERR_BAD_LENGTH, "READ_MEM: needs address and size");
        if (bytes > w.cap - 12) /* the request is well formed: its argument is out of range */
            return send_error(s, WIRE_ERR_BAD_ARGUMENT, "READ_MEM: the reply would not fit the frame buffer");
        wire_put64(&w, addr);
        wire_put32(&w, bytes);
        if (d->read_mem(c->dut_ctx, addr, w.p + w.len, bytes) != 0)
            return send_error(s, WIRE_ERR_BAD_ARGUMENT, "READ_MEM: address out of range");
        w.len += bytes;
        return send_tx_payload(s, WIRE_MEM, &w);
    }
    case WIRE_RUN:
        return do_run(s, &r);
    case WIRE_INJECT:
        return do_inject(s, &r);
    case WIRE_MEM_DIGEST:
        return do_mem_digest(s, &r);
    case WIRE_WRITTEN_PAGES:
        return do_written_pages(s, &r);
    case WIRE_VARIANTS: {
        wire_caps caps;
        memset(&caps, 0, sizeof caps);
        d->caps(c->dut_ctx, &caps);
        wire_writer w = tx_payload(s);
        uint32_t modifiers = caps.modifier_count < WIRE_MAX_LACKING_MODIFIERS ? caps.modifier_count
                                                                               : WIRE_MAX_LACKING_MODIFIERS;
        wire_put16(&w, caps.variant_count);
        wire_put16(&w, (uint16_t)modifiers);
        wire_put32(&w, caps.contract);
        wire_put_bytes(&w, caps.lacking, sizeof caps.lacking);
        for (uint32_t i = 0; i < modifiers; i++)
            wire_put32(&w, caps.lacking_modifier[i]);
        return send_tx_payload(s, WIRE_VARIANT_MAP, &w);
    }
    case WIRE_HALT:
        return send_ok(s);
    case WIRE_CREDIT:
        return 0; /* credit for a run that already ended: the host could not know */
    }
    return send_error(s, WIRE_ERR_BAD_TYPE, wire_error_text(WIRE_ERR_BAD_TYPE));
}

int fw_serve(fw_core *c)
{
    server s = {.c = c};
    for (;;) {
        size_t len;
        int rc = c->link->recv(c->link_ctx, c->rx, c->rx_cap, &len, c->idle_timeout_ms);
        if (rc < 0)
            return 0;
        if (rc == 1)
            continue;
        wire_header h;
        const uint8_t *payload;
        uint32_t err = wire_frame_decode(c->rx, len, &h, &payload);
        if (err) {
            s.seq = 0;
            if (send_error(&s, err, wire_error_text(err)) != 0)
                return -1;
            continue;
        }
        s.seq = h.seq;
        if (dispatch(&s, &h, payload) != 0)
            return -1;
    }
}
