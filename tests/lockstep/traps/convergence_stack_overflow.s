// trap: CONVERGENCE_STACK_OVERFLOW none
// 33 regions opened: the 33rd BSSY finds the stack full (32): no lane.
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
        BSSY join ;
join:
        BSYNC ;
        EXIT ;
