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
    function [15:0] half_input(input [31:0] hf_raw, input hf_half, input [1:0] hf_sel, input hf_abs,
                               input hf_neg);
        reg hf_pick;
        begin
            hf_pick = hf_sel == 2'd1 ? 1'b0 : hf_sel == 2'd2 ? 1'b1 : hf_half;
            half_input = fp_mod(hf_pick ? hf_raw[31:16] : hf_raw[15:0], hf_abs, hf_neg);
        end
    endfunction

    // {pu, pv, d} of one instruction
    function [33:0] exec(input [2:0] hf_op, input [1:0] hf_rnd, input hf_ftz, input hf_sat,
                         input hf_relu, input hf_nan, input [3:0] hf_cmp, input [1:0] hf_lop,
                         input hf_bval, input [2:0] hf_neg, input [2:0] hf_abs, input [5:0] hf_hsel,
                         input [31:0] hf_a, input [31:0] hf_b, input [31:0] hf_c, input hf_p);
        reg [15:0] hf_ha, hf_hb, hf_hc, hf_r;
        reg [1:0] hf_fop;
        reg hf_hit;
        integer hf_h;
        begin
            exec = 34'd0;
            hf_fop = hf_op == HALU_HADD2 ? FP_OP_ADD : hf_op == HALU_HMUL2 ? FP_OP_MUL : FP_OP_FMA;
            for (hf_h = 0; hf_h < 2; hf_h = hf_h + 1) begin
                hf_ha = half_input(hf_a, hf_h[0], hf_hsel[1:0], hf_abs[0], hf_neg[0]);
                hf_hb = half_input(hf_b, hf_h[0], hf_hsel[3:2], hf_abs[1], hf_neg[1]);
                hf_hc = half_input(hf_c, hf_h[0], hf_hsel[5:4], hf_abs[2], hf_neg[2]);
                hf_hit = fp_lop(fp_compare(hf_ha, hf_hb, hf_cmp, hf_ftz), hf_p, hf_lop);
                hf_r = fp_finish(fp_fma(hf_ha, hf_hb, hf_hc, hf_fop, hf_rnd, hf_ftz), hf_sat,
                                 hf_relu, hf_ftz);
                if (hf_op == HALU_HMNMX2)
                    hf_r = fp_minmax(hf_ha, hf_hb, hf_p, hf_nan, hf_ftz);
                if (hf_op == HALU_HSET2)
                    hf_r = hf_hit ? (hf_bval ? FP_ONE : 16'hffff) : 16'd0;
                if (hf_h == 0) begin
                    exec[15:0] = hf_r;
                    exec[33] = hf_hit;
                end else begin
                    exec[31:16] = hf_r;
                    exec[32] = hf_hit;
                end
            end
        end
    endfunction

    always @(posedge clk) begin : lanes
        integer hf_l;
        if (|en)
            for (hf_l = 0; hf_l < LANES; hf_l = hf_l + 1)
                if (en[hf_l])
                    {pu[hf_l], pv[hf_l], d[32*hf_l +: 32]} <= exec(op, rnd, ftz, sat, relu, nan,
                        cmp, lop, bval, neg, abs_, hsel, a[32*hf_l +: 32], b[32*hf_l +: 32],
                        c[32*hf_l +: 32], p[hf_l]);
    end
endmodule
