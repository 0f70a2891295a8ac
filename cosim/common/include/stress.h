/* cosim/common: seeded stress of the DUT port's handshakes, as a board may
 * apply it (hdl_stubs/README.md, "Stress"). The board side of the port
 * (servers/rtlsim/dut_rtl.c: gpu-rtlsim, every server built like it, gpu-usbemu
 * --dut rtl) holds rt_ready low in bursts (T9), answers memory requests
 * combinationally or cycles later (T11), waits idle cycles before a backdoor
 * request or a step pulse and widens step pulses (T6, T12): everything the
 * contract lets a board do, drawn from a small PRNG seeded by the setting,
 * so a run reruns cycle for cycle from the seed. gpuhost reads the same text
 * (--stress, the descriptor key `stress`) to refuse a bad one before any
 * server starts. Plain C, no allocation. */
#ifndef COSIM_STRESS_H
#define COSIM_STRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The setting: SEED[:ITEM[,ITEM...]], ITEM a profile (none, light, heavy)
 * or KNOB=N, applied left to right over the profile heavy (the default). */
typedef struct {
    uint64_t seed;
    uint32_t ready_low;   /* ready-low: % chance each cycle that an rt_ready-low burst starts (0..99) */
    uint32_t ready_burst; /* ready-burst: a burst lasts 1..N cycles */
    uint32_t mem_zero;    /* mem-zero: % of memory requests acknowledged in the cycle they appear (0..100) */
    uint32_t mem_max;     /* mem-max: the others 1..N cycles later (0: every one at once) */
    uint32_t gap_max;     /* gap-max: 0..N idle cycles before each backdoor request and step pulse */
    uint32_t step_max;    /* step-max: a step pulse is 1..N cycles wide */
} rtl_stress;

#define RTL_STRESS_TEXT_MAX 160 /* the longest setting rtl_stress_format writes, with its NUL */

/* 0, or -1 with why (what is wrong, without the option's name) in why[len]. */
int rtl_stress_parse(const char *text, rtl_stress *out, char *why, size_t len);
/* The setting as text that parses back to it: "7:heavy" when it is a
 * profile, else every knob ("7:ready-low=40,ready-burst=8,..."). */
void rtl_stress_format(const rtl_stress *s, char *out, size_t len);
/* The knobs in words, for reports and --help. */
void rtl_stress_describe(const rtl_stress *s, char *out, size_t len);
/* The profile's name when the knobs are exactly one ("none" included), else "custom". */
const char *rtl_stress_profile(const rtl_stress *s);
/* Whether the setting changes anything (a profile other than none). */
bool rtl_stress_active(const rtl_stress *s);
/* The syntax, a line or two (usage texts). */
extern const char rtl_stress_usage[];

/* The PRNG (xorshift64*, seeded through splitmix64): one per DUT. */
typedef struct {
    uint64_t state;
} rtl_stress_rng;
void rtl_stress_rng_seed(rtl_stress_rng *r, uint64_t seed);
/* 0..n-1 (0 when n is 0). */
uint32_t rtl_stress_below(rtl_stress_rng *r, uint32_t n);
/* true with percent % probability. */
bool rtl_stress_chance(rtl_stress_rng *r, uint32_t percent);

#ifdef __cplusplus
}
#endif
#endif
