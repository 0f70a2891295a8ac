/* fw host HAL: a DUT that is the functional model, for the emulated USB
 * board and for testing lockstep without RTL. Faults can be injected to
 * prove that lockstep catches them (same kinds as hdl_stubs). */
#ifndef FW_DUT_MODEL_H
#define FW_DUT_MODEL_H

#include "fw/fw.h"
#include "gm/model.h"

enum fw_fault {
    FW_FAULT_NONE = 0,
    FW_FAULT_WRONG_LANE = 1,      /* the first GPR write lands in the next lane too */
    FW_FAULT_FLIP_BIT = 2,        /* bit `param` of the first written value flips */
    FW_FAULT_DROP_PRED = 3,       /* the first predicate write is lost */
    FW_FAULT_STRAY_WRITE = 4,     /* the result is also written to register rd + param */
    FW_FAULT_WRONG_BRANCH = 5,    /* a taken branch lands 16 * param bytes (16 if 0) further */
    FW_FAULT_WRONG_ADDRESS = 6,   /* the store goes 4 bytes further */
};

typedef struct {
    isa_kernel *kernel; /* what LOAD_* built; the model is made at LAUNCH */
    gm_model *model;
    uint32_t fault_kind, fault_param;
    uint64_t fault_at, retired;
} fw_dut_model;

extern const fw_dut_ops fw_dut_model_ops;
int fw_dut_model_init(fw_dut_model *d);
void fw_dut_model_free(fw_dut_model *d);

#endif
