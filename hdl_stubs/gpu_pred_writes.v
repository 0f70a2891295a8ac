// gpu_pred_writes: a compare's two results (FSETP, HSETP2: pu and pv, a
// lane mask each) into the predicate writes of the slot interface (pw_m:
// the lanes written of P0..P6, 32 bits each; pw_v: their values). pv wins
// when both name one predicate, as in the model; PT (7) is no predicate.
// Combinational over the unit's registers only: a simulator evaluates it
// when the unit's (gated) clock ticks.
module gpu_pred_writes (
    input  wire         en,                // the instruction writes predicates
    input  wire [2:0]   iu, iv,            // pu's and pv's predicate
    input  wire [31:0]  lanes,             // the executing lanes
    input  wire [31:0]  u, v,              // pu, pv per lane
    output reg  [223:0] pw_m, pw_v
);
    always @(*) begin : writes
        integer k;
        pw_m = 224'd0; pw_v = 224'd0;
        if (en)
            for (k = 0; k < 7; k = k + 1) begin
                if (iu == k[2:0]) begin pw_m[32 * k +: 32] = lanes; pw_v[32 * k +: 32] = u; end
                if (iv == k[2:0]) begin pw_m[32 * k +: 32] = lanes; pw_v[32 * k +: 32] = v; end
            end
    end
endmodule
