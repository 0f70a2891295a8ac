/* cosim/common: the stress setting and its PRNG (stress.h). */
#include "stress.h"

#include <stdio.h>
#include <string.h>

#define KNOB_LIMIT 1000u /* cycles: a larger stall is a watchdog test, not a handshake one */

/* Every setting must let a correct core finish: ready-low stops at 99 (at
 * 100 a burst starts every cycle, so rt_ready never rises: no beat is ever
 * taken). `reason` says why a knob's bound is what it is, when it is not plain. */
static const struct knob {
    const char *name;
    size_t offset;
    uint32_t min, max;
    const char *reason;
} knobs[] = {
    {"ready-low", offsetof(rtl_stress, ready_low), 0, 99, "at 100 rt_ready never rises: no run could end"},
    {"ready-burst", offsetof(rtl_stress, ready_burst), 1, KNOB_LIMIT, NULL},
    {"mem-zero", offsetof(rtl_stress, mem_zero), 0, 100, NULL},
    {"mem-max", offsetof(rtl_stress, mem_max), 0, KNOB_LIMIT, NULL},
    {"gap-max", offsetof(rtl_stress, gap_max), 0, KNOB_LIMIT, NULL},
    {"step-max", offsetof(rtl_stress, step_max), 1, KNOB_LIMIT, NULL},
};
#define KNOBS (sizeof knobs / sizeof knobs[0])

/* The profiles: the knobs in the table's order. */
static const struct profile {
    const char *name;
    uint32_t v[KNOBS];
} profiles[] = {
    {"none", {0, 1, 100, 0, 0, 1}},
    {"light", {10, 2, 50, 3, 1, 2}},
    {"heavy", {40, 8, 20, 16, 4, 8}},
};
#define PROFILES (sizeof profiles / sizeof profiles[0])
#define DEFAULT_PROFILE 2 /* heavy */

const char rtl_stress_usage[] =
    "SEED[:ITEM[,ITEM...]]: SEED 0..2^64-1; ITEM a profile (none, light, heavy; default heavy)\n"
    "or KNOB=N: ready-low=% (an rt_ready-low burst starts), ready-burst=N (1..N cycles),\n"
    "mem-zero=% (memory requests answered at once), mem-max=N (the others 1..N cycles later),\n"
    "gap-max=N (idle cycles before a backdoor request or step), step-max=N (step pulse width)";

static uint32_t *field(rtl_stress *s, size_t k)
{
    return (uint32_t *)(void *)((char *)s + knobs[k].offset);
}

static uint32_t value(const rtl_stress *s, size_t k)
{
    return *(const uint32_t *)(const void *)((const char *)s + knobs[k].offset);
}

static void apply_profile(rtl_stress *s, size_t p)
{
    for (size_t k = 0; k < KNOBS; k++)
        *field(s, k) = profiles[p].v[k];
}

/* Decimal or 0x digits, the whole of [p, end), at most max. */
static int number(const char *p, const char *end, uint64_t max, uint64_t *out)
{
    unsigned base = 10;
    if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16, p += 2;
    if (p == end)
        return -1;
    uint64_t v = 0;
    for (; p < end; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9')
            d = (unsigned)(*p - '0');
        else if (base == 16 && *p >= 'a' && *p <= 'f')
            d = (unsigned)(*p - 'a' + 10);
        else if (base == 16 && *p >= 'A' && *p <= 'F')
            d = (unsigned)(*p - 'A' + 10);
        else
            return -1;
        if (v > (max - d) / base)
            return -1;
        v = v * base + d;
    }
    *out = v;
    return 0;
}

static int item(rtl_stress *s, const char *p, const char *end, char *why, size_t len)
{
    size_t n = (size_t)(end - p);
    for (size_t i = 0; i < PROFILES; i++)
        if (strlen(profiles[i].name) == n && memcmp(profiles[i].name, p, n) == 0) {
            apply_profile(s, i);
            return 0;
        }
    const char *eq = memchr(p, '=', n);
    for (size_t k = 0; eq && k < KNOBS; k++) {
        if (strlen(knobs[k].name) != (size_t)(eq - p) || memcmp(knobs[k].name, p, (size_t)(eq - p)) != 0)
            continue;
        uint64_t v;
        if (number(eq + 1, end, UINT32_MAX, &v) != 0 || v < knobs[k].min || v > knobs[k].max) {
            snprintf(why, len, "%s takes %u..%u, not '%.*s'%s%s", knobs[k].name, (unsigned)knobs[k].min,
                     (unsigned)knobs[k].max, (int)(end - eq - 1), eq + 1, knobs[k].reason ? ": " : "",
                     knobs[k].reason ? knobs[k].reason : "");
            return -1;
        }
        *field(s, k) = (uint32_t)v;
        return 0;
    }
    snprintf(why, len, "'%.*s' is neither a profile (none, light, heavy) nor a knob (ready-low, ready-burst, "
             "mem-zero, mem-max, gap-max, step-max)=N", (int)n, p);
    return -1;
}

int rtl_stress_parse(const char *text, rtl_stress *out, char *why, size_t len)
{
    if (!text || !*text) {
        snprintf(why, len, "an empty setting (SEED[:PROFILE], e.g. 7:heavy)");
        return -1;
    }
    rtl_stress s = {0};
    apply_profile(&s, DEFAULT_PROFILE);
    const char *colon = strchr(text, ':');
    const char *seed_end = colon ? colon : text + strlen(text);
    if (number(text, seed_end, UINT64_MAX, &s.seed) != 0) {
        snprintf(why, len, "the seed '%.*s' is not a number 0..2^64-1 (SEED[:PROFILE], e.g. 7:heavy)",
                 (int)(seed_end - text), text);
        return -1;
    }
    if (colon) {
        const char *p = colon + 1;
        for (;;) {
            const char *end = strchr(p, ',');
            if (!end)
                end = p + strlen(p);
            if (end == p) {
                snprintf(why, len, "an empty item after the seed (SEED[:PROFILE[,KNOB=N...]])");
                return -1;
            }
            if (item(&s, p, end, why, len) != 0)
                return -1;
            if (!*end)
                break;
            p = end + 1;
        }
    }
    *out = s;
    return 0;
}

const char *rtl_stress_profile(const rtl_stress *s)
{
    for (size_t i = 0; i < PROFILES; i++) {
        size_t k = 0;
        while (k < KNOBS && value(s, k) == profiles[i].v[k])
            k++;
        if (k == KNOBS)
            return profiles[i].name;
    }
    return "custom";
}

bool rtl_stress_active(const rtl_stress *s)
{
    return strcmp(rtl_stress_profile(s), "none") != 0;
}

void rtl_stress_format(const rtl_stress *s, char *out, size_t len)
{
    const char *p = rtl_stress_profile(s);
    int n = snprintf(out, len, "%llu:%s", (unsigned long long)s->seed, strcmp(p, "custom") ? p : "");
    for (size_t k = 0; !strcmp(p, "custom") && k < KNOBS && n >= 0 && (size_t)n < len; k++)
        n += snprintf(out + n, len - (size_t)n, "%s%s=%u", k ? "," : "", knobs[k].name, (unsigned)value(s, k));
}

void rtl_stress_describe(const rtl_stress *s, char *out, size_t len)
{
    if (!rtl_stress_active(s)) {
        snprintf(out, len, "no stress: rt_ready always high, memory answered at once");
        return;
    }
    snprintf(out, len,
             "rt_ready low in bursts of 1..%u cycles starting %u%% of cycles; memory answered at once %u%%, "
             "else 1..%u cycles later; 0..%u idle cycles before a backdoor request or step; step pulses 1..%u "
             "cycles",
             (unsigned)s->ready_burst, (unsigned)s->ready_low, (unsigned)s->mem_zero, (unsigned)s->mem_max,
             (unsigned)s->gap_max, (unsigned)s->step_max);
}

void rtl_stress_rng_seed(rtl_stress_rng *r, uint64_t seed)
{
    uint64_t z = seed + UINT64_C(0x9e3779b97f4a7c15); /* splitmix64: any seed, 0 included, gives a good state */
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    z ^= z >> 31;
    r->state = z ? z : UINT64_C(0x2545f4914f6cdd1d);
}

static uint64_t next(rtl_stress_rng *r)
{
    uint64_t x = r->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->state = x;
    return x * UINT64_C(0x2545f4914f6cdd1d);
}

uint32_t rtl_stress_below(rtl_stress_rng *r, uint32_t n)
{
    return (uint32_t)(((next(r) >> 32) * (uint64_t)n) >> 32);
}

bool rtl_stress_chance(rtl_stress_rng *r, uint32_t percent)
{
    return percent && rtl_stress_below(r, 100) < percent;
}
