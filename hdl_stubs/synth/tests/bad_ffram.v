// yosys_synth.sh's own tests: a register array cleared in one edge cannot be
// a RAM (Yosys makes flip-flops of it): `-m u_s.mem` must fail.
module bad_ffram (
    input  wire       clk,
    input  wire       clr,
    input  wire       we,
    input  wire [3:0] wa, ra,
    input  wire [7:0] wd,
    output wire [7:0] q
);
    bad_ffram_sub u_s (.clk(clk), .clr(clr), .we(we), .wa(wa), .ra(ra), .wd(wd), .q(q));
endmodule

module bad_ffram_sub (
    input  wire       clk,
    input  wire       clr,
    input  wire       we,
    input  wire [3:0] wa, ra,
    input  wire [7:0] wd,
    output reg  [7:0] q
);
    reg [7:0] mem [0:15];
    always @(posedge clk) begin : write
        integer i;
        if (clr) for (i = 0; i < 16; i = i + 1) mem[i] <= 8'd0;
        else if (we) mem[wa] <= wd;
        q <= mem[ra];
    end
endmodule
