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
    output reg  [1023:0] d0,
    output reg  [31:0]   m0,
    output reg  [223:0]  pw_m, pw_v,
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

    // REDUX over the executing lanes of Ra (a0)
    function automatic [31:0] redux(input [31:0] lanes, input [2:0] op, input sgn);
        integer i;
        begin
            redux = redux_init(op, sgn);
            for (i = 0; i < 32; i = i + 1) if (lanes[i]) redux = redux_step(redux, a0[32 * i +: 32], op, sgn);
        end
    endfunction

    // MATCH: the executing lanes whose Ra (pair a1:a0) equals lane l's
    function automatic [31:0] match_eq(input [31:0] lanes, input [4:0] l, input wide);
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                match_eq[i] = lanes[i] && a0[32 * i +: 32] == a0[32 * l +: 32] &&
                              (!wide || a1[32 * i +: 32] == a1[32 * l +: 32]);
        end
    endfunction

    wire [255:0] pred_pt = {32'hFFFFFFFF, pred};     // P0..P6 and PT
    wire        match_wide = ir[F_MATCH_DTYPE +: F_MATCH_DTYPE_W] == T_MATCHDType_U64;
    reg  [31:0] match_rem;            // MATCH.ANY: lanes still to compare

    always @(posedge clk) begin : unit
        integer l;
        reg [31:0] pm, ppm, cand, v, lanes_eq, rv;
        reg [4:0]  lead;
        reg        pu_ok, vres, all_eq;
        if (!rst_n) begin
            match_rem <= 32'd0; busy <= 1'b0;
        end else if (go) begin
            lead = ctz(exec);
            // the lanes of the warp where pp holds, among the executing ones
            pm = pred_pt[32 * ir[F_PP +: F_PP_W] +: 32] ^ {32{ir[F_PP_NOT]}};
            ppm = exec & pm;
            case (ir[F_VOTEOP +: F_VOTEOP_W])
            T_VOTEOp_ANY: vres = (ppm != 32'd0);
            T_VOTEOp_ALL: vres = (ppm == exec);
            default:      vres = (ppm == exec) || (ppm == 32'd0);
            endcase
            cand = (ir[F_STYPE +: F_STYPE_W] == T_SType_U) ? exec & (b_bitnot ? ~ub[31:0] : ub[31:0]) : ppm;
            rv = 32'd0;
            if (opt == OP_REDUX)
                rv = redux(exec, ir[F_REDUXOP +: F_REDUXOP_W], ir[F_REDUX_DTYPE +: F_REDUX_DTYPE_W] == T_REDUXDType_S32);
            if (opt == OP_REDUXU)
                rv = redux(exec, ir[F_REDUXOP +: F_REDUXOP_W], ir[F_REDUXU_DTYPE +: F_REDUXU_DTYPE_W] == T_REDUXDType_S32);
            all_eq = 1'b1;
            if (opt == OP_MATCH) for (l = 0; l < 32; l = l + 1)
                if (exec[l] && (a0[32 * l +: 32] != a0[32 * lead +: 32] ||
                                (match_wide && a1[32 * l +: 32] != a1[32 * lead +: 32]))) all_eq = 1'b0;
            m0 <= 32'd0; pw_m <= 224'd0; pw_v <= 224'd0;
            ur_en <= 1'b0; ur_i <= ir[F_URD +: F_URD_W]; ur_v <= 32'd0; up_m <= 7'd0; up_v <= 7'd0;
            match_rem <= 32'd0; busy <= 1'b0;
            for (l = 0; l < 32; l = l + 1) begin
                {pu_ok, v} = lane_result(l[4:0], ppm, vres, cand);
                case (opt)
                OP_REDUX: v = rv;
                OP_MATCH: begin
                    v = (ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL) ? (all_eq ? exec : 32'd0) : 32'd0;
                    pu_ok = ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL && all_eq;
                end
                default: ;
                endcase
                d0[32 * l +: 32] <= v;
                // GPR lanes: not the uniform-only ones (VOTEU REDUXU ELECTU R2UR S2UR)
                m0[l] <= exec[l] && opt != OP_VOTEU && opt != OP_REDUXU && opt != OP_ELECTU &&
                         opt != OP_R2UR && opt != OP_S2UR;
                if ((opt == OP_SHFL || opt == OP_VOTE || opt == OP_MATCH || opt == OP_ELECT || opt == OP_ELECTU) &&
                    pu != 3'd7) begin
                    pw_m[32 * pu + l] <= exec[l];
                    pw_v[32 * pu + l] <= pu_ok;
                end
            end
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
            // MATCH.ANY: the lowest lane left against every executing lane
            lead = ctz(match_rem);
            lanes_eq = match_eq(exec, lead, match_wide);
            d0[32 * lead +: 32] <= lanes_eq;
            match_rem[lead] <= 1'b0;
            if ((match_rem & ~(32'd1 << lead)) == 32'd0) busy <= 1'b0;
        end
    end
endmodule
