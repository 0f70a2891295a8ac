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
    function [15:0] half0(input [31:0] raw, input [1:0] sel, input x_abs, input x_neg);
        reg [15:0] x;
        begin
            x = sel == 2'd2 ? raw[31:16] : raw[15:0];
            half0 = {(x[15] & !x_abs) ^ x_neg, x[14:0]};
        end
    endfunction

    // A binary16 value as binary32 (exact), subnormals flushed first with .FTZ.
    function [31:0] widen_f16(input [15:0] x, input x_ftz);
        reg [4:0] e;
        reg [9:0] m;
        reg [7:0] be;
        integer i;
        begin
            e = x[14:10];
            m = x[9:0];
            if (e == 5'h1f)
                widen_f16 = {x[15], 8'hff, m, 13'd0};
            else if (e != 5'd0)
                widen_f16 = {x[15], {3'd0, e} + 8'd112, m, 13'd0};
            else if (m == 10'd0 || x_ftz)
                widen_f16 = {x[15], 31'd0};
            else begin
                // m * 2^-24: normalise to 1.f * 2^(be - 127)
                be = 8'd112;
                for (i = 0; i < 10; i = i + 1)
                    if (!m[9]) begin
                        m = m << 1;
                        be = be - 8'd1;
                    end
                widen_f16 = {x[15], be, m[8:0], 14'd0};
            end
        end
    endfunction

    function [31:0] widen_bf16(input [15:0] x, input x_ftz);
        widen_bf16 = (x_ftz && x[14:7] == 8'd0) ? {x[15], 31'd0} : {x, 16'd0};
    endfunction

    function [31:0] widen(input [15:0] x, input x_bf16, input x_ftz);
        widen = x_bf16 ? widen_bf16(x, x_ftz) : widen_f16(x, x_ftz);
    endfunction

    function [31:0] exec(input x_bf16, input [1:0] x_rnd, input x_ftz, input x_sat,
                         input x_relu, input [1:0] x_neg, input [1:0] x_abs, input [3:0] x_hsel,
                         input [31:0] x_a, input [31:0] x_b);
        exec = fp_finish(fp_fma(widen(half0(x_a, x_hsel[1:0], x_abs[0], x_neg[0]), x_bf16, x_ftz),
                                widen(half0(x_b, x_hsel[3:2], x_abs[1], x_neg[1]), x_bf16, x_ftz),
                                32'd0, FP_OP_ADD, x_rnd, 1'b0),
                         x_sat, x_relu, x_ftz);
    endfunction

    always @(posedge clk) begin : lanes
        integer l;
        if (|en)
            for (l = 0; l < LANES; l = l + 1)
                if (en[l])
                    d[32*l +: 32] <= exec(bf16, rnd, ftz, sat, relu, neg, abs_, hsel,
                                          a[32*l +: 32], b[32*l +: 32]);
    end
endmodule
