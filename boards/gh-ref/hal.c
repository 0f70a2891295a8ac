/* gh-ref: the reference board's HAL (see hal.h and README.md).
 *
 * hal_link: wire frames over the USB core's EP1 bulk FIFOs. A frame is one
 * bulk transfer: 512-byte packets, the last one short; a frame whose length
 * is a multiple of 512 is followed by a zero-length packet (IN). OUT frames
 * are reassembled by the header's length; a short packet also ends one.
 *
 * hal_dut: the DUT port contract (docs/port-contract.md) through the debug-port
 * registers: the board side written once in fw/core (fw/port_board.h) over
 * this board's backdoor registers and a sparse page store in its SDRAM, from
 * which the DUT's memory port is served (the memory map: isa/memory_map.h).
 *
 * wire_crc32: the fabric's CRC-32 unit (no zlib on the soft core).
 *
 * The DMA engine moves every run of bytes worth it: rows of the retire FIFO
 * into the record, the codec's copies (wire_copy), the CRC's input, the IN
 * packets. A transfer it refuses (a firmware bug) is done by the core. It
 * runs beside the core: the beats' transfers while the core files the beat,
 * a copy of the record's values while it starts the next step. */
#include <stddef.h>
#include <string.h>

#include "fw/beats.h"
#include "fw/caps_words.h"
#include "fw/inject.h"
#include "fw/port_board.h"
#include "hal.h"
#include "page_store.h"

/* ------------------------------------------------------------ registers */
static inline uint32_t rd(uint32_t base, uint32_t off)
{
    return *(volatile uint32_t *)(uintptr_t)(base + off);
}

static inline void wr(uint32_t base, uint32_t off, uint32_t v)
{
    *(volatile uint32_t *)(uintptr_t)(base + off) = v;
}

#define SYS(o) GH_REF_SYS_BASE, GH_SYS_##o
#define USB(o) GH_REF_USB_BASE, GH_USB_##o
#define DBG(o) GH_REF_DBG_BASE, GH_DBG_##o
#define DMA(o) GH_REF_DMA_BASE, GH_DMA_##o

static uint32_t ticks_per_ms = 50000; /* from SYS.CLK_HZ at init */

uint64_t gh_ref_cycles(void)
{
    uint32_t lo = rd(SYS(CYCLE_LO)); /* latches HI */
    uint32_t hi = rd(SYS(CYCLE_HI));
    return (uint64_t)hi << 32 | lo;
}

static uint64_t deadline_ms(uint32_t ms)
{
    return gh_ref_cycles() + (uint64_t)ms * ticks_per_ms;
}

static int expired(uint64_t deadline)
{
    return gh_ref_cycles() >= deadline;
}

/* The little-endian word at p, any alignment: bytes, not memcpy (a call per
 * word on this core at -Os, unaligned loads being illegal). */
static inline uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ------------------------------------------------------------ DMA engine */
#define DMA_MIN 16u                  /* shorter runs: the core moves them (a transfer's set-up costs more) */
#define DMA_TIMEOUT_POLLS 1000000u /* a cycle each at least: a broken engine, not a slow one (README: 2 x LEN/4 + 16) */

static int in_region(uintptr_t p, size_t len, uint32_t base, uint32_t size)
{
    return p >= base && len <= size && p - base <= size - len;
}

static int in_ram(const void *p, size_t len)
{
    return (uintptr_t)p - GH_REF_RAM_BASE < GH_REF_RAM_SIZE && len <= GH_REF_RAM_BASE + GH_REF_RAM_SIZE - (uintptr_t)p;
}

/* Memory the engine may read (ROM, RAM, SDRAM) or write (RAM, SDRAM). */
static int dma_writable(const void *p, size_t len)
{
    return in_region((uintptr_t)p, len, GH_REF_RAM_BASE, GH_REF_RAM_SIZE) ||
           in_region((uintptr_t)p, len, GH_REF_POOL_BASE, GH_REF_POOL_SIZE);
}

static int dma_readable(const void *p, size_t len)
{
    return dma_writable(p, len) || in_region((uintptr_t)p, len, GH_REF_ROM_BASE, GH_REF_ROM_SIZE);
}

/* A transfer started and left running (dma_start): to be waited for
 * before the next START (refused while BUSY) or a touch of its ranges. */
static int running;

/* Polls until BUSY falls: 0, or -1 after the timeout, counted in polls
 * (each at least a cycle): a time-base read per poll would make each one
 * several times longer, and the wait overshoot the fall by as much. */
static int dma_poll(void)
{
    running = 0;
    for (uint32_t n = DMA_TIMEOUT_POLLS; rd(DMA(STATUS)) & GH_DMA_ST_BUSY;)
        if (!--n)
            return -1;
    return 0;
}

static inline int dma_wait(void)
{
    return running ? dma_poll() : 0;
}

/* Starts a transfer, left running beside the core: 0, or -1 refused (or
 * the last one unfinished; nothing moved). */
static int dma_start(uint32_t src, uint32_t dst, uint32_t len, uint32_t ctrl)
{
#ifdef GH_REF_DMA_MISUSE /* a test image (boards/gh-ref/fw/CMakeLists.txt): a length the engine must refuse */
    len = GH_DMA_MAX_LEN + 1;
#endif
    if (dma_wait() != 0)
        return -1;
    wr(DMA(SRC), src);
    wr(DMA(DST), dst);
    wr(DMA(LEN), len);
    wr(DMA(CTRL), GH_DMA_CTRL_START | ctrl);
    uint32_t st = rd(DMA(STATUS)); /* refused at once, or accepted */
    if (st & GH_DMA_ST_ERR)
        return -1;
    running = (st & GH_DMA_ST_BUSY) != 0;
    return 0;
}

/* One transfer, waited for: 0, or -1 refused or unfinished (nothing can be
 * assumed about the destination then). */
static int dma(uint32_t src, uint32_t dst, uint32_t len, uint32_t ctrl)
{
    return dma_start(src, dst, len, ctrl) != 0 ? -1 : dma_wait();
}

/* The record collect() fills: a copy from it is left running (the next
 * write to its bytes comes after a HEAD beat's transfer, which waits).
 * link_send forgets it: the record may be gone, its bytes another's. */
static const uint8_t *hot_lo, *hot_hi;

_Static_assert(GH_DMA_MAX_LEN <= GH_REF_POOL_SIZE, "wire_copy's pool test needs no length test");
void wire_copy(void *dst, const void *src, size_t len)
{
    /* mostly from the record on the stack (RAM) into the tx buffer (the SDRAM pool): tested first,
     * an unsigned offset each (below base wraps high); a false "no" takes the long way */
    uint32_t from_ram = (uint32_t)(uintptr_t)src - GH_REF_RAM_BASE;
    uint32_t into_pool = (uint32_t)(uintptr_t)dst - GH_REF_POOL_BASE;
    int engine = len >= DMA_MIN && len <= GH_DMA_MAX_LEN &&
                 ((len <= GH_REF_RAM_SIZE && from_ram <= GH_REF_RAM_SIZE - len && into_pool <= GH_REF_POOL_SIZE - len) ||
                  (dma_readable(src, len) && dma_writable(dst, len)));
    if (!engine || dma_start((uint32_t)(uintptr_t)src, (uint32_t)(uintptr_t)dst, (uint32_t)len, 0) != 0)
        memcpy(dst, src, len);
    else if (!((const uint8_t *)src >= hot_lo && (const uint8_t *)src + len <= hot_hi) && dma_wait() != 0)
        memcpy(dst, src, len); /* a broken engine: the bytes by the core */
}

/* ------------------------------------------------------------ CRC-32 */
uint32_t wire_crc32(uint32_t crc, const void *data, size_t len)
{
    const uint8_t *p = data;
    while (len >= DMA_MIN && dma_readable(p, len)) {
        size_t n = len > GH_DMA_MAX_LEN ? GH_DMA_MAX_LEN : len;
        wr(GH_REF_CRC_BASE, GH_CRC_VALUE, crc);
        if (dma((uint32_t)(uintptr_t)p, 0, (uint32_t)n, GH_DMA_CTRL_CRC | GH_DMA_CTRL_NO_WRITE) != 0)
            break; /* refused: nothing was fed; the core feeds it below */
        crc = rd(GH_REF_CRC_BASE, GH_CRC_VALUE);
        p += n;
        len -= n;
    }
    wr(GH_REF_CRC_BASE, GH_CRC_VALUE, crc);
    while (len && ((uintptr_t)p & 3u)) {
        wr(GH_REF_CRC_BASE, GH_CRC_DATA8, *p++);
        len--;
    }
    for (; len >= 4; p += 4, len -= 4)
        wr(GH_REF_CRC_BASE, GH_CRC_DATA32, le32(p));
    while (len--)
        wr(GH_REF_CRC_BASE, GH_CRC_DATA8, *p++);
    return rd(GH_REF_CRC_BASE, GH_CRC_VALUE);
}

/* ------------------------------------------------------------ USB link */
#define PACKET_TIMEOUT_MS 1000u /* between the packets of one frame */
#define SEND_TIMEOUT_MS 10000u  /* a host that reads nothing this long is gone */
#define LINK_EVENTS (GH_USB_INT_BUS_RESET | GH_USB_INT_CONFIG)

/* The IN frame sender has a frame in flight: waited for before the IN FIFO
 * or the frame's buffer is touched again (link_sent). */
static int frame_in_flight;

/* The host reset the bus or set a configuration again: the frame stream is
 * out of step, so the link counts as broken until main() resets EP1 and
 * waits for the host. (CLEAR_FEATURE(ENDPOINT_HALT) is not such an event:
 * the core clears the stall and the data toggle itself, and the host retries
 * the transfer, so the stream stays in step.) */
static int link_lost(void)
{
    return (rd(USB(INT)) & LINK_EVENTS) || !(rd(USB(STATUS)) & GH_USB_STATUS_CONFIGURED);
}

/* EP1 is flushed before the host configures the device, never after: a
 * frame the host sends right after SET_CONFIGURATION must not be lost. */
int gh_ref_link_wait(gh_ref_link *l)
{
    wr(USB(CTRL), GH_USB_CTRL_CONNECT);
    while (!(rd(USB(STATUS)) & GH_USB_STATUS_CONFIGURED))
        ;
    wr(USB(INT), 0xffffffffu); /* W1C: flags only, no data lost */
    l->configured = 1;
    return 0;
}

/* A bus reset or SET_CONFIGURATION flushes EP1 in hardware. Otherwise (a
 * send timed out, the host stopped reading) the half-sent stream is flushed
 * here so a host that comes back starts on a frame boundary. */
void gh_ref_link_reset(gh_ref_link *l)
{
    frame_in_flight = 0; /* the EP1 reset below (or the bus reset) drops a frame being sent */
    if (!(rd(USB(INT)) & LINK_EVENTS) && (rd(USB(STATUS)) & GH_USB_STATUS_CONFIGURED))
        wr(USB(CTRL), GH_USB_CTRL_CONNECT | GH_USB_CTRL_EP1_RESET);
    wr(USB(INT), 0xffffffffu);
    l->configured = 0;
}

/* Waits for an OUT packet: 0 one is at the head (*count set), 1 timeout,
 * -1 link lost. */
static int wait_packet(uint64_t deadline, uint32_t *count)
{
    for (;;) {
        uint32_t s = rd(USB(OUT_STATUS));
        if (s & GH_USB_OUT_READY) {
            *count = GH_USB_OUT_COUNT(s);
            return 0;
        }
        if (link_lost())
            return -1;
        if (expired(deadline))
            return 1;
    }
}

/* Moves the head packet (n bytes) into buf[*stored..cap), drops what does
 * not fit, releases it. */
static void take_packet(uint8_t *buf, size_t cap, size_t *stored, uint32_t n)
{
    size_t at = *stored;
    for (uint32_t i = 0; i < n && at < cap; i += 4) {
        uint32_t w = rd(USB(OUT_DATA));
        size_t k = n - i < 4 ? n - i : 4;
        if (k > cap - at)
            k = cap - at;
        for (size_t b = 0; b < k; b++, w >>= 8) /* bytes: memcpy would be a call per word */
            buf[at + b] = (uint8_t)w;
        at += k;
    }
    wr(USB(OUT_CTRL), GH_USB_OUT_RELEASE);
    *stored = at;
}

static int link_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    (void)ctx;
    if (link_lost())
        return -1;
    uint64_t deadline = deadline_ms(timeout_ms);
    uint32_t n;
    for (;;) {
        int rc = wait_packet(deadline, &n);
        if (rc)
            return rc;
        if (n)
            break;
        wr(USB(OUT_CTRL), GH_USB_OUT_RELEASE); /* a ZLP between frames: the host ended one on a packet boundary */
    }
    size_t stored = 0;
    uint64_t total = n, want = UINT64_MAX; /* unknown: drain to the end of the transfer */
    take_packet(buf, cap, &stored, n);
    if (stored >= WIRE_HEADER_SIZE) {
        uint32_t magic, length;
        memcpy(&magic, buf, 4);
        memcpy(&length, buf + 12, 4);
        if (magic == WIRE_MAGIC && length <= WIRE_MAX_PAYLOAD)
            want = WIRE_HEADER_SIZE + (uint64_t)length;
    }
    /* A short packet ends the transfer; so does reaching the header's length.
     * A frame too big for buf is drained and arrives truncated: its length no
     * longer matches, and the core answers BAD_LENGTH. */
    while (total < want && n == GH_USB_MAX_PACKET) {
        int rc = wait_packet(deadline_ms(PACKET_TIMEOUT_MS), &n);
        if (rc < 0)
            return -1;
        if (rc > 0)
            break; /* the rest never came: deliver what did */
        total += n;
        take_packet(buf, cap, &stored, n);
    }
    *len = stored;
    return 0;
}

static int wait_in_ready(void)
{
    if (rd(USB(IN_STATUS)) & GH_USB_IN_READY) /* usually: the time base is read only to wait */
        return 0;
    uint64_t deadline = deadline_ms(SEND_TIMEOUT_MS);
    while (!(rd(USB(IN_STATUS)) & GH_USB_IN_READY)) {
        if (link_lost() || expired(deadline))
            return -1;
    }
    return 0;
}

/* The packet being filled gets n bytes at p, word by word (the DMA
 * engine's DST_FIFO does the same). */
static void fill_packet(const uint8_t *p, uint32_t n)
{
    uint32_t whole = n & ~3u;
    for (uint32_t i = 0; i < whole; i += 4)
        wr(USB(IN_DATA), le32(p + i));
    if (n > whole) {
        uint32_t w = 0;
        memcpy(&w, p + whole, n - whole);
        wr(USB(IN_DATA), w);
    }
}

/* Waits until the sender is idle: 0 the frame went, -1 the link was lost
 * or the host read nothing for SEND_TIMEOUT_MS (the frame is dropped with
 * an EP1 reset then: none is in flight either way). */
static int link_sent(void *ctx)
{
    (void)ctx;
    if (!frame_in_flight)
        return 0;
    frame_in_flight = 0;
    if (!(rd(USB(FRAME_STATUS)) & GH_USB_FRAME_BUSY)) /* usually: the time base is read only to wait */
        return 0;
    uint64_t deadline = deadline_ms(SEND_TIMEOUT_MS);
    while (rd(USB(FRAME_STATUS)) & GH_USB_FRAME_BUSY)
        if (link_lost() || expired(deadline)) {
            if (!(rd(USB(INT)) & LINK_EVENTS)) /* a bus reset dropped it already */
                wr(USB(CTRL), GH_USB_CTRL_CONNECT | GH_USB_CTRL_EP1_RESET);
            return -1;
        }
    return 0;
}

static int link_send(void *ctx, const uint8_t *buf, size_t len);

/* A frame whose CRC the sender fills in, sent beside the core (the CRC
 * pass and the packets' fill cost the core ~110 cycles a warp-instruction
 * in waits); a frame the sender refuses is sealed and sent by the core. */
static int link_send_unsealed(void *ctx, const uint8_t *frame, size_t len)
{
    if (link_sent(ctx) != 0 || dma_wait() != 0) /* the engine's last copy into the frame landed */
        return -1;
    hot_lo = hot_hi = NULL;
    if (((uintptr_t)frame & 3u) == 0 && len >= GH_USB_FRAME_MIN_CRC && len <= GH_USB_FRAME_MAX_LEN &&
        dma_writable(frame, len)) {
        wr(USB(FRAME_SRC), (uint32_t)(uintptr_t)frame);
#ifdef GH_REF_DMA_MISUSE /* a test image (boards/gh-ref/fw/CMakeLists.txt): a length the sender must refuse */
        wr(USB(FRAME_LEN), GH_USB_FRAME_MAX_LEN + 1);
#else
        wr(USB(FRAME_LEN), (uint32_t)len);
#endif
        wr(USB(FRAME_CTRL), GH_USB_FRAME_SEND | GH_USB_FRAME_CRC);
        if (!(rd(USB(FRAME_STATUS)) & GH_USB_FRAME_ERR)) {
            frame_in_flight = 1;
            return 0;
        }
    }
    wire_frame_seal((uint8_t *)(uintptr_t)frame, len); /* refused (a firmware bug): the core's way */
    return link_send(ctx, frame, len);
}

static int link_send(void *ctx, const uint8_t *buf, size_t len)
{
    if (link_sent(ctx) != 0)
        return -1;
    hot_lo = hot_hi = NULL;
    int engine = in_ram(buf, len) || dma_readable(buf, len); /* and so each packet's bytes */
    size_t off = 0;
    do {
        uint32_t n = len - off > GH_USB_MAX_PACKET ? GH_USB_MAX_PACKET : (uint32_t)(len - off);
        if (wait_in_ready() != 0)
            return -1;
        if (n < DMA_MIN || !engine ||
            dma((uint32_t)(uintptr_t)(buf + off), GH_REF_USB_BASE + GH_USB_IN_DATA, n, GH_DMA_CTRL_DST_FIFO) != 0)
            fill_packet(buf + off, n);
        wr(USB(IN_CTRL), GH_USB_IN_COMMIT | n);
        off += n;
        /* a final full packet is followed by a ZLP so the host's read ends */
        if (off == len && n == GH_USB_MAX_PACKET) {
            if (wait_in_ready() != 0)
                return -1;
            wr(USB(IN_CTRL), GH_USB_IN_COMMIT | 0u);
        }
    } while (off < len);
    return 0;
}

_Static_assert(GH_USB_FRAME_CRC_AT == 16 && GH_USB_FRAME_MIN_CRC == WIRE_HEADER_SIZE,
               "the IN frame sender fills in the wire header's CRC field");

const fw_link_ops gh_ref_link_ops = {
    .recv = link_recv, .send = link_send, .send_unsealed = link_send_unsealed, .sent = link_sent};

/* ------------------------------------------------------------ DUT memory: a sparse page store */
/* The pool: a 4096-slot open-addressing table of page keys (key + 1; 0 =
 * free; the index and the page-wise copies are cosim/common's page_store.c,
 * as the model's memory) at its base, then slot i's 4 KiB frame at 64 KiB +
 * i * 4 KiB. Keys:
 * global page = address >> 12 (36 bits); constant page = 1 << 40 | bank << 4
 * | offset >> 12. Pages are zero-filled when first written; reads of pages
 * never written return zeros without allocating, as in the model. */
#define PAGE_SIZE PAGE_STORE_SIZE
#define SLOTS 4096u
#define MAX_PAGES 3072u /* 75% load: 12 MiB of DUT memory */
#define CONST_KEY(bank, off) (UINT64_C(1) << 40 | (uint64_t)(bank) << 4 | (off) >> 12)
_Static_assert(ISA_CONST_BANK_BYTES >> 12 <= 16 && ISA_GLOBAL_LIMIT >> 12 <= UINT64_C(1) << 40,
               "a bank's pages fit CONST_KEY's 4 bits, and global page keys stay below bit 40");

static uint64_t *const table = (uint64_t *)(uintptr_t)GH_REF_POOL_BASE;

static uint8_t *frame_of(uint32_t slot)
{
    return (uint8_t *)(uintptr_t)(GH_REF_POOL_BASE + 0x10000u + slot * PAGE_SIZE);
}

static void store_clear(gh_ref_dut *d)
{
    memset(table, 0, SLOTS * sizeof *table);
    d->pages = 0;
    d->last_key = 0;
    d->last_frame = NULL;
}

/* page() past its one-entry cache: out of line, so that the hit inlines
 * into the memory port's service (collect). */
__attribute__((noinline)) static uint8_t *page_miss(gh_ref_dut *d, uint64_t key, int create)
{
    const page_index ix = {.keys = table, .capacity = SLOTS};
    size_t i = page_index_slot(&ix, key);
    if (table[i] == 0) {
        if (!create || d->pages >= MAX_PAGES)
            return NULL;
        table[i] = key + 1;
        memset(frame_of((uint32_t)i), 0, PAGE_SIZE);
        d->pages++;
    }
    d->last_key = key + 1;
    d->last_frame = frame_of((uint32_t)i);
    return d->last_frame;
}

/* The frame of a page key (slot by page_store.c's index), or NULL: never
 * written (reads see zeros) or, to create, the pool is full. */
static inline uint8_t *page(gh_ref_dut *d, uint64_t key, int create)
{
    return d->last_key == key + 1 ? d->last_frame : page_miss(d, key, create);
}

/* The page store as fw/port_board.h sees it (constant pages by bank). */
static inline uint8_t *port_page(void *ctx, uint32_t space, uint32_t bank, uint64_t addr, int create)
{
    return page(ctx, space == FW_MEM_CONST ? CONST_KEY(bank, (uint32_t)addr) : addr >> 12, create);
}

static int port_bd_read(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v);
static int port_bd_write(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v);

static int port_bd_read_lanes(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t *out);
static const fw_port_board board = {
    .bd_read = port_bd_read, .bd_write = port_bd_write, .bd_read_lanes = port_bd_read_lanes, .page = port_page};

/* Answers the DUT's pending memory request. */
static void serve_mem(gh_ref_dut *d)
{
    uint32_t req = rd(DBG(MEM_REQ));
    uint64_t addr = rd(DBG(MEM_ADDR_LO)) | (uint64_t)rd(DBG(MEM_ADDR_HI)) << 32;
    uint32_t we = (req >> 1) & 1, space = (req >> 2) & 1, bank = (req >> 8) & 31;
    uint32_t word = we ? rd(DBG(MEM_WDATA)) : 0;
    uint32_t err = fw_port_mem_request(&board, d, space, bank, addr, (int)we, &word) != 0;
    wr(DBG(MEM_RDATA), we ? 0 : word);
    wr(DBG(MEM_ACK), 1u | err << 1);
}

/* ------------------------------------------------------------ DUT control */
#define BD_TIMEOUT_MS 10u
#define IDLE_TIMEOUT_MS 100u
#define DEFAULT_WATCHDOG 10000000u /* cycles */

/* Polls the debug port's STATUS until `bit` falls: 0, or -1 after timeout_ms. */
static int wait_status_clear(uint32_t bit, uint32_t timeout_ms)
{
    uint64_t deadline = deadline_ms(timeout_ms);
    while (rd(DBG(STATUS)) & bit)
        if (expired(deadline))
            return -1;
    return 0;
}

static int wait_idle(void)
{
    return wait_status_clear(GH_DBG_ST_BUSY, IDLE_TIMEOUT_MS);
}

static uint32_t bd_command(uint32_t we, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane)
{
    return (we & 1u) | (space & 15u) << 4 | (warp & 0x7fu) << 8 | (index & 0xffu) << 16 | (lane & 31u) << 24;
}

/* The backdoor answers within a cycle or two on this board: the time base is
 * read only when it has not. */
static int bd_wait(void)
{
    return wait_status_clear(GH_DBG_ST_BD_BUSY, BD_TIMEOUT_MS);
}

static int bd(uint32_t we, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t wdata,
              uint32_t *rdata)
{
    if (we) /* a read leaves WDATA alone: a STATE is ~8,500 reads */
        wr(DBG(BD_WDATA), wdata);
    wr(DBG(BD_CMD), bd_command(we, space, warp, index, lane));
    if ((rd(DBG(STATUS)) & GH_DBG_ST_BD_BUSY) && bd_wait() != 0)
        return -1;
    if (rdata)
        *rdata = rd(DBG(BD_RDATA));
    return 0;
}

/* A register's lanes in one loop (fw_port_board.bd_read_lanes): the lane is
 * the command's top field, so each request adds one lane to the first. */
static int port_bd_read_lanes(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t *out)
{
    (void)ctx;
    uint32_t cmd = bd_command(0, space, warp, index, 0);
    for (uint32_t l = 0; l < WIRE_LANES; l++, cmd += 1u << 24) {
        wr(DBG(BD_CMD), cmd);
        if ((rd(DBG(STATUS)) & GH_DBG_ST_BD_BUSY) && bd_wait() != 0)
            return -1;
        out[l] = rd(DBG(BD_RDATA));
    }
    return 0;
}

static int bd_read(uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v)
{
    return bd(0, space, warp, index, lane, 0, v);
}

static int bd_write(uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v)
{
    return bd(1, space, warp, index, lane, v, NULL);
}

/* The backdoor for fw/port_board.h and INJECT (one debug port: no context). */
static int port_bd_read(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v)
{
    (void)ctx;
    return bd_read(space, warp, index, lane, v);
}

static int port_bd_write(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v)
{
    (void)ctx;
    return bd_write(space, warp, index, lane, v);
}

static void caps(void *ctx, wire_caps *c)
{
    gh_ref_dut *d = ctx;
    fw_port_core_caps core;
    int rc = fw_port_read_caps(&board, d, c, &core);
    if (rc != 0) {
        static const char silent[] = "gh-ref (DUT not answering)", zero[] = "gh-ref (the DUT declares a 0-ulp tolerance)";
        if (rc == FW_PORT_CAPS_ZERO_ULP)
            memcpy(c->name, zero, sizeof zero);
        else
            memcpy(c->name, silent, sizeof silent);
        return;
    }
    d->cap_warps = core.warps > 64 ? 64 : core.warps;
    c->max_warps = (uint16_t)d->cap_warps;
    c->max_payload = GH_REF_MAX_PAYLOAD;
    c->max_code = GH_REF_MAX_CODE;
    uint32_t major = rd(SYS(VERSION)) >> 16;
    if (major == GH_SYS_VERSION_EMULATED) {
        static const char emulated[] = "gh-ref: rv32 image on the emulated board (gpu-usbemu)";
        memcpy(c->name, emulated, sizeof emulated);
    } else if (major == GH_SYS_VERSION_SIMULATED) {
        static const char simulated[] = "gh-ref: rv32 image on the simulated gateware (gpu-usbemu)";
        memcpy(c->name, simulated, sizeof simulated);
    } else {
        memcpy(c->name, "gh-ref", 7);
    }
}

static int reset(void *ctx)
{
    gh_ref_dut *d = ctx;
    wr(DBG(CTRL), 0); /* rst_n low (synchronous): also empties the retire FIFO and drops a memory request */
    uint64_t until = gh_ref_cycles() + 16;
    while (gh_ref_cycles() < until)
        ;
    wr(DBG(CTRL), GH_DBG_CTRL_RST_N);
    store_clear(d);
    d->warps = 0;
    if (wait_idle() != 0) /* the DUT clears its register files after reset */
        return -1;
    uint32_t w;
    if (bd_read(FW_BD_CAP, 0, FW_CAP_WARPS, 0, &w) != 0 || bd_read(FW_BD_CAP, 0, FW_CAP_FEATURES, 0, &d->features) != 0)
        return -1;
    d->cap_warps = w > 64 ? 64 : w;
    return 0;
}

static int load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    (void)ctx;
    if (index > 0xffffu || wait_idle() != 0)
        return -1;
    wr(DBG(IMEM_ADDR), index);
    wr(DBG(IMEM_DATA0), (uint32_t)lo);
    wr(DBG(IMEM_DATA0) + 4, (uint32_t)(lo >> 32));
    wr(DBG(IMEM_DATA0) + 8, (uint32_t)hi);
    wr(DBG(IMEM_DATA0) + 12, (uint32_t)(hi >> 32));
    wr(DBG(CMD), GH_DBG_CMD_IMEM_WRITE);
    return 0;
}

static int load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    return fw_port_load_const(&board, ctx, bank, offset, word);
}

static int load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    return fw_port_load_mem(&board, ctx, addr, word);
}

static int launch(void *ctx, uint32_t warps, uint64_t entry)
{
    gh_ref_dut *d = ctx;
    if (warps == 0 || warps > d->cap_warps || wait_idle() != 0)
        return -1;
    wr(DBG(LAUNCH_WARPS), warps);
    wr(DBG(LAUNCH_ENTRY_LO), (uint32_t)entry);
    wr(DBG(LAUNCH_ENTRY_HI), (uint32_t)(entry >> 32));
    wr(DBG(CMD), GH_DBG_CMD_LAUNCH);
    d->warps = warps;
    memset(d->exited, 0, sizeof d->exited);
    return 0;
}

static int write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask, const uint32_t *values)
{
    gh_ref_dut *d = ctx;
    if (warp >= d->warps || wait_idle() != 0)
        return -1;
    return fw_port_write_reg(&board, d, warp, kind, index, mask, values, &d->exited[warp]);
}

static int read_state(void *ctx, uint16_t warp, wire_state *s)
{
    gh_ref_dut *d = ctx;
    if (warp >= d->warps || wait_idle() != 0)
        return -1;
    return fw_port_read_state(&board, d, warp, s);
}

static int read_mem(void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    return fw_port_read_mem(&board, ctx, addr, out, len);
}

/* The global pages of the store (constant-bank keys carry bit 40). */
static int written_pages(void *ctx, uint64_t from, uint64_t *pages, uint32_t max)
{
    (void)ctx;
    page_list l = {.from = from, .pages = pages, .max = max};
    for (uint32_t i = 0; i < SLOTS; i++)
        if (table[i] && !((table[i] - 1) >> 40))
            page_list_offer(&l, (table[i] - 1) << 12);
    return (int)l.count;
}

/* The record's fields a HEAD beat's registers RT_PC_LO..RT_MASK_B fill, in
 * the registers' order: one DMA transfer moves them (a little-endian core). */
_Static_assert(offsetof(wire_commit, insn_lo) == offsetof(wire_commit, pc) + 8 &&
                   offsetof(wire_commit, insn_hi) == offsetof(wire_commit, pc) + 16 &&
                   offsetof(wire_commit, active_mask) == offsetof(wire_commit, pc) + 24 &&
                   offsetof(wire_commit, exec_mask) == offsetof(wire_commit, pc) + 28 &&
                   GH_DBG_RT_MASK_B - GH_DBG_RT_PC_LO == 28,
               "a HEAD beat's registers map onto wire_commit's pc..exec_mask");

/* The head beat of the retire FIFO, reading only the registers its kind uses.
 * The bulk goes straight into the record with one DMA transfer each, which
 * takes the beat (CTRL.POP, b->in_place): a HEAD beat's PC, instruction and
 * masks, a GPR_ROW beat's 32 row registers (into the record's slot for the
 * register; when it has none to give, the register being written already,
 * the core reads the row's lanes and the caller pops the beat). */
static void read_beat(fw_beats *a, fw_beat *b, uint32_t head)
{
    b->in_place = 0;
    b->kind = (uint8_t)(head & 7u);
    b->warp = (uint8_t)((head >> 8) & 0x7fu);
    b->index = (uint8_t)((head >> 16) & 0xffu);
    b->lane = (uint8_t)((head >> 24) & 31u);
    switch (b->kind) {
    case FW_BEAT_HEAD:
        if (!a->head &&
            dma_start(GH_REF_DBG_BASE + GH_DBG_RT_PC_LO, (uint32_t)(uintptr_t)&a->rec->pc, 32, GH_DMA_CTRL_POP) == 0) {
            b->in_place = 1;
            return;
        }
        b->pc = rd(DBG(RT_PC_LO)) | (uint64_t)rd(DBG(RT_PC_HI)) << 32;
        for (uint32_t i = 0; i < 4; i++)
            b->insn[i] = rd(DBG(RT_INSN0) + 4u * i);
        b->mask_a = rd(DBG(RT_MASK_A));
        b->mask_b = rd(DBG(RT_MASK_B));
        return;
    case FW_BEAT_GPR_ROW: {
        b->mask_a = rd(DBG(RT_MASK_A));
        uint32_t *slot = b->mask_a ? fw_beats_row_slot(a, b->index) : NULL;
        if (slot &&
            dma_start(GH_REF_DBG_BASE + GH_DBG_RT_ROW0, (uint32_t)(uintptr_t)slot, 4u * FW_PORT_ROW_LANES,
                      GH_DMA_CTRL_POP) == 0)
            b->in_place = 1;
        else
            for (uint32_t l = 0; l < FW_PORT_ROW_LANES; l++)
                if ((b->mask_a >> l) & 1u)
                    b->row[l] = rd(DBG(RT_ROW0) + 4u * l);
        return;
    }
    case FW_BEAT_PRED:
        b->mask_a = rd(DBG(RT_MASK_A));
        b->mask_b = rd(DBG(RT_MASK_B));
        return;
    case FW_BEAT_END:
        b->status = (uint8_t)(rd(DBG(RT_STATUS)) & 0xffu);
        b->pc = rd(DBG(RT_PC_LO)) | (uint64_t)rd(DBG(RT_PC_HI)) << 32;
        b->mask_a = rd(DBG(RT_MASK_A));
        b->mask_b = rd(DBG(RT_MASK_B));
        b->data = b->status != FW_BEAT_RETIRED ? rd(DBG(RT_DATA)) : 0; /* the trap code */
        return;
    case FW_BEAT_MEM:
        b->pc = rd(DBG(RT_PC_LO)) | (uint64_t)rd(DBG(RT_PC_HI)) << 32;
        b->data = rd(DBG(RT_DATA));
        return;
    default: /* GPR, UR, UPRED */
        b->data = rd(DBG(RT_DATA));
        return;
    }
}

/* Collects one instruction's beats into *rec (fw/beats.h), serving memory
 * requests on the way, until its END beat or the watchdog (counted from the
 * first time nothing was there: usually the beats are waiting already).
 * `cleared`: *rec came cleared from fw_serve. */
static int collect(gh_ref_dut *d, wire_commit *rec, uint32_t watchdog, int cleared)
{
    fw_beats a;
    if (cleared)
        fw_beats_begin_cleared(&a, rec, d->features);
    else
        fw_beats_begin(&a, rec, d->features);
    hot_lo = (const uint8_t *)rec, hot_hi = hot_lo + sizeof *rec;
    uint64_t deadline = 0;
    for (;;) {
        uint32_t head = rd(DBG(RT_HEAD));
        if (!(head & GH_DBG_RT_HEAD_VALID)) {
            if (rd(DBG(STATUS)) & GH_DBG_ST_MEM_REQ) {
                serve_mem(d);
                continue;
            }
            uint64_t now = gh_ref_cycles();
            if (!deadline)
                deadline = now + (watchdog ? watchdog : DEFAULT_WATCHDOG);
            else if (now >= deadline)
                return dma_wait() != 0 ? FW_STEP_ERROR : FW_STEP_HUNG; /* the record no longer written */
            continue;
        }
        fw_beat b;
        read_beat(&a, &b, head);
        /* an in-place beat's transfer (PC..masks, or a row's values) runs on while the core files beats: only
         * a GPR beat or a row read by the core writes a register's values, which a running row transfer may */
        if (!b.in_place && (b.kind == FW_BEAT_GPR || b.kind == FW_BEAT_GPR_ROW) && dma_wait() != 0)
            a.broken = 1;
        int done = fw_beats_add(&a, &b);
        if (!b.in_place)
            wr(DBG(RT_POP), 1);
        if (done) {
            if (dma_wait() != 0) /* the record whole */
                a.broken = 1;
            fw_beats_note_exits(rec, d->exited, 64);
            return a.broken ? FW_STEP_ERROR : FW_STEP_RETIRED;
        }
    }
}

static int step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    gh_ref_dut *d = ctx;
    if (!d->warps)
        return FW_STEP_ERROR;
    if (rd(DBG(STATUS)) & GH_DBG_ST_DONE)
        return FW_STEP_DONE;
    wr(DBG(CMD), GH_DBG_CMD_STEP);
    return collect(d, rec, watchdog, 1);
}

/* INJECT through the port contract (fw/inject.h, shared with servers/rtlsim). The
 * board keeps no copy of its code (1 MiB of instruction memory), so the
 * injected word stays in instruction memory at that PC (README.md). */

static int inject_step(void *ctx, wire_commit *rec)
{
    wr(DBG(CMD), GH_DBG_CMD_STEP);
    return collect(ctx, rec, 0, 0);
}

static const fw_inject_port inject_port = {
    .bd_read = port_bd_read,
    .bd_write = port_bd_write,
    .write_code = load_code,
    .restore_code = NULL,
    .step = inject_step,
    .code_words = GH_REF_MAX_CODE,
};

static int inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    gh_ref_dut *d = ctx;
    if (wait_idle() != 0)
        return -1;
    return fw_inject(&inject_port, d, d->warps, warp, lo, hi, rec);
}

const fw_dut_ops gh_ref_dut_ops = {
    .caps = caps,
    .reset = reset,
    .load_code = load_code,
    .load_const = load_const,
    .load_mem = load_mem,
    .launch = launch,
    .write_reg = write_reg,
    .read_state = read_state,
    .read_mem = read_mem,
    .written_pages = written_pages,
    .step = step,
    .inject = inject,
};

int gh_ref_init(gh_ref_link *link, gh_ref_dut *dut)
{
    memset(link, 0, sizeof *link);
    memset(dut, 0, sizeof *dut);
    if (rd(SYS(ID)) != GH_SYS_ID_VALUE || rd(DBG(ID)) != GH_DBG_ID_VALUE)
        return -1;
    uint32_t hz = rd(SYS(CLK_HZ));
    ticks_per_ms = hz >= 1000 ? hz / 1000 : 1;
    link->ticks_per_ms = ticks_per_ms;
    return reset(dut);
}
