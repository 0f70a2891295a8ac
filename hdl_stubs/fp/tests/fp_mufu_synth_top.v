// hdl_stubs/fp/tests/fp_mufu_synth_top.v: the top of fp_mufu's ECP5
// synthesis check (CTest fp_ecp5_fp_mufu): one single-lane fp_mufu as the
// core's synthesis builds it (V2 = 0: gpu_unit_mufu), under a top so that yosys_synth.sh -m can name
// its ROM (u_mufu.mt_rom), which must become block RAM.
module fp_mufu_synth_top (
    input clk,
    input en,
    input [2:0] fn,
    input [2:0] dtype,
    input abs_,
    input neg,
    input h1,
    input sat,
    input [31:0] b,
    output [31:0] d
);
    fp_mufu #(.LANES(1), .V2(0)) u_mufu (
        .clk(clk), .en(en), .fn(fn), .dtype(dtype), .abs_(abs_), .neg(neg), .h1(h1), .sat(sat),
        .b(b), .d(d));
endmodule
