// yosys_synth.sh's own tests: a Yosys warning (an implicitly declared net)
// fails the flow.
module bad_warning (
    input  wire       clk,
    input  wire       we,
    input  wire [3:0] wa, ra,
    input  wire [7:0] wd,
    output wire [7:0] q
);
    assign implicit = we;
    ram_ok_sub u_s (.clk(clk), .we(implicit), .wa(wa), .ra(ra), .wd(wd), .q(q));
endmodule
