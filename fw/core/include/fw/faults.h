/* DUT fault injection: the kinds the test DUTs implement with the same
 * semantics (the model DUT, servers/common/dut_model.c, and the stand-in core,
 * hdl_stubs/gpu_core.v through its fault registers). A fault is armed at
 * retire index AT and strikes once, at the first instruction at or after AT
 * that gives it the chance; P is its parameter (0 read as 1 where an amount
 * is needed). Every kind changes the DUT's architectural state, not only
 * what it reports; kinds 7..9 change it without a word in the record, so
 * only a full-state check can see them. Where a copy lands (kinds 4, 7, 8)
 * is best chosen outside what the same instruction writes: the stand-in core
 * writes it as it goes, the model DUT after the instruction.
 * Kinds from FW_FAULT_FIRST_DATAPATH on strike inside the stand-in core's
 * floating-point units (hdl_stubs/gpu_unit_fp32.v, gpu_unit_mufu.v, the NaN
 * payload in gpu_retire.v); "the first lane" is the lowest executing lane.
 * The model DUT has no such datapath: gpu-modelsim and gpu-usbemu --dut model
 * refuse them (exit 2). */
#ifndef FW_FAULTS_H
#define FW_FAULTS_H

#define FW_FAULTS(X)                                                                              \
    X(WRONG_LANE, 1, "the first GPR write lands in lane ^ P (P 0: lane ^ 1) instead of its lane")  \
    X(FLIP_BIT, 2, "the first GPR write's value has bit P flipped")                                \
    X(DROP_PRED, 3, "the first predicate write is neither applied nor reported")                   \
    X(STRAY_WRITE, 4, "the first GPR write also lands (reported) in register rd + P")              \
    X(WRONG_BRANCH, 5, "a taken branch lands 16 * P bytes past its target")                        \
    X(WRONG_ADDRESS, 6, "the first stored word lands 16 * P bytes past its address")               \
    X(HIDDEN_WRITE, 7, "the first GPR write also lands in register rd + P, unreported")           \
    X(HIDDEN_STORE, 8, "the first stored word also lands 16 * P bytes further, unreported")        \
    X(WRONG_LANE_PC, 9, "after the first non-branch instruction, its lowest active lane's PC is 16 * P further, unreported") \
    X(WRONG_ROUNDING, 10, "the first FADD, FMUL or FFMA rounding to nearest truncates instead (.RZ) on its first lane") \
    X(NAN_PAYLOAD, 11, "the first FP32-unit result whose first written lane is a NaN loses fraction bit P mod 22 there") \
    X(FTZ_IGNORED, 12, "the first FADD, FMUL or FFMA with .FTZ computes its first lane without it (a subnormal kept)") \
    X(MUFU_ULP, 13, "the first MUFU result of its first lane is P ulps larger (P 0: one ulp beyond the declared bound)")

#define FW_FAULT_FIRST_DATAPATH 10 /* kinds the model DUT refuses */

enum fw_fault {
    FW_FAULT_NONE = 0,
#define FW_FAULT_ENUM(name, value, text) FW_FAULT_##name = value,
    FW_FAULTS(FW_FAULT_ENUM)
#undef FW_FAULT_ENUM
    FW_FAULT_COUNT
};

#endif
