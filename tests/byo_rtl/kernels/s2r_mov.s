// Special registers and immediates, one lane a cycle into a GPR_ROW beat;
// a guard that leaves some lanes out; the warp clock counts retires
.warps 1
.init P1 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0
    S2R R0, SR_LANEID ;
    S2R R1, SR_TID_X ;
    MOV R2, 0x1234 ;
    @P1 MOV R3, -0x7 ;
    S2R R4, SR_LANEMASK_LT ;
    @!P1 S2R R5, SR_LANEMASK_GT ;
    S2R R6, SR_CLOCKLO ;
    S2R R7, SR_NTID_X ;
    MOV RZ, 0x1 ;
    EXIT ;
