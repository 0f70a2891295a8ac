// gpu_unit_warp: the instructions that look across the lanes of a warp or
// write a uniform register: SHFL MOVM VOTE VOTEU REDUX REDUXU MATCH ELECT
// ELECTU (isa/spec/sync.isa), S2R S2UR (special registers, ext.isa) and R2UR
// SETGPR GETGPR (ialu.isa). All lanes in one cycle at the edge where `go` is
// high, except MATCH.ANY, which compares one executing lane against the warp
// per cycle (busy meanwhile). Same slot interface as gpu_unit_int; besides
// d0/m0 and the predicate writes it may write one uniform register
// (ur_en/ur_i/ur_v) and uniform predicates (up_m/up_v).
module gpu_unit_warp (
    input  wire          clk,
    input  wire          rst_n,        // clears MATCH.ANY's busy (X until the first `go` in a 4-state simulator)
    input  wire          go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0]  ir,
    input  wire [63:0]   ub, uc,
    input  wire [1023:0] c0,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]   exec,
    input  wire [1023:0] a0, a1,       // Ra, Ra+1 (MATCH.U64)
    input  wire [1023:0] b0,           // SrcB rows (SHFL lane, R2UR source)
    input  wire          b_gpr, c_gpr,
    input  wire          b_bitnot,
    input  wire [223:0]  pred,
    input  wire [6:0]    warp,         // this warp (SR_WARPID, SR_TID_X)
    input  wire [6:0]    nwarps,       // warps launched
    input  wire [63:0]   clock,        // the warp's clock (SR_CLOCKLO/HI)
    output reg           busy,         // MATCH.ANY under way
    output wire [1023:0] d0,
    output wire [31:0]   m0,
    output wire [223:0]  pw_m, pw_v,
    output reg           ur_en,
    output reg  [5:0]    ur_i,
    output reg  [31:0]   ur_v,
    output reg  [6:0]    up_m, up_v
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    /* verilator lint_on UNUSEDPARAM */

    wire [7:0] opt = ir[F_OPTYPE +: F_OPTYPE_W];
    wire [2:0] pu  = ir[F_PU +: F_PU_W];

    // lowest set bit of m (0 when m is 0)
    `include "gpu_ctz.vh"

    `include "gpu_warp_lane.vh"

    // lane l's {pu_ok, value}: warp_lane on what the lane reads of the rows
    function automatic [32:0] lane_result(input [4:0] l, input [31:0] ppm, input vres, input [31:0] cand);
        reg [5:0] src;
        reg [4:0] s0, sl;
        begin
            src = 6'd0;
            if (opt == OP_SHFL)
                src = shfl_source(l, b_gpr ? b0[32 * l +: 5] : ub[4:0], c_gpr ? c0[32 * l +: 5] : uc[4:0],
                                  c_gpr ? c0[32 * l + 8 +: 5] : uc[12:8]);
            s0 = movm_source(l);
            sl = src[5] ? src[4:0] : l;
            lane_result = warp_lane(l, ppm, vres, cand, src[5], a0[32 * sl +: 32],
                                    a0[32 * s0 +: 32], a0[32 * (s0 + 5'd4) +: 32]);
        end
    endfunction

    // REDUX over the executing lanes of rows (Ra)
    function automatic [31:0] redux(input [31:0] lanes, input [2:0] op, input sgn, input [1023:0] rows);
        integer i;
        begin
            redux = redux_init(op, sgn);
            for (i = 0; i < 32; i = i + 1) if (lanes[i]) redux = redux_step(redux, rows[32 * i +: 32], op, sgn);
        end
    endfunction

    // MATCH: the executing lanes whose Ra (pair r1:r0) equals lane l's
    function automatic [31:0] match_eq(input [31:0] lanes, input [4:0] l, input wide, input [1023:0] r0,
                                       input [1023:0] r1);
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                match_eq[i] = lanes[i] && r0[32 * i +: 32] == r0[32 * l +: 32] &&
                              (!wide || r1[32 * i +: 32] == r1[32 * l +: 32]);
        end
    endfunction

    // What every lane reads at a `go`, combinationally: the lanes where pp
    // holds among the executing ones, VOTE's result, ELECT's candidates,
    // REDUX's value, MATCH.ALL's agreement. (Every lane's register is its own
    // always block below: one block over 32 lanes took Yosys minutes.)
    wire [255:0] pred_pt = {32'hFFFFFFFF, pred};     // P0..P6 and PT
    wire        match_wide = ir[F_MATCH_DTYPE +: F_MATCH_DTYPE_W] == T_MATCHDType_U64;
    wire [4:0]  lead = ctz(exec);
    wire [31:0] pm = pred_pt[32 * ir[F_PP +: F_PP_W] +: 32] ^ {32{ir[F_PP_NOT]}};
    wire [31:0] ppm = exec & pm;
    wire [31:0] cand = (ir[F_STYPE +: F_STYPE_W] == T_SType_U) ? exec & (b_bitnot ? ~ub[31:0] : ub[31:0]) : ppm;
    reg         vres, all_eq;
    reg  [31:0] rv;
    // (Only at a `go` and for the instruction that reads each: a simulator
    // skips the rest, every cycle of every other unit's instruction.)
    always @* begin : go_values
        integer i;
        case (ir[F_VOTEOP +: F_VOTEOP_W])
        T_VOTEOp_ANY: vres = (ppm != 32'd0);
        T_VOTEOp_ALL: vres = (ppm == exec);
        default:      vres = (ppm == exec) || (ppm == 32'd0);
        endcase
        rv = 32'd0;
        if (go && opt == OP_REDUX)
            rv = redux(exec, ir[F_REDUXOP +: F_REDUXOP_W], ir[F_REDUX_DTYPE +: F_REDUX_DTYPE_W] == T_REDUXDType_S32, a0);
        if (go && opt == OP_REDUXU)
            rv = redux(exec, ir[F_REDUXOP +: F_REDUXOP_W], ir[F_REDUXU_DTYPE +: F_REDUXU_DTYPE_W] == T_REDUXDType_S32,
                       a0);
        all_eq = 1'b1;
        if (go && opt == OP_MATCH)
            for (i = 0; i < 32; i = i + 1)
                if (exec[i] && (a0[32 * i +: 32] != a0[32 * lead +: 32] ||
                                (match_wide && a1[32 * i +: 32] != a1[32 * lead +: 32]))) all_eq = 1'b0;
    end
    // GPR lanes: not the uniform-only instructions (VOTEU REDUXU ELECTU R2UR S2UR)
    wire gpr_op = opt != OP_VOTEU && opt != OP_REDUXU && opt != OP_ELECTU && opt != OP_R2UR && opt != OP_S2UR;
    // the instructions that write predicate pu (PT: none)
    wire pw_op = (opt == OP_SHFL || opt == OP_VOTE || opt == OP_MATCH || opt == OP_ELECT || opt == OP_ELECTU) &&
                 pu != 3'd7;

    reg  [31:0] match_rem;            // MATCH.ANY: lanes still to compare
    // MATCH.ANY, while busy: the lowest lane left against every executing lane
    wire [4:0]  match_lead = ctz(match_rem);
    reg  [31:0] match_lanes;
    always @* begin : match_any
        match_lanes = 32'd0;
        if (busy) match_lanes = match_eq(exec, match_lead, match_wide, a0, a1);
    end

    genvar g;
    generate for (g = 0; g < 32; g = g + 1) begin : lane
        localparam [4:0] L = g;
        reg [31:0] d;
        reg        m;
        reg [6:0]  pwm, pwv;          // predicates P0..P6 of this lane
        always @(posedge clk) begin : lane_regs
            reg [31:0] v;
            reg        pu_ok;
            if (rst_n && go) begin
                {pu_ok, v} = lane_result(L, ppm, vres, cand);
                case (opt)
                OP_REDUX: v = rv;
                OP_MATCH: begin
                    v = (ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL) ? (all_eq ? exec : 32'd0) : 32'd0;
                    pu_ok = ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL && all_eq;
                end
                default: ;
                endcase
                d <= v;
                m <= exec[L] && gpr_op;
                pwm <= pw_op ? {6'd0, exec[L]} << pu : 7'd0;
                pwv <= pw_op ? {6'd0, pu_ok} << pu : 7'd0;
            end else if (rst_n && busy && match_lead == L) begin
                d <= match_lanes;
            end
        end
        assign d0[32 * g +: 32] = d;
        assign m0[g] = m;
        assign {pw_m[192 + g], pw_m[160 + g], pw_m[128 + g], pw_m[96 + g], pw_m[64 + g], pw_m[32 + g], pw_m[g]} = pwm;
        assign {pw_v[192 + g], pw_v[160 + g], pw_v[128 + g], pw_v[96 + g], pw_v[64 + g], pw_v[32 + g], pw_v[g]} = pwv;
    end endgenerate

    // the uniform results and MATCH.ANY's progress
    always @(posedge clk) begin : unit
        if (!rst_n) begin
            match_rem <= 32'd0; busy <= 1'b0;
        end else if (go) begin
            ur_en <= 1'b0; ur_i <= ir[F_URD +: F_URD_W]; ur_v <= 32'd0; up_m <= 7'd0; up_v <= 7'd0;
            match_rem <= 32'd0; busy <= 1'b0;
            // uniform results: from the executing lanes, none when no lane executes
            if (exec != 32'd0) begin
                case (opt)
                OP_R2UR:   begin ur_en <= 1'b1; ur_v <= b0[32 * lead +: 32]; end
                OP_S2UR:   begin ur_en <= 1'b1; ur_v <= sreg(ir[F_SRA +: F_SRA_W], lead, warp, nwarps, clock); end
                OP_VOTEU:  begin
                    ur_en <= 1'b1; ur_v <= ppm;
                    if (ir[F_UPU +: F_UPU_W] != 3'd7) begin
                        up_m[ir[F_UPU +: F_UPU_W]] <= 1'b1; up_v[ir[F_UPU +: F_UPU_W]] <= vres;
                    end
                end
                OP_REDUXU: begin ur_en <= 1'b1; ur_v <= rv; end
                OP_ELECTU: begin ur_en <= 1'b1; ur_v <= (cand == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(cand)}; end
                default: ;
                endcase
                if (ir[F_URD +: F_URD_W] == 6'd63) ur_en <= 1'b0;  // URZ: not written
            end
            if (opt == OP_MATCH && ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ANY && exec != 32'd0) begin
                match_rem <= exec; busy <= 1'b1;
            end
        end else if (busy) begin
            match_rem[match_lead] <= 1'b0;
            if ((match_rem & ~(32'd1 << match_lead)) == 32'd0) busy <= 1'b0;
        end
    end
endmodule
