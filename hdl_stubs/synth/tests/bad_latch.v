// yosys_synth.sh's own tests: ram_ok with a latch beside it (must fail).
module bad_latch (
    input  wire       clk,
    input  wire       we,
    input  wire [3:0] wa, ra,
    input  wire [7:0] wd,
    output wire [7:0] q,
    output reg  [7:0] held
);
    ram_ok_sub u_s (.clk(clk), .we(we), .wa(wa), .ra(ra), .wd(wd), .q(q));
    always @(*) if (we) held = wd;
endmodule
