// yosys_synth.sh's own tests: a clean design whose u_s.mem is a RAM, and a
// multiplier (a DSP cell in ECP5): the flows pass on it.
module ram_ok (
    input  wire       clk,
    input  wire       we,
    input  wire [3:0] wa, ra,
    input  wire [7:0] wd,
    output wire [7:0] q,
    output reg  [7:0] prod
);
    always @(posedge clk) prod <= wa * ra;
    ram_ok_sub u_s (.clk(clk), .we(we), .wa(wa), .ra(ra), .wd(wd), .q(q));
endmodule

module ram_ok_sub (
    input  wire       clk,
    input  wire       we,
    input  wire [3:0] wa, ra,
    input  wire [7:0] wd,
    output reg  [7:0] q
);
    reg [7:0] mem [0:15];
    always @(posedge clk) begin
        if (we) mem[wa] <= wd;
        q <= mem[ra];
    end
endmodule
