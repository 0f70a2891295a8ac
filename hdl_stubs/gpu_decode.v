// gpu_decode: the instruction word into controls, at the DEC edge (`dec`).
// Combinational while `en` (the DEC cycle): the checks in the functional
// model's order (`chk`, a trap code, 0 when none), whether the optype is
// implemented, the GPR rows the operand fetch reads first, the uniform
// operand values (from the uniform registers it reads); registered at `dec`: the executing lanes (the guard
// applied to the active lanes), the unit, the operand slots and their
// modifiers, the destination rows. Field places
// and values come from gpu_isa.vh, the implemented set from implemented.txt (less the units
// a build leaves out: gpu_units.vh).
module gpu_decode #(
    parameter integer PHYS_LANES = 32,     // the integer and warp units' lanes (gpu_core): under 32 they take passes (multi)
    parameter integer FP_UNITS = 1,        // 0: no FP16/FP32 slots, their optypes unimplemented (gpu_units.vh)
    parameter integer MUFU_LANES = 8       // 0: no MUFU slot, MUFU unimplemented (gpu_units.vh)
) (
    input  wire          clk,
    input  wire          pick,             // a new instruction: the registered controls cleared
    input  wire          en,               // the DEC cycle
    input  wire          dec,              // register at this edge
    input  wire [127:0]  ir,
    input  wire [31:0]   active,
    input  wire [223:0]  pred,             // the warp's predicates
    // uniform registers: SrcB's pair (ur_b and the next: q0, q1), SrcC's (ur_c: q2, q3)
    output reg  [5:0]    ur_b, ur_c,
    input  wire [31:0]   ur_q0, ur_q1, ur_q2, ur_q3,
    // the convergence stack (gpu_ctrl)
    input  wire [5:0]    depth,
    input  wire [5:0]    bsync_e,
    output wire [31:0]   guard,            // active lanes whose guard holds
    output reg  [7:0]    chk,              // the trap decode finds, 0: none
    output reg           unimpl_now,       // not in the implemented set (and legal)
    // the rows the operand fetch reads: A, B, C tuples (base register, words)
    output reg  [7:0]    a_reg, b_reg, c_reg,
    output reg  [2:0]    a_n, b_n, c_n,
    output reg           needs_const,      // a c[bank][offset] operand, some lane executes
    output reg  [63:0]   ubv, ucv,         // SrcB / SrcC when not GPRs (a constant: its words come later)
    // registered
    output reg  [31:0]   exec,
    output reg  [2:0]    unit,
    output reg           unimpl,
    output reg           multi,            // the unit takes more than one cycle
    output reg           b_gpr, c_gpr,     // SrcB / SrcC come from GPR rows
    output reg           b_neg, b_bitnot, c_neg,
    output reg           b_const,          // the constant is SrcB (else SrcC)
    output reg  [4:0]    c_bank,
    output reg  [15:0]   c_off,
    output reg           c_wide,           // two constant words
    output reg  [2:0]    mem_words,        // LDG/STG/LDC words per lane
    output reg  [31:0]   resr,             // destination rows 0..3 (8 bits each; 255: none)
    output reg  [5:0]    bs_e
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    `include "gpu_contract.vh"
    `include "gpu_core_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    wire legal;
    gpu_legal u_legal (.w(ir), .legal(legal));

    wire [7:0] opt = ir[F_OPTYPE +: F_OPTYPE_W];
    wire [7:0] rd  = ir[F_RD +: F_RD_W];
    wire [7:0] ra  = ir[F_RA +: F_RA_W];
    wire [255:0] pred_pt = {32'hFFFFFFFF, pred};
    assign guard = active & (pred_pt[32 * ir[F_PG +: F_PG_W] +: 32] ^ {32{ir[F_PG_NOT]}});

    `include "gpu_units.vh"

    // word k of the register tuple at r (255: none, also past R254)
    function automatic [7:0] rowof(input [7:0] r, input [2:0] k);
        reg [8:0] s;
        begin
            s = {1'b0, r} + {6'd0, k};
            rowof = (r == 8'd255 || s > 9'd254) ? 8'd255 : s[7:0];
        end
    endfunction

    // an n-register tuple must start at a multiple of n and end by R254 (RZ: none)
    function automatic tuple_bad(input [7:0] r, input [2:0] n);
        reg [8:0] s;
        begin
            s = {1'b0, r} + {6'd0, n} - 9'd1;
            tuple_bad = (r != 8'd255) && (n > 3'd1) && ((((r & ({5'd0, n} - 8'd1)) != 8'd0)) || s > 9'd254);
        end
    endfunction

    function automatic upair_bad(input [7:0] u);
        upair_bad = (u != 8'd63) && (u[0] || u >= 8'd62);
    endfunction

    // the uniform registers read: SrcB (pair), SrcC (pair); SETGPR/GETGPR's index is SrcB
    always @(*) begin : ur_read
        /* verilator lint_off UNUSEDSIGNAL */
        reg [31:0] v;                      // (a uniform register number: bits 5..0)
        /* verilator lint_on UNUSEDSIGNAL */
        ur_b = 6'd63; ur_c = 6'd63; v = 32'd0;
        if (en) begin
            v = isa_b_value(ir); ur_b = v[5:0];
            v = isa_c_value(ir); ur_c = v[5:0];
        end
    end

    // the decode, while en
    reg [2:0]  bk, ck;
    reg [31:0] bv, cv;
    reg [CMEM_OFFSET_W+CMEM_BANK_W-1:0] cm;      // the c[bank][offset] operand
    reg        awide, bwide, cwide, is_mem;
    reg [2:0]  words;
    reg [33:0] gidx;
    reg        gidx_bad;
    always @(*) begin
        bk = SLOT_NONE; ck = SLOT_NONE; bv = 32'd0; cv = 32'd0; cm = 0;
        awide = 1'b0; bwide = 1'b0; cwide = 1'b0; is_mem = 1'b0; words = 3'd1;
        gidx = 34'd0; gidx_bad = 1'b0; ubv = 64'd0; ucv = 64'd0;
        a_reg = 8'd255; b_reg = 8'd255; c_reg = 8'd255; a_n = 3'd1; b_n = 3'd1; c_n = 3'd1;
        chk = 8'd0; unimpl_now = 1'b0; needs_const = 1'b0;
        if (en) begin
            bk = isa_b_kind(ir); ck = isa_c_kind(ir);
            bv = isa_b_value(ir); cv = isa_c_value(ir);
            cm = (bk == SLOT_CMEM) ? bv[CMEM_OFFSET_W+CMEM_BANK_W-1:0] : cv[CMEM_OFFSET_W+CMEM_BANK_W-1:0];
            is_mem = opt == OP_LDG || opt == OP_STG || opt == OP_LDC;
            case (opt)
            OP_LDG: words = (ir[F_LDG_DTYPE +: F_LDG_DTYPE_W] == T_LdStSize_32) ? 3'd1 :
                            (ir[F_LDG_DTYPE +: F_LDG_DTYPE_W] == T_LdStSize_64) ? 3'd2 : 3'd4;
            OP_STG: words = (ir[F_STG_DTYPE +: F_STG_DTYPE_W] == T_LdStSize_32) ? 3'd1 :
                            (ir[F_STG_DTYPE +: F_STG_DTYPE_W] == T_LdStSize_64) ? 3'd2 : 3'd4;
            OP_LDC: words = (ir[F_LDC_DTYPE +: F_LDC_DTYPE_W] == T_LdStSize_32) ? 3'd1 :
                            (ir[F_LDC_DTYPE +: F_LDC_DTYPE_W] == T_LdStSize_64) ? 3'd2 : 3'd4;
            default: words = 3'd1;
            endcase
            bwide = opt == OP_MOV && ir[F_WIDTH +: F_WIDTH_W] == T_MOVW_64;
            cwide = opt == OP_IMAD_WIDE;
            awide = opt == OP_LDG || opt == OP_STG ||
                    (opt == OP_MATCH && ir[F_MATCH_DTYPE +: F_MATCH_DTYPE_W] == T_MATCHDType_U64);
            ubv = (bk == SLOT_IMM) ? {32'd0, bv} :
                  (bk == SLOT_UGPR) ? {(bwide && bv[5:0] != 6'd63) ? ur_q1 : 32'd0, ur_q0} : 64'd0;
            ucv = (ck == SLOT_IMM) ? {32'd0, cv} :
                  (ck == SLOT_UGPR) ? {(cwide && cv[5:0] != 6'd63) ? ur_q3 : 32'd0, ur_q2} : 64'd0;
            gidx = {2'b00, ur_q0} + {{25{ir[F_RIDX + F_RIDX_W - 1]}}, ir[F_RIDX +: F_RIDX_W]};
            gidx_bad = gidx[33] || (gidx[32:0] > 33'd254);
            // the rows read: A = Ra (GETGPR: the indexed register), B and C when GPRs
            a_reg = (opt == OP_GETGPR) ? gidx[7:0] : ra;
            a_n = awide ? 3'd2 : 3'd1;
            if (bk == SLOT_GPR) begin b_reg = bv[7:0]; b_n = (opt == OP_STG) ? words : bwide ? 3'd2 : 3'd1; end
            if (ck == SLOT_GPR) begin c_reg = cv[7:0]; c_n = cwide ? 3'd2 : 3'd1; end
            // the checks, in the model's order
            if (!legal) chk = TRAP_ILLEGAL_ENCODING;
            else if (!core_implements(opt)) unimpl_now = 1'b1;
            else if ((opt == OP_IMAD && ir[F_LOHI +: F_LOHI_W] != ir[F_EXT +: F_EXT_W]) ||
                     (opt == OP_LEA && !((ir[F_EXT +: F_EXT_W] == T_IExt_NoX && ir[F_LOHI +: F_LOHI_W] == T_LOHI_LO &&
                                           ir[F_SX32 +: F_SX32_W] == T_LEASX32_NoSX32) ||
                                          (ir[F_EXT +: F_EXT_W] == T_IExt_X && ir[F_LOHI +: F_LOHI_W] == T_LOHI_HI))) ||
                     ((opt == OP_ISETP || opt == OP_ISET) &&
                      (!isa_valid_CompOp(ir[F_COMPOP +: F_COMPOP_W]) || !isa_valid_BoolOp(ir[F_BOOLOP +: F_BOOLOP_W]))) ||
                     (opt == OP_LOP3 && !isa_valid_EXBool(ir[F_EXBOOL +: F_EXBOOL_W])) ||
                     (opt == OP_PRMT && !isa_valid_PRMTMode(ir[F_PRMT_MODE +: F_PRMT_MODE_W])) ||
                     ((opt == OP_VOTE || opt == OP_VOTEU) && !isa_valid_VOTEOp(ir[F_VOTEOP +: F_VOTEOP_W])) ||
                     (opt == OP_REDUX && (!isa_valid_REDUXOp(ir[F_REDUXOP +: F_REDUXOP_W]) ||
                                          !isa_valid_REDUXDType(ir[F_REDUX_DTYPE +: F_REDUX_DTYPE_W]))) ||
                     (opt == OP_REDUXU && (!isa_valid_REDUXOp(ir[F_REDUXOP +: F_REDUXOP_W]) ||
                                           !isa_valid_REDUXDType(ir[F_REDUXU_DTYPE +: F_REDUXU_DTYPE_W]))) ||
                     (unit_of(opt) == U_FP16 && (!isa_valid_HSel2(isa_fv_ra_hsel2(ir)) ||
                                                 !isa_valid_HSel2(isa_b_hsel2(ir)) || !isa_valid_HSel2(isa_c_hsel2(ir)))) ||
                     ((opt == OP_HSETP2 || opt == OP_HSET2) &&
                      (!isa_valid_FCMPOp(isa_fv_cmp(ir)) || !isa_valid_LOPOp(isa_fv_lop(ir)))))
                chk = TRAP_ILLEGAL_INSTRUCTION;    // reserved modifier values and combinations (even with no lane)
            else if (guard != 32'd0) begin
                if ((opt == OP_S2R || opt == OP_S2UR) && !isa_valid_SRegId(ir[F_SRA +: F_SRA_W]))
                    chk = TRAP_ILLEGAL_INSTRUCTION;
                else if ((bk == SLOT_CMEM || ck == SLOT_CMEM) &&
                         (cm[CMEM_OFFSET_W +: CMEM_BANK_W] >= 6'd32 || cm[1:0] != 2'd0 || cm[15:0] > 16'hfffc ||
                          ((bwide || cwide) && cm[15:0] > 16'hfff8)))
                    chk = TRAP_CONST_OUT_OF_RANGE;
                else if ((bwide && bk == SLOT_UGPR && upair_bad(bv[7:0])) || (cwide && ck == SLOT_UGPR && upair_bad(cv[7:0])))
                    chk = TRAP_MISALIGNED_REGISTER;
                else if ((bwide && bk == SLOT_GPR && tuple_bad(bv[7:0], 3'd2)) ||
                         (cwide && ck == SLOT_GPR && tuple_bad(cv[7:0], 3'd2)) ||
                         (awide && tuple_bad(ra, 3'd2)) || (opt == OP_STG && tuple_bad(bv[7:0], words)) ||
                         ((bwide || cwide) && tuple_bad(rd, 3'd2)) ||
                         ((opt == OP_LDG || opt == OP_LDC) && tuple_bad(rd, words)))
                    chk = TRAP_MISALIGNED_REGISTER;
                else if ((opt == OP_SETGPR || opt == OP_GETGPR) && gidx_bad) chk = TRAP_REGISTER_INDEX;
                else if (opt == OP_BSSY && depth == 6'd32) chk = TRAP_CONVERGENCE_STACK_OVERFLOW;
                else if (opt == OP_BSYNC && bsync_e == 6'h3f) chk = TRAP_ILLEGAL_BSYNC;
                else if (bk == SLOT_CMEM || ck == SLOT_CMEM) needs_const = 1'b1;
            end
        end
    end

    always @(posedge clk) begin : regs
        integer i;
        if (pick) begin
            exec <= 32'd0; unit <= U_NONE; unimpl <= 1'b0; multi <= 1'b0; resr <= {4{8'd255}};
        end else if (dec) begin
            exec <= (chk == TRAP_ILLEGAL_ENCODING) ? 32'd0 : guard;
            unit <= unit_of(opt);
            unimpl <= unimpl_now;
            multi <= unit_of(opt) == U_MEM || unit_of(opt) == U_FP16 || unit_of(opt) == U_FP32 ||
                     unit_of(opt) == U_MUFU || ((unit_of(opt) == U_INT || unit_of(opt) == U_WARP) && PHYS_LANES < 32) ||
                     (opt == OP_MATCH && ir[F_MATCHOP +: F_MATCHOP_W] == T_MATCHOp_ANY);
            b_gpr <= bk == SLOT_GPR; c_gpr <= ck == SLOT_GPR;
            b_neg <= isa_b_neg(ir); b_bitnot <= isa_b_bitnot(ir); c_neg <= isa_c_neg(ir);
            b_const <= bk == SLOT_CMEM;
            c_bank <= cm[CMEM_OFFSET_W +: 5]; c_off <= cm[15:0]; c_wide <= bwide || cwide;
            mem_words <= words;
            for (i = 0; i < 4; i = i + 1)
                resr[8 * i +: 8] <= (is_mem || bwide || cwide) ? rowof(rd, i[2:0]) : (i == 0 ? rd : 8'd255);
            if (opt == OP_SETGPR) resr[7:0] <= gidx[7:0];
            bs_e <= bsync_e;
        end
    end
endmodule
