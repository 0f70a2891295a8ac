/* The shared beat assembler (fw/beats.h): GPR and GPR_ROW beats into one
 * record, in any mix, the last value of a lane winning; and the beats that
 * break the contract (a row with no lane or to RZ, a beat before HEAD, more
 * registers than a record holds) mark the record broken; a trap's lane as
 * its code and the core's FEATURES word say (trap_codes.h, fw/port.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "fw/beats.h"

static wire_commit rec;

static int add(fw_beats *a, uint8_t kind, uint8_t index, uint8_t lane, uint32_t mask_a, uint32_t mask_b,
               uint32_t data)
{
    fw_beat b = {.kind = kind, .index = index, .lane = lane, .mask_a = mask_a, .mask_b = mask_b, .data = data};
    for (unsigned l = 0; l < FW_PORT_ROW_LANES; l++)
        b.row[l] = 0x100u * index + l;
    return fw_beats_add(a, &b);
}

static void rows_and_lanes(void **state)
{
    (void)state;
    fw_beats a;
    fw_beats_begin(&a, &rec, 0);
    assert_int_equal(add(&a, FW_BEAT_HEAD, 0, 0, 0xffffffffu, 0x0000ffffu, 0), 0);
    add(&a, FW_BEAT_GPR_ROW, 4, 0, 0x0000ff0fu, 0, 0);
    add(&a, FW_BEAT_GPR, 4, 2, 0, 0, 0xabcd);         /* a lane the row wrote: last value wins */
    add(&a, FW_BEAT_GPR, 5, 31, 0, 0, 7);             /* a register by lane */
    add(&a, FW_BEAT_GPR_ROW, 5, 0, 0x00000001u, 0, 0); /* then by row */
    add(&a, FW_BEAT_PRED, 1, 0, 0x3u, 0x1u, 0);
    assert_int_equal(add(&a, FW_BEAT_END, 0, 0, 0, 0, 0), 1);
    assert_false(a.broken);
    assert_int_equal(rec.gpr_count, 2);
    assert_int_equal(rec.gpr[0].reg, 4);
    assert_int_equal(rec.gpr[0].lane_mask, 0x0000ff0fu);
    assert_int_equal(rec.gpr[0].value[0], 0x400);
    assert_int_equal(rec.gpr[0].value[2], 0xabcd);
    assert_int_equal(rec.gpr[0].value[15], 0x40f);
    assert_int_equal(rec.gpr[1].reg, 5);
    assert_int_equal(rec.gpr[1].lane_mask, 0x80000001u);
    assert_int_equal(rec.gpr[1].value[31], 7);
    assert_int_equal(rec.gpr[1].value[0], 0x500);
    assert_int_equal(rec.pred_count, 1);
    assert_int_equal(rec.pred[0].value, 0x1u);
    assert_int_equal(rec.flags & WIRE_COMMIT_TRAP, 0);
}

/* A HAL that moves a whole row puts it in the slot (fw_beats_row_slot); a
 * register already written in the record gets no slot, so its lanes keep
 * their last values the lane-by-lane way. */
static void rows_in_place(void **state)
{
    (void)state;
    fw_beats a;
    fw_beats_begin(&a, &rec, 0);
    assert_null(fw_beats_row_slot(&a, 4)); /* before HEAD */
    add(&a, FW_BEAT_HEAD, 0, 0, 0xffffffffu, 0xffffffffu, 0);
    assert_null(fw_beats_row_slot(&a, 255)); /* RZ */
    uint32_t *slot = fw_beats_row_slot(&a, 4);
    assert_non_null(slot);
    for (unsigned l = 0; l < FW_PORT_ROW_LANES; l++)
        slot[l] = 0xa00u + l;
    fw_beat row = {.kind = FW_BEAT_GPR_ROW, .index = 4, .mask_a = 0x000000ffu, .in_place = 1};
    fw_beats_add(&a, &row);
    assert_null(fw_beats_row_slot(&a, 4)); /* written: lane by lane from here */
    add(&a, FW_BEAT_GPR_ROW, 4, 0, 0x00000180u, 0, 0);
    assert_int_equal(add(&a, FW_BEAT_END, 0, 0, 0, 0, 0), 1);
    assert_false(a.broken);
    assert_int_equal(rec.gpr_count, 1);
    assert_int_equal(rec.gpr[0].lane_mask, 0x000001ffu);
    assert_int_equal(rec.gpr[0].value[0], 0xa00);
    assert_int_equal(rec.gpr[0].value[7], 0x407); /* the later row's value */
    assert_int_equal(rec.gpr[0].value[8], 0x408);
    assert_int_equal(rec.gpr[0].value[6], 0xa06);
}

static void broken(uint8_t kind, uint8_t index, uint32_t mask_a, int before_head)
{
    fw_beats a;
    fw_beats_begin(&a, &rec, 0);
    if (!before_head)
        add(&a, FW_BEAT_HEAD, 0, 0, 1, 1, 0);
    add(&a, kind, index, 0, mask_a, 0, 0);
    add(&a, FW_BEAT_END, 0, 0, 0, 0, 0);
    assert_true(a.broken);
}

static void contract_breaks(void **state)
{
    (void)state;
    broken(FW_BEAT_GPR_ROW, 3, 0, 0);           /* no lane */
    broken(FW_BEAT_GPR_ROW, 255, 1, 0);         /* RZ */
    broken(FW_BEAT_GPR, 255, 0, 0);             /* RZ by lane */
    broken(FW_BEAT_GPR_ROW, 3, 1, 1);           /* before HEAD */
    fw_beats a;
    fw_beats_begin(&a, &rec, 0);
    add(&a, FW_BEAT_HEAD, 0, 0, 1, 1, 0);
    for (uint8_t r = 0; r <= WIRE_MAX_GPR_WRITES; r++) /* one register more than a record holds */
        add(&a, FW_BEAT_GPR_ROW, r, 0, 1, 0, 0);
    add(&a, FW_BEAT_END, 0, 0, 0, 0, 0);
    assert_true(a.broken);
}

static void trap_and_unimplemented(void **state)
{
    (void)state;
    fw_beats a;
    fw_beats_begin(&a, &rec, 0);
    add(&a, FW_BEAT_HEAD, 0, 0, 1, 1, 0);
    fw_beat end = {.kind = FW_BEAT_END, .status = FW_BEAT_UNIMPLEMENTED};
    assert_int_equal(fw_beats_add(&a, &end), 1);
    assert_false(a.broken);
    assert_true(rec.flags & WIRE_COMMIT_TRAP);
    assert_int_equal(rec.trap_code, 1);
    assert_int_equal(rec.trap_lane, GM_TRAP_NO_LANE);
    assert_false(rec.flags & WIRE_COMMIT_LANE_UNREPORTED);
}

/* One trap of `code` whose END carries rt_lane 9, from a core presenting `features`. */
static void trap_end(uint32_t features, uint32_t code)
{
    fw_beats a;
    fw_beats_begin(&a, &rec, features);
    add(&a, FW_BEAT_HEAD, 0, 0, 0xffffffffu, 0x0000ff00u, 0);
    fw_beat end = {.kind = FW_BEAT_END, .status = FW_BEAT_TRAP, .data = code, .lane = 9};
    assert_int_equal(fw_beats_add(&a, &end), 1);
    assert_false(a.broken);
    assert_true(rec.flags & WIRE_COMMIT_TRAP);
    assert_int_equal(rec.trap_code, code);
}

static void trapping_lanes(void **state)
{
    (void)state;
    const uint32_t lane_core = 1u << FW_FEATURE_TRAP_LANE;
    trap_end(lane_core, GM_TRAP_MISALIGNED_ADDRESS); /* a lane trap: END's lane */
    assert_int_equal(rec.trap_lane, 9);
    assert_false(rec.flags & WIRE_COMMIT_LANE_UNREPORTED);
    trap_end(lane_core, GM_TRAP_PC_OUT_OF_RANGE); /* the warp's: no lane, whatever rt_lane says */
    assert_int_equal(rec.trap_lane, GM_TRAP_NO_LANE);
    assert_false(rec.flags & WIRE_COMMIT_LANE_UNREPORTED);
    trap_end(0, GM_TRAP_MEMORY_RANGE); /* a core without TRAP_LANE: not reported, and said so */
    assert_int_equal(rec.trap_lane, GM_TRAP_NO_LANE);
    assert_true(rec.flags & WIRE_COMMIT_LANE_UNREPORTED);
    trap_end(0, GM_TRAP_ILLEGAL_INSTRUCTION); /* ... which a code naming no lane never needs */
    assert_int_equal(rec.trap_lane, GM_TRAP_NO_LANE);
    assert_false(rec.flags & WIRE_COMMIT_LANE_UNREPORTED);
    for (uint32_t code = 0; code < 32; code++) /* the lane codes, as trap_codes.h lists them */
        assert_int_equal(gm_trap_names_lane(code), code >= GM_TRAP_MISALIGNED_ADDRESS &&
                                                       code <= GM_TRAP_CONST_OUT_OF_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_and_lanes),
        cmocka_unit_test(rows_in_place),
        cmocka_unit_test(contract_breaks),
        cmocka_unit_test(trap_and_unimplemented),
        cmocka_unit_test(trapping_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
