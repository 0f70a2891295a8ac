// gpu_lanes: every lane's PC and status (ready, waiting at a BSYNC, exited)
// and every warp's clock, with the two things done over a warp's lanes:
//  - pick: the ready lanes of the chosen warp at the lowest PC (the active
//    mask) and the fetch checks (PC_OUT_OF_RANGE; CONVERGENCE_DEADLOCK when
//    the scheduler found only waiting lanes: the PC of the last waiting one);
//  - updates from the control-flow unit (gpu_ctrl): PCs (next, a jump, stay),
//    lanes exiting or starting to wait, a convergence region's release.
// Per warp it keeps summary bits for the scheduler (a ready lane, a waiting
// lane, a live lane). A launch sets every lane's PC to the entry by marking
// them "fresh" and every warp's clock to 0 by marking it "stale" (vectors,
// not CAP_WARPS*32 writes); the reset sweep clears one entry of each array a
// cycle. Each array has few write sites (a simulator pays for each, every
// cycle): a lane's PC is written at one place whatever moves it.
module gpu_lanes #(
    parameter integer NW = 4,
    parameter integer WB = 2
) (
    input  wire           clk,
    input  wire           rst_n,
    input  wire           clr,
    input  wire [WB+8:0]  clr_cnt,
    // launch
    input  wire           launch,
    input  wire [6:0]     l_warps,           // warps launched (clamped to 1..NW)
    input  wire [63:0]    l_entry,
    // pick
    input  wire           pick,
    input  wire [WB-1:0]  pick_w,
    input  wire           pick_dead,
    input  wire [16:0]    code_count,
    output reg  [63:0]    cpc,
    output reg  [31:0]    active,
    output reg  [7:0]     fetch_trap,        // 0, PC_OUT_OF_RANGE or CONVERGENCE_DEADLOCK
    output reg  [63:0]    clock,             // the warp's clock when picked
    // scheduler summaries
    output reg  [(1<<WB)-1:0] ready_w, wait_w,
    output wire           all_exited,        // every lane of every launched warp
    // the current warp, for the control-flow unit
    input  wire [WB-1:0]  cw,
    output wire [31:0]    exited, waiting,
    input  wire           upd,
    input  wire [31:0]    upd_next,          // PC = cpc + 16
    input  wire [31:0]    upd_jump,          // PC = jump_pc
    input  wire [63:0]    jump_pc,
    input  wire [31:0]    upd_stay,          // PC = cpc
    input  wire [31:0]    upd_exit, upd_wait,
    input  wire           rel,               // a region released: its lanes that wait go on at rel_pc
    input  wire [31:0]    rel_lanes,
    input  wire [63:0]    rel_pc,
    input  wire           tick,              // the current warp retired an instruction: its clock advances
    // backdoor
    input  wire           bd_go,
    input  wire           bd_req,
    input  wire           bd_we,
    input  wire [3:0]     bd_space,
    input  wire [WB-1:0]  bd_warp,
    input  wire [7:0]     bd_index,
    input  wire [4:0]     bd_lane,
    input  wire [31:0]    bd_wdata,
    output reg  [31:0]    bd_q
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_contract.vh"
    `include "gpu_port.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer NWP = 1 << WB;

    reg [63:0] lpc [0:NWP*32-1];
    reg [NWP*32-1:0] lpc_fresh;          // reads lpc_entry until written
    reg [63:0] lpc_entry;
    reg [NWP*32-1:0] st_wait, st_exit;   // warp w: bits 32w+31..32w
    reg [63:0] wclk [0:NWP-1];
    reg [NWP-1:0] wclk_stale;            // reads 0 until written
    reg [NWP-1:0] live_w, launched_w;

    assign exited = st_exit[32 * cw +: 32];
    assign waiting = st_wait[32 * cw +: 32];
    assign all_exited = (live_w & launched_w) == {NWP{1'b0}};

    wire [63:0] bd_lpc = lpc_fresh[{bd_warp, bd_lane}] ? lpc_entry : lpc[{bd_warp, bd_lane}];
    always @(*) begin
        bd_q = 32'd0;
        if (bd_req)
            case (bd_space)
            BD_PC_LO:  bd_q = bd_lpc[31:0];
            BD_PC_HI:  bd_q = bd_lpc[63:32];
            BD_STATUS: bd_q = {30'd0, st_exit[{bd_warp, bd_lane}] ? LANE_EXITED :
                                      st_wait[{bd_warp, bd_lane}] ? LANE_WAITING : LANE_READY};
            BD_CORE:   bd_q = wclk_stale[bd_warp] ? 32'd0 :
                              (bd_index == CORE_CLOCK_LO) ? wclk[bd_warp][31:0] :
                              (bd_index == CORE_CLOCK_HI) ? wclk[bd_warp][63:32] : 32'd0;
            default:   bd_q = 32'd0;
            endcase
    end

    always @(posedge clk) begin : update
        integer i;
        reg [WB-1:0] w;
        reg [31:0] wt, ex, m;
        reg [63:0] pc_i, min_pc, dead_pc, c;
        if (!rst_n) begin
            lpc_fresh <= {NWP*32{1'b0}}; lpc_entry <= 64'd0; wclk_stale <= {NWP{1'b0}};
            ready_w <= {NWP{1'b0}}; wait_w <= {NWP{1'b0}}; live_w <= {NWP{1'b0}};
            launched_w <= {{NWP-1{1'b0}}, 1'b1};
            fetch_trap <= 8'd0; active <= 32'd0; cpc <= 64'd0; clock <= 64'd0;
        end else begin
            if (clr) begin
                if (~|clr_cnt[WB+8:WB+5]) lpc[clr_cnt[WB+4:0]] <= 64'd0;
                if (~|clr_cnt[WB+8:WB]) begin
                    st_wait[32 * clr_cnt[WB-1:0] +: 32] <= 32'd0; st_exit[32 * clr_cnt[WB-1:0] +: 32] <= 32'hFFFFFFFF;
                    wclk[clr_cnt[WB-1:0]] <= 64'd0;
                end
            end
            if (launch) begin
                for (i = 0; i < NWP; i = i + 1) begin
                    ready_w[i] <= i < NW && i[6:0] < l_warps;
                    live_w[i] <= i < NW && i[6:0] < l_warps;
                    launched_w[i] <= i[6:0] < l_warps;
                    st_exit[32 * i +: 32] <= (i < NW && i[6:0] < l_warps) ? 32'd0 : 32'hFFFFFFFF;
                end
                st_wait <= {NWP*32{1'b0}}; wait_w <= {NWP{1'b0}};
                wclk_stale <= {NWP{1'b1}};
                lpc_fresh <= {NWP*32{1'b1}}; lpc_entry <= l_entry;
            end
            // pick: the lowest PC of the warp's ready lanes
            if (pick) begin
                min_pc = 64'hFFFFFFFFFFFFFFFF; m = 32'd0; dead_pc = 64'd0;
                for (i = 0; i < 32; i = i + 1) begin
                    pc_i = lpc_fresh[{pick_w, i[4:0]}] ? lpc_entry : lpc[{pick_w, i[4:0]}];
                    if (!st_wait[{pick_w, i[4:0]}] && !st_exit[{pick_w, i[4:0]}]) begin
                        if (pc_i < min_pc) begin min_pc = pc_i; m = 32'd1 << i; end
                        else if (pc_i == min_pc) m[i] = 1'b1;
                    end
                    if (st_wait[{pick_w, i[4:0]}]) dead_pc = pc_i;
                end
                clock <= wclk_stale[pick_w] ? 64'd0 : wclk[pick_w];
                if (pick_dead) begin
                    cpc <= dead_pc; active <= 32'd0; fetch_trap <= TRAP_CONVERGENCE_DEADLOCK;
                end else begin
                    cpc <= min_pc; active <= m;
                    fetch_trap <= (min_pc[3:0] != 4'd0 || min_pc[63:4] >= {43'd0, code_count})
                                  ? TRAP_PC_OUT_OF_RANGE : 8'd0;
                end
            end
            // control flow of the current warp: a lane's PC written at one place
            if (upd || rel) begin
                w = cw;
                wt = upd ? (st_wait[32 * w +: 32] | upd_wait) : (st_wait[32 * w +: 32] & ~rel_lanes);
                ex = upd ? (st_exit[32 * w +: 32] | upd_exit) : st_exit[32 * w +: 32];
                st_wait[32 * w +: 32] <= wt; st_exit[32 * w +: 32] <= ex;
                ready_w[w] <= (~wt & ~ex) != 32'd0; wait_w[w] <= wt != 32'd0; live_w[w] <= ex != 32'hFFFFFFFF;
                m = upd ? (upd_next | upd_jump | upd_stay) : (rel_lanes & st_wait[32 * w +: 32]);
                for (i = 0; i < 32; i = i + 1)
                    if (m[i]) lpc[{w, i[4:0]}] <= !upd ? rel_pc : upd_stay[i] ? cpc : upd_jump[i] ? jump_pc : cpc + 64'd16;
                lpc_fresh[{w, 5'd0} +: 32] <= lpc_fresh[{w, 5'd0} +: 32] & ~m;
            end
            if (tick) begin
                c = wclk_stale[cw] ? 64'd0 : wclk[cw];
                wclk[cw] <= c + 64'd1; wclk_stale[cw] <= 1'b0;
            end
            if (bd_go && bd_we) begin
                w = bd_warp;
                case (bd_space)
                BD_PC_LO: begin lpc[{w, bd_lane}] <= {bd_lpc[63:32], bd_wdata}; lpc_fresh[{w, bd_lane}] <= 1'b0; end
                BD_PC_HI: begin lpc[{w, bd_lane}] <= {bd_wdata, bd_lpc[31:0]}; lpc_fresh[{w, bd_lane}] <= 1'b0; end
                BD_STATUS: begin
                    wt = st_wait[32 * w +: 32]; ex = st_exit[32 * w +: 32];
                    wt[bd_lane] = (bd_wdata[1:0] == LANE_WAITING);
                    ex[bd_lane] = (bd_wdata[1:0] == LANE_EXITED);
                    st_wait[32 * w +: 32] <= wt; st_exit[32 * w +: 32] <= ex;
                    ready_w[w] <= (~wt & ~ex) != 32'd0; wait_w[w] <= wt != 32'd0; live_w[w] <= ex != 32'hFFFFFFFF;
                end
                BD_CORE: begin
                    c = wclk_stale[w] ? 64'd0 : wclk[w];
                    if (bd_index == CORE_CLOCK_LO) begin wclk[w] <= {c[63:32], bd_wdata}; wclk_stale[w] <= 1'b0; end
                    if (bd_index == CORE_CLOCK_HI) begin wclk[w] <= {bd_wdata, c[31:0]}; wclk_stale[w] <= 1'b0; end
                end
                default: ;
                endcase
            end
        end
    end
endmodule
