// gpu_port_checker: watches every port of a DUT that implements the port
// contract of docs/port-contract.md, and of the board driving it, and reports
// each violation with the cycle (rising edges of clk since time 0):
//
//   gpu_port_checker tb.chk: cycle 1234: retire-order (retire)
//
// Plain Verilog-2005, no assertions, no delays: it runs under Verilator and
// Icarus alike. Instantiate it next to the DUT (or the wrapper presenting
// these ports) with every port connected as an input; nothing drives the DUT.
// `violations` counts the reports; bit k of `kinds` is set once kind k was
// reported (V_* below; a testbench reads them to pass or fail). The rules are
// the contract's, numbered as in the README's "Contract checker" table.
// Board rules are checked as well as the DUT's: a violation by the board
// makes whatever the DUT does next undefined.
module gpu_port_checker #(
    parameter integer CAP_WARPS = 0,       // 0: the WARPS capability word the board read
    parameter integer QUIET = 0            // 1: count, print nothing
) (
    input wire         clk,
    input wire         rst_n,
    input wire         imem_we,
    /* verilator lint_off UNUSEDSIGNAL */
    input wire [15:0]  imem_addr,          // (any value is legal)
    input wire [127:0] imem_wdata,
    input wire [63:0]  launch_entry,
    input wire [31:0]  mem_rdata,
    input wire         mem_err,
    input wire [31:0]  bd_rdata,
    /* verilator lint_on UNUSEDSIGNAL */
    input wire         launch,
    input wire [6:0]   launch_warps,
    input wire         run,
    input wire         step,
    input wire         busy,
    input wire         done,
    input wire         mem_req,
    input wire         mem_we,
    input wire         mem_space,
    input wire [4:0]   mem_bank,
    input wire [63:0]  mem_addr,
    input wire [31:0]  mem_wdata,
    input wire         mem_ack,
    input wire         rt_valid,
    input wire         rt_ready,
    input wire [2:0]   rt_kind,
    input wire [6:0]   rt_warp,
    input wire [63:0]  rt_pc,
    input wire [127:0] rt_insn,
    input wire [31:0]  rt_mask_a,
    input wire [31:0]  rt_mask_b,
    input wire [7:0]   rt_index,
    input wire [4:0]   rt_lane,
    input wire [31:0]  rt_data,
    input wire [7:0]   rt_status,
    input wire [1023:0] rt_row,
    input wire         bd_req,
    input wire         bd_we,
    input wire [3:0]   bd_space,
    input wire [6:0]   bd_warp,
    input wire [7:0]   bd_index,
    input wire [4:0]   bd_lane,
    input wire [31:0]  bd_wdata,
    input wire         bd_ack,
    output wire [31:0] violations,
    output wire [17:0] kinds
);
    // trap codes (TRAP_MAX, TRAP_LANE_CODES) from the model's GM_TRAPS: hdl_stubs/contract.cmake;
    // beat kinds and statuses from fw/core/include/fw/port.h: hdl_stubs/port.cmake;
    // the optype field and OP_BRA from isa/spec: gpu_isa.vh (isagen --verilog-dir)
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_contract.vh"
    `include "gpu_port.vh"
    `include "gpu_isa.vh"
    /* verilator lint_on UNUSEDPARAM */

    // violation kinds (bit numbers of `kinds`); B: the board's rule, D: the DUT's
    // rule(s) first: host-side reports take each kind's rule and text from
    // these lines (hdl_stubs/contract.cmake: gpu_checker_kinds.h)
    localparam integer V_RESET_SHORT = 0,   // B T1: rst_n low for fewer than 2 rising edges
                       V_IMEM_WE     = 1,   // B T1 T3: imem_we while rst_n is low or an instruction is in flight
                       V_LAUNCH_ARGS = 2,   // B T5: launch_warps 0 or above CAP_WARPS
                       V_LAUNCH_BUSY = 3,   // B T4: launch while an instruction is in flight
                       V_STEP_RUN    = 4,   // B T6: a step edge while run is high (the DUT ignores it)
                       V_BD_HOLD     = 5,   // B T12: bd_req dropped or changed before bd_ack
                       V_BD_BUSY     = 6,   // B T12: bd_req raised while busy (not the reset sweep)
                       V_MEM_ACK     = 7,   // B T11: mem_ack while mem_req is low
                       V_MEM_HOLD    = 8,   // D T10: mem_req dropped or the request changed before mem_ack
                       V_MEM_REQ     = 9,   // D T10: mem_addr not aligned to 4, or a store to a constant bank
                       V_RT_HOLD     = 10,  // D T9: a retire beat withdrawn or changed before it was taken
                       V_RT_ORDER    = 11,  // D T9: rt_kind outside HEAD..END, or kinds out of order
                       V_RT_END      = 12,  // D T9: an END that cannot be (rt_status, the trap code in rt_data, rt_mask_a, rt_lane, beats before it)
                                            //   status above 2, trap code 0 or unknown, beats before a trap/UNIMPLEMENTED END,
                                            //   branch lanes but a retired BRA's exec mask, a fetch trap's HEAD not as the model's
                                            //   (and, FEATURES declaring TRAP_LANE, a lane trap's rt_lane not executing)
                       V_RT_FIELDS   = 13,  // D T9: a beat's field out of range (rt_warp, rt_mask_a/b, rt_index)
                                            //   HEAD warp not launched or exec outside active, rt_index out of range for the
                                            //   kind, GPR_ROW or PRED with no lane
                       V_BUSY        = 14,  // D T8 T9 T10: busy low with a record open, or rt_valid / mem_req while busy is low
                       V_BD_ACK      = 15,  // D T12: bd_ack without bd_req, or high two cycles running
                       V_DONE        = 16,  // D T8: done high before the first launch after reset
                       V_X           = 17;  // D T13: an output X or Z out of reset (4-state simulators only)

    // a record's beats come in this order; GPR and GPR_ROW beats share a place
    function [2:0] rank(input [2:0] kind);
        rank = (kind == BEAT_GPR_ROW) ? BEAT_GPR : kind;
    endfunction

    function [8*14-1:0] kind_name(input integer k);
        case (k)
        V_RESET_SHORT: kind_name = "reset-short";
        V_IMEM_WE:     kind_name = "imem-we";
        V_LAUNCH_ARGS: kind_name = "launch-warps";
        V_LAUNCH_BUSY: kind_name = "launch-busy";
        V_STEP_RUN:    kind_name = "step-with-run";
        V_BD_HOLD:     kind_name = "bd-hold";
        V_BD_BUSY:     kind_name = "bd-busy";
        V_MEM_ACK:     kind_name = "mem-ack";
        V_MEM_HOLD:    kind_name = "mem-hold";
        V_MEM_REQ:     kind_name = "mem-request";
        V_RT_HOLD:     kind_name = "retire-hold";
        V_RT_ORDER:    kind_name = "retire-order";
        V_RT_END:      kind_name = "retire-end";
        V_RT_FIELDS:   kind_name = "retire-fields";
        V_BUSY:        kind_name = "busy";
        V_BD_ACK:      kind_name = "bd-ack";
        V_DONE:        kind_name = "done";
        default:       kind_name = "x-output";
        endcase
    endfunction

    // ------------------------------------------------------------ shared context
    // cycle count, the reset sweep (reset until busy first low), launches
    reg [63:0] cycle;
    reg        sweep;          // rst_n low, or released and busy not yet low once
    reg        launched;       // a launch since reset
    reg [6:0]  nwarps;         // launch_warps of the last launch
    reg        rec_open;       // a HEAD was taken and its END not yet
    reg [31:0] warps_read;     // capability word WARPS as the board read it, 0 before (backdoor block)
    reg        launch_q, step_q;
    initial begin
        cycle = 64'd0; sweep = 1'b1; launched = 1'b0; nwarps = 7'd0;
        launch_q = 1'b0; step_q = 1'b0;
    end
    // an instruction is in flight: busy, out of the sweep, not a backdoor access
    // (T8: a DUT may hold busy for an access from the edge that takes it
    // through its bd_ack cycle, in which the board may already drop bd_req)
    wire inflight = busy && !sweep && !bd_req && !bd_ack;
    // the most warps a launch may start: CAP_WARPS, else what the core says
    // it has (capability word WARPS, once the board has read it), else the
    // contract's most
    wire [31:0] warps_limit = CAP_WARPS != 0 ? CAP_WARPS : warps_read != 32'd0 ? warps_read : CONTRACT_MAX_WARPS;

    always @(posedge clk) begin
        cycle <= cycle + 64'd1;
        if (!rst_n) sweep <= 1'b1;
        else if (!busy) sweep <= 1'b0;
        launch_q <= launch; step_q <= step;
        if (!rst_n) launched <= 1'b0;
        else if (launch && !launch_q) begin launched <= 1'b1; nwarps <= launch_warps; end
    end

    // each rule group counts in its own always block (no variable has two
    // writers); the outputs add them up
    reg [31:0] n_ctl, n_mem, n_rt, n_bd;
    reg [17:0] k_ctl, k_mem, k_rt, k_bd;
    initial begin
        n_ctl = 0; n_mem = 0; n_rt = 0; n_bd = 0; k_ctl = 0; k_mem = 0; k_rt = 0; k_bd = 0;
    end
    assign violations = n_ctl + n_mem + n_rt + n_bd;
    assign kinds = k_ctl | k_mem | k_rt | k_bd;

    // ------------------------------------------------------------ reset, load, launch, step, done
    reg [31:0] low_cycles;
    initial low_cycles = 32'd0;
    always @(posedge clk) begin : control
        reg [17:0] hit;
        hit = 18'd0;
        low_cycles <= rst_n ? 32'd0 : low_cycles + 32'd1;
        if (rst_n && low_cycles != 32'd0 && low_cycles < 32'd2) hit[V_RESET_SHORT] = 1'b1;
        if (imem_we && (!rst_n || inflight)) hit[V_IMEM_WE] = 1'b1;
        if (rst_n && launch && !launch_q) begin
            if (launch_warps == 7'd0 || {25'd0, launch_warps} > warps_limit) hit[V_LAUNCH_ARGS] = 1'b1;
            if (inflight) hit[V_LAUNCH_BUSY] = 1'b1;
        end
        if (rst_n && step && !step_q && run) hit[V_STEP_RUN] = 1'b1;
        if (rst_n && !sweep && done && !launched) hit[V_DONE] = 1'b1;
        if (rst_n && !sweep && ((^{busy, done, rt_valid, mem_req, bd_ack}) === 1'bx)) hit[V_X] = 1'b1;
        report(hit, "control");
        if (hit != 18'd0) begin n_ctl <= n_ctl + count(hit); k_ctl <= k_ctl | hit; end
    end

    // ------------------------------------------------------------ memory port
    reg        mem_wait;       // a request was presented and not acknowledged
    reg [102:0] mem_q;         // the request as it was presented
    wire [102:0] mem_now = {mem_we, mem_space, mem_bank, mem_addr, mem_wdata};
    initial begin mem_wait = 1'b0; mem_q = 103'd0; end
    always @(posedge clk) begin : memory
        reg [17:0] hit;
        hit = 18'd0;
        if (rst_n) begin
            if (mem_ack && !mem_req) hit[V_MEM_ACK] = 1'b1;
            if (mem_wait && (!mem_req || mem_now != mem_q)) hit[V_MEM_HOLD] = 1'b1;
            if (mem_req && (mem_addr[1:0] != 2'd0 || (mem_space && mem_we))) hit[V_MEM_REQ] = 1'b1;
            if (mem_req && !busy) hit[V_BUSY] = 1'b1;
            if (mem_req && ((^{mem_we, mem_space, mem_addr}) === 1'bx)) hit[V_X] = 1'b1;
        end
        mem_wait <= rst_n && mem_req && !mem_ack;
        mem_q <= mem_now;
        report(hit, "memory");
        if (hit != 18'd0) begin n_mem <= n_mem + count(hit); k_mem <= k_mem | hit; end
    end

    // ------------------------------------------------------------ retire port
    reg         rt_wait;       // a beat was presented and not taken
    reg [1342:0] rt_q;
    wire [1342:0] rt_now = {rt_kind, rt_warp, rt_pc, rt_insn, rt_mask_a, rt_mask_b, rt_index, rt_lane, rt_data, rt_status,
                            rt_row};
    reg [2:0]   last_kind;     // the last beat taken within the open record
    reg         lane_declared; // FEATURES, as the board read it, declares TRAP_LANE (backdoor block)
    reg [15:0]  n_beats, n_state_beats;   // beats after HEAD: all, and those other than MEM
    // the open record's HEAD: active and exec masks, a zero word, a BRA
    reg [31:0]  h_active, h_exec;
    reg         h_zero, h_bra;
    initial begin
        rt_wait = 1'b0; rt_q = 1343'd0; rec_open = 1'b0; last_kind = BEAT_HEAD; n_beats = 0; n_state_beats = 0;
        h_active = 32'd0; h_exec = 32'd0; h_zero = 1'b0; h_bra = 1'b0;
    end
    // END's branch lanes: a retired BRA's exec mask, 0 for every other record
    wire [31:0] end_branch = (rt_status == STATUS_RETIRED && h_bra) ? h_exec : 32'd0;
    // a trap before execution: the HEAD the model gives (README, "What HEAD and END carry")
    wire end_fetch_bad = rt_status == STATUS_TRAP &&
        ((rt_data == {24'd0, TRAP_ILLEGAL_ENCODING} && h_exec != 32'd0) ||
         (rt_data == {24'd0, TRAP_PC_OUT_OF_RANGE} && (h_exec != 32'd0 || h_active == 32'd0 || !h_zero)) ||
         (rt_data == {24'd0, TRAP_CONVERGENCE_DEADLOCK} && (h_exec != 32'd0 || h_active != 32'd0 || !h_zero)));
    always @(posedge clk) begin : retire
        reg [17:0] hit;
        hit = 18'd0;
        if (rst_n) begin
            if (rt_wait && (!rt_valid || rt_now != rt_q)) hit[V_RT_HOLD] = 1'b1;
            if ((rt_valid || rec_open) && !busy) hit[V_BUSY] = 1'b1;
            if (rt_valid && ((^rt_kind) === 1'bx)) hit[V_X] = 1'b1;
        end
        if (!rst_n) begin
            rec_open <= 1'b0;
        end else if (rt_valid && rt_ready) begin
            case (rt_kind)
            BEAT_HEAD: begin
                if (rec_open) hit[V_RT_ORDER] = 1'b1;
                if (!launched || rt_warp >= nwarps || (rt_mask_b & ~rt_mask_a) != 32'd0) hit[V_RT_FIELDS] = 1'b1;
                rec_open <= 1'b1; last_kind <= BEAT_HEAD; n_beats <= 16'd0; n_state_beats <= 16'd0;
                h_active <= rt_mask_a; h_exec <= rt_mask_b; h_zero <= rt_insn == 128'd0;
                h_bra <= rt_insn[F_OPTYPE +: F_OPTYPE_W] == OP_BRA;
            end
            BEAT_END: begin
                if (!rec_open) hit[V_RT_ORDER] = 1'b1;
                if (rt_status > STATUS_UNIMPLEMENTED ||
                    (rt_status == STATUS_TRAP && (rt_data == 32'd0 || rt_data > {24'd0, TRAP_MAX} || n_state_beats != 16'd0)) ||
                    (rt_status == STATUS_UNIMPLEMENTED && n_beats != 16'd0) ||
                    rt_mask_a != end_branch || end_fetch_bad) hit[V_RT_END] = 1'b1;
                // a trap whose code names a lane names one that executes (the DUT declared TRAP_LANE)
                if (rt_status == STATUS_TRAP && lane_declared && rt_data < 32'd32 && TRAP_LANE_CODES[rt_data[4:0]] &&
                    !h_exec[rt_lane]) hit[V_RT_END] = 1'b1;
                rec_open <= 1'b0;
            end
            default: begin      // GPR, GPR_ROW, PRED, UR, UPRED, MEM
                if (!rec_open || rank(rt_kind) < rank(last_kind)) hit[V_RT_ORDER] = 1'b1;
                if (((rt_kind == BEAT_GPR || rt_kind == BEAT_GPR_ROW) && rt_index == 8'd255) ||
                    ((rt_kind == BEAT_GPR_ROW || rt_kind == BEAT_PRED) && rt_mask_a == 32'd0) ||
                    ((rt_kind == BEAT_PRED || rt_kind == BEAT_UPRED) && rt_index >= 8'd7) ||
                    (rt_kind == BEAT_UR && rt_index >= 8'd63) ||
                    (rt_kind == BEAT_MEM && rt_index > 8'd3)) hit[V_RT_FIELDS] = 1'b1;
                last_kind <= rt_kind;
                n_beats <= n_beats + 16'd1;
                if (rt_kind != BEAT_MEM) n_state_beats <= n_state_beats + 16'd1;
            end
            endcase
        end
        rt_wait <= rst_n && rt_valid && !rt_ready;
        rt_q <= rt_now;
        report(hit, "retire");
        if (hit != 18'd0) begin n_rt <= n_rt + count(hit); k_rt <= k_rt | hit; end
    end

    // ------------------------------------------------------------ state backdoor
    reg        bd_wait, bd_req_q, bd_ack_q;
    reg [56:0] bd_q;
    wire [56:0] bd_now = {bd_we, bd_space, bd_warp, bd_index, bd_lane, bd_wdata};
    initial begin
        bd_wait = 1'b0; bd_req_q = 1'b0; bd_ack_q = 1'b0; bd_q = 57'd0; lane_declared = 1'b0; warps_read = 32'd0;
    end
    always @(posedge clk) begin : backdoor
        reg [17:0] hit;
        hit = 18'd0;
        if (rst_n) begin
            // bd_ack is high for the cycle after the edge that took the request:
            // in that cycle the board may already drop it or present the next one
            if (bd_wait && !bd_ack && (!bd_req || bd_now != bd_q)) hit[V_BD_HOLD] = 1'b1;
            if (bd_req && !bd_req_q && busy && !sweep) hit[V_BD_BUSY] = 1'b1;
            if (bd_ack && (!bd_req_q || bd_ack_q)) hit[V_BD_ACK] = 1'b1;
            // the capability word FEATURES read (bd_q: the request, held until the edge before bd_ack)
            if (bd_ack && !bd_q[56] && bd_q[55:52] == BD_CAP && bd_q[44:37] == CAPW_FEATURES)
                lane_declared <= bd_rdata[FEAT_TRAP_LANE];
            if (bd_ack && !bd_q[56] && bd_q[55:52] == BD_CAP && bd_q[44:37] == CAPW_WARPS)
                warps_read <= bd_rdata;
        end
        bd_wait <= rst_n && bd_req && !bd_ack;
        bd_req_q <= bd_req; bd_ack_q <= bd_ack;
        bd_q <= bd_now;
        report(hit, "backdoor");
        if (hit != 18'd0) begin n_bd <= n_bd + count(hit); k_bd <= k_bd | hit; end
    end

    // ------------------------------------------------------------ reporting
    // this instance's name (%m inside the task would name the task)
    reg [8*128-1:0] where;
    initial $sformat(where, "%m");

    function [31:0] count(input [17:0] hit);
        integer k;
        begin
            count = 32'd0;
            for (k = 0; k < 18; k = k + 1) count = count + {31'd0, hit[k]};
        end
    endfunction

    task report(input [17:0] hit, input [8*8-1:0] group);
        integer k;
        begin
            if (QUIET == 0)
                for (k = 0; k < 18; k = k + 1)
                    if (hit[k]) $display("gpu_port_checker %0s: cycle %0d: %0s (%0s)", where, cycle, kind_name(k), group);
        end
    endtask
endmodule
