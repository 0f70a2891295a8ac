/* The commit record: what one warp-instruction changed. The functional model
 * produces it for every step and targets stream the same records back, so
 * lockstep compares like with like. Plain C, fixed layout, no pointers,
 * freestanding (board firmware includes it too).
 *
 * It sits below both the model and the wire protocol, which only encodes it
 * (fw/wire/include/wire/commit.h includes this file). Its names keep the
 * wire_ prefix they had there, so the code using them did not change. */
#ifndef COMMIT_RECORD_H
#define COMMIT_RECORD_H

#include <stdint.h>

#include "trap_codes.h" /* trap_code's values, and what trap_lane holds for each */

#define WIRE_LANES 32
#define WIRE_MAX_GPR_WRITES 8 /* a 128-bit load plus a pair, with room to spare */
#define WIRE_MAX_PRED_WRITES 7 /* R2P writes P0..P6 */
#define WIRE_MAX_UR_WRITES 4
#define WIRE_MAX_MEM_WORDS 4  /* 128-bit store */

/* WRITE_REG's kinds. A kernel container's .gh.init numbers them otherwise
 * (isa_kernel_reg_kind: UR 1, PRED 2); a host translates. PC_LO, PC_HI and
 * LANE_STATUS (per lane, as the port's backdoor spaces) let a host apply an
 * instruction's effect the DUT does not implement (--emulate-unimplemented). */
enum wire_reg_kind {
    WIRE_REG_GPR = 0,
    WIRE_REG_PRED = 1,
    WIRE_REG_UR = 2,
    WIRE_REG_UPRED = 3,
    WIRE_REG_PC_LO = 4,
    WIRE_REG_PC_HI = 5,
    WIRE_REG_LANE_STATUS = 6,
};
/* LANE_STATUS values: the port's lane statuses (fw/port.h, checked there)
 * and the model's (exec.h, checked there). */
enum wire_lane_status { WIRE_LANE_READY = 0, WIRE_LANE_WAITING = 1, WIRE_LANE_EXITED = 2 };

enum wire_commit_flags {
    WIRE_COMMIT_EXITED = 1u << 0, /* lanes exited at this instruction (see exit_mask) */
    WIRE_COMMIT_WARP_DONE = 1u << 1,
    WIRE_COMMIT_TRAP = 1u << 2,   /* the instruction trapped: no write took effect */
    /* a trap whose code names a lane (trap_codes.h: LANE) at a lane the
     * target cannot name: its DUT does not report the trapping lane (the
     * port's FEATURES capability word lacks TRAP_LANE). trap_lane is then
     * GM_TRAP_NO_LANE and is not compared; gpuhost says so. */
    WIRE_COMMIT_LANE_UNREPORTED = 1u << 3,
};

typedef struct {
    uint8_t reg;        /* R0..R254 */
    uint32_t lane_mask; /* lanes written */
    uint32_t value[WIRE_LANES];
} wire_gpr_write;

typedef struct {
    uint8_t pred;       /* P0..P6 */
    uint32_t lane_mask; /* lanes written */
    uint32_t value;     /* the bit of each written lane */
} wire_pred_write;

typedef struct {
    uint8_t reg; /* UR0..UR62 */
    uint32_t value;
} wire_ur_write;

typedef struct {
    uint32_t lane_mask; /* lanes that stored */
    uint8_t bytes;      /* 4, 8 or 16 per lane */
    uint64_t addr[WIRE_LANES];
    uint32_t data[WIRE_LANES][WIRE_MAX_MEM_WORDS];
} wire_mem_write;

/* The fields up to mem_count are in the wire's order (docs/wire-protocol.md),
 * so that an encoder copies pc..mem_count in one run (commit_codec.c). */
typedef struct {
    uint64_t seq;      /* 0, 1, 2... per run */
    uint16_t warp;
    uint16_t flags;    /* enum wire_commit_flags */
    uint64_t pc;
    uint64_t insn_lo, insn_hi;
    uint32_t active_mask; /* lanes at this PC */
    uint32_t exec_mask;   /* active lanes whose guard held */
    uint32_t exit_mask;
    uint32_t trap_code;     /* enum gm_trap (trap_codes.h); 0: no trap */
    uint32_t trap_lane;     /* a LANE trap: the trapping lane; a WARP trap: GM_TRAP_NO_LANE; no trap: 0 */
    uint32_t branch_mask;   /* lanes a branch (BRA) sent to branch_target */
    uint64_t branch_target;
    uint8_t gpr_count, pred_count, ur_count;
    uint8_t upred_mask, upred_value; /* uniform predicates written (bit n = UPn) */
    uint8_t mem_count;               /* 0 or 1 */
    wire_gpr_write gpr[WIRE_MAX_GPR_WRITES];
    wire_pred_write pred[WIRE_MAX_PRED_WRITES];
    wire_ur_write ur[WIRE_MAX_UR_WRITES];
    wire_mem_write mem;
} wire_commit;

#endif
