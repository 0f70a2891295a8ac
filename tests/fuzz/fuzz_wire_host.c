/* Fuzz target: the host side of the wire protocol against a hostile target
 * (host/lib/wire_client.c over a scripted transport). The input is the
 * target's script, records of [u8 how][u16 length][bytes]:
 *   how & 1: bytes are a reply, framed here: bytes[0] picks the reply type
 *            (with how & 2, raw; else from the table below), the rest is
 *            the payload; the seq is the request's (or, with how & 4, wrong)
 *   else:    bytes go to the host as they are (any garbage).
 * The host runs a whole session through it: HELLO, a kernel load, STATE,
 * MEM, DIGESTS, INJECT, a run with CREDIT and HALT. When the script ends,
 * the target falls silent (the host's 1 ms timeout). Properties: nothing
 * crashes or hangs; every frame the host sends is well formed; every call
 * returns 0 or -1 with an error message; the codecs re-encode what they
 * decode to the same bytes (CAPS, STATE, commit records). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "wire_client.h"

static const uint16_t reply_types[] = {WIRE_OK,      WIRE_CAPS,    WIRE_STATE,   WIRE_MEM,
                                        WIRE_COMMITS, WIRE_RUN_END, WIRE_DIGESTS, WIRE_PAGES, WIRE_ERROR};

typedef struct {
    const uint8_t *p;
    size_t len, pos;
    gh_wire *w;
} script;

static int target_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    (void)timeout_ms;
    script *s = ctx;
    if (s->len - s->pos < 3)
        return 1; /* silent */
    uint8_t how = s->p[s->pos];
    size_t n = (size_t)s->p[s->pos + 1] | (size_t)s->p[s->pos + 2] << 8;
    s->pos += 3;
    if (n > s->len - s->pos)
        n = s->len - s->pos;
    const uint8_t *b = s->p + s->pos;
    s->pos += n;
    if (!(how & 1) || n == 0) {
        *len = n < cap ? n : cap;
        memcpy(buf, b, *len);
        return 0;
    }
    uint16_t type = how & 2 ? b[0] : reply_types[b[0] % (sizeof reply_types / sizeof reply_types[0])];
    uint32_t seq = s->w->running ? s->w->run_seq : s->w->seq;
    if (how & 4)
        seq += 1 + b[0];
    *len = wire_frame_encode(buf, cap, type, seq, b + 1, (uint32_t)(n - 1));
    FUZZ_CHECK(*len, "could not frame a %zu-byte reply", n - 1);
    return 0;
}

static int host_send(void *ctx, const uint8_t *frame, size_t len)
{
    (void)ctx;
    wire_header h;
    const uint8_t *payload;
    uint32_t err = wire_frame_decode(frame, len, &h, &payload);
    FUZZ_CHECK(err == 0, "the host sent a malformed frame: %s", wire_error_text(err));
    return 0;
}

static const gh_transport_ops ops = {.send = host_send, .recv = target_recv};

static void check(gh_wire *w, int rc, const char *what)
{
    FUZZ_CHECK(rc == 0 || (rc == -1 && w->error[0]), "%s returned %d, error '%s'", what, rc, w->error);
    w->error[0] = '\0';
}

/* decode -> encode -> the same bytes, for each codec that accepts the input */
static void codecs(const uint8_t *data, size_t size)
{
    static uint8_t out[WIRE_HEADER_SIZE + 70000];
    static wire_state st;
    wire_caps caps;
    wire_reader r = {.p = data, .len = size};
    if (wire_caps_decode(&r, &caps) == 0) {
        wire_writer w = {.p = out, .cap = sizeof out};
        FUZZ_CHECK(wire_caps_encode(&caps, &w) == 0 && w.len == size && memcmp(out, data, size) == 0,
                   "CAPS does not re-encode to its bytes");
    }
    r = (wire_reader){.p = data, .len = size};
    if (wire_state_decode(&r, &st) == 0 && r.pos == size) {
        wire_writer w = {.p = out, .cap = sizeof out};
        FUZZ_CHECK(wire_state_encode(&st, &w) == 0 && w.len == size, "STATE does not re-encode");
        wire_reader again = {.p = out, .len = w.len};
        static wire_state st2;
        FUZZ_CHECK(wire_state_decode(&again, &st2) == 0 && memcmp(&st, &st2, sizeof st) == 0,
                   "STATE changes through encode/decode");
    }
    wire_commit rec, rec2;
    size_t used = wire_commit_decode(data, size, &rec);
    if (used) {
        size_t n = wire_commit_encode(&rec, out, sizeof out);
        FUZZ_CHECK(n == used, "a %zu-byte commit record re-encodes to %zu bytes", used, n);
        FUZZ_CHECK(wire_commit_decode(out, n, &rec2) == n && memcmp(out, data, n) == 0,
                   "a commit record does not re-encode to its bytes");
    }
}

static isa_kernel *small_kernel(void)
{
    isa_kernel *k = isa_kernel_new();
    isa_word code[3] = {{0x7130, 0}, {0x7130, 1}, {0, 0}};
    uint32_t words[300] = {1, 2, 3}, lanes[32] = {7};
    if (!k || isa_kernel_add_code(k, code, 3) || isa_kernel_add_const(k, 0, 0x10, words, 3) ||
        isa_kernel_add_global(k, 0x1000, words, 300) || isa_kernel_add_init(k, ISA_KERNEL_REG_GPR, 2, lanes, 1) ||
        isa_kernel_set_launch(k, 2, 0))
        abort();
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static isa_kernel *k;
    static wire_state st;
    static wire_commit recs[64];
    static uint8_t mem[5000];
    if (!k)
        k = small_kernel();
    codecs(data, size);
    gh_wire w;
    script s = {.p = data, .len = size, .w = &w};
    if (gh_wire_init(&w, &ops, &s, 1) != 0)
        return 0;
    check(&w, gh_wire_hello(&w), "hello");
    check(&w, gh_wire_load(&w, k), "load");
    check(&w, gh_wire_read_state(&w, 1, &st), "read_state");
    check(&w, gh_wire_read_mem(&w, 0x1000, mem, sizeof mem), "read_mem");
    uint32_t crcs[4];
    check(&w, gh_wire_mem_digest(&w, 0x1000, 4, 0x5eed, crcs), "mem_digest");
    check(&w, gh_wire_inject(&w, 0, 0x7130, 0, &recs[0]), "inject");
    int rc = gh_wire_run_start(&w, 1000, 64, 2);
    check(&w, rc, "run_start");
    /* 7 at a time: batches of 64 are handed out in parts (GH_RECORDS_MORE) */
    for (int calls = 0; rc == 0 && calls < 64 * 10; calls++) {
        uint32_t count = 0, reason = 0;
        uint64_t total = 0;
        int got = gh_wire_run_next(&w, recs, 7, &count, &reason, &total);
        FUZZ_CHECK(got >= -1 && got <= GH_RECORDS_MORE, "run_next returned %d", got);
        if (got >= GH_RECORDS_END_BATCH)
            FUZZ_CHECK(count >= 1 && count <= 7, "%u records handed out into 7", count);
        if (got == GH_RECORDS_END_BATCH)
            check(&w, gh_wire_credit(&w, 1), "credit");
        if (got < GH_RECORDS_END_BATCH) {
            check(&w, got == 0 ? 0 : -1, "run_next");
            break;
        }
    }
    check(&w, gh_wire_halt(&w), "halt");
    gh_wire_close(&w);
    return 0;
}

/* Built-in seed: a whole well-behaved session, so mutations start deep. */
static uint8_t session[200000];
static size_t session_len;

static void record(const uint8_t *payload, size_t n, uint8_t type_index)
{
    uint8_t *p = session + session_len;
    p[0] = 1;
    p[1] = (uint8_t)((n + 1) & 0xff);
    p[2] = (uint8_t)((n + 1) >> 8);
    p[3] = type_index;
    if (n)
        memcpy(p + 4, payload, n);
    session_len += 4 + n;
}

static void build_session(void)
{
    static uint8_t buf[70000];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    wire_caps caps = {.version = WIRE_VERSION, .max_warps = 64, .lanes = 32, .max_payload = 65536};
    memset(caps.optypes, 0xff, sizeof caps.optypes);
    strcpy(caps.name, "seed");
    wire_caps_encode(&caps, &w);
    record(buf, w.len, 1);
    for (int i = 0; i < 7; i++) /* RESET, LOAD_CODE, LOAD_CONST, LOAD_MEM, LAUNCH, 2 x WRITE_REG */
        record(NULL, 0, 0);
    static wire_state st = {.warp = 1, .exited = 1};
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_state_encode(&st, &w);
    record(buf, w.len, 2);
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put64(&w, 0x1000);
    wire_put32(&w, 5000);
    for (int i = 0; i < 5000; i++)
        wire_put8(&w, (uint8_t)i);
    record(buf, w.len, 3);
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put64(&w, 0x1000);
    wire_put32(&w, 4);
    for (int i = 0; i < 4; i++)
        wire_put32(&w, 0x12345678u + (uint32_t)i);
    record(buf, w.len, 6);
    wire_commit rec = {.warp = 0, .pc = 0, .insn_lo = 0x7130, .active_mask = ~0u, .exec_mask = ~0u,
                       .gpr_count = 1};
    rec.gpr[0].reg = 1;
    rec.gpr[0].lane_mask = ~0u;
    for (int batch = 0; batch < 2; batch++) { /* INJECT's one record, then a run's batch of two */
        w = (wire_writer){.p = buf, .cap = sizeof buf};
        wire_put32(&w, 0);
        wire_put32(&w, batch ? 2 : 1);
        for (int r = 0; r < (batch ? 2 : 1); r++) {
            rec.seq = (uint64_t)r;
            w.len += wire_commit_encode(&rec, buf + w.len, sizeof buf - w.len);
        }
        record(buf, w.len, 4);
    }
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put32(&w, WIRE_END_DONE);
    wire_put64(&w, 2);
    wire_put32(&w, 1);
    record(buf, w.len, 5);
}

const fuzz_seed *fuzz_seeds(size_t *count)
{
    static fuzz_seed seed;
    if (!session_len)
        build_session();
    seed = (fuzz_seed){session, session_len};
    *count = 1;
    return &seed;
}
