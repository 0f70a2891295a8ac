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
// decoded, range-reduced element(s) and reads their ROM words (mt_rom, a
// synchronous read: block RAM in an FPGA flow); d follows from those
// registers (Horner, reconstruction, rounding) and holds until the lane's
// next enabled edge. Nothing is evaluated while every bit is low.
//
// V2 = 0 leaves out the high element's datapath and ROM port (half the
// unit): a _V2 dtype then gives its low element only, as F16/BF16 .H0 does;
// the caller issues the halves apart (gpu_unit_mufu).
module fp_mufu #(
    parameter LANES = 1,
    parameter V2 = 1    // 1: _V2 in one edge (two datapaths); 0: the low element only
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
    localparam YW = MT_F + 4; // Horner accumulator, signed (MT_F <= 46: z below has 96 bits)
    localparam signed [13:0] YF = MT_F; // fraction bits of the table value y
    localparam LG_F = 24 + MT_F;        // LG2: fraction bits of e' + t * y

    // ---- format constants ----

    function [31:0] f_qnan(input [1:0] mu_ef);
        f_qnan = mu_ef == EF_F32 || mu_ef == EF_F64H ? 32'h7fffffff : 32'h00007fff;
    endfunction

    function [31:0] f_sign(input [1:0] mu_ef);
        f_sign = mu_ef == EF_F32 || mu_ef == EF_F64H ? 32'h80000000 : 32'h00008000;
    endfunction

    function [31:0] f_inf(input [1:0] mu_ef, input mu_s);
        begin
            case (mu_ef)
                EF_F32: f_inf = 32'h7f800000;
                EF_F64H: f_inf = 32'h7ff00000;
                EF_F16: f_inf = 32'h00007c00;
                default: f_inf = 32'h00007f80;
            endcase
            f_inf = f_inf | (mu_s ? f_sign(mu_ef) : 32'd0);
        end
    endfunction

    function [31:0] f_one(input [1:0] mu_ef, input mu_s);
        begin
            case (mu_ef)
                EF_F32: f_one = 32'h3f800000;
                EF_F64H: f_one = 32'h3ff00000;
                EF_F16: f_one = 32'h00003c00;
                default: f_one = 32'h00003f80;
            endcase
            f_one = f_one | (mu_s ? f_sign(mu_ef) : 32'd0);
        end
    endfunction

    function [31:0] f_zero(input [1:0] mu_ef, input mu_s);
        f_zero = mu_s ? f_sign(mu_ef) : 32'd0;
    endfunction

    // ---- shifters, as stages of constant shifts ----

    // {leading zeros, x shifted left by them} of a 96-bit word (96 for 0)
    function [102:0] norm96(input [95:0] mu_x);
        reg [95:0] mu_y;
        reg [6:0] mu_lz;
        integer mu_k;
        begin
            mu_y = mu_x;
            mu_lz = 7'd0;
            for (mu_k = 64; mu_k >= 1; mu_k = mu_k / 2)
                if ((mu_y >> (96 - mu_k)) == 96'd0) begin
                    mu_y = mu_y << mu_k;
                    mu_lz = mu_lz + mu_k[6:0];
                end
            if (mu_y[95] == 1'b0)
                mu_lz = 7'd96;
            norm96 = {mu_lz, mu_y};
        end
    endfunction

    // x >> n, ORing what is shifted out into bit 0
    function [95:0] shr96_sticky(input [95:0] mu_x, input [13:0] mu_n);
        reg [95:0] mu_y;
        reg mu_st;
        integer mu_j;
        begin
            mu_y = |mu_n[13:7] ? 96'd0 : mu_x;
            mu_st = |mu_n[13:7] && |mu_x;
            for (mu_j = 0; mu_j < 7; mu_j = mu_j + 1)
                if (mu_n[mu_j]) begin
                    mu_st = mu_st || (mu_y & ~({96{1'b1}} << (1 << mu_j))) != 96'd0;
                    mu_y = mu_y >> (1 << mu_j);
                end
            shr96_sticky = mu_y | {95'd0, mu_st};
        end
    endfunction

    // x >> n (bits shifted out dropped), n up to 511
    function [47:0] shr48(input [47:0] mu_x, input [8:0] mu_n);
        reg [47:0] mu_y;
        integer mu_j;
        begin
            mu_y = |mu_n[8:6] ? 48'd0 : mu_x;
            for (mu_j = 0; mu_j < 6; mu_j = mu_j + 1)
                if (mu_n[mu_j])
                    mu_y = mu_y >> (1 << mu_j);
            shr48 = mu_y;
        end
    endfunction

    // the 96-bit window of 1/(2 pi)'s bits below the top `n`: (MT_INV_2PI >> n)
    function [95:0] inv2pi_window(input [7:0] mu_n);
        reg [199:0] mu_y;
        integer mu_j;
        begin
            mu_y = MT_INV_2PI;
            for (mu_j = 0; mu_j < 8; mu_j = mu_j + 1)
                if (mu_n[mu_j])
                    mu_y = mu_y >> (1 << mu_j);
            inv2pi_window = mu_y[95:0];
        end
    endfunction

    // Every step below uses the part of its intermediate words it needs: the
    // unused-signal lint is off for them.
    /* verilator lint_off UNUSEDSIGNAL */

    // ---- Horner's rule on a ROM word ----

    // y = c0 + t*(c1 + t*(c2 + t*c3)), each product truncated to MT_F fraction bits
    function signed [YW-1:0] horner(input [MT_W-1:0] mu_w, input [MT_TB-1:0] mu_t);
        reg signed [YW-1:0] mu_acc, mu_c0, mu_c1, mu_c2, mu_c3;
        reg signed [YW+MT_TB:0] mu_p;
        begin
            // the word is {c0, c1, c2, c3}, each sign-extended to YW bits
            mu_c3 = $signed({{(YW - MT_W3){mu_w[MT_W3-1]}}, mu_w[MT_W3-1:0]});
            mu_c2 = $signed({{(YW - MT_W2){mu_w[MT_W3+MT_W2-1]}}, mu_w[MT_W3+MT_W2-1:MT_W3]});
            mu_c1 = $signed({{(YW - MT_W1){mu_w[MT_W-MT_W0-1]}},
                             mu_w[MT_W-MT_W0-1:MT_W3+MT_W2]});
            mu_c0 = $signed({{(YW - MT_W0){mu_w[MT_W-1]}}, mu_w[MT_W-1:MT_W-MT_W0]});
            mu_p = (mu_c3 * $signed({1'b0, mu_t})) >>> MT_TB;
            mu_acc = mu_c2 + mu_p[YW-1:0];
            mu_p = (mu_acc * $signed({1'b0, mu_t})) >>> MT_TB;
            mu_acc = mu_c1 + mu_p[YW-1:0];
            mu_p = (mu_acc * $signed({1'b0, mu_t})) >>> MT_TB;
            horner = mu_c0 + mu_p[YW-1:0];
        end
    endfunction

    // ---- the one rounding ----

    // sign * z * 2^e0 (z != 0) rounded to nearest even in format ef.
    function [31:0] round_to(input [1:0] mu_ef, input mu_s, input [95:0] mu_z,
                             input signed [13:0] mu_e0);
        reg [6:0] mu_lz;
        reg [95:0] mu_n;
        reg signed [13:0] mu_lead, mu_emin, mu_bias, mu_biased;
        reg [13:0] mu_emaxf;
        reg mu_tiny, mu_rbit, mu_sticky, mu_inc, mu_carry;
        reg [24:0] mu_unit, mu_kept, mu_rounded;
        reg [22:0] mu_m;
        reg [10:0] mu_ex;
        begin
            case (mu_ef)
                EF_F32: begin mu_emin = -14'sd126; mu_bias = 14'sd127; mu_emaxf = 14'd255; end
                EF_F64H: begin mu_emin = -14'sd1022; mu_bias = 14'sd1023; mu_emaxf = 14'd2047; end
                EF_F16: begin mu_emin = -14'sd14; mu_bias = 14'sd15; mu_emaxf = 14'd31; end
                default: begin mu_emin = -14'sd126; mu_bias = 14'sd127; mu_emaxf = 14'd255; end
            endcase
            {mu_lz, mu_n} = norm96(mu_z);
            mu_lead = mu_e0 + 14'sd95 - $signed({7'd0, mu_lz});
            mu_tiny = mu_lead < mu_emin;
            mu_n = shr96_sticky(mu_n, mu_tiny ? mu_emin - mu_lead : 14'd0);
            // keep the precision's top bits of n (left-aligned in 24 bits)
            case (mu_ef)
                EF_F32: begin mu_unit = 25'h1; mu_rbit = mu_n[71]; mu_sticky = |mu_n[70:0]; end
                EF_F64H: begin mu_unit = 25'h8; mu_rbit = mu_n[74]; mu_sticky = |mu_n[73:0]; end
                EF_F16: begin mu_unit = 25'h2000; mu_rbit = mu_n[84]; mu_sticky = |mu_n[83:0]; end
                default: begin mu_unit = 25'h10000; mu_rbit = mu_n[87]; mu_sticky = |mu_n[86:0]; end
            endcase
            mu_kept = {1'b0, mu_n[95:72]} & ~(mu_unit - 25'd1);
            mu_inc = mu_rbit && (mu_sticky || |(mu_kept & mu_unit));
            mu_rounded = mu_kept + (mu_inc ? mu_unit : 25'd0);
            mu_carry = mu_rounded[24];
            mu_biased = mu_lead + mu_bias + (mu_carry ? 14'sd1 : 14'sd0);
            mu_m = mu_carry ? 23'd0 : mu_rounded[22:0];
            mu_ex = mu_tiny ? {10'd0, mu_rounded[23]} : mu_biased[10:0];
            if (!mu_tiny && mu_biased >= $signed(mu_emaxf))
                round_to = f_inf(mu_ef, mu_s);
            else if (mu_ef == EF_F64H && mu_tiny && !mu_rounded[23])
                round_to = f_zero(mu_ef, mu_s); // .F64 flushes subnormal results
            else
                case (mu_ef)
                    EF_F32: round_to = {mu_s, mu_ex[7:0], mu_m};
                    EF_F64H: round_to = {mu_s, mu_ex, mu_m[22:3]};
                    EF_F16: round_to = {16'd0, mu_s, mu_ex[4:0], mu_m[22:13]};
                    default: round_to = {16'd0, mu_s, mu_ex[7:0], mu_m[22:16]};
                endcase
        end
    endfunction

    // ---- one element, in two halves around the ROM read ----

    // The element's state between the halves (ES bits): what the second
    // half needs of the decode and the range reduction.
    localparam [1:0] K_Y = 2'd0,   // z = y
                     K_MUL = 2'd1, // z = op * y (TANH below 1: op = m; SIN, COS: g normalised)
                     K_LG2 = 2'd2; // e' + t * y, op = {e', t}
    localparam O_OP = 0, O_KIND = 48, O_Y1 = 50, O_E0 = 51, O_QNEG = 65, O_FIXV = 66,
               O_FIXED = 98, O_T = 99, ES = 99 + MT_TB;

    // First half, before the edge: {ROM address, state} of f of the element
    // x (format ef, in x's low bits for 16-bit formats).
    function [MT_AW+ES-1:0] reduce(input [1:0] mu_ef, input [2:0] mu_f, input [31:0] mu_x);
        reg mu_s, mu_nan_in, mu_inf_in, mu_zero_in, mu_sub_in, mu_comp, mu_qneg, mu_top, mu_bypass;
        reg [10:0] mu_ef_bits, mu_ef_max;
        reg [22:0] mu_m23;
        reg signed [13:0] mu_bias, mu_e, mu_e0, mu_ip;
        reg [6:0] mu_lz;
        reg [23:0] mu_mm;
        reg [95:0] mu_mn, mu_w, mu_r;
        reg [63:0] mu_xf;
        reg [3:0] mu_tab;
        reg [47:0] mu_ax, mu_u, mu_op;
        reg [39:0] mu_fr;
        reg [7:0] mu_ipart;
        reg signed [25:0] mu_tx;
        reg [94:0] mu_g;
        reg [31:0] mu_special, mu_bypass_value;
        reg [1:0] mu_kind;
        reg [MT_AW-1:0] mu_addr;
        reg [MT_TB-1:0] mu_t;
        reg mu_fixed;
        begin
            // decode
            case (mu_ef)
                EF_F32: begin
                    {mu_s, mu_ef_bits, mu_m23} = {mu_x[31], 3'd0, mu_x[30:0]};
                    mu_ef_max = 11'd255;
                    mu_bias = 14'sd127;
                end
                EF_F64H: begin
                    {mu_s, mu_ef_bits, mu_m23} = {mu_x, 3'd0};
                    mu_ef_max = 11'd2047;
                    mu_bias = 14'sd1023;
                end
                EF_F16: begin
                    {mu_s, mu_ef_bits, mu_m23} = {mu_x[15], 6'd0, mu_x[14:0], 13'd0};
                    mu_ef_max = 11'd31;
                    mu_bias = 14'sd15;
                end
                default: begin
                    {mu_s, mu_ef_bits, mu_m23} = {mu_x[15], 3'd0, mu_x[14:0], 16'd0};
                    mu_ef_max = 11'd255;
                    mu_bias = 14'sd127;
                end
            endcase
            mu_nan_in = mu_ef_bits == mu_ef_max && mu_m23 != 23'd0;
            mu_inf_in = mu_ef_bits == mu_ef_max && mu_m23 == 23'd0;
            mu_sub_in = mu_ef_bits == 11'd0 && mu_m23 != 23'd0;
            mu_zero_in = (mu_ef_bits == 11'd0 && mu_m23 == 23'd0) ||
                         (mu_sub_in && mu_ef == EF_F64H);
            // x = (mm / 2^23) * 2^e, mm normalised (subnormals too)
            {mu_lz, mu_mn} = norm96({1'b0, mu_m23, 72'd0});
            mu_mm = mu_sub_in ? mu_mn[95:72] : {1'b1, mu_m23};
            mu_e = mu_sub_in ? 14'sd1 - mu_bias - $signed({7'd0, mu_lz})
                       : $signed({3'd0, mu_ef_bits}) - mu_bias;

            // the spec's special rows
            mu_special = 32'd0;
            if (mu_nan_in)
                mu_special = f_qnan(mu_ef);
            else if (mu_inf_in)
                case (mu_f)
                    FN_COS, FN_SIN: mu_special = f_qnan(mu_ef);
                    FN_EX2: mu_special = mu_s ? f_zero(mu_ef, 1'b0) : f_inf(mu_ef, 1'b0);
                    FN_LG2, FN_SQRT: mu_special = mu_s ? f_qnan(mu_ef) : f_inf(mu_ef, 1'b0);
                    FN_RSQ: mu_special = mu_s ? f_qnan(mu_ef) : f_zero(mu_ef, 1'b0);
                    FN_RCP: mu_special = f_zero(mu_ef, mu_s);
                    default: mu_special = f_one(mu_ef, mu_s);
                endcase
            else if (mu_zero_in)
                case (mu_f)
                    FN_COS, FN_EX2: mu_special = f_one(mu_ef, 1'b0);
                    FN_SIN, FN_SQRT, FN_TANH: mu_special = f_zero(mu_ef, mu_s);
                    FN_LG2: mu_special = f_inf(mu_ef, 1'b1);
                    default: mu_special = f_inf(mu_ef, mu_s); // RCP, RSQ
                endcase
            else if (mu_s && (mu_f == FN_LG2 || mu_f == FN_RSQ || mu_f == FN_SQRT))
                mu_special = f_qnan(mu_ef);

            // range reduction: table, argument xf, reconstruction z * 2^e0
            mu_tab = MT_T_RCP;
            mu_xf = {mu_m23, 41'd0};
            mu_top = 1'b0;
            mu_bypass = 1'b0;
            mu_bypass_value = 32'd0;
            mu_qneg = mu_s;
            mu_e0 = -YF;
            mu_comp = 1'b0;
            mu_ax = 48'd0;
            mu_fr = 40'd0;
            mu_ipart = 8'd0;
            mu_ip = 14'sd0;
            mu_u = 48'd0;
            mu_tx = 26'sd0;
            mu_g = 95'd0;
            mu_w = 96'd0;
            mu_r = 96'd0;
            case (mu_f)
                FN_RCP: begin
                    mu_tab = MT_T_RCP;
                    mu_xf = {mu_mm[22:0], 41'd0};
                    mu_e0 = -YF - mu_e;
                end
                FN_RSQ: begin
                    mu_tab = mu_e[0] ? MT_T_RSQ1 : MT_T_RSQ0;
                    mu_xf = {mu_mm[22:0], 41'd0};
                    mu_e0 = -YF - (mu_e >>> 1);
                end
                FN_SQRT: begin
                    mu_tab = mu_e[0] ? MT_T_SQRT1 : MT_T_SQRT0;
                    mu_xf = {mu_mm[22:0], 41'd0};
                    mu_e0 = -YF + (mu_e >>> 1);
                end
                FN_LG2: begin
                    // x = (1 + t) * 2^e', t in [-0.25, 0.5); log2 x = e' + t * G
                    mu_tab = MT_T_LG2;
                    mu_xf = {mu_mm[22:0], 41'd0};
                end
                FN_EX2: begin
                    // |x| as 8 integer and 40 fraction bits; 2^x = 2^i * 2^f
                    mu_ax = shr48({mu_mm, 24'd0}, mu_e > 14'sd7 ? 9'd0 : 9'd7 - mu_e[8:0]);
                    mu_ipart = mu_ax[47:40];
                    mu_fr = mu_ax[39:0];
                    if (!mu_s) begin
                        mu_ip = $signed({6'd0, mu_ipart});
                    end else if (mu_fr != 40'd0) begin
                        mu_ip = -$signed({6'd0, mu_ipart}) - 14'sd1;
                        mu_fr = 40'd0 - mu_fr;
                    end else begin
                        mu_ip = -$signed({6'd0, mu_ipart});
                    end
                    mu_tab = MT_T_EX2;
                    mu_xf = {mu_fr, 24'd0};
                    mu_e0 = -YF + mu_ip;
                    mu_qneg = 1'b0;
                    if (mu_e > 14'sd7) begin // |x| >= 256
                        mu_bypass = 1'b1;
                        mu_bypass_value = mu_s ? f_zero(mu_ef, 1'b0) : f_inf(mu_ef, 1'b0);
                    end
                end
                FN_TANH: begin
                    if (mu_e >= 14'sd4) begin // |x| >= 16: tanh rounds to +-1 in every format
                        mu_bypass = 1'b1;
                        mu_bypass_value = f_one(mu_ef, mu_s);
                    end else if (mu_e >= 14'sd0) begin
                        mu_tab = mu_e[1] ? (mu_e[0] ? MT_T_TANH3 : MT_T_TANH2)
                                         : (mu_e[0] ? MT_T_TANH1 : MT_T_TANH0);
                        mu_xf = {mu_mm[22:0], 41'd0};
                    end else begin
                        // |x| < 1: tanh x = x * G(x^2), x^2 with 40 fraction bits
                        mu_u = shr48(mu_mm * mu_mm, 9'd6 - {mu_e[7:0], 1'b0});
                        mu_tab = MT_T_TANHS;
                        mu_xf = {mu_u[39:0], 24'd0};
                        mu_e0 = mu_e - 14'sd23 - YF;
                    end
                end
                default: begin // COS, SIN
                    if (mu_e < -14'sd20) begin // |x| < 2^-20: sin x rounds to x, cos x to 1
                        mu_bypass = 1'b1;
                        mu_bypass_value = mu_f == FN_SIN ? mu_x : f_one(mu_ef, 1'b0);
                    end else begin
                        // turns: frac(|x| / (2 pi)) from the bits of 1/(2 pi)
                        // below |x|'s last place (Payne-Hanek), 96 bits
                        mu_w = inv2pi_window(8'd127 - mu_e[7:0]);
                        mu_r = mu_mm * mu_w;
                        // quarter turn r[95:94]; sin or cos of the rest, g turns
                        mu_comp = mu_f == FN_SIN ? mu_r[94] : !mu_r[94];
                        mu_qneg = mu_f == FN_SIN ? mu_s ^ mu_r[95] : mu_r[95] ^ mu_r[94];
                        mu_g = mu_comp ? {1'b1, 94'd0} - {1'b0, mu_r[93:0]} : {1'b0, mu_r[93:0]};
                        mu_top = mu_g[94];
                        mu_tab = MT_T_SIN;
                        mu_xf = mu_g[93:30];
                    end
                end
            endcase
            {mu_addr, mu_t} = mt_locate(mu_tab, mu_xf, mu_top);
            // what the reconstruction multiplies y by
            mu_kind = K_Y;
            mu_op = 48'd0;
            case (mu_f)
                FN_LG2: begin
                    mu_tx = mu_mm[22] ? $signed({2'b00, mu_mm}) - 26'sd16777216
                                : $signed({2'b00, mu_mm[22:0], 1'b0});
                    mu_ip = mu_e + (mu_mm[22] ? 14'sd1 : 14'sd0);
                    mu_kind = K_LG2;
                    mu_op = {8'd0, mu_ip, mu_tx};
                end
                FN_TANH: if (mu_e < 14'sd0) begin
                    mu_kind = K_MUL;
                    mu_op = {24'd0, mu_mm};
                end
                FN_COS, FN_SIN: begin
                    {mu_lz, mu_mn} = norm96({1'b0, mu_g});
                    mu_kind = K_MUL;
                    mu_op = mu_mn[95:48];
                    mu_e0 = -14'sd46 - $signed({7'd0, mu_lz}) - YF;
                    // (a turn that is exactly a multiple of pi)
                    if (mu_g == 95'd0 && !mu_bypass) begin
                        mu_bypass = 1'b1;
                        mu_bypass_value = f_zero(mu_ef, mu_qneg);
                    end
                end
                default: ;
            endcase
            mu_fixed = mu_nan_in || mu_inf_in || mu_zero_in || mu_special != 32'd0;
            reduce = {mu_addr, mu_t, mu_fixed || mu_bypass, mu_fixed ? mu_special : mu_bypass_value,
                      mu_qneg, mu_e0, mu_f == FN_EX2 && mu_fr == 40'd0, mu_kind, mu_op};
        end
    endfunction

    // Second half, after it: the element from its state and its ROM word.
    function [31:0] finish(input [1:0] mu_ef, input [ES-1:0] mu_st, input [MT_W-1:0] mu_word);
        reg signed [YW-1:0] mu_y;
        reg [95:0] mu_z;
        reg mu_qneg;
        reg signed [13:0] mu_e0;
        reg signed [25:0] mu_tx;
        reg signed [LG_F+13:0] mu_acc;
        begin
            mu_y = horner(mu_word, mu_st[O_T +: MT_TB]);
            if (mu_st[O_Y1])
                mu_y = $signed({4'd1, {MT_F{1'b0}}}); // EX2 of an integer: exact
            mu_z = {{(96 - YW){1'b0}}, mu_y};
            mu_qneg = mu_st[O_QNEG];
            mu_e0 = mu_st[O_E0 +: 14];
            mu_acc = {(LG_F + 14){1'b0}};
            case (mu_st[O_KIND +: 2])
                K_LG2: begin
                    mu_tx = mu_st[O_OP +: 26];
                    mu_acc = ($signed({{LG_F{mu_st[O_OP+39]}}, mu_st[O_OP+26 +: 14]}) <<< LG_F)
                             + mu_tx * mu_y;
                    mu_qneg = mu_acc < 0;
                    mu_z = {{(82 - LG_F){1'b0}}, mu_qneg ? -mu_acc : mu_acc};
                    mu_e0 = -(14'sd24 + YF);
                end
                K_MUL: mu_z = mu_st[O_OP +: 48] * mu_y[MT_F+1:0];
                default: ;
            endcase
            if (mu_st[O_FIXED])
                finish = mu_st[O_FIXV +: 32];
            else if (mu_st[O_KIND +: 2] == K_LG2 && mu_acc == 0)
                finish = f_zero(mu_ef, 1'b0); // log2(1) = +0
            else
                finish = round_to(mu_ef, mu_qneg, mu_z, mu_e0);
        end
    endfunction

    // ---- one lane ----

    function [1:0] elem_fmt(input [2:0] mu_dtype);
        case (mu_dtype)
            DT_F32: elem_fmt = EF_F32;
            DT_F64: elem_fmt = EF_F64H;
            DT_F16, DT_F16_V2: elem_fmt = EF_F16;
            default: elem_fmt = EF_BF16;
        endcase
    endfunction

    // _V2 and this unit has the high element's datapath
    function is_v2(input [2:0] mu_dtype);
        is_v2 = V2 != 0 && (mu_dtype == DT_F16_V2 || mu_dtype == DT_BF16_V2);
    endfunction

    // the lane's (low) element, |x| and -x applied
    function [31:0] source(input [2:0] mu_dtype, input mu_abs, input mu_neg, input mu_h1,
                           input [31:0] mu_b);
        if (mu_dtype == DT_F32 || mu_dtype == DT_F64)
            source = {(mu_b[31] & !mu_abs) ^ mu_neg, mu_b[30:0]};
        else if (mu_h1 && (mu_dtype == DT_F16 || mu_dtype == DT_BF16))
            source = {16'd0, mu_b[31:16]};
        else
            source = {16'd0, mu_b[15:0]};
    endfunction

    // the lane's result from its two elements' states and words
    function [31:0] lane_result(input [2:0] mu_dtype, input mu_sat, input [ES-1:0] mu_st_lo,
                                input [MT_W-1:0] mu_w_lo, input [ES-1:0] mu_st_hi,
                                input [MT_W-1:0] mu_w_hi);
        reg [31:0] mu_lo, mu_hi;
        begin
            mu_lo = finish(elem_fmt(mu_dtype), mu_st_lo, mu_w_lo);
            lane_result = mu_lo;
            if (mu_dtype == DT_F32 && mu_sat) // .SAT: NaN and any sign bit -> +0, above 1 -> 1
                lane_result = (mu_lo[31] || (mu_lo[30:23] == 8'hff && mu_lo[22:0] != 23'd0)) ? 32'd0
                            : mu_lo > 32'h3f800000 ? 32'h3f800000 : mu_lo;
            if (is_v2(mu_dtype)) begin // (evaluated only then)
                mu_hi = finish(elem_fmt(mu_dtype), mu_st_hi, mu_w_hi);
                lane_result = {mu_hi[15:0], mu_lo[15:0]};
            end
        end
    endfunction

    /* verilator lint_on UNUSEDSIGNAL */

    // The edge registers each enabled lane's element states and reads their
    // ROM words (a synchronous read, so the ROM can be block RAM); d is the
    // second half from those registers until the next edge, which keeps it in
    // `held`: d changes only at an edge with the lane enabled, as when d
    // itself was the register, and a simulator evaluates the second half only
    // after such an edge. Element 1 (the high half of _V2) is read only for _V2.
    reg [4*LANES-1:0] ctl;           // per lane {dtype, sat}
    reg [2*ES*LANES-1:0] st;         // per lane {element 1, element 0} states
    reg [2*MT_W*LANES-1:0] word;     // and their ROM words
    reg [LANES-1:0] fresh;           // the lane was enabled at the last edge
    reg [32*LANES-1:0] held;         // d of the lanes that were not

    always @(posedge clk) begin : first
        integer mu_l;
        reg [MT_AW+ES-1:0] mu_r;
        if (|fresh)
            for (mu_l = 0; mu_l < LANES; mu_l = mu_l + 1)
                if (fresh[mu_l])
                    held[32*mu_l +: 32] <= d[32*mu_l +: 32];
        fresh <= en;
        if (|en)
            for (mu_l = 0; mu_l < LANES; mu_l = mu_l + 1)
                if (en[mu_l]) begin
                    ctl[4*mu_l +: 4] <= {dtype, sat};
                    mu_r = reduce(elem_fmt(dtype), fn, source(dtype, abs_, neg, h1, b[32*mu_l +: 32]));
                    st[2*ES*mu_l +: ES] <= mu_r[ES-1:0];
                    word[2*MT_W*mu_l +: MT_W] <= mt_rom[mu_r[ES +: MT_AW]];
                    if (is_v2(dtype)) begin
                        mu_r = reduce(elem_fmt(dtype), fn, {16'd0, b[32*mu_l+16 +: 16]});
                        st[2*ES*mu_l+ES +: ES] <= mu_r[ES-1:0];
                        word[2*MT_W*mu_l+MT_W +: MT_W] <= mt_rom[mu_r[ES +: MT_AW]];
                    end
                end
    end

    // (the result through a variable: Verilator makes an if/else of two
    // assignments a ?: and then evaluates both sides)
    always @* begin : second
        integer mu_l;
        reg [31:0] mu_v;
        mu_v = 32'd0;
        for (mu_l = 0; mu_l < LANES; mu_l = mu_l + 1)
            if (fresh[mu_l]) begin
                mu_v = lane_result(ctl[4*mu_l+1 +: 3], ctl[4*mu_l],
                                   st[2*ES*mu_l +: ES], word[2*MT_W*mu_l +: MT_W],
                                   st[2*ES*mu_l+ES +: ES], word[2*MT_W*mu_l+MT_W +: MT_W]);
                d[32*mu_l +: 32] = mu_v;
            end else
                d[32*mu_l +: 32] = held[32*mu_l +: 32];
    end
endmodule
