/* fw: the board side of the DUT port contract (docs/port-contract.md), written
 * once over the few primitives a board has: the state backdoor, and a page
 * store holding global memory and the constant banks. Every board side that
 * drives the port uses it: servers/rtlsim/dut_rtl.c (Verilated ports, heap
 * pages), boards/gh-ref/hal.c (debug-port registers, the SDRAM page pool, on
 * the rv32 soft core) and, for the memory port, the DPI-C scoreboard
 * (host/dpi/scoreboard.c). What stays with a board is how it reaches its
 * DUT and when it may (idle, launched). Freestanding, no allocation. */
#ifndef FW_PORT_BOARD_H
#define FW_PORT_BOARD_H

#include <stdint.h>
#include <string.h>

#include "fw/port.h"
#include "isa/memory_map.h"
#include "page_store.h"
#include "wire/protocol.h"

/* mem_space of a memory-port request */
enum fw_mem_space { FW_MEM_GLOBAL = 0, FW_MEM_CONST = 1 };

typedef struct {
    /* One backdoor access (bd_space etc. of port.h): 0 or -1 (no bd_ack).
     * The same shape as fw_inject_port's, so a board passes the same functions. */
    int (*bd_read)(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t *v);
    int (*bd_write)(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t lane, uint32_t v);
    /* Optional: bd_read of lanes 0..WIRE_LANES-1 of one register into
     * out[], 0 or -1. A STATE is ~8,500 backdoor reads: a board that reads a
     * row in one loop saves a soft core the call per word. NULL: bd_read. */
    int (*bd_read_lanes)(void *ctx, uint32_t space, uint32_t warp, uint32_t index, uint32_t *out);
    /* The 4 KiB page (PAGE_STORE_SIZE) holding `addr` of global memory
     * (FW_MEM_GLOBAL) or of constant bank `bank` (FW_MEM_CONST), addr
     * already checked against the limits; word-aligned. Without `create`:
     * NULL for a page never written (it reads as zeros), and nothing is
     * written through the pointer. With it: the page, zero-filled when
     * new, or NULL when the store has no room. */
    uint8_t *(*page)(void *ctx, uint32_t space, uint32_t bank, uint64_t addr, int create);
} fw_port_board;
/* (A user of the memory functions alone, the DPI-C scoreboard, may leave
 * the backdoor NULL.) */

/* Whether a word request (mem_space, mem_bank, mem_addr, mem_we) lies in the
 * memory map: aligned, below ISA_GLOBAL_LIMIT, in one of the constant banks
 * and not a store there. The DUT checks the same before it asks (T10), so
 * this refuses only a broken DUT's requests. */
static inline int fw_port_mem_ok(uint32_t space, uint32_t bank, uint64_t addr, int we)
{
    if (addr & 3u)
        return 0;
    if (space == FW_MEM_CONST)
        return !we && bank < ISA_CONST_BANKS && addr <= ISA_CONST_BANK_BYTES - 4;
    return addr <= ISA_GLOBAL_LIMIT - 4;
}

/* Answers a memory-port request: a store writes *word, a load sets it (0 for
 * a word never written). 0, or -1 for mem_err: outside the map, or a store
 * the page store had no room for (a load's *word is 0 then). Inlined always:
 * only then does b->page of a board's constant table become a direct call
 * early enough to inline too, which keeps gh-ref's cost per request (its
 * soft core serves every lane's word) what it was before this was shared. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int fw_port_mem_request(const fw_port_board *b, void *ctx, uint32_t space, uint32_t bank,
                                      uint64_t addr, int we, uint32_t *word)
{
    if (!fw_port_mem_ok(space, bank, addr, we)) {
        if (!we)
            *word = 0;
        return -1;
    }
    /* an aligned word never crosses a page: straight to it, no page_copy */
    uint8_t *p = b->page(ctx, space, bank, addr, we);
    uint32_t *w = p ? (uint32_t *)(void *)(p + ((uint32_t)addr & (PAGE_STORE_SIZE - 1))) : (uint32_t *)0;
    if (we) {
        if (!w)
            return -1;
        *w = *word;
    } else {
        *word = w ? *w : 0;
    }
    return 0;
}

/* The host's loads (LOAD_CONST, LOAD_MEM: any address, a word each) and
 * READ_MEM, against the same limits as the DUT's requests: 0 or -1. */
int fw_port_load_const(const fw_port_board *b, void *ctx, uint32_t bank, uint32_t offset, uint32_t word);
int fw_port_load_mem(const fw_port_board *b, void *ctx, uint64_t addr, uint32_t word);
int fw_port_read_mem(const fw_port_board *b, void *ctx, uint64_t addr, uint8_t *out, uint32_t len);

/* WRITE_REG of a launched warp through the backdoor (the per-lane kinds by
 * fw_write_lanes, which keeps *exited, the warp's exited lanes): 0 or -1. */
int fw_port_write_reg(const fw_port_board *b, void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask,
                      const uint32_t *values, uint32_t *exited);

#define FW_PORT_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* STATE of a launched warp read through the backdoor: 0 or -1. Inlined
 * always, as the memory answer: a STATE is ~8,500 backdoor reads, and a
 * call through the table for each made gh-ref's STATE 3.4 times as slow. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int fw_port_read_state(const fw_port_board *b, void *ctx, uint16_t warp, wire_state *s)
{
    memset(s, 0, sizeof *s);
    s->warp = warp;
    uint32_t lo, hi, st;
    for (uint32_t l = 0; l < WIRE_LANES; l++) {
        if (b->bd_read(ctx, FW_BD_PC_LO, warp, 0, l, &lo) != 0 || b->bd_read(ctx, FW_BD_PC_HI, warp, 0, l, &hi) != 0 ||
            b->bd_read(ctx, FW_BD_STATUS, warp, 0, l, &st) != 0)
            return -1;
        s->pc[l] = (uint64_t)hi << 32 | lo;
        s->exited |= (uint32_t)(st == FW_LANE_EXITED) << l;
        s->waiting |= (uint32_t)(st == FW_LANE_WAITING) << l;
    }
    for (uint32_t r = 0; r < FW_PORT_COUNT(s->gpr); r++)
        if (b->bd_read_lanes) {
            if (b->bd_read_lanes(ctx, FW_BD_GPR, warp, r, s->gpr[r]) != 0)
                return -1;
        } else {
            for (uint32_t l = 0; l < WIRE_LANES; l++)
                if (b->bd_read(ctx, FW_BD_GPR, warp, r, l, &s->gpr[r][l]) != 0)
                    return -1;
        }
    for (uint32_t p = 0; p < FW_PORT_COUNT(s->pred); p++)
        if (b->bd_read(ctx, FW_BD_PRED, warp, p, 0, &s->pred[p]) != 0)
            return -1;
    for (uint32_t u = 0; u < FW_PORT_COUNT(s->ur); u++)
        if (b->bd_read(ctx, FW_BD_UR, warp, u, 0, &s->ur[u]) != 0)
            return -1;
    if (b->bd_read(ctx, FW_BD_UPRED, warp, 0, 0, &s->upred) != 0)
        return -1;
    s->upred &= (1u << FW_PORT_COUNT(s->pred)) - 1; /* UPT, bit 7, is no register */
    return 0;
}

/* The capability words a board reads besides what its CAPS fills in. */
typedef struct {
    uint32_t warps, lanes; /* WARPS and LANES as the core presents them (c's fields are 16 bits) */
    uint32_t features;     /* FEATURES (fw_caps_has) */
} fw_port_core_caps;

enum { FW_PORT_CAPS_SILENT = -1, FW_PORT_CAPS_ZERO_ULP = -2 };

/* Reads the capability words into c (lanes, optypes, tolerances,
 * variant_count, lacking; the board adds the rest, max_warps from
 * core->warps by its own bound) and *core. 0, or
 * FW_PORT_CAPS_SILENT (the backdoor did not answer) or FW_PORT_CAPS_ZERO_ULP
 * (a tolerance word declares 0 ulps). */
int fw_port_read_caps(const fw_port_board *b, void *ctx, wire_caps *c, fw_port_core_caps *core);

#endif
