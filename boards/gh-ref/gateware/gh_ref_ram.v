// gh-ref RAM: the soft core's data, bss and stack, in block RAM on the
// shared bus, byte-writable.
module gh_ref_ram #(
    parameter integer WORDS = 4096
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
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = ^wb_adr[29:AW]; // the bus decodes the region
    /* verilator lint_on UNUSEDSIGNAL */
    wire [AW-1:0] at = wb_adr[AW-1:0];
    integer b;
    always @(posedge clk) begin
        wb_ack <= wb_stb && !wb_ack;
        wb_dat_r <= mem[at];
        if (wb_stb && wb_we && !wb_ack)
            for (b = 0; b < 4; b = b + 1)
                if (wb_sel[b]) mem[at][b*8 +: 8] <= wb_dat_w[b*8 +: 8];
    end
endmodule
