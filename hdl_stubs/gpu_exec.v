// gpu_exec: the execution stage. One unit per class, each with the same slot
// interface: `go` (compute at this edge), the instruction word, the executing
// lanes, the operand rows (A, B, C: 32 lanes of 32 bits, pairs and tuples in
// the extra rows) or, for a uniform/immediate/constant operand, ub/uc, the
// warp's predicates; out: result rows with their lane masks and predicate
// writes, registered and held until the next `go`. Decode (gpu_decode) picks
// the unit (U_*, gpu_core_defs.vh); this stage hands the chosen unit's masks
// and predicate and uniform writes to the retire stage, and its result rows
// as they are (the retire stage picks the unit's rows when it loads a beat:
// no 1024-bit multiplexer evaluated every cycle).
//
//   unit     instructions                                   module
//   U_INT    IALU but R2UR/SETGPR/GETGPR; XU but MUFU        gpu_unit_int
//   U_WARP   SYNCOp, S2R, S2UR, R2UR, SETGPR, GETGPR         gpu_unit_warp
//   U_MEM    LDG, STG, LDC                                   gpu_mem (loads; stores retire)
//   U_NONE   NOP EXIT BRA BSSY BSYNC                         gpu_ctrl only
//   U_FP16   HADD2 HMUL2 HFMA2 HMNMX2 HSETP2 HSET2           gpu_unit_fp16 (fp_halu2, 32 lanes)
//   U_FP32   FADD FMUL FFMA FMNMX FSETP LRP                  gpu_unit_fp32 (fp32_unit, 32 lanes)
//   U_MUFU   MUFU                                            gpu_unit_mufu (fp_mufu, MUFU_LANES lanes)
//
// The FP32 and FP16 slots share an operand latch (gpu_fp_operands) and
// compute one edge after `go`; MUFU latches SrcB itself and takes 32 /
// MUFU_LANES passes; with PHYS_LANES under 32 the integer and warp units
// take passes too (gpu_unit_int_passes, gpu_unit_warp_passes). Decode marks them `multi`; `busy` says when the
// last edge is still to come. Each FP slot (and the operand latch), and the
// 32-lane warp unit, runs on a clock of its own, gated off while it has
// nothing to do (gpu_clock_gate), as hardware gates idle units: a simulator
// evaluates nothing of them then.
module gpu_exec #(
    parameter integer MUFU_LANES = 8,      // lanes of the shared special-function unit (divides 32); 0: none
    parameter integer LANE_MODULES = 0,    // 0: a unit is one module of all its lanes; 1: an instance a lane
    parameter integer PHYS_LANES = 32,     // the integer and warp units' lanes (divides 32): under 32, in passes
    parameter integer FP_UNITS = 1         // 0: no FP16/FP32 slots (decode never sends them work)
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          go,
    input  wire [2:0]    unit,
    input  wire [127:0]  ir,
    input  wire [31:0]   exec,
    input  wire [1023:0] a0, a1, b0, b1, c0, c1,
    input  wire          b_gpr, c_gpr,
    input  wire [63:0]   ub, uc,
    input  wire          b_neg, b_bitnot, c_neg,
    input  wire [223:0]  pred,
    input  wire [6:0]    upred,
    input  wire [6:0]    warp, nwarps,
    input  wire [63:0]   clock,
    // loads (gpu_mem)
    input  wire [31:0]   ld_m,
    input  wire [2:0]    ld_words,
    output wire          busy,             // a multi-cycle unit is at work
    // faults struck in the FP units (fw/faults.h)
    input  wire          f_armed,
    input  wire [7:0]    f_kind, f_param,
    output wire          f_fire,
    // the results: the units' rows (int: d0 d1, warp, fp16, fp32, mufu: d0; loads come from
    // gpu_mem), the lanes each of the chosen unit's up to four rows writes, predicate writes, a
    // uniform register and uniform predicates
    output wire [1023:0] int_d0, int_d1, warp_d0, fp16_d0, fp32_d0, mufu_d0,
    output reg  [31:0]   m0, m1, m2, m3,
    output reg  [223:0]  pw_m, pw_v,
    output reg           ur_en,
    output reg  [5:0]    ur_i,
    output reg  [31:0]   ur_v,
    output reg  [6:0]    up_m, up_v
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_core_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    wire [31:0]   int_m0, int_m1, warp_m0;
    wire [223:0]  int_pw_m, int_pw_v, warp_pw_m, warp_pw_v;
    wire          warp_ur_en, warp_busy, int_busy;
    wire [5:0]    warp_ur_i;
    wire [31:0]   warp_ur_v;
    wire [6:0]    warp_up_m, warp_up_v;

    // PHYS_LANES under 32: gpu_unit_int_passes, a warp in passes (LANE_MODULES
    // does not apply: its few lanes are one module). LANE_MODULES: a
    // gpu_unit_int of one lane per lane, its P0..P6 (one bit each) gathered
    // from and into the predicates' lane masks
    genvar l;
    generate if (PHYS_LANES < 32) begin : int_passes
        gpu_unit_int_passes #(.LANES(PHYS_LANES)) u_int (
            .clk(clk), .rst_n(rst_n), .go(go && unit == U_INT), .ir(ir), .exec(exec), .a0(a0), .a1(a1),
            .b0(b0), .b1(b1), .c0(c0), .c1(c1), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc),
            .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg), .pred(pred), .upred(upred),
            .d0(int_d0), .d1(int_d1), .m0(int_m0), .m1(int_m1), .pw_m(int_pw_m), .pw_v(int_pw_v), .busy(int_busy));
    end else if (LANE_MODULES == 0) begin : int_one
        assign int_busy = 1'b0;
        gpu_unit_int u_int (
            .clk(clk), .go(go && unit == U_INT), .ir(ir), .exec(exec), .a0(a0), .a1(a1),
            .b0(b0), .b1(b1), .c0(c0), .c1(c1), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc),
            .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg), .pred(pred), .upred(upred),
            .d0(int_d0), .d1(int_d1), .m0(int_m0), .m1(int_m1), .pw_m(int_pw_m), .pw_v(int_pw_v));
    end else begin : int_lanes
        assign int_busy = 1'b0;
        for (l = 0; l < 32; l = l + 1) begin : int_lane
            wire [6:0] lane_pw_m, lane_pw_v;
            gpu_unit_int #(.LANES(1)) u_int (
                .clk(clk), .go(go && unit == U_INT), .ir(ir), .exec(exec[l]), .a0(a0[32 * l +: 32]),
                .a1(a1[32 * l +: 32]), .b0(b0[32 * l +: 32]), .b1(b1[32 * l +: 32]), .c0(c0[32 * l +: 32]),
                .c1(c1[32 * l +: 32]), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc),
                .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg),
                .pred({pred[192 + l], pred[160 + l], pred[128 + l], pred[96 + l], pred[64 + l], pred[32 + l], pred[l]}),
                .upred(upred), .d0(int_d0[32 * l +: 32]), .d1(int_d1[32 * l +: 32]), .m0(int_m0[l]), .m1(int_m1[l]),
                .pw_m(lane_pw_m), .pw_v(lane_pw_v));
            assign {int_pw_m[192 + l], int_pw_m[160 + l], int_pw_m[128 + l], int_pw_m[96 + l], int_pw_m[64 + l],
                    int_pw_m[32 + l], int_pw_m[l]} = lane_pw_m;
            assign {int_pw_v[192 + l], int_pw_v[160 + l], int_pw_v[128 + l], int_pw_v[96 + l], int_pw_v[64 + l],
                    int_pw_v[32 + l], int_pw_v[l]} = lane_pw_v;
        end
    end endgenerate

    generate if (PHYS_LANES < 32) begin : warp_passes
        gpu_unit_warp_passes #(.LANES(PHYS_LANES)) u_warp (
            .clk(clk), .rst_n(rst_n), .go(go && unit == U_WARP), .ir(ir), .exec(exec), .a0(a0), .a1(a1), .b0(b0),
            .c0(c0), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc), .b_bitnot(b_bitnot), .pred(pred),
            .warp(warp), .nwarps(nwarps), .clock(clock), .busy(warp_busy),
            .d0(warp_d0), .m0(warp_m0), .pw_m(warp_pw_m), .pw_v(warp_pw_v),
            .ur_en(warp_ur_en), .ur_i(warp_ur_i), .ur_v(warp_ur_v), .up_m(warp_up_m), .up_v(warp_up_v));
    end else begin : warp_one
        // a clock of its own, as the FP slots below: its registers change
        // only at a `go`, while busy (MATCH.ANY) and in reset
        wire warp_clk;
        wire warp_go = go && unit == U_WARP;
        gpu_clock_gate g_warp (.clk(clk), .en(warp_go || warp_busy || !rst_n), .gclk(warp_clk));
        gpu_unit_warp u_warp (
            .clk(warp_clk), .rst_n(rst_n), .go(warp_go), .ir(ir), .exec(exec), .a0(a0), .a1(a1), .b0(b0), .c0(c0),
            .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc), .b_bitnot(b_bitnot), .pred(pred),
            .warp(warp), .nwarps(nwarps), .clock(clock), .busy(warp_busy),
            .d0(warp_d0), .m0(warp_m0), .pw_m(warp_pw_m), .pw_v(warp_pw_v),
            .ur_en(warp_ur_en), .ur_i(warp_ur_i), .ur_v(warp_ur_v), .up_m(warp_up_m), .up_v(warp_up_v));
    end endgenerate

    // the floating-point slots
    wire [31:0]   fp16_m0, fp32_m0, mufu_m0;
    wire [223:0]  fp16_pw_m, fp16_pw_v, fp32_pw_m, fp32_pw_v;
    wire          fp32_busy, mufu_busy, fp32_fire, mufu_fire;

    // FP_UNITS 0: the slots are not built (decode answers their optypes
    // UNIMPLEMENTED, so nothing is sent to them); their outputs are zero
    generate if (FP_UNITS != 0) begin : fp
        wire fpo_clk, fp16_clk, fp32_clk, fp16_want, fp32_want;
        wire [31:0]   fp_en, fp_p;
        wire [1023:0] fp_a, fp_b, fp_c;
        wire fpo_go = go && (unit == U_FP16 || unit == U_FP32);
        gpu_clock_gate g_fpo (.clk(clk), .en(fpo_go), .gclk(fpo_clk));
        gpu_clock_gate g_fp16 (.clk(clk), .en(fp16_want || !rst_n), .gclk(fp16_clk));
        gpu_clock_gate g_fp32 (.clk(clk), .en(fp32_want || !rst_n), .gclk(fp32_clk));

        gpu_fp_operands u_fpo (
            .clk(fpo_clk), .go(fpo_go), .ir(ir), .ub(ub), .uc(uc), .exec(exec),
            .a0(a0), .b0(b0), .c0(c0), .b_gpr(b_gpr), .c_gpr(c_gpr), .pred(pred),
            .en(fp_en), .a(fp_a), .b(fp_b), .c(fp_c), .p(fp_p));

        gpu_unit_fp16 #(.LANE_MODULES(LANE_MODULES)) u_fp16 (
            .clk(fp16_clk), .rst_n(rst_n), .go(go && unit == U_FP16), .want(fp16_want), .ir(ir), .exec(exec),
            .en(fp_en), .a(fp_a), .b(fp_b), .c(fp_c),
            .p(fp_p), .d(fp16_d0), .m0(fp16_m0), .pw_m(fp16_pw_m), .pw_v(fp16_pw_v));

        gpu_unit_fp32 #(.LANE_MODULES(LANE_MODULES)) u_fp32 (
            .clk(fp32_clk), .rst_n(rst_n), .go(go && unit == U_FP32), .want(fp32_want), .ir(ir), .exec(exec),
            .en(fp_en), .a(fp_a), .b(fp_b), .c(fp_c),
            .p(fp_p), .d(fp32_d0), .m0(fp32_m0), .pw_m(fp32_pw_m), .pw_v(fp32_pw_v), .busy(fp32_busy),
            .f_armed(f_armed), .f_kind(f_kind), .f_fire(fp32_fire));
    end else begin : no_fp
        assign fp16_d0 = 1024'd0; assign fp16_m0 = 32'd0; assign fp16_pw_m = 224'd0; assign fp16_pw_v = 224'd0;
        assign fp32_d0 = 1024'd0; assign fp32_m0 = 32'd0; assign fp32_pw_m = 224'd0; assign fp32_pw_v = 224'd0;
        assign fp32_busy = 1'b0; assign fp32_fire = 1'b0;
    end endgenerate

    // MUFU_LANES 0: the slot is not built (decode answers MUFU UNIMPLEMENTED)
    generate if (MUFU_LANES != 0) begin : mufu
        wire mufu_clk, mufu_want;
        gpu_clock_gate g_mufu (.clk(clk), .en(mufu_want || !rst_n), .gclk(mufu_clk));

        gpu_unit_mufu #(.LANES(MUFU_LANES), .LANE_MODULES(LANE_MODULES)) u_mufu (
            .clk(mufu_clk), .rst_n(rst_n), .go(go && unit == U_MUFU), .want(mufu_want), .ir(ir), .exec(exec),
            .b0(b0), .b_gpr(b_gpr), .ub(ub),
            .d(mufu_d0), .m0(mufu_m0), .busy(mufu_busy), .f_armed(f_armed), .f_kind(f_kind), .f_param(f_param),
            .f_fire(mufu_fire));
    end else begin : no_mufu
        assign mufu_d0 = 1024'd0; assign mufu_m0 = 32'd0; assign mufu_busy = 1'b0; assign mufu_fire = 1'b0;
    end endgenerate

    assign busy = int_busy || warp_busy || fp32_busy || mufu_busy;
    assign f_fire = fp32_fire || mufu_fire;

    always @(*) begin
        m0 = 32'd0; m1 = 32'd0; m2 = 32'd0; m3 = 32'd0;
        pw_m = 224'd0; pw_v = 224'd0;
        ur_en = 1'b0; ur_i = warp_ur_i; ur_v = warp_ur_v; up_m = 7'd0; up_v = warp_up_v;
        case (unit)
        U_INT: begin
            m0 = int_m0; m1 = int_m1; pw_m = int_pw_m; pw_v = int_pw_v;
        end
        U_WARP: begin
            m0 = warp_m0; pw_m = warp_pw_m; pw_v = warp_pw_v;
            ur_en = warp_ur_en; up_m = warp_up_m;
        end
        U_MEM: begin
            m0 = ld_m; m1 = (ld_words > 3'd1) ? ld_m : 32'd0;
            m2 = (ld_words > 3'd2) ? ld_m : 32'd0; m3 = (ld_words > 3'd3) ? ld_m : 32'd0;
        end
        U_FP16: begin m0 = fp16_m0; pw_m = fp16_pw_m; pw_v = fp16_pw_v; end
        U_FP32: begin m0 = fp32_m0; pw_m = fp32_pw_m; pw_v = fp32_pw_v; end
        U_MUFU: m0 = mufu_m0;
        default: ;
        endcase
    end
endmodule
