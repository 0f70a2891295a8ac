/* ghemu: state shared by the board's parts (ghemu.c: CPU and crashes,
 * ghemu_elf.c: image, ghemu_sys.c: SYS and CRC, ghemu_dma.c: DMA engine,
 * ghemu_usb.c: USB core, ghemu_dbg.c: DUT debug port). */
#ifndef GHEMU_INTERNAL_H
#define GHEMU_INTERNAL_H

#include <time.h>
#include <unicorn/unicorn.h>

#include "ghemu.h"
#include "hal.h"

/* A register of the map (ghemu_regs.c, generated from boards/gh-ref/regmap.txt). */
enum ghemu_access { GHEMU_RO, GHEMU_RW, GHEMU_WO, GHEMU_RW1C };
typedef struct {
    uint32_t addr;
    const char *name; /* BLOCK.NAME */
    enum ghemu_access access;
} ghemu_reg;
extern const ghemu_reg ghemu_regs[]; /* by address */
extern const unsigned ghemu_reg_count;

typedef struct {
    char *name;
    uint32_t addr, size;
    bool run;
} ghemu_symbol;

typedef struct {
    ghemu_symbol *syms; /* functions, sorted by address */
    size_t count;
    uint32_t entry, trap_entry, stack_bottom, stack_top;
} ghemu_image;

/* A retire beat as the debug port's FIFO holds it. */
typedef struct {
    uint8_t kind, warp, index, lane, status;
    bool acked; /* MEM: its write was acknowledged by the firmware */
    uint64_t pc;
    uint32_t insn[4], mask_a, mask_b, data;
    uint32_t row[FW_PORT_ROW_LANES]; /* GPR_ROW: the lanes' values */
} ghemu_beat;

typedef struct {
    uint32_t ctrl, launch_warps, imem_addr, imem_data[4], bd_wdata, bd_rdata, bd_cmd, mem_rdata;
    uint64_t launch_entry;
    uint64_t (*imem)[2];
    uint32_t code_count;  /* 1 + highest index written since reset */
    bool launched, busy, done, inject_pending;
    uint32_t inject_index;
    uint32_t exited[128];
    uint8_t park[128][32]; /* a lane status INJECT wrote over the DUT's (PARK_NONE: the DUT's own) */
    ghemu_beat *beats;
    size_t nbeats, head, cap;
    wire_state *cache; /* the DUT's state of cache_warp, read once between steps */
    int cache_warp;
    wire_caps caps;
    bool have_caps;
    wire_commit rec;
} ghemu_dbg;

typedef struct {
    uint32_t src, dst, len, status;
    /* the running transfer (STATUS.BUSY): its CTRL, regions, CRC seed, and
     * the cycle BUSY falls; polled: STATUS read BUSY, last at last_poll, the
     * core polling since wait_from */
    uint32_t ctrl, src_region, dst_region, crc_seed;
    uint64_t end, wait_from, last_poll;
    bool polled;
    uint8_t latched[4 * FW_PORT_ROW_LANES]; /* CTRL.POP: the beat's words, read at START */
} ghemu_dma;

typedef struct {
    uint8_t out[GH_USB_MAX_PACKET], in[GH_USB_MAX_PACKET];
    int out_len;     /* the head OUT packet's length, -1 none */
    uint32_t out_pos, in_fill;
    uint8_t *xfer;   /* the IN transfer being sent */
    size_t xfer_len, xfer_cap;
    uint32_t ctrl, ints;
    /* the IN frame sender: its registers, the CTRL of the frame being sent
     * (FRAME_STATUS.BUSY) and the cycle from which it may go */
    uint32_t frame_src, frame_len, frame_status, frame_ctrl;
    uint64_t frame_end;
} ghemu_usb;

/* What the image's work costs on the gateware (ghemu_cost.c). */
typedef struct {
    uint32_t icache[128]; /* the instruction cache's lines: line number + 1, 0 empty */
    uint64_t line_fills, ram, sdram;
} ghemu_cost;

struct ghemu {
    ghemu_config cfg;
    uc_engine *uc;
    uc_hook hooks[4];
    uint8_t *rom, *ram, *sdram;
    ghemu_image img;
    uint32_t *ran; /* executions per ROM halfword (saturating): coverage and profile */
    volatile int stop;
    bool crashed;
    char report[512];
    uint32_t pc;            /* the instruction executing now */
    uint64_t insns, idle_cycles, mmio, last_mmio;
    /* the cost figures: instructions spent polling an idle host, and those
     * between consecutive STEPs with no idle wait between them */
    bool idling, idled_since_step;
    uint64_t idle_insns, last_step, step_insns, step_gaps;
    uint64_t dma_cycles, last_step_dma, step_dma_cycles; /* the DMA engine's transfer time */
    uint64_t dma_wait_cycles, last_step_wait, step_dma_wait; /* the core polling a BUSY engine */
    ghemu_cost cost;
    uint64_t last_step_gateware, step_gateware; /* ghemu_cost_cycles between back-to-back steps */
    ghemu_cost_events last_step_events, step_events; /* and the events it counts */
    /* SYS and CRC */
    uint32_t cycle_hi_latch, trap[4], crc_state;
    ghemu_dma dma;
    ghemu_usb usb;
    ghemu_dbg dbg;
    ghemu_stats counts;
};

/* ghemu.c */
void ghemu_crash(ghemu *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint64_t ghemu_cycles(const ghemu *e);
/* Waits for the host side (from a register read): the cycle counter advances
 * by the real time spent, at clk_hz. */
void ghemu_idle_begin(ghemu *e, struct timespec *t0);
void ghemu_idle_end(ghemu *e, const struct timespec *t0);
/* Whether the firmware is polling for the host in vain (its instructions
 * then count as idle, not as the cost of the work). */
void ghemu_set_idling(ghemu *e, bool idling);
/* Checks a register access: 32-bit and aligned, as the README requires, and
 * no store to a read-only register or load from a write-only one (the
 * register table); a bad one is a crash. */
bool ghemu_reg_access_ok(ghemu *e, uint32_t base, uint64_t off, unsigned size, bool write);

/* ghemu_cost.c: the gateware's cost of what executes (see there) */
void ghemu_cost_fetch(ghemu *e, uint32_t pc);
void ghemu_cost_data(ghemu *e, uint32_t addr);
uint64_t ghemu_cost_cycles(const ghemu *e);
ghemu_cost_events ghemu_cost_counted(const ghemu *e);

/* ghemu_elf.c */
int ghemu_image_load(ghemu *e, const char *path, char *err, size_t errlen);
void ghemu_image_free(ghemu_image *img);
/* "name+0xoff" for an address, or "?" */
const ghemu_symbol *ghemu_symbol_at(const ghemu_image *img, uint32_t addr);
void ghemu_symbolize(const ghemu_image *img, uint32_t addr, char *out, size_t len);

/* ghemu_sys.c */
uint64_t ghemu_sys_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
void ghemu_sys_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user);
uint64_t ghemu_crc_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
void ghemu_crc_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user);

/* ghemu_dma.c */
void ghemu_dma_reset(ghemu *e);
/* BUSY falls, and the bytes move, once the cycle counter reaches the end. */
void ghemu_dma_tick(ghemu *e);
uint64_t ghemu_dma_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
void ghemu_dma_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user);

/* ghemu_usb.c */
void ghemu_usb_reset(ghemu *e);
void ghemu_usb_free(ghemu *e);
uint64_t ghemu_usb_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
void ghemu_usb_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user);
/* A word for the IN packet being filled, as an IN_DATA write (the DMA engine's DST_FIFO). */
void ghemu_usb_in_word(ghemu *e, uint32_t w);
/* The IN frame sender: the frame goes (its bytes read then) once its time
 * has passed and the host side has room; wait: a FRAME_STATUS read, which
 * waits for the host side as an IN_STATUS read does. */
void ghemu_usb_tick(ghemu *e, bool wait);

/* ghemu_dbg.c */
int ghemu_dbg_init(ghemu *e);
void ghemu_dbg_free(ghemu *e);
uint64_t ghemu_dbg_read(uc_engine *uc, uint64_t off, unsigned size, void *user);
void ghemu_dbg_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user);
/* The retire register at offset off (RT_HEAD..RT_DATA, RT_ROW0..31) as a read
 * shows it now, without a register access (the DMA engine's retire windows). */
uint32_t ghemu_dbg_rt_word(ghemu *e, uint32_t off);
bool ghemu_dbg_rt_shows_beat(ghemu *e);
bool ghemu_dbg_rt_take(ghemu *e); /* RT_POP's effect: false when no beat shows */

#endif
