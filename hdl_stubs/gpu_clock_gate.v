// gpu_clock_gate: a unit's clock that runs only in the cycles the unit works
// (clock gating, as hardware does for idle units). `en` is sampled while clk
// is low (a negative-edge flop: no latch, no glitch), so gclk rises with clk
// exactly at the edges that follow a cycle with en high. A simulator runs
// nothing of the unit at the other edges. Hold en high during reset so that
// the unit's synchronous reset sees edges.
module gpu_clock_gate (
    input  wire clk,
    input  wire en,
    output wire gclk
);
    reg en_n;
    always @(negedge clk) en_n <= en;
    assign gclk = clk & en_n;
endmodule
