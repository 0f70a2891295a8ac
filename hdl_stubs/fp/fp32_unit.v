// hdl_stubs/fp/fp32_unit.v: the FP32 instructions of isa/spec/ext.isa
// (EXT_FP32): FADD, FMUL, FFMA, FMNMX, FSETP, LRP, for LANES lanes (1: one
// lane's unit; 32: a warp's, with lane l at bits 32*l+31..32*l).
//
// Latency 1: at a clock edge each lane whose `en` bit is high computes from
// its inputs and registers its d, pu, pv; the other lanes hold. With every
// `en` bit low nothing is evaluated (a simulator tests one vector). Operands
// are the raw 32-bit sources; the unit applies the sign modifiers (.abs then
// .neg) itself. README.md maps each modifier to these controls.
module fp32_unit #(
    parameter LANES = 1
) (
    input clk,
    input [LANES-1:0] en,
    input [2:0] op,     // 0 FADD, 1 FMUL, 2 FFMA, 3 FMNMX, 4 FSETP, 5 LRP
    input [1:0] rnd,    // 0 RN, 1 RP, 2 RM, 3 RZ (LRP: always RN)
    input ftz,          // flush subnormal inputs and result (not LRP)
    input sat,          // clamp to [+0.0, 1.0] (FADD FMUL FFMA LRP)
    input nan,          // FMNMX .NAN
    input [3:0] cmp,    // FSETP compare (fp_fns.vh)
    input [1:0] lop,    // FSETP: 0 AND, 1 OR, 2 XOR
    input [2:0] neg,    // per operand a, b, c (bit 0 = a); not LRP
    input [2:0] abs_,   // per operand a, b, c
    input [32*LANES-1:0] a,
    input [32*LANES-1:0] b,
    input [32*LANES-1:0] c,
    input [LANES-1:0] p,            // pp after .not: FMNMX minimum, FSETP combine
    output reg [32*LANES-1:0] d,
    output reg [LANES-1:0] pu,
    output reg [LANES-1:0] pv
);
    localparam FP_EW = 8, FP_MW = 23;
`include "fp_fns.vh"

    localparam [2:0] OP_FADD = 3'd0, OP_FMUL = 3'd1, OP_FFMA = 3'd2, OP_FMNMX = 3'd3,
                     OP_FSETP = 3'd4, OP_LRP = 3'd5;

    // {pu, pv, d} of one instruction (d: FADD FMUL FFMA FMNMX LRP; pu, pv: FSETP;
    // the others are don't-care)
    function [33:0] exec(input [2:0] f32_op, input [1:0] f32_rnd, input f32_ftz,
                         input f32_sat, input f32_nan, input [3:0] f32_cmp,
                         input [1:0] f32_lop, input [2:0] f32_neg, input [2:0] f32_abs,
                         input [31:0] f32_a, input [31:0] f32_b, input [31:0] f32_c,
                         input f32_p);
        reg [31:0] f32_ma, f32_mb, f32_mc, f32_first, f32_second;
        reg f32_lrp, f32_hit;
        reg [1:0] f32_fop;
        begin
            f32_ma = fp_mod(f32_a, f32_abs[0], f32_neg[0]);
            f32_mb = fp_mod(f32_b, f32_abs[1], f32_neg[1]);
            f32_mc = fp_mod(f32_c, f32_abs[2], f32_neg[2]);
            f32_lrp = f32_op == OP_LRP;
            f32_fop = f32_op == OP_FADD ? FP_OP_ADD : f32_op == OP_FMUL ? FP_OP_MUL : FP_OP_FMA;
            // LRP is two fused operations, both RN, no flush, no modifiers:
            // first = fma(-a, c, c), d = fma(a, b, first). The others use one.
            f32_first = fp_fma(f32_lrp ? f32_a ^ FP_SIGN : f32_ma, f32_lrp ? f32_c : f32_mb,
                               f32_lrp ? f32_c : f32_mc,
                           f32_fop, f32_lrp ? FP_RN : f32_rnd, f32_ftz && !f32_lrp);
            f32_second = 32'd0;
            if (f32_lrp) // (a simulator evaluates it only for LRP)
                f32_second = fp_fma(f32_a, f32_b, f32_first, FP_OP_FMA, FP_RN, 1'b0);
            f32_hit = fp_compare(f32_ma, f32_mb, f32_cmp, f32_ftz);
            exec = {fp_lop(f32_hit, f32_p, f32_lop), fp_lop(!f32_hit, f32_p, f32_lop), 32'd0};
            case (f32_op)
                OP_FADD, OP_FMUL, OP_FFMA:
                    exec[31:0] = fp_finish(f32_first, f32_sat, 1'b0, f32_ftz);
                OP_FMNMX: exec[31:0] = fp_minmax(f32_ma, f32_mb, f32_p, f32_nan, f32_ftz);
                OP_LRP: exec[31:0] = fp_finish(f32_second, f32_sat, 1'b0, 1'b0);
                OP_FSETP: ; // pu, pv only
                default: ;
            endcase
        end
    endfunction

    always @(posedge clk) begin : lanes
        integer f32_l;
        if (|en)
            for (f32_l = 0; f32_l < LANES; f32_l = f32_l + 1)
                if (en[f32_l])
                    {pu[f32_l], pv[f32_l], d[32*f32_l +: 32]} <= exec(op, rnd, ftz, sat, nan,
                        cmp, lop, neg,
                        abs_, a[32*f32_l +: 32], b[32*f32_l +: 32], c[32*f32_l +: 32], p[f32_l]);
    end
endmodule
