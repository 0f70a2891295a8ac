// byo_core lacks MOV from a register (MOV_R) and LOP3 with a constant-bank
// operand (LOP3_RCR): exit 9 by default; with --emulate-unimplemented the
// host applies the model's record through the core's backdoor (registers,
// then the lanes' PCs) and the core runs on, using what was applied
.warps 1
.const 0 0x0 0xff00ff00
    S2R R0, SR_LANEID ;
    MOV R1, R0 ;
    LOP3.POR R2, R1, c[0x0][0x0], RZ, 0x96, !PT ;
    LOP3.POR R3, R2, R1, RZ, 0x96, !PT ;
    S2R R4, SR_CLOCKLO ;
    EXIT ;
.expect R3 0xff00ff00
.expect R4 4
