// gpu_gpr: the general-purpose register file. One row per (warp, register)
// holds the register's 32 lanes (1024 bits), so a warp's operand is one read
// and a warp's result one write. Three read ports (A, B, C: an instruction's
// three sources in one cycle), registered: q_x holds the row addressed at the
// last edge where re_x was high. One write port with a lane mask, shared by
// the reset sweep (clears whole rows), the retire stage (a result row, or one
// lane of a fault's stray write) and the state backdoor (one lane), in that
// priority; the core never asks for two at once. A read and a write of the
// same row at one edge read the old value.
module gpu_gpr #(
    parameter integer AW = 10              // row address bits: warp bits + 8
) (
    input  wire          clk,
    input  wire          re_a, re_b, re_c,
    input  wire [AW-1:0] ra_a, ra_b, ra_c,
    output reg  [1023:0] q_a, q_b, q_c,
    // the reset sweep: row clr_row cleared
    input  wire          clr,
    input  wire [AW-1:0] clr_row,
    // the retire stage: the lanes of rt_mask of row rt_row
    input  wire          rt_we,
    input  wire [AW-1:0] rt_row,
    input  wire [31:0]   rt_mask,
    input  wire [1023:0] rt_data,
    // the backdoor: lane bd_lane of row bd_row
    input  wire          bd_we,
    input  wire [AW-1:0] bd_row,
    input  wire [4:0]    bd_lane,
    input  wire [31:0]   bd_data
);
    reg [1023:0] mem [0:(1 << AW) - 1];

    always @(posedge clk) begin
        if (re_a) q_a <= mem[ra_a];
        if (re_b) q_b <= mem[ra_b];
        if (re_c) q_c <= mem[ra_c];
    end

    // one write port: its address, lane mask and data chosen first
    always @(posedge clk) begin : write
        integer l;
        reg [AW-1:0] wa;
        reg [31:0]   wm;
        if (clr || rt_we || bd_we) begin
            wa = clr ? clr_row : rt_we ? rt_row : bd_row;
            wm = clr ? 32'hFFFFFFFF : rt_we ? rt_mask : (32'd1 << bd_lane);
            for (l = 0; l < 32; l = l + 1)
                if (wm[l]) mem[wa][32 * l +: 32] <= clr ? 32'd0 : rt_we ? rt_data[32 * l +: 32] : bd_data;
        end
    end
endmodule
