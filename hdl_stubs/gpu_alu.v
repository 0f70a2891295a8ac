// gpu_alu: the per-lane datapath of the stand-in core: every IALU instruction
// (isa/spec/ialu.isa) and POPC/FLO/BREV/BMSK/SGXT (isa/spec/xu.isa), purely
// combinational. The core resolves the operand slots first: A = Ra (pair
// Ra+1:Ra), B = SrcB, C = SrcC, each already read from a GPR (pair), a uniform
// register (pair), the immediate or the constant bank. Modifier bits are
// taken from the instruction word here.
//
// Outputs: up to two GPR results (d0 -> Rd or SETGPR's target, d1 -> Rd+1)
// and predicate writes as a mask over P0..P6 (pwe) with values (pwv); PT
// targets are already dropped. Writes are meaningful only for lanes whose
// guard holds; the core stages them. Uniform legality (reserved modifier
// values, tuples) is checked by the core, not here. With en low every output
// is 0 and nothing is computed (the core raises en in its EXEC state only).
module gpu_alu (
    input  wire         en,    // evaluate (outputs are 0 otherwise)
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0] w,     // instruction word (only modifier bits are read)
    input  wire [63:0]  A,
    input  wire [63:0]  B,
    input  wire [63:0]  C,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [6:0]   p,     // this lane's P0..P6
    input  wire [6:0]   up,    // the warp's UP0..UP6
    output reg  [31:0]  d0,
    output reg  [31:0]  d1,
    output reg          d0_en,
    output reg          d1_en,
    output reg  [6:0]   pwe,
    output reg  [6:0]   pwv
);
    localparam [7:0] OP_POPC = 8'h11, OP_FLO = 8'h12, OP_BREV = 8'h13, OP_BMSK = 8'h14,
                     OP_SGXT = 8'h15,
                     OP_IADD = 8'h30, OP_IMAD = 8'h31, OP_IMAD_WIDE = 8'h32, OP_IDP2A = 8'h33,
                     OP_IDP4A = 8'h34, OP_IMUL = 8'h35, OP_LEA = 8'h36, OP_IABS = 8'h37,
                     OP_IMNMX = 8'h38, OP_P2R = 8'h39, OP_R2P = 8'h3a, OP_ISETP = 8'h3b,
                     OP_ISET = 8'h3c, OP_SEL = 8'h3d, OP_LOP3 = 8'h3e, OP_PLOP3 = 8'h3f,
                     OP_SHF = 8'h40, OP_MOV = 8'h41, OP_PRMT = 8'h42, OP_I2I = 8'h43,
                     OP_I2IP = 8'h44;
    localparam [3:0] ST_I = 4'd2, ST_U = 4'd4, ST_RR = 4'd5, ST_RI = 4'd6, ST_RRI = 4'd10, ST_RRC = 4'd12, ST_RRU = 4'd14;

    wire [7:0] opt = w[7:0];
    wire [3:0] st = w[11:8];
    wire [31:0] a = A[31:0];
    wire [31:0] b = B[31:0];
    wire [31:0] c = C[31:0];

    // a predicate operand: index (7 = PT) and its not bit
    function automatic pv(input [6:0] pr, input [2:0] idx, input inv);
        pv = ((idx == 3'd7) ? 1'b1 : pr[idx]) ^ inv;
    endfunction

    reg pp, pq;             // the pp and pq predicate operands
    wire [2:0] pu_i = w[108:106];
    wire [2:0] pv_i = w[111:109];

    // ---- multiplier (IMAD, IMAD_WIDE, IMUL) ------------------------------------
    wire is_u32 = w[77];
    reg [31:0] mul_b;       // SrcB, negated for IMUL with '-'
    reg [63:0] prod;        // a * mul_b, signed or not (.U32)
    // IMAD/IMAD_WIDE: negate/complement bit of SrcC
    wire cneg = (st == ST_RRC || st == ST_RRU) ? w[97] : ((st == ST_RRI) ? 1'b0 : w[74]);

    // ---- helpers -------------------------------------------------------------------
    function automatic [31:0] popc32(input [31:0] x);
        integer i;
        begin
            popc32 = 32'd0;
            for (i = 0; i < 32; i = i + 1) popc32 = popc32 + {31'd0, x[i]};
        end
    endfunction

    // highest set bit, 0xFFFFFFFF if none
    function automatic [31:0] msb32(input [31:0] x);
        integer i;
        begin
            msb32 = 32'hFFFFFFFF;
            for (i = 0; i < 32; i = i + 1) if (x[i]) msb32 = i;
        end
    endfunction

    function automatic [31:0] brev32(input [31:0] x);
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1) brev32[i] = x[31 - i];
        end
    endfunction

    // compare per CompOp (EQ NE LT LE GT GE), signed or not
    function automatic cmp(input [31:0] x, input [31:0] y, input [2:0] op, input uns);
        reg lt, eq;
        begin
            eq = (x == y);
            lt = uns ? (x < y) : ($signed(x) < $signed(y));
            case (op)
            3'd0: cmp = eq;
            3'd1: cmp = !eq;
            3'd2: cmp = lt;
            3'd3: cmp = lt || eq;
            3'd4: cmp = !lt && !eq;
            default: cmp = !lt;
            endcase
        end
    endfunction

    function automatic boolop(input x, input y, input [1:0] op);
        case (op)
        2'd0: boolop = x & y;
        2'd1: boolop = x | y;
        default: boolop = x ^ y;
        endcase
    endfunction

    // clamp a signed 32-bit value to [lo, hi] (signed)
    function automatic [31:0] clamp(input [31:0] x, input [31:0] lo, input [31:0] hi);
        if ($signed(x) < $signed(lo)) clamp = lo;
        else if ($signed(x) > $signed(hi)) clamp = hi;
        else clamp = x;
    endfunction

    // one byte of PRMT
    function automatic [7:0] prmt_byte(input [63:0] t, input [2:0] mode, input [3:0] ctl, input [1:0] pos);
        reg [2:0] sel;
        reg [7:0] x;
        begin
            sel = 3'd0;
            case (mode)
            3'd1: sel = {1'b0, ctl[1:0]} + {1'b0, pos};                     // F4E
            3'd2: sel = {1'b0, ctl[1:0]} - {1'b0, pos};                     // B4E
            3'd3: sel = {1'b0, ctl[1:0]};                                   // RC8
            3'd4: sel = (pos < ctl[1:0]) ? {1'b0, ctl[1:0]} : {1'b0, pos};  // ECL
            3'd5: sel = (pos > ctl[1:0]) ? {1'b0, ctl[1:0]} : {1'b0, pos};  // ECR
            3'd6: sel = {1'b0, ctl[0], pos[0]};                             // RC16
            default: sel = ctl[2:0];                                        // IDX
            endcase
            x = t[{sel, 3'b000} +: 8];
            if (mode == 3'd0 && ctl[3]) prmt_byte = {8{x[7]}};
            else prmt_byte = x;
        end
    endfunction

    // ---- the operations ---------------------------------------------------------------
    reg [32:0] s33;
    reg [64:0] s65;
    reg [63:0] t64;
    reg [31:0] x32, lo32, hi32, m32;
    reg [39:0] d40;
    reg [7:0] pr8, lut, b8;
    reg [15:0] h16;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [7:0] pe, pw;       // bit 7 = PT, dropped
    /* verilator lint_on UNUSEDSIGNAL */
    reg t1;
    reg [5:0] n6;
    reg [6:0] n7;
    reg signed [39:0] ea, eb, ep;
    reg [4:0] sz;
    always @(*) begin : lane
        integer i;
        d0 = 32'd0; d1 = 32'd0; d0_en = 1'b0; d1_en = 1'b0;
        pwe = 7'd0; pwv = 7'd0;
        s33 = 33'd0; s65 = 65'd0; t64 = 64'd0; x32 = 32'd0; lo32 = 32'd0; hi32 = 32'd0;
        m32 = 32'd0; d40 = 40'd0; pr8 = 8'd0; lut = 8'd0; t1 = 1'b0; n6 = 6'd0; sz = 5'd0;
        n7 = 7'd0; ea = 40'sd0; eb = 40'sd0; ep = 40'sd0; pe = 8'd0; pw = 8'd0; b8 = 8'd0; h16 = 16'd0;
        pp = 1'b0; pq = 1'b0; mul_b = 32'd0; prod = 64'd0;
        // (nothing is computed without en: the core has one ALU a lane, and the
        // simulation evaluates all of them every cycle)
        if (en) begin
        pp = pv(p, w[100:98], w[101]);
        pq = pv(p, w[104:102], w[105]);
        if (opt == OP_IMAD || opt == OP_IMAD_WIDE || opt == OP_IMUL) begin
            mul_b = (opt == OP_IMUL && ((st == ST_RR) ? w[74] : (st != ST_RI && w[97]))) ? (~b + 32'd1) : b;
            if (is_u32) prod = {32'd0, a} * {32'd0, mul_b};
            else prod = $signed({{32{a[31]}}, a}) * $signed({{32{mul_b[31]}}, mul_b});
        end
        case (opt)
        // ---------------- XU ----------------
        OP_POPC: begin
            d0 = popc32((st != ST_I && w[97]) ? ~b : b); d0_en = 1'b1;
        end
        OP_FLO: begin
            x32 = (st != ST_I && w[97]) ? ~b : b;
            if (!w[80] && x32[31]) x32 = ~x32;              // .S32: complement when negative
            d0 = msb32(x32);
            if (x32 != 32'd0 && w[81]) d0 = 32'd31 - d0;     // .SH
            d0_en = 1'b1;
        end
        OP_BREV: begin d0 = brev32(b); d0_en = 1'b1; end
        OP_BMSK: begin
            // ones from bit lo, width bits, clipped at bit 31
            if (w[81]) begin lo32 = {27'd0, a[4:0]}; hi32 = {27'd0, b[4:0]}; end
            else begin lo32 = a; hi32 = (b >= 32'd32) ? 32'd32 : b; end
            if (!w[81] && a >= 32'd32) d0 = 32'd0;
            else begin
                x32 = lo32 + hi32;                            // first bit above, 0..63
                d0 = (32'hFFFFFFFF << lo32[4:0]) & ~((x32 >= 32'd32) ? 32'd0 : (32'hFFFFFFFF << x32[4:0]));
            end
            d0_en = 1'b1;
        end
        OP_SGXT: begin
            n6 = w[81] ? {1'b0, b[4:0]} : ((b > 32'd32) ? 6'd32 : b[5:0]);
            if (n6 == 6'd0) d0 = 32'd0;
            else if (n6 == 6'd32) d0 = a;
            else begin
                m32 = (32'd1 << n6[4:0]) - 32'd1;
                d0 = a & m32;
                if (!w[80] && d0[n6[4:0] - 5'd1]) d0 = d0 | ~m32;
            end
            d0_en = 1'b1;
        end
        // ---------------- IALU ----------------
        OP_IADD: begin
            if (w[76]) begin // .X
                s33 = {1'b0, w[72] ? ~a : a} + {1'b0, (st != ST_RI && w[97]) ? ~b : b} + {32'd0, pp};
                d0 = s33[31:0];
                begin pe[pu_i] = 1'b1; pw[pu_i] = s33[32]; end
            end else begin
                d0 = (w[72] ? (~a + 32'd1) : a) + ((st != ST_RI && w[97]) ? (~b + 32'd1) : b);
            end
            d0_en = 1'b1;
        end
        OP_IMAD: begin
            // .LO: low product word + c (+1 when negated); .HI.X: high word + c + pp
            s33 = {1'b0, w[75] ? prod[63:32] : prod[31:0]} + {1'b0, cneg ? ~c : c}
                + {32'd0, w[76] ? pp : cneg};
            d0 = s33[31:0]; d0_en = 1'b1;
            begin pe[pu_i] = 1'b1; pw[pu_i] = s33[32]; end
        end
        OP_IMAD_WIDE: begin
            s65 = {1'b0, prod} + {1'b0, cneg ? ~C : C} + {64'd0, w[76] ? pp : cneg};
            d0 = s65[31:0]; d1 = s65[63:32]; d0_en = 1'b1; d1_en = 1'b1;
            begin pe[pu_i] = 1'b1; pw[pu_i] = s65[64]; end
        end
        OP_IDP2A: begin
            d40 = {8'd0, c} + {39'd0, pp};
            for (i = 0; i < 2; i = i + 1) begin
                h16 = a[16 * i +: 16];
                ea = {{24{h16[15] & !w[77]}}, h16};
                b8 = b[8 * (i + (w[75] ? 2 : 0)) +: 8];
                eb = {{32{b8[7] & !w[78]}}, b8};
                ep = ea * eb;
                d40 = d40 + ep;
            end
            d0 = d40[31:0]; d0_en = 1'b1;
            begin pe[pu_i] = 1'b1; pw[pu_i] = !d40[39] && (d40[38:32] != 7'd0); end
        end
        OP_IDP4A: begin
            d40 = {8'd0, c} + {39'd0, pp};
            for (i = 0; i < 4; i = i + 1) begin
                b8 = a[8 * i +: 8];
                ea = {{32{b8[7] & !w[77]}}, b8};
                b8 = b[8 * i +: 8];
                eb = {{32{b8[7] & !w[78]}}, b8};
                ep = ea * eb;
                d40 = d40 + ep;
            end
            d0 = d40[31:0]; d0_en = 1'b1;
            begin pe[pu_i] = 1'b1; pw[pu_i] = !d40[39] && (d40[38:32] != 7'd0); end
        end
        OP_IMUL: begin
            d0 = w[75] ? prod[63:32] : prod[31:0]; d0_en = 1'b1;
        end
        OP_LEA: begin
            if (!w[75]) begin                                   // .LO
                // '-': the shifted word x enters as ~x with carry in 1 (ERRATA D9)
                x32 = a << w[86:82];
                s33 = {1'b0, w[72] ? ~x32 : x32} + {1'b0, b} + {32'd0, w[72]};
            end else begin
                x32 = w[72] ? ~a : a;
                t64 = w[80] ? {{32{x32[31]}}, x32} : (w[72] ? ~{c, a} : {c, a});
                t64 = t64 << w[86:82];
                s33 = {1'b0, t64[63:32]} + {1'b0, b} + {32'd0, pp};
            end
            d0 = s33[31:0]; d0_en = 1'b1;
            begin pe[pu_i] = 1'b1; pw[pu_i] = s33[32]; end
        end
        OP_IABS: begin d0 = b[31] ? (~b + 32'd1) : b; d0_en = 1'b1; end
        OP_IMNMX: begin
            t1 = is_u32 ? (a < b) : ($signed(a) < $signed(b));   // a < b
            d0 = (pp ? t1 : !t1) ? a : b; d0_en = 1'b1;
        end
        OP_P2R: begin
            pr8 = {1'b1, p};
            m32 = a;
            m32[{w[80:79], 3'b000} +: 8] = (b[7:0] & pr8) | (~b[7:0] & a[{w[80:79], 3'b000} +: 8]);
            d0 = m32; d0_en = 1'b1;
        end
        OP_R2P: begin
            pr8 = a[{w[80:79], 3'b000} +: 8];
            pe = {1'b0, b[6:0]}; pw = pr8;
        end
        OP_ISETP, OP_ISET: begin
            t1 = (w[76] && a == b) ? pq : cmp(a, b, w[81:79], is_u32);
            if (opt == OP_ISETP) begin
                begin pe[pu_i] = 1'b1; pw[pu_i] = boolop(t1, pp, w[83:82]); end
                begin pe[pv_i] = 1'b1; pw[pv_i] = boolop(!t1, pp, w[83:82]); end
            end else begin
                d0 = boolop(t1, pp, w[83:82]) ? (w[84] ? 32'h3F800000 : 32'hFFFFFFFF) : 32'd0;
                d0_en = 1'b1;
            end
        end
        OP_SEL: begin d0 = pp ? a : b; d0_en = 1'b1; end
        OP_LOP3: begin
            lut = w[89:82];
            for (i = 0; i < 32; i = i + 1) d0[i] = lut[{a[i], b[i], c[i]}];
            d0_en = 1'b1;
            pe[pu_i] = 1'b1;
            pw[pu_i] = w[79] ? ((d0 != 32'd0) | pp) : ((d0 != 32'd0) & pp);
        end
        OP_PLOP3: begin
            lut = w[89:82];
            t1 = (st == ST_U) ? pv(up, w[66:64], w[67]) : pv(p, w[66:64], w[67]);
            pe[pu_i] = 1'b1;
            pw[pu_i] = lut[{pv(p, w[26:24], w[27]), pv(p, w[34:32], w[35]), t1}];
        end
        OP_SHF: begin
            // w[78:77]: S64 U64 S32 U32 (limit 64 or 32); w[80] wrap; w[81] right
            if (w[80]) n7 = w[78] ? {2'b00, b[4:0]} : {1'b0, b[5:0]};
            else if (w[78]) n7 = (b > 32'd32) ? 7'd32 : b[6:0];
            else n7 = (b > 32'd64) ? 7'd64 : b[6:0];
            t64 = {c, a};
            if (n7[6]) t64 = (w[81] && !w[77]) ? {64{c[31]}} : 64'd0;
            else if (!w[81]) t64 = t64 << n7[5:0];
            else if (!w[77]) t64 = $signed(t64) >>> n7[5:0];
            else t64 = t64 >> n7[5:0];
            d0 = w[75] ? t64[63:32] : t64[31:0]; d0_en = 1'b1;
        end
        OP_MOV: begin
            d0 = B[31:0]; d0_en = 1'b1;
            if (w[80]) begin d1 = B[63:32]; d1_en = 1'b1; end
        end
        OP_PRMT: begin
            t64 = {b, a};
            for (i = 0; i < 4; i = i + 1)
                d0[8 * i +: 8] = prmt_byte(t64, w[78:76], (w[78:76] == 3'd0) ? c[4 * i +: 4] : {2'b00, c[1:0]}, i[1:0]);
            d0_en = 1'b1;
        end
        OP_I2I: begin
            case (w[77:76])
            2'd0: d0 = clamp(b, 32'hFFFFFF80, 32'h7F);
            2'd1: d0 = clamp(b, 32'h0, 32'hFF);
            2'd2: d0 = clamp(b, 32'hFFFF8000, 32'h7FFF);
            default: d0 = clamp(b, 32'h0, 32'hFFFF);
            endcase
            d0_en = 1'b1;
        end
        OP_I2IP: begin
            sz = 5'd2 << w[78:77];                            // 2, 4, 8, 16
            hi32 = w[76] ? ((32'd1 << sz) - 32'd1) : ((32'd1 << (sz - 5'd1)) - 32'd1);
            lo32 = w[76] ? 32'd0 : ~hi32;                      // unsigned: 0; signed: -2^(n-1)
            if (w[75] && !w[76]) lo32 = 32'd0;                 // .SATRELU
            m32 = (32'd1 << sz) - 32'd1;
            x32 = ((clamp(a, lo32, hi32) & m32) << sz) | (clamp(b, lo32, hi32) & m32);
            if (sz != 5'd16) x32 = x32 | ((c & ((32'd1 << (6'd32 - {sz, 1'b0})) - 32'd1)) << {sz, 1'b0});
            d0 = x32; d0_en = 1'b1;
        end
        default: ;
        endcase
        end
        pwe = pe[6:0];          // bit 7 is PT: writes discarded
        pwv = pw[6:0];
    end
endmodule
