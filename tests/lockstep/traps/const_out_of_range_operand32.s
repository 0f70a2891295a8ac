// trap: CONST_OUT_OF_RANGE lane 7
// A constant operand at a misaligned offset, c[0x0][0x2], lanes 7..31
// executing (after a NOP): the lowest executing lane, 7.
.init P1 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
        NOP ;
        @P1 IADD R0, R1, c[0x0][0x2] ;
        EXIT ;
