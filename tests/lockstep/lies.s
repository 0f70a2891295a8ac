// The kernel every lie of docs/lying-targets.md is told about: one warp whose
// records carry each kind of write (registers, a predicate, a uniform
// register and predicate, a store, an approximate MUFU result), a taken
// branch and the exit, so that each falsified field has a record to be in.
.warps 1
.init R4 0x1000
.init R5 0
.init R7 0x3f000000
        S2R R0, SR_LANEID ;                      // #0 R0 = lane
        IADD R1, R0, 0x100 ;                     // #1 R1 = lane + 0x100
        ISETP.GE.AND P1, R0, 0x10, PT ;          // #2 P1 = lane >= 16
        VOTEU.ANY UR4, UP1, P1 ;                 // #3 UR4 = ballot of P1, UP1 = any
        IMAD.WIDE.U32 R[2:3], R0, 0x4, R[4:5] ;  // #4 R[2:3] = 0x1000 + 4 * lane
        STG [R[2:3]], R1 ;                       // #5 mem[0x1000 + 4 * lane] = R1
        MUFU.EX2.F32 R6, R7 ;                    // #6 R6 = 2^0.5
        BRA 0x80 ;                               // #7 taken, to the next instruction
        EXIT ;                                   // #8
