// gpu_seq: the instruction sequencer. One warp-instruction at a time:
//   IDLE  (a step edge, or run) the scheduler picks a warp and gpu_lanes its
//         lowest-PC lanes, in the same edge
//   FETCH the instruction word read (or the fetch trap taken), once
//         gpu_lanes has the warp's PC (its search ahead of the pick: PHYS_LANES < 32)
//   DEC   decoded; the first source rows read (BSYNC: a cycle more for
//         each stack entry looked at past the first)
//   CONST the constant operand's words (c[bank][offset]), if any
//   READ  further rows of wide sources (pairs, STG's data)
//   EXEC  the unit computes (one edge, or until it is no longer busy)
//   RETIRE the retire stage presents the record; its END beat ends it
// An ALU instruction takes IDLE, FETCH, DEC, EXEC and three beats (HEAD,
// GPR_ROW, END), i.e. 6 cycles from the step edge. Also: the reset sweep
// (CLR), launches (taken in IDLE before a backdoor request), step and run,
// the halt after a trap or UNIMPLEMENTED, the retire count, the round-robin
// pointer. Port contract: docs/port-contract.md.
module gpu_seq #(
    parameter integer NW = 4,
    parameter integer WB = 2
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          run,
    input  wire          step,
    input  wire          launch,
    input  wire [6:0]    launch_warps,
    input  wire [63:0]   launch_entry,
    output reg  [3:0]    state,
    output reg  [WB+8:0] clr_cnt,
    output wire          l_go,               // a launch, at this edge
    output wire [6:0]    l_warps,            // ... of this many warps (1..NW)
    output wire [63:0]   l_entry,
    output reg           launched,
    output reg  [6:0]    nwarps,
    output reg  [63:0]   retired,            // since the launch
    // the backdoor goes first when a request is served
    input  wire          bd_hold,            // the backdoor is serving (or will this edge)
    output wire          launching,          // a launch goes ahead of the backdoor at this edge
    // pick
    output reg  [6:0]    next_warp,
    input  wire          pick_ok, dead,
    input  wire [6:0]    pick_w, dead_w,
    input  wire          all_exited,
    output wire          pick,
    output wire [WB-1:0] pick_warp,
    output reg  [6:0]    cw,
    input  wire [7:0]    fetch_trap,
    input  wire          pick_wait,          // gpu_lanes has not loaded the picked warp's PC yet: FETCH waits
    output reg           insn_valid,         // the word was fetched (HEAD shows it; 0 after a fetch trap)
    // decode, operands, execution
    input  wire [7:0]    chk,
    input  wire          dec_wait,           // decode's answer is not ready: DEC again
    input  wire          unimpl_now, needs_const,
    input  wire [2:0]    reads,
    output wire          cgo,
    input  wire          cbusy,
    output wire          cdone,
    input  wire          multi,
    input  wire          unit_busy,
    input  wire [7:0]    unit_trap,          // from the memory port (constants, loads, STG checks)
    output wire          go,
    output reg  [7:0]    trap,
    // retire
    input  wire          unimpl,
    input  wire          end_taken, end_trap,
    output wire          tick,               // the warp's clock advances
    // backdoor: CORE space (retire count, round-robin pointer, halted, warps)
    input  wire          bd_go,
    input  wire          bd_req,
    input  wire          bd_we,
    input  wire [3:0]    bd_space,
    input  wire [7:0]    bd_index,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [31:0]   bd_wdata,           // (NEXT_WARP: bits 6..0)
    /* verilator lint_on UNUSEDSIGNAL */
    output reg  [31:0]   bd_q
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_core_defs.vh"
    `include "gpu_port.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer ROWS = (1 << WB) * 256;   // the sweep: a GPR row a cycle

    reg        halt, step_q, launch_q, step_pend, lp_pend, started;
    reg [6:0]  lp_warps;
    reg [63:0] lp_entry;
    reg [2:0]  reads_left;

    wire step_edge = step && !step_q && !run;
    wire launch_edge = launch && !launch_q;
    wire [6:0] lw = lp_pend ? lp_warps : launch_warps;
    assign launching = state == S_IDLE && (launch_edge || lp_pend);
    assign l_go = launching;
    assign l_warps = (lw == 7'd0) ? 7'd1 : (lw > NW[6:0]) ? NW[6:0] : lw;
    assign l_entry = lp_pend ? lp_entry : launch_entry;
    wire want = launched && !all_exited && ((run && !halt) || step_pend || step_edge);
    assign pick = state == S_IDLE && !launching && !bd_hold && want && (pick_ok || dead);
    assign pick_warp = pick_ok ? pick_w[WB-1:0] : dead_w[WB-1:0];
    assign cgo = state == S_CONST && !started;
    assign cdone = state == S_CONST && started && !cbusy && unit_trap == 8'd0;
    assign go = state == S_EXEC && !started;
    assign tick = end_taken && !end_trap;

    always @(*) begin
        bd_q = 32'd0;
        if (bd_req && bd_space == BD_CORE)
            case (bd_index)
            CORE_RETIRED:   bd_q = retired[31:0];
            CORE_NEXT_WARP: bd_q = {25'd0, next_warp};
            CORE_HALTED:    bd_q = {31'd0, halt};
            CORE_WARPS:     bd_q = {25'd0, nwarps};
            default:        bd_q = 32'd0;
            endcase
    end

    always @(posedge clk) begin
        step_q <= step; launch_q <= launch;
        // a step edge is remembered until an instruction is picked; a launch until the core is idle
        if (step_edge) step_pend <= 1'b1;
        if (launch_edge && !(state == S_IDLE && !lp_pend)) begin
            lp_pend <= 1'b1; lp_warps <= launch_warps; lp_entry <= launch_entry;
        end
        if (!rst_n) begin
            state <= S_CLR; clr_cnt <= 0;
            launched <= 1'b0; halt <= 1'b0; step_pend <= 1'b0; lp_pend <= 1'b0; lp_warps <= 7'd1; lp_entry <= 64'd0;
            nwarps <= 7'd1; next_warp <= 7'd0; retired <= 64'd0; cw <= 7'd0; trap <= 8'd0; insn_valid <= 1'b0;
            started <= 1'b0; reads_left <= 3'd0;
        end else begin
            case (state)
            S_CLR: begin
                clr_cnt <= clr_cnt + 1'b1;
                if (clr_cnt == ROWS[WB+8:0] - 1'b1) state <= S_IDLE;
            end
            S_IDLE: begin
                if (!run) halt <= 1'b0;
                if (launching) begin
                    lp_pend <= 1'b0;
                    launched <= 1'b1; halt <= 1'b0; step_pend <= 1'b0;
                    nwarps <= l_warps;
                    next_warp <= 7'd0; retired <= 64'd0;
                end else if (!bd_hold && want) begin
                    step_pend <= 1'b0;
                    if (pick_ok || dead) begin
                        cw <= pick_ok ? pick_w : dead_w; trap <= 8'd0; insn_valid <= 1'b0;
                        state <= S_FETCH;
                    end
                end else if ((step_pend || step_edge) && (!launched || all_exited)) step_pend <= 1'b0;
            end
            S_FETCH: if (pick_wait) state <= S_FETCH;
                     else if (fetch_trap != 8'd0) begin trap <= fetch_trap; state <= S_RETIRE; end
                     else begin insn_valid <= 1'b1; state <= S_DEC; end
            S_DEC: begin
                started <= 1'b0; reads_left <= reads - 3'd1;
                if (dec_wait) state <= S_DEC;
                else if (chk != 8'd0) begin trap <= chk; state <= S_RETIRE; end
                else if (unimpl_now) state <= S_RETIRE;
                else if (needs_const) state <= S_CONST;
                else if (reads > 3'd1) state <= S_READ;
                else state <= S_EXEC;
            end
            S_CONST: begin
                started <= 1'b1;
                if (started && !cbusy) begin
                    started <= 1'b0;
                    if (unit_trap != 8'd0) begin trap <= unit_trap; state <= S_RETIRE; end
                    else state <= (reads_left != 3'd0) ? S_READ : S_EXEC;
                end
            end
            S_READ: begin
                reads_left <= reads_left - 3'd1;
                if (reads_left == 3'd1) state <= S_EXEC;
            end
            S_EXEC: begin
                started <= 1'b1;
                if (!started ? !multi : !unit_busy) begin
                    started <= 1'b0;
                    if (started && unit_trap != 8'd0) trap <= unit_trap;
                    state <= S_RETIRE;
                end
            end
            S_RETIRE: if (end_taken) begin
                if (!end_trap) begin
                    retired <= retired + 64'd1;
                    next_warp <= (cw + 7'd1 >= nwarps) ? 7'd0 : cw + 7'd1;
                end
                if (end_trap || unimpl) halt <= 1'b1;
                state <= S_IDLE;
            end
            default: state <= S_IDLE;
            endcase
            if (bd_go && bd_we && bd_space == BD_CORE && bd_index == CORE_NEXT_WARP) next_warp <= bd_wdata[6:0];
        end
    end
endmodule
