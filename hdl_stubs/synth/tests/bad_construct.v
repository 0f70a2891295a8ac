// yosys_synth.sh's own tests: a construct Yosys does not synthesize (a
// `wait` statement) stops read_verilog.
module bad_construct (
    input  wire clk,
    input  wire d,
    output reg  q
);
    always @(posedge clk) begin
        wait (d);
        q <= d;
    end
endmodule
