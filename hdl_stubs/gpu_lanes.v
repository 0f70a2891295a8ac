// gpu_lanes: every lane's PC and status (ready, waiting at a BSYNC, exited)
// and every warp's clock, with the two things done over a warp's lanes:
//  - pick: the ready lanes of the chosen warp at the lowest PC (the active
//    mask) and the fetch checks (PC_OUT_OF_RANGE; CONVERGENCE_DEADLOCK when
//    the scheduler found only waiting lanes: the PC of the last waiting one);
//  - updates from the control-flow unit (gpu_ctrl): the lanes it moves to
//    one PC (a divergent branch takes two updates), lanes exiting or
//    starting to wait (their PC kept), a convergence region's release.
// Per warp it keeps summary bits for the scheduler (a ready lane, a waiting
// lane, a live lane). A launch sets every lane's PC to the entry by marking
// them "fresh" and every warp's clock to 0 by marking it "stale" (vectors,
// not CAP_WARPS*32 writes); the reset sweep clears one entry of each array a
// cycle. A lane's PC is written at one place whatever moves it, from one
// value an edge that every lane shares (no per-lane multiplexer), into a
// RAM per lane over the warps, read at one address (the backdoor's warp
// while it is served, else the pick's or the search's).
// The lowest-PC search, by PHYS_LANES:
//  - 32 (the simulated form): at the pick, over the picked warp's lanes in
//    a tree of lane pairs, in the pick's edge;
//  - fewer (the board's form): ahead of the pick, a lane a cycle (one
//    comparison of 64 bits), each warp's answer kept (lowest PC, its lanes,
//    the last waiting lane's PC). A warp's answer is searched again from
//    lane 0 whenever its lanes change (an update: early in EXEC, so the
//    search runs while the instruction executes; a backdoor write), or
//    set outright (a launch, the reset sweep, an update that moved every
//    ready lane). A warp picked before its search is done gets cpc, active
//    and fetch_trap when it is: pick_wait meanwhile (gpu_seq stays in
//    FETCH). The search pauses while the backdoor is served (it reads
//    through the same port).
module gpu_lanes #(
    parameter integer NW = 4,
    parameter integer WB = 2,
    parameter integer PHYS_LANES = 32
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
    output wire           pick_wait,         // cpc, active and fetch_trap not loaded yet (the picked warp's search runs)
    output reg  [63:0]    clock,             // the warp's clock when picked
    // scheduler summaries
    output reg  [(1<<WB)-1:0] ready_w, wait_w,
    output wire           all_exited,        // every lane of every launched warp
    // the current warp, for the control-flow unit
    input  wire [WB-1:0]  cw,
    output wire [31:0]    exited, waiting,
    input  wire           upd,
    input  wire [31:0]    upd_move,          // PC = upd_pc (the other lanes keep theirs)
    input  wire [63:0]    upd_pc,
    input  wire [31:0]    upd_exit, upd_wait,
    input  wire           rel,               // a region released: its lanes that wait go on at rel_pc
    input  wire [31:0]    rel_lanes,
    input  wire [63:0]    rel_pc,
    input  wire           tick,              // the current warp retired an instruction: its clock advances
    // backdoor (bd_q valid while bd_go: the request is served)
    input  wire           bd_go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire           bd_req,            // (bd_go implies it)
    /* verilator lint_on UNUSEDSIGNAL */
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

    reg [31:0] lpc_fresh [0:NWP-1];      // reads lpc_entry until written
    reg [63:0] lpc_entry;
    reg [31:0] st_wait [0:NWP-1], st_exit [0:NWP-1];
    reg [63:0] wclk [0:NWP-1];           // one read and one write port: its users never meet
    reg [NWP-1:0] wclk_stale;            // reads 0 until written
    reg [NWP-1:0] live_w, launched_w;

    assign exited = st_exit[cw];
    assign waiting = st_wait[cw];
    assign all_exited = (live_w & launched_w) == {NWP{1'b0}};

    // a warp's clock: the sweep's, the backdoor's, the retiring warp's, else the pick's
    wire [WB-1:0] clk_w = clr ? clr_cnt[WB-1:0] : bd_go ? bd_warp : tick ? cw : pick_w;
    wire [63:0]   clk_q = wclk_stale[clk_w] ? 64'd0 : wclk[clk_w];
    wire          clk_bd_we = bd_go && bd_we && bd_space == BD_CORE &&
                              (bd_index == CORE_CLOCK_LO || bd_index == CORE_CLOCK_HI);
    wire          clk_we = rst_n && ((clr && ~|clr_cnt[WB+8:WB]) || clk_bd_we || tick);
    wire [63:0]   clk_wd = clr ? 64'd0 :
                           clk_bd_we ? ((bd_index == CORE_CLOCK_LO) ? {clk_q[63:32], bd_wdata} : {bd_wdata, clk_q[31:0]}) :
                           clk_q + 64'd1;
    always @(posedge clk) if (clk_we) wclk[clk_w] <= clk_wd;

    // the PCs of one warp's lanes: the backdoor's warp, else the search's (look_w)
    wire [WB-1:0] look_w;
    wire [4:0]    look_lane;
    wire [WB-1:0] row_w = bd_go ? bd_warp : look_w;
    wire [32*64-1:0] ram_pc;             // each lane's RAM at row_w (fresh or not)
    wire [31:0] row_wait = st_wait[row_w], row_exit = st_exit[row_w];
    wire [31:0] row_fresh = lpc_fresh[row_w];
    // one lane's PC of that warp: the backdoor's lane, else look_lane
    wire [4:0]  sel_lane = bd_go ? bd_lane : look_lane;
    wire [63:0] lane_pc = row_fresh[sel_lane] ? lpc_entry : ram_pc[64 * sel_lane +: 64];
    wire [63:0] bd_lpc = lane_pc;
    always @(*) begin
        bd_q = 32'd0;
        if (bd_go)
            case (bd_space)
            BD_PC_LO:  bd_q = bd_lpc[31:0];
            BD_PC_HI:  bd_q = bd_lpc[63:32];
            BD_STATUS: bd_q = {30'd0, row_exit[bd_lane] ? LANE_EXITED : row_wait[bd_lane] ? LANE_WAITING : LANE_READY};
            BD_CORE:   bd_q = (bd_index == CORE_CLOCK_LO) ? clk_q[31:0] :   // (clk_w: bd_warp)
                              (bd_index == CORE_CLOCK_HI) ? clk_q[63:32] : 32'd0;
            default:   bd_q = 32'd0;
            endcase
    end

    // the current warp's status after the control-flow unit's update at this edge
    wire [31:0] cw_wait = st_wait[cw], cw_exit = st_exit[cw];
    wire [31:0] cf_wait = upd ? (cw_wait | upd_wait) : (cw_wait & ~rel_lanes);
    wire [31:0] cf_exit = upd ? (cw_exit | upd_exit) : cw_exit;
    // the backdoor's lane status write (row_w: bd_warp)
    wire [31:0] bd_bit = 32'd1 << bd_lane;
    wire [31:0] bd_wait = (row_wait & ~bd_bit) | ((bd_wdata[1:0] == LANE_WAITING) ? bd_bit : 32'd0);
    wire [31:0] bd_exit = (row_exit & ~bd_bit) | ((bd_wdata[1:0] == LANE_EXITED) ? bd_bit : 32'd0);

    // the lane PCs written at this edge, and the one value they take
    wire [31:0] moved = upd ? upd_move : rel ? (rel_lanes & cw_wait) : 32'd0;
    wire        bd_pc_we = bd_go && bd_we && (bd_space == BD_PC_LO || bd_space == BD_PC_HI);
    wire        clr_pc = clr && ~|clr_cnt[WB+8:WB+5];
    wire [63:0] cf_pc = upd ? upd_pc : rel_pc;
    wire [63:0] lane_wd = clr ? 64'd0 :
                          bd_pc_we ? ((bd_space == BD_PC_LO) ? {bd_lpc[63:32], bd_wdata} : {bd_wdata, bd_lpc[31:0]}) :
                          cf_pc;
    wire [WB-1:0] lane_ww = clr ? clr_cnt[WB+4:5] : bd_pc_we ? bd_warp : cw;   // the warp written
    // a RAM of each lane's PC in every warp (one write, one read an edge: LUT RAM on an FPGA)
    genvar l;
    generate
        for (l = 0; l < 32; l = l + 1) begin : lane
            reg [63:0] pc [0:NWP-1];
            wire we = rst_n && ((clr_pc && clr_cnt[4:0] == l) || (bd_pc_we && bd_lane == l) || moved[l]);
            always @(posedge clk) if (we) pc[lane_ww] <= lane_wd;
            assign ram_pc[64 * l +: 64] = pc[row_w];
        end
    endgenerate

    // the picked warp's answer, loaded into cpc, active, fetch_trap at this edge (ld)
    wire        ld, ld_dead;
    wire [63:0] ld_min_pc, ld_dead_pc;
    wire [31:0] ld_min_m;

    generate if (PHYS_LANES >= 32) begin : at_pick
        // the lowest PC of the picked warp's ready lanes and the lanes at it,
        // over a tree of lane pairs (node k: children 2k+1, 2k+2; lanes at
        // 31..62); and the PC of its last waiting lane
        reg [4:0]  last_wait;
        reg [63:0] min_pc;
        reg [31:0] min_m;
        always @(*) begin : last
            integer i;
            last_wait = 5'd0;
            for (i = 0; i < 32; i = i + 1) if (row_wait[i]) last_wait = i[4:0];
        end
        // {lowest PC, its lanes} of the ready lanes (tp: a node's lowest PC,
        // tm its lanes, tv whether it has a ready lane)
        function automatic [95:0] lowest_of(input [31:0] ready, input [31:0] fresh, input [63:0] entry,
                                            input [32*64-1:0] pcs);
            integer i;
            reg [63*64-1:0] tp;
            reg [63*32-1:0] tm;
            reg [62:0] tv;
            reg [63:0] pa, pb;
            reg [31:0] ma, mb;
            reg va, vb, take_b, tie;
            begin
                for (i = 0; i < 32; i = i + 1) begin
                    tv[31 + i] = ready[i];
                    tp[64 * (31 + i) +: 64] = fresh[i] ? entry : pcs[64 * i +: 64];
                    tm[32 * (31 + i) +: 32] = 32'd1 << i;
                end
                for (i = 30; i >= 0; i = i - 1) begin
                    pa = tp[64 * (2 * i + 1) +: 64]; pb = tp[64 * (2 * i + 2) +: 64];
                    ma = tm[32 * (2 * i + 1) +: 32]; mb = tm[32 * (2 * i + 2) +: 32];
                    va = tv[2 * i + 1]; vb = tv[2 * i + 2];
                    take_b = vb && (!va || pb < pa);
                    tie = va && vb && pa == pb;
                    tv[i] = va || vb;
                    tp[64 * i +: 64] = take_b ? pb : pa;
                    tm[32 * i +: 32] = ((take_b && !tie) ? 32'd0 : ma) | ((take_b || tie) ? mb : 32'd0);
                end
                lowest_of = tv[0] ? {tp[63:0], tm[31:0]} : {64'hFFFFFFFFFFFFFFFF, 32'd0};
            end
        endfunction
        // computed only at a pick (its one reader: ld is pick), so that a
        // simulator skips the tree the other cycles
        always @(*) begin : lowest
            {min_pc, min_m} = 96'd0;
            if (pick) {min_pc, min_m} = lowest_of(~row_wait & ~row_exit, row_fresh, lpc_entry, ram_pc);
        end
        assign look_w = pick_w;
        assign look_lane = last_wait;
        assign ld = pick;
        assign ld_dead = pick_dead;
        assign ld_min_pc = min_pc;
        assign ld_min_m = min_m;
        assign ld_dead_pc = (row_wait != 32'd0) ? lane_pc : 64'd0;
        assign pick_wait = 1'b0;
    end else begin : ahead
        reg [NWP-1:0] stale_min, stale_dead;   // a warp's kept lowest PC and lanes / last waiting lane's PC out of date
        reg [NWP-1:0] k_launch;           // its answer is the launch's (or the reset's): not written since
        reg [63:0] k_min [0:NWP-1], k_dead [0:NWP-1];   // (one write port)
        reg [31:0] k_m [0:NWP-1];
        reg        searching;
        reg [WB-1:0] sw;                  // the warp searched, its lane this cycle
        reg [4:0]  sl;
        reg [63:0] acc_pc, acc_dead;      // over its lanes so far
        reg [31:0] acc_m;
        reg        acc_v;
        reg        pend, pend_dead;       // a pick waiting for its warp's answer
        reg [WB-1:0] pend_w;
        wire [NWP-1:0] stale = stale_min | stale_dead;

        // the lane looked at (the backdoor's instead while it is served: the search waits)
        assign look_w = sw;
        assign look_lane = sl;
        wire        l_ready = !row_wait[sl] && !row_exit[sl];
        wire        l_take = l_ready && (!acc_v || lane_pc < acc_pc);
        wire        l_tie = l_ready && acc_v && lane_pc == acc_pc;
        wire [31:0] l_bit = 32'd1 << sl;
        wire [63:0] n_pc = l_take ? lane_pc : acc_pc;
        wire [31:0] n_m = l_take ? l_bit : l_tie ? (acc_m | l_bit) : acc_m;
        wire [63:0] n_dead = row_wait[sl] ? lane_pc : acc_dead;
        wire        scan = searching && !bd_go;
        wire        scan_done = scan && sl == 5'd31;
        wire        bd_st_we = bd_go && bd_we && bd_space == BD_STATUS;

        // an update after which every ready lane is one it moved: all at the PC written
        wire [31:0] cf_ready = ~cf_wait & ~cf_exit;
        wire        cf_set = (upd || rel) && (cf_ready & ~moved) == 32'd0;
        // the answer written: the update's (it wins: a search ending at the same edge is dropped), or the search's
        wire          k_we = cf_set || scan_done;
        wire [WB-1:0] k_w = cf_set ? cw : sw;
        always @(posedge clk) if (k_we) begin
            k_min[k_w] <= cf_set ? ((cf_ready != 32'd0) ? cf_pc : 64'hFFFFFFFFFFFFFFFF) : n_pc;
            k_m[k_w] <= cf_set ? cf_ready : n_m;
            k_dead[k_w] <= cf_set ? 64'd0 : n_dead;   // (the update's: stale_dead when a lane waits)
        end

        reg [WB-1:0] next_w;              // the lowest stale warp: searched next
        always @(*) begin : lowest_stale
            integer i;
            next_w = {WB{1'b0}};
            for (i = NWP - 1; i >= 0; i = i - 1) if (stale[i]) next_w = i[WB-1:0];
        end

        // the pick's warp, or the waiting pick's; a launch's answer: the entry
        // and every lane if the warp was launched (it has a ready lane), else none
        wire [WB-1:0] lw = pick ? pick_w : pend_w;
        wire          lw_stale = ld_dead ? stale_dead[lw] : stale_min[lw];
        wire          lw_launch = k_launch[lw], lw_ready = ready_w[lw];
        assign ld_dead = pick ? pick_dead : pend_dead;
        assign ld = (pick || pend) && !lw_stale;
        assign ld_min_pc = !lw_launch ? k_min[lw] : lw_ready ? lpc_entry : 64'hFFFFFFFFFFFFFFFF;
        assign ld_min_m = !lw_launch ? k_m[lw] : {32{lw_ready}};
        assign ld_dead_pc = lw_launch ? 64'd0 : k_dead[lw];
        assign pick_wait = pend;

        always @(posedge clk) begin : search
            if (!rst_n) begin
                stale_min <= {NWP{1'b0}}; stale_dead <= {NWP{1'b0}}; k_launch <= {NWP{1'b1}};
                searching <= 1'b0; pend <= 1'b0; pend_w <= {WB{1'b0}}; pend_dead <= 1'b0;
                sw <= {WB{1'b0}}; sl <= 5'd0;
            end else begin
                if (pick || pend) pend <= lw_stale;
                if (pick) begin pend_w <= pick_w; pend_dead <= pick_dead; end
                if (scan) begin
                    acc_pc <= n_pc; acc_m <= n_m; acc_v <= acc_v || l_ready; acc_dead <= n_dead;
                    sl <= sl + 5'd1;
                    if (scan_done) begin
                        searching <= 1'b0;
                        if (!cf_set || cw == sw) begin
                            stale_min[sw] <= 1'b0; stale_dead[sw] <= 1'b0; k_launch[sw] <= 1'b0;
                        end
                    end
                end else if (!searching && stale != {NWP{1'b0}} && !clr) begin
                    searching <= 1'b1; sw <= next_w; sl <= 5'd0;
                    acc_pc <= 64'hFFFFFFFFFFFFFFFF; acc_m <= 32'd0; acc_v <= 1'b0; acc_dead <= 64'd0;
                end
                // a warp's lanes changed (after the search above: an answer of
                // the same edge is out of date): set outright, or searched again
                if (clr) searching <= 1'b0;   // (all exited after the sweep: the reset's answer)
                if (launch) begin
                    searching <= 1'b0; stale_min <= {NWP{1'b0}}; stale_dead <= {NWP{1'b0}}; k_launch <= {NWP{1'b1}};
                end
                if (upd || rel) begin
                    if (sw == cw) searching <= 1'b0;
                    if (cf_set) begin
                        stale_min[cw] <= 1'b0; stale_dead[cw] <= cf_wait != 32'd0; k_launch[cw] <= 1'b0;
                    end else begin
                        stale_min[cw] <= 1'b1; stale_dead[cw] <= 1'b1;
                    end
                end
                if (bd_pc_we || bd_st_we) begin
                    if (sw == bd_warp) searching <= 1'b0;
                    stale_min[bd_warp] <= 1'b1; stale_dead[bd_warp] <= 1'b1;
                end
            end
        end
    end endgenerate

    always @(posedge clk) begin : update
        integer i;
        reg [WB-1:0] w;
        if (!rst_n) begin
            lpc_entry <= 64'd0; wclk_stale <= {NWP{1'b0}};
            for (i = 0; i < NWP; i = i + 1) lpc_fresh[i] <= 32'd0;
            ready_w <= {NWP{1'b0}}; wait_w <= {NWP{1'b0}}; live_w <= {NWP{1'b0}};
            launched_w <= {{NWP-1{1'b0}}, 1'b1};
            fetch_trap <= 8'd0; active <= 32'd0; cpc <= 64'd0; clock <= 64'd0;
        end else begin
            if (clr) begin
                if (~|clr_cnt[WB+8:WB]) begin
                    st_wait[clr_cnt[WB-1:0]] <= 32'd0; st_exit[clr_cnt[WB-1:0]] <= 32'hFFFFFFFF;
                end
            end
            if (launch) begin
                for (i = 0; i < NWP; i = i + 1) begin
                    ready_w[i] <= i < NW && i[6:0] < l_warps;
                    live_w[i] <= i < NW && i[6:0] < l_warps;
                    launched_w[i] <= i[6:0] < l_warps;
                    st_exit[i] <= (i < NW && i[6:0] < l_warps) ? 32'd0 : 32'hFFFFFFFF;
                    st_wait[i] <= 32'd0; lpc_fresh[i] <= 32'hFFFFFFFF;
                end
                wait_w <= {NWP{1'b0}};
                wclk_stale <= {NWP{1'b1}};
                lpc_entry <= l_entry;
            end
            if (pick) clock <= clk_q;   // (clk_w: pick_w)
            // the picked warp's lowest PC and its lanes (or the deadlock's PC)
            if (ld) begin
                if (ld_dead) begin
                    cpc <= ld_dead_pc; active <= 32'd0; fetch_trap <= TRAP_CONVERGENCE_DEADLOCK;
                end else begin
                    cpc <= ld_min_pc; active <= ld_min_m;
                    fetch_trap <= (ld_min_pc[3:0] != 4'd0 || ld_min_pc[63:4] >= {43'd0, code_count})
                                  ? TRAP_PC_OUT_OF_RANGE : 8'd0;
                end
            end
            // control flow of the current warp: a lane's PC written at one place
            if (upd || rel) begin
                st_wait[cw] <= cf_wait; st_exit[cw] <= cf_exit;
                ready_w[cw] <= (~cf_wait & ~cf_exit) != 32'd0; wait_w[cw] <= cf_wait != 32'd0;
                live_w[cw] <= cf_exit != 32'hFFFFFFFF;
                lpc_fresh[cw] <= lpc_fresh[cw] & ~moved;
            end
            if (tick) wclk_stale[cw] <= 1'b0;
            if (bd_go && bd_we) begin
                w = bd_warp;
                case (bd_space)
                BD_PC_LO, BD_PC_HI: lpc_fresh[w] <= row_fresh & ~bd_bit;   // (row_w: bd_warp)
                BD_STATUS: begin
                    st_wait[w] <= bd_wait; st_exit[w] <= bd_exit;
                    ready_w[w] <= (~bd_wait & ~bd_exit) != 32'd0; wait_w[w] <= bd_wait != 32'd0;
                    live_w[w] <= bd_exit != 32'hFFFFFFFF;
                end
                BD_CORE: if (clk_bd_we) wclk_stale[w] <= 1'b0;
                default: ;
                endcase
            end
        end
    end
endmodule
