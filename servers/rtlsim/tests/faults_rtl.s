// Fault-detection kernel for the RTL board: tests/lockstep/faults.s with a
// taken branch (#5) for fault kind 5. Each instruction's writes are known, so
// a fault injected at retire N must be reported at N (kind 5 at N+1: the
// commit record carries no branch target, the next PC shows it).
.warps 1
.init R4 0x1000
.init R5 0
        S2R R0, SR_LANEID ;                   // #0  R0 = lane
        IADD R1, R0, 0x100 ;                  // #1  R1 = lane + 0x100
        ISETP.GE.AND P1, R0, 0x10, PT ;       // #2  P1 = lane >= 16
        IMAD.WIDE.U32 R[2:3], R0, 0x4, R[4:5] ; // #3  R[2:3] = 0x1000 + 4 * lane
        STG [R[2:3]], R1 ;                    // #4  mem[0x1000 + 4 * lane] = R1
        BRA done ;                            // #5  pc 0x50 -> 0x80
        IADD R1, R1, 0x1 ;                    //     skipped
        IADD R1, R1, 0x2 ;                    //     skipped
done:
        EXIT ;                                // #6  pc 0x80
        EXIT ;                                //     pc 0x90: where fault 5 sends the branch
.expect R1 0x100 0x101 0x102 0x103 0x104 0x105 0x106 0x107 0x108 0x109 0x10a 0x10b 0x10c 0x10d 0x10e 0x10f 0x110 0x111 0x112 0x113 0x114 0x115 0x116 0x117 0x118 0x119 0x11a 0x11b 0x11c 0x11d 0x11e 0x11f
.expect_mem 0x1000 0x100 0x101 0x102 0x103
