// conformance_tb: a directed testbench of the DUT port contract
// (docs/port-contract.md), written from the contract alone, with
// gpu_port_checker watching every port. One conformance_run per CAP_WARPS
// (1, 2, 4, 8, 16, 32, 64), all in one simulation, the one of CAP_WARPS 1
// built without the optional fault-injection registers (FAULT_REGS 0); each prints
// "conformance CAP_WARPS=N: PASS" or a FAIL line with the cycle, and the run
// ends with "conformance: PASS" or "conformance: FAIL" (what the CTest
// scripts look for: Verilog-2005 has no exit status).
//
//   $ verilator --binary --timing -Ibuild/hdl_generated --top-module conformance_tb \
//       hdl_stubs/*.v hdl_stubs/contract/gpu_port_checker.v hdl_stubs/contract/conformance_tb.v
//   $ iverilog -g2005 -Ibuild/hdl_generated -s conformance_tb -o c.vvp (same files) && vvp c.vvp
//
// Plain Verilog-2005 with delays (Verilator needs --timing).
module conformance_tb;
    parameter [6:0] SIZES = 7'b1111111;   // bit g: run CAP_WARPS = 2**g
    reg clk = 1'b0;
    always #5 clk = ~clk;

    wire [6:0] finished, failed;
    genvar g;
    generate for (g = 0; g < 7; g = g + 1) begin : cap
        if (SIZES[g]) begin : on
            conformance_run #(.CAP_WARPS(1 << g), .FAULT_REGS(g != 0 ? 1 : 0)) run (
                .clk(clk), .finished(finished[g]), .failed(failed[g]));
        end else begin : off
            assign finished[g] = 1'b1;
            assign failed[g] = 1'b0;
        end
    end endgenerate

    initial begin : top
        integer n;
        n = 0;
        while (finished != 7'h7f && n < 4000000) begin
            @(posedge clk);
            n = n + 1;
        end
        if (finished != 7'h7f) $display("conformance: FAIL (timeout: finished %b)", finished);
        else if (failed != 7'd0) $display("conformance: FAIL (%b)", failed);
        else $display("conformance: PASS");
        $finish;
    end
endmodule

// One stand-in core, its checker, a board model (memory with three ack styles,
// retire back-pressure) and the directed sequence.
module conformance_run #(
    parameter integer CAP_WARPS = 4,
    parameter integer FAULT_REGS = 1      // the core has the optional fault-injection registers
) (
    input  wire clk,
    output reg  finished,
    output reg  failed
);
    `include "gpu_contract.vh"
    `include "gpu_port.vh"
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"     // ISA_IMPLEMENTED: the capability words
    `include "gpu_tolerance.vh" // the declared bounds: the capability words 16..
    /* verilator lint_on UNUSEDPARAM */

    // ------------------------------------------------------------------ the DUT
    reg          rst_n = 1'b0, imem_we = 1'b0, launch = 1'b0, run = 1'b0, step = 1'b0;
    reg  [15:0]  imem_addr = 16'd0;
    reg  [127:0] imem_wdata = 128'd0;
    reg  [6:0]   launch_warps = 7'd0;
    reg  [63:0]  launch_entry = 64'd0;
    wire         busy, done;
    wire         mem_req, mem_we, mem_space;
    wire [4:0]   mem_bank;
    wire [63:0]  mem_addr;
    wire [31:0]  mem_wdata;
    wire         mem_ack;
    wire [31:0]  mem_rdata;
    wire         mem_err;
    wire         rt_valid;
    reg          rt_ready = 1'b1;
    wire [2:0]   rt_kind;
    wire [6:0]   rt_warp;
    wire [63:0]  rt_pc;
    wire [127:0] rt_insn;
    wire [31:0]  rt_mask_a, rt_mask_b, rt_data;
    wire [7:0]   rt_index, rt_status;
    wire [4:0]   rt_lane;
    wire [1023:0] rt_row;
    reg          bd_req = 1'b0, bd_we = 1'b0;
    reg  [3:0]   bd_space = 4'd0;
    reg  [6:0]   bd_warp = 7'd0;
    reg  [7:0]   bd_index = 8'd0;
    reg  [4:0]   bd_lane = 5'd0;
    reg  [31:0]  bd_wdata = 32'd0;
    wire         bd_ack;
    wire [31:0]  bd_rdata;

    gpu_core #(.CAP_WARPS(CAP_WARPS), .FAULT_REGS(FAULT_REGS)) dut (
        .clk(clk), .rst_n(rst_n), .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .launch(launch), .launch_warps(launch_warps), .launch_entry(launch_entry), .run(run), .step(step),
        .busy(busy), .done(done),
        .mem_req(mem_req), .mem_we(mem_we), .mem_space(mem_space), .mem_bank(mem_bank), .mem_addr(mem_addr),
        .mem_wdata(mem_wdata), .mem_ack(mem_ack), .mem_rdata(mem_rdata), .mem_err(mem_err),
        .rt_valid(rt_valid), .rt_ready(rt_ready), .rt_kind(rt_kind), .rt_warp(rt_warp), .rt_pc(rt_pc),
        .rt_insn(rt_insn), .rt_mask_a(rt_mask_a), .rt_mask_b(rt_mask_b), .rt_index(rt_index),
        .rt_lane(rt_lane), .rt_data(rt_data), .rt_status(rt_status), .rt_row(rt_row),
        .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_warp(bd_warp), .bd_index(bd_index),
        .bd_lane(bd_lane), .bd_wdata(bd_wdata), .bd_ack(bd_ack), .bd_rdata(bd_rdata));

    wire [31:0] violations;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [17:0] kinds;
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [31:0] violations_q = 32'd0;   // as of the last rising edge (read at falling ones)
    always @(posedge clk) violations_q <= violations;
    gpu_port_checker #(.CAP_WARPS(CAP_WARPS)) chk (
        .clk(clk), .rst_n(rst_n), .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .launch(launch), .launch_warps(launch_warps), .launch_entry(launch_entry), .run(run), .step(step),
        .busy(busy), .done(done),
        .mem_req(mem_req), .mem_we(mem_we), .mem_space(mem_space), .mem_bank(mem_bank), .mem_addr(mem_addr),
        .mem_wdata(mem_wdata), .mem_ack(mem_ack), .mem_rdata(mem_rdata), .mem_err(mem_err),
        .rt_valid(rt_valid), .rt_ready(rt_ready), .rt_kind(rt_kind), .rt_warp(rt_warp), .rt_pc(rt_pc),
        .rt_insn(rt_insn), .rt_mask_a(rt_mask_a), .rt_mask_b(rt_mask_b), .rt_index(rt_index),
        .rt_lane(rt_lane), .rt_data(rt_data), .rt_status(rt_status), .rt_row(rt_row),
        .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_warp(bd_warp), .bd_index(bd_index),
        .bd_lane(bd_lane), .bd_wdata(bd_wdata), .bd_ack(bd_ack), .bd_rdata(bd_rdata),
        .violations(violations), .kinds(kinds));

    // ------------------------------------------------------------------ the program
    // Every thread: a[tid] += tid, and P1 = tid > 31 (so a PRED beat from warp 1 on).
    // Assembled with `gpuhost asm`; word k at byte address 16*k.
    localparam integer NPROG = 8;
    reg [127:0] prog [0:NPROG-1];
    initial begin
        prog[0] = 128'h00000000000000000000000800007088;   // S2R R0, SR_TID_X ;
        prog[1] = 128'h000000000001000000000000ff027192;   // LDC.64 R[2:3], c[0x0][RZ] ;      (&a[0])
        prog[2] = 128'h00001c3c000020020000000400047b32;   // IMAD.WIDE.U32 R[4:5], R0, 0x4, R[2:3] ;
        prog[3] = 128'h00000000000000000000000004067190;   // LDG R6, [R[4:5]] ;
        prog[4] = 128'h00001c3c000000000000000006077530;   // IADD R7, R6, R0 ;
        prog[5] = 128'h0000e7dc000220000000001f0000763b;   // ISETP.GT.AND.U32 P1, R0, 0x1f, PT ;
        prog[6] = 128'h00000000000000070000000004007191;   // STG [R[4:5]], R7 ;
        prog[7] = 128'h00000000000000000000000000007081;   // EXIT ;
    end
    // HADD2 R1, R2, R3 ; with Ra's .hsel2 = 3, a value HSel2 reserves: ILLEGAL_INSTRUCTION. (The
    // stand-in implements every optype: a trap halts a run as UNIMPLEMENTED would.)
    localparam [127:0] BAD = 128'h00000000000300000000000302017520;
    localparam [15:0]  BAD_AT = 16'd16;                                   // its instruction index
    localparam [63:0]  A_BASE = 64'h1000;                                 // a[] in global memory

    // ------------------------------------------------------------------ the board: memory
    // global a[0..2047] at A_BASE; constant bank 0 = {&a[0] low, high}; the
    // rest is out of range (mem_err). ack_style 0: combinational (mem_ack =
    // mem_req), 1: one cycle later, 2: 0..3 cycles later (slow, varying).
    reg [31:0] gmem [0:2047];
    reg        far_base = 1'b0;    // constant bank 0 points a[] at 0x100000: the board answers mem_err
    reg [1:0]  ack_style = 2'd0;
    reg        ack_r = 1'b0;
    reg [1:0]  ack_wait = 2'd0;
    reg [15:0] lfsr = 16'hace1;
    wire [63:0] a_off = mem_addr - A_BASE;
    wire        in_range = mem_space ? (mem_bank == 5'd0 && mem_addr < 64'd8)
                                     : (mem_addr >= A_BASE && a_off < 64'd8192);
    assign mem_ack = (ack_style == 2'd0) ? mem_req : ack_r;
    assign mem_err = !in_range;
    assign mem_rdata = !in_range ? 32'd0 : mem_space ? (mem_addr[2] ? A_BASE[63:32] : A_BASE[31:0] | {11'd0, far_base, 20'd0})
                                         : gmem[a_off[12:2]];
    always @(posedge clk) if (mem_req && mem_ack && mem_we && !mem_space && in_range) gmem[a_off[12:2]] <= mem_wdata;
    // the registered acks: raised at a falling edge, seen at the next rising one
    always @(negedge clk) begin
        lfsr <= {lfsr[14:0], lfsr[15] ^ lfsr[13] ^ lfsr[12] ^ lfsr[10]};
        if (!mem_req || ack_r) begin
            ack_r <= 1'b0; ack_wait <= lfsr[1:0];
        end else if (ack_style == 2'd1 || ack_wait == 2'd0) ack_r <= 1'b1;
        else ack_wait <= ack_wait - 2'd1;
    end

    // ------------------------------------------------------------------ the board: retire port
    // ready_style 0: always ready; 1: ready about half the cycles
    reg ready_style = 1'b0;
    always @(negedge clk) rt_ready <= !ready_style || lfsr[7];

    integer n_end = 0, n_head = 0, n_mem = 0, n_pred = 0, n_bad = 0, n_r7 = 0;
    reg [7:0]  last_status = 8'd0;
    reg [31:0] last_code = 32'd0;
    reg [4:0]  last_lane = 5'd0;
    reg [6:0]  head_warp = 7'd0;
    reg [63:0] head_pc = 64'd0;
    reg [31:0] head_active = 32'd0, head_exec = 32'd0;
    reg        head_zero = 1'b0;       // the HEAD's instruction word was 0
    // R7 = a[tid] + tid (IADD), lane by lane (GPR) or a warp at once (GPR_ROW)
    function [31:0] r7(input [6:0] warp, input [4:0] lane);
        r7 = init_a({25'd0, warp} * 32 + {27'd0, lane}) + {20'd0, warp, lane};
    endfunction
    always @(posedge clk) if (rt_valid && rt_ready) begin : beats
        integer l;
        case (rt_kind)
        BEAT_HEAD: begin
            n_head <= n_head + 1; head_warp <= rt_warp; head_pc <= rt_pc;
            head_active <= rt_mask_a; head_exec <= rt_mask_b; head_zero <= rt_insn == 128'd0;
        end
        BEAT_PRED: n_pred <= n_pred + 1;
        BEAT_GPR: if (rt_index == 8'd7) begin
            n_r7 <= n_r7 + 1;
            if (rt_data != r7(head_warp, rt_lane)) begin
                n_bad <= n_bad + 1;
                $display("conformance CAP_WARPS=%0d: GPR beat R7 warp %0d lane %0d: %h", CAP_WARPS, head_warp, rt_lane, rt_data);
            end
        end
        BEAT_GPR_ROW: if (rt_index == 8'd7) begin
            n_r7 <= n_r7 + 1;
            for (l = 0; l < 32; l = l + 1)
                if (rt_mask_a[l] && rt_row[32 * l +: 32] != r7(head_warp, l[4:0])) begin
                    n_bad <= n_bad + 1;
                    $display("conformance CAP_WARPS=%0d: GPR_ROW beat R7 warp %0d lane %0d: %h", CAP_WARPS, head_warp, l, rt_row[32 * l +: 32]);
                end
        end
        BEAT_MEM: begin
            // a[tid] + tid, to the thread's own word
            n_mem <= n_mem + 1;
            if (rt_pc != A_BASE + 64'd4 * ({57'd0, head_warp} * 64'd32 + {59'd0, rt_lane}) ||
                rt_data != init_a({25'd0, head_warp} * 32 + {27'd0, rt_lane}) + {20'd0, head_warp, rt_lane}) begin
                n_bad <= n_bad + 1;
                $display("conformance CAP_WARPS=%0d: MEM beat warp %0d lane %0d: %h at %h", CAP_WARPS, head_warp, rt_lane, rt_data, rt_pc);
            end
        end
        BEAT_END: begin n_end <= n_end + 1; last_status <= rt_status; last_code <= rt_data; last_lane <= rt_lane; end
        default: ;
        endcase
    end

    function [31:0] init_a(input [31:0] tid);
        init_a = 32'h5a000000 ^ (tid * 32'd2654435761);
    endfunction

    // ------------------------------------------------------------------ the directed sequence
    integer cycle = 0;
    always @(posedge clk) cycle <= cycle + 1;

    task fail(input [8*48-1:0] what, input [31:0] got, input [31:0] want);
        begin
            $display("conformance CAP_WARPS=%0d: FAIL at cycle %0d: %0s: got %h, want %h", CAP_WARPS, cycle, what, got, want);
            failed = 1'b1;
        end
    endtask

    task check(input [8*48-1:0] what, input [31:0] got, input [31:0] want);
        if (got !== want) fail(what, got, want);
    endtask

    task cycles(input integer n);
        repeat (n) @(negedge clk);
    endtask

    // one backdoor access: raised at a falling edge, held until bd_ack, dropped right after
    task bd(input we, input [3:0] space, input [6:0] warp, input [7:0] index, input [4:0] lane,
            input [31:0] wdata, output [31:0] rdata);
        integer n;
        begin
            bd_req = 1'b1; bd_we = we; bd_space = space; bd_warp = warp; bd_index = index;
            bd_lane = lane; bd_wdata = wdata;
            n = 0;
            @(negedge clk);
            while (!bd_ack && n < 100) begin @(negedge clk); n = n + 1; end
            if (!bd_ack) fail("bd_ack within 100 cycles", 32'd0, 32'd1);
            rdata = bd_rdata;
            bd_req = 1'b0;
        end
    endtask

    reg [31:0] rd;
    task bd_check(input [3:0] space, input [6:0] warp, input [7:0] index, input [4:0] lane, input [31:0] want,
                  input [8*48-1:0] what);
        begin
            bd(1'b0, space, warp, index, lane, 32'd0, rd);
            check(what, rd, want);
        end
    endtask

    task load_memory;
        integer k;
        for (k = 0; k < 2048; k = k + 1) gmem[k] = init_a(k);
    endtask

    task check_memory(input integer warps);
        integer k;
        for (k = 0; k < 2048; k = k + 1)
            if (gmem[k] !== (k < 32 * warps ? init_a(k) + k : init_a(k))) begin
                fail("a[] after the kernel", gmem[k], init_a(k) + k);
                k = 2048;
            end
    endtask

    task do_launch(input [6:0] warps, input [63:0] entry);
        begin
            launch = 1'b1; launch_warps = warps; launch_entry = entry;
            @(negedge clk);
            launch = 1'b0;
        end
    endtask

    // a step pulse `width` cycles wide, then until its END (or `limit` cycles)
    task step_one(input integer width, input integer limit);
        integer n, ends;
        begin
            ends = n_end;
            step = 1'b1;
            cycles(width);
            step = 1'b0;
            n = 0;
            while (n_end == ends && n < limit) begin @(negedge clk); n = n + 1; end
            cycles(2);
        end
    endtask

    // run until done and idle (or `limit` cycles)
    task run_to_done(input integer limit);
        integer n;
        begin
            run = 1'b1;
            n = 0;
            @(negedge clk);
            while (!(done && !busy) && n < limit) begin @(negedge clk); n = n + 1; end
            run = 1'b0;
            if (!(done && !busy)) fail("done within the run limit", 32'd0, 32'd1);
        end
    endtask

    localparam integer NWP = (CAP_WARPS > 1) ? (1 << $clog2(CAP_WARPS)) : 2;
    // the README's sweep: 256 x 2^max(1, ceil(log2 CAP_WARPS)) cycles (a GPR row a cycle)
    localparam integer SWEEP = 256 * NWP;
    integer k, n, ends0, heads0;

    // the sweep as run: edges from rst_n's release while busy is still high
    integer sweep_edges = 0;
    reg sweep_on = 1'b1;
    always @(posedge clk)
        if (rst_n && sweep_on) begin
            if (busy) sweep_edges <= sweep_edges + 1;
            else sweep_on <= 1'b0;
        end
    initial begin
        finished = 1'b0; failed = 1'b0;
        load_memory;
        // ---- reset: rst_n low 3 cycles; the sweep clears SWEEP rows, one a cycle
        cycles(3);
        rst_n = 1'b1;
        // load during the sweep (imem_we is honoured whenever rst_n is high),
        // and a launch during it, which waits for the sweep
        for (k = 0; k < NPROG; k = k + 1) begin
            imem_we = 1'b1; imem_addr = k[15:0]; imem_wdata = prog[k];
            @(negedge clk);
        end
        imem_we = 1'b1; imem_addr = BAD_AT; imem_wdata = BAD;
        @(negedge clk);
        imem_we = 1'b0;
        check("busy during the reset sweep", {31'd0, busy}, 32'd1);
        check("done during the reset sweep", {31'd0, done}, 32'd0);
        do_launch(CAP_WARPS[6:0], 64'd0);
        n = 0;
        while (busy && n < NWP * 256 + 16) begin @(negedge clk); n = n + 1; end
        check("busy after the reset sweep", {31'd0, busy}, 32'd0);
        check("reset sweep cycles", sweep_edges, SWEEP);
        cycles(1);
        check("done after a launch", {31'd0, done}, 32'd0);

        // ---- backdoor while idle: capabilities, every space read and written back
        bd_check(BD_CAP, 7'd0, CAPW_WARPS, 5'd0, CAP_WARPS, "capability WARPS");
        bd_check(BD_CAP, 7'd0, CAPW_LANES, 5'd0, CONTRACT_LANES, "capability LANES");
        bd_check(BD_CAP, 7'd0, CAPW_OPTYPES, 5'd0, ISA_IMPLEMENTED[31:0], "capability OPTYPES (optypes 0..31)");
        bd_check(BD_CAP, 7'd0, CAPW_OPTYPES + 8'd4, 5'd0, ISA_IMPLEMENTED[159:128], "capability OPTYPES+4 (optypes 128..159)");
        bd_check(BD_CAP, 7'd0, CAPW_TOLERANCES, 5'd0, core_tolerance_word(4'd0), "capability TOLERANCES (the first bound)");
        bd_check(BD_CAP, 7'd0, CAPW_TOLERANCES + 8'd15, 5'd0, core_tolerance_word(4'd15), "capability TOLERANCES+15");
        // the optional parts in FEATURES: END names the trapping lane (always,
        // the stand-in); the fault registers, and without them space FAULT
        // takes writes and reads 0 (a kind is never written: nothing armed)
        bd_check(BD_CAP, 7'd0, CAPW_FEATURES, 5'd0, (32'd1 << FEAT_TRAP_LANE) | (FAULT_REGS != 0 ? 32'd1 << FEAT_FAULTS : 32'd0),
                 "capability FEATURES (TRAP_LANE, FAULTS)");
        bd(1'b1, BD_FAULT, 7'd0, FREG_AT, 5'd0, 32'h00012345, rd);
        bd_check(BD_FAULT, 7'd0, FREG_AT, 5'd0, FAULT_REGS != 0 ? 32'h00012345 : 32'd0, "fault register AT");
        bd(1'b1, BD_FAULT, 7'd0, FREG_AT, 5'd0, 32'd0, rd);
        bd_check(BD_FAULT, 7'd0, FREG_KIND, 5'd0, 32'd0, "fault kind (none armed)");
        bd_check(BD_STATUS, CAP_WARPS[6:0] - 7'd1, 8'd0, 5'd31, 32'd0, "launched lane status (ready)");
        bd_check(BD_PC_LO, CAP_WARPS[6:0] - 7'd1, 8'd0, 5'd31, 32'd0, "launched lane PC");
        bd(1'b1, BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd9, 5'd17, 32'hcafe0017, rd);
        bd_check(BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd9, 5'd17, 32'hcafe0017, "GPR R9 written through the backdoor");
        // another lane of the row just read, written then read: not a copy kept of the row
        bd(1'b1, BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd9, 5'd16, 32'hcafe0016, rd);
        bd_check(BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd9, 5'd16, 32'hcafe0016, "R9 lane 16 written after lane 17 read");
        bd_check(BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd9, 5'd17, 32'hcafe0017, "R9 lane 17 read again");
        bd_check(BD_GPR, 7'd0, 8'd255, 5'd3, 32'd0, "RZ");
        bd(1'b1, BD_PRED, 7'd0, 8'd5, 5'd0, 32'h0f0f0f0f, rd);
        bd_check(BD_PRED, 7'd0, 8'd5, 5'd0, 32'h0f0f0f0f, "P5 written through the backdoor");
        bd_check(BD_PRED, 7'd0, 8'd7, 5'd0, 32'hffffffff, "PT");
        bd(1'b1, BD_UR, CAP_WARPS[6:0] - 7'd1, 8'd62, 5'd0, 32'h12345678, rd);
        bd_check(BD_UR, CAP_WARPS[6:0] - 7'd1, 8'd62, 5'd0, 32'h12345678, "UR62 written through the backdoor");
        bd(1'b1, BD_PC_HI, 7'd0, 8'd0, 5'd4, 32'h00000001, rd);
        bd_check(BD_PC_HI, 7'd0, 8'd0, 5'd4, 32'h00000001, "lane PC high written");
        bd_check(BD_PC_LO, 7'd0, 8'd0, 5'd4, 32'h00000000, "lane PC low kept");

        // ---- a launch in the same cycle as a backdoor request: both are served
        bd_req = 1'b1; bd_we = 1'b0; bd_space = BD_CAP; bd_index = CAPW_WARPS; bd_warp = 7'd0;
        launch = 1'b1; launch_warps = CAP_WARPS[6:0]; launch_entry = 64'd0;
        @(negedge clk);
        launch = 1'b0;
        n = 0;
        while (!bd_ack && n < 100) begin @(negedge clk); n = n + 1; end
        check("bd_ack after a launch in the same cycle", {31'd0, bd_ack}, 32'd1);
        bd_req = 1'b0;
        cycles(1);
        bd_check(BD_CORE, 7'd0, CORE_WARPS, 5'd0, CAP_WARPS, "launched warps (CORE_WARPS)");
        bd_check(BD_PC_LO, 7'd0, 8'd0, 5'd4, 32'd0, "lane PC after the launch");
        bd_check(BD_PC_HI, 7'd0, 8'd0, 5'd4, 32'd0, "lane PC high after the launch");

        // R7 of the last warp read before the kernel writes it: the read after the run
        // (below) must see the kernel's value, not a copy kept of the row
        bd(1'b0, BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd7, 5'd30, 32'd0, rd);

        // ---- step, combinational acks, always ready: a 6-cycle step pulse is one instruction
        ack_style = 2'd0; ready_style = 1'b0;
        ends0 = n_end; heads0 = n_head;
        step_one(6, 2000);
        check("ENDs after a 6-cycle step pulse", n_end - ends0, 1);
        cycles(10);
        check("ENDs 10 cycles later", n_end - ends0, 1);
        check("busy after the step", {31'd0, busy}, 32'd0);
        for (k = 1; k < 8 * CAP_WARPS && !failed; k = k + 1) step_one(1, 4000);
        check("ENDs of the stepped kernel", n_end - ends0, 8 * CAP_WARPS);
        check("HEADs of the stepped kernel", n_head - heads0, 8 * CAP_WARPS);
        check("END status", {24'd0, last_status}, {24'd0, STATUS_RETIRED});
        check("done after the last EXIT", {31'd0, done}, 32'd1);
        check_memory(CAP_WARPS);
        bd_check(BD_GPR, CAP_WARPS[6:0] - 7'd1, 8'd7, 5'd31,
                 init_a(32 * CAP_WARPS - 1) + 32 * CAP_WARPS - 1, "R7 of the last thread");
        bd_check(BD_PRED, CAP_WARPS[6:0] - 7'd1, 8'd1, 5'd0, CAP_WARPS > 1 ? 32'hffffffff : 32'd0, "P1 of the last warp");
        bd_check(BD_STATUS, 7'd0, 8'd0, 5'd0, {30'd0, LANE_EXITED}, "lane status after EXIT");
        ends0 = n_end;
        step_one(1, 20);
        check("ENDs of a step once done", n_end - ends0, 0);

        // ---- run, slow varying acks, back-pressure on the retire port
        load_memory;
        ack_style = 2'd2; ready_style = 1'b1;
        do_launch(CAP_WARPS[6:0], 64'd0);
        ends0 = n_end;
        run_to_done(400 * 8 * CAP_WARPS + 1000);
        check("ENDs of the run", n_end - ends0, 8 * CAP_WARPS);
        check_memory(CAP_WARPS);

        // ---- run, one-cycle acks, one warp of fewer than CAP_WARPS
        load_memory;
        ack_style = 2'd1; ready_style = 1'b0;
        do_launch(7'd1, 64'd0);
        ends0 = n_end;
        run_to_done(400 * 8 + 1000);
        check("ENDs of a one-warp run", n_end - ends0, 8);
        check_memory(1);

        // ---- a trap (as UNIMPLEMENTED) halts a run until run drops; a step still works
        do_launch(7'd1, {44'd0, BAD_AT, 4'd0});
        ends0 = n_end;
        run = 1'b1;
        cycles(300);
        check("ENDs of a run reaching a trap", n_end - ends0, 1);
        check("END status of the trap", {24'd0, last_status}, {24'd0, STATUS_TRAP});
        check("its trap code (a reserved .hsel2)", last_code, {24'd0, TRAP_ILLEGAL_INSTRUCTION});
        check("busy while halted", {31'd0, busy}, 32'd0);
        bd_check(BD_CORE, 7'd0, CORE_HALTED, 5'd0, 32'd1, "halted (CORE_HALTED)");
        run = 1'b0;
        cycles(2);
        step_one(1, 2000);
        check("ENDs after a step on the halted core", n_end - ends0, 2);

        // ---- a trap: the PC past the code (PC_OUT_OF_RANGE), nothing retires
        do_launch(7'd1, 64'h100000);
        ends0 = n_end;
        step_one(1, 2000);
        check("ENDs of a trapping step", n_end - ends0, 1);
        check("END status of a trap", {24'd0, last_status}, {24'd0, STATUS_TRAP});
        check("trap code", last_code, {24'd0, TRAP_PC_OUT_OF_RANGE});
        // its HEAD as the model's: the lanes at that PC active, none executing, word 0
        check("PC_OUT_OF_RANGE HEAD pc", head_pc[31:0], 32'h100000);
        check("PC_OUT_OF_RANGE HEAD active mask", head_active, 32'hffffffff);
        check("PC_OUT_OF_RANGE HEAD exec mask", head_exec, 32'd0);
        check("PC_OUT_OF_RANGE HEAD word is 0", {31'd0, head_zero}, 32'd1);
        bd_check(BD_CORE, 7'd0, CORE_RETIRED, 5'd0, 32'd0, "retire count after a trap");

        // ---- CONVERGENCE_DEADLOCK: no lane ready, some wait (lane status written
        // through the backdoor). Warp 0 waits in lane 5, the last warp in lanes
        // 3 and 7; with the round-robin pointer at the last warp, HEAD names it,
        // the PC of its highest waiting lane (7), no lane active or executing
        do_launch(CAP_WARPS[6:0], 64'd0);
        for (k = 0; k < 32 * CAP_WARPS; k = k + 1)
            bd(1'b1, BD_STATUS, k[11:5], 8'd0, k[4:0], {30'd0, LANE_EXITED}, rd);
        bd(1'b1, BD_PC_LO, 7'd0, 8'd0, 5'd5, 32'h20, rd);
        bd(1'b1, BD_STATUS, 7'd0, 8'd0, 5'd5, {30'd0, LANE_WAITING}, rd);
        bd(1'b1, BD_PC_LO, CAP_WARPS[6:0] - 7'd1, 8'd0, 5'd3, 32'h40, rd);
        bd(1'b1, BD_STATUS, CAP_WARPS[6:0] - 7'd1, 8'd0, 5'd3, {30'd0, LANE_WAITING}, rd);
        bd(1'b1, BD_PC_LO, CAP_WARPS[6:0] - 7'd1, 8'd0, 5'd7, 32'h70, rd);
        bd(1'b1, BD_STATUS, CAP_WARPS[6:0] - 7'd1, 8'd0, 5'd7, {30'd0, LANE_WAITING}, rd);
        bd(1'b1, BD_CORE, 7'd0, CORE_NEXT_WARP, 5'd0, CAP_WARPS - 1, rd);
        ends0 = n_end;
        step_one(1, 2000);
        check("ENDs of a deadlocked step", n_end - ends0, 1);
        check("END status of the deadlock", {24'd0, last_status}, {24'd0, STATUS_TRAP});
        check("deadlock trap code", last_code, {24'd0, TRAP_CONVERGENCE_DEADLOCK});
        check("deadlock HEAD warp (the pointer's)", {25'd0, head_warp}, CAP_WARPS - 1);
        check("deadlock HEAD pc (highest waiting lane's)", head_pc[31:0], 32'h70);
        check("deadlock HEAD active mask", head_active, 32'd0);
        check("deadlock HEAD exec mask", head_exec, 32'd0);
        check("deadlock HEAD word is 0", {31'd0, head_zero}, 32'd1);

        // ---- mem_err on a load: MEMORY_RANGE at the LDG, after S2R, LDC, IMAD retired
        far_base = 1'b1;
        ack_style = 2'd2;
        do_launch(7'd1, 64'd0);
        ends0 = n_end;
        run = 1'b1;
        cycles(2000);
        run = 1'b0;
        far_base = 1'b0;
        check("ENDs up to a load the board refuses", n_end - ends0, 4);
        check("END status of the refused load", {24'd0, last_status}, {24'd0, STATUS_TRAP});
        check("trap code of the refused load", last_code, {24'd0, TRAP_MEMORY_RANGE});
        check("trapping lane of the refused load (lane 0)", {27'd0, last_lane}, 32'd0);
        bd_check(BD_CORE, 7'd0, CORE_RETIRED, 5'd0, 32'd3, "retire count before the refused load");

        // ---- the checker saw nothing; the board's own checks
        cycles(4);
        check("port contract violations", violations_q, 32'd0);
        check("bad MEM and R7 beats", n_bad, 0);
        if (n_r7 == 0) fail("R7 written by GPR or GPR_ROW beats", 32'd0, 32'd1);
        if (!failed) $display("conformance CAP_WARPS=%0d: PASS (%0d cycles, %0d instructions)", CAP_WARPS, cycle, n_end);
        finished = 1'b1;
    end
endmodule
