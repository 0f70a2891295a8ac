// A BRA that splits the warp: even lanes jump, odd lanes fall through and run
// first (the lowest PC), each half exits on its own path
.warps 1
.init P0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0
    @P0 BRA taken ;
    NOP ;
    @!P0 BRA out ;
taken:
    NOP ;
    @P0 EXIT ;
out:
    EXIT ;
