// trap: MISALIGNED_REGISTER lane 4
// LDG through the register pair R[3:4] (a pair starts at an even register),
// lanes 4..31 executing: the tuple is every lane's alike, so the lowest
// executing lane, 4.
.init P0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
        @P0 LDG R0, [R[3:4]] ;
        EXIT ;
