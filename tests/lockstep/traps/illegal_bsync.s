// trap: ILLEGAL_BSYNC none
// A BSYNC no BSSY opened: the warp's convergence stack, no lane.
        BSYNC ;
        EXIT ;
