/* libisa: random kernels that run to completion without traps, for lockstep
 * tests and `gpuhost gen`. Every instruction the target implements may occur:
 * random legal instructions (isa/random.h), with the operands that would trap
 * at random (memory addresses, constant offsets, register indices) taken from
 * registers the kernel sets up, and the control flow built as structured
 * constructs: forward branches, if/else regions closed by BSSY/BSYNC, bounded
 * loops, lanes exiting early. */
#ifndef ISA_RANDOM_KERNEL_H
#define ISA_RANDOM_KERNEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/modifier.h"

typedef struct {
    uint64_t seed;
    uint64_t count;        /* instructions in the kernel's body (prologue and final EXIT aside) */
    uint32_t warps;        /* 1..64 */
    bool implemented[256]; /* by optype value: what the target implements */
    bool lacking[256];     /* by variant index (isa_tables): variants it lacks of an optype it implements */
    isa_modifier_value lacking_values[64]; /* modifier values it lacks of a variant it has (MOV_R.64), */
    size_t lacking_value_count;            /* a copy: the target may be closed before the kernel is made */
    bool clock;            /* read SR_CLOCKLO/HI: only where the target's clock counts what the
                            * model's does (instructions issued), not cycles */
    uint32_t max_code;     /* instructions the target's code memory holds (0: no limit): a kernel
                            * that would not fit repeats a body that does, in a loop of about
                            * count / body trips (R47 counts them), so it still runs about count */
    bool only;             /* the body is one instance of variant only_variant (count aside), guard PT, its
                            * operands in range as above; a control-flow variant in its construct,
                            * whose bodies are random (gpuhost selftest: one step per variant) */
    uint16_t only_variant;
} isa_random_kernel_opts;

/* Writes the kernel as assembly text to f; what it leaves out of the
 * implemented set, and why, as lines to notes (may be NULL). 0; -1 with the
 * reason in err; ISA_RANDOM_KERNEL_UNFIT with the reason in err when the
 * target's limits cannot hold such a kernel (nothing usable is implemented,
 * the code memory cannot hold the smallest kernel, a loop its instructions
 * cannot make, or `only` a variant gen cannot place). Write errors are f's. */
#define ISA_RANDOM_KERNEL_UNFIT (-2)
int isa_random_kernel(FILE *f, FILE *notes, const isa_random_kernel_opts *o, char *err, size_t errlen);

#endif
