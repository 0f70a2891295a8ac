// gpu_pregs: the per-warp predicates (P0..P6, a 32-lane mask each), uniform
// registers (UR0..UR62) and uniform predicates (UP0..UP6). Reads are
// combinational: the current warp's predicates (PT not stored: reads true)
// and two uniform-register pairs (SrcB's and SrcC's: a register and the
// next; URZ reads 0). Writes come from the retire stage (a PRED, UR or UPRED
// beat taken), the backdoor, and the reset sweep (one entry of each array a
// cycle).
// The uniform registers are two RAMs (even and odd numbers), each written
// through one port and read through two (a pair has one register in each):
// LUT RAM on an FPGA, where a read port is a copy of the RAM. The writers
// never meet (the sweep before anything runs, the retire stage while an
// instruction retires, the backdoor while the core is idle), and the
// backdoor reads through SrcB's pair: it is served only while the core is
// idle, when decode reads nothing.
module gpu_pregs #(
    parameter integer WB = 2                  // warp index bits
) (
    input  wire          clk,
    input  wire [WB-1:0] warp,                // the instruction's warp
    output wire [223:0]  pred,                // its P0..P6
    output wire [6:0]    upred,
    input  wire [5:0]    ur_b, ur_c,          // the pairs read: ur_b and the next (q0, q1), ur_c (q2, q3)
    output wire [31:0]   ur_q0, ur_q1, ur_q2, ur_q3,
    // the reset sweep
    input  wire          clr,
    input  wire [WB+8:0] clr_cnt,
    // retire-stage writes
    input  wire          pred_we,
    input  wire [2:0]    pred_i,
    input  wire [31:0]   pred_m, pred_v,      // lanes written, values
    input  wire          ur_we,
    input  wire [5:0]    ur_i,
    input  wire [31:0]   ur_v,
    input  wire          up_we,
    input  wire [2:0]    up_i,
    input  wire          up_v,
    // backdoor (bd_q valid while bd_go: the request is served)
    input  wire          bd_go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire          bd_req,              // (bd_go implies it)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire          bd_we,
    input  wire [3:0]    bd_space,
    input  wire [WB-1:0] bd_warp,
    input  wire [7:0]    bd_index,
    input  wire [31:0]   bd_wdata,
    output reg  [31:0]   bd_q
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_port.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer NWP = 1 << WB;

    reg [6:0]  upred_r [0:NWP-1];
    reg [31:0] ur_even [0:NWP*32-1];         // UR2k of warp w at {w, k}
    reg [31:0] ur_odd  [0:NWP*32-1];         // UR2k+1

    // the predicates: a RAM per predicate (one write an edge: the lanes a
    // retire-stage write leaves keep the value read), read at the warp and
    // at the backdoor's warp
    reg            pr_wr;
    reg [2:0]      pr_wi;
    reg [WB-1:0]   pr_ww;
    reg [31:0]     pr_wd;
    reg [31:0]     pred_old;                  // the retire stage's predicate, before the write
    reg [31:0]     bd_pred;
    wire [32*7-1:0] bd_preds;
    always @(*) begin
        pred_old = 32'd0; bd_pred = 32'hFFFFFFFF;
        if (pred_i != 3'd7) pred_old = pred[32 * pred_i +: 32];
        if (bd_index < 8'd7) bd_pred = bd_preds[32 * bd_index[2:0] +: 32];
        pr_wr = 1'b1; pr_wi = pred_i; pr_ww = warp; pr_wd = (pred_old & ~pred_m) | (pred_v & pred_m);
        if (bd_go && bd_we && bd_space == BD_PRED) begin
            pr_wr = bd_index < 8'd7; pr_wi = bd_index[2:0]; pr_ww = bd_warp; pr_wd = bd_wdata;
        end else if (!pred_we) begin
            pr_wr = clr && ~|clr_cnt[WB+8:WB+3]; pr_wi = clr_cnt[2:0]; pr_ww = clr_cnt[WB+2:3]; pr_wd = 32'd0;
        end
    end
    genvar k;
    generate
        for (k = 0; k < 7; k = k + 1) begin : pk
            reg [31:0] r [0:NWP-1];
            always @(posedge clk) if (pr_wr && pr_wi == k) r[pr_ww] <= pr_wd;
            assign pred[32 * k +: 32] = r[warp];
            assign bd_preds[32 * k +: 32] = r[bd_warp];
        end
    endgenerate
    assign upred = upred_r[warp];

    // a pair at u: u and u+1 (6 bits: URZ's next is UR0), one even, one odd
    wire [WB-1:0] b_warp = bd_go ? bd_warp : warp;
    wire [5:0]    b_u = bd_go ? bd_index[5:0] : ur_b;
    wire [4:0]    b_even_row = b_u[5:1] + {4'd0, b_u[0]};
    wire [4:0]    c_even_row = ur_c[5:1] + {4'd0, ur_c[0]};
    wire [31:0]   b_even = ur_even[{b_warp, b_even_row}], b_odd = ur_odd[{b_warp, b_u[5:1]}];
    wire [31:0]   c_even = ur_even[{warp, c_even_row}], c_odd = ur_odd[{warp, ur_c[5:1]}];
    assign ur_q0 = (b_u == 6'd63) ? 32'd0 : b_u[0] ? b_odd : b_even;
    assign ur_q1 = (b_u == 6'd62) ? 32'd0 : b_u[0] ? b_even : b_odd;
    assign ur_q2 = (ur_c == 6'd63) ? 32'd0 : ur_c[0] ? c_odd : c_even;
    assign ur_q3 = (ur_c == 6'd62) ? 32'd0 : ur_c[0] ? c_even : c_odd;

    always @(*) begin
        bd_q = 32'd0;
        if (bd_go)
            case (bd_space)
            BD_PRED:  bd_q = bd_pred;
            BD_UR:    bd_q = (bd_index >= 8'd63) ? 32'd0 : ur_q0;
            BD_UPRED: bd_q = {25'd0, upred_r[bd_warp]};
            default:  bd_q = 32'd0;
            endcase
    end

    // the uniform registers' one write an edge
    reg            ur_wr;
    reg [WB+5:0]   ur_wa;                     // {warp, register}
    reg [31:0]     ur_wd;
    always @(*) begin
        ur_wr = 1'b1; ur_wa = {warp, ur_i}; ur_wd = ur_v;
        if (bd_go && bd_we && bd_space == BD_UR) begin
            ur_wr = bd_index < 8'd63; ur_wa = {bd_warp, bd_index[5:0]}; ur_wd = bd_wdata;
        end else if (!ur_we) begin
            ur_wr = clr && ~|clr_cnt[WB+8:WB+6]; ur_wa = clr_cnt[WB+5:0]; ur_wd = 32'd0;
        end
    end
    always @(posedge clk) begin
        if (ur_wr && !ur_wa[0]) ur_even[{ur_wa[WB+5:6], ur_wa[5:1]}] <= ur_wd;
        if (ur_wr && ur_wa[0]) ur_odd[{ur_wa[WB+5:6], ur_wa[5:1]}] <= ur_wd;
    end

    always @(posedge clk) begin
        // one entry a cycle (a loop would not unroll for large CAP_WARPS)
        if (clr && ~|clr_cnt[WB+8:WB]) upred_r[clr_cnt[WB-1:0]] <= 7'd0;
        if (up_we) upred_r[warp][up_i] <= up_v;
        if (bd_go && bd_we && bd_space == BD_UPRED) upred_r[bd_warp] <= bd_wdata[6:0];
    end
endmodule
