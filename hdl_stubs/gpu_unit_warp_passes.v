// gpu_unit_warp_passes: the warp unit on LANES physical lanes (a divisor of
// 32 below 32; gpu_core PHYS_LANES), a warp in 32 / LANES passes, with the
// results of gpu_unit_warp. The inputs hold still through EXEC (as for
// gpu_unit_int_passes), so pass k computes lanes k*LANES.. from them at the
// (k+1)-th edge after `go` and shifts them into the result rows from the
// top; `go`'s edge reads pass 0's B and C (each edge reads the next pass's).
// Each lane of a pass reads the operand rows through one multiplexer a row
// (Ra by pairs of lanes L, L+4, so that MOVM's two source lanes are one
// read; Ra+1; B; C's two fields), the rows written only by shifting: a
// flip-flop of a row has no multiplexer in front of it. So:
//   - REDUX folds the passes' lanes into an accumulator and MATCH.ALL
//     compares them with the first executing lane; their rows are known at
//     the last pass and are shifted in by a second round of passes
//     (1 + 2 * 32 / LANES edges);
//   - MATCH.ANY takes a pass's lanes as references (one edge reads them),
//     compares each with one lane of the warp an edge (32 edges), then
//     shifts their masks in; a pass with no executing lane shifts zeros in
//     one edge. Up to 1 + 32 / LANES * 33 edges (1057 at one lane);
//   - the uniform results come from the first executing lane at its pass
//     (R2UR S2UR), the masks at `go` (VOTEU ELECTU), or the fold at the last
//     pass (REDUXU); the lane masks and predicate rows' masks at `go`.
// Every other instruction: 1 + 32 / LANES edges. `busy` until the edge that
// completes the instruction.
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
    localparam [4:0] LAST = PASSES[4:0] - 5'd1;     // (PASSES 32: 0 - 1)

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
    wire         match_any = opt == OP_MATCH && ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ANY;
    wire [2:0]   rop = ir[F_REDUXOP +: F_REDUXOP_W];
    wire         rsgn = (opt == OP_REDUXU) ? ir[F_REDUXU_DTYPE +: F_REDUXU_DTYPE_W] == T_REDUXDType_S32
                                           : ir[F_REDUX_DTYPE +: F_REDUX_DTYPE_W] == T_REDUXDType_S32;
    wire         writes_p = (opt == OP_SHFL || opt == OP_VOTE || opt == OP_MATCH || opt == OP_ELECT ||
                             opt == OP_ELECTU) && pu != 3'd7;
    wire         gpr_lanes = opt != OP_VOTEU && opt != OP_REDUXU && opt != OP_ELECTU && opt != OP_R2UR && opt != OP_S2UR;
    wire         refill = opt == OP_REDUX || match_all;     // rows known at the last pass

    // the phases: the lanes' passes, the refill's, MATCH.ANY's reading of
    // a pass's reference lanes and its comparisons. `go` starts the first.
    // The lanes each edge reads of Ra and Ra+1 are chosen an edge ahead (B
    // and C too, for SHFL's source lane: at `go` for pass 0), so that the
    // multiplexers of the rows have their lane from flip-flops (SHFL's
    // source lane straight from B and C cost 3k LUTs more at one lane)
    localparam [2:0] S_IDLE = 3'd0, S_LANES = 3'd1, S_FILL = 3'd2, S_MREF = 3'd3, S_MCMP = 3'd4;
    reg  [2:0]          st;     // the phase at the next edge (S_IDLE: none)
    reg  [4:0]          ph;     // its pass
    reg  [4:0]          mj;     // S_MCMP: the lane compared with the references
    reg  [5*LANES-1:0]  src_a;  // the lane of Ra each slot reads (SHFL's source lane, MOVM's pair, MATCH.ANY's compared lane, else its own)
    reg  [5*LANES-1:0]  src_x;  // the lane of Ra+1 and `exec` each slot reads (its own, or MATCH.ANY's compared lane)
    reg  [LANES-1:0]    src_ok; // SHFL's source lane in range
    reg  [W-1:0]        src_b;  // the pass's lanes' B (R2UR)
    reg  [31:0]         acc;    // REDUX so far
    reg                 all_eq; // MATCH.ALL so far
    reg  [64*LANES-1:0] mref;   // Ra+1:Ra of MATCH.ANY's references (MATCH.ALL's: the first executing lane's, slot 0)
    reg  [W-1:0]        mmask;  // MATCH.ANY: the references' equal lanes so far, in from the top
    reg  [LANES-1:0]    mx;     // MATCH.ANY: the references that execute
    wire [LANES-1:0]    pass_exec = exec[LANES * ph +: LANES];
    wire                done = ph == LAST && (st == S_LANES ? !refill : st == S_FILL ||
                                              (st == S_MREF && pass_exec == {LANES{1'b0}}) || (st == S_MCMP && mj == 5'd31));
    assign busy = st != S_IDLE && !done;
    wire                shift = st == S_LANES || st == S_FILL || (st == S_MREF && pass_exec == {LANES{1'b0}}) ||
                                (st == S_MCMP && mj == 5'd31);    // a pass's words into the rows
    wire [2:0]          st_next = go ? (match_any ? S_MREF : S_LANES) :
                                  (st == S_LANES) ? ((ph != LAST) ? S_LANES : refill ? S_FILL : S_IDLE) :
                                  (st == S_FILL)  ? ((ph != LAST) ? S_FILL : S_IDLE) :
                                  (st == S_IDLE)  ? S_IDLE : !shift ? S_MCMP : (ph != LAST) ? S_MREF : S_IDLE;
    wire [4:0]          ph_next = go ? 5'd0 : !shift ? ph : (ph == LAST) ? 5'd0 : ph + 5'd1;
    wire [4:0]          mj_next = (!go && st == S_MCMP) ? mj + 5'd1 : 5'd0;

    // Ra by pairs of lanes {L[4:3], 0, L[1:0]} and the same + 4 (pair q holds lanes 8*(q/4) + q%4 and + 4)
    wire [1023:0] a0_pairs;
    genvar q;
    generate for (q = 0; q < 16; q = q + 1) begin : pairs
        assign a0_pairs[64 * q +: 64] = {a0[32 * (8 * (q / 4) + q % 4 + 4) +: 32], a0[32 * (8 * (q / 4) + q % 4) +: 32]};
    end endgenerate

    always @(posedge clk) begin : unit
        integer i, p;
        reg [4:0]       l, lb, ai, xi;
        reg [5:0]       src;
        reg [63:0]      pair, mv, y, rf;
        reg [31:0]      a, ra, bl, fill;
        reg [9:0]       cl;
        reg [32:0]      lv;
        reg             eq, x, meq;
        reg [W-1:0]     row;
        reg [LANES-1:0] oks;
        if (!rst_n) begin
            st <= S_IDLE;
        end else begin
            st <= st_next; ph <= ph_next; mj <= mj_next;
            if (st_next != S_IDLE) begin
                // the next edge's lanes, so the lanes of Ra and Ra+1 each slot
                // reads; B and C of the next pass's (what S_LANES reads of them)
                for (i = 0; i < LANES; i = i + 1) begin
                    l = ph_next * LANES[4:0] + i[4:0];
                    lb = (go ? 5'd0 : ph + 5'd1) * LANES[4:0] + i[4:0];
                    bl = b0[32 * lb +: 32];
                    cl = {c0[32 * lb + 8 +: 5], c0[32 * lb +: 5]};
                    src = shfl_source(lb, b_gpr ? bl[4:0] : ub[4:0], c_gpr ? cl[4:0] : uc[4:0], c_gpr ? cl[9:5] : uc[12:8]);
                    src_a[5 * i +: 5] <= (st_next == S_MCMP) ? mj_next :
                                         (st_next == S_LANES && opt == OP_SHFL && src[5]) ? src[4:0] :
                                         (st_next == S_LANES && opt == OP_MOVM) ? movm_source(lb) : l;
                    src_x[5 * i +: 5] <= (st_next == S_MCMP) ? mj_next : l;
                    src_ok[i] <= src[5];
                    src_b[32 * i +: 32] <= bl;
                end
            end
            if (go) begin
                acc <= redux_init(rop, rsgn); all_eq <= 1'b1;
                // the lane masks, and the uniform results of the masks (R2UR's and S2UR's at the first executing lane's pass, REDUXU's at the last)
                m0 <= gpr_lanes ? exec : 32'd0;
                for (p = 0; p < 7; p = p + 1) pw_m[32 * p +: 32] <= (writes_p && pu == p[2:0]) ? exec : 32'd0;
                ur_en <= 1'b0; ur_i <= ir[F_URD +: F_URD_W]; ur_v <= 32'd0; up_m <= 7'd0; up_v <= 7'd0;
                if (exec != 32'd0) begin
                    case (opt)
                    OP_R2UR, OP_S2UR, OP_REDUXU: ur_en <= 1'b1;
                    OP_VOTEU:  begin
                        ur_en <= 1'b1; ur_v <= ppm;
                        if (ir[F_UPU +: F_UPU_W] != 3'd7) begin
                            up_m[ir[F_UPU +: F_UPU_W]] <= 1'b1; up_v[ir[F_UPU +: F_UPU_W]] <= vres;
                        end
                    end
                    OP_ELECTU: begin ur_en <= 1'b1; ur_v <= (cand == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(cand)}; end
                    default: ;
                    endcase
                    if (ir[F_URD +: F_URD_W] == 6'd63) ur_en <= 1'b0;  // URZ: not written
                end
            end else if (st != S_IDLE) begin
                a = acc; eq = all_eq; rf = mref[63:0];
                fill = (opt == OP_REDUX) ? acc : all_eq ? exec : 32'd0;
                row = {W{1'b0}}; oks = {LANES{1'b0}};
                for (i = 0; i < LANES; i = i + 1) begin
                    // the slot's lane and its reads: Ra of the lane read
                    // a pass ahead, of MATCH.ANY's reference or of the lane
                    // it compares; Ra+1 of the last two
                    l = ph * LANES[4:0] + i[4:0];
                    ai = src_a[5 * i +: 5];
                    pair = a0_pairs[64 * {ai[4:3], ai[1:0]} +: 64];
                    ra = ai[2] ? pair[63:32] : pair[31:0];
                    xi = src_x[5 * i +: 5];
                    mv = {a1[32 * xi +: 32], ra};
                    x = exec[xi];
                    lv = warp_lane(l, ppm, vres, cand, src_ok[i], ra, pair[31:0], pair[63:32]);
                    // MATCH: against the slot's reference (MATCH.ANY) or the
                    // first executing lane (lanes before it do not execute)
                    y = (st == S_MCMP) ? mref[64 * i +: 64] : rf;
                    meq = mv[31:0] == y[31:0] && (!match_wide || mv[63:32] == y[63:32]);
                    if (st == S_LANES && l == lead) begin rf = mv; meq = 1'b1; end
                    if (x) a = redux_step(a, ra, rop, rsgn);
                    if (x && !meq) eq = 1'b0;
                    case (st)
                    S_LANES: begin row[32 * i +: 32] = lv[31:0]; oks[i] = lv[32]; end
                    S_FILL:  begin row[32 * i +: 32] = fill; oks[i] = match_all && all_eq; end
                    S_MREF:  begin mref[64 * i +: 64] <= mv; mx[i] <= x; end
                    default: begin   // S_MCMP
                        mmask[32 * i +: 32] <= {x && meq, mmask[32 * i + 1 +: 31]};
                        if (mx[i]) row[32 * i +: 32] = {x && meq, mmask[32 * i + 1 +: 31]};
                    end
                    endcase
                    if (st == S_LANES && exec != 32'd0 && l == lead) begin
                        if (opt == OP_R2UR) ur_v <= src_b[32 * i +: 32];
                        if (opt == OP_S2UR) ur_v <= sreg(ir[F_SRA +: F_SRA_W], l, warp, nwarps, clock);
                    end
                end
                if (shift) begin
                    d0 <= {row, d0[1023:W]};
                    for (p = 0; p < 7; p = p + 1)
                        pw_v[32 * p +: 32] <= {(writes_p && pu == p[2:0]) ? oks : {LANES{1'b0}}, pw_v[32 * p + LANES +: 32 - LANES]};
                end
                if (st == S_LANES) begin
                    acc <= a; all_eq <= eq; mref[63:0] <= rf;
                    if (ph == LAST && opt == OP_REDUXU && exec != 32'd0) ur_v <= a;
                end
            end
        end
    end
endmodule
