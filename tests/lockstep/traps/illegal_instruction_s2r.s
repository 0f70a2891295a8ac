// trap: ILLEGAL_INSTRUCTION none
// patch: 1 sra 0x7f
// S2R of special register 0x7f, which SRegId reserves (the assembler writes
// none such: trap_patch sets the field): the instruction's, no lane.
        S2R R1, SR_LANEID ;
        S2R R0, SR_LANEID ;
        EXIT ;
