/* Model tests of group IALU: the lane-state runner (see ialu_lanes.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "ialu_lanes.h"

#define SOURCE_SIZE 32768

void il_append_lanes(char *buf, size_t len, const char *directive, const char *reg,
                     const uint32_t *values)
{
    size_t used = strlen(buf);
    used += (size_t)snprintf(buf + used, len - used, "%s %s", directive, reg);
    for (unsigned l = 0; l < IL_LANES && used < len; l++)
        used += (size_t)snprintf(buf + used, len - used, " 0x%x", values[l]);
    if (used < len)
        snprintf(buf + used, len - used, "\n");
}

/* .init or .expect lines for R0..R5 and P0..P6 of a warp state. */
static void append_state(char *buf, const char *directive, const il_lane *s, bool gprs,
                         uint8_t pred_mask)
{
    uint32_t v[IL_LANES];
    char reg[8];
    for (unsigned r = 0; gprs && r < IL_GPRS; r++) {
        for (unsigned l = 0; l < IL_LANES; l++)
            v[l] = s[l].r[r];
        snprintf(reg, sizeof reg, "R%u", r);
        il_append_lanes(buf, SOURCE_SIZE, directive, reg, v);
    }
    for (unsigned p = 0; p < 7; p++) {
        if (!((pred_mask >> p) & 1u))
            continue;
        for (unsigned l = 0; l < IL_LANES; l++)
            v[l] = (s[l].p >> p) & 1u;
        snprintf(reg, sizeof reg, "P%u", p);
        il_append_lanes(buf, SOURCE_SIZE, directive, reg, v);
    }
}

static void run_and_free(const char *src)
{
    th_run_t r = th_run_pass(src);
    th_free(&r);
}

void il_run_state(const char *code, const char *extra, const il_lane *in, const il_lane *out)
{
    char *src = calloc(1, SOURCE_SIZE);
    assert_non_null(src);
    /* the code first: a failure message shows the start of the source */
    snprintf(src, SOURCE_SIZE, "%s\nEXIT ;\n%s\n", code, extra ? extra : "");
    append_state(src, ".init", in, true, 0x7f);
    append_state(src, ".expect", out, true, 0x7f);
    run_and_free(src);
    free(src);
}

void il_check_vectors(const char *code, const char *extra, const il_vec *v, size_t n,
                      unsigned checks)
{
    il_lane in[IL_LANES], out[IL_LANES];
    for (unsigned l = 0; l < IL_LANES; l++) {
        const il_vec *x = &v[l % n];
        in[l] = (il_lane){{0xDEAD0000u | l, 0xDEAD0000u | l, x->r2, x->r3, x->r4, x->r5, 6, 7}, x->p_in};
        out[l] = (il_lane){{x->r0, x->r1, 0, 0, 0, 0, 0, 0}, x->p_out};
    }
    char *src = calloc(1, SOURCE_SIZE);
    assert_non_null(src);
    snprintf(src, SOURCE_SIZE, "%s\nEXIT ;\n%s\n", code, extra ? extra : "");
    append_state(src, ".init", in, true, 0x7f);
    uint32_t values[IL_LANES];
    if (checks & IL_R0) {
        for (unsigned l = 0; l < IL_LANES; l++)
            values[l] = out[l].r[0];
        il_append_lanes(src, SOURCE_SIZE, ".expect", "R0", values);
    }
    if (checks & IL_R1) {
        for (unsigned l = 0; l < IL_LANES; l++)
            values[l] = out[l].r[1];
        il_append_lanes(src, SOURCE_SIZE, ".expect", "R1", values);
    }
    if (checks & IL_P)
        append_state(src, ".expect", out, false, 0x7f);
    run_and_free(src);
    free(src);
}

static uint64_t rng_state = 0x243F6A8885A308D3u;

uint32_t il_random(void)
{
    /* xorshift64*: good enough, and the same sequence on every run */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Du) >> 32);
}

uint32_t il_random_word(void)
{
    static const uint32_t edges[] = {0,          1,          2,          0x7f,       0x80,
                                     0xff,       0x100,      0x7fff,     0x8000,     0xffff,
                                     0x10000,    0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe,
                                     0xffffffff, 0xffffff80, 0xffff8000, 0x1f,       0x20,
                                     0x21,       0x3f,       0x40,       0x41};
    uint32_t pick = il_random() % 6;
    if (pick < 2)
        return edges[il_random() % (sizeof edges / sizeof edges[0])];
    if (pick == 2)
        return il_random() & 0xff;
    return il_random();
}

void il_random_state(il_lane *lanes)
{
    for (unsigned l = 0; l < IL_LANES; l++) {
        for (unsigned r = 0; r < IL_GPRS; r++)
            lanes[l].r[r] = il_random_word();
        lanes[l].p = (uint8_t)(il_random() & 0x7f);
    }
}
