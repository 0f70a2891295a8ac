// hdl_stubs/fp/fp_halu_fmt.v: both 16-bit halves of LANES lanes of the HALU
// group (isa/spec/halu.isa) in ONE format (EXP_BITS/FRAC_BITS: 5/10
// binary16, 8/7 bfloat16): HADD2, HMUL2, HFMA2 (16-bit results), HMNMX2,
// HSETP2, HSET2. fp_halu2 instantiates one per format; HADD2.F32 is
// fp_hadd2_f32's.
//
// Latency 1; lanes whose `en` bit is low hold, and nothing is evaluated
// while every bit is low. Controls and lane layout as fp_halu2.
module fp_halu_fmt #(
    parameter EXP_BITS = 5,
    parameter FRAC_BITS = 10,
    parameter LANES = 1
) (
    input clk,
    input [LANES-1:0] en,
    input [2:0] op,
    input [1:0] rnd,
    input ftz,
    input sat,
    input relu,
    input nan,
    input [3:0] cmp,
    input [1:0] lop,
    input bval,
    input [2:0] neg,
    input [2:0] abs_,
    input [5:0] hsel,   // {c, b, a}, 2 bits each
    input [32*LANES-1:0] a,
    input [32*LANES-1:0] b,
    input [32*LANES-1:0] c,
    input [LANES-1:0] p,
    output reg [32*LANES-1:0] d,
    output reg [LANES-1:0] pu,
    output reg [LANES-1:0] pv
);
    localparam FP_EW = EXP_BITS, FP_MW = FRAC_BITS;
`include "fp_fns.vh"
`include "fp_halu_ops.vh"

    // The 16-bit input of half `half`: picked by .hsel2 (0 H1_H0, 1 H0_H0,
    // 2 H1_H1; 3 reserved, read as 0), then |x|, then negation.
    function [15:0] half_input(input [31:0] raw, input half, input [1:0] sel, input x_abs,
                               input x_neg);
        reg pick;
        begin
            pick = sel == 2'd1 ? 1'b0 : sel == 2'd2 ? 1'b1 : half;
            half_input = fp_mod(pick ? raw[31:16] : raw[15:0], x_abs, x_neg);
        end
    endfunction

    // {pu, pv, d} of one instruction
    function [33:0] exec(input [2:0] x_op, input [1:0] x_rnd, input x_ftz, input x_sat,
                         input x_relu, input x_nan, input [3:0] x_cmp, input [1:0] x_lop,
                         input x_bval, input [2:0] x_neg, input [2:0] x_abs, input [5:0] x_hsel,
                         input [31:0] x_a, input [31:0] x_b, input [31:0] x_c, input x_p);
        reg [15:0] ha, hb, hc, r;
        reg [1:0] fop;
        reg hit;
        integer h;
        begin
            exec = 34'd0;
            fop = x_op == HALU_HADD2 ? FP_OP_ADD : x_op == HALU_HMUL2 ? FP_OP_MUL : FP_OP_FMA;
            for (h = 0; h < 2; h = h + 1) begin
                ha = half_input(x_a, h[0], x_hsel[1:0], x_abs[0], x_neg[0]);
                hb = half_input(x_b, h[0], x_hsel[3:2], x_abs[1], x_neg[1]);
                hc = half_input(x_c, h[0], x_hsel[5:4], x_abs[2], x_neg[2]);
                hit = fp_lop(fp_compare(ha, hb, x_cmp, x_ftz), x_p, x_lop);
                r = fp_finish(fp_fma(ha, hb, hc, fop, x_rnd, x_ftz), x_sat, x_relu, x_ftz);
                if (x_op == HALU_HMNMX2)
                    r = fp_minmax(ha, hb, x_p, x_nan, x_ftz);
                if (x_op == HALU_HSET2)
                    r = hit ? (x_bval ? FP_ONE : 16'hffff) : 16'd0;
                if (h == 0) begin
                    exec[15:0] = r;
                    exec[33] = hit;
                end else begin
                    exec[31:16] = r;
                    exec[32] = hit;
                end
            end
        end
    endfunction

    always @(posedge clk) begin : lanes
        integer l;
        if (|en)
            for (l = 0; l < LANES; l = l + 1)
                if (en[l])
                    {pu[l], pv[l], d[32*l +: 32]} <= exec(op, rnd, ftz, sat, relu, nan, cmp, lop,
                        bval, neg, abs_, hsel, a[32*l +: 32], b[32*l +: 32], c[32*l +: 32], p[l]);
    end
endmodule
