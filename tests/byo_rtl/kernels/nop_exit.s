// NOPs then EXIT: all byo_core runs
.warps 1
    NOP ;
    NOP ;
    EXIT ;
