.warps 2
.const 0 0x10 1 2 3
.global 0x1000 1.5 -2
.init R2 7
.init P1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1
top.1: IADD R0, R1, R2 ; NOP ;
  @!P1 BRA top.1 ;
EXIT ;
.expect R0 9
.expect_mem 0x1000 0x3fc00000
end:
