/* libgpuhost: a target reached over the wire protocol. The transport (a
 * ZeroMQ DEALER socket today, USB bulk endpoints later) only moves frames;
 * every wait has a timeout, and a dead server is noticed through `alive`. */
#ifndef GH_WIRE_CLIENT_H
#define GH_WIRE_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/kernel.h"
#include "wire/protocol.h"
#include "wire/zmq_curve.h"

typedef struct {
    int (*send)(void *ctx, const uint8_t *frame, size_t len);
    /* 0 got a frame, 1 timeout, -1 broken */
    int (*recv)(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms);
    /* optional, used instead of recv: the frame lent where the transport
     * holds it (no copy), valid until the next receive or close */
    int (*recv_view)(void *ctx, const uint8_t **frame, size_t *len, uint32_t timeout_ms);
    void (*close)(void *ctx);
    /* optional: true, with why, when the transport knows why it broke */
    bool (*why)(void *ctx, char *why, size_t len);
} gh_transport_ops;

/* Asks whether the far end still lives; may fill why ("gpu-rtlsim exited with
 * status 1"). NULL: assume it does. */
typedef bool (*gh_alive_fn)(void *ctx, char *why, size_t len);

typedef struct {
    const gh_transport_ops *ops;
    void *ctx;
    gh_alive_fn alive;
    void *alive_ctx;
    uint32_t timeout_ms;
    uint32_t seq;
    uint32_t run_seq; /* the RUN request's: its batches carry it */
    bool running;     /* a RUN whose RUN_END has not been read */
    uint8_t *buf; /* one frame */
    size_t cap;
    char error[512];
    uint32_t error_code; /* of the last ERROR frame (enum wire_error), 0 if none */
    /* the last error was the target's own breach of the protocol (a malformed,
     * contradictory or out-of-order reply), not the link's: never retried */
    bool violation;
    /* the last error was an ERROR frame reporting the DUT's own failure (it
     * hung, broke the port contract): never retried, as a RUN_END saying so */
    bool dut_failed;
    uint32_t batches_seen; /* of the current run: COMMITS frames, records */
    uint64_t records_seen;
    /* the COMMITS batch being handed out (gh_wire_run_next): its payload,
     * lent by the transport until the next receive, and what is left of it */
    const uint8_t *batch;
    size_t batch_len, batch_pos;
    uint32_t batch_left;
    uint32_t run_batch; /* the RUN's records per batch: no COMMITS holds more */
    wire_caps caps;
} gh_wire;

int gh_wire_init(gh_wire *t, const gh_transport_ops *ops, void *ctx, uint32_t timeout_ms);
void gh_wire_close(gh_wire *t);

/* Each returns 0, or -1 with t->error set. */
int gh_wire_hello(gh_wire *t);                     /* fills t->caps */
int gh_wire_load(gh_wire *t, const isa_kernel *k); /* reset, code, data, launch, init registers */
int gh_wire_read_state(gh_wire *t, uint16_t warp, wire_state *out);
/* After the load: WRITE_REG (any kind, wire/protocol.h) and LOAD_MEM. */
int gh_wire_write_reg(gh_wire *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                      const uint32_t values[WIRE_LANES]);
int gh_wire_write_mem(gh_wire *t, uint64_t addr, const uint32_t *words, uint32_t count);
int gh_wire_read_mem(gh_wire *t, uint64_t addr, uint8_t *out, size_t len); /* any length */
/* CRC-32 of `pages` WIRE_PAGE_SIZE pages from addr (page-aligned). */
int gh_wire_mem_digest(gh_wire *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs);
/* The target's written pages (WRITTEN_PAGES): the lowest at most `max` page
 * addresses at or above `from`, checked page-aligned and ascending; *count. */
int gh_wire_written_pages(gh_wire *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count);
/* The variants the target lacks (VARIANTS): t->caps.variant_count and lacking. */
int gh_wire_variants(gh_wire *t);
int gh_wire_inject(gh_wire *t, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec);

/* Streaming run: start, then take batches until the end. */
enum gh_records { GH_RECORDS_END_BATCH = 1, GH_RECORDS_MORE = 2 }; /* run_next's records: their batch ends, goes on */
int gh_wire_run_start(gh_wire *t, uint64_t max_insns, uint32_t batch, uint32_t window);
/* The run's next records: up to cap of the current COMMITS batch, decoded
 * into recs, *count set (a batch is handed out a few records at a time, so
 * that the records a caller checks are still in its cache):
 * GH_RECORDS_END_BATCH they end their batch (a caller may CREDIT now),
 * GH_RECORDS_MORE more of it follow; 0 the RUN_END
 * (*end_reason, *total set); -1 error. A malformed record ends the run
 * where it stands (the records before it were handed out). */
int gh_wire_run_next(gh_wire *t, wire_commit *recs, uint32_t cap, uint32_t *count,
                       uint32_t *end_reason, uint64_t *total);
int gh_wire_credit(gh_wire *t, uint32_t batches);
int gh_wire_halt(gh_wire *t);

/* ZeroMQ transport: a DEALER socket connected to endpoint, CURVE when
 * sec->curve (the server's public key and our keypair). sec may be NULL. */
typedef struct {
    bool curve;
    char server_key[WIRE_CURVE_Z85 + 1];
    wire_curve_keypair client;
} gh_zmq_security;
int gh_zmq_connect(const char *endpoint, const gh_zmq_security *sec, const gh_transport_ops **ops, void **ctx,
                   char *err, size_t errlen);

#endif
