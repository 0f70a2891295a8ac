// byo_core has LOP3 from an immediate at .POR only (LACKS LOP3_RIR.PAND, a
// modifier value): exit 9 naming it; with --emulate-unimplemented the host
// applies the .PAND instruction and the core runs the .POR one itself
.warps 1
    S2R R0, SR_LANEID ;
    LOP3.PAND R1, R0, 0x5, RZ, 0xc0, PT ;
    LOP3.POR R2, R0, 0x3, RZ, 0xc0, PT ;
    EXIT ;
.expect R1 0 1 0 1 4 5 4 5 0 1 0 1 4 5 4 5 0 1 0 1 4 5 4 5 0 1 0 1 4 5 4 5
.expect R2 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3
