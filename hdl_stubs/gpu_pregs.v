// gpu_pregs: the per-warp predicates (P0..P6, a 32-lane mask each), uniform
// registers (UR0..UR62) and uniform predicates (UP0..UP6). Reads are
// combinational: the current warp's predicates (PT not stored: reads true)
// and four uniform-register read ports (URZ reads 0). Writes come from the
// retire stage (a PRED, UR or UPRED beat taken), the backdoor, and the reset
// sweep (one entry of each array a cycle).
module gpu_pregs #(
    parameter integer WB = 2                  // warp index bits
) (
    input  wire          clk,
    input  wire [WB-1:0] warp,                // the instruction's warp
    output reg  [223:0]  pred,                // its P0..P6
    output wire [6:0]    upred,
    input  wire [5:0]    ur_a0, ur_a1, ur_a2, ur_a3,
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
    // backdoor
    input  wire          bd_go,
    input  wire          bd_req,
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

    reg [31:0] pred_r [0:NWP*8-1];
    reg [31:0] ur_r [0:NWP*64-1];
    reg [6:0]  upred_r [0:NWP-1];

    always @(*) begin : cur
        integer k;
        for (k = 0; k < 7; k = k + 1) pred[32 * k +: 32] = pred_r[{warp, k[2:0]}];
    end
    assign upred = upred_r[warp];
    assign ur_q0 = (ur_a0 == 6'd63) ? 32'd0 : ur_r[{warp, ur_a0}];
    assign ur_q1 = (ur_a1 == 6'd63) ? 32'd0 : ur_r[{warp, ur_a1}];
    assign ur_q2 = (ur_a2 == 6'd63) ? 32'd0 : ur_r[{warp, ur_a2}];
    assign ur_q3 = (ur_a3 == 6'd63) ? 32'd0 : ur_r[{warp, ur_a3}];

    always @(*) begin
        bd_q = 32'd0;
        if (bd_req)
            case (bd_space)
            BD_PRED:  bd_q = (bd_index >= 8'd7) ? 32'hFFFFFFFF : pred_r[{bd_warp, bd_index[2:0]}];
            BD_UR:    bd_q = (bd_index >= 8'd63) ? 32'd0 : ur_r[{bd_warp, bd_index[5:0]}];
            BD_UPRED: bd_q = {25'd0, upred_r[bd_warp]};
            default:  bd_q = 32'd0;
            endcase
    end

    always @(posedge clk) begin
        if (clr) begin
            // one entry of each array a cycle (a loop would not unroll for large CAP_WARPS)
            if (~|clr_cnt[WB+8:WB+3]) pred_r[clr_cnt[WB+2:0]] <= 32'd0;
            if (~|clr_cnt[WB+8:WB+6]) ur_r[clr_cnt[WB+5:0]] <= 32'd0;
            if (~|clr_cnt[WB+8:WB]) upred_r[clr_cnt[WB-1:0]] <= 7'd0;
        end
        if (pred_we) pred_r[{warp, pred_i}] <= (pred_r[{warp, pred_i}] & ~pred_m) | (pred_v & pred_m);
        if (ur_we) ur_r[{warp, ur_i}] <= ur_v;
        if (up_we) upred_r[warp][up_i] <= up_v;
        if (bd_go && bd_we)
            case (bd_space)
            BD_PRED:  if (bd_index < 8'd7) pred_r[{bd_warp, bd_index[2:0]}] <= bd_wdata;
            BD_UR:    if (bd_index < 8'd63) ur_r[{bd_warp, bd_index[5:0]}] <= bd_wdata;
            BD_UPRED: upred_r[bd_warp] <= bd_wdata[6:0];
            default: ;
            endcase
    end
endmodule
