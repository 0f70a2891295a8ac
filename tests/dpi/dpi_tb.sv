// The DPI-C scoreboard (host/dpi, docs/scoreboard.md) in a SystemVerilog
// testbench: the stand-in core (hdl_stubs/gpu_core.v) driven through the DUT
// port contract alone, the kernel and its memory from the scoreboard, every
// retire beat checked against the model, the port checker watching. No
// gpu-rtlsim, no ZeroMQ.
//   +kernel=PATH           the kernel (.s or kernel.bin)
//   +fault=KIND:AT[:PARAM] arm a fault of the core (fw/faults.h) through its fault registers
//   +step                  one step pulse per instruction (default: run)
//   +max_cycles=N          give up after N cycles (default 20000000)
// Exit 0 on PASS; on anything else $fatal (the scoreboard printed why).
module dpi_tb;
  import gpuhost_scoreboard::*;
`include "gpu_port.vh"

  bit clk = 0, rst_n = 0;
  always #5 clk = ~clk;

  // the board's side of the port
  bit imem_we = 0, launch = 0, run = 0, step = 0;
  bit [15:0] imem_addr = 0;
  bit [127:0] imem_wdata = 0;
  bit [6:0] launch_warps = 0;
  bit [63:0] launch_entry = 0;
  bit mem_ack = 0, mem_err = 0;
  bit [31:0] mem_rdata = 0;
  bit rt_ready = 1; // every beat taken at once
  bit bd_req = 0, bd_we = 0;
  bit [3:0] bd_space = 0;
  bit [6:0] bd_warp = 0;
  bit [7:0] bd_index = 0;
  bit [4:0] bd_lane = 0;
  bit [31:0] bd_wdata = 0;
  // the DUT's side
  wire busy, done, mem_req, mem_we, mem_space, rt_valid, bd_ack;
  wire [4:0] mem_bank, rt_lane;
  wire [63:0] mem_addr, rt_pc;
  wire [31:0] mem_wdata, rt_mask_a, rt_mask_b, rt_data, bd_rdata;
  wire [2:0] rt_kind;
  wire [6:0] rt_warp;
  wire [127:0] rt_insn;
  wire [7:0] rt_index, rt_status;
  wire [1023:0] rt_row;

  gpu_core dut (.*);
  // the contract's checker watches both sides (hdl_stubs/README.md, "Contract checker")
  wire [31:0] violations;
  wire [17:0] kinds;
  gpu_port_checker chk (.*);

  chandle sb;
  int status = GH_SB_OK; // the scoreboard's
  longint unsigned ends = 0, cycles = 0;

  // the memory port: answered from the scoreboard's memory, ack one edge later
  always @(posedge clk) begin
    cycles <= cycles + 1;
    if (mem_req && !mem_ack) begin
      int unsigned rdata;
      mem_err <= gh_sb_mem(sb, int'(mem_we), int'(mem_space), int'(mem_bank), mem_addr, mem_wdata, rdata) != 0;
      mem_rdata <= rdata;
      mem_ack <= 1;
    end else begin
      mem_ack <= 0;
    end
  end

  // every retire beat to the scoreboard, at the edge that takes it
  always @(posedge clk) begin
    if (rst_n && rt_valid && rt_ready && status == GH_SB_OK) begin
      status <= gh_sb_beat(sb, int'(rt_kind), int'(rt_warp), rt_pc, rt_insn, rt_mask_a, rt_mask_b,
                           int'(rt_index), int'(rt_lane), rt_data, int'(rt_status), rt_row);
      if (rt_kind == BEAT_END)
        ends <= ends + 1;
    end
  end

  // The procedural side drives at the falling edge: the DUT samples at the rising one.
  task automatic bd(input bit we, input bit [3:0] space, input int warp, input int index, input int lane,
                    input bit [31:0] wdata, output bit [31:0] rdata);
    bd_req = 1;
    bd_we = we;
    bd_space = space;
    bd_warp = 7'(warp);
    bd_index = 8'(index);
    bd_lane = 5'(lane);
    bd_wdata = wdata;
    for (int n = 0; n < 10000; n++) begin
      @(negedge clk);
      if (bd_ack) begin
        rdata = bd_rdata;
        bd_req = 0;
        return;
      end
    end
    $fatal(1, "dpi_tb: the state backdoor did not acknowledge (space %0d index %0d)", space, index);
  endtask

  task automatic bd_write(input bit [3:0] space, input int warp, input int index, input int lane,
                          input bit [31:0] v);
    bit [31:0] ignored;
    bd(1, space, warp, index, lane, v, ignored);
  endtask

  function automatic void finish_with(int st);
    if (violations != 0)
      $fatal(1, "dpi_tb: the port checker saw %0d violations (kinds 0x%h)", violations, kinds);
    if (st == GH_SB_OK) begin
      $display("dpi_tb: PASS (%0d instructions, %0d cycles)", gh_sb_checked(sb), cycles);
      gh_sb_close(sb);
      $finish;
    end else begin
      $fatal(1, "dpi_tb: scoreboard %s after %0d instructions", gh_sb_status_name(st), gh_sb_checked(sb));
    end
  endfunction

  initial begin
    string kernel, fault;
    bit stepping;
    longint unsigned max_cycles = 20000000;
    bit [31:0] cap_warps, features, word;
    bit [127:0] code;
    if (!$value$plusargs("kernel=%s", kernel))
      $fatal(1, "usage: dpi_tb +kernel=PATH [+fault=KIND:AT[:PARAM]] [+step] [+max_cycles=N]");
    stepping = $test$plusargs("step");
    void'($value$plusargs("max_cycles=%d", max_cycles));
    // the package's statuses are the shim's
    if (gh_sb_status_name(GH_SB_OK) != "OK" || gh_sb_status_name(GH_SB_DIVERGED) != "DIVERGED" ||
        gh_sb_status_name(GH_SB_ERROR) != "ERROR" || gh_sb_status_name(GH_SB_TRAPPED) != "TRAPPED" ||
        gh_sb_status_name(GH_SB_FAILED) != "FAILED" || gh_sb_status_name(GH_SB_UNSUPPORTED) != "UNSUPPORTED")
      $fatal(1, "dpi_tb: gpuhost_scoreboard.sv's statuses are not gpuhost/scoreboard.h's");
    sb = gh_sb_open(kernel);
    if (sb == null)
      $fatal(1, "dpi_tb: no scoreboard for %s", kernel);

    // reset (T1), then the sweep (T2)
    repeat (3) @(negedge clk);
    rst_n = 1;
    repeat (2) @(negedge clk);
    while (busy) @(negedge clk);

    // what the core is: warps, features and declared tolerances for the scoreboard
    bd(0, BD_CAP, 0, int'(CAPW_WARPS), 0, 0, cap_warps);
    if (gh_sb_warps(sb) > int'(cap_warps))
      $fatal(1, "dpi_tb: the kernel launches %0d warps, the core has %0d", gh_sb_warps(sb), cap_warps);
    bd(0, BD_CAP, 0, int'(CAPW_FEATURES), 0, 0, features);
    void'(gh_sb_cap_word(sb, int'(CAPW_FEATURES), features));
    for (int i = 0; i < 16; i++) begin
      bd(0, BD_CAP, 0, int'(CAPW_TOLERANCES) + i, 0, 0, word);
      if (gh_sb_cap_word(sb, int'(CAPW_TOLERANCES) + i, word) != GH_SB_OK)
        finish_with(GH_SB_ERROR);
    end

    // a fault of the core, armed as gpu-rtlsim --fault does (the kind last: it re-arms)
    if ($value$plusargs("fault=%s", fault)) begin
      int kind = 0, at = 0, param = 0;
      if ($sscanf(fault, "%d:%d:%d", kind, at, param) < 2)
        $fatal(1, "dpi_tb: +fault=%s: expected KIND:AT[:PARAM]", fault);
      if (!features[FEAT_FAULTS])
        $fatal(1, "dpi_tb: +fault: the core declares no fault registers");
      bd_write(BD_FAULT, 0, int'(FREG_AT), 0, at);
      bd_write(BD_FAULT, 0, int'(FREG_PARAM), 0, param);
      bd_write(BD_FAULT, 0, int'(FREG_KIND), 0, kind);
    end

    // the code, the launch, the initial registers
    for (int i = 0; i < gh_sb_code_count(sb); i++) begin
      gh_sb_code_word(sb, i, code);
      imem_we = 1;
      imem_addr = 16'(i);
      imem_wdata = code;
      @(negedge clk);
    end
    imem_we = 0;
    launch = 1;
    launch_warps = 7'(gh_sb_warps(sb));
    launch_entry = gh_sb_entry(sb);
    @(negedge clk);
    launch = 0;
    @(negedge clk);
    for (int i = 0; i < gh_sb_init_count(sb); i++) begin
      int space, warp, index, lane;
      int unsigned value;
      gh_sb_init_write(sb, i, space, warp, index, lane, value);
      bd_write(4'(space), warp, index, lane, value);
    end

    // run (or step) until the core is done or the scoreboard says something
    if (!stepping)
      run = 1;
    while (status == GH_SB_OK && !done) begin
      longint unsigned was = ends, since = cycles;
      if (stepping) begin
        step = 1;
        @(negedge clk);
        step = 0;
      end
      while (status == GH_SB_OK && ends == was && !(done && !busy)) begin
        @(negedge clk);
        if (cycles - since > max_cycles)
          $fatal(1, "dpi_tb: no instruction retired within %0d cycles (watchdog)", max_cycles);
      end
    end
    run = 0;
    finish_with(status == GH_SB_OK ? gh_sb_done(sb) : status);
  end
endmodule
