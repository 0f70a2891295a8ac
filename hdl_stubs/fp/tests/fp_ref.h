/* hdl_stubs/fp tests: the reference side, the functional model itself
 * (cosim/model's public API: gm_new, gm_write_reg, gm_inject, gm_gpr,
 * gm_pred_mask). An instruction is given as assembly text, assembled once
 * (libisa) and injected into one warp whose registers hold the operands. */
#ifndef FP_REF_H
#define FP_REF_H

#include <stddef.h>

#include "fp_vl.h"

typedef struct fpref fpref;

/* NULL with the reason in err on failure. */
fpref *fpref_new(char *err, size_t errlen);
void fpref_free(fpref **r);

/* Executes `insn` (one instruction, e.g. "FFMA.RP R0, -R1, R2, R3") in all
 * 32 lanes with R1, R2, R3 = in->a, b, c and P0 = in->p; out->d = R0,
 * out->pu/pv = P1/P2 afterwards. 0, or -1 with the reason in err (the text
 * does not assemble, or the instruction trapped). */
int fpref_exec(fpref *r, const char *insn, const fpvl_in *in, fpvl_out *out, char *err,
               size_t errlen);

#endif
