// hdl_stubs/fp/fp_fns.vh: IEEE 754 binary arithmetic of ONE format as Verilog
// functions, bit-exact with the functional model's softfloat
// (cosim/model/src/fp). Include it inside a module after declaring
//     localparam FP_EW = <exponent bits>, FP_MW = <fraction bits>;
// (5/10 binary16, 8/7 bfloat16, 8/23 binary32). Call the functions inside a
// clocked `if (en)` so that nothing is evaluated while the unit is idle.
//
// Control codes (the units' own; README.md maps the ISA's modifiers to them):
//   rnd: 0 nearest even, 1 toward +Inf, 2 toward -Inf, 3 toward zero
//   op:  FP_OP_FMA a*b+c, FP_OP_ADD a+b, FP_OP_MUL a*b
//   cmp: 0 EQ 1 NE 2 LT 3 LE 4 GT 5 GE 6 EQU 7 NEU 8 LTU 9 LEU 10 GTU 11 GEU
//        12 NAN 13 NUM (14, 15: false)
//
// A module uses some of these functions and some bits of their arguments:
// the unused-signal lint is off for this library (on again at its end).
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */

localparam FP_W = 1 + FP_EW + FP_MW;
localparam FP_P = FP_MW + 1;               // precision
localparam FP_BIAS = (1 << (FP_EW - 1)) - 1;
localparam FP_XW = FP_EW + 4;              // signed exponent arithmetic
// The exact sum is formed in FP_SW bits with both terms' leading bits at
// FP_T: a term shifted by 0 or 1 place keeps every bit, a term shifted
// further leaves the sum's rounding place at least two bits above bit 0, so
// ORing what it loses into bit 0 (sticky) rounds alike.
localparam FP_T = 2 * FP_P;
localparam FP_SW = FP_T + 2;

localparam [1:0] FP_OP_FMA = 2'd0, FP_OP_ADD = 2'd1, FP_OP_MUL = 2'd2;
localparam [1:0] FP_RN = 2'd0, FP_RP = 2'd1, FP_RM = 2'd2, FP_RZ = 2'd3;

localparam [FP_W-1:0] FP_SIGN = {1'b1, {(FP_W - 1){1'b0}}};
localparam [FP_W-1:0] FP_QNAN = {1'b0, {(FP_W - 1){1'b1}}};
localparam [FP_W-1:0] FP_ONE = {2'b00, {(FP_EW - 1){1'b1}}, {FP_MW{1'b0}}};
localparam [FP_W-1:0] FP_INF = {1'b0, {FP_EW{1'b1}}, {FP_MW{1'b0}}};
localparam [FP_W-1:0] FP_MAXF = {1'b0, {(FP_EW - 1){1'b1}}, 1'b0, {FP_MW{1'b1}}};
localparam signed [FP_XW-1:0] FP_EMIN = 1 - FP_BIAS;       // exponent of the smallest normal
localparam signed [FP_XW-1:0] FP_EBIAS = FP_BIAS;
localparam signed [FP_XW-1:0] FP_EINF = (1 << FP_EW) - 1;  // biased exponent of Inf/NaN
localparam signed [FP_XW-1:0] FP_EFRAC = FP_MW;
localparam signed [FP_XW-1:0] FP_ET = FP_T;
localparam signed [FP_XW-1:0] FP_ESW1 = FP_SW - 1;
localparam signed [FP_XW-1:0] FP_EP2 = 2 * FP_P - 1;
localparam signed [FP_XW-1:0] FP_EP1 = FP_P - 1;

function fp_is_nan(input [FP_W-1:0] v_x);
    fp_is_nan = (&v_x[FP_W-2:FP_MW]) && (|v_x[FP_MW-1:0]);
endfunction

function fp_is_inf(input [FP_W-1:0] v_x);
    fp_is_inf = (&v_x[FP_W-2:FP_MW]) && !(|v_x[FP_MW-1:0]);
endfunction

function fp_is_zero(input [FP_W-1:0] v_x);
    fp_is_zero = !(|v_x[FP_W-2:0]);
endfunction

function fp_is_sub(input [FP_W-1:0] v_x);
    fp_is_sub = !(|v_x[FP_W-2:FP_MW]) && (|v_x[FP_MW-1:0]);
endfunction

// A subnormal becomes the zero of its sign.
function [FP_W-1:0] fp_flush(input [FP_W-1:0] v_x);
    fp_flush = fp_is_sub(v_x) ? (v_x & FP_SIGN) : v_x;
endfunction

function [FP_W-1:0] fp_flush_if(input [FP_W-1:0] v_x, input v_ftz);
    fp_flush_if = v_ftz ? fp_flush(v_x) : v_x;
endfunction

// |x| then negation, on the sign bit only.
function [FP_W-1:0] fp_mod(input [FP_W-1:0] v_x, input v_abs_x, input v_neg_x);
    fp_mod = {(v_x[FP_W-1] & !v_abs_x) ^ v_neg_x, v_x[FP_W-2:0]};
endfunction

// .SAT: [+0.0, 1.0]; NaN and every value with the sign bit set give +0.0.
function [FP_W-1:0] fp_saturate(input [FP_W-1:0] v_x);
    if (fp_is_nan(v_x) || v_x[FP_W-1])
        fp_saturate = {FP_W{1'b0}};
    else
        fp_saturate = (v_x > FP_ONE) ? FP_ONE : v_x;
endfunction

// .RELU: negative values (-Inf included, -0.0 and NaN not) give +0.0.
function [FP_W-1:0] fp_relu(input [FP_W-1:0] v_x);
    fp_relu = (v_x[FP_W-1] && !fp_is_zero(v_x) && !fp_is_nan(v_x)) ? {FP_W{1'b0}} : v_x;
endfunction

// Output processing in the ISA's order: clamp (.SAT, else .RELU), output
// flush (.FTZ), canonical NaN.
function [FP_W-1:0] fp_finish(input [FP_W-1:0] v_x, input v_sat, input v_relu, input v_ftz);
    reg [FP_W-1:0] v_y;
    begin
        v_y = v_sat ? fp_saturate(v_x) : v_relu ? fp_relu(v_x) : v_x;
        v_y = fp_flush_if(v_y, v_ftz);
        fp_finish = fp_is_nan(v_y) ? FP_QNAN : v_y;
    end
endfunction

// Shifters are written as stages of constant shifts (muxes, as a barrel
// shifter is built) rather than as variable shifts.

// {leading zeros, x shifted left by them} of a nonzero FP_SW-bit word.
function [FP_SW+7:0] fp_norm(input [FP_SW-1:0] v_x);
    reg [FP_SW-1:0] v_y;
    reg [7:0] v_lz;
    integer v_k;
    begin
        v_y = v_x;
        v_lz = 8'd0;
        for (v_k = 32; v_k >= 1; v_k = v_k / 2)
            if (v_k < FP_SW && (v_y >> (FP_SW - v_k)) == 0) begin
                v_y = v_y << v_k;
                v_lz = v_lz + v_k[7:0];
            end
        fp_norm = {v_lz, v_y};
    end
endfunction

// x >> n, ORing every bit shifted out into bit 0.
function [FP_SW-1:0] fp_shr_sticky(input [FP_SW-1:0] v_x, input [FP_XW-1:0] v_n);
    reg [FP_SW-1:0] v_y;
    reg v_st;
    integer v_j;
    begin
        v_y = v_x;
        v_st = |v_n[FP_XW-1:6] && |v_x;
        if (|v_n[FP_XW-1:6])
            v_y = {FP_SW{1'b0}};
        for (v_j = 0; v_j < 6; v_j = v_j + 1)
            if (v_n[v_j]) begin
                v_st = v_st || (v_y & ~({FP_SW{1'b1}} << (1 << v_j))) != 0;
                v_y = v_y >> (1 << v_j);
            end
        fp_shr_sticky = v_y | {{(FP_SW - 1){1'b0}}, v_st};
    end
endfunction

// Rounds sign * mag * 2^e0 (mag != 0) once to the format: gradual underflow,
// overflow to Inf or the largest finite value as the mode directs.
// (Written as data flow: every cell is always active and only the last step
// selects, which keeps synthesis' resource sharing from exploring branches.)
function [FP_W-1:0] fp_round(input v_sign, input [FP_SW-1:0] v_mag, input signed [FP_XW-1:0] v_e0,
                             input [1:0] v_rnd);
    reg [7:0] v_lz;
    reg [FP_SW-1:0] v_n;
    reg signed [FP_XW-1:0] v_lead, v_biased;
    reg v_tiny, v_rbit, v_sticky, v_inc, v_to_inf;
    reg [FP_P-1:0] v_keep;
    reg [FP_P:0] v_rounded;
    reg [FP_W-1:0] v_sbit, v_normal, v_over;
    begin
        {v_lz, v_n} = fp_norm(v_mag);
        v_lead = v_e0 + FP_ESW1 - $signed({{(FP_XW - 8){1'b0}}, v_lz});
        v_tiny = v_lead < FP_EMIN;
        // normalise, then shift subnormal results back to the fixed quantum
        v_n = fp_shr_sticky(v_n, v_tiny ? FP_EMIN - v_lead : {FP_XW{1'b0}});
        v_keep = v_n[FP_SW-1 -: FP_P];
        v_rbit = v_n[FP_SW-FP_P-1];
        v_sticky = |v_n[FP_SW-FP_P-2:0];
        v_inc = (v_rnd == FP_RN && v_rbit && (v_sticky || v_keep[0])) ||
                (v_rnd == FP_RP && !v_sign && (v_rbit || v_sticky)) ||
                (v_rnd == FP_RM && v_sign && (v_rbit || v_sticky));
        v_rounded = {1'b0, v_keep} + {{FP_P{1'b0}}, v_inc};
        v_to_inf = v_rnd == FP_RN || (v_rnd == FP_RP && !v_sign) || (v_rnd == FP_RM && v_sign);
        v_sbit = v_sign ? FP_SIGN : {FP_W{1'b0}};
        v_biased = v_lead + FP_EBIAS + $signed({{(FP_XW - 1){1'b0}}, v_rounded[FP_P]});
        v_normal = {v_sign, v_biased[FP_EW-1:0], v_rounded[FP_P] ? {FP_MW{1'b0}} : v_rounded[FP_MW-1:0]};
        v_over = (v_to_inf ? FP_INF : FP_MAXF) | v_sbit;
        // tiny: subnormal, or rounded up to the smallest normal
        fp_round = v_tiny ? {v_sign, {(FP_EW - 1){1'b0}}, v_rounded[FP_P-1], v_rounded[FP_MW-1:0]}
                 : (v_biased >= FP_EINF) ? v_over : v_normal;
    end
endfunction

// Exponent of bit 0 of a finite value's significand.
function signed [FP_XW-1:0] fp_lsb_exp(input [FP_W-1:0] v_x);
    reg [FP_XW-1:0] v_e;
    begin
        v_e = {{(FP_XW - FP_EW){1'b0}}, v_x[FP_W-2:FP_MW]};
        if (v_e == 0)
            v_e = 1;
        fp_lsb_exp = $signed(v_e) - FP_EBIAS - FP_EFRAC;
    end
endfunction

function [FP_P-1:0] fp_sig(input [FP_W-1:0] v_x);
    fp_sig = {|v_x[FP_W-2:FP_MW], v_x[FP_MW-1:0]};
endfunction

// a*b+c (op FMA), a+b (op ADD) or a*b (op MUL), with the exact result rounded
// once; .FTZ flushes the inputs (the output flush is fp_finish's). NaN
// results are the canonical QNAN.
function [FP_W-1:0] fp_fma(input [FP_W-1:0] v_a_in, input [FP_W-1:0] v_b_in, input [FP_W-1:0] v_c_in,
                           input [1:0] v_op, input [1:0] v_rnd, input v_ftz);
    reg [FP_W-1:0] v_a, v_b, v_c;
    reg v_has_c, v_ps, v_cs, v_sx, v_sy, v_sign, v_p_zero, v_p_inf, v_c_zero;
    reg [2*FP_P-1:0] v_prod;
    reg [7:0] v_lzp, v_lzs;
    reg [FP_SW-1:0] v_pw, v_cw, v_xw, v_yw, v_sum;
    reg [FP_SW:0] v_diff;
    reg signed [FP_XW-1:0] v_lp, v_lc, v_lx, v_d;
    reg [FP_W-1:0] v_rounded;
    begin
        v_a = fp_flush_if(v_a_in, v_ftz);
        v_b = (v_op == FP_OP_ADD) ? FP_ONE : fp_flush_if(v_b_in, v_ftz);
        v_c = (v_op == FP_OP_ADD) ? fp_flush_if(v_b_in, v_ftz) : fp_flush_if(v_c_in, v_ftz);
        v_has_c = v_op != FP_OP_MUL;
        v_ps = v_a[FP_W-1] ^ v_b[FP_W-1];
        v_cs = v_c[FP_W-1];
        v_p_zero = fp_is_zero(v_a) || fp_is_zero(v_b);
        v_p_inf = fp_is_inf(v_a) || fp_is_inf(v_b);
        v_c_zero = !v_has_c || fp_is_zero(v_c);
        // exact product, its leading bit placed at FP_T
        v_prod = fp_sig(v_a) * fp_sig(v_b);
        {v_lzp, v_pw} = fp_norm({2'b00, v_prod});
        v_pw = v_pw >> 1;
        v_lp = fp_lsb_exp(v_a) + fp_lsb_exp(v_b) + FP_EP2 - ($signed({{(FP_XW - 8){1'b0}}, v_lzp}) - 2);
        // the addend, its leading bit placed at FP_T
        {v_lzs, v_cw} = fp_norm({fp_sig(v_c), {(FP_P + 2){1'b0}}});
        v_cw = v_cw >> 1;
        v_lc = fp_lsb_exp(v_c) + FP_EP1 - $signed({{(FP_XW - 8){1'b0}}, v_lzs});
        // the larger-exponent term x, the other y shifted to it (sticky)
        v_d = v_lp - v_lc;
        v_lx = v_lp;
        v_xw = v_pw;
        v_yw = v_cw;
        v_sx = v_ps;
        v_sy = v_cs;
        if (v_c_zero) begin
            v_yw = {FP_SW{1'b0}};
            v_sy = v_ps;
        end else if (v_d[FP_XW-1]) begin
            v_d = -v_d;
            v_lx = v_lc;
            v_xw = v_cw;
            v_yw = v_pw;
            v_sx = v_cs;
            v_sy = v_ps;
        end
        v_yw = fp_shr_sticky(v_yw, v_c_zero ? {FP_XW{1'b0}} : v_d);
        // x + y or x - y, as a magnitude and a sign
        v_diff = {1'b0, v_xw} + ((v_sx == v_sy) ? {1'b0, v_yw} : -{1'b0, v_yw});
        v_sign = v_sx;
        v_sum = v_diff[FP_SW-1:0];
        if (v_sx != v_sy && v_diff[FP_SW]) begin
            v_sum = -v_diff[FP_SW-1:0];
            v_sign = v_sy;
        end
        v_rounded = fp_round(v_sign, v_sum, v_lx - FP_ET, v_rnd);
        if (fp_is_nan(v_a) || fp_is_nan(v_b) || (v_has_c && fp_is_nan(v_c)))
            fp_fma = FP_QNAN;
        else if (v_p_inf && v_p_zero)
            fp_fma = FP_QNAN;                    // 0 * Inf
        else if (v_p_inf && v_has_c && fp_is_inf(v_c) && v_cs != v_ps)
            fp_fma = FP_QNAN;                    // Inf - Inf
        else if (v_p_inf)
            fp_fma = FP_INF | (v_ps ? FP_SIGN : {FP_W{1'b0}});
        else if (v_has_c && fp_is_inf(v_c))
            fp_fma = v_c;
        else if (v_p_zero && v_c_zero)           // zero sum of zero terms
            fp_fma = (!v_has_c || v_ps == v_cs) ? (v_ps ? FP_SIGN : {FP_W{1'b0}})
                                                : ((v_rnd == FP_RM) ? FP_SIGN : {FP_W{1'b0}});
        else if (v_p_zero)
            fp_fma = v_c;                        // exact already
        else if (v_sum == 0)                     // exact cancellation
            fp_fma = (v_rnd == FP_RM) ? FP_SIGN : {FP_W{1'b0}};
        else
            fp_fma = v_rounded;
    end
endfunction

// A signed integer ordering non-NaN patterns like their values (both zeros 0).
function signed [FP_W:0] fp_key(input [FP_W-1:0] v_x);
    reg signed [FP_W:0] v_m;
    begin
        v_m = $signed({2'b00, v_x[FP_W-2:0]});
        fp_key = v_x[FP_W-1] ? -v_m : v_m;
    end
endfunction

// IEEE comparison; ordered ops are false, unordered ones true on a NaN.
function fp_compare(input [FP_W-1:0] v_a_in, input [FP_W-1:0] v_b_in, input [3:0] v_cmp, input v_ftz);
    reg [FP_W-1:0] v_a, v_b;
    reg v_un, v_lt, v_eq, v_gt;
    begin
        v_a = fp_flush_if(v_a_in, v_ftz);
        v_b = fp_flush_if(v_b_in, v_ftz);
        v_un = fp_is_nan(v_a) || fp_is_nan(v_b);
        v_lt = fp_key(v_a) < fp_key(v_b);
        v_eq = fp_key(v_a) == fp_key(v_b);
        v_gt = !v_lt && !v_eq;
        case (v_cmp)
            4'd0: fp_compare = !v_un && v_eq;
            4'd1: fp_compare = !v_un && !v_eq;
            4'd2: fp_compare = !v_un && v_lt;
            4'd3: fp_compare = !v_un && !v_gt;
            4'd4: fp_compare = !v_un && v_gt;
            4'd5: fp_compare = !v_un && !v_lt;
            4'd6: fp_compare = v_un || v_eq;
            4'd7: fp_compare = v_un || !v_eq;
            4'd8: fp_compare = v_un || v_lt;
            4'd9: fp_compare = v_un || !v_gt;
            4'd10: fp_compare = v_un || v_gt;
            4'd11: fp_compare = v_un || !v_lt;
            4'd12: fp_compare = v_un;
            4'd13: fp_compare = !v_un;
            default: fp_compare = 1'b0;
        endcase
    end
endfunction

// The smaller (minimum) or larger input's bits after the optional flush, with
// -0.0 < +0.0. With nan_wins any NaN gives QNAN; otherwise a single NaN is
// ignored and two give QNAN.
function [FP_W-1:0] fp_minmax(input [FP_W-1:0] v_a_in, input [FP_W-1:0] v_b_in, input v_minimum,
                              input v_nan_wins, input v_ftz);
    reg [FP_W-1:0] v_a, v_b;
    reg v_an, v_bn, v_a_less;
    begin
        v_a = fp_flush_if(v_a_in, v_ftz);
        v_b = fp_flush_if(v_b_in, v_ftz);
        v_an = fp_is_nan(v_a);
        v_bn = fp_is_nan(v_b);
        v_a_less = (fp_key(v_a) < fp_key(v_b)) ||
                 (fp_key(v_a) == fp_key(v_b) && v_a[FP_W-1] && !v_b[FP_W-1]);
        if (v_an || v_bn)
            fp_minmax = (v_nan_wins || (v_an && v_bn)) ? FP_QNAN : (v_an ? v_b : v_a);
        else
            fp_minmax = (v_minimum == v_a_less) ? v_a : v_b;
    end
endfunction

// (t lop p): 0 AND, 1 OR, 2 XOR (3: false).
function fp_lop(input v_t, input v_p, input [1:0] v_lop);
    case (v_lop)
        2'd0: fp_lop = v_t && v_p;
        2'd1: fp_lop = v_t || v_p;
        2'd2: fp_lop = v_t ^ v_p;
        default: fp_lop = 1'b0;
    endcase
endfunction
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on UNUSEDPARAM */
