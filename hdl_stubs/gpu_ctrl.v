// gpu_ctrl: the control-flow unit and the convergence stacks (isa/spec/
// ext.isa, EXT_CTRL). When an instruction has executed without a trap (`go`)
// it moves the active lanes on in one edge (gpu_lanes' update port): every
// active lane to PC+16, except BRA's executing lanes (to the target), EXIT's
// (exited, PC kept) and BSYNC's (waiting, PC kept); BSSY pushes a region,
// BSYNC marks its lanes arrived (and leaves every region inside its own).
// After EXIT and BSYNC the release check runs: the innermost region whose
// live members have all arrived is popped and its waiting lanes go on after
// the BSYNC, until none is. The stack is worked on one entry an edge, as a
// RAM would be (BSYNC's regions inside, a pop's shift). `busy` rises with
// `go` when more than the lane update follows and falls once it is over;
// the END beat's exit and branch fields are final then.
// Decode asks two things combinationally (only while `ask`): the stack depth
// (overflow) and BSYNC's matching region.
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
    output reg  [31:0]   upd_next, upd_jump, upd_stay, upd_exit, upd_wait,
    output reg  [63:0]   jump_pc,
    output reg           rel,
    output reg  [31:0]   rel_lanes,
    output reg  [63:0]   rel_pc,
    // faults
    input  wire          f_armed,
    input  wire [7:0]    f_kind,
    input  wire [7:0]    f_param1,
    output reg           f_fire,
    // backdoor: CORE STACK_DEPTH, space STACK
    input  wire          bd_go,
    input  wire          bd_req,
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

    reg [63:0] stk_t [0:NWP*32-1];      // target (the BSYNC's address)
    reg [31:0] stk_m [0:NWP*32-1];      // members
    reg [31:0] stk_a [0:NWP*32-1];      // arrived
    reg [6*NWP-1:0] depth;              // warp w: bits 6w+5..6w

    localparam [2:0] C_IDLE = 3'd0, C_CLEAR = 3'd1, C_WAIT = 3'd2, C_SEARCH = 3'd3, C_SHIFT = 3'd4;
    reg [2:0] cs;
    reg [5:0] cur;                      // the entry worked on
    wire [5:0] d_cw = depth[6 * cw +: 6];

    // lowest set bit
    `include "gpu_ctz.vh"

    always @(*) begin : questions
        integer i;
        depth_cw = d_cw;
        bsync_e = 6'h3f;
        if (ask && opt == OP_BSYNC)
            for (i = 0; i < 32; i = i + 1)
                if (i < d_cw && stk_t[{cw, i[4:0]}] == cpc && (stk_m[{cw, i[4:0]}] & ask_guard) != 32'd0)
                    bsync_e = {1'b0, i[4:0]};
    end

    always @(*) begin
        bd_q = 32'd0;
        if (bd_req)
            case (bd_space)
            BD_CORE:  bd_q = (bd_index == CORE_STACK_DEPTH) ? {26'd0, depth[6 * bd_warp +: 6]} : 32'd0;
            BD_STACK: case (bd_index[1:0])
                      STK_TARGET_LO: bd_q = stk_t[{bd_warp, bd_index[6:2]}][31:0];
                      STK_TARGET_HI: bd_q = stk_t[{bd_warp, bd_index[6:2]}][63:32];
                      STK_MEMBERS:   bd_q = stk_m[{bd_warp, bd_index[6:2]}];
                      default:       bd_q = stk_a[{bd_warp, bd_index[6:2]}];
                      endcase
            default:  bd_q = 32'd0;
            endcase
    end

    wire        f_branch = opt == OP_BRA && exec != 32'd0 && f_armed && f_kind == FAULT_WRONG_BRANCH;
    wire        f_lane_pc = f_armed && f_kind == FAULT_WRONG_LANE_PC && active != 32'd0 && opt != OP_BRA &&
                            opt != OP_EXIT && opt != OP_BSSY && opt != OP_BSYNC;
    wire [63:0] tgt = cpc + 64'd16 + {{32{target[31]}}, target} + (f_branch ? {52'd0, f_param1, 4'd0} : 64'd0);

    always @(posedge clk) begin : flow
        integer i;
        reg [5:0] found;
        upd <= 1'b0; rel <= 1'b0; f_fire <= 1'b0;
        if (!rst_n || pick) begin
            busy <= 1'b0; cs <= C_IDLE; exit_m <= 32'd0; br_mask <= 32'd0; br_tgt <= 64'd0;
        end else if (go) begin
            // every active lane moves on; the instruction's own lanes as it says
            upd <= 1'b1;
            upd_next <= active; upd_jump <= 32'd0; upd_stay <= 32'd0; upd_exit <= 32'd0; upd_wait <= 32'd0;
            jump_pc <= tgt;
            exit_m <= 32'd0; br_mask <= 32'd0; br_tgt <= 64'd0;
            if (f_lane_pc) begin
                f_fire <= 1'b1;
                upd_next <= active & ~(32'd1 << ctz(active));
                upd_jump <= 32'd1 << ctz(active);
                jump_pc <= cpc + 64'd16 + {52'd0, f_param1, 4'd0};
            end
            case (opt)
            OP_BRA: begin
                if (f_branch) f_fire <= 1'b1;
                upd_next <= active & ~exec; upd_jump <= exec;
                br_mask <= exec; br_tgt <= tgt;
            end
            OP_EXIT: begin
                upd_next <= active & ~exec; upd_stay <= exec; upd_exit <= exec;
                exit_m <= exec;
                if (exec != 32'd0) begin busy <= 1'b1; cs <= C_WAIT; end
            end
            OP_BSSY: if (exec != 32'd0) depth[6 * cw +: 6] <= d_cw + 6'd1;   // (the entry: below)
            OP_BSYNC: if (exec != 32'd0) begin
                upd_next <= active & ~exec; upd_stay <= exec; upd_wait <= exec;
                busy <= 1'b1; cs <= C_CLEAR; cur <= bs_e + 6'd1;
            end
            default: ;
            endcase
        end else
            case (cs)
            C_CLEAR: if (cur >= d_cw) cs <= C_SEARCH;                   // BSYNC: regions inside lose its lanes
                     else cur <= cur + 6'd1;
            C_WAIT: cs <= C_SEARCH;                                    // (the lane update lands)
            C_SEARCH: begin
                // the innermost region whose live members have all arrived
                found = 6'h3f;
                for (i = 0; i < 32; i = i + 1)
                    if (i < d_cw && (stk_m[{cw, i[4:0]}] & ~exited & ~stk_a[{cw, i[4:0]}]) == 32'd0)
                        found = {1'b0, i[4:0]};
                if (found == 6'h3f) begin busy <= 1'b0; cs <= C_IDLE; end
                else begin
                    rel <= 1'b1; rel_lanes <= stk_a[{cw, found[4:0]}]; rel_pc <= stk_t[{cw, found[4:0]}] + 64'd16;
                    cur <= found; cs <= C_SHIFT;
                end
            end
            C_SHIFT: if (cur + 6'd1 < d_cw) cur <= cur + 6'd1;           // the entries above move down
                     else begin depth[6 * cw +: 6] <= d_cw - 6'd1; cs <= C_SEARCH; end
            default: ;
            endcase
        if (launch) depth <= {6*NWP{1'b0}};
        if (clr && ~|clr_cnt[WB+8:WB]) depth[6 * clr_cnt[WB-1:0] +: 6] <= 6'd0;
        if (bd_go && bd_we && bd_space == BD_CORE && bd_index == CORE_STACK_DEPTH)
            depth[6 * bd_warp +: 6] <= (bd_wdata > 32'd32) ? 6'd32 : bd_wdata[5:0];
    end

    // the stack entries: one write an edge to each array (the flow above says which)
    always @(posedge clk) begin : entries
        reg [4:0] e;
        if (clr && ~|clr_cnt[WB+8:WB+5]) begin
            stk_t[clr_cnt[WB+4:0]] <= 64'd0; stk_m[clr_cnt[WB+4:0]] <= 32'd0; stk_a[clr_cnt[WB+4:0]] <= 32'd0;
        end else if (go && opt == OP_BSSY && exec != 32'd0) begin
            e = d_cw[4:0];
            stk_t[{cw, e}] <= tgt; stk_m[{cw, e}] <= exec; stk_a[{cw, e}] <= 32'd0;
        end else if (go && opt == OP_BSYNC && exec != 32'd0) begin
            stk_a[{cw, bs_e[4:0]}] <= stk_a[{cw, bs_e[4:0]}] | exec;
        end else if (cs == C_CLEAR && cur < d_cw) begin
            stk_m[{cw, cur[4:0]}] <= stk_m[{cw, cur[4:0]}] & ~exec;
        end else if (cs == C_SHIFT && cur + 6'd1 < d_cw) begin
            e = cur[4:0] + 5'd1;
            stk_t[{cw, cur[4:0]}] <= stk_t[{cw, e}]; stk_m[{cw, cur[4:0]}] <= stk_m[{cw, e}];
            stk_a[{cw, cur[4:0]}] <= stk_a[{cw, e}];
        end else if (bd_go && bd_we && bd_space == BD_STACK)
            case (bd_index[1:0])
            STK_TARGET_LO: stk_t[{bd_warp, bd_index[6:2]}][31:0] <= bd_wdata;
            STK_TARGET_HI: stk_t[{bd_warp, bd_index[6:2]}][63:32] <= bd_wdata;
            STK_MEMBERS:   stk_m[{bd_warp, bd_index[6:2]}] <= bd_wdata;
            default:       stk_a[{bd_warp, bd_index[6:2]}] <= bd_wdata;
            endcase
    end
endmodule
