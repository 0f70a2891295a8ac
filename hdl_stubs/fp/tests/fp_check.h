/* hdl_stubs/fp tests: what every check suite shares: the Verilated units,
 * the model, a random source, and mismatch accounting. */
#ifndef FP_CHECK_H
#define FP_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fp_gen.h"
#include "fp_ref.h"
#include "fp_vl.h"

#define FPC_MAX_REPORTS 20 /* mismatches printed in full; the rest are counted */

typedef struct {
    fpvl *vl;
    fpref *ref;
    fpg_rng rng;
    unsigned long compared, mismatches; /* lane results */
    FILE *vectors; /* when set, every batch run is also written here (fpc_vectors) */
} fpc;

/* Vectors for the other simulator (fp_vectors_tb.v): per lane one line
 * "UNIT CTL A B C P D PU PV" in hex, CTL the controls packed as the
 * testbench unpacks them, D PU PV what the Verilated unit produced. */
enum { FPC_UNIT_FP32, FPC_UNIT_HALU, FPC_UNIT_MUFU };
void fpc_vectors(fpc *c, unsigned unit, uint32_t ctl, const fpvl_in *in, const fpvl_out *got);

/* Runs `insn` on the model into *want; exits the program (status 1) when the
 * model refuses it: a check that cannot run must not pass. */
void fpc_model(fpc *c, const char *insn, const fpvl_in *in, fpvl_out *want);

/* Counts one compared lane result; prints a mismatch in full (the first
 * FPC_MAX_REPORTS): the instruction, the unit's controls, lane, inputs,
 * the model's value and the unit's. */
void fpc_compare(fpc *c, const char *insn, const char *controls, unsigned lane,
                 const fpvl_in *in, const char *what, uint32_t want, uint32_t got);

/* Runs the unit on one batch (mask all lanes); k: its controls. */
typedef void (*fpc_unit_run)(fpvl *vl, const void *k, const fpvl_in *in, fpvl_out *out);

/* One batch of an instruction with a pp operand: `insn` on the model, the
 * unit with pp inverted when pnot (it takes pp after .not), the single-lane
 * instance, the vectors (unit, ctl_bits), then every lane's predicates
 * (preds) or Rd. */
void fpc_batch(fpc *c, const char *insn, const char *controls, bool pnot, bool preds,
               const fpvl_in *in, fpc_unit_run run, const void *k, unsigned unit,
               uint32_t ctl_bits);

/* Suites: 0 when every compared result matched, 1 otherwise. */
int fpc_fp32_random(fpc *c, unsigned long batches);
int fpc_fp32_edges(fpc *c);
int fpc_halu_random(fpc *c, unsigned long batches);
int fpc_halu_edges(fpc *c);
int fpc_halu_sweep(fpc *c, unsigned b_values);
int fpc_mufu(fpc *c, unsigned f32_stride, unsigned f64_stride, const char *tolerance_path);
/* MUFU on `batches` random legal (function, format) pairs and inputs. */
int fpc_mufu_random(fpc *c, unsigned long batches, const char *tolerance_path);

#endif
