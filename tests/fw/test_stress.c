/* The stress setting (cosim/common/src/stress.c): profiles and knobs parse
 * strictly and format back to text that parses to the same setting; the
 * PRNG is a function of its seed alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "stress.h"

static void profiles(void **state)
{
    (void)state;
    rtl_stress s;
    char why[256], text[RTL_STRESS_TEXT_MAX];
    assert_int_equal(rtl_stress_parse("7", &s, why, sizeof why), 0);
    assert_string_equal(rtl_stress_profile(&s), "heavy"); /* the default */
    assert_int_equal(rtl_stress_parse("0x10:none", &s, why, sizeof why), 0);
    assert_true(s.seed == 16 && !rtl_stress_active(&s));
    assert_int_equal(rtl_stress_parse("18446744073709551615:light", &s, why, sizeof why), 0);
    assert_true(s.seed == UINT64_MAX && s.ready_low == 10 && s.mem_max == 3);
    rtl_stress_format(&s, text, sizeof text);
    assert_string_equal(text, "18446744073709551615:light");
}

static void knobs(void **state)
{
    (void)state;
    rtl_stress s, again;
    char why[256], text[RTL_STRESS_TEXT_MAX];
    assert_int_equal(rtl_stress_parse("3:light,mem-max=40,step-max=1", &s, why, sizeof why), 0);
    assert_string_equal(rtl_stress_profile(&s), "custom");
    rtl_stress_format(&s, text, sizeof text);
    assert_string_equal(text, "3:ready-low=10,ready-burst=2,mem-zero=50,mem-max=40,gap-max=1,step-max=1");
    assert_int_equal(rtl_stress_parse(text, &again, why, sizeof why), 0);
    assert_memory_equal(&s, &again, sizeof s);
    assert_int_equal(rtl_stress_parse("3:mem-max=0,heavy", &s, why, sizeof why), 0); /* left to right */
    assert_int_equal(s.mem_max, 16);
}

static void refused(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"", "empty"},
        {"x", "the seed 'x'"},
        {"-1:heavy", "the seed '-1'"},
        {"18446744073709551616", "the seed"},
        {"7:", "an empty item"},
        {"7:heavy,", "an empty item"},
        {"7:wild", "'wild' is neither a profile"},
        {"7:ready-low=101", "ready-low takes 0..99"},
        {"7:ready-low=100", "at 100 rt_ready never rises"},
        {"7:ready-burst=0", "ready-burst takes 1..1000"},
        {"7:mem-max=1001", "mem-max takes 0..1000"},
        {"7:mem-max=", "mem-max takes"},
        {"7:mem-max=4x", "mem-max takes"},
        {"7:step-max=99999999999", "step-max takes"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rtl_stress s = {.seed = 99};
        char why[256] = "";
        assert_int_equal(rtl_stress_parse(bad[i].text, &s, why, sizeof why), -1);
        assert_non_null(strstr(why, bad[i].why));
        assert_true(s.seed == 99); /* untouched */
    }
}

static void prng(void **state)
{
    (void)state;
    rtl_stress_rng a, b;
    rtl_stress_rng_seed(&a, 7);
    rtl_stress_rng_seed(&b, 7);
    unsigned low = 0;
    for (int i = 0; i < 10000; i++) {
        uint32_t x = rtl_stress_below(&a, 100);
        assert_int_equal(x, rtl_stress_below(&b, 100));
        assert_true(x < 100);
        low += rtl_stress_chance(&a, 40);
        rtl_stress_chance(&b, 40);
    }
    assert_true(low > 3500 && low < 4500); /* about 40% */
    rtl_stress_rng_seed(&b, 8);
    assert_int_not_equal(rtl_stress_below(&a, UINT32_MAX), rtl_stress_below(&b, UINT32_MAX));
    assert_int_equal(rtl_stress_below(&a, 0), 0);
    assert_false(rtl_stress_chance(&a, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(profiles),
        cmocka_unit_test(knobs),
        cmocka_unit_test(refused),
        cmocka_unit_test(prng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
