// The spec's FP modifier values into the control codes of hdl_stubs/fp's
// units (fp32_unit, fp_halu2: their own codes, README.md there), for the
// decode wrappers gpu_unit_fp32 and gpu_unit_fp16. Include after gpu_isa.vh.

// .rnd (FPRound): 0 RN, 1 RP, 2 RM, 3 RZ
function automatic [1:0] fp_rnd_code(input [1:0] v);
    case (v)
    T_FPRound_RP: fp_rnd_code = 2'd1;
    T_FPRound_RM: fp_rnd_code = 2'd2;
    T_FPRound_RZ: fp_rnd_code = 2'd3;
    default:      fp_rnd_code = 2'd0;      // RN
    endcase
endfunction

// .cmp (FCMPOp): fp_fns.vh's comparison codes, 0 EQ .. 13 NUM
function automatic [3:0] fp_cmp_code(input [3:0] v);
    case (v)
    T_FCMPOp_EQ:  fp_cmp_code = 4'd0;
    T_FCMPOp_NE:  fp_cmp_code = 4'd1;
    T_FCMPOp_LT:  fp_cmp_code = 4'd2;
    T_FCMPOp_LE:  fp_cmp_code = 4'd3;
    T_FCMPOp_GT:  fp_cmp_code = 4'd4;
    T_FCMPOp_GE:  fp_cmp_code = 4'd5;
    T_FCMPOp_EQU: fp_cmp_code = 4'd6;
    T_FCMPOp_NEU: fp_cmp_code = 4'd7;
    T_FCMPOp_LTU: fp_cmp_code = 4'd8;
    T_FCMPOp_LEU: fp_cmp_code = 4'd9;
    T_FCMPOp_GTU: fp_cmp_code = 4'd10;
    T_FCMPOp_GEU: fp_cmp_code = 4'd11;
    T_FCMPOp_NAN: fp_cmp_code = 4'd12;
    default:      fp_cmp_code = 4'd13;     // NUM
    endcase
endfunction

// .lop (LOPOp): 0 AND, 1 OR, 2 XOR
function automatic [1:0] fp_lop_code(input [1:0] v);
    fp_lop_code = (v == T_LOPOp_AND) ? 2'd0 : (v == T_LOPOp_OR) ? 2'd1 : 2'd2;
endfunction
