/* fw: the DUT port contract's retire beats (docs/port-contract.md, "Retire
 * trace") assembled into one commit record. Written once for every board
 * side: boards/gh-ref/hal.c feeds it from the debug port's registers,
 * servers/rtlsim/dut_rtl.c from the Verilated core's ports. Freestanding. */
#ifndef FW_BEATS_H
#define FW_BEATS_H

#include <stdint.h>

#include "fw/port.h" /* enum fw_beat_kind, fw_beat_status */
#include "wire/protocol.h"

/* One beat: only the fields its kind uses need be filled (HEAD: warp, pc,
 * insn, mask_a active, mask_b exec; GPR: index, lane, data; GPR_ROW: index,
 * mask_a lanes, row[l] for those lanes; PRED: index,
 * mask_a lanes, mask_b values; UR: index, data; UPRED: index, data bit 0;
 * MEM: index (word), lane, pc (address of the word), data; END: status,
 * data (trap code), lane (the trapping lane, of a trap whose code names one),
 * pc (branch target), mask_a (branch lanes), mask_b (exit mask)). */
typedef struct {
    uint8_t kind, warp, index, lane, status;
    /* the HAL moved the beat's bulk into the record itself: GPR_ROW, the row
     * into fw_beats_row_slot's array (row[] unused); HEAD, pc, insn_lo/hi,
     * active_mask and exec_mask (only warp is taken from the beat) */
    uint8_t in_place;
    uint64_t pc;
    uint32_t insn[4];
    uint32_t mask_a, mask_b, data;
    uint32_t row[FW_PORT_ROW_LANES]; /* GPR_ROW: lane l's value */
} fw_beat;

typedef struct {
    wire_commit *rec;
    uint32_t features; /* the core's capability word FEATURES */
    int head, end, broken; /* broken: the beats broke the contract (order, kind, index, count) */
} fw_beats;

/* Starts a record: every count, mask and flag cleared. `features` is the
 * core's capability word FEATURES (fw/port.h; 0 for a core that presents
 * none): without TRAP_LANE the END of a trap whose code names a lane
 * carries no lane, and the record says so (WIRE_COMMIT_LANE_UNREPORTED,
 * trap_lane GM_TRAP_NO_LANE); a code that names no lane gives
 * GM_TRAP_NO_LANE whatever rt_lane holds. */
void fw_beats_begin(fw_beats *a, wire_commit *rec, uint32_t features);
/* The same for a record whose fixed part and counts are zero already (as
 * fw_dut_ops.step receives it): clearing it again costs a soft core ~50
 * instructions a warp-instruction. */
void fw_beats_begin_cleared(fw_beats *a, wire_commit *rec, uint32_t features);
/* Adds a beat; 1 once END has been added (the record is complete), else 0. */
int fw_beats_add(fw_beats *a, const fw_beat *b);
/* GPR_ROW without a copy: the value array of the record's write of GPR reg,
 * created now, when the record has no write of reg yet; a HAL that can move
 * a whole row at once puts all 32 lanes there and adds the beat with
 * in_place (the lanes outside its mask are never read). NULL when reg
 * is written already in this record (read the beat's lanes into row[]: each
 * lane keeps its last value) or cannot be (the beat's add says broken). */
uint32_t *fw_beats_row_slot(fw_beats *a, uint8_t reg);
/* After END: notes the lanes that exited in exited[warp] (warps entries) and
 * flags WARP_DONE when every lane of the warp has exited. */
void fw_beats_note_exits(wire_commit *rec, uint32_t *exited, uint32_t warps);

#endif
