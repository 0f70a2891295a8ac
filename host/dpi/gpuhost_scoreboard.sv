// gpuhost_scoreboard: the functional model as a scoreboard in a SystemVerilog
// testbench, through DPI-C (docs/scoreboard.md). Compile this file before
// the testbench, load libgpuhost_dpi (-sv_lib, or link it: Verilator) and
// import the package:
//   import gpuhost_scoreboard::*;
//   chandle sb = gh_sb_open("kernel.s");
//   ... load gh_sb_code_word(sb, i, w) at imem_addr i, launch gh_sb_warps /
//   gh_sb_entry, make gh_sb_init_write's backdoor writes, give the DUT's
//   capability words (gh_sb_cap_word), serve mem_req with gh_sb_mem, and at
//   every edge taking a retire beat:
//   if (gh_sb_beat(sb, rt_kind, ...) != GH_SB_OK) ... // the report is printed
//   at done: gh_sb_done(sb) == GH_SB_OK is a PASS.
// The C side and every function's contract: gpuhost/scoreboard.h.
package gpuhost_scoreboard;
  // gh_sb_beat / gh_sb_done / gh_sb_cap_word: GH_SB_STATUSES of gpuhost/scoreboard.h
  localparam int GH_SB_OK = 0;       // clean so far (gh_sb_done: PASS)
  localparam int GH_SB_DIVERGED = 1; // a record is not the model's: the lockstep report was printed
  localparam int GH_SB_ERROR = 2;    // the beats broke the port contract, or a call was out of place
  localparam int GH_SB_TRAPPED = 3;  // the kernel trapped and the model agrees: nothing more runs
  localparam int GH_SB_FAILED = 4;   // every record matched, but an .expect line does not hold
  localparam int GH_SB_UNSUPPORTED = 5; // the DUT said UNIMPLEMENTED for the model's next instruction

  import "DPI-C" function chandle gh_sb_open(input string kernel_path);
  import "DPI-C" function void gh_sb_close(input chandle sb);

  // the kernel, for the DUT's load and control ports and its backdoor
  import "DPI-C" function int gh_sb_code_count(input chandle sb);
  import "DPI-C" function void gh_sb_code_word(input chandle sb, input int index, output bit [127:0] word);
  import "DPI-C" function int gh_sb_warps(input chandle sb);
  import "DPI-C" function longint unsigned gh_sb_entry(input chandle sb);
  import "DPI-C" function int gh_sb_init_count(input chandle sb);
  import "DPI-C" function void gh_sb_init_write(input chandle sb, input int i, output int space, output int warp,
                                                output int index, output int lane, output int unsigned value);
  // capability words read from the DUT (FEATURES, TOLERANCES..+15)
  import "DPI-C" function int gh_sb_cap_word(input chandle sb, input int index, input int unsigned word);

  // the kernel against the capability words given (OPTYPES, LACKING, MODIFIERS): UNSUPPORTED before it runs
  import "DPI-C" function int gh_sb_supported(input chandle sb);

  // the memory port: 0 with rdata, or 1 for mem_err
  import "DPI-C" function int gh_sb_mem(input chandle sb, input int we, input int space, input int bank,
                                        input longint unsigned addr, input int unsigned wdata,
                                        output int unsigned rdata);

  // one retire beat (rt_valid && rt_ready at the edge); on END the record is checked
  import "DPI-C" function int gh_sb_beat(input chandle sb, input int kind, input int warp,
                                         input longint unsigned pc, input bit [127:0] insn,
                                         input int unsigned mask_a, input int unsigned mask_b,
                                         input int index, input int lane, input int unsigned data,
                                         input int status, input bit [1023:0] row);
  // the DUT is done: PASS when the model has nothing left to run
  import "DPI-C" function int gh_sb_done(input chandle sb);

  import "DPI-C" function string gh_sb_report(input chandle sb);
  import "DPI-C" function longint gh_sb_checked(input chandle sb);
  import "DPI-C" function string gh_sb_status_name(input int status);

  // the RTL servers' seeded --stress for the testbench's board side (null: a bad setting, printed)
  import "DPI-C" function chandle gh_sb_stress_open(input string setting);
  import "DPI-C" function void gh_sb_stress_close(input chandle h);
  import "DPI-C" function int gh_sb_stress_ready(input chandle h);
  import "DPI-C" function int gh_sb_stress_mem_wait(input chandle h);
  import "DPI-C" function int gh_sb_stress_gap(input chandle h);
  import "DPI-C" function int gh_sb_stress_step_width(input chandle h);
  import "DPI-C" function string gh_sb_stress_text(input chandle h);
endpackage
