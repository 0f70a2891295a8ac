// trap: ILLEGAL_ENCODING none
// patch: 1 zero
// The second word all zeros (no Optype 0: trap_patch writes it): its
// encoding is illegal, no lane.
        NOP ;
        NOP ;
        EXIT ;
