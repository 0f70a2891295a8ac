/* fw: the target-independent firmware core. It serves the wire protocol on a
 * link and drives a DUT, both reached only through the HAL below, so the same
 * core runs on a board's soft core (USB link, debug-port DUT), inside
 * gpu-rtlsim (ZeroMQ link, Verilated DUT) and on the emulated USB board
 * (umockdev link, functional-model DUT). No allocation, no libc I/O. */
#ifndef FW_FW_H
#define FW_FW_H

#include <stddef.h>
#include <stdint.h>

#include "wire/protocol.h"

/* hal_link: whole frames in and out. */
typedef struct {
    /* Waits up to timeout_ms for one frame; 0 got one (*len set), 1 timeout,
     * -1 the link is closed or broken. */
    int (*recv)(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms);
    /* 0 sent, -1 the link is broken. */
    int (*send)(void *ctx, const uint8_t *buf, size_t len);
    /* Optional (NULL: send only, waited for): starts sending a frame whose
     * header's CRC field (wire_frame_begin's 0) the link fills in on the way,
     * and returns while it goes: the frame's bytes stay untouched until
     * `sent` returns. 0 started, -1 the link is broken. */
    int (*send_unsealed)(void *ctx, const uint8_t *frame, size_t len);
    /* With send_unsealed: waits until no frame is in flight (sent, or
     * dropped when the link broke); 0, or -1 the link is broken. */
    int (*sent)(void *ctx);
} fw_link_ops;

/* Results of fw_dut_ops.step. */
enum fw_step { FW_STEP_RETIRED = 0, FW_STEP_DONE = 1, FW_STEP_HUNG = 2, FW_STEP_ERROR = -1 };

/* hal_dut: the DUT port contract (docs/port-contract.md) as functions. Each
 * returns 0 or -1 unless said otherwise. */
typedef struct {
    void (*caps)(void *ctx, wire_caps *caps);
    int (*reset)(void *ctx);
    int (*load_code)(void *ctx, uint32_t index, uint64_t lo, uint64_t hi);
    int (*load_const)(void *ctx, uint32_t bank, uint32_t offset, uint32_t word);
    int (*load_mem)(void *ctx, uint64_t addr, uint32_t word);
    int (*launch)(void *ctx, uint32_t warps, uint64_t entry);
    int (*write_reg)(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                     const uint32_t *values);
    int (*read_state)(void *ctx, uint16_t warp, wire_state *out);
    int (*read_mem)(void *ctx, uint64_t addr, uint8_t *out, uint32_t len);
    /* The global pages the DUT's memory holds (WIRE_WRITTEN_PAGES): the `max`
     * lowest page addresses at or above `from`, ascending; how many, or -1. */
    int (*written_pages)(void *ctx, uint64_t from, uint64_t *pages, uint32_t max);
    /* Runs until one warp-instruction retires and describes it in *rec
     * (rec->seq is set by the core). The core hands *rec over with its fixed
     * part and counts cleared (fw_serve clears it before every step).
     * FW_STEP_HUNG when nothing retired within the watchdog budget. */
    int (*step)(void *ctx, wire_commit *rec, uint32_t watchdog_cycles);
    /* Executes `lo, hi` once for `warp` at its current PC (directed tests). */
    int (*inject)(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec);
} fw_dut_ops;

typedef struct {
    const fw_link_ops *link;
    void *link_ctx;
    const fw_dut_ops *dut;
    void *dut_ctx;
    uint32_t watchdog_cycles; /* per retired instruction */
    uint32_t idle_timeout_ms; /* how long recv waits between polls */
    /* buffers supplied by the platform (no allocation in the core) */
    uint8_t *rx, *tx;
    size_t rx_cap, tx_cap;
    wire_state *state_buf;
} fw_core;

/* Serves requests until the link closes. Returns 0 on a clean close, -1 if
 * the link broke. */
int fw_serve(fw_core *core);

#endif
