// gpu_unit_int_passes: the integer unit on LANES physical lanes (a divisor
// of 32 below 32), a warp in 32 / LANES passes, as gpu_unit_mufu shares
// MUFU: the board's FPGA holds a few lanes, not 32 (gpu_core PHYS_LANES).
// Same slot interface and results as gpu_unit_int with 32 lanes; only the
// cycles differ. The operand rows, predicates and the instruction word hold
// still through EXEC (the register file's ports and decode are not touched
// until the next instruction), so a pass reads its lanes' slice of them with
// no copy, through AND-OR multiplexers on a one-hot pass register (at one
// lane the wrapper maps to 3,543 LUT4; with a part-select at a binary pass
// index, 7,219). Pass j computes at the j-th edge from `go` (pass 0 at `go`) into
// the inner unit's registers, and its results enter the result rows from the
// top at the next edge (the row shifts down LANES lanes), so after PASSES
// edges lane l sits at l again. `busy` until the edge that collects the last.
module gpu_unit_int_passes #(
    parameter integer LANES = 4
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          go,
    input  wire [127:0]  ir,
    input  wire [31:0]   exec,
    input  wire [1023:0] a0, b0, b1, c0, c1,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [1023:0] a1,               // Ra+1: no integer instruction reads it
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire          b_gpr, c_gpr,
    input  wire [63:0]   ub, uc,
    input  wire          b_neg, b_bitnot, c_neg,
    input  wire [223:0]  pred,
    input  wire [6:0]    upred,
    output reg  [1023:0] d0, d1,
    output reg  [31:0]   m0, m1,
    output reg  [223:0]  pw_m, pw_v,
    output wire          busy
);
    localparam integer PASSES = 32 / LANES;
    localparam integer W = 32 * LANES;

    reg  [5:0] ph;                         // 0 idle; j: collect pass j-1 (and compute pass j if any)
    reg  [PASSES-1:0] pass;                // one-hot: the pass computed at this edge (pass 0 while idle)
    wire       run = go || (ph != 6'd0 && ph < PASSES[5:0]);
    assign busy = ph != 6'd0 && ph < PASSES[5:0];

    // a pass's slice of a row (W bits a pass) and of a lane mask (LANES):
    // each pass's group ANDed with its bit of `pass`, the groups ORed in a
    // balanced tree
    function automatic [W-1:0] row_slice(input [1023:0] row, input [PASSES-1:0] sel);
        reg [1023:0] t;
        integer i, half;
        begin
            for (i = 0; i < PASSES; i = i + 1) t[W * i +: W] = row[W * i +: W] & {W{sel[i]}};
            for (half = PASSES / 2; half > 0; half = half / 2)
                for (i = 0; i < half; i = i + 1) t[W * i +: W] = t[W * i +: W] | t[W * (i + half) +: W];
            row_slice = t[W-1:0];
        end
    endfunction
    function automatic [LANES-1:0] mask_slice(input [31:0] mask, input [PASSES-1:0] sel);
        reg [31:0] t;
        integer i, half;
        begin
            for (i = 0; i < PASSES; i = i + 1) t[LANES * i +: LANES] = mask[LANES * i +: LANES] & {LANES{sel[i]}};
            for (half = PASSES / 2; half > 0; half = half / 2)
                for (i = 0; i < half; i = i + 1) t[LANES * i +: LANES] = t[LANES * i +: LANES] | t[LANES * (i + half) +: LANES];
            mask_slice = t[LANES-1:0];
        end
    endfunction

    // the pass's slice of the operands and predicates (P0..P6, LANES lanes each)
    reg [7*LANES-1:0] pk;
    always @(*) begin : pslice
        integer p;
        for (p = 0; p < 7; p = p + 1) pk[LANES * p +: LANES] = mask_slice(pred[32 * p +: 32], pass);
    end
    wire [LANES-1:0] xk = mask_slice(exec, pass);
    wire [W-1:0] ak = row_slice(a0, pass), bk0 = row_slice(b0, pass), bk1 = row_slice(b1, pass);
    wire [W-1:0] ck0 = row_slice(c0, pass), ck1 = row_slice(c1, pass);

    wire [W-1:0]       ud0, ud1;
    wire [LANES-1:0]   um0, um1;
    wire [7*LANES-1:0] upw_m, upw_v;
    gpu_unit_int #(.LANES(LANES)) u_int (
        .clk(clk), .go(run), .ir(ir), .exec(xk),
        .a0(ak), .a1({W{1'b0}}), .b0(bk0), .b1(bk1),
        .c0(ck0), .c1(ck1), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc),
        .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg), .pred(pk), .upred(upred),
        .d0(ud0), .d1(ud1), .m0(um0), .m1(um1), .pw_m(upw_m), .pw_v(upw_v));

    always @(posedge clk) begin : collect
        integer p;
        if (!rst_n) pass <= {{(PASSES-1){1'b0}}, 1'b1};
        else if (run) pass <= {pass[PASSES-2:0], pass[PASSES-1]};   // back at pass 0 after the last
        if (!rst_n) ph <= 6'd0;
        else if (go) ph <= 6'd1;
        else if (ph != 6'd0) begin
            d0 <= {ud0, d0[1023:W]};
            d1 <= {ud1, d1[1023:W]};
            m0 <= {um0, m0[31:LANES]};
            m1 <= {um1, m1[31:LANES]};
            for (p = 0; p < 7; p = p + 1) begin
                pw_m[32 * p +: 32] <= {upw_m[LANES * p +: LANES], pw_m[32 * p + LANES +: 32 - LANES]};
                pw_v[32 * p +: 32] <= {upw_v[LANES * p +: LANES], pw_v[32 * p + LANES +: 32 - LANES]};
            end
            ph <= (ph == PASSES[5:0]) ? 6'd0 : ph + 6'd1;
        end
    end
endmodule
