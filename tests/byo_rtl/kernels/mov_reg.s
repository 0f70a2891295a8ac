// MOV from a register (MOV_R): byo_core implements MOV_I only and says so
// in its LACKING map, so gpuhost refuses the kernel (exit 9), naming it
.warps 1
    MOV R1, R2 ;
    EXIT ;
