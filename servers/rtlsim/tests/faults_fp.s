// Floating-point fault kernel for the RTL board (fault kinds 10..13 of
// fw/faults.h, struck in the core's FP units). One warp, every lane the same
// operands; each instruction gives one kind its chance, so a fault armed at
// retire N strikes at the first instruction at or after N that it can change.
.warps 1
.init R1 0x3f800000                   // 1.0
.init R2 0x33c00000                   // 0.75 ulp of 1.0: 1.0 + R2 rounds up to nearest
.init R3 0x00800000                   // the smallest normal binary32, 2^-126
.init R4 0x3f000000                   // 0.5
.init R5 0x7fc00000                   // a NaN
.init R8 0x3e7fffff                   // RCP here: the core's MUFU is one ulp from the model
        FADD R10, R1, R2 ;            // #0 RN 0x3f800001 (truncated: 0x3f800000)
        FMUL.FTZ R11, R3, R4 ;        // #1 2^-127 flushed to +0 (kept: 0x00400000)
        FADD R12, R5, R1 ;            // #2 the canonical NaN 0x7fffffff
        MUFU.EX2.F32 R13, R4 ;        // #3 sqrt(2) 0x3fb504f3, as the model
        MUFU.RCP.F32 R14, R8 ;        // #4 the model 0x40800001, the core 0x40800000 (1 ulp)
        EXIT ;                        // #5
.expect R10 0x3f800001
.expect R11 0
.expect R12 0x7fffffff
