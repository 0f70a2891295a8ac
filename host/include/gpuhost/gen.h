/* libgpuhost: what random kernels (isa/random_kernel.h, `gpuhost gen`) may
 * use on a target: every limit it declares. */
#ifndef GPUHOST_GEN_H
#define GPUHOST_GEN_H

#include "gpuhost/target.h"
#include "isa/random_kernel.h"

/* Fills ko's implemented set and lacking variants, max_code, and clock (a
 * real board's clock counts cycles, the model's instructions: no clock reads
 * there); warps is the caller's, within the target's max_warps. */
void gh_gen_fit(const gh_target *t, isa_random_kernel_opts *ko);

#endif
