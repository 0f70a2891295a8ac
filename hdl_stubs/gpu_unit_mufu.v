// gpu_unit_mufu: the MUFU slot (U_MUFU, isa/spec/xu.isa): an fp_mufu of
// hdl_stubs/fp/ with LANES lanes (a divisor of 32) behind a decode wrapper,
// shared by the warp's 32 lanes in 32 / LANES passes, as hardware shares
// its few special-function units: each pass one edge, LANES lanes of SrcB
// in, and the pass's results collected into the result row at the next.
// `busy` until the last pass; with LANES = 8 a MUFU takes 5 edges after
// `go` (an ALU instruction 1). A _V2 dtype goes through the passes twice,
// as F16/BF16 .H0 then .H1 (the same elements: fp_mufu's one-edge _V2 is a
// second datapath, left out here), and takes 2 * 32 / LANES + 1 edges; the
// second round puts each high element beside its low one as it is
// collected. Declared accuracy: gpu_tolerance.vh
// (hdl_stubs/fp/mufu_tolerance.txt), answered in capability words 16..31.
//
// At `go` the wrapper decodes the controls (gpu_isa.vh: function, dtype,
// SrcB's .abs/.neg/.H1, .SAT) and registers SrcB (the GPR row or the UR
// word, as they come: a pass selects its lanes, no row is shifted).
// A dtype the spec does not list (6, 7: only EX2 and TANH encode with one)
// computes as F32, as the model does.
//
// Fault MUFU_ULP (fw/faults.h) strikes here: the first executing lane's
// result (its low element) is moved P ulps up as it is collected (P 0: the
// declared bound of the function and format plus one).
module gpu_unit_mufu #(
    parameter integer LANES = 8,
    parameter integer LANE_MODULES = 0  // 1: an fp_mufu of one lane per lane (gpu_exec.v)
) (
    input  wire          clk,              // gated: edges only after a cycle with `want` (gpu_clock_gate)
    input  wire          rst_n,
    input  wire          go,
    output wire          want,             // this unit needs the next edge
    input  wire [127:0]  ir,
    input  wire [31:0]   exec,
    input  wire [1023:0] b0,
    input  wire          b_gpr,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [63:0]   ub,               // (the low word)
    /* verilator lint_on UNUSEDSIGNAL */
    output reg  [1023:0] d,
    output reg  [31:0]   m0,
    output wire          busy,
    // faults
    input  wire          f_armed,
    input  wire [7:0]    f_kind,
    input  wire [7:0]    f_param,
    output reg           f_fire
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    `include "gpu_faults.vh"
    `include "gpu_tolerance.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer PASSES = 32 / LANES;
    localparam integer W = 32 * LANES;
    localparam integer LBITS = $clog2(LANES);

    // the unit's own dtype codes (fp_mufu.v): 0 F32, 1 F64, 2 F16_V2, 3 BF16_V2, 4 F16, 5 BF16
    function automatic [2:0] dtype_code(input [2:0] v);
        case (v)
        T_MUFUDType_F64:     dtype_code = 3'd1;
        T_MUFUDType_F16_V2:  dtype_code = 3'd2;
        T_MUFUDType_BF16_V2: dtype_code = 3'd3;
        T_MUFUDType_F16:     dtype_code = 3'd4;
        T_MUFUDType_BF16:    dtype_code = 3'd5;
        default:             dtype_code = 3'd0;   // F32, and the values the spec does not list
        endcase
    endfunction

    // and its function codes: 0 COS 1 SIN 2 EX2 3 LG2 4 RCP 5 RSQ 6 SQRT 7 TANH
    function automatic [2:0] fn_code(input [2:0] v);
        case (v)
        T_MUFUOp_COS:  fn_code = 3'd0;
        T_MUFUOp_SIN:  fn_code = 3'd1;
        T_MUFUOp_EX2:  fn_code = 3'd2;
        T_MUFUOp_LG2:  fn_code = 3'd3;
        T_MUFUOp_RCP:  fn_code = 3'd4;
        T_MUFUOp_RSQ:  fn_code = 3'd5;
        T_MUFUOp_SQRT: fn_code = 3'd6;
        default:       fn_code = 3'd7;           // TANH
        endcase
    endfunction

    `include "gpu_ctz.vh"

    // x moved n ulps up in the low element of its format (unit code ut)
    function automatic [31:0] nudge(input [31:0] x, input [2:0] ut, input [7:0] n);
        if (ut <= 3'd1) nudge = x + {24'd0, n};                       // F32, the F64's upper word
        else nudge = {x[31:16], x[15:0] + {8'd0, n}};                 // a 16-bit element
    endfunction

    reg [2:0]    fn, dt;
    reg          abs_, neg, h1, sat;
    reg [1023:0] bs;                       // SrcB of a GPR, the row
    reg [31:0]   ubs;                      // SrcB of a uniform register, every lane's
    reg          b_row;                    // SrcB is bs (else ubs)
    reg [31:0]   es;                       // the executing lanes
    reg [6:0]    ph;                       // 1..last: a pass computes; last+1: the last collect
    reg          strike;
    reg [4:0]    l0_pass, l0_lane;         // the first executing lane: its pass, its lane there
    reg [7:0]    delta;
    wire [W-1:0] ud;

    // _V2: two rounds of passes, the low elements then the high ones
    wire         v2 = dt == 3'd2 || dt == 3'd3;
    wire [6:0]   last = v2 ? 7'd2 * PASSES[6:0] : PASSES[6:0];
    wire         high_round = v2 && ph > PASSES[6:0];
    // what fp_mufu computes: a _V2's elements as F16/BF16 (codes 4, 5), .H1 in the second round
    wire [2:0]   mdt = v2 ? dt + 3'd2 : dt;
    wire         mh1 = v2 ? high_round : h1;
    // the pass's lanes: (ph - 1) mod PASSES, in either round
    wire [6:0]   pass = (ph - 7'd1) & (PASSES[6:0] - 7'd1);
    wire [W-1:0] pass_b = b_row ? bs[W * pass +: W] : {LANES{ubs}};
    wire [LANES-1:0] pass_en = es[LANES * pass +: LANES];

    assign busy = ph != 7'd0 && ph <= last;
    assign want = go || ph != 7'd0;

    always @(posedge clk) begin : passes
        reg [W-1:0]      got;
        integer          i;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [1023+W:0]   t;                // (the row's lowest W bits leave it)
        /* verilator lint_on UNUSEDSIGNAL */
        f_fire <= 1'b0;
        if (!rst_n) begin
            ph <= 7'd0; strike <= 1'b0;
        end else if (go) begin
            fn <= fn_code(isa_fv_mufuop(ir));
            dt <= isa_valid_MUFUDType(isa_fv_dtype(ir)) ? dtype_code(isa_fv_dtype(ir)) : 3'd0;
            abs_ <= isa_b_abs(ir);
            neg <= isa_b_neg(ir);
            h1 <= isa_b_hsel(ir) == T_HSel_H1;
            sat <= isa_fv_sat(ir) == T_FPSat_SAT;
            bs <= b0;
            ubs <= ub[31:0];
            b_row <= b_gpr;
            es <= exec;
            m0 <= exec;
            ph <= 7'd1;
            strike <= f_armed && f_kind == FAULT_MUFU_ULP && exec != 32'd0;
            f_fire <= f_armed && f_kind == FAULT_MUFU_ULP && exec != 32'd0;
            l0_pass <= ctz(exec) >> LBITS;
            l0_lane <= ctz(exec) & ~(5'h1f << LBITS);
            delta <= (f_param != 8'd0) ? f_param
                     : core_mufu_ulp(isa_fv_mufuop(ir), isa_valid_MUFUDType(isa_fv_dtype(ir)) ? isa_fv_dtype(ir)
                                                                                          : T_MUFUDType_F32) + 8'd1;
        end else if (ph != 7'd0) begin
            if (ph >= 7'd2) begin
                // collect the pass before: its lanes enter the row from the top
                // (a _V2's second round: beside the low elements leaving at the bottom)
                got = ud;
                if (strike && {2'd0, l0_pass} == ph - 7'd2)
                    got[32 * l0_lane +: 32] = nudge(ud[32 * l0_lane +: 32], dt, delta);
                if (v2 && ph > PASSES[6:0] + 7'd1)
                    for (i = 0; i < LANES; i = i + 1)
                        got[32 * i +: 32] = {ud[32 * i +: 16], d[32 * i +: 16]};
                t = {got, d};
                d <= t[1023+W:W];
            end
            ph <= (ph == last + 7'd1) ? 7'd0 : ph + 7'd1;
        end
    end

    genvar l;
    generate if (LANE_MODULES == 0) begin : one
        fp_mufu #(.LANES(LANES), .V2(0)) u_mufu (
            .clk(clk), .en(busy ? pass_en : {LANES{1'b0}}), .fn(fn), .dtype(mdt), .abs_(abs_), .neg(neg),
            .h1(mh1), .sat(sat), .b(pass_b), .d(ud));
    end else for (l = 0; l < LANES; l = l + 1) begin : lane
        fp_mufu #(.LANES(1), .V2(0)) u_mufu (
            .clk(clk), .en(busy && pass_en[l]), .fn(fn), .dtype(mdt), .abs_(abs_), .neg(neg),
            .h1(mh1), .sat(sat), .b(pass_b[32 * l +: 32]), .d(ud[32 * l +: 32]));
    end endgenerate
endmodule
