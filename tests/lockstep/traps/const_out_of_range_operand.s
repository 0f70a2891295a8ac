// trap: CONST_OUT_OF_RANGE lane 2
// A 64-bit constant operand at c[0x0][0xfffc] runs past the bank, lanes
// 2..31 executing: every lane reads it alike, so the lowest executing lane, 2.
.init P0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
        @P0 MOV.64 R[0:1], c[0x0][0xfffc] ;
        EXIT ;
