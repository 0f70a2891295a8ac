/* servers/common: a DUT that is the functional model, for the emulated USB
 * board and for testing lockstep without RTL. Faults can be injected to
 * prove that lockstep catches them (fw/faults.h: the same kinds and
 * semantics as hdl_stubs/gpu_core.v). */
#ifndef FW_DUT_MODEL_H
#define FW_DUT_MODEL_H

#include "isa/modifier.h"
#include "fw/fw.h"
#include "gm/model.h"

#include "fw/faults.h"

/* CAPS max_code: the most instructions a kernel container holds
 * (isa/kernel.h); an index beyond could only be a mistake, and a gap up to it
 * costs at most 1 GiB of zero words. */
#define FW_DUT_MODEL_MAX_CODE (ISA_KERNEL_MAX_FILE_SIZE / 16u)

typedef struct {
    isa_kernel *kernel; /* what LOAD_* built; the model is made at LAUNCH */
    gm_model *model;
    gm_model *before; /* while a fault is armed: the model one step behind, for old values */
    uint32_t fault_kind, fault_param;
    uint64_t fault_at, retired;
    bool fault_struck;
    /* variants it declares lacking (gpu-modelsim --lack, tests of a partial
     * core's capabilities): declared only; the model would run them */
    uint8_t lacking[WIRE_VARIANT_MAP_BYTES];
    isa_modifier_value lacking_values[WIRE_MAX_LACKING_MODIFIERS]; /* --lack MOV_R.64: modifier values */
    uint32_t lacking_value_count;
    /* the port contract revision it presents (gpu-modelsim --contract: a
     * core older than the CONTRACT word presents 0, and no map at all,
     * though it still lacks what it lacks) */
    uint32_t contract;
    /* a smaller DUT than the model's limits (gpu-modelsim --max-code,
     * --max-warps: tests of what gpuhost fits into a target); 0: the defaults */
    uint32_t max_code, max_warps;
} fw_dut_model;

extern const fw_dut_ops fw_dut_model_ops;
int fw_dut_model_init(fw_dut_model *d);
void fw_dut_model_free(fw_dut_model *d);
/* Writes a word of the running kernel's memory behind its back (a DUT that
 * stores where no record says, dut_mutant.h). 0, or -1 before launch. */
int fw_dut_model_poke(void *ctx, uint64_t addr, uint32_t word);

#endif
