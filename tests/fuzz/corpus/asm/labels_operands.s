a: b: NOP ;
BRA a ; BRA b ; // comment ; not a statement
HFMA2.FTZ.RZ R0, -|R1.H0_H0|, 1.5, -2, R4 ;
LDC.64 R[2:3], c[0x3][R1+0x100] ;
GETGPR R6, R[UR2+0x1] $sched=2 ;
EXIT
