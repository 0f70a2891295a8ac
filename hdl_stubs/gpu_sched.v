// gpu_sched: the warp scheduler. Warps take turns round-robin, one
// warp-instruction each, starting at next_warp and skipping warps with no
// ready lane (all exited or waiting at a BSYNC); the first warp in that order
// with ready lanes is picked. With none, the first with waiting lanes is
// deadlocked (CONVERGENCE_DEADLOCK); with neither, nothing runs.
// Combinational, evaluated only while `en` (the core is about to pick).
module gpu_sched #(
    parameter integer NW = 4,                 // CAP_WARPS
    parameter integer WB = 2,                 // warp index bits
    parameter integer NWP = 1 << WB           // warps the state arrays hold
) (
    input  wire           en,
    input  wire [NWP-1:0] ready_w,            // warp has a ready lane
    input  wire [NWP-1:0] wait_w,             // warp has a lane waiting at a BSYNC
    input  wire [6:0]     next_warp,
    input  wire [6:0]     nwarps,
    output reg            pick_ok,
    output reg  [6:0]     pick_w,
    output reg            dead,
    output reg  [6:0]     dead_w
);
    always @(*) begin : pick
        integer i;
        reg [6:0] cand;
        pick_ok = 1'b0; pick_w = 7'd0; dead = 1'b0; dead_w = 7'd0; cand = 7'd0;
        i = 0;  // assigned on every path: no latch for Yosys's newer proc
        if (en)
            for (i = 0; i < NW; i = i + 1) begin
                cand = next_warp + i[6:0];
                if (cand >= nwarps) cand = cand - nwarps;
                if (i < nwarps && !pick_ok) begin
                    if (ready_w[cand[WB-1:0]]) begin
                        pick_ok = 1'b1; pick_w = cand;
                    end else if (wait_w[cand[WB-1:0]] && !dead) begin
                        dead = 1'b1; dead_w = cand;
                    end
                end
            end
        if (pick_ok) dead = 1'b0;
    end
endmodule
