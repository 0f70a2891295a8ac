// gpu_unit_fp16: the FP16x2 slot (U_FP16): HADD2 (and .F32) HMUL2 HFMA2
// HMNMX2 HSETP2 HSET2 on packed binary16 / bfloat16 pairs (isa/spec/halu.isa)
// on 32 lanes in one cycle, an fp_halu2 of hdl_stubs/fp/ with LANES = 32
// behind a decode wrapper.
//
// At `go` the wrapper turns the instruction word into the unit's controls
// (fields through gpu_isa.vh's isa_fv_* / isa_b_* / isa_c_* functions: the
// field's value in the word's variant, 0 where it has none, as the model
// reads it; an immediate operand has no decorations) and registers them;
// gpu_fp_operands registers the operands at the same edge, and the unit
// computes at the next (`run`). The reserved values (.hsel2 3, .cmp 14/15,
// .lop 3) never get here: gpu_decode traps them (ILLEGAL_INSTRUCTION).
// Results: the unit's d row (m0 the executing lanes, none for HSETP2) and
// HSETP2's predicate writes (pu: half 0, pv: half 1).
module gpu_unit_fp16 #(
    parameter integer LANE_MODULES = 0  // 1: an fp_halu2 of one lane per lane (gpu_exec.v)
) (
    input  wire          clk,              // gated: edges only after a cycle with `want` (gpu_clock_gate)
    input  wire          rst_n,
    input  wire          go,               // decode the controls at this edge
    output wire          want,             // this unit needs the next edge
    input  wire [127:0]  ir,
    input  wire [31:0]   exec,
    input  wire [31:0]   en,               // gpu_fp_operands: the lanes, the operands, pp
    input  wire [1023:0] a, b, c,
    input  wire [31:0]   p,
    output wire [1023:0] d,
    output reg  [31:0]   m0,
    output wire [223:0]  pw_m, pw_v        // HSETP2: its predicate writes (gpu_pred_writes)
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    `include "gpu_fp_codes.vh"
    /* verilator lint_on UNUSEDPARAM */

    // the unit's own control codes (fp_halu2.v)
    localparam [2:0] U_HADD2 = 3'd0, U_HMUL2 = 3'd1, U_HFMA2 = 3'd2, U_HMNMX2 = 3'd3, U_HSETP2 = 3'd4,
                     U_HSET2 = 3'd5;

    function automatic [2:0] op_code(input [7:0] opt);
        case (opt)
        OP_HADD2:  op_code = U_HADD2;
        OP_HMUL2:  op_code = U_HMUL2;
        OP_HFMA2:  op_code = U_HFMA2;
        OP_HMNMX2: op_code = U_HMNMX2;
        OP_HSETP2: op_code = U_HSETP2;
        default:   op_code = U_HSET2;
        endcase
    endfunction

    // .hsel2 into the unit's codes: 0 H1_H0, 1 H0_H0, 2 H1_H1
    function automatic [1:0] hsel_code(input [1:0] v);
        hsel_code = (v == T_HSel2_H0_H0) ? 2'd1 : (v == T_HSel2_H1_H1) ? 2'd2 : 2'd0;
    endfunction

    reg [2:0] op;
    reg       bf16, f32, ftz, sat, relu, nan, bval, run;
    reg [1:0] rnd, lop;
    reg [3:0] cmp;
    reg [2:0] neg, abs_;
    reg [5:0] hsel;
    reg [2:0] pu_i, pv_i;                  // the predicates HSETP2 writes (7: PT, none)
    reg       writes_p;
    reg [31:0] lanes;
    wire [31:0] pu, pv;

    always @(posedge clk) begin : controls
        reg [2:0] o;
        run <= go && rst_n;
        if (go) begin
            o = op_code(ir[F_OPTYPE +: F_OPTYPE_W]);
            op <= o;
            bf16 <= isa_fv_hfmt_v2(ir) == T_HFmtV2_BF16_V2;
            f32 <= isa_fv_f32(ir) == T_HOutF32_F32;
            rnd <= fp_rnd_code(isa_fv_rnd(ir));
            ftz <= isa_fv_ftz(ir) == T_FPFtz_FTZ;
            sat <= isa_fv_sat(ir) == T_FPSat_SAT;
            relu <= isa_fv_relu(ir) == T_RELU_RELU;
            nan <= isa_fv_nan(ir) == T_NAN_NAN;
            bval <= isa_fv_bval(ir) == T_BVal_BF;
            cmp <= fp_cmp_code(isa_fv_cmp(ir));
            lop <= fp_lop_code(isa_fv_lop(ir));
            neg <= {isa_c_neg(ir), isa_b_neg(ir), isa_fv_ra_neg(ir)};
            abs_ <= {isa_c_abs(ir), isa_b_abs(ir), isa_fv_ra_abs(ir)};
            hsel <= {hsel_code(isa_c_hsel2(ir)), hsel_code(isa_b_hsel2(ir)), hsel_code(isa_fv_ra_hsel2(ir))};
            pu_i <= isa_fv_pu(ir);
            pv_i <= isa_fv_pv(ir);
            lanes <= exec;
            writes_p <= o == U_HSETP2;
            m0 <= (o == U_HSETP2) ? 32'd0 : exec;
        end
    end

    assign want = go || run;

    genvar l;
    generate if (LANE_MODULES == 0) begin : one
        fp_halu2 #(.LANES(32)) u_halu (
            .clk(clk), .en(run ? en : 32'd0), .op(op), .bf16(bf16), .f32(f32), .rnd(rnd), .ftz(ftz), .sat(sat),
            .relu(relu), .nan(nan), .cmp(cmp), .lop(lop), .bval(bval), .neg(neg), .abs_(abs_), .hsel(hsel),
            .a(a), .b(b), .c(c), .p(p), .d(d), .pu(pu), .pv(pv));
    end else for (l = 0; l < 32; l = l + 1) begin : lane
        fp_halu2 #(.LANES(1)) u_halu (
            .clk(clk), .en(run && en[l]), .op(op), .bf16(bf16), .f32(f32), .rnd(rnd), .ftz(ftz), .sat(sat),
            .relu(relu), .nan(nan), .cmp(cmp), .lop(lop), .bval(bval), .neg(neg), .abs_(abs_), .hsel(hsel),
            .a(a[32 * l +: 32]), .b(b[32 * l +: 32]), .c(c[32 * l +: 32]), .p(p[l]), .d(d[32 * l +: 32]),
            .pu(pu[l]), .pv(pv[l]));
    end endgenerate
    gpu_pred_writes u_pw (.en(writes_p), .iu(pu_i), .iv(pv_i), .lanes(lanes), .u(pu), .v(pv), .pw_m(pw_m), .pw_v(pw_v));
endmodule
