// The stand-in core's own codes, shared by its modules (not spec facts: those
// are generated, gpu_isa.vh and friends).

// execution units (gpu_exec.v): which one an instruction goes to
localparam [2:0] U_NONE = 3'd0,    // control flow only (NOP EXIT BRA BSSY BSYNC)
                 U_INT  = 3'd1,    // gpu_unit_int
                 U_WARP = 3'd2,    // gpu_unit_warp
                 U_MEM  = 3'd3,    // gpu_mem (loads, stores)
                 U_FP16 = 3'd4,    // gpu_unit_fp16: FP16x2/BF16x2 (HALU)
                 U_FP32 = 3'd5,    // gpu_unit_fp32: FADD FMUL FFMA FMNMX FSETP LRP
                 U_MUFU = 3'd6;    // gpu_unit_mufu: MUFU

// sequencer states (gpu_seq.v)
localparam [3:0] S_CLR = 4'd0, S_IDLE = 4'd1, S_FETCH = 4'd2, S_DEC = 4'd3, S_CONST = 4'd4,
                 S_READ = 4'd5, S_EXEC = 4'd6, S_RETIRE = 4'd7;
