/* libgpuhost private: the backend table every board kind implements, and the
 * target object that wraps one. Like libusb's usbi_os_backend: each member's
 * contract is written here; backends are tables of designated initialisers
 * (backend_model.c, backend_wire.c); the library calls them only through the
 * wrappers in target.c, which check invariants and keep the error text. */
#ifndef GH_BACKEND_H
#define GH_BACKEND_H

#include "gpuhost/target.h"
#include "server.h"
#include "stress.h"
#include "wire/protocol.h"
#include "wire_client.h"

/* What a board kind can honour among gh_target_opts (others are refused). */
enum gh_backend_option {
    GH_OPT_ENDPOINT = 1u << 0,
    GH_OPT_SERVER = 1u << 1,
    GH_OPT_FAULT = 1u << 2,
    GH_OPT_SERIAL = 1u << 3,
    GH_OPT_TIMEOUT = 1u << 4,
    GH_OPT_WAVE = 1u << 5,
    GH_OPT_KEYS = 1u << 6,
    GH_OPT_STRESS = 1u << 7,
    GH_OPT_FAULT_USB = 1u << 8,
};

/* Every member returns 0, or -1 with the text in t->error (set through
 * gh__fail). Run: run_start, then run_next until it returns 0 (RUN_END) or
 * -1; credit after each batch taken (GH_RECORDS_END_BATCH). */
typedef struct {
    const char *kind; /* "model", "wire" */
    int (*load)(gh_target *t, const isa_kernel *k);
    int (*run_start)(gh_target *t, uint64_t max_insns, uint32_t batch, uint32_t window);
    /* *count records in recs (at most cap) and GH_RECORDS_END_BATCH when
     * they end a batch, GH_RECORDS_MORE when more of it follow (as
     * gh_wire_run_next); 0 the end (*reason a wire_run_end, *total
     * instructions of this run); -1 error */
    int (*run_next)(gh_target *t, wire_commit *recs, uint32_t cap, uint32_t *count, uint32_t *reason,
                    uint64_t *total);
    int (*credit)(gh_target *t, uint32_t batches);
    int (*halt)(gh_target *t); /* stop a run; best effort, no reply awaited */
    int (*read_state)(gh_target *t, uint16_t warp, wire_state *out);
    int (*read_mem)(gh_target *t, uint64_t addr, uint8_t *out, size_t len);
    /* after the load, as WRITE_REG and LOAD_MEM: applying an instruction the
     * target retired UNIMPLEMENTED (--emulate-unimplemented) */
    int (*write_reg)(gh_target *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                     const uint32_t *values);
    int (*write_mem)(gh_target *t, uint64_t addr, const uint32_t *words, uint32_t count);
    /* CRC-32 (zlib's) of `pages` WIRE_PAGE_SIZE pages from a page-aligned addr */
    int (*mem_digest)(gh_target *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs);
    /* the pages the target's memory holds: the `max` lowest page addresses at
     * or above `from`, ascending, page-aligned; *count of them */
    int (*written_pages)(gh_target *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count);
    int (*inject)(gh_target *t, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec);
    /* optional: the backend's own words for the trap the last run ended with */
    const char *(*trap_message)(gh_target *t);
    void (*close)(gh_target *t);
} gh_backend_ops;

struct gh_target {
    const gh_backend_ops *ops;
    void *backend; /* the backend's own state */
    gh_board board;
    gh_caps caps;
    char error[512];
    char warning[1024]; /* the descriptor does not match the target; an untrusted endpoint */
    /* the last error is the target's breach (a malformed or contradictory
     * reply, not the board asked for), not the link's: never retried */
    bool violation;
    /* the last error is the DUT's own failure, reported in an ERROR frame (a
     * hang, a broken port contract): a DUT FAILURE, never retried */
    bool dut_failed;
    uint8_t claimed[32]; /* the optypes the target claims (CAPS), before its descriptor narrowed them */
    gh_server server; /* a server this target started (zmq boards) */
    bool own_server;
    gh_server emulator; /* the emulator this target started (usb boards with one: usb_emulator.c) */
    bool own_emulator, had_umockdev_dir;
    char *old_umockdev_dir; /* UMOCKDEV_DIR before it pointed at the emulator's testbed */
    char stress[RTL_STRESS_TEXT_MAX]; /* the stress setting its DUT runs under, canonical; "" none */
    rtl_stress stress_knobs;
};

extern const gh_backend_ops gh_backend_model;
extern const gh_backend_ops gh_backend_wire;

/* Sets t->error; returns -1. gh__breach also marks it the target's breach. */
int gh__fail(gh_target *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int gh__breach(gh_target *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Backend entry points used by gh_target_open. 0, or -1 with t->error. */
int gh__model_open(gh_target *t);
int gh__wire_open_zmq(gh_target *t, const char *endpoint, const gh_zmq_security *sec, uint32_t timeout_ms,
                      bool watch_server);
int gh__wire_open_usb(gh_target *t, const char *serial, uint32_t timeout_ms);

/* The target against its descriptor (descriptor_check.c): -1 with t->error
 * when it is not the board asked for (its name, its tolerances); narrows
 * t->caps.optypes to the groups its implements lists (t->claimed keeps CAPS's);
 * 1 with t->warning when only warps differ; else 0. */
int gh__check_descriptor(gh_target *t);

/* The wrappers the engine uses (target.c): backend calls with checks. */
int gh__run_start(gh_target *t, uint64_t max_insns, uint32_t batch, uint32_t window);
int gh__run_next(gh_target *t, wire_commit *recs, uint32_t cap, uint32_t *count, uint32_t *reason,
                 uint64_t *total);
int gh__credit(gh_target *t, uint32_t batches);
void gh__halt(gh_target *t);
int gh__read_state(gh_target *t, uint16_t warp, wire_state *out);
int gh__write_reg(gh_target *t, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                  const uint32_t *values);
int gh__write_mem(gh_target *t, uint64_t addr, const uint32_t *words, uint32_t count);
int gh__mem_digest(gh_target *t, uint64_t addr, uint32_t pages, uint32_t nonce, uint32_t *crcs);
/* A page's digest as MEM_DIGEST computes it with nonce (wire/protocol.h, wire_digest_seed). */
uint32_t gh__page_digest(uint32_t nonce, const uint8_t *page);
int gh__written_pages(gh_target *t, uint64_t from, uint64_t *pages, uint32_t max, uint32_t *count);

#endif
