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
    function [33:0] exec(input [2:0] x_op, input [1:0] x_rnd, input x_ftz, input x_sat,
                         input x_nan, input [3:0] x_cmp, input [1:0] x_lop, input [2:0] x_neg,
                         input [2:0] x_abs, input [31:0] x_a, input [31:0] x_b, input [31:0] x_c,
                         input x_p);
        reg [31:0] ma, mb, mc, first, second;
        reg lrp, hit;
        reg [1:0] fop;
        begin
            ma = fp_mod(x_a, x_abs[0], x_neg[0]);
            mb = fp_mod(x_b, x_abs[1], x_neg[1]);
            mc = fp_mod(x_c, x_abs[2], x_neg[2]);
            lrp = x_op == OP_LRP;
            fop = x_op == OP_FADD ? FP_OP_ADD : x_op == OP_FMUL ? FP_OP_MUL : FP_OP_FMA;
            // LRP is two fused operations, both RN, no flush, no modifiers:
            // first = fma(-a, c, c), d = fma(a, b, first). The others use one.
            first = fp_fma(lrp ? x_a ^ FP_SIGN : ma, lrp ? x_c : mb, lrp ? x_c : mc,
                           fop, lrp ? FP_RN : x_rnd, x_ftz && !lrp);
            second = 32'd0;
            if (lrp) // (a simulator evaluates it only for LRP)
                second = fp_fma(x_a, x_b, first, FP_OP_FMA, FP_RN, 1'b0);
            hit = fp_compare(ma, mb, x_cmp, x_ftz);
            exec = {fp_lop(hit, x_p, x_lop), fp_lop(!hit, x_p, x_lop), 32'd0};
            case (x_op)
                OP_FADD, OP_FMUL, OP_FFMA: exec[31:0] = fp_finish(first, x_sat, 1'b0, x_ftz);
                OP_FMNMX: exec[31:0] = fp_minmax(ma, mb, x_p, x_nan, x_ftz);
                OP_LRP: exec[31:0] = fp_finish(second, x_sat, 1'b0, 1'b0);
                OP_FSETP: ; // pu, pv only
                default: ;
            endcase
        end
    endfunction

    always @(posedge clk) begin : lanes
        integer l;
        if (|en)
            for (l = 0; l < LANES; l = l + 1)
                if (en[l])
                    {pu[l], pv[l], d[32*l +: 32]} <= exec(op, rnd, ftz, sat, nan, cmp, lop, neg,
                        abs_, a[32*l +: 32], b[32*l +: 32], c[32*l +: 32], p[l]);
    end
endmodule
