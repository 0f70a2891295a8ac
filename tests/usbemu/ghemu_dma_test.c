/* The emulated board's DMA engine (servers/usbemu/ghemu/ghemu_dma.c) against
 * its contract (boards/gh-ref/README.md, "DMA engine"), driven register by
 * register as the soft core would: copies at any alignment, the CRC fed on
 * the way, the USB IN FIFO filled (and overrun: bytes past 512 dropped), a
 * retire beat taken at START (CTRL.POP), and each misuse refused with its
 * CAUSE, moving, feeding and taking nothing.
 * Usage: ghemu_dma_test IMAGE (gh-ref-fw.elf: the board needs one to exist) */
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
#define ROW0 (GH_REF_DBG_BASE + GH_DBG_RT_ROW0)
#define RT(reg) (GH_REF_DBG_BASE + GH_DBG_##reg)
#define IN_DATA (GH_REF_USB_BASE + GH_USB_IN_DATA)

static int setup(void **state)
{
    (void)state;
    char err[256];
    ghemu_config cfg = {.image = image, .name = "dma-test"};
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
    return (uint32_t)ghemu_dma_read(e->uc, GH_DMA_STATUS, 4, e);
}

/* The cycle counter advances by n, as n instructions of the core would. */
static void elapse(uint64_t n)
{
    e->insns += n;
    ghemu_dma_tick(e);
}

static void start(uint32_t src, uint32_t dst, uint32_t len, uint32_t ctrl)
{
    ghemu_dma_write(e->uc, GH_DMA_SRC, 4, src, e);
    ghemu_dma_write(e->uc, GH_DMA_DST, 4, dst, e);
    ghemu_dma_write(e->uc, GH_DMA_LEN, 4, len, e);
    ghemu_dma_write(e->uc, GH_DMA_CTRL, 4, ctrl, e);
}

/* Starts a transfer and waits for BUSY to fall (at most LEN/4 + 16 cycles,
 * the contract's bound); returns STATUS then. */
static uint32_t transfer(uint32_t src, uint32_t dst, uint32_t len, uint32_t ctrl)
{
    start(src, dst, len, ctrl);
    uint32_t st;
    for (uint32_t c = 0; (st = status()) & GH_DMA_ST_BUSY; c++) {
        assert_true(c <= (len & 0x1ffffu) / 4u + 16u);
        elapse(1);
    }
    return st;
}

static void fill(uint32_t off, uint32_t len, uint8_t seed)
{
    for (uint32_t i = 0; i < len; i++)
        e->ram[off + i] = (uint8_t)(seed + 7u * i);
}

static void copies_at_any_alignment(void **state)
{
    (void)state;
    fill(0x801, 300, 1);
    memset(e->ram + 0x1000, 0xee, 400);
    assert_int_equal(transfer(RAM(0x801), RAM(0x1003), 300, GH_DMA_CTRL_START), 0);
    assert_memory_equal(e->ram + 0x1003, e->ram + 0x801, 300);
    assert_int_equal(e->ram[0x1002], 0xee); /* nothing outside the range */
    assert_int_equal(e->ram[0x1003 + 300], 0xee);
    /* ROM may be read; LEN 0 moves nothing and succeeds */
    assert_int_equal(transfer(GH_REF_ROM_BASE, RAM(0x1800), 64, GH_DMA_CTRL_START), 0);
    assert_memory_equal(e->ram + 0x1800, e->rom, 64);
    assert_int_equal(transfer(RAM(0x801), RAM(0x1a00), 0, GH_DMA_CTRL_START), 0);
    /* a CTRL write without START does nothing */
    e->ram[0x1a10] = 0x11;
    assert_int_equal(transfer(RAM(0x801), RAM(0x1a10), 1, GH_DMA_CTRL_CRC), 0);
    assert_int_equal(e->ram[0x1a10], 0x11);
}

static void crc_on_the_way(void **state)
{
    (void)state;
    fill(0x802, 1000, 9);
    memset(e->ram + 0x1400, 0, 1000);
    ghemu_crc_write(e->uc, GH_CRC_VALUE, 4, 0, e);
    assert_int_equal(transfer(RAM(0x802), 0, 1000, GH_DMA_CTRL_START | GH_DMA_CTRL_CRC | GH_DMA_CTRL_NO_WRITE), 0);
    uint32_t want = (uint32_t)crc32(0, e->ram + 0x802, 1000);
    assert_int_equal((uint32_t)ghemu_crc_read(e->uc, GH_CRC_VALUE, 4, e), want);
    /* continuing from VALUE, while copying */
    ghemu_crc_write(e->uc, GH_CRC_VALUE, 4, 0x12345678u, e);
    assert_int_equal(transfer(RAM(0x802), RAM(0x1400), 1000, GH_DMA_CTRL_START | GH_DMA_CTRL_CRC), 0);
    assert_int_equal((uint32_t)ghemu_crc_read(e->uc, GH_CRC_VALUE, 4, e),
                     (uint32_t)crc32(0x12345678u, e->ram + 0x802, 1000));
    assert_memory_equal(e->ram + 0x1400, e->ram + 0x802, 1000);
}

static void usb_fifo_and_overrun(void **state)
{
    (void)state;
    fill(0x800, 600, 3);
    e->usb.in_fill = 0;
    assert_int_equal(transfer(RAM(0x800), IN_DATA, 7, GH_DMA_CTRL_START | GH_DMA_CTRL_DST_FIFO), 0);
    assert_int_equal(e->usb.in_fill, 8); /* two words, the last zero-padded */
    assert_memory_equal(e->usb.in, e->ram + 0x800, 7);
    assert_int_equal(e->usb.in[7], 0);
    /* past 512 bytes the packet drops them, as for IN_DATA writes */
    e->usb.in_fill = 0;
    assert_int_equal(transfer(RAM(0x800), IN_DATA, 600, GH_DMA_CTRL_START | GH_DMA_CTRL_DST_FIFO), 0);
    assert_int_equal(e->usb.in_fill, GH_USB_MAX_PACKET);
    assert_memory_equal(e->usb.in, e->ram + 0x800, GH_USB_MAX_PACKET);
    e->usb.in_fill = 0;
}

/* Each misuse: ERR with its CAUSE, nothing moved, nothing fed to the CRC. */
static void refused(uint32_t src, uint32_t dst, uint32_t len, uint32_t ctrl, uint32_t cause)
{
    memset(e->ram + 0x1c00, 0x5a, 64);
    e->usb.in_fill = 0;
    ghemu_crc_write(e->uc, GH_CRC_VALUE, 4, 0xabcdef01u, e);
    uint64_t before = e->counts.dma_refused;
    uint32_t st = transfer(src, dst, len, GH_DMA_CTRL_START | GH_DMA_CTRL_CRC | ctrl);
    assert_true(st & GH_DMA_ST_ERR);
    assert_int_equal(GH_DMA_ST_CAUSE(st), cause);
    assert_int_equal(e->counts.dma_refused, before + 1);
    assert_int_equal((uint32_t)ghemu_crc_read(e->uc, GH_CRC_VALUE, 4, e), 0xabcdef01u);
    for (unsigned i = 0; i < 64; i++)
        assert_int_equal(e->ram[0x1c00 + i], 0x5a);
    assert_int_equal(e->usb.in_fill, 0);
    /* the registers keep what was written */
    assert_int_equal((uint32_t)ghemu_dma_read(e->uc, GH_DMA_SRC, 4, e), src);
    assert_int_equal((uint32_t)ghemu_dma_read(e->uc, GH_DMA_LEN, 4, e), len & 0x1ffffu);
}

/* The retire FIFO holds one beat of that kind, its fields zero. */
static ghemu_beat *one_beat(uint8_t kind)
{
    ghemu_dbg *d = &e->dbg;
    d->nbeats = 1, d->head = 0;
    memset(&d->beats[0], 0, sizeof d->beats[0]);
    d->beats[0].kind = kind;
    return &d->beats[0];
}

static void misuse_is_refused(void **state)
{
    (void)state;
    const uint32_t ram_end = GH_REF_RAM_BASE + GH_REF_RAM_SIZE;
    refused(ram_end - 8, RAM(0x1c00), 16, 0, GH_DMA_CAUSE_SRC);            /* source runs past RAM */
    refused(0x50000000u, RAM(0x1c00), 16, 0, GH_DMA_CAUSE_SRC);            /* unmapped source */
    refused(RAM(0x800), ram_end - 8, 16, 0, GH_DMA_CAUSE_DST);            /* destination runs past RAM */
    refused(RAM(0x800), GH_REF_ROM_BASE, 16, 0, GH_DMA_CAUSE_DST);        /* ROM is not writable */
    refused(RAM(0x800), IN_DATA, 16, 0, GH_DMA_CAUSE_DST);                /* a register without DST_FIFO */
    refused(RAM(0x800), RAM(0x1c00), 16, GH_DMA_CTRL_DST_FIFO, GH_DMA_CAUSE_DST); /* DST_FIFO but memory */
    refused(ROW0, RAM(0x1c00), 130, 0, GH_DMA_CAUSE_SRC);                  /* past the row window */
    refused(ROW0 + 2, RAM(0x1c00), 8, 0, GH_DMA_CAUSE_SRC);                /* misaligned in the row window */
    refused(ROW0, RAM(0x1c00), 6, 0, GH_DMA_CAUSE_LEN);                    /* a part of a row register */
    refused(RAM(0x800), ROW0, 16, 0, GH_DMA_CAUSE_DST);                   /* the row window is read-only */
    refused(RT(RT_DATA), RAM(0x1c00), 8, 0, GH_DMA_CAUSE_SRC);             /* RT_POP is outside the windows */
    refused(RT(RT_HEAD) - 4, RAM(0x1c00), 8, 0, GH_DMA_CAUSE_SRC);         /* so is what precedes RT_HEAD */
    refused(RT(RT_MASK_B), RAM(0x1c00), 0x100 - 0x64 + 8, 0, GH_DMA_CAUSE_SRC); /* one window at a time */
    refused(RAM(0x800), RAM(0x1c00), GH_DMA_MAX_LEN + 1, 0, GH_DMA_CAUSE_LEN);
    refused(RAM(0x1c00), RAM(0x1c08), 16, 0, GH_DMA_CAUSE_OVERLAP);
    refused(RAM(0x1c08), RAM(0x1c00), 16, 0, GH_DMA_CAUSE_OVERLAP);
    e->dbg.nbeats = e->dbg.head = 0;
    refused(ROW0, RAM(0x1c00), 16, GH_DMA_CTRL_POP, GH_DMA_CAUSE_POP);    /* no beat to take */
    one_beat(FW_BEAT_GPR_ROW);
    refused(RAM(0x800), RAM(0x1c00), 16, GH_DMA_CTRL_POP, GH_DMA_CAUSE_POP); /* POP from memory */
    refused(ROW0, GH_REF_ROM_BASE, 16, GH_DMA_CTRL_POP, GH_DMA_CAUSE_DST);   /* refused otherwise */
    assert_int_equal(e->dbg.head, 0);                                       /* nothing taken */
    e->dbg.nbeats = 0;
    /* the next accepted START clears ERR */
    assert_int_equal(transfer(RAM(0x800), RAM(0x1c00), 16, GH_DMA_CTRL_START), 0);
}

static void the_retire_windows_read_the_head_beat(void **state)
{
    (void)state;
    ghemu_dbg *d = &e->dbg;
    d->nbeats = 1, d->head = 0;
    memset(&d->beats[0], 0, sizeof d->beats[0]);
    d->beats[0].kind = FW_BEAT_GPR_ROW;
    d->beats[0].warp = 3;
    d->beats[0].pc = UINT64_C(0x0000123487654321);
    d->beats[0].insn[0] = 0x11, d->beats[0].insn[3] = 0x44;
    d->beats[0].mask_a = 0xf0f0f0f0u, d->beats[0].mask_b = 0x0000ffffu, d->beats[0].data = 0xdada;
    for (unsigned l = 0; l < FW_PORT_ROW_LANES; l++)
        d->beats[0].row[l] = 0xc0de0000u + l;
    uint32_t rt[11]; /* RT_HEAD .. RT_DATA, as register reads show them */
    assert_int_equal(transfer(RT(RT_HEAD), RAM(0x1d00), sizeof rt, GH_DMA_CTRL_START), 0);
    memcpy(rt, e->ram + 0x1d00, sizeof rt);
    for (unsigned i = 0; i < 11; i++)
        assert_int_equal(rt[i], (uint32_t)ghemu_dbg_read(e->uc, GH_DBG_RT_HEAD + 4u * i, 4, e));
    assert_int_equal(rt[0], FW_BEAT_GPR_ROW | 3u << 8 | GH_DBG_RT_HEAD_VALID);
    assert_int_equal(rt[2], 0x87654321u);
    assert_int_equal(rt[3], 0x1234u);
    assert_int_equal(rt[10], 0xdada);
    assert_int_equal(d->head, 0); /* no side effect: the beat is still there */
    assert_int_equal(transfer(ROW0 + 8, RAM(0x1c00), 16, GH_DMA_CTRL_START), 0);
    uint32_t w[4];
    memcpy(w, e->ram + 0x1c00, sizeof w);
    for (unsigned i = 0; i < 4; i++)
        assert_int_equal(w[i], 0xc0de0002u + i);
    d->nbeats = d->head = 0; /* an empty FIFO reads zeros */
    assert_int_equal(transfer(ROW0, RAM(0x1c00), 8, GH_DMA_CTRL_START), 0);
    memcpy(w, e->ram + 0x1c00, 8);
    assert_int_equal(w[0], 0);
    assert_int_equal(w[1], 0);
}

/* CTRL.POP: the beat is taken at START (the next one shows at once) and its
 * latched copy lands when BUSY falls, LEN/4 + 2 cycles later; until then the
 * destination holds none of it. */
static void pop_takes_the_beat_at_start(void **state)
{
    (void)state;
    ghemu_dbg *d = &e->dbg;
    d->nbeats = 2, d->head = 0;
    memset(d->beats, 0, 2 * sizeof d->beats[0]);
    d->beats[0].kind = FW_BEAT_GPR_ROW, d->beats[0].index = 9, d->beats[0].mask_a = ~0u;
    for (unsigned l = 0; l < FW_PORT_ROW_LANES; l++)
        d->beats[0].row[l] = 0xbead0000u + l;
    d->beats[1].kind = FW_BEAT_END, d->beats[1].warp = 5;
    start(ROW0, RAM(0x1c00), 4u * FW_PORT_ROW_LANES, GH_DMA_CTRL_START | GH_DMA_CTRL_POP);
    assert_int_equal(d->head, 1);
    assert_int_equal((uint32_t)ghemu_dbg_read(e->uc, GH_DBG_RT_HEAD, 4, e),
                     FW_BEAT_END | 5u << 8 | GH_DBG_RT_HEAD_VALID);
    d->beats[0].row[0] = 0; /* gone from the FIFO: the latched copy moves */
    uint32_t want[FW_PORT_ROW_LANES];
    for (unsigned l = 0; l < FW_PORT_ROW_LANES; l++)
        want[l] = 0xbead0000u + l;
    for (unsigned c = 0; c < 2 + FW_PORT_ROW_LANES; c++) {
        assert_int_equal(status(), GH_DMA_ST_BUSY);
        assert_memory_not_equal(e->ram + 0x1c00, want, 4);
        elapse(1);
    }
    assert_int_equal(status(), 0);
    assert_memory_equal(e->ram + 0x1c00, want, sizeof want);
    /* the head window too; LEN 0 takes the beat and moves nothing */
    uint32_t rt[2];
    assert_int_equal(transfer(RT(RT_HEAD), RAM(0x1d00), sizeof rt, GH_DMA_CTRL_START | GH_DMA_CTRL_POP), 0);
    memcpy(rt, e->ram + 0x1d00, sizeof rt);
    assert_int_equal(rt[0], FW_BEAT_END | 5u << 8 | GH_DBG_RT_HEAD_VALID);
    assert_int_equal(d->head, 2);
    one_beat(FW_BEAT_END);
    assert_int_equal(transfer(ROW0, RAM(0x1c00), 0, GH_DMA_CTRL_START | GH_DMA_CTRL_POP), 0);
    assert_int_equal(d->head, 1);
}

/* BUSY over time: up from START for exactly LEN/4 + 2 cycles (rounded up);
 * the destination holds no data of the transfer until it falls. */
static void busy_for_its_cycles(void **state)
{
    (void)state;
    fill(0x801, 301, 5);
    memset(e->ram + 0x1000, 0xee, 400);
    uint64_t waited = e->dma_wait_cycles;
    start(RAM(0x801), RAM(0x1000), 301, GH_DMA_CTRL_START);
    for (unsigned c = 0; c < 2 + 301 / 4 + 1; c++) { /* 78 cycles, polled every one */
        assert_int_equal(status(), GH_DMA_ST_BUSY);
        assert_memory_not_equal(e->ram + 0x1000 + 296, e->ram + 0x801 + 296, 4); /* an early read is caught */
        elapse(1);
    }
    assert_int_equal(status(), 0);
    assert_memory_equal(e->ram + 0x1000, e->ram + 0x801, 301);
    assert_int_equal(e->ram[0x1000 + 301], 0xee);
    assert_int_equal(e->dma_wait_cycles, waited + 78); /* polled from START to the fall */
    /* the source is read as BUSY falls: firmware changing it early is caught */
    start(RAM(0x801), RAM(0x1000), 16, GH_DMA_CTRL_START);
    e->ram[0x801] ^= 0xff;
    elapse(2 + 4);
    assert_int_equal(status(), 0);
    assert_int_equal(e->ram[0x1000], e->ram[0x801]);
    assert_int_equal(e->dma_wait_cycles, waited + 78); /* not polled while it ran: no wait */
}

/* A START while BUSY is refused (CAUSE 5): the running transfer goes on and
 * completes whole; the refused one moves nothing. */
static void start_while_busy_is_refused(void **state)
{
    (void)state;
    fill(0x800, 64, 11);
    memset(e->ram + 0x1000, 0xee, 64);
    uint64_t refused_before = e->counts.dma_refused, transfers_before = e->counts.dma_transfers;
    start(RAM(0x800), RAM(0x1000), 64, GH_DMA_CTRL_START);
    ghemu_dma_write(e->uc, GH_DMA_CTRL, 4, GH_DMA_CTRL_START, e); /* SRC, DST, LEN: not to be written now */
    uint32_t st = status();
    assert_int_equal(st & (GH_DMA_ST_BUSY | GH_DMA_ST_ERR), GH_DMA_ST_BUSY | GH_DMA_ST_ERR);
    assert_int_equal(GH_DMA_ST_CAUSE(st), GH_DMA_CAUSE_BUSY);
    assert_int_equal(e->counts.dma_refused, refused_before + 1);
    elapse(2 + 16);
    st = status();
    assert_int_equal(st & GH_DMA_ST_BUSY, 0);
    assert_int_equal(GH_DMA_ST_CAUSE(st), GH_DMA_CAUSE_BUSY); /* ERR stays until an accepted START */
    assert_memory_equal(e->ram + 0x1000, e->ram + 0x800, 64); /* once, whole */
    assert_int_equal(e->counts.dma_transfers, transfers_before + 1);
    assert_int_equal(transfer(RAM(0x800), RAM(0x1800), 64, GH_DMA_CTRL_START), 0);
}

/* CRC.VALUE is wrong until BUSY falls: reading it early is caught. */
static void crc_wrong_until_busy_falls(void **state)
{
    (void)state;
    fill(0x800, 64, 13);
    ghemu_crc_write(e->uc, GH_CRC_VALUE, 4, 0, e);
    uint32_t want = (uint32_t)crc32(0, e->ram + 0x800, 64);
    start(RAM(0x800), 0, 64, GH_DMA_CTRL_START | GH_DMA_CTRL_CRC | GH_DMA_CTRL_NO_WRITE);
    uint32_t early = (uint32_t)ghemu_crc_read(e->uc, GH_CRC_VALUE, 4, e);
    assert_true(early != want && early != 0);
    elapse(2 + 16);
    assert_int_equal(status(), 0);
    assert_int_equal((uint32_t)ghemu_crc_read(e->uc, GH_CRC_VALUE, 4, e), want);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ghemu_dma_test gh-ref-fw.elf\n");
        return 2;
    }
    image = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(copies_at_any_alignment),
        cmocka_unit_test(crc_on_the_way),
        cmocka_unit_test(usb_fifo_and_overrun),
        cmocka_unit_test(misuse_is_refused),
        cmocka_unit_test(the_retire_windows_read_the_head_beat),
        cmocka_unit_test(pop_takes_the_beat_at_start),
        cmocka_unit_test(busy_for_its_cycles),
        cmocka_unit_test(start_while_busy_is_refused),
        cmocka_unit_test(crc_wrong_until_busy_falls),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
