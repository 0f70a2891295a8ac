/* The wire protocol and the firmware core: frames, commit-record coding,
 * and the server's answers to good and bad requests (over an in-memory link
 * with the functional model as DUT). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include "dut_model.h"
#include "fw/fw.h"
#include "isa/asmfile.h"
#include "wire/protocol.h"

static uint8_t frame_buf[WIRE_HEADER_SIZE + 4096];

/* The wire's CRC-32 is zlib's crc32 (docs/wire-protocol.md), whatever
 * library computes it: the check value, and zlib itself as the oracle over
 * every length to 600 at every alignment, run on from a previous value. */
static void crc_is_zlibs(void **state)
{
    (void)state;
    assert_int_equal(wire_crc32(0, "123456789", 9), 0xcbf43926u);
    assert_int_equal(wire_crc32(0, "", 0), 0);
    static uint8_t bytes[640];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof bytes; i++) {
        x = x * 1103515245u + 12345u;
        bytes[i] = (uint8_t)(x >> 16);
    }
    for (size_t len = 0; len <= 600; len++)
        for (size_t at = 0; at < 8; at++) {
            uint32_t seed = (uint32_t)(len * 2654435761u);
            assert_int_equal(wire_crc32(seed, bytes + at, len), (uint32_t)crc32(seed, bytes + at, (uInt)len));
        }
}

static void frame_roundtrip(void **state)
{
    (void)state;
    const char payload[] = "hello, target";
    size_t n = wire_frame_encode(frame_buf, sizeof frame_buf, WIRE_HELLO, 7, payload, sizeof payload);
    assert_int_equal(n, WIRE_HEADER_SIZE + sizeof payload);
    wire_header h;
    const uint8_t *p;
    assert_int_equal(wire_frame_decode(frame_buf, n, &h, &p), 0);
    assert_int_equal(h.type, WIRE_HELLO);
    assert_int_equal(h.seq, 7);
    assert_memory_equal(p, payload, sizeof payload);
}

static void frame_rejections(void **state)
{
    (void)state;
    size_t n = wire_frame_encode(frame_buf, sizeof frame_buf, WIRE_RESET, 1, "abcd", 4);
    wire_header h;
    const uint8_t *p;
    frame_buf[WIRE_HEADER_SIZE + 1] ^= 0x40; /* corrupt one payload bit */
    assert_int_equal(wire_frame_decode(frame_buf, n, &h, &p), WIRE_ERR_BAD_CRC);
    frame_buf[WIRE_HEADER_SIZE + 1] ^= 0x40;
    assert_int_equal(wire_frame_decode(frame_buf, n - 1, &h, &p), WIRE_ERR_BAD_LENGTH);
    assert_int_equal(wire_frame_decode(frame_buf, 10, &h, &p), WIRE_ERR_BAD_LENGTH);
    frame_buf[4] = 9; /* version */
    assert_int_equal(wire_frame_decode(frame_buf, n, &h, &p), WIRE_ERR_BAD_VERSION);
    frame_buf[0] = 'X';
    assert_int_equal(wire_frame_decode(frame_buf, n, &h, &p), WIRE_ERR_BAD_MAGIC);
    assert_int_equal(wire_frame_encode(frame_buf, 8, WIRE_RESET, 1, NULL, 0), 0);
}

static void commit_roundtrip(void **state)
{
    (void)state;
    wire_commit a, b;
    memset(&a, 0, sizeof a);
    a.seq = 99, a.warp = 3, a.pc = 0x120, a.insn_lo = 0x1122334455667788ull, a.insn_hi = 7;
    a.active_mask = 0xffff0000u, a.exec_mask = 0x0fff0000u;
    a.gpr_count = 2;
    a.gpr[0].reg = 5, a.gpr[0].lane_mask = 0x00010001u, a.gpr[0].value[0] = 11, a.gpr[0].value[16] = 12;
    a.gpr[1].reg = 6, a.gpr[1].lane_mask = 0x80000000u, a.gpr[1].value[31] = 13;
    a.pred_count = 1, a.pred[0].pred = 2, a.pred[0].lane_mask = 3, a.pred[0].value = 1;
    a.ur_count = 1, a.ur[0].reg = 9, a.ur[0].value = 0xabcd;
    a.upred_mask = 4, a.upred_value = 4;
    a.mem_count = 1, a.mem.lane_mask = 2, a.mem.bytes = 8, a.mem.addr[1] = 0x1000;
    a.mem.data[1][0] = 1, a.mem.data[1][1] = 2;
    uint8_t buf[2048];
    size_t n = wire_commit_encode(&a, buf, sizeof buf);
    assert_true(n > 0);
    assert_int_equal(wire_commit_decode(buf, n, &b), n);
    assert_int_equal(b.seq, 99);
    assert_int_equal(b.gpr[0].value[16], 12);
    assert_int_equal(b.gpr[1].value[31], 13);
    assert_int_equal(b.pred[0].value, 1);
    assert_int_equal(b.ur[0].value, 0xabcd);
    assert_int_equal(b.mem.addr[1], 0x1000);
    assert_int_equal(b.mem.data[1][1], 2);
    for (size_t cut = 0; cut < n; cut++) /* every truncation is refused */
        assert_int_equal(wire_commit_decode(buf, cut, &b), 0);
    assert_int_equal(wire_commit_encode(&a, buf, n - 1), 0);
}

/* The usual record, one GPR write of every lane (decoded by copies where the
 * layout allows): every field back as it was, a truncation refused, and the
 * same record with a predicate write too (decoded field by field) alike. */
static void commit_roundtrip_every_lane(void **state)
{
    (void)state;
    static wire_commit a, b;
    memset(&a, 0, sizeof a);
    a.seq = 0x0102030405060708ull, a.warp = 61, a.flags = WIRE_COMMIT_EXITED, a.pc = 0x7f0;
    a.insn_lo = 0x8877665544332211ull, a.insn_hi = 0x0123456789abcdefull;
    a.active_mask = a.exec_mask = a.exit_mask = 0xffffffffu, a.branch_mask = 5, a.branch_target = 0x40;
    a.upred_mask = 2, a.upred_value = 2;
    a.gpr_count = 1, a.gpr[0].reg = 254, a.gpr[0].lane_mask = 0xffffffffu;
    for (unsigned l = 0; l < WIRE_LANES; l++)
        a.gpr[0].value[l] = 0x9e3779b9u * (l + 1);
    uint8_t buf[1024];
    for (int with_pred = 0; with_pred < 2; with_pred++) {
        a.pred_count = (uint8_t)with_pred, a.pred[0].pred = 6, a.pred[0].lane_mask = 0xffffffffu, a.pred[0].value = 9;
        size_t n = wire_commit_encode(&a, buf, sizeof buf);
        assert_true(n > 0);
        memset(&b, 0xa5, sizeof b);
        assert_int_equal(wire_commit_decode(buf, n, &b), n);
        assert_true(b.seq == a.seq && b.warp == a.warp && b.flags == a.flags && b.pc == a.pc);
        assert_true(b.insn_lo == a.insn_lo && b.insn_hi == a.insn_hi && b.active_mask == a.active_mask);
        assert_true(b.exec_mask == a.exec_mask && b.exit_mask == a.exit_mask && b.trap_code == 0 && b.trap_lane == 0);
        assert_true(b.branch_mask == a.branch_mask && b.branch_target == a.branch_target);
        assert_true(b.gpr_count == 1 && b.pred_count == with_pred && b.ur_count == 0 && b.mem_count == 0);
        assert_true(b.upred_mask == a.upred_mask && b.upred_value == a.upred_value);
        assert_true(b.gpr[0].reg == 254 && b.gpr[0].lane_mask == 0xffffffffu);
        assert_memory_equal(b.gpr[0].value, a.gpr[0].value, sizeof a.gpr[0].value);
        if (with_pred)
            assert_true(b.pred[0].pred == 6 && b.pred[0].value == 9);
        for (size_t cut = 0; cut < n; cut++)
            assert_int_equal(wire_commit_decode(buf, cut, &b), 0);
    }
}

/* ---- the firmware core over an in-memory link ---- */

typedef struct {
    uint8_t *in[64];
    size_t in_len[64];
    int in_count, in_next;
    uint8_t *out[256];
    size_t out_len[256];
    int out_count;
} mem_link;

static int mem_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    mem_link *l = ctx;
    if (l->in_next == l->in_count)
        return timeout_ms == 0 ? 1 : -1; /* a poll finds nothing; a wait finds the link closed */
    size_t n = l->in_len[l->in_next] < cap ? l->in_len[l->in_next] : cap;
    memcpy(buf, l->in[l->in_next++], n);
    *len = n;
    return 0;
}

static int mem_send(void *ctx, const uint8_t *buf, size_t len)
{
    mem_link *l = ctx;
    if (l->out_count == 256)
        return -1;
    l->out[l->out_count] = malloc(len);
    memcpy(l->out[l->out_count], buf, len);
    l->out_len[l->out_count++] = len;
    return 0;
}

static const fw_link_ops mem_link_ops = {.recv = mem_recv, .send = mem_send};

/* wire_commit_check: each thing no record may hold, and a record that holds none. */
/* A run of words is what the same words one at a time are: little-endian
 * bytes, all or nothing at the buffer's end, zeros and underflow past the
 * reader's (the STATE's register file is coded this way). */
static void word_runs(void **state)
{
    (void)state;
    const uint32_t words[3] = {0x11223344u, 0xa0b0c0d0u, 7};
    uint8_t one[12], run[12];
    wire_writer a = {one, 0, sizeof one, 0}, b = {run, 0, sizeof run, 0};
    for (int i = 0; i < 3; i++)
        wire_put32(&a, words[i]);
    wire_put32_words(&b, words, 3);
    assert_int_equal(b.len, 12);
    assert_false(b.overflow);
    assert_memory_equal(one, run, sizeof one);
    assert_int_equal(run[0], 0x44);
    assert_int_equal(run[4], 0xd0);
    wire_put32_words(&b, words, 1);
    assert_true(b.overflow);
    assert_int_equal(b.len, 12);

    uint32_t back[3] = {0};
    wire_reader r = {run, sizeof run, 0, 0};
    wire_get32_words(&r, back, 3);
    assert_false(r.underflow);
    assert_memory_equal(back, words, sizeof words);
    wire_reader short_r = {run, 8, 0, 0};
    back[0] = back[1] = back[2] = 1;
    wire_get32_words(&short_r, back, 3);
    assert_true(short_r.underflow);
    assert_int_equal(back[0] | back[1] | back[2], 0);
}

static void commit_check(void **state)
{
    (void)state;
    static wire_commit c;
    memset(&c, 0, sizeof c);
    c.gpr_count = 2, c.gpr[0].reg = 5, c.gpr[1].reg = 254;
    c.pred_count = 1, c.pred[0].pred = 6;
    c.ur_count = 1, c.ur[0].reg = 62;
    c.upred_mask = 0x7f, c.mem_count = 1, c.mem.bytes = 16;
    assert_null(wire_commit_check(&c));
    c.gpr[1].reg = 255;
    assert_non_null(strstr(wire_commit_check(&c), "R255"));
    c.gpr[1].reg = 5;
    assert_non_null(strstr(wire_commit_check(&c), "twice"));
    c.gpr[1].reg = 6, c.pred[0].pred = 7;
    assert_non_null(strstr(wire_commit_check(&c), "P7"));
    c.pred[0].pred = 0, c.ur[0].reg = 63;
    assert_non_null(strstr(wire_commit_check(&c), "UR63"));
    c.ur[0].reg = 0, c.upred_mask = 0x80;
    assert_non_null(strstr(wire_commit_check(&c), "UP7"));
    c.upred_mask = 0, c.mem.bytes = 12;
    assert_non_null(strstr(wire_commit_check(&c), "bytes"));
    c.mem.bytes = 4, c.gpr_count = WIRE_MAX_GPR_WRITES + 1;
    assert_non_null(strstr(wire_commit_check(&c), "more writes"));
}

static void queue(mem_link *l, uint16_t type, uint32_t seq, const void *payload, uint32_t len)
{
    l->in[l->in_count] = malloc(WIRE_HEADER_SIZE + len);
    l->in_len[l->in_count] = wire_frame_encode(l->in[l->in_count], WIRE_HEADER_SIZE + len, type, seq, payload, len);
    l->in_count++;
}

static void queue_raw(mem_link *l, const void *bytes, size_t len)
{
    l->in[l->in_count] = malloc(len);
    memcpy(l->in[l->in_count], bytes, len);
    l->in_len[l->in_count++] = len;
}

static void serve(mem_link *l, fw_dut_model *dut)
{
    static uint8_t rx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD], tx[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
    static wire_state st;
    fw_core core = {.link = &mem_link_ops, .link_ctx = l, .dut = &fw_dut_model_ops, .dut_ctx = dut,
                    .watchdog_cycles = 1000, .idle_timeout_ms = 1, .rx = rx, .tx = tx,
                    .rx_cap = sizeof rx, .tx_cap = sizeof tx, .state_buf = &st};
    assert_int_equal(fw_serve(&core), 0);
}

static uint16_t reply_type(const mem_link *l, int i, uint32_t *seq, uint32_t *error_code)
{
    wire_header h;
    const uint8_t *p;
    assert_int_equal(wire_frame_decode(l->out[i], l->out_len[i], &h, &p), 0);
    *seq = h.seq;
    if (h.type == WIRE_ERROR) {
        wire_reader r = {.p = p, .len = h.length};
        *error_code = wire_get32(&r);
    }
    return h.type;
}

/* The text of reply i, an ERROR. */
static void error_text(const mem_link *l, int i, char *text, size_t cap)
{
    wire_header h;
    const uint8_t *p;
    assert_int_equal(wire_frame_decode(l->out[i], l->out_len[i], &h, &p), 0);
    wire_reader r = {.p = p, .len = h.length};
    (void)wire_get32(&r);
    size_t n = wire_get16(&r);
    assert_true(n < cap && !r.underflow);
    wire_get_bytes(&r, text, n);
    text[n] = '\0';
}

static void free_link(mem_link *l)
{
    for (int i = 0; i < l->in_count; i++)
        free(l->in[i]);
    for (int i = 0; i < l->out_count; i++)
        free(l->out[i]);
}

static void server_answers_bad_frames(void **state)
{
    (void)state;
    mem_link l = {0};
    fw_dut_model dut;
    assert_int_equal(fw_dut_model_init(&dut), 0);
    uint8_t v[4] = {WIRE_VERSION, 0, 0, 0};
    queue(&l, WIRE_HELLO, 1, v, 4);
    queue_raw(&l, "garbage that is not a frame at all", 34);
    queue(&l, 0x55, 2, NULL, 0);                 /* unknown type */
    uint8_t v2[4] = {WIRE_VERSION + 1, 0, 0, 0};
    queue(&l, WIRE_HELLO, 3, v2, 4);             /* wrong protocol version */
    queue(&l, WIRE_LOAD_CODE, 4, "\x00\x00\x00\x00\x05\x00\x00\x00", 8); /* count 5, no words */
    queue(&l, WIRE_CREDIT, 5, "\x01\x00\x00\x00", 4);                    /* outside a run: ignored */
    serve(&l, &dut);
    uint32_t seq, code = 0;
    assert_int_equal(l.out_count, 5);
    assert_int_equal(reply_type(&l, 0, &seq, &code), WIRE_CAPS);
    assert_int_equal(reply_type(&l, 1, &seq, &code), WIRE_ERROR);
    assert_int_equal(code, WIRE_ERR_BAD_MAGIC);
    assert_int_equal(reply_type(&l, 2, &seq, &code), WIRE_ERROR);
    assert_int_equal(code, WIRE_ERR_BAD_TYPE);
    assert_int_equal(seq, 2);
    assert_int_equal(reply_type(&l, 3, &seq, &code), WIRE_ERROR);
    assert_int_equal(code, WIRE_ERR_BAD_VERSION);
    assert_int_equal(reply_type(&l, 4, &seq, &code), WIRE_ERROR);
    assert_int_equal(code, WIRE_ERR_BAD_LENGTH);
    free_link(&l);
    fw_dut_model_free(&dut);
}

/* RESET, LOAD_CODE of `k`, LAUNCH of one warp: seq 1, 2, 3. */
static void queue_load(mem_link *l, const isa_kernel *k)
{
    queue(l, WIRE_RESET, 1, NULL, 0);
    static uint8_t code[8 + 16 * 16];
    wire_writer w = {.p = code, .cap = sizeof code};
    wire_put32(&w, 0);
    wire_put32(&w, (uint32_t)k->code_count);
    for (size_t i = 0; i < k->code_count; i++) {
        wire_put64(&w, k->code[i].lo);
        wire_put64(&w, k->code[i].hi);
    }
    queue(l, WIRE_LOAD_CODE, 2, code, (uint32_t)w.len);
    queue(l, WIRE_LAUNCH, 3, "\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", 12);
}

/* Every request of a fixed size, one byte short and one byte long: ERROR
 * BAD_LENGTH with the request's sequence number, and nothing done (a RESET
 * with a payload leaves the launched warp there to be read). */
static void server_refuses_wrong_payload_sizes(void **state)
{
    (void)state;
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("k.s", "NOP ;\nEXIT ;\n", &k, stderr), 0);
    mem_link l = {0};
    fw_dut_model dut;
    assert_int_equal(fw_dut_model_init(&dut), 0);
    queue_load(&l, k);
    static const uint16_t fixed[] = {WIRE_HELLO, WIRE_RESET, WIRE_LAUNCH, WIRE_WRITE_REG, WIRE_READ_STATE,
                                     WIRE_READ_MEM, WIRE_RUN, WIRE_CREDIT, WIRE_HALT, WIRE_INJECT, WIRE_MEM_DIGEST};
    static uint8_t zeros[256];
    uint32_t seq = 10;
    int sent = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        int32_t want = wire_request_length(fixed[i]);
        assert_true(want >= 0 && want < 255);
        if (want > 0) {
            queue(&l, fixed[i], seq++, zeros, (uint32_t)want - 1);
            sent++;
        }
        queue(&l, fixed[i], seq++, zeros, (uint32_t)want + 1);
        sent++;
    }
    queue(&l, WIRE_READ_STATE, 99, "\x00\x00", 2);
    serve(&l, &dut);
    assert_int_equal(l.out_count, 3 + sent + 1);
    for (int i = 0; i < sent; i++) {
        uint32_t got_seq, code = 0;
        assert_int_equal(reply_type(&l, 3 + i, &got_seq, &code), WIRE_ERROR);
        assert_int_equal(code, WIRE_ERR_BAD_LENGTH);
        assert_int_equal(got_seq, 10 + (uint32_t)i);
    }
    uint32_t got_seq, code = 0;
    assert_int_equal(reply_type(&l, 3 + sent, &got_seq, &code), WIRE_STATE);
    free_link(&l);
    fw_dut_model_free(&dut);
    isa_kernel_destroy(&k);
}

/* During a run (window 1, no credit): another request is BUSY, and the text
 * names what is served; a HALT or CREDIT of the wrong size is BAD_LENGTH and
 * the run goes on; READ_STATE is served; HALT ends it. */
static void server_busy_during_a_run(void **state)
{
    (void)state;
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("k.s", "NOP ;\nNOP ;\nNOP ;\nEXIT ;\n", &k, stderr), 0);
    mem_link l = {0};
    fw_dut_model dut;
    assert_int_equal(fw_dut_model_init(&dut), 0);
    queue_load(&l, k);
    queue(&l, WIRE_RUN, 4, "\x00\x01\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00", 16);
    queue(&l, WIRE_RESET, 5, NULL, 0);
    queue(&l, WIRE_HALT, 6, "x", 1);
    queue(&l, WIRE_CREDIT, 7, "\x01\x00\x00\x00\x00", 5);
    queue(&l, WIRE_READ_STATE, 8, "\x00\x00", 2);
    queue(&l, WIRE_HALT, 9, NULL, 0);
    serve(&l, &dut);
    /* OK OK OK, COMMITS, BUSY, BAD_LENGTH, BAD_LENGTH, STATE, RUN_END */
    assert_int_equal(l.out_count, 9);
    uint32_t seq, code = 0;
    assert_int_equal(reply_type(&l, 3, &seq, &code), WIRE_COMMITS);
    assert_int_equal(reply_type(&l, 4, &seq, &code), WIRE_ERROR);
    assert_int_equal(code, WIRE_ERR_BUSY);
    assert_int_equal(seq, 5);
    char text[256];
    error_text(&l, 4, text, sizeof text);
    assert_string_equal(text,
                        "a run is in progress: only CREDIT, HALT, READ_STATE, READ_MEM, MEM_DIGEST and WRITTEN_PAGES are served");
    for (int i = 5; i <= 6; i++) {
        assert_int_equal(reply_type(&l, i, &seq, &code), WIRE_ERROR);
        assert_int_equal(code, WIRE_ERR_BAD_LENGTH);
        assert_int_equal(seq, (uint32_t)i + 1);
    }
    assert_int_equal(reply_type(&l, 7, &seq, &code), WIRE_STATE);
    assert_int_equal(seq, 8);
    assert_int_equal(reply_type(&l, 8, &seq, &code), WIRE_RUN_END);
    wire_header h;
    const uint8_t *p;
    wire_frame_decode(l.out[8], l.out_len[8], &h, &p);
    wire_reader r = {.p = p, .len = h.length};
    assert_int_equal(wire_get32(&r), WIRE_END_HALTED);
    free_link(&l);
    fw_dut_model_free(&dut);
    isa_kernel_destroy(&k);
}

static void server_runs_a_kernel_in_batches(void **state)
{
    (void)state;
    isa_kernel *k = NULL;
    assert_int_equal(isa_assemble("k.s", "NOP ;\nNOP ;\nNOP ;\nNOP ;\nNOP ;\nEXIT ;\n", &k, stderr), 0);
    mem_link l = {0};
    fw_dut_model dut;
    assert_int_equal(fw_dut_model_init(&dut), 0);
    queue(&l, WIRE_RESET, 1, NULL, 0);
    uint8_t code[8 + 16 * 6];
    wire_writer w = {.p = code, .cap = sizeof code};
    wire_put32(&w, 0);
    wire_put32(&w, 6);
    for (int i = 0; i < 6; i++) {
        wire_put64(&w, k->code[i].lo);
        wire_put64(&w, k->code[i].hi);
    }
    queue(&l, WIRE_LOAD_CODE, 2, code, (uint32_t)w.len);
    queue(&l, WIRE_LAUNCH, 3, "\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", 12);
    /* 6 instructions, batches of 4, window 8 */
    queue(&l, WIRE_RUN, 4, "\x00\x01\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x08\x00\x00\x00", 16);
    serve(&l, &dut);
    uint32_t seq, code_err = 0;
    assert_int_equal(l.out_count, 6); /* OK OK OK COMMITS(4) COMMITS(2) RUN_END */
    assert_int_equal(reply_type(&l, 3, &seq, &code_err), WIRE_COMMITS);
    assert_int_equal(seq, 4);
    assert_int_equal(reply_type(&l, 4, &seq, &code_err), WIRE_COMMITS);
    assert_int_equal(reply_type(&l, 5, &seq, &code_err), WIRE_RUN_END);
    wire_header h;
    const uint8_t *p;
    wire_frame_decode(l.out[5], l.out_len[5], &h, &p);
    wire_reader r = {.p = p, .len = h.length};
    assert_int_equal(wire_get32(&r), WIRE_END_DONE);
    assert_int_equal(wire_get64(&r), 6);
    free_link(&l);
    fw_dut_model_free(&dut);
    isa_kernel_destroy(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crc_is_zlibs),
        cmocka_unit_test(frame_roundtrip),
        cmocka_unit_test(frame_rejections),
        cmocka_unit_test(commit_roundtrip),
        cmocka_unit_test(commit_roundtrip_every_lane),
        cmocka_unit_test(commit_check),
        cmocka_unit_test(word_runs),
        cmocka_unit_test(server_answers_bad_frames),
        cmocka_unit_test(server_runs_a_kernel_in_batches),
        cmocka_unit_test(server_refuses_wrong_payload_sizes),
        cmocka_unit_test(server_busy_during_a_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
