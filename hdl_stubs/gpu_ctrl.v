// gpu_ctrl: the control-flow unit and the convergence stacks (isa/spec/
// ext.isa, EXT_CTRL). When an instruction has executed without a trap (`go`)
// it moves the active lanes on (gpu_lanes' update port): every active lane
// to PC+16, except BRA's executing lanes (to the target), EXIT's (exited,
// PC kept) and BSYNC's (waiting, PC kept); an update moves lanes to one PC,
// so a branch that diverges takes a second edge (JUMP); BSSY pushes a region,
// BSYNC marks its lanes arrived (and leaves every region inside its own).
// After EXIT and BSYNC the release check runs: the innermost region whose
// live members have all arrived is popped and its waiting lanes go on after
// the BSYNC, until none is. The stacks are RAMs worked on one entry an edge
// (BSYNC's regions inside, the release check from the top down, a pop's
// shift). `busy` rises with `go` when more than the lane update follows and
// falls once it is over; the END beat's exit and branch fields are final
// then.
// Decode asks two things while `ask`: the stack depth (overflow) and
// BSYNC's matching region, which takes a cycle an entry looked at (decode
// waits while `ask_wait`).
// Faults (gpu_faults): WRONG_BRANCH moves a taken branch's target 16*P on,
// WRONG_LANE_PC moves the lowest active lane of another instruction 16*P on.
module gpu_ctrl #(
    parameter integer WB = 2
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          clr,
    input  wire [WB+8:0] clr_cnt,
    input  wire          launch,
    input  wire [WB-1:0] cw,
    input  wire [7:0]    opt,              // the instruction's optype
    input  wire [31:0]   target,           // BRA/BSSY target field: offset from PC+16
    input  wire [63:0]   cpc,
    input  wire [31:0]   active, exec,
    // decode's questions (ask) and BSYNC's region, found then
    input  wire          ask,
    input  wire [31:0]   ask_guard,        // the lanes whose guard holds
    output reg  [5:0]    depth_cw,
    output reg  [5:0]    bsync_e,          // the matching region, 6'h3f: none
    output wire          ask_wait,         // ... not known yet: decode waits
    input  wire [5:0]    bs_e,             // bsync_e as decode registered it
    // the instruction: picked (the END fields cleared), then executed
    input  wire          pick,
    input  wire          go,
    output reg           busy,             // the release check is under way
    output reg  [31:0]   exit_m, br_mask,
    output reg  [63:0]   br_tgt,
    // lane updates (gpu_lanes)
    input  wire [31:0]   exited,           // the warp's lanes, as gpu_lanes has them
    output reg           upd,
    output reg  [31:0]   upd_move, upd_exit, upd_wait,   // upd_move's lanes to upd_pc
    output reg  [63:0]   upd_pc,
    output reg           rel,
    output reg  [31:0]   rel_lanes,
    output reg  [63:0]   rel_pc,
    // faults
    input  wire          f_armed,
    input  wire [7:0]    f_kind,
    input  wire [7:0]    f_param1,
    output reg           f_fire,
    // backdoor: CORE STACK_DEPTH, space STACK (bd_q valid while bd_go: the request is served)
    input  wire          bd_go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire          bd_req,           // (bd_go implies it)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire          bd_we,
    input  wire [3:0]    bd_space,
    input  wire [WB-1:0] bd_warp,
    input  wire [7:0]    bd_index,
    input  wire [31:0]   bd_wdata,
    output reg  [31:0]   bd_q
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    `include "gpu_port.vh"
    `include "gpu_faults.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer NWP = 1 << WB;

    // the stacks: RAMs of NWP*32 entries (warp w's entry e at {w, e}), one
    // write and one read an edge: LUT RAM on an FPGA
    reg [31:0] stk_tlo [0:NWP*32-1];    // target (the BSYNC's address), bits 31..0
    reg [31:0] stk_thi [0:NWP*32-1];    // ... 63..32
    reg [31:0] stk_m [0:NWP*32-1];      // members
    reg [31:0] stk_a [0:NWP*32-1];      // arrived
    reg [5:0]  depth [0:NWP-1];

    localparam [2:0] C_IDLE = 3'd0, C_CLEAR = 3'd1, C_WAIT = 3'd2, C_SEARCH = 3'd3, C_SHIFT = 3'd4, C_JUMP = 3'd5;
    reg [2:0] cs;
    reg [5:0] cur;                      // the entry worked on (SEARCH: 6'h3f, none left)
    reg [4:0] found;                    // the entry released (SHIFT)
    reg [5:0] ask_cur;                  // the entry BSYNC's question looks at (6'h3f: none left)
    wire [5:0] d_cw = depth[cw];

    // lowest set bit
    `include "gpu_ctz.vh"

    // the read port: the backdoor's entry while it is served (the core is
    // idle then), decode's question, BSYNC's region at `go`, or the flow's
    wire [4:0] next = cur[4:0] + 5'd1;
    reg  [WB+4:0] ra;
    always @(*)
        if (bd_go) ra = {bd_warp, bd_index[6:2]};
        else if (ask) ra = {cw, ask_cur[4:0]};
        else if (go) ra = {cw, bs_e[4:0]};
        else if (cs == C_SHIFT) ra = {cw, next};
        else ra = {cw, cur[4:0]};
    wire [63:0] r_t = {stk_thi[ra], stk_tlo[ra]};
    wire [31:0] r_m = stk_m[ra], r_a = stk_a[ra];

    // decode's question, BSYNC's region: the innermost entry with its target
    // at this PC and a member whose guard holds; looked at one entry a
    // cycle from the top, decode waiting (ask_wait) until it is found or
    // none is left
    wire ask_bsync = ask && opt == OP_BSYNC && ask_guard != 32'd0;
    wire ask_hit = !ask_cur[5] && r_t == cpc && (r_m & ask_guard) != 32'd0;
    assign ask_wait = ask_bsync && !ask_hit && !ask_cur[5] && ask_cur != 6'd0;
    always @(*) begin
        depth_cw = d_cw;
        bsync_e = (ask_bsync && ask_hit) ? ask_cur : 6'h3f;
    end
    always @(posedge clk)
        if (!ask) ask_cur <= d_cw - 6'd1;
        else if (ask_wait) ask_cur <= ask_cur - 6'd1;

    always @(*) begin
        bd_q = 32'd0;
        if (bd_go)
            case (bd_space)
            BD_CORE:  bd_q = (bd_index == CORE_STACK_DEPTH) ? {26'd0, depth[bd_warp]} : 32'd0;
            BD_STACK: case (bd_index[1:0])
                      STK_TARGET_LO: bd_q = r_t[31:0];
                      STK_TARGET_HI: bd_q = r_t[63:32];
                      STK_MEMBERS:   bd_q = r_m;
                      default:       bd_q = r_a;
                      endcase
            default:  bd_q = 32'd0;
            endcase
    end

    wire        f_branch = opt == OP_BRA && exec != 32'd0 && f_armed && f_kind == FAULT_WRONG_BRANCH;
    wire        f_lane_pc = f_armed && f_kind == FAULT_WRONG_LANE_PC && active != 32'd0 && opt != OP_BRA &&
                            opt != OP_EXIT && opt != OP_BSSY && opt != OP_BSYNC;
    wire [63:0] tgt = cpc + 64'd16 + {{32{target[31]}}, target} + (f_branch ? {52'd0, f_param1, 4'd0} : 64'd0);
    // at `go`: the lanes that go on to PC+16, and those that jump (to jump_pc)
    wire [31:0] low = 32'd1 << ctz(active);
    wire [31:0] go_next = (opt == OP_BRA || opt == OP_EXIT || opt == OP_BSYNC) ? active & ~exec :
                          f_lane_pc ? active & ~low : active;
    wire [31:0] go_jump = (opt == OP_BRA) ? exec : f_lane_pc ? low : 32'd0;
    wire [63:0] jump_pc = f_lane_pc ? cpc + 64'd16 + {52'd0, f_param1, 4'd0} : tgt;
    reg  [31:0] jump_lanes;             // JUMP's
    reg  [63:0] jump_to;

    // the release check's entry: every live member has arrived
    wire        releases = (r_m & ~exited & ~r_a) == 32'd0;

    always @(posedge clk) begin : flow
        integer i;
        upd <= 1'b0; rel <= 1'b0; f_fire <= 1'b0;
        if (!rst_n || pick) begin
            busy <= 1'b0; cs <= C_IDLE; exit_m <= 32'd0; br_mask <= 32'd0; br_tgt <= 64'd0;
        end else if (go) begin
            // every active lane moves on; the instruction's own lanes as it says
            upd <= 1'b1;
            upd_move <= go_next; upd_pc <= cpc + 64'd16; upd_exit <= 32'd0; upd_wait <= 32'd0;
            exit_m <= 32'd0; br_mask <= 32'd0; br_tgt <= 64'd0;
            if (go_jump != 32'd0) begin
                if (go_next == 32'd0) begin upd_move <= go_jump; upd_pc <= jump_pc; end
                else begin busy <= 1'b1; cs <= C_JUMP; jump_lanes <= go_jump; jump_to <= jump_pc; end
            end
            if (f_lane_pc) f_fire <= 1'b1;
            case (opt)
            OP_BRA: begin
                if (f_branch) f_fire <= 1'b1;
                br_mask <= exec; br_tgt <= tgt;
            end
            OP_EXIT: begin
                upd_exit <= exec;
                exit_m <= exec;
                if (exec != 32'd0) begin busy <= 1'b1; cs <= C_WAIT; end
            end
            OP_BSSY: if (exec != 32'd0) depth[cw] <= d_cw + 6'd1;   // (the entry: below)
            OP_BSYNC: if (exec != 32'd0) begin
                upd_wait <= exec;
                busy <= 1'b1; cs <= C_CLEAR; cur <= bs_e + 6'd1;
            end
            default: ;
            endcase
        end else
            case (cs)
            C_CLEAR: if (cur >= d_cw) begin cs <= C_SEARCH; cur <= d_cw - 6'd1; end   // BSYNC: regions inside lose its lanes
                     else cur <= cur + 6'd1;
            C_WAIT: begin cs <= C_SEARCH; cur <= d_cw - 6'd1; end      // (the lane update lands)
            C_JUMP: begin                                              // a diverging branch's jumping lanes
                upd <= 1'b1; upd_move <= jump_lanes; upd_pc <= jump_to; upd_exit <= 32'd0; upd_wait <= 32'd0;
                busy <= 1'b0; cs <= C_IDLE;
            end
            C_SEARCH:
                // the innermost region whose live members have all arrived, one entry a cycle from the top
                if (!cur[5] && releases) begin
                    rel <= 1'b1; rel_lanes <= r_a; rel_pc <= r_t + 64'd16;
                    found <= cur[4:0]; cs <= C_SHIFT;
                end else if (cur[5] || cur == 6'd0) begin busy <= 1'b0; cs <= C_IDLE; end
                else cur <= cur - 6'd1;
            C_SHIFT: if (cur + 6'd1 < d_cw) cur <= cur + 6'd1;           // the entries above move down
                     else begin
                         // the entries above the released one did not release: on below it
                         depth[cw] <= d_cw - 6'd1; cs <= C_SEARCH; cur <= {1'b0, found} - 6'd1;
                     end
            default: ;
            endcase
        for (i = 0; i < NWP; i = i + 1) if (launch) depth[i] <= 6'd0;
        if (clr && ~|clr_cnt[WB+8:WB]) depth[clr_cnt[WB-1:0]] <= 6'd0;
        if (bd_go && bd_we && bd_space == BD_CORE && bd_index == CORE_STACK_DEPTH)
            depth[bd_warp] <= (bd_wdata > 32'd32) ? 6'd32 : bd_wdata[5:0];
    end

    // the stack entries: one write an edge (the flow above says which), to some of the fields
    reg [WB+4:0] wa;
    reg          we_tlo, we_thi, we_m, we_a;
    reg [63:0]   wd_t;
    reg [31:0]   wd_m, wd_a;
    always @(*) begin
        wa = {cw, cur[4:0]}; we_tlo = 1'b0; we_thi = 1'b0; we_m = 1'b0; we_a = 1'b0;
        wd_t = r_t; wd_m = r_m; wd_a = r_a;
        if (clr && ~|clr_cnt[WB+8:WB+5]) begin
            we_tlo = 1'b1; we_thi = 1'b1; we_m = 1'b1; we_a = 1'b1;
            wa = clr_cnt[WB+4:0]; wd_t = 64'd0; wd_m = 32'd0; wd_a = 32'd0;
        end else if (go && opt == OP_BSSY && exec != 32'd0) begin
            we_tlo = 1'b1; we_thi = 1'b1; we_m = 1'b1; we_a = 1'b1;
            wa = {cw, d_cw[4:0]}; wd_t = tgt; wd_m = exec; wd_a = 32'd0;
        end else if (go && opt == OP_BSYNC && exec != 32'd0) begin
            we_a = 1'b1; wa = {cw, bs_e[4:0]}; wd_a = r_a | exec;
        end else if (cs == C_CLEAR && cur < d_cw) begin
            we_m = 1'b1; wd_m = r_m & ~exec;
        end else if (cs == C_SHIFT && cur + 6'd1 < d_cw) begin
            we_tlo = 1'b1; we_thi = 1'b1; we_m = 1'b1; we_a = 1'b1;   // entry cur+1, read, into cur
        end else if (bd_go && bd_we && bd_space == BD_STACK) begin
            wa = {bd_warp, bd_index[6:2]}; wd_t = {bd_wdata, bd_wdata}; wd_m = bd_wdata; wd_a = bd_wdata;
            case (bd_index[1:0])
            STK_TARGET_LO: we_tlo = 1'b1;
            STK_TARGET_HI: we_thi = 1'b1;
            STK_MEMBERS:   we_m = 1'b1;
            default:       we_a = 1'b1;
            endcase
        end
    end
    always @(posedge clk) begin
        if (we_tlo) stk_tlo[wa] <= wd_t[31:0];
        if (we_thi) stk_thi[wa] <= wd_t[63:32];
        if (we_m) stk_m[wa] <= wd_m;
        if (we_a) stk_a[wa] <= wd_a;
    end
endmodule
