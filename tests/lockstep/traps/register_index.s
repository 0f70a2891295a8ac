// trap: REGISTER_INDEX lane 3
// SETGPR R[UR2] with UR2 = 300, no GPR (isa/ERRATA.md D11), lanes 3..31
// executing: the uniform index is every lane's alike, so the lowest
// executing lane, 3.
.init UR2 300
.init P0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
        @P0 SETGPR R[UR2], R0 ;
        EXIT ;
