// MOV: not in byo_core (exit 9, named)
.warps 1
    MOV R1, 0x5 ;
    EXIT ;
