// hdl_stubs/fp/fp_halu2.v: the HALU group (isa/spec/halu.isa): HADD2 (incl.
// .F32), HMUL2, HFMA2, HMNMX2, HSETP2, HSET2 on packed binary16 or bfloat16
// pairs (H0 = bits 15..0, H1 = bits 31..16), for LANES lanes (lane l at bits
// 32*l+31..32*l of a, b, c, d and bit l of en, p, pu, pv).
//
// Three datapaths, one enabled per instruction: binary16 and bfloat16
// (fp_halu_fmt: both halves) and HADD2.F32 (fp_hadd2_f32). Latency 1: at a
// clock edge each lane whose `en` bit is high registers its result; the
// other lanes hold, and nothing is evaluated while every bit is low.
// README.md maps the modifiers.
module fp_halu2 #(
    parameter LANES = 1
) (
    input clk,
    input [LANES-1:0] en,
    input [2:0] op,     // 0 HADD2, 1 HMUL2, 2 HFMA2, 3 HMNMX2, 4 HSETP2, 5 HSET2
    input bf16,         // .hfmt_v2: 0 F16_V2, 1 BF16_V2
    input f32,          // HADD2 .F32
    input [1:0] rnd,    // 0 RN, 1 RP, 2 RM, 3 RZ
    input ftz,
    input sat,
    input relu,         // HFMA2 .RELU
    input nan,          // HMNMX2 .NAN
    input [3:0] cmp,    // HSETP2/HSET2 .cmp (fp_fns.vh codes)
    input [1:0] lop,    // 0 AND, 1 OR, 2 XOR
    input bval,         // HSET2: 0 BM (0xFFFF), 1 BF (1.0)
    input [2:0] neg,    // per operand {c, b, a}
    input [2:0] abs_,
    input [5:0] hsel,   // .hsel2 per operand {c, b, a}: 0 H1_H0, 1 H0_H0, 2 H1_H1
    input [32*LANES-1:0] a,
    input [32*LANES-1:0] b,
    input [32*LANES-1:0] c,
    input [LANES-1:0] p,            // pp after .not: HMNMX2 minimum; HSETP2/HSET2 combine
    output [32*LANES-1:0] d,
    output [LANES-1:0] pu,          // HSETP2: half 0
    output [LANES-1:0] pv           // HSETP2: half 1
);
`include "fp_halu_ops.vh"

    wire wide = f32 && op == HALU_HADD2;
    wire [LANES-1:0] en16 = (bf16 || wide) ? {LANES{1'b0}} : en;
    wire [LANES-1:0] enbf = (!bf16 || wide) ? {LANES{1'b0}} : en;
    wire [LANES-1:0] en32 = wide ? en : {LANES{1'b0}};
    wire [32*LANES-1:0] d16, dbf, d32;
    wire [LANES-1:0] pu16, pv16, pubf, pvbf;
    reg [2*LANES-1:0] sel; // per lane, the datapath of its last instruction: 0 F16, 1 BF16, 2 F32

    fp_halu_fmt #(.EXP_BITS(5), .FRAC_BITS(10), .LANES(LANES)) u_f16 (
        .clk(clk), .en(en16), .op(op), .rnd(rnd), .ftz(ftz), .sat(sat), .relu(relu), .nan(nan),
        .cmp(cmp), .lop(lop), .bval(bval), .neg(neg), .abs_(abs_), .hsel(hsel), .a(a), .b(b),
        .c(c), .p(p), .d(d16), .pu(pu16), .pv(pv16));
    fp_halu_fmt #(.EXP_BITS(8), .FRAC_BITS(7), .LANES(LANES)) u_bf16 (
        .clk(clk), .en(enbf), .op(op), .rnd(rnd), .ftz(ftz), .sat(sat), .relu(relu), .nan(nan),
        .cmp(cmp), .lop(lop), .bval(bval), .neg(neg), .abs_(abs_), .hsel(hsel), .a(a), .b(b),
        .c(c), .p(p), .d(dbf), .pu(pubf), .pv(pvbf));
    fp_hadd2_f32 #(.LANES(LANES)) u_f32 (
        .clk(clk), .en(en32), .bf16(bf16), .rnd(rnd), .ftz(ftz), .sat(sat), .relu(relu),
        .neg(neg[1:0]), .abs_(abs_[1:0]), .hsel(hsel[3:0]), .a(a), .b(b), .d(d32));

    always @(posedge clk) begin : lanes
        integer h2_l;
        if (|en)
            for (h2_l = 0; h2_l < LANES; h2_l = h2_l + 1)
                if (en[h2_l])
                    sel[2*h2_l +: 2] <= wide ? 2'd2 : {1'b0, bf16};
    end

    genvar g;
    generate
        for (g = 0; g < LANES; g = g + 1) begin : mux
            assign d[32*g +: 32] = sel[2*g+1] ? d32[32*g +: 32] : sel[2*g] ? dbf[32*g +: 32]
                                                                       : d16[32*g +: 32];
            assign pu[g] = !sel[2*g+1] && (sel[2*g] ? pubf[g] : pu16[g]);
            assign pv[g] = !sel[2*g+1] && (sel[2*g] ? pvbf[g] : pv16[g]);
        end
    endgenerate
endmodule
