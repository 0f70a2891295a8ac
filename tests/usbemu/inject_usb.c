/* usbemu_inject: INJECT and WRITE_REG over USB, through the rv32 image's
 * HAL (boards/gh-ref/hal.c: fw/inject.h's parking, the backdoor writes) on
 * the emulated board. Run under gpu-usbemu:
 *   gpu-usbemu -- usbemu_inject
 * Loads two EXITs, launches two warps, writes warp 1's R0 = 100 + lane,
 * INJECTs IADD R1, R0, 0x5 into warp 1 and checks its record, then RUNs both
 * warps to the end. Prints one line a check; exit 0 when all passed. */
#include <libusb.h>
#include <stdio.h>
#include <string.h>

#include "isa/isa.h"
#include "wire/protocol.h"

#define VID 0x1209
#define PID 0x6770
#define TIMEOUT_MS 10000

static libusb_device_handle *dev;
static uint8_t reply[WIRE_HEADER_SIZE + 65536];
static int passed, failed;

static void check(int ok, const char *what, const char *detail)
{
    ok ? passed++ : failed++;
    printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what, !ok && detail ? ": " : "", !ok && detail ? detail : "");
}

/* One reply frame (one bulk IN transfer): its type, or 0. */
static uint16_t receive(uint32_t seq, const uint8_t **p, uint32_t *len)
{
    int got = 0;
    if (libusb_bulk_transfer(dev, 0x81, reply, sizeof reply, &got, TIMEOUT_MS) != 0)
        return 0;
    wire_header h;
    if (wire_frame_decode(reply, (size_t)got, &h, p) != 0 || h.seq != seq)
        return 0;
    *len = h.length;
    return h.type;
}

static uint16_t request(uint16_t type, uint32_t seq, const void *payload, uint32_t len, const uint8_t **p,
                        uint32_t *rlen)
{
    uint8_t frame[WIRE_HEADER_SIZE + 1024];
    size_t n = wire_frame_encode(frame, sizeof frame, type, seq, payload, len);
    int sent = 0;
    if (!n || libusb_bulk_transfer(dev, 0x01, frame, (int)n, &sent, TIMEOUT_MS) != 0 || (size_t)sent != n)
        return 0;
    const uint8_t *q;
    uint32_t qlen;
    return receive(seq, p ? p : &q, rlen ? rlen : &qlen);
}

static int assemble(const char *text, isa_word *w)
{
    isa_context ctx = {0};
    isa_insn insn;
    isa_diag diag;
    return isa_asm(text, &ctx, w, &insn, &diag);
}

int main(void)
{
    if (libusb_init(NULL) != 0 || !(dev = libusb_open_device_with_vid_pid(NULL, VID, PID)) ||
        libusb_claim_interface(dev, 0) != 0) {
        fprintf(stderr, "usbemu_inject: no emulated board 1209:6770 (run under gpu-usbemu)\n");
        return 1;
    }
    isa_word exit_word, iadd;
    if (assemble("EXIT ;", &exit_word) != 0 || assemble("IADD R1, R0, 0x5 ;", &iadd) != 0) {
        fprintf(stderr, "usbemu_inject: the assembler failed\n");
        return 1;
    }
    uint8_t buf[512];
    wire_writer w = {.p = buf, .cap = sizeof buf};
    int ok = request(WIRE_RESET, 1, NULL, 0, NULL, NULL) == WIRE_OK;
    wire_put32(&w, 0);
    wire_put32(&w, 2);
    for (int i = 0; i < 2; i++) {
        wire_put64(&w, exit_word.lo);
        wire_put64(&w, exit_word.hi);
    }
    ok = ok && request(WIRE_LOAD_CODE, 2, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put32(&w, 2);
    wire_put64(&w, 0);
    ok = ok && request(WIRE_LAUNCH, 3, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put8(&w, WIRE_REG_GPR);
    wire_put8(&w, 0);
    wire_put16(&w, 1);
    wire_put32(&w, 0);
    wire_put32(&w, 0xffffffffu);
    for (unsigned l = 0; l < 32; l++)
        wire_put32(&w, 100 + l);
    ok = ok && request(WIRE_WRITE_REG, 4, buf, (uint32_t)w.len, NULL, NULL) == WIRE_OK;
    check(ok, "RESET, LOAD_CODE, LAUNCH (2 warps), WRITE_REG answered OK", NULL);

    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put16(&w, 1);
    wire_put64(&w, iadd.lo);
    wire_put64(&w, iadd.hi);
    const uint8_t *p = NULL;
    uint32_t len = 0;
    uint16_t t = request(WIRE_INJECT, 5, buf, (uint32_t)w.len, &p, &len);
    wire_commit rec;
    memset(&rec, 0, sizeof rec);
    ok = t == WIRE_COMMITS && len > 8 && wire_commit_decode(p + 8, len - 8, &rec) != 0 && rec.warp == 1 &&
         rec.pc == 0 && rec.insn_lo == iadd.lo && rec.gpr_count == 1 && rec.gpr[0].reg == 1 &&
         rec.gpr[0].lane_mask == 0xffffffffu && rec.gpr[0].value[0] == 105 && rec.gpr[0].value[31] == 136 &&
         !(rec.flags & WIRE_COMMIT_TRAP);
    char detail[160];
    snprintf(detail, sizeof detail, "reply 0x%02x, warp %u pc 0x%llx gprs %u lane 0 = %u", t, rec.warp,
             (unsigned long long)rec.pc, rec.gpr_count, rec.gpr[0].value[0]);
    check(ok, "INJECT into warp 1 retires IADD R1 = R0 + 5 there", detail);

    w = (wire_writer){.p = buf, .cap = sizeof buf};
    wire_put64(&w, 100);
    wire_put32(&w, 8);
    wire_put32(&w, 4);
    t = request(WIRE_RUN, 6, buf, (uint32_t)w.len, &p, &len);
    if (t == WIRE_COMMITS)
        t = receive(6, &p, &len);
    uint32_t end = 0;
    if (t == WIRE_RUN_END) {
        wire_reader r = {.p = p, .len = len};
        end = wire_get32(&r);
    }
    snprintf(detail, sizeof detail, "reply 0x%02x, end reason %u", t, end);
    check(t == WIRE_RUN_END && end == WIRE_END_DONE, "then both warps run to their EXIT (RUN_END DONE)", detail);
    libusb_release_interface(dev, 0);
    libusb_close(dev);
    libusb_exit(NULL);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
