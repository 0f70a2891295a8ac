// gpu_unit_warp_passes: the warp unit on LANES physical lanes (a divisor of
// 32 below 32; gpu_core PHYS_LANES), a warp in 32 / LANES passes, with the
// results of gpu_unit_warp. The inputs hold still through EXEC (as for
// gpu_unit_int_passes), so pass k computes lanes k*LANES.. from them at the
// k-th edge from `go` (pass 0 at `go`) and shifts them into the result rows
// from the top. Per lane: gpu_warp_lane.vh (a SHFL or MOVM lane still reads
// any lane of Ra: a mux, not a pass). Across lanes: REDUX folds a pass's
// lanes into an accumulator and MATCH.ALL its comparisons with the first
// executing lane; their rows are filled at the last pass. MATCH.ANY then
// compares one lane against the warp per edge, as gpu_unit_warp does. The
// uniform results come from the first executing lane (or the masks) at `go`,
// REDUXU's at the last pass. `busy` until the edge of the last pass (or of
// MATCH.ANY's last lane).
module gpu_unit_warp_passes #(
    parameter integer LANES = 4
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0]  ir,
    input  wire [63:0]   ub, uc,
    input  wire [1023:0] c0,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]   exec,
    input  wire [1023:0] a0, a1,
    input  wire [1023:0] b0,
    input  wire          b_gpr, c_gpr,
    input  wire          b_bitnot,
    input  wire [223:0]  pred,
    input  wire [6:0]    warp,
    input  wire [6:0]    nwarps,
    input  wire [63:0]   clock,
    output wire          busy,
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
    localparam integer PASSES = 32 / LANES;
    localparam integer W = 32 * LANES;

    `include "gpu_ctz.vh"
    `include "gpu_warp_lane.vh"

    wire [7:0]   opt = ir[F_OPTYPE +: F_OPTYPE_W];
    wire [2:0]   pu  = ir[F_PU +: F_PU_W];
    wire [255:0] pred_pt = {32'hFFFFFFFF, pred};
    wire [31:0]  ppm = exec & (pred_pt[32 * ir[F_PP +: F_PP_W] +: 32] ^ {32{ir[F_PP_NOT]}});
    wire         vres = (ir[F_VOTEOP +: F_VOTEOP_W] == T_VOTEOp_ANY) ? (ppm != 32'd0) :
                        (ir[F_VOTEOP +: F_VOTEOP_W] == T_VOTEOp_ALL) ? (ppm == exec) : (ppm == exec) || (ppm == 32'd0);
    wire [31:0]  cand = (ir[F_STYPE +: F_STYPE_W] == T_SType_U) ? exec & (b_bitnot ? ~ub[31:0] : ub[31:0]) : ppm;
    wire [4:0]   lead = ctz(exec);
    wire         match_wide = ir[F_MATCH_DTYPE +: F_MATCH_DTYPE_W] == T_MATCHDType_U64;
    wire         match_all = opt == OP_MATCH && ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL;
    wire         match_any = opt == OP_MATCH && ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ANY && exec != 32'd0;
    wire [2:0]   rop = ir[F_REDUXOP +: F_REDUXOP_W];
    wire         rsgn = (opt == OP_REDUXU) ? ir[F_REDUXU_DTYPE +: F_REDUXU_DTYPE_W] == T_REDUXDType_S32
                                           : ir[F_REDUX_DTYPE +: F_REDUX_DTYPE_W] == T_REDUXDType_S32;
    wire         writes_p = (opt == OP_SHFL || opt == OP_VOTE || opt == OP_MATCH || opt == OP_ELECT ||
                             opt == OP_ELECTU) && pu != 3'd7;
    wire         gpr_lanes = opt != OP_VOTEU && opt != OP_REDUXU && opt != OP_ELECTU && opt != OP_R2UR && opt != OP_S2UR;

    reg  [5:0]  ph;                        // the pass at the next edge (0: idle, or pass 0 at `go`)
    reg  [31:0] acc;                       // REDUX so far
    reg         all_eq;                    // MATCH.ALL so far
    reg         mbusy;                     // MATCH.ANY under way
    reg  [31:0] match_rem;
    wire [4:0]  k = go ? 5'd0 : ph[4:0];
    wire        run = go || ph != 6'd0;
    wire        last = run && k == PASSES[4:0] - 5'd1;
    // the lane MATCH compares with: the first executing lane (MATCH.ALL, in
    // the passes), then MATCH.ANY's lowest lane left (one multiplexer for both)
    wire [4:0]  ref_l = mbusy ? ctz(match_rem) : lead;
    wire [31:0] ref_a0 = a0[32 * ref_l +: 32], ref_a1 = a1[32 * ref_l +: 32];
    assign busy = (ph != 6'd0 && (ph < PASSES[5:0] - 6'd1 || match_any)) || mbusy;

    always @(posedge clk) begin : unit
        integer i, p;
        reg [W-1:0]     vs;
        reg [LANES-1:0] oks, ms;
        reg [31:0]      a, rv, ml, fill;
        reg             eq;
        reg [4:0]       l;
        if (!rst_n) begin
            ph <= 6'd0; mbusy <= 1'b0;
        end else if (run) begin
            a = go ? redux_init(rop, rsgn) : acc;
            eq = go ? 1'b1 : all_eq;
            for (i = 0; i < LANES; i = i + 1) begin
                l = k * LANES[4:0] + i[4:0];
                {oks[i], vs[32 * i +: 32]} = warp_lane(l, ppm, vres, cand);
                ms[i] = exec[l] && gpr_lanes;
                if (exec[l]) a = redux_step(a, a0[32 * l +: 32], rop, rsgn);
                if (exec[l] && (a0[32 * l +: 32] != ref_a0 || (match_wide && a1[32 * l +: 32] != ref_a1))) eq = 1'b0;
            end
            acc <= a; all_eq <= eq;
            // the pass's lanes in from the top; at the last pass REDUX's and
            // MATCH's rows instead, a word for every lane (one multiplexer
            // in front of the row, not one for each)
            fill = (opt == OP_REDUX) ? a : (match_all && eq) ? exec : 32'd0;
            d0 <= (last && (opt == OP_REDUX || opt == OP_MATCH)) ? {32{fill}} : {vs, d0[1023:W]};
            m0 <= {ms, m0[31:LANES]};
            for (p = 0; p < 7; p = p + 1) begin
                pw_m[32 * p +: 32] <= {(writes_p && pu == p[2:0]) ? exec[LANES * k +: LANES] : {LANES{1'b0}},
                                       pw_m[32 * p + LANES +: 32 - LANES]};
                pw_v[32 * p +: 32] <= {(writes_p && pu == p[2:0]) ? oks : {LANES{1'b0}},
                                       pw_v[32 * p + LANES +: 32 - LANES]};
            end
            ph <= last ? 6'd0 : {1'b0, k} + 6'd1;
            if (go) begin
                // the uniform results of the first executing lane or the masks (REDUXU's: at the last pass)
                ur_en <= 1'b0; ur_i <= ir[F_URD +: F_URD_W]; ur_v <= 32'd0; up_m <= 7'd0; up_v <= 7'd0;
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
                    OP_REDUXU: ur_en <= 1'b1;
                    OP_ELECTU: begin ur_en <= 1'b1; ur_v <= (cand == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(cand)}; end
                    default: ;
                    endcase
                    if (ir[F_URD +: F_URD_W] == 6'd63) ur_en <= 1'b0;  // URZ: not written
                end
            end
            if (last) begin
                // the rows of the instructions across lanes, now that every lane is in
                rv = a;
                if (opt == OP_REDUXU && exec != 32'd0) ur_v <= rv;
                if (writes_p && opt == OP_MATCH) pw_v[32 * pu +: 32] <= {32{match_all && eq}};
                if (match_any) begin match_rem <= exec; mbusy <= 1'b1; end
            end
        end else if (mbusy) begin
            // MATCH.ANY: the lowest lane left against every executing lane
            l = ref_l;
            for (i = 0; i < 32; i = i + 1)
                ml[i] = exec[i] && a0[32 * i +: 32] == ref_a0 && (!match_wide || a1[32 * i +: 32] == ref_a1);
            // (lane by lane: a row written at a variable place is a 1024-bit shifter)
            for (i = 0; i < 32; i = i + 1) if (i[4:0] == l) d0[32 * i +: 32] <= ml;
            match_rem[l] <= 1'b0;
            if ((match_rem & ~(32'd1 << l)) == 32'd0) mbusy <= 1'b0;
        end
    end
endmodule
