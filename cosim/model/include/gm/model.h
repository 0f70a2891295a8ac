/* cosim/model: the functional model, the reference every target is judged
 * against. It knows nothing of files, ZeroMQ or USB: it is given a kernel and
 * stepped one warp-instruction at a time, each step yielding a commit record.
 *
 * Scheduling (deterministic): warps take turns round-robin, one instruction
 * each, in warp order, skipping warps that have finished. Within a warp the
 * lanes at the lowest PC run together (isa/spec/ext.isa, EXT_CTRL). */
#ifndef GM_MODEL_H
#define GM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/kernel.h"
#include "isa/modifier.h"
#include "commit_record.h"

#define GM_LANES 32
#define GM_GPRS 255 /* R0..R254; R255 is RZ */
#define GM_PREDS 7  /* P0..P6; P7 is PT */
#define GM_URS 63   /* UR0..UR62; UR63 is URZ */
#define GM_GLOBAL_LIMIT ISA_GLOBAL_LIMIT /* global addresses at or above trap (isa/memory_map.h) */

/* The trap codes (GM_TRAPS, enum gm_trap) and what each says of the trapping
 * lane: cosim/common/include/trap_codes.h, through commit_record.h. */
const char *gm_trap_name(uint32_t code);

typedef struct gm_model gm_model;

/* A model loaded with the kernel's code, constants, global data and initial
 * registers. NULL with a message in err on failure. */
gm_model *gm_new(const isa_kernel *kernel, char *err, size_t errlen);
void gm_destroy(gm_model **self_p);

enum gm_step_result { GM_STEP_OK = 0, GM_STEP_DONE = 1, GM_STEP_TRAP = 2 };

/* Runs one warp-instruction and describes it in *rec. DONE when every lane of
 * every warp has exited (rec untouched); TRAP when the instruction trapped
 * (rec has WIRE_COMMIT_TRAP and the trap code; no write took effect). */
int gm_step(gm_model *m, wire_commit *rec);

/* "warp 0, pc 0x40, lane 3: GETGPR R0, R[UR2] ;: register index out of range (R[300])" */
const char *gm_trap_message(const gm_model *m);

uint64_t gm_instruction_count(const gm_model *m);
uint32_t gm_warp_count(const gm_model *m);
uint32_t gm_gpr(const gm_model *m, uint32_t warp, uint32_t reg, uint32_t lane);
uint32_t gm_pred_mask(const gm_model *m, uint32_t warp, uint32_t pred); /* lanes where Pn is true */
uint32_t gm_ur(const gm_model *m, uint32_t warp, uint32_t reg);
uint32_t gm_upred_mask(const gm_model *m, uint32_t warp); /* bit n = UPn */
bool gm_warp_exited(const gm_model *m, uint32_t warp);
uint32_t gm_exited_mask(const gm_model *m, uint32_t warp);
uint64_t gm_warp_pc(const gm_model *m, uint32_t warp); /* lowest PC of a ready lane */
uint64_t gm_lane_pc(const gm_model *m, uint32_t warp, uint32_t lane);
/* Reads global memory (never-written bytes read 0). 0, or -1 out of range. */
int gm_read_memory(const gm_model *m, uint64_t addr, void *buf, size_t len);
/* The global pages written (stores, placed data) since reset: the `max`
 * lowest page addresses at or above `from`, ascending; returns how many. */
uint32_t gm_written_pages(const gm_model *m, uint64_t from, uint64_t *pages, uint32_t max);

/* Writes global memory behind the kernel's back (fault injection in test
 * DUTs). 0, or -1 out of range or out of memory. */
int gm_write_memory(gm_model *m, uint64_t addr, const void *buf, size_t len);
/* Writes a register for the lanes in lane_mask (kind: enum wire_reg_kind:
 * GPR, PRED, UR, UPRED, and per lane PC_LO, PC_HI, LANE_STATUS; values[l]
 * for lane l, a single value values[0] for uniform kinds). 0, or -1 out of
 * range. */
int gm_write_reg(gm_model *m, uint32_t warp, uint32_t kind, uint32_t index, uint32_t lane_mask,
                 const uint32_t *values);
/* A partial core (test DUTs): the variants set in `lacking` (bit v: ISA-table
 * variant v) retire as the port contract's UNIMPLEMENTED: a trap record with
 * the real active and exec masks and no state change, not even the lanes'
 * PCs, but counted as retired (sequence, warp clock, round-robin). */
void gm_set_lacking(gm_model *m, const uint8_t lacking[32]);
/* Likewise instructions showing one of n modifier values (MOV_R.64; at most
 * GM_MAX_LACKING_VALUES, the rest ignored). */
#define GM_MAX_LACKING_VALUES 64u
void gm_set_lacking_values(gm_model *m, const isa_modifier_value *values, size_t n);
/* Moves a lane's PC (fault injection in test DUTs). 0, or -1 out of range. */
int gm_set_lane_pc(gm_model *m, uint32_t warp, uint32_t lane, uint64_t pc);
/* Lane status: 0 ready, 1 waiting at a BSYNC, 2 exited. */
uint32_t gm_lane_status(const gm_model *m, uint32_t warp, uint32_t lane);
/* Executes `word` once for `warp`'s lanes at their lowest PC as if it were
 * there, then advances those lanes (directed tests). Same results as gm_step. */
int gm_inject(gm_model *m, uint32_t warp, isa_word word, wire_commit *rec);

/* Steps until every warp exits (GM_STEP_DONE), a trap (GM_STEP_TRAP), or
 * max_steps instructions (returns GM_STEP_OK). */
int gm_run(gm_model *m, uint64_t max_steps);

/* Compares the final state with the kernel's .expect and .expect_mem
 * directives (each applies to every warp). Returns the number of mismatching
 * values; the first is described in report ("warp 0 R3 lane 5: expected
 * 0x7, got 0x8"). */
unsigned gm_check_expectations(const gm_model *m, const isa_kernel *k, char *report, size_t len);

#endif
