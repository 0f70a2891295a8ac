// The warp unit's per-lane results, shared by gpu_unit_warp (32 lanes at
// once) and gpu_unit_warp_passes (PHYS_LANES lanes a pass): include inside
// the module, after gpu_isa.vh and gpu_ctz.vh; it reads the module's ir,
// warp, nwarps and clock. What a lane reads of the operand rows is the
// caller's (the 32-lane unit indexes the rows, the passes unit reads them
// through a few multiplexers): shfl_source and movm_source say which lane.

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

// one REDUX step: acc combined with x
function automatic [31:0] redux_step(input [31:0] acc, input [31:0] x, input [2:0] op, input sgn);
    case (op)
    T_REDUXOp_AND: redux_step = acc & x;
    T_REDUXOp_OR:  redux_step = acc | x;
    T_REDUXOp_XOR: redux_step = acc ^ x;
    T_REDUXOp_SUM: redux_step = acc + x;
    T_REDUXOp_MAX: redux_step = (sgn ? ($signed(x) > $signed(acc)) : (x > acc)) ? x : acc;
    default:       redux_step = (sgn ? ($signed(x) < $signed(acc)) : (x < acc)) ? x : acc;
    endcase
endfunction

// REDUX's starting value (the identity of the operation)
function automatic [31:0] redux_init(input [2:0] op, input sgn);
    case (op)
    T_REDUXOp_AND:                               redux_init = 32'hFFFFFFFF;
    T_REDUXOp_OR, T_REDUXOp_XOR, T_REDUXOp_SUM:  redux_init = 32'd0;
    T_REDUXOp_MAX:                               redux_init = sgn ? 32'h80000000 : 32'd0;
    default:                                     redux_init = sgn ? 32'h7FFFFFFF : 32'hFFFFFFFF;
    endcase
endfunction

// SHFL: lane l's source lane and whether it is in range (pu_ok): {ok, j}.
// sb: B (the source lane or the delta); sc, seg: C's clamp (bits 4..0) and
// segment mask (bits 12..8)
function automatic [5:0] shfl_source(input [4:0] l, input [4:0] sb, input [4:0] sc, input [4:0] seg);
    reg [4:0] smax, smin;
    reg [6:0] j;
    reg       ok;
    begin
        smax = (l & seg) | (sc & ~seg);
        smin = l & seg;
        case (ir[F_SHFL_MODE +: F_SHFL_MODE_W])
        T_SHFLMode_IDX:  begin j = {2'b00, smin | (sb & ~seg)}; ok = j <= {2'b00, smax}; end
        T_SHFLMode_UP:   begin j = {2'b00, l} - {2'b00, sb}; ok = $signed(j) >= $signed({2'b00, smax}); end
        T_SHFLMode_DOWN: begin j = {2'b00, l} + {2'b00, sb}; ok = j <= {2'b00, smax}; end
        default:         begin j = {2'b00, l ^ sb}; ok = j <= {2'b00, smax}; end
        endcase
        shfl_source = {ok, j[4:0]};
    end
endfunction

// MOVM: an 8x8 tile of 16-bit halves, transposed: lane l takes column
// 2*(l&3) (+1), the halves of lanes s0 = movm_source(l) and s1 = s0 + 4
// (l[2], which half, is warp_lane's)
/* verilator lint_off UNUSEDSIGNAL */
function automatic [4:0] movm_source(input [4:0] l);
    movm_source = {l[1:0], 1'b0, l[4:3]};
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// lane l's {pu_ok, value} for the instructions whose lanes are independent:
// SHFL MOVM VOTE ELECT(U) S2R, and Ra for the rest (SETGPR, GETGPR; REDUX
// and MATCH are the caller's). ppm: executing lanes where pp holds; vres:
// VOTE's result; cand: ELECT's candidates; shfl_ok: SHFL's source lane is in
// range; ra: Ra of that source lane then, else of lane l; s0w, s1w: Ra of
// MOVM's source lanes.
function automatic [32:0] warp_lane(input [4:0] l, input [31:0] ppm, input vres, input [31:0] cand,
                                    input shfl_ok, input [31:0] ra, input [31:0] s0w, input [31:0] s1w);
    reg        ok;
    reg [31:0] v;
    begin
        ok = 1'b0; v = ra;
        case (ir[F_OPTYPE +: F_OPTYPE_W])
        OP_SHFL: ok = shfl_ok;
        OP_MOVM: v = {l[2] ? s1w[31:16] : s1w[15:0], l[2] ? s0w[31:16] : s0w[15:0]};
        OP_VOTE: begin v = ppm; ok = vres; end
        OP_ELECT, OP_ELECTU: begin
            v = (cand == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(cand)};
            ok = (cand != 32'd0) && l == ctz(cand);
        end
        OP_S2R: v = sreg(ir[F_SRA +: F_SRA_W], l, warp, nwarps, clock);
        default: ;                                       // SETGPR, GETGPR: Ra, to the indexed register
        endcase
        warp_lane = {ok, v};
    end
endfunction
