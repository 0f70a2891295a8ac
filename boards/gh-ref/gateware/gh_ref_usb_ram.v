// A packet buffer RAM: 32-bit words, byte write enables, one synchronous
// read port (the read register is the RAM's own, so it maps to block RAM).
module gh_ref_usb_ram #(
    parameter integer ADDR_W = 8
) (
    input  wire              clk,
    input  wire [3:0]        we,
    input  wire [ADDR_W-1:0] wr_addr,
    input  wire [31:0]       wr_data,
    input  wire [ADDR_W-1:0] rd_addr,
    output reg  [31:0]       rd_data
);
    reg [31:0] mem [0:(1 << ADDR_W) - 1];

    always @(posedge clk) begin : write_lanes
        integer lane;
        for (lane = 0; lane < 4; lane = lane + 1)
            if (we[lane])
                mem[wr_addr][8 * lane +: 8] <= wr_data[8 * lane +: 8];
    end

    always @(posedge clk)
        rd_data <= mem[rd_addr];
endmodule
