// gpu_unit_int: the integer unit, 32 lanes in one cycle: every IALU
// instruction but R2UR/SETGPR/GETGPR (isa/spec/ialu.isa) and POPC FLO BREV
// BMSK SGXT (isa/spec/xu.isa). Each lane runs int_lane (below) on its own
// operands; the results are registered at the edge where `go` is high and
// held until the next one (the unit computes nothing otherwise, so a
// simulator spends nothing on it between instructions).
//
// Operands (the execution stage's slot interface, see gpu_exec.v): A = Ra
// (pair Ra+1:Ra), B = SrcB, C = SrcC per lane, each from the GPR rows or, for
// a uniform register, an immediate or a constant, the same for every lane
// (ub, uc). Outputs: up to two GPR results (d0 -> Rd or its pair's first
// register, d1 -> the second) with the lanes they write, and predicate writes
// (pw_m: lanes written of P0..P6, LANES bits each; pw_v: their values; PT
// targets dropped). Only executing lanes write.
//
// A lane's datapaths are shared where instructions overlap (issue 25: the
// board's FPGA): one multiplier (IMAD, IMAD_WIDE, IMUL, IDP2A, IDP4A), one
// funnel shifter (SHF's directions and LEA), one saturation (I2I, I2IP),
// each evaluated only for its instructions (any value otherwise).
module gpu_unit_int #(
    parameter integer LANES = 32        // 32, or 1 for an instance a lane (gpu_exec.v, LANE_MODULES)
) (
    input  wire          clk,
    input  wire          go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0]  ir,           // instruction word (the unit reads its modifier fields)
    input  wire [32*LANES-1:0] a1,           // Ra+1 rows: unused by the integer instructions
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [LANES-1:0] exec,
    input  wire [32*LANES-1:0] a0,
    input  wire [32*LANES-1:0] b0, b1,
    input  wire [32*LANES-1:0] c0, c1,
    input  wire          b_gpr, c_gpr, // SrcB / SrcC are GPRs (else ub / uc)
    input  wire [63:0]   ub, uc,
    input  wire          b_neg, b_bitnot, c_neg,   // the slots' modifiers (gpu_isa.vh isa_b_neg ...)
    input  wire [7*LANES-1:0] pred,         // P0..P6 of the warp, lane masks
    input  wire [6:0]    upred,
    output reg  [32*LANES-1:0] d0, d1,
    output reg  [LANES-1:0] m0, m1,
    output reg  [7*LANES-1:0] pw_m, pw_v
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    /* verilator lint_on UNUSEDPARAM */

    // a predicate operand: index (PT reads true) and its not bit
    function automatic pv(input [6:0] pr, input [2:0] idx, input inv);
        pv = ((idx == 3'd7) ? 1'b1 : pr[idx]) ^ inv;
    endfunction

    // the ones of each nibble, then their sum (narrow adders: a chain of
    // 32-bit ones was hundreds of LUT4s)
    function automatic [5:0] popc32(input [31:0] x);
        integer i;
        begin
            popc32 = 6'd0;
            for (i = 0; i < 8; i = i + 1)
                popc32 = popc32 + {3'd0, {2'd0, x[4 * i]} + {2'd0, x[4 * i + 1]} + {2'd0, x[4 * i + 2]} + {2'd0, x[4 * i + 3]}};
        end
    endfunction

    // highest set bit, 0xFFFFFFFF if none: halving the word toward its
    // upper half when that has a one (a priority chain of 32 was larger)
    function automatic [31:0] msb32(input [31:0] x);
        reg [31:0] y;
        reg [4:0]  idx;
        integer j;
        begin
            y = x;
            for (j = 4; j >= 0; j = j - 1) begin
                idx[j] = (y >> (1 << j)) != 32'd0;
                if (idx[j]) y = y >> (1 << j);
            end
            msb32 = (x == 32'd0) ? 32'hFFFFFFFF : {27'd0, idx};
        end
    endfunction

    function automatic [31:0] brev32(input [31:0] x);
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1) brev32[i] = x[31 - i];
        end
    endfunction

    // compare per CompOp, signed or not
    function automatic cmp(input [31:0] x, input [31:0] y, input [2:0] op, input uns);
        reg lt, eq;
        begin
            eq = (x == y);
            lt = uns ? (x < y) : ($signed(x) < $signed(y));
            case (op)
            T_CompOp_EQ: cmp = eq;
            T_CompOp_NE: cmp = !eq;
            T_CompOp_LT: cmp = lt;
            T_CompOp_LE: cmp = lt || eq;
            T_CompOp_GT: cmp = !lt && !eq;
            default:     cmp = !lt;                          // GE
            endcase
        end
    endfunction

    function automatic boolop(input x, input y, input [1:0] op);
        case (op)
        T_BoolOp_AND: boolop = x & y;
        T_BoolOp_OR:  boolop = x | y;
        default:      boolop = x ^ y;
        endcase
    endfunction

    // a signed 32-bit value clamped to an m-bit field's range (m 2..16):
    // [0, 2^m - 1] unsigned, [-2^(m-1), 2^(m-1) - 1] signed, [0, 2^(m-1) - 1]
    // signed with ReLU; told from the bits above the range (no comparator)
    function automatic [31:0] sat(input [31:0] x, input [4:0] m, input uns, input relu);
        reg [31:0] hi;
        reg        over, under;
        begin
            hi = uns ? ((32'd1 << m) - 32'd1) : ((32'd1 << (m - 5'd1)) - 32'd1);
            over = !x[31] && (x & ~hi) != 32'd0;
            under = x[31] && (uns || relu || (~x & ~hi) != 32'd0);
            sat = under ? ((uns || relu) ? 32'd0 : ~hi) : over ? hi : x;
        end
    endfunction

    // one byte of PRMT
    function automatic [7:0] prmt_byte(input [63:0] t, input [2:0] mode, input [3:0] ctl, input [1:0] pos);
        reg [2:0] sel;
        reg [7:0] x;
        begin
            case (mode)
            T_PRMTMode_F4E:  sel = {1'b0, ctl[1:0]} + {1'b0, pos};
            T_PRMTMode_B4E:  sel = {1'b0, ctl[1:0]} - {1'b0, pos};
            T_PRMTMode_RC8:  sel = {1'b0, ctl[1:0]};
            T_PRMTMode_ECL:  sel = (pos < ctl[1:0]) ? {1'b0, ctl[1:0]} : {1'b0, pos};
            T_PRMTMode_ECR:  sel = (pos > ctl[1:0]) ? {1'b0, ctl[1:0]} : {1'b0, pos};
            T_PRMTMode_RC16: sel = {1'b0, ctl[0], pos[0]};
            default:         sel = ctl[2:0];                 // IDX
            endcase
            x = t[{sel, 3'b000} +: 8];
            prmt_byte = (mode == T_PRMTMode_IDX && ctl[3]) ? {8{x[7]}} : x;
        end
    endfunction

    // One lane: {pwv, pwe, d1_en, d0_en, d1, d0}.
    function automatic [79:0] int_lane(input [127:0] w, input [31:0] a, input [63:0] B, input [63:0] C,
                                       input [6:0] p, input [6:0] up, input bneg, input bnot, input cneg);
        reg [31:0] b, c, d0_, d1_, x32, lo32, hi32, m32, mul_b, fo, e32, sa, sb;
        reg [95:0] fw;
        reg [6:0]  fs;
        reg        d0e, d1e, pp, pq, t1, uns, hi, relu;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [7:0]  pe, pw;                          // bit 7 = PT: dropped
        /* verilator lint_on UNUSEDSIGNAL */
        reg [7:0]  pr8, lut;
        reg [2:0]  pu_i, pv_i;
        reg [63:0] prod, t64, q1, q2, q3;
        reg [32:0] s33;
        reg [64:0] s65;
        reg [39:0] d40;
        reg [15:0] bh;
        reg [5:0]  n6;
        reg [6:0]  n7;
        reg [4:0]  sz, m5;
        reg signed [17:0] ma0, mb0, ma1, mb1, ma2, mb2, ma3, mb3;
        reg signed [35:0] p0, p1, p2, p3;
        reg        dot, ha, hb;
        reg [7:0]  opt;
        integer i;
        begin
            b = B[31:0]; c = C[31:0];
            opt = w[F_OPTYPE +: F_OPTYPE_W];
            d0_ = 32'd0; d1_ = 32'd0; d0e = 1'b0; d1e = 1'b0; pe = 8'd0; pw = 8'd0;
            x32 = 32'd0; lo32 = 32'd0; hi32 = 32'd0; m32 = 32'd0; t64 = 64'd0; s33 = 33'd0; s65 = 65'd0;
            d40 = 40'd0; n6 = 6'd0; n7 = 7'd0; sz = 5'd0; pr8 = 8'd0; lut = 8'd0; bh = 16'd0;
            t1 = 1'b0;
            pp = pv(p, w[F_PP +: F_PP_W], w[F_PP_NOT]);
            pq = pv(p, w[F_PQ +: F_PQ_W], w[F_PQ_NOT]);
            pu_i = w[F_PU +: F_PU_W];
            pv_i = w[F_PV +: F_PV_W];
            // the multiplier (IMAD, IMAD_WIDE, IMUL): SrcB negated for IMUL with '-'
            uns = (opt == OP_IMUL) ? (w[F_IMUL_ITYPE +: F_IMUL_ITYPE_W] == T_IType_U32) :
                  (opt == OP_IMAD_WIDE) ? (w[F_IMAD_WIDE_ITYPE +: F_IMAD_WIDE_ITYPE_W] == T_IType_U32) :
                  (w[F_IMAD_ITYPE +: F_IMAD_ITYPE_W] == T_IType_U32);
            // The lane's one multiplier, four signed 18x18 products (an
            // FPGA's multiplier blocks): the 32x32 product from the halves'
            // partial products (the high halves sign-extended unless
            // unsigned), or IDP4A's four byte products, IDP2A's two, added
            // unshifted.
            dot = opt == OP_IDP4A || opt == OP_IDP2A;
            // (only for the instructions that multiply: any value serves the
            // others, so a simulator skips it and synthesis adds no gating)
            prod = {64{1'bx}};
            if (opt == OP_IMAD || opt == OP_IMAD_WIDE || opt == OP_IMUL || dot) begin
            mul_b = (opt == OP_IMUL && bneg) ? (~b + 32'd1) : b;
            if (opt == OP_IDP4A) begin
                ha = w[F_AFMT +: F_AFMT_W] == T_I8Type_S8; hb = w[F_BFMT +: F_BFMT_W] == T_I8Type_S8;
                ma0 = {{10{a[7] & ha}}, a[7:0]};    mb0 = {{10{b[7] & hb}}, b[7:0]};
                ma1 = {{10{a[15] & ha}}, a[15:8]};  mb1 = {{10{b[15] & hb}}, b[15:8]};
                ma2 = {{10{a[23] & ha}}, a[23:16]}; mb2 = {{10{b[23] & hb}}, b[23:16]};
                ma3 = {{10{a[31] & ha}}, a[31:24]}; mb3 = {{10{b[31] & hb}}, b[31:24]};
            end else if (opt == OP_IDP2A) begin
                // the halves of A with bytes 0, 1 of B (.LO) or 2, 3 (.HI)
                ha = w[F_AFMT +: F_AFMT_W] == T_I16Type_S16; hb = w[F_BFMT +: F_BFMT_W] == T_I8Type_S8;
                bh = (w[F_LOHI +: F_LOHI_W] == T_LOHI_HI) ? b[31:16] : b[15:0];
                ma0 = {{2{a[15] & ha}}, a[15:0]};   mb0 = {{10{bh[7] & hb}}, bh[7:0]};
                ma1 = {{2{a[31] & ha}}, a[31:16]};  mb1 = {{10{bh[15] & hb}}, bh[15:8]};
                ma2 = 18'sd0; mb2 = 18'sd0; ma3 = 18'sd0; mb3 = 18'sd0;
            end else begin
                ha = !uns && a[31]; hb = !uns && mul_b[31];
                ma0 = {2'b00, a[15:0]};             mb0 = {2'b00, mul_b[15:0]};
                ma1 = {2'b00, a[15:0]};             mb1 = {{2{hb}}, mul_b[31:16]};
                ma2 = {{2{ha}}, a[31:16]};          mb2 = {2'b00, mul_b[15:0]};
                ma3 = {{2{ha}}, a[31:16]};          mb3 = {{2{hb}}, mul_b[31:16]};
            end
            p0 = ma0 * mb0; p1 = ma1 * mb1; p2 = ma2 * mb2; p3 = ma3 * mb3;
            q1 = {{28{p1[35]}}, p1}; q2 = {{28{p2[35]}}, p2}; q3 = {{28{p3[35]}}, p3};
            prod = {{28{p0[35]}}, p0} + (dot ? q1 : q1 << 16) + (dot ? q2 : q2 << 16) + (dot ? q3 : q3 << 32);
            end
            // The funnel shifter of SHF and LEA: fo, the 32 bits at fs of the
            // 96-bit word fw. A right shift by n reads {fill, c, a} (.HI:
            // {fill, fill, c}) at n; a left shift by n, {a, 0, 0} (.HI: {c, a,
            // 0}, LEA's operands inverted or sign-extended) at 64 - n: one
            // shifter for SHF's three directions and LEA (was four).
            fo = {32{1'bx}};
            hi = w[F_LOHI +: F_LOHI_W] == T_LOHI_HI;
            if (opt == OP_SHF || opt == OP_LEA) begin
                if (opt == OP_SHF) begin
                    // limit 64 (S64, U64) or 32 (S32, U32); wrap or clamp the amount
                    t1 = (w[F_SHF_ITYPE +: F_SHF_ITYPE_W] == T_SHFDType_S32 || w[F_SHF_ITYPE +: F_SHF_ITYPE_W] == T_SHFDType_U32);
                    uns = (w[F_SHF_ITYPE +: F_SHF_ITYPE_W] == T_SHFDType_U64 || w[F_SHF_ITYPE +: F_SHF_ITYPE_W] == T_SHFDType_U32);
                    if (w[F_CWMOD +: F_CWMOD_W] == T_CWMode_WRAP) n7 = t1 ? {2'b00, b[4:0]} : {1'b0, b[5:0]};
                    else if (t1) n7 = (b > 32'd32) ? 7'd32 : b[6:0];
                    else n7 = (b > 32'd64) ? 7'd64 : b[6:0];
                    e32 = {32{!uns && c[31]}};
                    if (w[F_DIRECTION +: F_DIRECTION_W] == T_SHFDir_R) begin
                        fw = {e32, hi ? e32 : c, hi ? c : a}; fs = n7;
                    end else begin
                        fw = hi ? {c, a, 32'd0} : {a, 64'd0}; fs = 7'd64 - n7;
                    end
                end else begin
                    // LEA: .HI shifts {c, a} inverted ('-') or a (inverted) sign-extended
                    x32 = w[F_RA_NEG] ? ~a : a;
                    m32 = (w[F_SX32 +: F_SX32_W] == T_LEASX32_SX32) ? {32{x32[31]}} : (w[F_RA_NEG] ? ~c : c);
                    fw = hi ? {m32, x32, 32'd0} : {a, 64'd0};
                    fs = 7'd64 - {2'b00, w[F_SHIFTAMT +: F_SHIFTAMT_W]};
                end
                fw = fw >> fs;
                fo = fw[31:0];
            end
            // I2I's and I2IP's saturation of SrcB (and I2IP's of Ra) to a field
            sa = {32{1'bx}}; sb = {32{1'bx}};
            if (opt == OP_I2I || opt == OP_I2IP) begin
                if (opt == OP_I2I) begin
                    m5 = (w[F_I2I_DTYPE +: F_I2I_DTYPE_W] == T_I2IDType_S8 || w[F_I2I_DTYPE +: F_I2I_DTYPE_W] == T_I2IDType_U8) ? 5'd8 : 5'd16;
                    uns = (w[F_I2I_DTYPE +: F_I2I_DTYPE_W] == T_I2IDType_U8 || w[F_I2I_DTYPE +: F_I2I_DTYPE_W] == T_I2IDType_U16);
                    relu = 1'b0;
                end else begin
                    // the packed size (2, 4, 8, 16 bits) and signedness of DstType
                    case (w[F_DSTTYPE +: F_DSTTYPE_W])
                    T_I2IPDType_S2, T_I2IPDType_U2:   m5 = 5'd2;
                    T_I2IPDType_S4, T_I2IPDType_U4:   m5 = 5'd4;
                    T_I2IPDType_S8, T_I2IPDType_U8:   m5 = 5'd8;
                    default:                          m5 = 5'd16;
                    endcase
                    uns = (w[F_DSTTYPE +: F_DSTTYPE_W] == T_I2IPDType_U2 || w[F_DSTTYPE +: F_DSTTYPE_W] == T_I2IPDType_U4 ||
                           w[F_DSTTYPE +: F_DSTTYPE_W] == T_I2IPDType_U8 || w[F_DSTTYPE +: F_DSTTYPE_W] == T_I2IPDType_U16);
                    relu = w[F_SATRELU +: F_SATRELU_W] == T_SATRelu_SATRELU;
                end
                sb = sat(b, m5, uns, relu);
                sa = sat(a, m5, uns, relu);
            end
            case (opt)
            // ---------------- XU ----------------
            OP_POPC: begin d0_ = {26'd0, popc32(bnot ? ~b : b)}; d0e = 1'b1; end
            OP_FLO: begin
                x32 = bnot ? ~b : b;
                if (w[F_FLO_ITYPE +: F_FLO_ITYPE_W] == T_IType_S32 && x32[31]) x32 = ~x32;  // complement when negative
                d0_ = msb32(x32);
                if (x32 != 32'd0 && w[F_SH +: F_SH_W] == T_FLOSH_SH) d0_ = {27'd0, ~d0_[4:0]};   // 31 - d0_
                d0e = 1'b1;
            end
            OP_BREV: begin d0_ = brev32(b); d0e = 1'b1; end
            OP_BMSK: begin
                // ones from bit lo, width bits, clipped at bit 31
                if (w[F_CWMODE +: F_CWMODE_W] == T_CWMode_WRAP) begin lo32 = {27'd0, a[4:0]}; hi32 = {27'd0, b[4:0]}; end
                else begin lo32 = a; hi32 = (b >= 32'd32) ? 32'd32 : b; end
                if (w[F_CWMODE +: F_CWMODE_W] == T_CWMode_CLAMP && a >= 32'd32) d0_ = 32'd0;
                else begin
                    x32 = lo32 + hi32;                                  // first bit above, 0..63
                    d0_ = (32'hFFFFFFFF << lo32[4:0]) & ~((x32 >= 32'd32) ? 32'd0 : (32'hFFFFFFFF << x32[4:0]));
                end
                d0e = 1'b1;
            end
            OP_SGXT: begin
                n6 = (w[F_CWMODE +: F_CWMODE_W] == T_CWMode_WRAP) ? {1'b0, b[4:0]} : ((b > 32'd32) ? 6'd32 : b[5:0]);
                if (n6 == 6'd0) d0_ = 32'd0;
                else if (n6 == 6'd32) d0_ = a;
                else begin
                    m32 = (32'd1 << n6[4:0]) - 32'd1;
                    d0_ = a & m32;
                    if (w[F_SGXT_ITYPE +: F_SGXT_ITYPE_W] == T_IType_S32 && d0_[n6[4:0] - 5'd1]) d0_ = d0_ | ~m32;
                end
                d0e = 1'b1;
            end
            // ---------------- IALU ----------------
            OP_IADD: begin
                if (w[F_EXT +: F_EXT_W] == T_IExt_X) begin
                    s33 = {1'b0, w[F_RA_NEG] ? ~a : a} + {1'b0, bneg ? ~b : b} + {32'd0, pp};
                    d0_ = s33[31:0];
                    pe[pu_i] = 1'b1; pw[pu_i] = s33[32];
                end else d0_ = (w[F_RA_NEG] ? (~a + 32'd1) : a) + (bneg ? (~b + 32'd1) : b);
                d0e = 1'b1;
            end
            OP_IMAD: begin
                // .LO: low product word + c (+1 when negated); .HI.X: high word + c + pp
                s33 = {1'b0, (w[F_LOHI +: F_LOHI_W] == T_LOHI_HI) ? prod[63:32] : prod[31:0]} + {1'b0, cneg ? ~c : c}
                    + {32'd0, (w[F_EXT +: F_EXT_W] == T_IExt_X) ? pp : cneg};
                d0_ = s33[31:0]; d0e = 1'b1;
                pe[pu_i] = 1'b1; pw[pu_i] = s33[32];
            end
            OP_IMAD_WIDE: begin
                s65 = {1'b0, prod} + {1'b0, cneg ? ~C : C} + {64'd0, (w[F_EXT +: F_EXT_W] == T_IExt_X) ? pp : cneg};
                d0_ = s65[31:0]; d1_ = s65[63:32]; d0e = 1'b1; d1e = 1'b1;
                pe[pu_i] = 1'b1; pw[pu_i] = s65[64];
            end
            OP_IDP2A, OP_IDP4A: begin
                // C + pp + the products (exact in 40 bits)
                d40 = {8'd0, c} + {39'd0, pp} + prod[39:0];
                d0_ = d40[31:0]; d0e = 1'b1;
                pe[pu_i] = 1'b1; pw[pu_i] = !d40[39] && (d40[38:32] != 7'd0);
            end
            OP_IMUL: begin d0_ = (w[F_LOHI +: F_LOHI_W] == T_LOHI_HI) ? prod[63:32] : prod[31:0]; d0e = 1'b1; end
            OP_LEA: begin
                // .LO '-': the shifted word x enters as ~x with carry in 1 (ERRATA D9)
                if (!hi) s33 = {1'b0, w[F_RA_NEG] ? ~fo : fo} + {1'b0, b} + {32'd0, w[F_RA_NEG]};
                else s33 = {1'b0, fo} + {1'b0, b} + {32'd0, pp};
                d0_ = s33[31:0]; d0e = 1'b1;
                pe[pu_i] = 1'b1; pw[pu_i] = s33[32];
            end
            OP_IABS: begin d0_ = b[31] ? (~b + 32'd1) : b; d0e = 1'b1; end
            OP_IMNMX: begin
                t1 = (w[F_IMNMX_ITYPE +: F_IMNMX_ITYPE_W] == T_IType_U32) ? (a < b) : ($signed(a) < $signed(b));   // a < b
                d0_ = (pp ? t1 : !t1) ? a : b; d0e = 1'b1;
            end
            OP_P2R: begin
                pr8 = {1'b1, p};
                m32 = a;
                m32[{w[F_BSEL +: F_BSEL_W], 3'b000} +: 8] = (b[7:0] & pr8) | (~b[7:0] & a[{w[F_BSEL +: F_BSEL_W], 3'b000} +: 8]);
                d0_ = m32; d0e = 1'b1;
            end
            OP_R2P: begin
                pr8 = a[{w[F_RA_BSEL +: F_RA_BSEL_W], 3'b000} +: 8];
                pe = {1'b0, b[6:0]}; pw = pr8;
            end
            OP_ISETP, OP_ISET: begin
                uns = (opt == OP_ISETP) ? (w[F_ISETP_ITYPE +: F_ISETP_ITYPE_W] == T_IType_U32) : (w[F_ISET_ITYPE +: F_ISET_ITYPE_W] == T_IType_U32);
                t1 = (w[F_EXT +: F_EXT_W] == T_IExt_X && a == b) ? pq : cmp(a, b, w[F_COMPOP +: F_COMPOP_W], uns);
                if (opt == OP_ISETP) begin
                    pe[pu_i] = 1'b1; pw[pu_i] = boolop(t1, pp, w[F_BOOLOP +: F_BOOLOP_W]);
                    pe[pv_i] = 1'b1; pw[pv_i] = boolop(!t1, pp, w[F_BOOLOP +: F_BOOLOP_W]);
                end else begin
                    d0_ = boolop(t1, pp, w[F_BOOLOP +: F_BOOLOP_W])
                          ? ((w[F_BMBF +: F_BMBF_W] == T_BMBF_BF) ? 32'h3F800000 : 32'hFFFFFFFF) : 32'd0;
                    d0e = 1'b1;
                end
            end
            OP_SEL: begin d0_ = pp ? a : b; d0e = 1'b1; end
            OP_LOP3: begin
                lut = w[F_LUT +: F_LUT_W];
                for (i = 0; i < 32; i = i + 1) d0_[i] = lut[{a[i], b[i], c[i]}];
                d0e = 1'b1;
                pe[pu_i] = 1'b1;
                pw[pu_i] = (w[F_EXBOOL +: F_EXBOOL_W] == T_EXBool_POR) ? ((d0_ != 32'd0) | pp) : ((d0_ != 32'd0) & pp);
            end
            OP_PLOP3: begin
                lut = w[F_LUT +: F_LUT_W];
                t1 = (w[F_STYPE +: F_STYPE_W] == T_SType_U) ? pv(up, w[F_UPC +: F_UPC_W], w[F_UPC_NOT])
                                                     : pv(p, w[F_PC +: F_PC_W], w[F_PC_NOT]);
                pe[pu_i] = 1'b1;
                pw[pu_i] = lut[{pv(p, w[F_PA +: F_PA_W], w[F_PA_NOT]), pv(p, w[F_PB +: F_PB_W], w[F_PB_NOT]), t1}];
            end
            OP_SHF: begin d0_ = fo; d0e = 1'b1; end
            OP_MOV: begin
                d0_ = B[31:0]; d0e = 1'b1;
                if (w[F_WIDTH +: F_WIDTH_W] == T_MOVW_64) begin d1_ = B[63:32]; d1e = 1'b1; end
            end
            OP_PRMT: begin
                t64 = {b, a};
                for (i = 0; i < 4; i = i + 1)
                    d0_[8 * i +: 8] = prmt_byte(t64, w[F_PRMT_MODE +: F_PRMT_MODE_W],
                                                (w[F_PRMT_MODE +: F_PRMT_MODE_W] == T_PRMTMode_IDX) ? c[4 * i +: 4] : {2'b00, c[1:0]},
                                                i[1:0]);
                d0e = 1'b1;
            end
            OP_I2I: begin d0_ = sb; d0e = 1'b1; end
            OP_I2IP: begin
                sz = m5;
                m32 = (32'd1 << sz) - 32'd1;
                x32 = ((sa & m32) << sz) | (sb & m32);
                if (sz != 5'd16) x32 = x32 | ((c & ((32'd1 << (6'd32 - {sz, 1'b0})) - 32'd1)) << {sz, 1'b0});
                d0_ = x32; d0e = 1'b1;
            end
            default: ;
            endcase
            int_lane = {pw[6:0], pe[6:0], d1e, d0e, d1_, d0_};
        end
    endfunction

    // all lanes at the edge where go is high (each predicate's lanes
    // gathered in a word of their own, then written at once)
    always @(posedge clk) if (go) begin : lanes
        integer l;
        reg [79:0] r;
        reg [6:0]  pl;
        reg [LANES-1:0] e0, e1, e2, e3, e4, e5, e6, v0, v1, v2, v3, v4, v5, v6;
        for (l = 0; l < LANES; l = l + 1) begin
            pl = {pred[6 * LANES + l], pred[5 * LANES + l], pred[4 * LANES + l], pred[3 * LANES + l],
                  pred[2 * LANES + l], pred[LANES + l], pred[l]};
            r = int_lane(ir, a0[32 * l +: 32],
                         b_gpr ? {b1[32 * l +: 32], b0[32 * l +: 32]} : ub,
                         c_gpr ? {c1[32 * l +: 32], c0[32 * l +: 32]} : uc,
                         pl, upred, b_neg, b_bitnot, c_neg);
            d0[32 * l +: 32] <= r[31:0];
            d1[32 * l +: 32] <= r[63:32];
            m0[l] <= exec[l] & r[64];
            m1[l] <= exec[l] & r[65];
            e0[l] = r[66]; e1[l] = r[67]; e2[l] = r[68]; e3[l] = r[69]; e4[l] = r[70]; e5[l] = r[71]; e6[l] = r[72];
            v0[l] = r[73]; v1[l] = r[74]; v2[l] = r[75]; v3[l] = r[76]; v4[l] = r[77]; v5[l] = r[78]; v6[l] = r[79];
        end
        pw_m <= {e6, e5, e4, e3, e2, e1, e0} & {7{exec}};
        pw_v <= {v6, v5, v4, v3, v2, v1, v0};
    end
endmodule
