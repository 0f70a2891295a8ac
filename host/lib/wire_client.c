/* libgpuhost: the wire-protocol client. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire_client.h"

#define POLL_MS 100 /* how often a long wait checks that the server lives */

int gh_wire_init(gh_wire *t, const gh_transport_ops *ops, void *ctx, uint32_t timeout_ms)
{
    memset(t, 0, sizeof *t);
    t->ops = ops;
    t->ctx = ctx;
    t->timeout_ms = timeout_ms;
    t->cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD;
    t->buf = malloc(t->cap);
    return t->buf ? 0 : -1;
}

void gh_wire_close(gh_wire *t)
{
    if (t->ops && t->ops->close)
        t->ops->close(t->ctx);
    free(t->buf);
    t->buf = NULL;
    t->ops = NULL;
}

static int fail(gh_wire *t, const char *fmt, const char *a, const char *b)
{
    snprintf(t->error, sizeof t->error, fmt, a, b);
    t->violation = t->dut_failed = false;
    return -1;
}

/* The target broke the protocol: its reply cannot be what it says. */
static int violation(gh_wire *t, const char *fmt, const char *a, const char *b)
{
    fail(t, fmt, a, b);
    t->violation = true;
    return -1;
}

/* The link failed: say why, as precisely as the transport or server can. */
static int link_broke(gh_wire *t, const char *what)
{
    char why[400] = "";
    t->violation = t->dut_failed = false;
    if ((t->alive && !t->alive(t->alive_ctx, why, sizeof why) && why[0]) ||
        (t->ops->why && t->ops->why(t->ctx, why, sizeof why)))
        snprintf(t->error, sizeof t->error, "%s: %s", what, why);
    else
        snprintf(t->error, sizeof t->error, "%s", what);
    return -1;
}

static int send_request(gh_wire *t, uint16_t type, const void *payload, uint32_t len)
{
    t->violation = t->dut_failed = false; /* an earlier request's failure is not this one's */
    uint8_t *frame = malloc(WIRE_HEADER_SIZE + (size_t)len);
    if (!frame)
        return fail(t, "out of memory%s%s", "", "");
    size_t n = wire_frame_encode(frame, WIRE_HEADER_SIZE + (size_t)len, type, ++t->seq, payload, len);
    int rc = n && t->ops->send(t->ctx, frame, n) == 0 ? 0 : -1;
    free(frame);
    return rc ? link_broke(t, "cannot send to the target") : 0;
}

/* Receives one frame within the timeout, noticing a dead server early. */
static int receive(gh_wire *t, wire_header *h, const uint8_t **payload)
{
    uint32_t waited = 0;
    t->batch_left = 0; /* a held batch's bytes go with the frame that lent them */
    for (;;) {
        size_t len;
        const uint8_t *frame = t->buf;
        uint32_t slice = t->timeout_ms - waited < POLL_MS ? t->timeout_ms - waited : POLL_MS;
        int rc = t->ops->recv_view ? t->ops->recv_view(t->ctx, &frame, &len, slice)
                                   : t->ops->recv(t->ctx, t->buf, t->cap, &len, slice);
        if (rc < 0)
            return link_broke(t, "the link to the target broke");
        if (rc == 0) {
            if (len > t->cap) /* as a copy into the buffer would cut it: the decoder refuses it */
                len = t->cap;
            uint32_t err = wire_frame_decode(frame, len, h, payload);
            if (err == WIRE_ERR_BAD_VERSION && len >= 6) { /* name both sides */
                char what[128];
                snprintf(what, sizeof what, "its frames say wire protocol version %u, this gpuhost speaks %u",
                         (unsigned)(frame[4] | frame[5] << 8), WIRE_VERSION);
                return violation(t, "bad frame from the target: protocol version mismatch: %s%s", what, "");
            }
            if (err) {
                char what[64];
                snprintf(what, sizeof what, "%s", wire_error_text(err));
                return fail(t, "bad frame from the target: %s%s", what, "");
            }
            if (h->type == WIRE_ERROR) {
                wire_reader r = {.p = *payload, .len = h->length};
                uint32_t code = wire_get32(&r);
                t->error_code = code;
                uint16_t n = wire_get16(&r);
                char text[256] = "";
                wire_get_bytes(&r, text, n < sizeof text - 1 ? n : sizeof text - 1);
                snprintf(t->error, sizeof t->error, "target error: %s: %s", wire_error_text(code),
                         text);
                t->violation = false;
                /* a hang or a broken port contract is the DUT's, whatever frame says so */
                t->dut_failed = code == WIRE_ERR_DUT || code == WIRE_ERR_WATCHDOG;
                return -1;
            }
            return 0;
        }
        char why[256] = "";
        if (t->alive && !t->alive(t->alive_ctx, why, sizeof why))
            return fail(t, "%s%s", why, "");
        waited += slice;
        if (waited >= t->timeout_ms) {
            char ms[32];
            snprintf(ms, sizeof ms, "%u", t->timeout_ms);
            return fail(t, "no answer from the target within %s ms%s", ms, "");
        }
    }
}

static int expect(gh_wire *t, uint16_t want, wire_header *h, const uint8_t **payload)
{
    if (receive(t, h, payload) != 0)
        return -1;
    if (h->type != want || h->seq != t->seq) {
        t->violation = true, t->dut_failed = false;
        snprintf(t->error, sizeof t->error,
                 "protocol error: expected reply 0x%x to request %u, got 0x%x for %u", want, t->seq,
                 h->type, h->seq);
        return -1;
    }
    return 0;
}

static int request_ok(gh_wire *t, uint16_t type, const void *payload, uint32_t len)
{
    wire_header h;
    const uint8_t *p;
    if (send_request(t, type, payload, len) != 0)
        return -1;
    return expect(t, WIRE_OK, &h, &p);
}

int gh_wire_hello(gh_wire *t)
{
    uint8_t buf[4];
    wire_writer w = {.p = buf, .cap = 4};
    wire_put32(&w, WIRE_VERSION);
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_HELLO, buf, 4) != 0 || expect(t, WIRE_CAPS, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    if (wire_caps_decode(&r, &t->caps) != 0)
        return violation(t, "malformed CAPS reply%s%s", "", "");
    if (t->caps.max_payload && t->caps.max_payload < WIRE_MIN_MAX_PAYLOAD) {
        char why[96];
        snprintf(why, sizeof why, "%u is below the protocol's least (%u bytes)", t->caps.max_payload,
                 WIRE_MIN_MAX_PAYLOAD);
        return violation(t, "CAPS: max_payload %s%s", why, "");
    }
    return 0;
}

/* Requests are sized to the target's max_payload (CAPS): a board with small
 * buffers gets small frames. */
static uint32_t payload_limit(const gh_wire *t)
{
    uint32_t limit = t->caps.max_payload;
    if (limit && limit < WIRE_MIN_MAX_PAYLOAD) /* refused by HELLO; never a zero-sized chunk */
        return WIRE_MIN_MAX_PAYLOAD;
    return limit && limit < WIRE_MAX_PAYLOAD ? limit : WIRE_MAX_PAYLOAD;
}

/* Sends words in frames that fit the target's max_payload. */
static int load_words(gh_wire *t, uint16_t type, uint32_t bank, uint64_t addr, const uint32_t *words,
                      uint32_t count)
{
    const uint32_t chunk = (payload_limit(t) - 16) / 4;
    uint8_t *buf = malloc(16 + 4 * (size_t)chunk);
    if (!buf)
        return fail(t, "out of memory%s%s", "", "");
    int rc = 0;
    for (uint32_t done = 0; rc == 0 && done < count; done += chunk) {
        uint32_t n = count - done < chunk ? count - done : chunk;
        wire_writer w = {.p = buf, .cap = 16 + 4 * (size_t)chunk};
        if (type == WIRE_LOAD_CONST) {
            wire_put32(&w, bank);
            wire_put32(&w, (uint32_t)addr + 4 * done);
        } else {
            wire_put64(&w, addr + 4ull * done);
        }
        wire_put32(&w, n);
        for (uint32_t i = 0; i < n; i++)
            wire_put32(&w, words[done + i]);
        rc = request_ok(t, type, buf, (uint32_t)w.len);
    }
    free(buf);
    return rc;
}

static uint8_t wire_kind(isa_kernel_reg_kind k)
{
    switch (k) {
    case ISA_KERNEL_REG_GPR: return WIRE_REG_GPR;
    case ISA_KERNEL_REG_PRED: return WIRE_REG_PRED;
    case ISA_KERNEL_REG_UR: return WIRE_REG_UR;
    case ISA_KERNEL_REG_UPRED: return WIRE_REG_UPRED;
    }
    return WIRE_REG_GPR;
}

int gh_wire_load(gh_wire *t, const isa_kernel *k)
{
    if (request_ok(t, WIRE_RESET, NULL, 0) != 0)
        return -1;
    const size_t chunk = (payload_limit(t) - 8) / 16;
    uint8_t *buf = malloc(8 + 16 * chunk);
    if (!buf)
        return fail(t, "out of memory%s%s", "", "");
    for (size_t done = 0; done < k->code_count; done += chunk) {
        size_t n = k->code_count - done < chunk ? k->code_count - done : chunk;
        wire_writer w = {.p = buf, .cap = 8 + 16 * chunk};
        wire_put32(&w, (uint32_t)done);
        wire_put32(&w, (uint32_t)n);
        for (size_t i = 0; i < n; i++) {
            wire_put64(&w, k->code[done + i].lo);
            wire_put64(&w, k->code[done + i].hi);
        }
        if (request_ok(t, WIRE_LOAD_CODE, buf, (uint32_t)w.len) != 0) {
            free(buf);
            return -1;
        }
    }
    free(buf);
    for (size_t i = 0; i < k->const_count; i++)
        if (load_words(t, WIRE_LOAD_CONST, k->consts[i].bank, k->consts[i].offset, k->consts[i].words,
                       k->consts[i].count) != 0)
            return -1;
    for (size_t i = 0; i < k->global_count; i++)
        if (load_words(t, WIRE_LOAD_MEM, 0, k->globals[i].addr, k->globals[i].words,
                       k->globals[i].count) != 0)
            return -1;
    uint8_t launch[12];
    wire_writer w = {.p = launch, .cap = sizeof launch};
    wire_put32(&w, k->warps);
    wire_put64(&w, k->entry);
    if (request_ok(t, WIRE_LAUNCH, launch, (uint32_t)w.len) != 0)
        return -1;
    uint32_t values[WIRE_LANES];
    for (uint32_t warp = 0; warp < k->warps; warp++)
        for (size_t i = 0; i < k->init_count; i++) {
            const isa_kernel_reg *r = &k->inits[i];
            for (unsigned l = 0; l < WIRE_LANES; l++)
                values[l] = r->values[r->count == 1 ? 0 : l];
            if (gh_wire_write_reg(t, (uint16_t)warp, wire_kind(r->kind), r->index, 0xffffffffu, values) != 0)
                return -1;
        }
    return 0;
}

int gh_wire_write_reg(gh_wire *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                      const uint32_t values[WIRE_LANES])
{
    uint8_t reg[12 + 4 * WIRE_LANES];
    wire_writer w = {.p = reg, .cap = sizeof reg};
    wire_put8(&w, kind);
    wire_put8(&w, 0);
    wire_put16(&w, warp);
    wire_put32(&w, index);
    wire_put32(&w, lane_mask);
    for (unsigned l = 0; l < WIRE_LANES; l++)
        wire_put32(&w, values[l]);
    return request_ok(t, WIRE_WRITE_REG, reg, (uint32_t)w.len);
}

int gh_wire_write_mem(gh_wire *t, uint64_t addr, const uint32_t *words, uint32_t count)
{
    return load_words(t, WIRE_LOAD_MEM, 0, addr, words, count);
}

int gh_wire_read_state(gh_wire *t, uint16_t warp, wire_state *out)
{
    uint8_t buf[2];
    wire_writer w = {.p = buf, .cap = 2};
    wire_put16(&w, warp);
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_READ_STATE, buf, 2) != 0 || expect(t, WIRE_STATE, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    if (wire_state_decode(&r, out) != 0)
        return violation(t, "malformed STATE reply%s%s", "", "");
    /* one warp's state served for another would pass wherever the warps end alike */
    if (out->warp != warp) {
        snprintf(t->error, sizeof t->error, "STATE reply for warp %u, where warp %u was asked", out->warp, warp);
        t->violation = true, t->dut_failed = false;
        return -1;
    }
    return 0;
}

/* One READ_MEM request: len must fit the target's max_payload. */
static int read_mem_once(gh_wire *t, uint64_t addr, uint8_t *out, uint32_t len)
{
    uint8_t buf[12];
    wire_writer w = {.p = buf, .cap = 12};
    wire_put64(&w, addr);
    wire_put32(&w, len);
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_READ_MEM, buf, 12) != 0 || expect(t, WIRE_MEM, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    if (wire_get64(&r) != addr || wire_get32(&r) != len || h.length != 12 + len)
        return violation(t, "malformed MEM reply%s%s", "", "");
    wire_get_bytes(&r, out, len);
    return 0;
}

int gh_wire_read_mem(gh_wire *t, uint64_t addr, uint8_t *out, size_t len)
{
    const uint32_t chunk = (payload_limit(t) - 12) & ~3u;
    for (size_t done = 0; done < len; done += chunk) {
        uint32_t n = len - done < chunk ? (uint32_t)(len - done) : chunk;
        if (read_mem_once(t, addr + done, out + done, n) != 0)
            return -1;
    }
    return 0;
}

int gh_wire_mem_digest(gh_wire *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs)
{
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = 16};
    wire_put64(&w, addr);
    wire_put32(&w, pages);
    wire_put32(&w, nonce);
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_MEM_DIGEST, buf, 16) != 0 || expect(t, WIRE_DIGESTS, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    if (wire_get64(&r) != addr || wire_get32(&r) != pages || h.length != 12 + 4ull * pages)
        return violation(t, "malformed DIGESTS reply%s%s", "", "");
    for (uint32_t i = 0; i < pages; i++)
        crcs[i] = wire_get32(&r);
    return 0;
}

int gh_wire_written_pages(gh_wire *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count)
{
    uint8_t buf[12];
    wire_writer w = {.p = buf, .cap = 12};
    wire_put64(&w, from);
    wire_put32(&w, max);
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_WRITTEN_PAGES, buf, 12) != 0 || expect(t, WIRE_PAGES, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    uint64_t echoed = wire_get64(&r);
    uint32_t n = wire_get32(&r);
    if (r.underflow || echoed != from || n > max || h.length != 12 + 8ull * n)
        return violation(t, "malformed PAGES reply%s%s", "", "");
    for (uint32_t i = 0; i < n; i++) {
        pages[i] = wire_get64(&r);
        if (pages[i] % WIRE_PAGE_SIZE || pages[i] < from || (i && pages[i] <= pages[i - 1])) {
            char at[24];
            snprintf(at, sizeof at, "0x%llx", (unsigned long long)pages[i]);
            return violation(t, "malformed PAGES reply: page %s %s", at,
                        "is not page-aligned, ascending and at or above the request's address");
        }
    }
    *count = n;
    return 0;
}

#define WIRE_MAX_LACKING_MODIFIERS_TEXT "64"
_Static_assert(WIRE_MAX_LACKING_MODIFIERS == 64, "the text says the limit");

int gh_wire_variants(gh_wire *t)
{
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_VARIANTS, NULL, 0) != 0 || expect(t, WIRE_VARIANT_MAP, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    t->caps.variant_count = wire_get16(&r);
    uint32_t modifiers = wire_get16(&r);
    t->caps.contract = wire_get32(&r);
    wire_get_bytes(&r, t->caps.lacking, sizeof t->caps.lacking);
    if (modifiers > WIRE_MAX_LACKING_MODIFIERS) {
        char count[16];
        snprintf(count, sizeof count, "%u", modifiers);
        return violation(t, "malformed VARIANT_MAP reply: %s lacking modifier values, more than %s", count,
                         WIRE_MAX_LACKING_MODIFIERS_TEXT);
    }
    t->caps.modifier_count = (uint8_t)modifiers;
    for (uint32_t i = 0; i < modifiers; i++)
        t->caps.lacking_modifier[i] = wire_get32(&r);
    if (r.underflow || r.pos != r.len)
        return violation(t, "malformed VARIANT_MAP reply%s%s", "", "");
    return 0;
}

int gh_wire_inject(gh_wire *t, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    uint8_t buf[18];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_put16(&w, warp);
    wire_put64(&w, lo);
    wire_put64(&w, hi);
    wire_header h;
    const uint8_t *p;
    if (send_request(t, WIRE_INJECT, buf, (uint32_t)w.len) != 0 || expect(t, WIRE_COMMITS, &h, &p) != 0)
        return -1;
    wire_reader r = {.p = p, .len = h.length};
    (void)wire_get32(&r);
    if (wire_get32(&r) != 1 || r.underflow || !wire_commit_decode(p + r.pos, r.len - r.pos, rec))
        return violation(t, "malformed INJECT reply%s%s", "", "");
    return 0;
}

int gh_wire_run_start(gh_wire *t, uint64_t max_insns, uint32_t batch, uint32_t window)
{
    uint8_t buf[16];
    wire_writer w = {.p = buf, .cap = 16};
    wire_put64(&w, max_insns);
    wire_put32(&w, batch);
    wire_put32(&w, window);
    int rc = send_request(t, WIRE_RUN, buf, 16);
    t->run_seq = t->seq;
    t->batches_seen = 0;
    t->records_seen = 0;
    t->batch_left = 0;
    t->run_batch = batch;
    t->running = rc == 0;
    return rc;
}

static int take_records(gh_wire *t, wire_commit *recs, uint32_t cap, uint32_t *count)
{
    char said[64];
    uint32_t n = t->batch_left < cap ? t->batch_left : cap;
    for (uint32_t i = 0; i < n; i++) {
        size_t used = wire_commit_decode(t->batch + t->batch_pos, t->batch_len - t->batch_pos, &recs[i]);
        if (!used)
            return violation(t, "malformed commit record in a batch%s%s", "", "");
        t->batch_pos += used;
        const char *bad = wire_commit_check(&recs[i]);
        if (bad) {
            snprintf(said, sizeof said, "%llu", (unsigned long long)recs[i].seq);
            return violation(t, "malformed commit record #%s: %s", said, bad);
        }
        if (recs[i].seq != t->records_seen) {
            snprintf(said, sizeof said, "%llu where %llu was due", (unsigned long long)recs[i].seq,
                     (unsigned long long)t->records_seen);
            return violation(t, "protocol error: a commit record's sequence number is %s (a record lost, replayed "
                                "or reordered)%s", said, "");
        }
        t->records_seen++;
    }
    t->batch_left -= n;
    *count = n;
    if (t->batch_left)
        return GH_RECORDS_MORE;
    if (t->batch_pos != t->batch_len)
        return violation(t, "malformed COMMITS batch: bytes after its last record%s%s", "", "");
    t->batches_seen++;
    return GH_RECORDS_END_BATCH;
}

/* Up to cap records of the batch held in t->batch; after a malformed one
 * nothing of the batch is held (its rest cannot be read). */
static int hand_out(gh_wire *t, wire_commit *recs, uint32_t cap, uint32_t *count)
{
    int rc = take_records(t, recs, cap, count);
    if (rc < 0)
        t->batch_left = 0;
    return rc;
}

int gh_wire_run_next(gh_wire *t, wire_commit *recs, uint32_t cap, uint32_t *count,
                       uint32_t *end_reason, uint64_t *total)
{
    if (cap == 0)
        return fail(t, "no room for a record%s%s", "", "");
    if (t->batch_left)
        return hand_out(t, recs, cap, count);
    wire_header h;
    const uint8_t *p;
    if (receive(t, &h, &p) != 0)
        return -1;
    if (h.seq != t->run_seq)
        return violation(t, "protocol error: a frame of another request arrived during the run%s%s", "", "");
    wire_reader r = {.p = p, .len = h.length};
    char said[64];
    if (h.type == WIRE_RUN_END) {
        *end_reason = wire_get32(&r);
        *total = wire_get64(&r);
        uint32_t batches = wire_get32(&r);
        t->running = false;
        if (r.underflow || r.pos != r.len)
            return violation(t, "malformed RUN_END%s%s", "", "");
        if (batches != t->batches_seen) {
            snprintf(said, sizeof said, "%u batches, %u arrived", batches, t->batches_seen);
            return violation(t, "protocol error: RUN_END counts %s%s", said, "");
        }
        return 0;
    }
    if (h.type != WIRE_COMMITS)
        return violation(t, "protocol error: unexpected frame during the run%s%s", "", "");
    uint32_t index = wire_get32(&r), n = wire_get32(&r);
    if (r.underflow || n == 0 || n > t->run_batch)
        return violation(t, "malformed COMMITS batch%s%s", "", "");
    if (index != t->batches_seen) {
        snprintf(said, sizeof said, "batch %u arrived where batch %u was due", index, t->batches_seen);
        return violation(t, "protocol error: %s (a batch lost, replayed or reordered)%s", said, "");
    }
    t->batch = p, t->batch_len = r.len, t->batch_pos = r.pos, t->batch_left = n;
    return hand_out(t, recs, cap, count);
}

int gh_wire_credit(gh_wire *t, uint32_t batches)
{
    uint8_t buf[4];
    wire_writer w = {.p = buf, .cap = 4};
    wire_put32(&w, batches);
    size_t n = wire_frame_encode(t->buf, t->cap, WIRE_CREDIT, t->run_seq, buf, 4);
    return n && t->ops->send(t->ctx, t->buf, n) == 0 ? 0 : link_broke(t, "cannot send CREDIT");
}

/* Stops a run and reads what is still in flight, up to the HALT's answer:
 * RUN_END (HALTED) if the run was on, OK if it had already ended. Then the
 * link is quiet and state can be read. */
int gh_wire_halt(gh_wire *t)
{
    t->batch_left = 0; /* what is left of a held batch is not taken */
    if (!t->running)
        return 0;
    size_t n = wire_frame_encode(t->buf, t->cap, WIRE_HALT, t->run_seq, NULL, 0);
    if (!n || t->ops->send(t->ctx, t->buf, n) != 0)
        return link_broke(t, "cannot send HALT");
    for (unsigned frames = 0; frames < 100000; frames++) {
        wire_header h;
        const uint8_t *p;
        if (receive(t, &h, &p) != 0)
            return -1;
        if (h.seq != t->run_seq)
            continue;
        if (h.type == WIRE_OK)
            break;
        if (h.type == WIRE_RUN_END) {
            wire_reader r = {.p = p, .len = h.length};
            if (wire_get32(&r) == WIRE_END_HALTED)
                break; /* otherwise the run had ended: the HALT is answered with OK */
        }
    }
    t->running = false;
    return 0;
}
