// hdl_stubs/fp/fp_hadd2_f32.v: HADD2.F32 for one lane: the half-0 inputs
// (after .hsel2, |x|, negation and the 16-bit input flush) widened exactly
// to binary32, added with one rounding to binary32, then .SAT/.RELU, the
// binary32 output flush and the canonical QNAN 0x7FFFFFFF. Widening is
// exact, so this is the model's sf_add(F16 or BF16 -> F32).
//
// Latency 1; lanes whose `en` bit is low hold, and nothing is evaluated
// while every bit is low. Controls and lane layout as fp_halu2.
module fp_hadd2_f32 #(
    parameter LANES = 1
) (
    input clk,
    input [LANES-1:0] en,
    input bf16,         // input format: 0 binary16, 1 bfloat16
    input [1:0] rnd,
    input ftz,
    input sat,
    input relu,
    input [1:0] neg,    // {b, a}
    input [1:0] abs_,
    input [3:0] hsel,   // {b, a}, 2 bits each
    input [32*LANES-1:0] a,
    input [32*LANES-1:0] b,
    output reg [32*LANES-1:0] d
);
    localparam FP_EW = 8, FP_MW = 23;
`include "fp_fns.vh"

    // Half 0 after .hsel2 (1 H0_H0 and 0 H1_H0 pick H0, 2 H1_H1 picks H1), |x|, -x.
    function [15:0] half0(input [31:0] hw_raw, input [1:0] hw_sel, input hw_abs, input hw_neg);
        reg [15:0] hw_x;
        begin
            hw_x = hw_sel == 2'd2 ? hw_raw[31:16] : hw_raw[15:0];
            half0 = {(hw_x[15] & !hw_abs) ^ hw_neg, hw_x[14:0]};
        end
    endfunction

    // A binary16 value as binary32 (exact), subnormals flushed first with .FTZ.
    function [31:0] widen_f16(input [15:0] hw_x, input hw_ftz);
        reg [4:0] hw_e;
        reg [9:0] hw_m;
        reg [7:0] hw_be;
        integer hw_i;
        begin
            hw_e = hw_x[14:10];
            hw_m = hw_x[9:0];
            if (hw_e == 5'h1f)
                widen_f16 = {hw_x[15], 8'hff, hw_m, 13'd0};
            else if (hw_e != 5'd0)
                widen_f16 = {hw_x[15], {3'd0, hw_e} + 8'd112, hw_m, 13'd0};
            else if (hw_m == 10'd0 || hw_ftz)
                widen_f16 = {hw_x[15], 31'd0};
            else begin
                // m * 2^-24: normalise to 1.f * 2^(be - 127)
                hw_be = 8'd112;
                for (hw_i = 0; hw_i < 10; hw_i = hw_i + 1)
                    if (!hw_m[9]) begin
                        hw_m = hw_m << 1;
                        hw_be = hw_be - 8'd1;
                    end
                widen_f16 = {hw_x[15], hw_be, hw_m[8:0], 14'd0};
            end
        end
    endfunction

    function [31:0] widen_bf16(input [15:0] hw_x, input hw_ftz);
        widen_bf16 = (hw_ftz && hw_x[14:7] == 8'd0) ? {hw_x[15], 31'd0} : {hw_x, 16'd0};
    endfunction

    function [31:0] widen(input [15:0] hw_x, input hw_bf16, input hw_ftz);
        widen = hw_bf16 ? widen_bf16(hw_x, hw_ftz) : widen_f16(hw_x, hw_ftz);
    endfunction

    function [31:0] exec(input hw_bf16, input [1:0] hw_rnd, input hw_ftz, input hw_sat,
                         input hw_relu, input [1:0] hw_neg, input [1:0] hw_abs, input [3:0] hw_hsel,
                         input [31:0] hw_a, input [31:0] hw_b);
        exec = fp_finish(fp_fma(widen(half0(hw_a, hw_hsel[1:0], hw_abs[0], hw_neg[0]), hw_bf16,
                                      hw_ftz),
                                widen(half0(hw_b, hw_hsel[3:2], hw_abs[1], hw_neg[1]), hw_bf16,
                                      hw_ftz),
                                32'd0, FP_OP_ADD, hw_rnd, 1'b0),
                         hw_sat, hw_relu, hw_ftz);
    endfunction

    always @(posedge clk) begin : lanes
        integer hw_l;
        if (|en)
            for (hw_l = 0; hw_l < LANES; hw_l = hw_l + 1)
                if (en[hw_l])
                    d[32*hw_l +: 32] <= exec(bf16, rnd, ftz, sat, relu, neg, abs_, hsel,
                                          a[32*hw_l +: 32], b[32*hw_l +: 32]);
    end
endmodule
