// gh-ref ROM: the firmware image, in block RAM with two read ports: one for
// the soft core's instruction bus (its own: instruction fetches never wait
// for the shared bus) and one on the shared bus (data loads, the DMA
// engine). Writes are ignored (the bus acks them).
//
// Contents: on the FPGA, $readmemh of INIT_FILE (words, made from the image
// by the bitstream flow); in simulation (GH_REF_SIM), the harness hands each
// word through gh_ref_rom_word(), from the ELF it was given, so the same
// image bytes run on the gateware as on the emulator.
module gh_ref_rom #(
    parameter integer WORDS = 8192,
    parameter INIT_FILE = ""
) (
    input  wire        clk,
    // the instruction bus (Wishbone registered feedback, read-only)
    input  wire        i_stb,
    input  wire [29:0] i_adr,
    input  wire [2:0]  i_cti,
    output wire        i_ack,
    output reg  [31:0] i_dat_r,
    // the shared bus
    input  wire        wb_stb,
    input  wire [29:0] wb_adr,
    output reg         wb_ack,
    output reg  [31:0] wb_dat_r
);
    localparam integer AW = $clog2(WORDS);
    reg [31:0] mem [0:WORDS-1];
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = ^{i_adr[29:AW], wb_adr[29:AW]}; // the bus decodes the region
    /* verilator lint_on UNUSEDSIGNAL */
`ifdef GH_REF_SIM
    import "DPI-C" function int gh_ref_rom_word(input int index);
    integer w;
    initial for (w = 0; w < WORDS; w = w + 1) mem[w] = gh_ref_rom_word(w);
    /* verilator lint_off UNUSEDPARAM */
    localparam IMAGE_FILE = INIT_FILE; // the bitstream's; the simulation takes the image from the harness
    /* verilator lint_on UNUSEDPARAM */
`else
    initial if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
`endif
    // An instruction-cache refill is an incrementing burst (CTI 3'b010 until
    // its last word): the next word is read while this one is acked, so a
    // line of 8 words takes 9 cycles, not 16.
    localparam [2:0] CTI_INCREMENTING = 3'b010;
    reg i_acked;
    wire burst_goes_on = i_acked && i_cti == CTI_INCREMENTING;
    assign i_ack = i_acked && i_stb;
    always @(posedge clk) begin
        i_acked <= i_stb && (!i_acked || i_cti == CTI_INCREMENTING);
        i_dat_r <= mem[burst_goes_on ? i_adr[AW-1:0] + 1'b1 : i_adr[AW-1:0]];
        wb_ack <= wb_stb && !wb_ack;
        wb_dat_r <= mem[wb_adr[AW-1:0]];
    end
endmodule
