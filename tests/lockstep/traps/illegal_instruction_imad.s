// trap: ILLEGAL_INSTRUCTION none
// patch: 0 ext 1
// IMAD .LO with .X, a combination no syntax line writes (isa/ERRATA.md D10;
// trap_patch sets the field), under a guard no lane passes: it traps even
// so, and names no lane.
        @!PT IMAD R0, R1, R2, R3 ;
        EXIT ;
