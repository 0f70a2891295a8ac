/* A target's commit record is compared only once its shape holds: writes
 * out of range (R255, P7, UR63, UP7) and a register written twice are each
 * a divergence, never "0 differences" (host/lib/record_shape.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine.h"

static wire_commit model, target;
static char text[4096];

/* IADD-like record: R5 written on lane 0 */
static void records(void)
{
    memset(&model, 0, sizeof model);
    model.active_mask = model.exec_mask = 1;
    model.gpr_count = 1;
    model.gpr[0].reg = 5, model.gpr[0].lane_mask = 1, model.gpr[0].value[0] = 7;
    target = model;
}

static unsigned compare(void)
{
    gh_text r = {.buf = text, .cap = sizeof text};
    text[0] = '\0';
    gh_caps caps = {0};
    gh_tolerated tol = {.caps = &caps};
    return gh__compare_records(&r, &model, &target, &tol);
}

static void same_record_agrees(void **unused)
{
    (void)unused;
    records();
    assert_int_equal(compare(), 0);
}

static void register_written_twice(void **unused)
{
    (void)unused;
    records();
    target.gpr_count = 2;
    target.gpr[1] = target.gpr[0];
    target.gpr[1].value[0] = 8;
    assert_true(compare() > 0);
    assert_non_null(strstr(text, "record shape: R5 written twice"));
}

static void writes_out_of_range(void **unused)
{
    (void)unused;
    records();
    target.gpr_count = 2;
    target.gpr[1].reg = 255, target.gpr[1].lane_mask = 1;
    target.pred_count = 1;
    target.pred[0].pred = 7, target.pred[0].lane_mask = 1;
    target.ur_count = 1;
    target.ur[0].reg = 63;
    target.upred_mask = 0x80;
    assert_int_equal(compare(), 4);
    assert_non_null(strstr(text, "a write of R255"));
    assert_non_null(strstr(text, "a write of P7"));
    assert_non_null(strstr(text, "a write of UR63"));
    assert_non_null(strstr(text, "a write of UP7"));
}

static void too_many_writes(void **unused)
{
    (void)unused;
    records();
    target.pred_count = WIRE_MAX_PRED_WRITES + 1;
    assert_true(compare() > 0);
    assert_non_null(strstr(text, "more writes than a record holds"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_record_agrees),
        cmocka_unit_test(register_written_twice),
        cmocka_unit_test(writes_out_of_range),
        cmocka_unit_test(too_many_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
