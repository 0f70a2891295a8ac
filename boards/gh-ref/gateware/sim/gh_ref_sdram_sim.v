// A stand-in for the board's SDRAM and its controller, for simulation only:
// 32 MiB of zeroed memory on the SoC's SDRAM port (Wishbone classic), each
// access answered LATENCY cycles after its strobe (a DRAM controller's
// typical random access at 50 MHz: its row opens and closes are not
// modelled). The bitstream's controller (LiteDRAM) takes this place.
module gh_ref_sdram_sim #(
    parameter integer WORDS = 8388608,
    parameter integer LATENCY = 4
) (
    input  wire        clk,
    input  wire        wb_stb,
    input  wire        wb_we,
    input  wire [29:0] wb_adr,
    input  wire [31:0] wb_dat_w,
    input  wire [3:0]  wb_sel,
    output reg         wb_ack,
    output reg  [31:0] wb_dat_r
);
    localparam integer AW = $clog2(WORDS);
    reg [31:0] mem [0:WORDS-1];
    reg [7:0]  wait_left;
    wire [AW-1:0] at = wb_adr[AW-1:0];
    integer b;
    always @(posedge clk) begin
        wb_ack <= 1'b0;
        if (!wb_stb || wb_ack) begin
            wait_left <= LATENCY[7:0];
        end else if (wait_left > 8'd1) begin
            wait_left <= wait_left - 8'd1;
        end else begin
            wb_ack <= 1'b1;
            wb_dat_r <= mem[at];
            if (wb_we)
                for (b = 0; b < 4; b = b + 1)
                    if (wb_sel[b]) mem[at][b*8 +: 8] <= wb_dat_w[b*8 +: 8];
        end
    end
endmodule
