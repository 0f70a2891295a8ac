// gpu_gpr: the general-purpose register file. One row per (warp, register)
// holds the register's 32 lanes (1024 bits), so a warp's operand is one read
// and a warp's result one write. Three read ports (A, B, C: an instruction's
// three sources in one cycle), registered: q_x holds the row addressed at the
// last edge where re_x was high. One write port with a lane mask, shared by
// the reset sweep (clears whole rows), the retire stage (a result row, or one
// lane of a fault's stray write) and the state backdoor (one lane), in that
// priority; the core never asks for two at once, nor reads while writing
// (a read at a writing edge is not done: its q_x holds).
//
// The write and read port A share one address (the write's when it writes),
// so that a block RAM's two ports hold three reads and the write in two
// copies of the memory, not three (ECP5 DP16KD, 1 Mbit a copy at CAP_WARPS
// 4: copy 1 read A with the write, and read B; copy 2 the write, and read
// C: 128 DP16KD, not 192).
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

    wire          we = clr || rt_we || bd_we;
    // port A's address: the write's when writing
    wire [AW-1:0] addr_a = !we ? ra_a : clr ? clr_row : rt_we ? rt_row : bd_row;

    // (the reads gated off while writing: Yosys then knows that a read
    // never meets a write, and builds no bypass for a collision)
    always @(posedge clk) begin
        if (re_a && !we) q_a <= mem[addr_a];
        if (re_b && !we) q_b <= mem[ra_b];
        if (re_c && !we) q_c <= mem[ra_c];
    end

    // one write port: its lane mask and data chosen first (no write: no lane)
    wire [31:0]   wm = !we ? 32'd0 : clr ? 32'hFFFFFFFF : rt_we ? rt_mask : (32'd1 << bd_lane);
    wire [1023:0] wd = clr ? 1024'd0 : rt_we ? rt_data : {32{bd_data}};
    always @(posedge clk) begin : write
        integer l;
        for (l = 0; l < 32; l = l + 1)
            if (wm[l]) mem[addr_a][32 * l +: 32] <= wd[32 * l +: 32];
    end
endmodule
