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

    // special register id for lane l
    function automatic [31:0] sreg(input [7:0] id, input [4:0] l, input [6:0] wv, input [6:0] nw, input [63:0] c64);
        case (id)
        T_SRegId_SR_LANEID:      sreg = {27'd0, l};
        T_SRegId_SR_WARPID:      sreg = {25'd0, wv};
        T_SRegId_SR_NWARPS:      sreg = {25'd0, nw};
        T_SRegId_SR_TID_X:       sreg = {20'd0, wv, l};
        T_SRegId_SR_NTID_X:      sreg = {20'd0, nw, 5'd0};
        T_SRegId_SR_NTID_Y, T_SRegId_SR_NTID_Z,
        T_SRegId_SR_NCTAID_X, T_SRegId_SR_NCTAID_Y, T_SRegId_SR_NCTAID_Z: sreg = 32'd1;
        T_SRegId_SR_CLOCKLO:     sreg = c64[31:0];
        T_SRegId_SR_CLOCKHI:     sreg = c64[63:32];
        T_SRegId_SR_LANEMASK_EQ: sreg = 32'd1 << l;
        T_SRegId_SR_LANEMASK_LT: sreg = (32'd1 << l) - 32'd1;
        T_SRegId_SR_LANEMASK_LE: sreg = (l == 5'd31) ? 32'hFFFFFFFF : ((32'd2 << l) - 32'd1);
        T_SRegId_SR_LANEMASK_GT: sreg = (l == 5'd31) ? 32'd0 : ~((32'd2 << l) - 32'd1);
        T_SRegId_SR_LANEMASK_GE: sreg = ~((32'd1 << l) - 32'd1);
        default:                 sreg = 32'd0;   // SR_TID_Y/Z, SR_CTAID_*: 0
        endcase
    endfunction

    // REDUX over the executing lanes of Ra (a0)
    function automatic [31:0] redux(input [31:0] lanes, input [2:0] op, input sgn);
        integer i;
        reg [31:0] x;
        begin
            case (op)
            T_REDUXOp_AND:                               redux = 32'hFFFFFFFF;
            T_REDUXOp_OR, T_REDUXOp_XOR, T_REDUXOp_SUM:  redux = 32'd0;
            T_REDUXOp_MAX:                               redux = sgn ? 32'h80000000 : 32'd0;
            default:                                     redux = sgn ? 32'h7FFFFFFF : 32'hFFFFFFFF;
            endcase
            for (i = 0; i < 32; i = i + 1) if (lanes[i]) begin
                x = a0[32 * i +: 32];
                case (op)
                T_REDUXOp_AND: redux = redux & x;
                T_REDUXOp_OR:  redux = redux | x;
                T_REDUXOp_XOR: redux = redux ^ x;
                T_REDUXOp_SUM: redux = redux + x;
                T_REDUXOp_MAX: if (sgn ? ($signed(x) > $signed(redux)) : (x > redux)) redux = x;
                default:       if (sgn ? ($signed(x) < $signed(redux)) : (x < redux)) redux = x;
                endcase
            end
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
        reg [4:0]  lead, sb, sc, seg, smax, smin;
        reg [6:0]  j;
        reg        pu_ok, vres, all_eq;
        reg [2:0]  mr;
        reg [4:0]  s0, s1;
        if (go) begin
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
                v = 32'd0; pu_ok = 1'b0;
                case (opt)
                OP_SHFL: begin
                    // B: source lane (or delta), C: clamp in bits 4..0, segment mask in 12..8
                    sb = b_gpr ? b0[32 * l +: 5] : ub[4:0];
                    sc = c_gpr ? c0[32 * l +: 5] : uc[4:0];
                    seg = c_gpr ? c0[32 * l + 8 +: 5] : uc[12:8];
                    smax = (l[4:0] & seg) | (sc & ~seg);
                    smin = l[4:0] & seg;
                    case (ir[F_SHFL_MODE +: F_SHFL_MODE_W])
                    T_SHFLMode_IDX:  begin j = {2'b00, smin | (sb & ~seg)}; pu_ok = j <= {2'b00, smax}; end
                    T_SHFLMode_UP:   begin j = {2'b00, l[4:0]} - {2'b00, sb}; pu_ok = $signed(j) >= $signed({2'b00, smax}); end
                    T_SHFLMode_DOWN: begin j = {2'b00, l[4:0]} + {2'b00, sb}; pu_ok = j <= {2'b00, smax}; end
                    default:         begin j = {2'b00, l[4:0] ^ sb}; pu_ok = j <= {2'b00, smax}; end
                    endcase
                    v = pu_ok ? a0[32 * j[4:0] +: 32] : a0[32 * l +: 32];
                end
                OP_MOVM: begin
                    // an 8x8 tile of 16-bit halves, transposed: lane L takes column 2*(L&3) (+1)
                    mr = l[4:2];
                    s0 = {l[1:0], 1'b0, 2'b00} + {3'd0, mr[2:1]};
                    s1 = {l[1:0], 1'b1, 2'b00} + {3'd0, mr[2:1]};
                    v = {mr[0] ? a0[32 * s1 + 16 +: 16] : a0[32 * s1 +: 16],
                         mr[0] ? a0[32 * s0 + 16 +: 16] : a0[32 * s0 +: 16]};
                end
                OP_VOTE:  begin v = ppm; pu_ok = vres; end
                OP_REDUX: v = rv;
                OP_MATCH: begin
                    v = (ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL) ? (all_eq ? exec : 32'd0) : 32'd0;
                    pu_ok = ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ALL && all_eq;
                end
                OP_ELECT, OP_ELECTU: begin
                    v = (cand == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(cand)};
                    pu_ok = (cand != 32'd0) && l[4:0] == ctz(cand);
                end
                OP_S2R: v = sreg(ir[F_SRA +: F_SRA_W], l[4:0], warp, nwarps, clock);
                default: v = a0[32 * l +: 32];                     // SETGPR, GETGPR: Ra, to the indexed register
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
