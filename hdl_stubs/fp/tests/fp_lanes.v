// hdl_stubs/fp/tests/fp_lanes.v: the test and benchmark top: a warp's worth
// (LANES = 32) of each FP unit, as an execution unit carries them, plus one
// single-lane instance of each (LANES = 1) fed lane 0's operands, so both
// configurations are simulated (the harness checks they agree).
module fp_lanes (
    input clk,
    // FP32 (fp32_unit)
    input [31:0] f_en,
    input [2:0] f_op,
    input [1:0] f_rnd,
    input f_ftz,
    input f_sat,
    input f_nan,
    input [3:0] f_cmp,
    input [1:0] f_lop,
    input [2:0] f_neg,
    input [2:0] f_abs,
    // HALU (fp_halu2)
    input [31:0] h_en,
    input [2:0] h_op,
    input h_bf16,
    input h_f32,
    input [1:0] h_rnd,
    input h_ftz,
    input h_sat,
    input h_relu,
    input h_nan,
    input [3:0] h_cmp,
    input [1:0] h_lop,
    input h_bval,
    input [2:0] h_neg,
    input [2:0] h_abs,
    input [5:0] h_hsel,
    // MUFU (fp_mufu)
    input [31:0] m_en,
    input [2:0] m_fn,
    input [2:0] m_dtype,
    input m_abs,
    input m_neg,
    input m_h1,
    input m_sat,
    // operands, lane l at bits 32*l+31..32*l
    input [1023:0] a,
    input [1023:0] b,
    input [1023:0] c,
    input [31:0] p,
    output [1023:0] f_d,
    output [31:0] f_pu,
    output [31:0] f_pv,
    output [1023:0] h_d,
    output [31:0] h_pu,
    output [31:0] h_pv,
    output [1023:0] m_d,
    // the single-lane instances (lane 0's operands and enable)
    output [31:0] f1_d,
    output f1_pu,
    output f1_pv,
    output [31:0] h1_d,
    output h1_pu,
    output h1_pv,
    output [31:0] m1_d,
    // and a single-lane fp_mufu without the _V2 datapath (V2 = 0), as gpu_unit_mufu builds it
    output [31:0] m1n_d
);
    fp32_unit #(.LANES(32)) u_fp32 (
        .clk(clk), .en(f_en), .op(f_op), .rnd(f_rnd), .ftz(f_ftz), .sat(f_sat), .nan(f_nan),
        .cmp(f_cmp), .lop(f_lop), .neg(f_neg), .abs_(f_abs), .a(a), .b(b), .c(c), .p(p),
        .d(f_d), .pu(f_pu), .pv(f_pv));
    fp_halu2 #(.LANES(32)) u_halu (
        .clk(clk), .en(h_en), .op(h_op), .bf16(h_bf16), .f32(h_f32), .rnd(h_rnd), .ftz(h_ftz),
        .sat(h_sat), .relu(h_relu), .nan(h_nan), .cmp(h_cmp), .lop(h_lop), .bval(h_bval),
        .neg(h_neg), .abs_(h_abs), .hsel(h_hsel), .a(a), .b(b), .c(c), .p(p), .d(h_d),
        .pu(h_pu), .pv(h_pv));
    fp_mufu #(.LANES(32)) u_mufu (
        .clk(clk), .en(m_en), .fn(m_fn), .dtype(m_dtype), .abs_(m_abs), .neg(m_neg), .h1(m_h1),
        .sat(m_sat), .b(b), .d(m_d));

    fp32_unit u_fp32_1 (
        .clk(clk), .en(f_en[0]), .op(f_op), .rnd(f_rnd), .ftz(f_ftz), .sat(f_sat), .nan(f_nan),
        .cmp(f_cmp), .lop(f_lop), .neg(f_neg), .abs_(f_abs), .a(a[31:0]), .b(b[31:0]),
        .c(c[31:0]), .p(p[0]), .d(f1_d), .pu(f1_pu), .pv(f1_pv));
    fp_halu2 u_halu_1 (
        .clk(clk), .en(h_en[0]), .op(h_op), .bf16(h_bf16), .f32(h_f32), .rnd(h_rnd), .ftz(h_ftz),
        .sat(h_sat), .relu(h_relu), .nan(h_nan), .cmp(h_cmp), .lop(h_lop), .bval(h_bval),
        .neg(h_neg), .abs_(h_abs), .hsel(h_hsel), .a(a[31:0]), .b(b[31:0]), .c(c[31:0]),
        .p(p[0]), .d(h1_d), .pu(h1_pu), .pv(h1_pv));
    fp_mufu u_mufu_1 (
        .clk(clk), .en(m_en[0]), .fn(m_fn), .dtype(m_dtype), .abs_(m_abs), .neg(m_neg),
        .h1(m_h1), .sat(m_sat), .b(b[31:0]), .d(m1_d));
    fp_mufu #(.LANES(1), .V2(0)) u_mufu_1n (
        .clk(clk), .en(m_en[0]), .fn(m_fn), .dtype(m_dtype), .abs_(m_abs), .neg(m_neg),
        .h1(m_h1), .sat(m_sat), .b(b[31:0]), .d(m1n_d));
endmodule
