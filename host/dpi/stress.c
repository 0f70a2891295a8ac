/* libgpuhost_dpi: the RTL servers' seeded stress (cosim/common's stress.h)
 * for a testbench's own board side (gpuhost_scoreboard.h): the same setting
 * text, knobs and PRNG, drawn as the servers' board side draws them. */
#include <stdio.h>
#include <stdlib.h>

#include "gpuhost_scoreboard.h"
#include "stress.h"

typedef struct {
    rtl_stress setting;
    rtl_stress_rng rng;
    uint32_t ready_low_left; /* cycles of the rt_ready-low burst still to come */
} stress;

void *gh_sb_stress_open(const char *setting)
{
    char why[256];
    stress *s = calloc(1, sizeof *s);
    if (!s) {
        printf("gpuhost scoreboard: out of memory\n");
        return NULL;
    }
    if (rtl_stress_parse(setting, &s->setting, why, sizeof why) != 0) {
        printf("gpuhost scoreboard: stress '%s': %s\n", setting ? setting : "", why);
        fflush(stdout);
        free(s);
        return NULL;
    }
    rtl_stress_rng_seed(&s->rng, s->setting.seed);
    return s;
}

void gh_sb_stress_close(void *h)
{
    free(h);
}

int gh_sb_stress_ready(void *h)
{
    stress *s = h;
    if (!s)
        return 1;
    if (s->ready_low_left) {
        s->ready_low_left--;
        return 0;
    }
    if (!rtl_stress_chance(&s->rng, s->setting.ready_low))
        return 1;
    s->ready_low_left = rtl_stress_below(&s->rng, s->setting.ready_burst);
    return 0;
}

int gh_sb_stress_mem_wait(void *h)
{
    stress *s = h;
    if (!s || !s->setting.mem_max || rtl_stress_chance(&s->rng, s->setting.mem_zero))
        return 0;
    return 1 + (int)rtl_stress_below(&s->rng, s->setting.mem_max);
}

int gh_sb_stress_gap(void *h)
{
    stress *s = h;
    return s && s->setting.gap_max ? (int)rtl_stress_below(&s->rng, s->setting.gap_max + 1) : 0;
}

int gh_sb_stress_step_width(void *h)
{
    stress *s = h;
    return s && s->setting.step_max > 1 ? 1 + (int)rtl_stress_below(&s->rng, s->setting.step_max) : 1;
}

const char *gh_sb_stress_text(void *h)
{
    static _Thread_local char text[RTL_STRESS_TEXT_MAX];
    stress *s = h;
    if (!s)
        return "none";
    rtl_stress_format(&s->setting, text, sizeof text);
    return text;
}
