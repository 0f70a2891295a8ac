// trap: PC_OUT_OF_RANGE none
// Issue 28's kernel: the branch leaves the code, and the fetch at 0x1000
// traps before any lane runs: the warp's trap, no lane.
        MOV R1, 0x5 ;
        BRA 0x1000 ;
        EXIT ;
