// A long-running integer kernel for the RTL board: 4 warps each run a loop
// of 500 iterations (IADD, IMAD, LOP3, ISETP, BRA), then store. Exercises
// mid-run full-state checks (--check-every) and gives a speed figure.
.warps 4
.init R4 0x2000
.init R5 0
        S2R R0, SR_LANEID ;
        MOV R1, RZ ;                          // i
        MOV R2, R0 ;                          // acc = lane
loop:
        IADD R1, R1, 0x1 ;
        IMAD R2, R2, 0x3, R1 ;                // acc = 3 acc + i
        LOP3.PAND PT, R2, R2, 0xffff, RZ, 0xc0, PT ;
        ISETP.LT.U32.AND P0, R1, 0x1f4, PT ;  // i < 500 ?
        @P0 BRA loop ;
        S2R R3, SR_TID_X ;
        IMAD.WIDE.U32 R[6:7], R3, 0x4, R[4:5] ;
        STG [R[6:7]], R2 ;
        EXIT ;
.expect R1 500
