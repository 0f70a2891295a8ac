/* Fuzz target: the wire protocol's frame and record decoders, and the
 * firmware core answering arbitrary frames (model DUT, in-memory link). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dut_model.h"
#include "fuzz.h"
#include "fw/fw.h"
#include "wire/protocol.h"

typedef struct {
    const uint8_t *in;
    size_t len;
    int delivered, sent;
} one_frame_link;

static int recv_one(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    one_frame_link *l = ctx;
    if (l->delivered)
        return timeout_ms == 0 ? 1 : -1;
    l->delivered = 1;
    *len = l->len < cap ? l->len : cap;
    memcpy(buf, l->in, *len);
    return 0;
}

static int send_count(void *ctx, const uint8_t *buf, size_t len)
{
    (void)buf;
    (void)len;
    ((one_frame_link *)ctx)->sent++;
    return 0;
}

static const fw_link_ops link_ops = {.recv = recv_one, .send = send_count};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    wire_header h;
    const uint8_t *payload;
    wire_frame_decode(data, size, &h, &payload);
    wire_commit rec;
    wire_commit_decode(data, size, &rec);
    wire_reader r = {.p = data, .len = size};
    wire_caps caps;
    wire_caps_decode(&r, &caps);

    /* the firmware core must answer every frame (an error frame at worst) */
    static uint8_t rx[WIRE_HEADER_SIZE + 70000], tx[WIRE_HEADER_SIZE + 70000];
    static wire_state st;
    fw_dut_model dut;
    if (fw_dut_model_init(&dut) != 0)
        return 0;
    /* a board's code memory, not the model's 1 GiB: a LOAD_CODE far out would
     * otherwise allocate up to that, twice under ASan's quarantine (the
     * fuzzer's 2 GiB limit); beyond it the DUT refuses, which is fuzzed too */
    dut.max_code = 1u << 16;
    /* make the input a well-formed frame half of the time, so the core's
     * handlers see arbitrary payloads, not only bad headers */
    uint8_t *frame = malloc(WIRE_HEADER_SIZE + size);
    size_t flen = size;
    if (frame && size > 2 && (data[0] & 1)) {
        flen = wire_frame_encode(frame, WIRE_HEADER_SIZE + size, (uint16_t)(data[1] & 0x8f), 1,
                                 data + 2, (uint32_t)(size - 2));
    } else if (frame) {
        memcpy(frame, data, size);
    }
    one_frame_link l = {.in = frame, .len = flen};
    fw_core core = {.link = &link_ops, .link_ctx = &l, .dut = &fw_dut_model_ops, .dut_ctx = &dut,
                    .watchdog_cycles = 100, .idle_timeout_ms = 1, .rx = rx, .tx = tx,
                    .rx_cap = sizeof rx, .tx_cap = sizeof tx, .state_buf = &st};
    fw_serve(&core);
    /* every frame is answered, except CREDIT outside a run */
    wire_header fh;
    const uint8_t *fp;
    bool credit = frame && wire_frame_decode(frame, flen, &fh, &fp) == 0 && fh.type == WIRE_CREDIT;
    if (frame && !l.sent && !credit)
        abort();
    free(frame);
    fw_dut_model_free(&dut);
    return 0;
}

static const uint8_t hello[] = {1, WIRE_HELLO, 1, 0, 0, 0};
static const uint8_t load[] = {1, WIRE_LOAD_CODE, 0, 0, 0, 0, 1, 0, 0, 0, 0x81, 0x70, 0, 0, 0, 0, 0, 0,
                               0, 0, 0, 0, 0, 0, 0, 0};
static const uint8_t launch[] = {1, WIRE_LAUNCH, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
static const uint8_t run[] = {1, WIRE_RUN, 0x10, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0};
static const fuzz_seed seeds[] = {{hello, sizeof hello}, {load, sizeof load}, {launch, sizeof launch},
                                  {run, sizeof run}};

const fuzz_seed *fuzz_seeds(size_t *count)
{
    *count = sizeof seeds / sizeof seeds[0];
    return seeds;
}
