/* Model: approximate results (gm/fp_layout.h): which words are MUFU, how
 * their results are laid out, the distance in ulps, and the nudge test DUTs
 * use. The distance decides whether a target's MUFU value passes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gm/fp_layout.h"
#include "isa/isa.h"

static const gm_fp_layout F32 = {1, 32, 8, 23}, F16 = {1, 16, 5, 10}, F16X2 = {2, 16, 5, 10},
                          BF16X2 = {2, 16, 8, 7}, F64H = {1, 32, 11, 20};

static isa_word assemble(const char *text)
{
    isa_word w;
    isa_diag diag;
    isa_context ctx = {0};
    if (isa_asm(text, &ctx, &w, NULL, &diag) != 0)
        fail_msg("%s: %s", text, diag.message);
    return w;
}

static void layout_of_each_dtype(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        gm_fp_layout want;
    } cases[] = {
        {"MUFU.EX2.F32 R0, R1", {1, 32, 8, 23}},      {"MUFU.RCP.F64 R0, R1", {1, 32, 11, 20}},
        {"MUFU.EX2.F16 R0, R1", {1, 16, 5, 10}},      {"MUFU.TANH.BF16 R0, R1", {1, 16, 8, 7}},
        {"MUFU.EX2.F16_V2 R0, R1", {2, 16, 5, 10}},   {"MUFU.TANH.BF16_V2 R0, R1", {2, 16, 8, 7}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gm_approximate a;
        if (!gm_approximate_of(assemble(cases[i].text), &a))
            fail_msg("%s: not approximate", cases[i].text);
        assert_int_equal(a.optype, gm_mufu_optype());
        assert_memory_equal(&a.layout, &cases[i].want, sizeof a.layout);
    }
    gm_approximate a;
    assert_false(gm_approximate_of(assemble("FADD R0, R1, R2"), &a));
    assert_false(gm_approximate_of(assemble("IADD R0, R1, R2"), &a));
}

static void distance(void **state)
{
    (void)state;
    assert_int_equal(gm_ulp_distance(&F32, 0x3f800000u, 0x3f800000u), 0);
    assert_int_equal(gm_ulp_distance(&F32, 0x3f800000u, 0x3f800003u), 3);
    assert_int_equal(gm_ulp_distance(&F32, 0x3f800000u, 0x3f7fffffu), 1);  /* across a binade */
    assert_int_equal(gm_ulp_distance(&F32, 0xbf800000u, 0xbf800002u), 2);  /* negative values */
    assert_int_equal(gm_ulp_distance(&F32, 0x00000000u, 0x00000001u), 1);  /* +0 and the least subnormal */
    assert_int_equal(gm_ulp_distance(&F32, 0x7f7fffffu, 0x7f800000u), GM_ULP_INCOMPARABLE); /* Inf */
    assert_int_equal(gm_ulp_distance(&F32, 0x7fffffffu, 0x7ffffffeu), GM_ULP_INCOMPARABLE); /* NaNs */
    assert_int_equal(gm_ulp_distance(&F32, 0x00000000u, 0x80000000u), GM_ULP_INCOMPARABLE); /* signs */
    assert_int_equal(gm_ulp_distance(&F64H, 0x3ff00000u, 0x3ff00004u), 4);
    assert_int_equal(gm_ulp_distance(&F64H, 0x7fefffffu, 0x7ff00000u), GM_ULP_INCOMPARABLE);
    /* pairs: the worse half counts; each half on its own terms */
    assert_int_equal(gm_ulp_distance(&F16X2, 0x3c003c00u, 0x3c023c01u), 2);
    assert_int_equal(gm_ulp_distance(&F16X2, 0x3c007c00u, 0x3c007c01u), GM_ULP_INCOMPARABLE);
    assert_int_equal(gm_ulp_distance(&BF16X2, 0x3f803f80u, 0x3f813f80u), 1);
    /* a scalar half: the unused upper half must match */
    assert_int_equal(gm_ulp_distance(&F16, 0x00003c00u, 0x00003c01u), 1);
    assert_int_equal(gm_ulp_distance(&F16, 0x00003c00u, 0x00013c00u), GM_ULP_INCOMPARABLE);
}

static void nudge(void **state)
{
    (void)state;
    assert_int_equal(gm_ulp_nudge(&F32, 0x3f800000u, 2), 0x3f800002u);
    assert_int_equal(gm_ulp_nudge(&F32, 0xbf800000u, 1), 0xbf800001u);
    assert_int_equal(gm_ulp_nudge(&F32, 0x7f7fffffu, 1), 0x7f7ffffeu); /* stays finite */
    assert_int_equal(gm_ulp_nudge(&F32, 0x7f800000u, 1), 0x7f800000u); /* Inf unchanged */
    assert_int_equal(gm_ulp_nudge(&F32, 0x7fffffffu, 1), 0x7fffffffu); /* NaN unchanged */
    assert_int_equal(gm_ulp_nudge(&F16X2, 0x3c00fc00u, 1), 0x3c01fc00u);
    assert_int_equal(gm_ulp_nudge(&F16, 0x00003c00u, 3), 0x00003c03u);
    for (uint32_t x = 0; x < 0x7f800000u; x += 0x00f00f01u) /* nudging by n is n ulps away */
        assert_int_equal(gm_ulp_distance(&F32, x, gm_ulp_nudge(&F32, x, 5)), 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout_of_each_dtype),
        cmocka_unit_test(distance),
        cmocka_unit_test(nudge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
