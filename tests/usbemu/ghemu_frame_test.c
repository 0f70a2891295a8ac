/* The emulated board's IN frame sender (servers/usbemu/ghemu/ghemu_usb.c)
 * against its contract (boards/gh-ref/README.md, "The IN frame sender"),
 * driven register by register as the soft core would: a frame sent as one
 * transfer with the wire header's CRC filled in, memory untouched, BUSY for
 * its cycles and until the host side has room, the bytes read as it falls,
 * a zero-length packet after whole packets, an EP1 reset dropping it, and
 * each misuse refused with its CAUSE, sending nothing.
 * Usage: ghemu_frame_test IMAGE (gh-ref-fw.elf: the board needs one to exist) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include <cmocka.h>

#include "ghemu_internal.h"

static const char *image;
static ghemu *e;

#define RAM(off) (GH_REF_RAM_BASE + (off))

/* The host side: room for a transfer or not; the transfers it got. */
static bool host_room = true;
static uint8_t got[8192];
static size_t got_len;
static unsigned transfers;

static int on_in_transfer(void *ctx, const uint8_t *p, size_t n)
{
    (void)ctx;
    if (got_len + n <= sizeof got)
        memcpy(got + got_len, p, n);
    got_len += n;
    transfers++;
    return 0;
}

static bool on_in_ready(void *ctx, uint32_t wait_us)
{
    (void)ctx, (void)wait_us;
    return host_room;
}

static bool on_in_empty(void *ctx)
{
    (void)ctx;
    return true;
}

static int setup(void **state)
{
    (void)state;
    char err[256];
    ghemu_config cfg = {.image = image,
                        .name = "frame-test",
                        .usb = {.in_transfer = on_in_transfer, .in_ready = on_in_ready, .in_empty = on_in_empty}};
    e = ghemu_new(&cfg, err, sizeof err);
    if (!e)
        fprintf(stderr, "ghemu_new: %s\n", err);
    return e ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ghemu_free(&e);
    return 0;
}

static uint32_t status(void)
{
    return (uint32_t)ghemu_usb_read(e->uc, GH_USB_FRAME_STATUS, 4, e);
}

static void elapse(uint64_t n)
{
    e->insns += n;
    ghemu_usb_tick(e, false);
}

static void send(uint32_t src, uint32_t len, uint32_t ctrl)
{
    got_len = 0, transfers = 0;
    ghemu_usb_write(e->uc, GH_USB_FRAME_SRC, 4, src, e);
    ghemu_usb_write(e->uc, GH_USB_FRAME_LEN, 4, len, e);
    ghemu_usb_write(e->uc, GH_USB_FRAME_CTRL, 4, ctrl, e);
}

static void fill(uint32_t off, uint32_t len, uint8_t seed)
{
    for (uint32_t i = 0; i < len; i++)
        e->ram[off + i] = (uint8_t)(seed + 5u * i);
}

/* The frame at RAM offset off as the sender must send it with CRC. */
static void sealed(uint32_t off, uint32_t len, uint8_t *out)
{
    memcpy(out, e->ram + off, len);
    uint32_t crc = (uint32_t)crc32(0, out, 16);
    crc = (uint32_t)crc32(crc, out + 20, len - 20);
    for (unsigned i = 0; i < 4; i++)
        out[16 + i] = (uint8_t)(crc >> (8 * i));
}

/* BUSY for exactly 2 + 2 x LEN/4 cycles with CRC; one transfer of the
 * frame, its CRC field filled in, memory as it was. */
static void sends_a_frame_with_its_crc(void **state)
{
    (void)state;
    const uint32_t len = 1100; /* packets of 512, 512, 76 */
    fill(0x1000, len, 7);
    uint8_t before[1100], want[1100];
    memcpy(before, e->ram + 0x1000, len);
    sealed(0x1000, len, want);
    uint64_t sent = e->counts.frames_sent;
    send(RAM(0x1000), len, GH_USB_FRAME_SEND | GH_USB_FRAME_CRC);
    for (unsigned c = 0; c < 2 + 2 * 275; c++) {
        assert_int_equal(status(), GH_USB_FRAME_BUSY);
        assert_int_equal(got_len, 0);
        elapse(1);
    }
    assert_int_equal(status(), 0);
    assert_int_equal(transfers, 1);
    assert_int_equal(got_len, len);
    assert_memory_equal(got, want, len);
    assert_memory_equal(e->ram + 0x1000, before, len); /* the frame in memory is not written */
    assert_int_equal(e->counts.frames_sent, sent + 1);
    /* without CRC: the bytes as they are, BUSY 2 + LEN/4 cycles */
    send(RAM(0x1000), 21, GH_USB_FRAME_SEND);
    elapse(2 + 5);
    assert_int_equal(status(), GH_USB_FRAME_BUSY);
    elapse(1);
    assert_int_equal(status(), 0);
    assert_int_equal(got_len, 21);
    assert_memory_equal(got, before, 21);
}

/* The bytes are read as BUSY falls: a write to the frame before then is
 * sent (and so caught by the host's CRC check and lockstep). */
static void the_frame_is_read_as_busy_falls(void **state)
{
    (void)state;
    fill(0x1600, 64, 3);
    send(RAM(0x1600), 64, GH_USB_FRAME_SEND | GH_USB_FRAME_CRC);
    e->ram[0x1600 + 40] ^= 0xff;
    uint8_t want[64];
    sealed(0x1600, 64, want);
    elapse(2 + 32);
    assert_int_equal(status(), 0);
    assert_memory_equal(got, want, 64);
}

/* A frame of whole packets ends with a zero-length packet (the host's read
 * ends); the sender waits for the host side's room, BUSY meanwhile. */
static void whole_packets_and_a_full_host(void **state)
{
    (void)state;
    fill(0x1800, 1024, 11);
    host_room = false;
    send(RAM(0x1800), 1024, GH_USB_FRAME_SEND);
    elapse(2 + 256 + 100);
    assert_int_equal(status(), GH_USB_FRAME_BUSY);
    assert_int_equal(transfers, 0);
    host_room = true;
    elapse(1);
    assert_int_equal(status(), 0);
    assert_int_equal(transfers, 1); /* ended by the zero-length packet */
    assert_int_equal(got_len, 1024);
    assert_memory_equal(got, e->ram + 0x1800, 1024);
}

/* An EP1 reset drops the frame being sent: BUSY falls, nothing goes. */
static void ep1_reset_drops_the_frame(void **state)
{
    (void)state;
    fill(0x1c00, 64, 1);
    send(RAM(0x1c00), 64, GH_USB_FRAME_SEND);
    ghemu_usb_write(e->uc, GH_USB_CTRL, 4, GH_USB_CTRL_EP1_RESET, e);
    assert_int_equal(status(), 0);
    elapse(100);
    assert_int_equal(transfers, 0);
}

/* Each misuse: ERR with its CAUSE, nothing sent, counted refused. */
static void refused(uint32_t src, uint32_t len, uint32_t ctrl, uint32_t cause)
{
    uint64_t before = e->counts.frames_refused;
    send(src, len, GH_USB_FRAME_SEND | ctrl);
    uint32_t st = status();
    assert_true(st & GH_USB_FRAME_ERR);
    assert_int_equal(GH_USB_FRAME_CAUSE(st), cause);
    assert_int_equal(e->counts.frames_refused, before + 1);
    elapse(2 * (len & 0x1ffffu) + 16);
    assert_int_equal(transfers, 0);
    assert_int_equal((uint32_t)ghemu_usb_read(e->uc, GH_USB_FRAME_SRC, 4, e), src); /* kept as written */
}

static void misuse_is_refused(void **state)
{
    (void)state;
    const uint32_t ram_end = GH_REF_RAM_BASE + GH_REF_RAM_SIZE;
    refused(RAM(0x1002), 64, 0, GH_USB_FRAME_CAUSE_SRC);                     /* not word-aligned */
    refused(GH_REF_ROM_BASE, 64, 0, GH_USB_FRAME_CAUSE_SRC);                 /* ROM is not memory it sends */
    refused(ram_end - 32, 64, 0, GH_USB_FRAME_CAUSE_SRC);                    /* runs past RAM */
    refused(RAM(0x1000), 0, 0, GH_USB_FRAME_CAUSE_LEN);                      /* nothing to send */
    refused(RAM(0x1000), GH_USB_FRAME_MAX_LEN + 1, 0, GH_USB_FRAME_CAUSE_LEN);
    refused(RAM(0x1000), 19, GH_USB_FRAME_CRC, GH_USB_FRAME_CAUSE_LEN);      /* no CRC field */
    ghemu_usb_in_word(e, 0x12345678u);                                       /* a packet being filled */
    refused(RAM(0x1000), 64, 0, GH_USB_FRAME_CAUSE_FILLING);
    ghemu_usb_write(e->uc, GH_USB_CTRL, 4, GH_USB_CTRL_EP1_RESET, e);
    /* SEND while BUSY: refused, the running frame goes on whole */
    fill(0x1d00, 64, 9);
    send(RAM(0x1d00), 64, GH_USB_FRAME_SEND);
    ghemu_usb_write(e->uc, GH_USB_FRAME_CTRL, 4, GH_USB_FRAME_SEND, e);
    uint32_t st = status();
    assert_int_equal(st & (GH_USB_FRAME_BUSY | GH_USB_FRAME_ERR), GH_USB_FRAME_BUSY | GH_USB_FRAME_ERR);
    assert_int_equal(GH_USB_FRAME_CAUSE(st), GH_USB_FRAME_CAUSE_BUSY);
    elapse(2 + 16);
    assert_int_equal(status() & GH_USB_FRAME_BUSY, 0);
    assert_int_equal(transfers, 1);
    assert_int_equal(got_len, 64);
    /* the next accepted SEND clears ERR */
    send(RAM(0x1d00), 64, GH_USB_FRAME_SEND);
    assert_int_equal(status(), GH_USB_FRAME_BUSY);
    elapse(2 + 16);
    assert_int_equal(status(), 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ghemu_frame_test gh-ref-fw.elf\n");
        return 2;
    }
    image = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sends_a_frame_with_its_crc),
        cmocka_unit_test(the_frame_is_read_as_busy_falls),
        cmocka_unit_test(whole_packets_and_a_full_host),
        cmocka_unit_test(ep1_reset_drops_the_frame),
        cmocka_unit_test(misuse_is_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
