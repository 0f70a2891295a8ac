// checker_mutant_tb: proves gpu_port_checker. No DUT: the testbench drives
// both sides of the port itself and, after a clean reset each time, plants
// one violation of each kind the checker knows (and the GPR_ROW beat's own
// ones: out of order, RZ, no lane, changed before taken; and a lane trap
// naming a lane that does not execute, once FEATURES declared TRAP_LANE); the
// checker must flag that kind and no other. A well-behaved instruction (GPR
// and GPR_ROW beats among its beats) must flag nothing, and so must a lane
// trap naming an executing lane.
// Ends with "checker mutants: PASS" or "checker mutants: FAIL" (the CTest
// scripts look for them). The X/Z kind needs a 4-state simulator: it is
// reported as not applicable under Verilator.
module checker_mutant_tb;
    localparam integer CAP_WARPS = 2;
    reg clk = 1'b0;
    always #5 clk = ~clk;

    // the board's side
    reg          rst_n = 1'b0, imem_we = 1'b0, launch = 1'b0, run = 1'b0, step = 1'b0;
    reg  [6:0]   launch_warps = 7'd1;
    reg          mem_ack = 1'b0, rt_ready = 1'b1;
    reg          bd_req = 1'b0, bd_we = 1'b0;
    reg  [3:0]   bd_space = 4'd0;
    reg  [7:0]   bd_index = 8'd0;
    // the DUT's side, played by the testbench
    reg          busy = 1'b1, done = 1'b0;
    reg          mem_req = 1'b0, mem_we = 1'b0, mem_space = 1'b0;
    reg  [63:0]  mem_addr = 64'd0;
    reg          rt_valid = 1'b0;
    reg  [2:0]   rt_kind = 3'd0;
    reg  [6:0]   rt_warp = 7'd0;
    reg  [7:0]   rt_index = 8'd0, rt_status = 8'd0;
    reg  [31:0]  rt_data = 32'd0, rt_mask_a = 32'd0, rt_mask_b = 32'd0;
    reg  [4:0]   rt_lane = 5'd0;
    reg  [31:0]  bd_rdata = 32'd0;
    reg  [127:0] rt_insn = 128'd0;
    reg  [1023:0] rt_row = 1024'd0;
    reg          bd_ack = 1'b0;

    wire [31:0] violations;
    wire [17:0] kinds;
    gpu_port_checker #(.CAP_WARPS(CAP_WARPS)) chk (
        .clk(clk), .rst_n(rst_n), .imem_we(imem_we), .imem_addr(16'd0), .imem_wdata(128'd0),
        .launch(launch), .launch_warps(launch_warps), .launch_entry(64'd0), .run(run), .step(step),
        .busy(busy), .done(done),
        .mem_req(mem_req), .mem_we(mem_we), .mem_space(mem_space), .mem_bank(5'd0), .mem_addr(mem_addr),
        .mem_wdata(32'd0), .mem_ack(mem_ack), .mem_rdata(32'd0), .mem_err(1'b0),
        .rt_valid(rt_valid), .rt_ready(rt_ready), .rt_kind(rt_kind), .rt_warp(rt_warp), .rt_pc(64'd0),
        .rt_insn(rt_insn), .rt_mask_a(rt_mask_a), .rt_mask_b(rt_mask_b), .rt_index(rt_index),
        .rt_lane(rt_lane), .rt_data(rt_data), .rt_status(rt_status), .rt_row(rt_row),
        .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_warp(7'd0), .bd_index(bd_index),
        .bd_lane(5'd0), .bd_wdata(32'd0), .bd_ack(bd_ack), .bd_rdata(bd_rdata),
        .violations(violations), .kinds(kinds));

    task cycles(input integer n);
        repeat (n) @(negedge clk);
    endtask

    // rst_n low 3 cycles, then a 2-cycle "sweep" with busy high
    task clean_reset;
        begin
            rst_n = 1'b0; busy = 1'b1; done = 1'b0; cycles(3);
            rst_n = 1'b1; cycles(2);
            busy = 1'b0; cycles(2);
        end
    endtask

    task good_launch;
        begin launch = 1'b1; launch_warps = 7'd1; cycles(1); launch = 1'b0; cycles(1); end
    endtask

    `include "gpu_port.vh"
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_contract.vh"
    `include "gpu_isa.vh"
    /* verilator lint_on UNUSEDPARAM */

    // the board reads the capability word FEATURES: TRAP_LANE declared
    task read_features;
        begin
            bd_req = 1'b1; bd_we = 1'b0; bd_space = BD_CAP; bd_index = CAPW_FEATURES; cycles(1);
            bd_req = 1'b0; bd_ack = 1'b1; bd_rdata = 32'd1 << FEAT_TRAP_LANE; cycles(1);
            bd_ack = 1'b0; bd_rdata = 32'd0; bd_space = 4'd0; bd_index = 8'd0;
        end
    endtask

    // a trap of lanes 8..11 (HEAD's active and exec masks) at a misaligned address, whose END names `lane`
    task lane_trap(input [4:0] lane);
        begin
            rt_mask_a = 32'h00000f00; rt_mask_b = 32'h00000f00; beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0); rt_mask_b = 32'd0;
            rt_lane = lane; beat(BEAT_END, 7'd0, 8'd0, STATUS_TRAP, {24'd0, TRAP_MISALIGNED_ADDRESS}); rt_lane = 5'd0;
        end
    endtask

    // one retire beat, taken at once (a PRED beat writes lane 0)
    task beat(input [2:0] kind, input [6:0] warp, input [7:0] index, input [7:0] status, input [31:0] data);
        begin
            rt_valid = 1'b1; rt_kind = kind; rt_warp = warp; rt_index = index; rt_status = status; rt_data = data;
            if (kind == BEAT_PRED) rt_mask_a = 32'd1;
            cycles(1);
            rt_valid = 1'b0; rt_mask_a = 32'd0;
        end
    endtask

    // one beat of warp 0 with its masks and instruction word, taken at once
    task beat_m(input [2:0] kind, input [7:0] status, input [31:0] data, input [31:0] mask_a, input [31:0] mask_b,
                input [127:0] insn);
        begin
            rt_valid = 1'b1; rt_kind = kind; rt_warp = 7'd0; rt_index = 8'd0; rt_status = status; rt_data = data;
            rt_mask_a = mask_a; rt_mask_b = mask_b; rt_insn = insn;
            cycles(1);
            rt_valid = 1'b0; rt_mask_a = 32'd0; rt_mask_b = 32'd0; rt_insn = 128'd0;
        end
    endtask
    // a record: HEAD (active, exec, word), END (status, code, branch lanes)
    task record(input [31:0] active, input [31:0] exec, input [127:0] insn, input [7:0] status, input [31:0] code,
                input [31:0] branch);
        begin
            busy = 1'b1;
            beat_m(BEAT_HEAD, 8'd0, 32'd0, active, exec, insn);
            beat_m(BEAT_END, status, code, branch, 32'd0, 128'd0);
            busy = 1'b0; cycles(1);
        end
    endtask
    localparam [127:0] W_BRA = {120'd0, OP_BRA}, W_NOP = {120'd0, OP_NOP};

    // a GPR_ROW beat of warp 0, taken at once
    task row_beat(input [7:0] index, input [31:0] lanes, input [31:0] base);
        integer l;
        begin
            rt_valid = 1'b1; rt_kind = BEAT_GPR_ROW; rt_warp = 7'd0; rt_index = index; rt_mask_a = lanes;
            for (l = 0; l < 32; l = l + 1) rt_row[32 * l +: 32] = base + l;
            cycles(1);
            rt_valid = 1'b0; rt_mask_a = 32'd0;
        end
    endtask

    // the checker's outputs as of the last rising edge (read at falling ones)
    reg [17:0] kinds_q = 18'd0;
    reg [31:0] violations_q = 32'd0;
    always @(posedge clk) begin kinds_q <= kinds; violations_q <= violations; end
    reg [17:0] planted = 18'd0;    // kinds planted so far: the only ones allowed
    reg        failed = 1'b0;
    integer    n_before;
    task expect_kind(input integer k, input [8*40-1:0] name);
        begin   // (no delay in here: Verilator 5.006 loses task arguments across one)
            planted = planted | (18'd1 << k);
            // (the count rose since n_before: this mutant was flagged; kinds only planted ones)
            if (violations_q > n_before && (kinds_q & (18'd1 << k)) != 18'd0 && (kinds_q & ~planted) == 18'd0)
                $display("mutant %0s: flagged", name);
            else begin
                $display("mutant %0s: NOT flagged as the only kind (kinds %b, planted %b, violations %0d, %0d before)", name, kinds_q, planted, violations, n_before);
                failed = 1'b1;
            end
        end
    endtask

    initial begin
        // a clean instruction first: nothing may be flagged
        clean_reset; good_launch;
        busy = 1'b1; cycles(1);
        beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0); beat(BEAT_GPR, 7'd0, 8'd4, 8'd0, 32'd1);
        row_beat(8'd5, 32'hffff0001, 32'h100); beat(BEAT_GPR, 7'd0, 8'd4, 8'd0, 32'd1);
        row_beat(8'd4, 32'h80000000, 32'h200);
        beat(BEAT_PRED, 7'd0, 8'd1, 8'd0, 32'd0); beat(BEAT_END, 7'd0, 8'd0, 8'd0, 32'd0);
        busy = 1'b0; cycles(3);
        if (violations != 32'd0) begin $display("clean instruction: %0d violations", violations); failed = 1'b1; end
        else $display("clean instruction: nothing flagged");
        read_features; busy = 1'b1; cycles(1); lane_trap(5'd9); busy = 1'b0; cycles(3);
        if (violations != 32'd0) begin $display("clean lane trap: %0d violations", violations); failed = 1'b1; end
        else $display("clean lane trap (lane 9 of lanes 8..11): nothing flagged");

        // T8: a core with one-cycle reads that holds busy through its bd_ack
        // cycle; the board drops bd_req there, loads a word and launches in
        // that cycle, then presents the next request: nothing is flagged
        bd_req = 1'b1; bd_space = 4'd0; cycles(1);
        busy = 1'b1; bd_ack = 1'b1; bd_req = 1'b0; imem_we = 1'b1; launch = 1'b1; launch_warps = 7'd1; cycles(1);
        busy = 1'b0; bd_ack = 1'b0; imem_we = 1'b0; launch = 1'b0; bd_req = 1'b1; cycles(1);
        busy = 1'b1; bd_ack = 1'b1; cycles(1);
        busy = 1'b0; bd_ack = 1'b0; bd_req = 1'b0; cycles(3);
        if (violations != 32'd0) begin $display("backdoor with busy in its bd_ack cycle: %0d violations", violations); failed = 1'b1; end
        else $display("backdoor with busy in its bd_ack cycle: nothing flagged");

        // records as the model gives them: a BRA's branch lanes are its exec
        // mask (none when no lane executes), any other END has none; traps
        // before execution: ILLEGAL_ENCODING exec 0, PC_OUT_OF_RANGE word 0,
        // exec 0 and its lanes, CONVERGENCE_DEADLOCK word and masks 0
        clean_reset; good_launch;
        record(32'hffffffff, 32'h0000ff00, W_BRA, STATUS_RETIRED, 32'd0, 32'h0000ff00);
        record(32'hffffffff, 32'd0, W_BRA, STATUS_RETIRED, 32'd0, 32'd0);
        record(32'h0000000f, 32'h00000005, W_NOP, STATUS_RETIRED, 32'd0, 32'd0);
        record(32'h0000000f, 32'h00000005, W_BRA, STATUS_UNIMPLEMENTED, 32'd0, 32'd0);
        record(32'h0000000f, 32'd0, 128'hffff, STATUS_TRAP, {24'd0, TRAP_ILLEGAL_ENCODING}, 32'd0);
        record(32'h0000000f, 32'd0, 128'd0, STATUS_TRAP, {24'd0, TRAP_PC_OUT_OF_RANGE}, 32'd0);
        record(32'd0, 32'd0, 128'd0, STATUS_TRAP, {24'd0, TRAP_CONVERGENCE_DEADLOCK}, 32'd0);
        cycles(3);
        if (violations != 32'd0) begin $display("records as the model gives them: %0d violations", violations); failed = 1'b1; end
        else $display("records as the model gives them: nothing flagged");

        clean_reset; n_before = violations;
        rst_n = 1'b0; cycles(1); rst_n = 1'b1;
        cycles(3); expect_kind(0, "reset-short");

        clean_reset; n_before = violations;
        rst_n = 1'b0; imem_we = 1'b1; cycles(3); imem_we = 1'b0; rst_n = 1'b1; cycles(2); busy = 1'b0;
        cycles(3); expect_kind(1, "imem-we");

        clean_reset; n_before = violations;
        launch = 1'b1; launch_warps = CAP_WARPS[6:0] + 7'd1; cycles(1); launch = 1'b0;
        cycles(3); expect_kind(2, "launch-warps");

        clean_reset; n_before = violations;
        busy = 1'b1; cycles(1); launch = 1'b1; launch_warps = 7'd1; cycles(1); launch = 1'b0; busy = 1'b0;
        cycles(3); expect_kind(3, "launch-busy");

        clean_reset; n_before = violations;
        run = 1'b1; cycles(1); step = 1'b1; cycles(1); step = 1'b0; run = 1'b0;
        cycles(3); expect_kind(4, "step-with-run");

        clean_reset; n_before = violations;
        bd_req = 1'b1; bd_space = 4'd8; cycles(1); bd_req = 1'b0;
        cycles(3); expect_kind(5, "bd-hold");

        clean_reset; n_before = violations;
        busy = 1'b1; cycles(1); bd_req = 1'b1; cycles(1); bd_ack = 1'b1; cycles(1);
        bd_ack = 1'b0; bd_req = 1'b0; busy = 1'b0;
        cycles(3); expect_kind(6, "bd-busy");

        clean_reset; n_before = violations;   // busy past the bd_ack cycle (T8): the next request shows it
        bd_req = 1'b1; cycles(1); busy = 1'b1; bd_ack = 1'b1; bd_req = 1'b0; cycles(1);
        bd_ack = 1'b0; bd_req = 1'b1; cycles(1); busy = 1'b0; bd_ack = 1'b1; cycles(1);
        bd_ack = 1'b0; bd_req = 1'b0;
        cycles(3); expect_kind(6, "bd-busy (busy past its bd_ack cycle)");

        clean_reset; n_before = violations;
        mem_ack = 1'b1; cycles(1); mem_ack = 1'b0;
        cycles(3); expect_kind(7, "mem-ack");

        clean_reset; n_before = violations;
        busy = 1'b1; mem_req = 1'b1; mem_addr = 64'h1000; cycles(1); mem_req = 1'b0; cycles(1); busy = 1'b0;
        cycles(3); expect_kind(8, "mem-hold");

        clean_reset; n_before = violations;
        busy = 1'b1; mem_req = 1'b1; mem_addr = 64'h1002; mem_ack = 1'b1; cycles(1);
        mem_req = 1'b0; mem_ack = 1'b0; busy = 1'b0;
        cycles(3); expect_kind(9, "mem-request");

        clean_reset; n_before = violations;
        busy = 1'b1; rt_ready = 1'b0; rt_valid = 1'b1; rt_kind = 3'd0; cycles(1);
        rt_valid = 1'b0; cycles(1); rt_ready = 1'b1; busy = 1'b0;
        cycles(3); expect_kind(10, "retire-hold");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0);
        rt_ready = 1'b0; rt_valid = 1'b1; rt_kind = BEAT_GPR_ROW; rt_index = 8'd2; rt_mask_a = 32'h00000004;
        cycles(1); rt_row[95:64] = 32'hdead; cycles(1); rt_ready = 1'b1; cycles(1); rt_valid = 1'b0; rt_mask_a = 32'd0;
        beat(BEAT_END, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(10, "retire-hold (GPR_ROW values)");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(3'd0, 7'd0, 8'd0, 8'd0, 32'd0); beat(3'd2, 7'd0, 8'd0, 8'd0, 32'd0);
        beat(3'd1, 7'd0, 8'd0, 8'd0, 32'd0); beat(3'd6, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(11, "retire-order");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0); beat(BEAT_PRED, 7'd0, 8'd0, 8'd0, 32'd0);
        row_beat(8'd3, 32'd1, 32'd0); beat(BEAT_END, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(11, "retire-order (GPR_ROW after PRED)");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(3'd0, 7'd0, 8'd0, 8'd0, 32'd0); beat(3'd6, 7'd0, 8'd0, 8'd3, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(12, "retire-end");

        clean_reset; good_launch; read_features; n_before = violations;
        busy = 1'b1; cycles(1); lane_trap(5'd3); busy = 1'b0;
        cycles(3); expect_kind(12, "retire-end (trap lane not executing)");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(3'd0, 7'd1, 8'd0, 8'd0, 32'd0); beat(3'd6, 7'd1, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(13, "retire-fields");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0); row_beat(8'd255, 32'd1, 32'd0);
        beat(BEAT_END, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(13, "retire-fields (GPR_ROW to RZ)");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0); row_beat(8'd8, 32'd0, 32'd0);
        beat(BEAT_END, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(13, "retire-fields (GPR_ROW with no lane)");

        clean_reset; good_launch; n_before = violations;
        record(32'h0000000f, 32'h00000005, W_NOP, STATUS_RETIRED, 32'd0, 32'h00000001);
        cycles(3); expect_kind(12, "retire-end (branch lanes of a NOP)");

        clean_reset; good_launch; n_before = violations;
        record(32'h0000000f, 32'h00000005, W_BRA, STATUS_RETIRED, 32'd0, 32'h0000000f);
        cycles(3); expect_kind(12, "retire-end (BRA lanes but exec)");

        clean_reset; good_launch; n_before = violations;
        record(32'h0000000f, 32'h00000005, W_BRA, STATUS_TRAP, {24'd0, TRAP_MEMORY_RANGE}, 32'h00000005);
        cycles(3); expect_kind(12, "retire-end (branch lanes of a trap)");

        clean_reset; good_launch; n_before = violations;
        record(32'h0000000f, 32'h0000000f, 128'd0, STATUS_TRAP, {24'd0, TRAP_PC_OUT_OF_RANGE}, 32'd0);
        cycles(3); expect_kind(12, "retire-end (PC_OUT_OF_RANGE exec)");

        clean_reset; good_launch; n_before = violations;
        record(32'h00000001, 32'd0, 128'd0, STATUS_TRAP, {24'd0, TRAP_CONVERGENCE_DEADLOCK}, 32'd0);
        cycles(3); expect_kind(12, "retire-end (deadlock with lanes)");

        clean_reset; good_launch; n_before = violations;
        record(32'h0000000f, 32'h0000000f, 128'hffff, STATUS_TRAP, {24'd0, TRAP_ILLEGAL_ENCODING}, 32'd0);
        cycles(3); expect_kind(12, "retire-end (ILLEGAL_ENCODING exec)");

        clean_reset; good_launch; n_before = violations;
        record(32'h0000000f, 32'h00000010, W_NOP, STATUS_RETIRED, 32'd0, 32'd0);
        cycles(3); expect_kind(13, "retire-fields (exec outside active)");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(BEAT_HEAD, 7'd0, 8'd0, 8'd0, 32'd0); beat_m(BEAT_PRED, 8'd0, 32'd0, 32'd0, 32'd0, 128'd0);
        beat(BEAT_END, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(13, "retire-fields (PRED with no lane)");

        clean_reset; good_launch; n_before = violations;
        busy = 1'b1; beat(3'd0, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0; cycles(1);
        busy = 1'b1; beat(3'd6, 7'd0, 8'd0, 8'd0, 32'd0); busy = 1'b0;
        cycles(3); expect_kind(14, "busy");

        clean_reset; n_before = violations;
        bd_ack = 1'b1; cycles(1); bd_ack = 1'b0;
        cycles(3); expect_kind(15, "bd-ack");

        clean_reset; n_before = violations;
        done = 1'b1; cycles(1); done = 1'b0;
        cycles(3); expect_kind(16, "done");

`ifdef VERILATOR
        $display("mutant x-output: not applicable (2-state simulator)");
`else
        clean_reset; n_before = violations;
        busy = 1'bx; cycles(1); busy = 1'b0;
        cycles(3); expect_kind(17, "x-output");
`endif
        $display("checker mutants: %0s", failed ? "FAIL" : "PASS");
        $finish;
    end
endmodule
