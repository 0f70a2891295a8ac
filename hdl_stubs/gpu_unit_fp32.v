// gpu_unit_fp32: the FP32 slot (U_FP32): FADD FMUL FFMA FMNMX FSETP LRP
// (isa/spec/ext.isa, EXT_FP32) on 32 lanes in one cycle, an fp32_unit of
// hdl_stubs/fp/ with LANES = 32 behind a decode wrapper.
//
// At `go` the wrapper turns the instruction word into the unit's controls
// (fields through gpu_isa.vh's isa_fv_* / isa_b_* / isa_c_* functions: the
// field's value in the word's variant, 0 where the variant has none, as the
// model reads it) and registers them; gpu_fp_operands registers the
// operands at the same edge, and the unit computes at the next (`run`).
// Results: the unit's d row (Rd: every lane it computed; m0 the executing
// lanes, none for FSETP) and FSETP's predicate writes (pu, pv).
// EXT_FP32 has no reserved field values (the encoder rejects FSETP's .cmp
// 14, 15 and .lop 3: gpu_legal).
//
// Faults (fw/faults.h) struck here: WRONG_ROUNDING (an RN FADD/FMUL/FFMA)
// and FTZ_IGNORED (a .FTZ FADD/FMUL/FFMA): one more edge recomputes the
// first executing lane with .RZ, or without .FTZ (`busy` for that edge).
module gpu_unit_fp32 #(
    parameter integer LANE_MODULES = 0  // 1: an fp32_unit of one lane per lane (gpu_exec.v)
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
    output wire [223:0]  pw_m, pw_v,       // FSETP: its predicate writes (gpu_pred_writes)
    output wire          busy,             // a second edge (a fault) follows the next one
    // faults
    input  wire          f_armed,
    input  wire [7:0]    f_kind,
    output reg           f_fire
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    `include "gpu_fp_codes.vh"
    `include "gpu_faults.vh"
    /* verilator lint_on UNUSEDPARAM */

    // the unit's own control codes (fp32_unit.v)
    localparam [2:0] U_FADD = 3'd0, U_FMUL = 3'd1, U_FFMA = 3'd2, U_FMNMX = 3'd3, U_FSETP = 3'd4, U_LRP = 3'd5;
    localparam [1:0] U_RN = 2'd0, U_RZ = 2'd3;          // (fp_rnd_code's)

    function automatic [2:0] op_code(input [7:0] opt);
        case (opt)
        OP_FADD:  op_code = U_FADD;
        OP_FMUL:  op_code = U_FMUL;
        OP_FFMA:  op_code = U_FFMA;
        OP_FMNMX: op_code = U_FMNMX;
        OP_FSETP: op_code = U_FSETP;
        default:  op_code = U_LRP;
        endcase
    endfunction

    `include "gpu_ctz.vh"

    reg [2:0]  op;
    reg [1:0]  rnd, lop;
    reg        ftz, sat, nan, run, again, second;
    reg [3:0]  cmp;
    reg [2:0]  neg, abs_;
    reg [4:0]  l0;
    reg [2:0]  pu_i, pv_i;                 // the predicates FSETP writes (7: PT, none)
    reg        writes_p;
    reg [31:0] lanes;
    wire [31:0] pu, pv;

    always @(posedge clk) begin : controls
        reg [2:0] o;
        reg       arith, strike_r, strike_f;
        f_fire <= 1'b0;
        second <= 1'b0;
        run <= go;
        if (!rst_n) begin
            run <= 1'b0; again <= 1'b0;
        end else if (go) begin
            o = op_code(ir[F_OPTYPE +: F_OPTYPE_W]);
            op <= o;
            rnd <= fp_rnd_code(isa_fv_rnd(ir));
            ftz <= isa_fv_ftz(ir) == T_FPFtz_FTZ;
            sat <= isa_fv_sat(ir) == T_FPSat_SAT;
            nan <= isa_fv_nan(ir) == T_NAN_NAN;
            cmp <= fp_cmp_code(isa_fv_cmp(ir));
            lop <= fp_lop_code(isa_fv_lop(ir));
            neg <= {isa_c_neg(ir), isa_b_neg(ir), isa_fv_ra_neg(ir)};
            abs_ <= {isa_c_abs(ir), isa_b_abs(ir), isa_fv_ra_abs(ir)};
            pu_i <= isa_fv_pu(ir);
            pv_i <= isa_fv_pv(ir);
            lanes <= exec;
            writes_p <= o == U_FSETP;
            m0 <= (o == U_FSETP) ? 32'd0 : exec;
            // a fault that strikes here: the first lane again, differently
            arith = o == U_FADD || o == U_FMUL || o == U_FFMA;
            strike_r = f_kind == FAULT_WRONG_ROUNDING && fp_rnd_code(isa_fv_rnd(ir)) == U_RN;
            strike_f = f_kind == FAULT_FTZ_IGNORED && isa_fv_ftz(ir) == T_FPFtz_FTZ;
            again <= f_armed && arith && exec != 32'd0 && (strike_r || strike_f);
            f_fire <= f_armed && arith && exec != 32'd0 && (strike_r || strike_f);
            l0 <= ctz(exec);
        end else if (run && again) begin
            // after the whole warp's edge: the first lane with the fault's controls
            again <= 1'b0;
            second <= 1'b1;
            if (f_kind == FAULT_WRONG_ROUNDING) rnd <= U_RZ;
            else ftz <= 1'b0;
        end
    end
    assign busy = run && again;
    assign want = go || run || second;

    wire [31:0] unit_en = run ? en : second ? (32'd1 << l0) : 32'd0;

    genvar l;
    generate if (LANE_MODULES == 0) begin : one
        fp32_unit #(.LANES(32)) u_fp32 (
            .clk(clk), .en(unit_en), .op(op), .rnd(rnd), .ftz(ftz), .sat(sat), .nan(nan), .cmp(cmp), .lop(lop),
            .neg(neg), .abs_(abs_), .a(a), .b(b), .c(c), .p(p), .d(d), .pu(pu), .pv(pv));
    end else for (l = 0; l < 32; l = l + 1) begin : lane
        fp32_unit #(.LANES(1)) u_fp32 (
            .clk(clk), .en(unit_en[l]), .op(op), .rnd(rnd), .ftz(ftz), .sat(sat), .nan(nan), .cmp(cmp),
            .lop(lop), .neg(neg), .abs_(abs_), .a(a[32 * l +: 32]), .b(b[32 * l +: 32]), .c(c[32 * l +: 32]),
            .p(p[l]), .d(d[32 * l +: 32]), .pu(pu[l]), .pv(pv[l]));
    end endgenerate
    gpu_pred_writes u_pw (.en(writes_p), .iu(pu_i), .iv(pv_i), .lanes(lanes), .u(pu), .v(pv), .pw_m(pw_m), .pw_v(pw_v));
endmodule
