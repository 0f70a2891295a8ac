/* hdl_stubs/fp tests: the thin C++ harness around the Verilated fp_lanes
 * (32 lanes of fp32_unit, fp_halu2 and fp_mufu), as a C API. Each call
 * drives one clock edge with the given lanes enabled and reads the results. */
#ifndef FP_VL_H
#define FP_VL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FPVL_LANES 32

typedef struct fpvl fpvl;

/* fp32_unit's controls (fp32_unit.v) */
typedef struct {
    unsigned op, rnd, ftz, sat, nan, cmp, lop, neg, abs;
} fpvl_fp32_ctl;

/* fp_halu2's controls (fp_halu2.v) */
typedef struct {
    unsigned op, bf16, f32, rnd, ftz, sat, relu, nan, cmp, lop, bval, neg, abs, hsel;
} fpvl_halu_ctl;

/* fp_mufu's controls (fp_mufu.v) */
typedef struct {
    unsigned fn, dtype, abs, neg, h1, sat;
} fpvl_mufu_ctl;

/* Operands and results of the 32 lanes; p, pu, pv: bit l = lane l. */
typedef struct {
    uint32_t a[FPVL_LANES], b[FPVL_LANES], c[FPVL_LANES];
    uint32_t p;
} fpvl_in;

typedef struct {
    uint32_t d[FPVL_LANES];
    uint32_t pu, pv;
    /* the unit's single-lane instance (LANES = 1), given lane 0's operands */
    uint32_t d1, pu1, pv1;
    /* MUFU only: the single-lane fp_mufu without the _V2 datapath (V2 = 0) */
    uint32_t d1n;
} fpvl_out;

/* NULL when out of memory. */
fpvl *fpvl_new(void);
void fpvl_free(fpvl **h);

/* One edge with the unit enabled in the lanes of `mask`; results of those lanes. */
void fpvl_fp32(fpvl *h, const fpvl_fp32_ctl *ctl, uint32_t mask, const fpvl_in *in, fpvl_out *out);
void fpvl_halu(fpvl *h, const fpvl_halu_ctl *ctl, uint32_t mask, const fpvl_in *in, fpvl_out *out);
/* MUFU reads only b. */
void fpvl_mufu(fpvl *h, const fpvl_mufu_ctl *ctl, uint32_t mask, const fpvl_in *in, fpvl_out *out);

/* Benchmark: n edges with every unit idle (enables low), or with one unit
 * busy in all 32 lanes on operands that change every edge. */
typedef enum { FPVL_IDLE, FPVL_BUSY_FFMA, FPVL_BUSY_HFMA2, FPVL_BUSY_MUFU } fpvl_load;
void fpvl_run(fpvl *h, fpvl_load load, uint64_t n);

#ifdef __cplusplus
}
#endif

#endif
