/* rtl_bad_frames: a small ZeroMQ client for gpu-rtlsim. Sends malformed
 * frames (bad magic, version, CRC, type, length, a runt) and checks each gets
 * an ERROR frame with the right code while the server stays up; then drives a
 * kernel whose first instruction traps (HADD2 with the reserved .hsel2 value
 * 3) and checks that it retires as a trap record (WIRE_COMMIT_TRAP, trap
 * ILLEGAL_INSTRUCTION) that ends the run with reason TRAP; then INJECTs a
 * word into one of two warps
 * and checks its record, that the code underneath is intact and both warps
 * finish.
 * Usage: rtl_bad_frames ENDPOINT
 * Prints one line a check and "N passed, N failed"; exit 0 when all passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "gm/model.h"
#include "isa/isa.h"
#include "wire/protocol.h"

static void *sock;
static int passed, failed;
static uint8_t reply[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];

static void check(int ok, const char *what, const char *detail)
{
    if (ok) {
        passed++;
        printf("ok   %s\n", what);
    } else {
        failed++;
        printf("FAIL %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    }
}

/* Sends raw bytes; receives one frame within 10 s. Returns its size or -1. */
static int exchange(const void *frame, size_t len)
{
    if (zmq_send(sock, frame, len, 0) < 0)
        return -1;
    zmq_pollitem_t item = {.socket = sock, .events = ZMQ_POLLIN};
    if (zmq_poll(&item, 1, 10000) <= 0)
        return -1;
    return zmq_recv(sock, reply, sizeof reply, 0);
}

static size_t frame(uint8_t *out, size_t cap, uint16_t type, uint32_t seq, const void *payload, uint32_t len)
{
    return wire_frame_encode(out, cap, type, seq, payload, len);
}

/* The reply as header + payload; 0 when it decodes. */
static int decode(int n, wire_header *h, const uint8_t **payload)
{
    return n < 0 ? -1 : (int)wire_frame_decode(reply, (size_t)n, h, payload);
}

static void expect_error(const char *what, const void *bytes, size_t len, uint32_t code)
{
    char detail[160] = "";
    int n = exchange(bytes, len);
    wire_header h;
    const uint8_t *p;
    int ok = 0;
    if (decode(n, &h, &p) != 0) {
        snprintf(detail, sizeof detail, "no valid reply (%d bytes)", n);
    } else if (h.type != WIRE_ERROR || h.length < 6) {
        snprintf(detail, sizeof detail, "reply type 0x%02x, wanted ERROR", h.type);
    } else {
        wire_reader r = {.p = p, .len = h.length};
        uint32_t got = wire_get32(&r);
        ok = got == code;
        if (!ok)
            snprintf(detail, sizeof detail, "ERROR code %u (%s), wanted %u", got, wire_error_text(got), code);
    }
    check(ok, what, detail);
}

/* A well-formed request; the reply's type or 0. */
static uint16_t request(uint16_t type, uint32_t seq, const void *payload, uint32_t len, const uint8_t **rp,
                        uint32_t *rlen)
{
    static uint8_t buf[WIRE_HEADER_SIZE + 4096];
    size_t n = frame(buf, sizeof buf, type, seq, payload, len);
    wire_header h;
    const uint8_t *p;
    if (!n || decode(exchange(buf, n), &h, &p) != 0 || h.seq != seq)
        return 0;
    if (rp)
        *rp = p;
    if (rlen)
        *rlen = h.length;
    return h.type;
}

static int assemble(const char *text, isa_word *w)
{
    isa_context ctx = {0};
    isa_insn insn;
    isa_diag diag;
    if (isa_asm(text, &ctx, w, &insn, &diag) != 0) {
        fprintf(stderr, "cannot assemble '%s': %s\n", text, diag.message);
        return -1;
    }
    return 0;
}

/* HADD2 R2, R0, R1 with Ra's .hsel2 set to 3, a value HSel2 reserves (the
 * assembler cannot write it: the field is set in the decoded word). */
static int reserved_hsel2(isa_word *w)
{
    isa_insn insn;
    if (assemble("HADD2 R2, R0, R1 ;", w) != 0 || isa_decode(*w, &insn) != 0)
        return -1;
    int f = isa_field_index(isa_variant_of(&insn), "ra.hsel2");
    if (f < 0)
        return -1;
    insn.value[f] = 3;
    return isa_encode(&insn, w, NULL) == 0 ? 0 : -1;
}

static void trapping_retire(void)
{
    uint8_t buf[256];
    wire_writer w;
    const uint8_t *p;
    uint32_t len;
    isa_word code[2];
    if (reserved_hsel2(&code[0]) != 0 || assemble("EXIT ;", &code[1]) != 0) {
        check(0, "a trapping instruction retires as a trap", "assembler failed");
        return;
    }
    int ok = request(WIRE_RESET, 100, NULL, 0, NULL, NULL) == WIRE_OK;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put32(&w, 0);
    wire_put32(&w, 2);
    for (int i = 0; i < 2; i++) {
        wire_put64(&w, code[i].lo);
        wire_put64(&w, code[i].hi);
    }
    ok = ok && request(WIRE_LOAD_CODE, 101, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put32(&w, 1);
    wire_put64(&w, 0);
    ok = ok && request(WIRE_LAUNCH, 102, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    check(ok, "RESET, LOAD_CODE, LAUNCH answered OK", NULL);
    if (!ok)
        return;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put64(&w, 100);
    wire_put32(&w, 1);
    wire_put32(&w, 4);
    uint16_t t = request(WIRE_RUN, 103, buf, (uint32_t)w.len, &p, &len);
    wire_commit rec;
    memset(&rec, 0, sizeof rec);
    char detail[160] = "";
    ok = 0;
    if (t != WIRE_COMMITS) {
        snprintf(detail, sizeof detail, "first reply to RUN is 0x%02x, wanted COMMITS", t);
    } else {
        wire_reader r = {.p = p, .len = len};
        uint32_t batch = wire_get32(&r), count = wire_get32(&r);
        size_t used = count == 1 ? wire_commit_decode(p + 8, len - 8, &rec) : 0;
        ok = batch == 0 && count == 1 && used && (rec.flags & WIRE_COMMIT_TRAP) &&
             rec.trap_code == GM_TRAP_ILLEGAL_INSTRUCTION &&
             rec.pc == 0 && rec.insn_lo == code[0].lo && rec.insn_hi == code[0].hi && rec.gpr_count == 0;
        if (!ok)
            snprintf(detail, sizeof detail, "batch %u count %u flags 0x%x trap %u pc 0x%llx gprs %u", batch,
                     count, rec.flags, rec.trap_code, (unsigned long long)rec.pc, rec.gpr_count);
    }
    check(ok, "HADD2 with .hsel2 3 retires as a trap record, ILLEGAL_INSTRUCTION (the core's decode)", detail);
    /* the run then ends with reason TRAP */
    zmq_pollitem_t item = {.socket = sock, .events = ZMQ_POLLIN};
    wire_header h;
    int n = zmq_poll(&item, 1, 10000) > 0 ? zmq_recv(sock, reply, sizeof reply, 0) : -1;
    ok = decode(n, &h, &p) == 0 && h.type == WIRE_RUN_END && h.length >= 4;
    uint32_t reason = 0;
    if (ok) {
        wire_reader r = {.p = p, .len = h.length};
        reason = wire_get32(&r);
        ok = reason == WIRE_END_TRAP;
    }
    snprintf(detail, sizeof detail, "reply %d bytes, reason %u", n, reason);
    check(ok, "the run ends with RUN_END reason TRAP", detail);
}

/* Receives one frame within 10 s into reply; its type or 0. */
static uint16_t receive(const uint8_t **p, uint32_t *len)
{
    zmq_pollitem_t item = {.socket = sock, .events = ZMQ_POLLIN};
    int n = zmq_poll(&item, 1, 10000) > 0 ? zmq_recv(sock, reply, sizeof reply, 0) : -1;
    wire_header h;
    if (decode(n, &h, p) != 0)
        return 0;
    *len = h.length;
    return h.type;
}

static void injected_word(void)
{
    uint8_t buf[512];
    wire_writer w;
    const uint8_t *p;
    uint32_t len;
    isa_word exit_word, iadd;
    if (assemble("EXIT ;", &exit_word) != 0 || assemble("IADD R1, R0, 0x5 ;", &iadd) != 0) {
        check(0, "INJECT", "assembler failed");
        return;
    }
    int ok = request(WIRE_RESET, 200, NULL, 0, NULL, NULL) == WIRE_OK;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put32(&w, 0);
    wire_put32(&w, 2);
    for (int i = 0; i < 2; i++) {
        wire_put64(&w, exit_word.lo);
        wire_put64(&w, exit_word.hi);
    }
    ok = ok && request(WIRE_LOAD_CODE, 201, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put32(&w, 2);
    wire_put64(&w, 0);
    ok = ok && request(WIRE_LAUNCH, 202, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    /* warp 1: R0 = 100 + lane */
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put8(&w, WIRE_REG_GPR);
    wire_put8(&w, 0);
    wire_put16(&w, 1);
    wire_put32(&w, 0);
    wire_put32(&w, 0xffffffffu);
    for (unsigned l = 0; l < 32; l++)
        wire_put32(&w, 100 + l);
    ok = ok && request(WIRE_WRITE_REG, 203, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    check(ok, "RESET, LOAD_CODE, LAUNCH (2 warps), WRITE_REG answered OK", NULL);
    if (!ok)
        return;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put16(&w, 1);
    wire_put64(&w, iadd.lo);
    wire_put64(&w, iadd.hi);
    uint16_t t = request(WIRE_INJECT, 204, buf, (uint32_t)w.len, &p, &len);
    wire_commit rec;
    memset(&rec, 0, sizeof rec);
    char detail[160] = "";
    ok = t == WIRE_COMMITS && len > 8 && wire_commit_decode(p + 8, len - 8, &rec) != 0;
    ok = ok && rec.warp == 1 && rec.pc == 0 && rec.insn_lo == iadd.lo && rec.gpr_count == 1 &&
         rec.gpr[0].reg == 1 && rec.gpr[0].lane_mask == 0xffffffffu && rec.gpr[0].value[0] == 105 &&
         rec.gpr[0].value[31] == 136 && !(rec.flags & WIRE_COMMIT_TRAP);
    snprintf(detail, sizeof detail, "reply 0x%02x, warp %u pc 0x%llx gprs %u R%u lane 0 = %u", t, rec.warp,
             (unsigned long long)rec.pc, rec.gpr_count, rec.gpr[0].reg, rec.gpr[0].value[0]);
    check(ok, "INJECT into warp 1 retires IADD R1 = R0 + 5 there", detail);
    /* the code is intact: warp 0 exits at 0x0, warp 1 (moved on) at 0x10 */
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put64(&w, 100);
    wire_put32(&w, 8);
    wire_put32(&w, 4);
    t = request(WIRE_RUN, 205, buf, (uint32_t)w.len, &p, &len);
    wire_commit a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    ok = 0;
    if (t == WIRE_COMMITS && len > 8) {
        wire_reader r = {.p = p, .len = len};
        (void)wire_get32(&r);
        uint32_t count = wire_get32(&r);
        size_t used = wire_commit_decode(p + 8, len - 8, &a);
        ok = count == 2 && used && wire_commit_decode(p + 8 + used, len - 8 - used, &b) != 0 && a.warp == 0 &&
             a.pc == 0 && a.insn_lo == exit_word.lo && b.warp == 1 && b.pc == 0x10 &&
             a.exit_mask == 0xffffffffu && b.exit_mask == 0xffffffffu;
        t = receive(&p, &len);
        if (ok && t == WIRE_RUN_END) {
            wire_reader e = {.p = p, .len = len};
            ok = wire_get32(&e) == WIRE_END_DONE;
        } else {
            ok = 0;
        }
    }
    snprintf(detail, sizeof detail, "first record warp %u pc 0x%llx, second warp %u pc 0x%llx", a.warp,
             (unsigned long long)a.pc, b.warp, (unsigned long long)b.pc);
    check(ok, "after INJECT the code is intact and both warps exit (RUN_END DONE)", detail);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: rtl_bad_frames ENDPOINT\n");
        return 2;
    }
    void *ctx = zmq_ctx_new();
    sock = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(sock, ZMQ_LINGER, &zero, sizeof zero);
    if (zmq_connect(sock, argv[1]) != 0) {
        fprintf(stderr, "cannot connect %s: %s\n", argv[1], zmq_strerror(zmq_errno()));
        return 1;
    }
    uint8_t good[WIRE_HEADER_SIZE + 4], bad[WIRE_HEADER_SIZE + 64];
    uint8_t version[4] = {WIRE_VERSION, 0, 0, 0};
    size_t n = frame(good, sizeof good, WIRE_HELLO, 1, version, 4);

    /* the server answers a good HELLO (it is up) */
    const uint8_t *p;
    uint32_t len;
    uint16_t t = request(WIRE_HELLO, 1, version, 4, &p, &len);
    wire_caps caps;
    memset(&caps, 0, sizeof caps);
    wire_reader r = {.p = p, .len = len};
    int ok = t == WIRE_CAPS && wire_caps_decode(&r, &caps) == 0 && caps.lanes == 32 && caps.max_warps >= 1;
    check(ok, "HELLO gets CAPS", NULL);
    if (ok)
        printf("     target: %s, %u warps, %u lanes\n", caps.name, caps.max_warps, caps.lanes);

    memcpy(bad, good, n);
    bad[0] ^= 0xff;
    expect_error("bad magic", bad, n, WIRE_ERR_BAD_MAGIC);

    memcpy(bad, good, n);
    bad[4] = 0x7f; /* version */
    expect_error("bad version", bad, n, WIRE_ERR_BAD_VERSION);

    memcpy(bad, good, n);
    bad[n - 1] ^= 0x01; /* payload changed after the CRC */
    expect_error("bad CRC", bad, n, WIRE_ERR_BAD_CRC);

    size_t m = frame(bad, sizeof bad, 0x7e, 2, NULL, 0);
    expect_error("unknown type", bad, m, WIRE_ERR_BAD_TYPE);

    memcpy(bad, good, n);
    memset(bad + n, 0, 10);
    expect_error("length field does not match the frame", bad, n + 10, WIRE_ERR_BAD_LENGTH);

    expect_error("runt frame (5 bytes)", good, 5, WIRE_ERR_BAD_LENGTH);

    uint8_t one = 1;
    m = frame(bad, sizeof bad, WIRE_LAUNCH, 3, &one, 1);
    expect_error("LAUNCH with a 1-byte payload", bad, m, WIRE_ERR_BAD_LENGTH);

    t = request(WIRE_HELLO, 4, version, 4, NULL, NULL);
    check(t == WIRE_CAPS, "still answers HELLO after the bad frames", NULL);

    trapping_retire();
    injected_word();

    printf("%d passed, %d failed\n", passed, failed);
    zmq_close(sock);
    zmq_ctx_term(ctx);
    return failed ? 1 : 0;
}
