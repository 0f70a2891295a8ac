// EXIT under a predicate: the lanes of P0 exit, the others go on to the NOP
// and the second EXIT (their PCs split from the exited lanes')
.warps 1
.init P0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0
    @P0 EXIT ;
    NOP ;
    EXIT ;
