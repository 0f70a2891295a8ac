// hdl_stubs/fp/fp_mufu.v: MUFU, the special-function unit (isa/spec/xu.isa),
// for LANES lanes (lane l at bits 32*l+31..32*l of b and d, bit l of en):
// COS SIN EX2 LG2 RCP RSQ SQRT TANH on F32, on the upper word of an F64
// ("F64H": 1 sign, 11 exponent, 20 fraction bits), and (EX2, TANH) on F16
// and BF16, scalar or _V2.
//
// Built as hardware builds it: range reduction to a table argument, a
// generated ROM of cubic pieces (fp_mufu_tables.vh, tools/gen_mufu_tables.c)
// evaluated by Horner's rule in fixed point, reconstruction, then one
// normalisation and round-to-nearest-even to the element's format (gradual
// underflow; F64H flushes subnormal results; overflow to Inf). NaN, Inf,
// zero and negative inputs take the spec's special rows exactly. Results are
// within 2^-36 (relative) of f(x) before the rounding, so an element is the
// correctly rounded value or its neighbour; README.md gives the measured
// distance to the model per function and format.
//
// Latency 1: at a clock edge each lane whose `en` bit is high registers its
// result; other lanes hold, and nothing is evaluated while every bit is low.
module fp_mufu #(
    parameter LANES = 1
) (
    input clk,
    input [LANES-1:0] en,
    input [2:0] fn,     // 0 COS, 1 SIN, 2 EX2, 3 LG2, 4 RCP, 5 RSQ, 6 SQRT, 7 TANH
    input [2:0] dtype,  // 0 F32, 1 F64 (upper word), 2 F16_V2, 3 BF16_V2, 4 F16, 5 BF16
    input abs_,         // |SrcB| (F32, F64 only), before neg
    input neg,          // -SrcB (F32, F64 only)
    input h1,           // .H1: the F16/BF16 input is SrcB[31:16] (else [15:0])
    input sat,          // .SAT (F32 only): clamp to [+0.0, 1.0]
    input [32*LANES-1:0] b,
    output reg [32*LANES-1:0] d
);
`include "fp_mufu_tables.vh"

    localparam [2:0] FN_COS = 3'd0, FN_SIN = 3'd1, FN_EX2 = 3'd2, FN_LG2 = 3'd3, FN_RCP = 3'd4,
                     FN_RSQ = 3'd5, FN_SQRT = 3'd6, FN_TANH = 3'd7;
    localparam [2:0] DT_F32 = 3'd0, DT_F64 = 3'd1, DT_F16_V2 = 3'd2, DT_BF16_V2 = 3'd3,
                     DT_F16 = 3'd4, DT_BF16 = 3'd5;
    // element formats
    localparam [1:0] EF_F32 = 2'd0, EF_F64H = 2'd1, EF_F16 = 2'd2, EF_BF16 = 2'd3;
    // table selections (gen_mufu_tables.c's tables)
    localparam [3:0] T_RCP = 4'd0, T_RSQ0 = 4'd1, T_RSQ1 = 4'd2, T_SQRT0 = 4'd3, T_SQRT1 = 4'd4,
                     T_LG2 = 4'd5, T_EX2 = 4'd6, T_TANHS = 4'd7, T_TANH0 = 4'd8, T_TANH1 = 4'd9,
                     T_TANH2 = 4'd10, T_TANH3 = 4'd11, T_SIN = 4'd12;
    localparam YW = MT_F + 4; // Horner accumulator, signed
    localparam [MT_AW-1:0] SIN_TOP = MT_SIN_BASE + (1 << MT_SIN_K); // SIN's entry for g = 1

    // ---- format constants ----

    function [31:0] f_qnan(input [1:0] ef);
        f_qnan = ef == EF_F32 || ef == EF_F64H ? 32'h7fffffff : 32'h00007fff;
    endfunction

    function [31:0] f_sign(input [1:0] ef);
        f_sign = ef == EF_F32 || ef == EF_F64H ? 32'h80000000 : 32'h00008000;
    endfunction

    function [31:0] f_inf(input [1:0] ef, input s);
        begin
            case (ef)
                EF_F32: f_inf = 32'h7f800000;
                EF_F64H: f_inf = 32'h7ff00000;
                EF_F16: f_inf = 32'h00007c00;
                default: f_inf = 32'h00007f80;
            endcase
            f_inf = f_inf | (s ? f_sign(ef) : 32'd0);
        end
    endfunction

    function [31:0] f_one(input [1:0] ef, input s);
        begin
            case (ef)
                EF_F32: f_one = 32'h3f800000;
                EF_F64H: f_one = 32'h3ff00000;
                EF_F16: f_one = 32'h00003c00;
                default: f_one = 32'h00003f80;
            endcase
            f_one = f_one | (s ? f_sign(ef) : 32'd0);
        end
    endfunction

    function [31:0] f_zero(input [1:0] ef, input s);
        f_zero = s ? f_sign(ef) : 32'd0;
    endfunction

    // ---- shifters, as stages of constant shifts ----

    // {leading zeros, x shifted left by them} of a 96-bit word (96 for 0)
    function [102:0] norm96(input [95:0] x);
        reg [95:0] y;
        reg [6:0] lz;
        integer k;
        begin
            y = x;
            lz = 7'd0;
            for (k = 64; k >= 1; k = k / 2)
                if ((y >> (96 - k)) == 96'd0) begin
                    y = y << k;
                    lz = lz + k[6:0];
                end
            if (y[95] == 1'b0)
                lz = 7'd96;
            norm96 = {lz, y};
        end
    endfunction

    // x >> n, ORing what is shifted out into bit 0
    function [95:0] shr96_sticky(input [95:0] x, input [13:0] n);
        reg [95:0] y;
        reg st;
        integer j;
        begin
            y = |n[13:7] ? 96'd0 : x;
            st = |n[13:7] && |x;
            for (j = 0; j < 7; j = j + 1)
                if (n[j]) begin
                    st = st || (y & ~({96{1'b1}} << (1 << j))) != 96'd0;
                    y = y >> (1 << j);
                end
            shr96_sticky = y | {95'd0, st};
        end
    endfunction

    // x >> n (bits shifted out dropped), n up to 511
    function [47:0] shr48(input [47:0] x, input [8:0] n);
        reg [47:0] y;
        integer j;
        begin
            y = |n[8:6] ? 48'd0 : x;
            for (j = 0; j < 6; j = j + 1)
                if (n[j])
                    y = y >> (1 << j);
            shr48 = y;
        end
    endfunction

    // the 96-bit window of 1/(2 pi)'s bits below the top `n`: (MT_INV_2PI >> n)
    function [95:0] inv2pi_window(input [7:0] n);
        reg [199:0] y;
        integer j;
        begin
            y = MT_INV_2PI;
            for (j = 0; j < 8; j = j + 1)
                if (n[j])
                    y = y >> (1 << j);
            inv2pi_window = y[95:0];
        end
    endfunction

    // Every step below uses the part of its intermediate words it needs: the
    // unused-signal lint is off for them.
    /* verilator lint_off UNUSEDSIGNAL */

    // ---- the table: one ROM read and Horner's rule ----

    // y = c0 + t*(c1 + t*(c2 + t*c3)), each product truncated to MT_F fraction bits
    function signed [YW-1:0] horner(input [MT_W-1:0] w, input [MT_TB-1:0] t);
        reg signed [YW-1:0] acc;
        reg signed [YW+MT_TB:0] p;
        begin
            acc = $signed({{(YW - MT_W3){w[MT_W3-1]}}, w[MT_W3-1:0]});
            p = (acc * $signed({1'b0, t})) >>> MT_TB;
            acc = $signed({{(YW - MT_W2){w[MT_W3+MT_W2-1]}}, w[MT_W3+MT_W2-1:MT_W3]}) + p[YW-1:0];
            p = (acc * $signed({1'b0, t})) >>> MT_TB;
            acc = $signed({{(YW - MT_W1){w[MT_W-MT_W0-1]}}, w[MT_W-MT_W0-1:MT_W3+MT_W2]}) + p[YW-1:0];
            p = (acc * $signed({1'b0, t})) >>> MT_TB;
            horner = $signed({{(YW - MT_W0){w[MT_W-1]}}, w[MT_W-1:MT_W-MT_W0]}) + p[YW-1:0];
        end
    endfunction

    // The table's value at argument xf (a fraction in [0, 1), 64 bits): its
    // top k bits pick the piece, the next MT_TB bits are t. top: argument 1.0
    // (SIN's extra entry).
    function [YW-1:0] table_y(input [3:0] tab, input [63:0] xf, input top);
        reg [MT_AW-1:0] addr;
        reg [MT_TB-1:0] t;
        begin
            case (tab)
                T_RCP: begin addr = MT_RCP_BASE + {{(MT_AW - MT_RCP_K){1'b0}}, xf[63 -: MT_RCP_K]}; t = xf[63-MT_RCP_K -: MT_TB]; end
                T_RSQ0: begin addr = MT_RSQ0_BASE + {{(MT_AW - MT_RSQ0_K){1'b0}}, xf[63 -: MT_RSQ0_K]}; t = xf[63-MT_RSQ0_K -: MT_TB]; end
                T_RSQ1: begin addr = MT_RSQ1_BASE + {{(MT_AW - MT_RSQ1_K){1'b0}}, xf[63 -: MT_RSQ1_K]}; t = xf[63-MT_RSQ1_K -: MT_TB]; end
                T_SQRT0: begin addr = MT_SQRT0_BASE + {{(MT_AW - MT_SQRT0_K){1'b0}}, xf[63 -: MT_SQRT0_K]}; t = xf[63-MT_SQRT0_K -: MT_TB]; end
                T_SQRT1: begin addr = MT_SQRT1_BASE + {{(MT_AW - MT_SQRT1_K){1'b0}}, xf[63 -: MT_SQRT1_K]}; t = xf[63-MT_SQRT1_K -: MT_TB]; end
                T_LG2: begin addr = MT_LG2_BASE + {{(MT_AW - MT_LG2_K){1'b0}}, xf[63 -: MT_LG2_K]}; t = xf[63-MT_LG2_K -: MT_TB]; end
                T_EX2: begin addr = MT_EX2_BASE + {{(MT_AW - MT_EX2_K){1'b0}}, xf[63 -: MT_EX2_K]}; t = xf[63-MT_EX2_K -: MT_TB]; end
                T_TANHS: begin addr = MT_TANHS_BASE + {{(MT_AW - MT_TANHS_K){1'b0}}, xf[63 -: MT_TANHS_K]}; t = xf[63-MT_TANHS_K -: MT_TB]; end
                T_TANH0: begin addr = MT_TANH0_BASE + {{(MT_AW - MT_TANH0_K){1'b0}}, xf[63 -: MT_TANH0_K]}; t = xf[63-MT_TANH0_K -: MT_TB]; end
                T_TANH1: begin addr = MT_TANH1_BASE + {{(MT_AW - MT_TANH1_K){1'b0}}, xf[63 -: MT_TANH1_K]}; t = xf[63-MT_TANH1_K -: MT_TB]; end
                T_TANH2: begin addr = MT_TANH2_BASE + {{(MT_AW - MT_TANH2_K){1'b0}}, xf[63 -: MT_TANH2_K]}; t = xf[63-MT_TANH2_K -: MT_TB]; end
                T_TANH3: begin addr = MT_TANH3_BASE + {{(MT_AW - MT_TANH3_K){1'b0}}, xf[63 -: MT_TANH3_K]}; t = xf[63-MT_TANH3_K -: MT_TB]; end
                default: begin
                    addr = top ? SIN_TOP : MT_SIN_BASE + {{(MT_AW - MT_SIN_K){1'b0}}, xf[63 -: MT_SIN_K]};
                    t = top ? {MT_TB{1'b0}} : xf[63-MT_SIN_K -: MT_TB];
                end
            endcase
            table_y = horner(mt_rom(addr), t);
        end
    endfunction

    // ---- the one rounding ----

    // sign * z * 2^e0 (z != 0) rounded to nearest even in format ef.
    function [31:0] round_to(input [1:0] ef, input s, input [95:0] z, input signed [13:0] e0);
        reg [6:0] lz;
        reg [95:0] n;
        reg signed [13:0] lead, emin, bias, biased;
        reg [13:0] emaxf;
        reg tiny, rbit, sticky, inc, carry;
        reg [24:0] unit, kept, rounded;
        reg [22:0] m;
        reg [10:0] ex;
        begin
            case (ef)
                EF_F32: begin emin = -14'sd126; bias = 14'sd127; emaxf = 14'd255; end
                EF_F64H: begin emin = -14'sd1022; bias = 14'sd1023; emaxf = 14'd2047; end
                EF_F16: begin emin = -14'sd14; bias = 14'sd15; emaxf = 14'd31; end
                default: begin emin = -14'sd126; bias = 14'sd127; emaxf = 14'd255; end
            endcase
            {lz, n} = norm96(z);
            lead = e0 + 14'sd95 - $signed({7'd0, lz});
            tiny = lead < emin;
            n = shr96_sticky(n, tiny ? emin - lead : 14'd0);
            // keep the precision's top bits of n (left-aligned in 24 bits)
            case (ef)
                EF_F32: begin unit = 25'h1; rbit = n[71]; sticky = |n[70:0]; end
                EF_F64H: begin unit = 25'h8; rbit = n[74]; sticky = |n[73:0]; end
                EF_F16: begin unit = 25'h2000; rbit = n[84]; sticky = |n[83:0]; end
                default: begin unit = 25'h10000; rbit = n[87]; sticky = |n[86:0]; end
            endcase
            kept = {1'b0, n[95:72]} & ~(unit - 25'd1);
            inc = rbit && (sticky || |(kept & unit));
            rounded = kept + (inc ? unit : 25'd0);
            carry = rounded[24];
            biased = lead + bias + (carry ? 14'sd1 : 14'sd0);
            m = carry ? 23'd0 : rounded[22:0];
            ex = tiny ? {10'd0, rounded[23]} : biased[10:0];
            if (!tiny && biased >= $signed(emaxf))
                round_to = f_inf(ef, s);
            else if (ef == EF_F64H && tiny && !rounded[23])
                round_to = f_zero(ef, s); // .F64 flushes subnormal results
            else
                case (ef)
                    EF_F32: round_to = {s, ex[7:0], m};
                    EF_F64H: round_to = {s, ex, m[22:3]};
                    EF_F16: round_to = {16'd0, s, ex[4:0], m[22:13]};
                    default: round_to = {16'd0, s, ex[7:0], m[22:16]};
                endcase
        end
    endfunction

    // ---- one element ----

    // f of the element x (format ef, in x's low bits for 16-bit formats).
    function [31:0] element(input [1:0] ef, input [2:0] f, input [31:0] x);
        reg s, nan_in, inf_in, zero_in, sub_in, comp, qneg, top, bypass;
        reg [10:0] ef_bits, ef_max;
        reg [22:0] m23;
        reg signed [13:0] bias, e, e0, ip;
        reg [6:0] lz;
        reg [23:0] mm;
        reg [95:0] mn, z, w, r;
        reg [63:0] xf;
        reg [3:0] tab;
        reg signed [YW-1:0] y;
        reg [47:0] ax, u;
        reg [39:0] fr;
        reg [7:0] ipart;
        reg signed [25:0] tx;
        reg signed [81:0] acc;
        reg [94:0] g;
        reg [31:0] special, bypass_value;
        begin
            // decode
            case (ef)
                EF_F32: begin s = x[31]; ef_bits = {3'd0, x[30:23]}; m23 = x[22:0]; ef_max = 11'd255; bias = 14'sd127; end
                EF_F64H: begin s = x[31]; ef_bits = x[30:20]; m23 = {x[19:0], 3'd0}; ef_max = 11'd2047; bias = 14'sd1023; end
                EF_F16: begin s = x[15]; ef_bits = {6'd0, x[14:10]}; m23 = {x[9:0], 13'd0}; ef_max = 11'd31; bias = 14'sd15; end
                default: begin s = x[15]; ef_bits = {3'd0, x[14:7]}; m23 = {x[6:0], 16'd0}; ef_max = 11'd255; bias = 14'sd127; end
            endcase
            nan_in = ef_bits == ef_max && m23 != 23'd0;
            inf_in = ef_bits == ef_max && m23 == 23'd0;
            sub_in = ef_bits == 11'd0 && m23 != 23'd0;
            zero_in = (ef_bits == 11'd0 && m23 == 23'd0) || (sub_in && ef == EF_F64H);
            // x = (mm / 2^23) * 2^e, mm normalised (subnormals too)
            {lz, mn} = norm96({1'b0, m23, 72'd0});
            mm = sub_in ? mn[95:72] : {1'b1, m23};
            e = sub_in ? 14'sd1 - bias - $signed({7'd0, lz})
                       : $signed({3'd0, ef_bits}) - bias;

            // the spec's special rows
            special = 32'd0;
            if (nan_in)
                special = f_qnan(ef);
            else if (inf_in)
                case (f)
                    FN_COS, FN_SIN: special = f_qnan(ef);
                    FN_EX2: special = s ? f_zero(ef, 1'b0) : f_inf(ef, 1'b0);
                    FN_LG2, FN_SQRT: special = s ? f_qnan(ef) : f_inf(ef, 1'b0);
                    FN_RSQ: special = s ? f_qnan(ef) : f_zero(ef, 1'b0);
                    FN_RCP: special = f_zero(ef, s);
                    default: special = f_one(ef, s);
                endcase
            else if (zero_in)
                case (f)
                    FN_COS, FN_EX2: special = f_one(ef, 1'b0);
                    FN_SIN, FN_SQRT, FN_TANH: special = f_zero(ef, s);
                    FN_LG2: special = f_inf(ef, 1'b1);
                    default: special = f_inf(ef, s); // RCP, RSQ
                endcase
            else if (s && (f == FN_LG2 || f == FN_RSQ || f == FN_SQRT))
                special = f_qnan(ef);

            // range reduction: table, argument xf, reconstruction z * 2^e0
            tab = T_RCP;
            xf = {m23, 41'd0};
            top = 1'b0;
            bypass = 1'b0;
            bypass_value = 32'd0;
            qneg = s;
            e0 = -14'sd44;
            comp = 1'b0;
            ax = 48'd0;
            fr = 40'd0;
            ipart = 8'd0;
            ip = 14'sd0;
            u = 48'd0;
            tx = 26'sd0;
            g = 95'd0;
            w = 96'd0;
            r = 96'd0;
            case (f)
                FN_RCP: begin
                    tab = T_RCP;
                    xf = {mm[22:0], 41'd0};
                    e0 = -14'sd44 - e;
                end
                FN_RSQ: begin
                    tab = e[0] ? T_RSQ1 : T_RSQ0;
                    xf = {mm[22:0], 41'd0};
                    e0 = -14'sd44 - (e >>> 1);
                end
                FN_SQRT: begin
                    tab = e[0] ? T_SQRT1 : T_SQRT0;
                    xf = {mm[22:0], 41'd0};
                    e0 = -14'sd44 + (e >>> 1);
                end
                FN_LG2: begin
                    // x = (1 + t) * 2^e', t in [-0.25, 0.5); log2 x = e' + t * G
                    tab = T_LG2;
                    xf = {mm[22:0], 41'd0};
                end
                FN_EX2: begin
                    // |x| as 8 integer and 40 fraction bits; 2^x = 2^i * 2^f
                    ax = shr48({mm, 24'd0}, e > 14'sd7 ? 9'd0 : 9'd7 - e[8:0]);
                    ipart = ax[47:40];
                    fr = ax[39:0];
                    if (!s) begin
                        ip = $signed({6'd0, ipart});
                    end else if (fr != 40'd0) begin
                        ip = -$signed({6'd0, ipart}) - 14'sd1;
                        fr = 40'd0 - fr;
                    end else begin
                        ip = -$signed({6'd0, ipart});
                    end
                    tab = T_EX2;
                    xf = {fr, 24'd0};
                    e0 = -14'sd44 + ip;
                    qneg = 1'b0;
                    if (e > 14'sd7) begin // |x| >= 256
                        bypass = 1'b1;
                        bypass_value = s ? f_zero(ef, 1'b0) : f_inf(ef, 1'b0);
                    end
                end
                FN_TANH: begin
                    if (e >= 14'sd4) begin // |x| >= 16: tanh rounds to +-1 in every format
                        bypass = 1'b1;
                        bypass_value = f_one(ef, s);
                    end else if (e >= 14'sd0) begin
                        tab = e[1] ? (e[0] ? T_TANH3 : T_TANH2) : (e[0] ? T_TANH1 : T_TANH0);
                        xf = {mm[22:0], 41'd0};
                    end else begin
                        // |x| < 1: tanh x = x * G(x^2), x^2 with 40 fraction bits
                        u = shr48(mm * mm, 9'd6 - {e[7:0], 1'b0});
                        tab = T_TANHS;
                        xf = {u[39:0], 24'd0};
                        e0 = e - 14'sd23 - 14'sd44;
                    end
                end
                default: begin // COS, SIN
                    if (e < -14'sd20) begin // |x| < 2^-20: sin x rounds to x, cos x to 1
                        bypass = 1'b1;
                        bypass_value = f == FN_SIN ? x : f_one(ef, 1'b0);
                    end else begin
                        // turns: frac(|x| / (2 pi)) from the bits of 1/(2 pi)
                        // below |x|'s last place (Payne-Hanek), 96 bits
                        w = inv2pi_window(8'd127 - e[7:0]);
                        r = mm * w;
                        // quarter turn r[95:94]; sin or cos of the rest, g turns
                        comp = f == FN_SIN ? r[94] : !r[94];
                        qneg = f == FN_SIN ? s ^ r[95] : r[95] ^ r[94];
                        g = comp ? {1'b1, 94'd0} - {1'b0, r[93:0]} : {1'b0, r[93:0]};
                        top = g[94];
                        tab = T_SIN;
                        xf = g[93:30];
                    end
                end
            endcase
            y = table_y(tab, xf, top);
            if (f == FN_EX2 && fr == 40'd0)
                y = $signed({4'd1, {MT_F{1'b0}}}); // 2^integer: exact
            // reconstruction
            z = {{(96 - YW){1'b0}}, y};
            case (f)
                FN_LG2: begin
                    tx = mm[22] ? $signed({2'b00, mm}) - 26'sd16777216
                                : $signed({2'b00, mm[22:0], 1'b0});
                    ip = e + (mm[22] ? 14'sd1 : 14'sd0);
                    acc = ($signed({{68{ip[13]}}, ip}) <<< 68) + tx * y;
                    qneg = acc < 0;
                    z = {14'd0, qneg ? -acc : acc};
                    e0 = -14'sd68;
                    if (acc == 0) begin
                        bypass = 1'b1;
                        bypass_value = f_zero(ef, 1'b0); // log2(1) = +0
                    end
                end
                FN_TANH: if (e < 14'sd0) z = mm * y[MT_F+1:0];
                FN_COS, FN_SIN: begin
                    {lz, mn} = norm96({1'b0, g});
                    z = mn[95:48] * y[MT_F+1:0];
                    e0 = -14'sd46 - $signed({7'd0, lz}) - 14'sd44;
                    if (g == 95'd0 && !bypass) begin // (a turn that is exactly a multiple of pi)
                        bypass = 1'b1;
                        bypass_value = f_zero(ef, qneg);
                    end
                end
                default: ;
            endcase
            if (nan_in || inf_in || zero_in || special != 32'd0)
                element = special;
            else if (bypass)
                element = bypass_value;
            else
                element = round_to(ef, qneg, z, e0);
        end
    endfunction

    // ---- one lane ----

    function [31:0] exec(input [2:0] x_fn, input [2:0] x_dtype, input x_abs, input x_neg,
                         input x_h1, input x_sat, input [31:0] x_b);
        reg [31:0] src, lo, hi;
        reg [1:0] ef;
        begin
            case (x_dtype)
                DT_F32: ef = EF_F32;
                DT_F64: ef = EF_F64H;
                DT_F16, DT_F16_V2: ef = EF_F16;
                default: ef = EF_BF16;
            endcase
            src = x_b;
            if (x_dtype == DT_F32 || x_dtype == DT_F64)
                src = {(x_b[31] & !x_abs) ^ x_neg, x_b[30:0]};
            else if (x_h1 && (x_dtype == DT_F16 || x_dtype == DT_BF16))
                src = {16'd0, x_b[31:16]};
            else
                src = {16'd0, x_b[15:0]};
            lo = element(ef, x_fn, src);
            exec = lo;
            if (x_dtype == DT_F32 && x_sat) // .SAT: NaN and any sign bit -> +0, above 1 -> 1
                exec = (lo[31] || (lo[30:23] == 8'hff && lo[22:0] != 23'd0)) ? 32'd0
                     : lo > 32'h3f800000 ? 32'h3f800000 : lo;
            if (x_dtype == DT_F16_V2 || x_dtype == DT_BF16_V2) begin // (evaluated only then)
                hi = element(ef, x_fn, {16'd0, x_b[31:16]});
                exec = {hi[15:0], lo[15:0]};
            end
        end
    endfunction

    /* verilator lint_on UNUSEDSIGNAL */

    always @(posedge clk) begin : lanes
        integer l;
        if (|en)
            for (l = 0; l < LANES; l = l + 1)
                if (en[l])
                    d[32*l +: 32] <= exec(fn, dtype, abs_, neg, h1, sat, b[32*l +: 32]);
    end
endmodule
