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
//   unit            instructions                                   module
//   U_INT           IALU but R2UR/SETGPR/GETGPR; XU but MUFU        gpu_unit_int
//   U_WARP          SYNCOp, S2R, S2UR, R2UR, SETGPR, GETGPR         gpu_unit_warp
//   U_MEM           LDG, STG, LDC                                   gpu_mem (loads; stores retire)
//   U_NONE          NOP EXIT BRA BSSY BSYNC                         gpu_ctrl only
//   U_FP16  (empty) HADD2 HMUL2 HFMA2 HMNMX2 HSETP2 HSET2           -
//   U_FP32  (empty) FADD FMUL FFMA FMNMX FSETP LRP                  -
//   U_MUFU  (empty) MUFU                                            -
//
// The three empty slots: their optypes are outside hdl_stubs/implemented.txt,
// so decode retires them as UNIMPLEMENTED before they get here, and their
// result ports below are tied off. A unit for a slot takes the slot
// interface: a decode wrapper turning `ir` into the unit's controls
// (format, rounding, FTZ, saturation, operand modifiers, the MUFU function),
// 32 lanes of the datapath (hdl_stubs/fp/), registered results d0 (and d1
// for a pair), m0 (= exec for a GPR result), pw_m/pw_v (HSETP2, FSETP; pu and
// pv), `busy` for a multi-cycle unit; then its optypes join implemented.txt
// and its case arm below is filled in.
module gpu_exec (
    input  wire          clk,
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
    // the results: the units' rows (int: d0 d1, warp: d0; loads come from gpu_mem), the lanes
    // each of the chosen unit's up to four rows writes, predicate writes, a uniform register
    // and uniform predicates
    output wire [1023:0] int_d0, int_d1, warp_d0,
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
    wire          warp_ur_en, warp_busy;
    wire [5:0]    warp_ur_i;
    wire [31:0]   warp_ur_v;
    wire [6:0]    warp_up_m, warp_up_v;

    gpu_unit_int u_int (
        .clk(clk), .go(go && unit == U_INT), .ir(ir), .exec(exec), .a0(a0), .a1(a1),
        .b0(b0), .b1(b1), .c0(c0), .c1(c1), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc),
        .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg), .pred(pred), .upred(upred),
        .d0(int_d0), .d1(int_d1), .m0(int_m0), .m1(int_m1), .pw_m(int_pw_m), .pw_v(int_pw_v));

    gpu_unit_warp u_warp (
        .clk(clk), .go(go && unit == U_WARP), .ir(ir), .exec(exec), .a0(a0), .a1(a1), .b0(b0), .c0(c0),
        .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc), .b_bitnot(b_bitnot), .pred(pred),
        .warp(warp), .nwarps(nwarps), .clock(clock), .busy(warp_busy),
        .d0(warp_d0), .m0(warp_m0), .pw_m(warp_pw_m), .pw_v(warp_pw_v),
        .ur_en(warp_ur_en), .ur_i(warp_ur_i), .ur_v(warp_ur_v), .up_m(warp_up_m), .up_v(warp_up_v));

    // (slots U_FP16, U_FP32, U_MUFU: no unit yet)

    assign busy = warp_busy;

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
        // U_FP16, U_FP32, U_MUFU: empty slots (never reached: UNIMPLEMENTED at decode)
        default: ;
        endcase
    end
endmodule
