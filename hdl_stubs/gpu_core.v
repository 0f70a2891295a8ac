// gpu_core: the stand-in GPU core (top module). Port contract: docs/port-contract.md.
//
// One warp-instruction at a time, all 32 lanes of an ALU instruction in one
// cycle (PHYS_LANES 32; fewer: the integer and warp units take passes). The
// modules, in the order an instruction meets them:
//   gpu_seq       the sequencer: step/run, launch, the stages below, the reset sweep
//   gpu_sched     round-robin warp pick          gpu_lanes   lane PCs and status, min-PC
//   gpu_imem      instruction memory             gpu_decode  word -> controls, checks (+ gpu_legal)
//   gpu_opfetch   source rows and uniform operands, from gpu_gpr (register file) and gpu_pregs
//   gpu_exec      the units: gpu_unit_int, gpu_unit_warp, gpu_unit_fp16, gpu_unit_fp32 (after
//                 gpu_fp_operands), gpu_unit_mufu (over hdl_stubs/fp/)
//   gpu_mem       the memory port: constants, loads, stores
//   gpu_retire    the retire port: beats, and the writes they commit
//   gpu_ctrl      control flow and convergence stacks
//   gpu_backdoor  the state backdoor          gpu_faults  fault injection
// Every fact of the spec and of the contract comes from generated headers
// (build/hdl_generated: gpu_isa.vh, gpu_port.vh, gpu_contract.vh,
// gpu_faults.vh, gpu_tolerance.vh; hdl_stubs/hdl.cmake).
module gpu_core #(
    parameter integer CAP_WARPS = 4,
    parameter integer IMEM_AW = 16,      // instruction memory: 2**IMEM_AW words (16 as the port; less for synthesis checks)
    parameter integer MUFU_LANES = 8,    // lanes of the special-function unit MUFU shares (1, 2, 4, 8, 16, 32); 0: no MUFU (UNIMPLEMENTED)
    parameter integer PHYS_LANES = 32,   // the integer and warp units' lanes: a warp in 32 / PHYS_LANES passes (divides 32)
    parameter integer FP_UNITS = 1,      // 0: no FP16/FP32 slots (the board's FPGA): their optypes UNIMPLEMENTED
    parameter integer LANE_MODULES = 0,  // 1: each unit's lanes as instances of one lane (synthesis; README "Synthesis")
    parameter integer FAULT_REGS = 1     // 1: the fault-injection registers (optional in the contract; capability FEATURES)
) (
    input  wire          clk,
    input  wire          rst_n,
    // program load and control
    input  wire          imem_we,
    input  wire [15:0]   imem_addr,
    input  wire [127:0]  imem_wdata,
    input  wire          launch,
    input  wire [6:0]    launch_warps,
    input  wire [63:0]   launch_entry,
    input  wire          run,
    input  wire          step,
    output wire          busy,
    output wire          done,
    // memory port
    output wire          mem_req,
    output wire          mem_we,
    output wire          mem_space,
    output wire [4:0]    mem_bank,
    output wire [63:0]   mem_addr,
    output wire [31:0]   mem_wdata,
    input  wire          mem_ack,
    input  wire [31:0]   mem_rdata,
    input  wire          mem_err,
    // retire trace
    output wire          rt_valid,
    input  wire          rt_ready,
    output wire [2:0]    rt_kind,
    output wire [6:0]    rt_warp,
    output wire [63:0]   rt_pc,
    output wire [127:0]  rt_insn,
    output wire [31:0]   rt_mask_a,
    output wire [31:0]   rt_mask_b,
    output wire [7:0]    rt_index,
    output wire [4:0]    rt_lane,
    output wire [31:0]   rt_data,
    output wire [7:0]    rt_status,
    output wire [1023:0] rt_row,
    // state backdoor
    input  wire          bd_req,
    input  wire          bd_we,
    input  wire [3:0]    bd_space,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [6:0]    bd_warp,        // bits above log2(CAP_WARPS) ignored
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [7:0]    bd_index,
    input  wire [4:0]    bd_lane,
    input  wire [31:0]   bd_wdata,
    output wire          bd_ack,
    output wire [31:0]   bd_rdata
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_core_defs.vh"
    `include "gpu_isa.vh"
    `include "gpu_port.vh"
    /* verilator lint_on UNUSEDPARAM */
    localparam integer NW = CAP_WARPS;
    localparam integer WB = (CAP_WARPS > 1) ? $clog2(CAP_WARPS) : 1;   // warp index bits
    localparam integer NWP = 1 << WB;

    // ---------------------------------------------------------------- sequencer
    wire [3:0]    state;
    wire [WB+8:0] clr_cnt;
    wire          l_go, launched, launching, pick, pick_ok, dead, all_exited, insn_valid;
    wire [6:0]    l_warps, nwarps, next_warp, cw, pick_w, dead_w;
    wire [63:0]   l_entry, retired;
    wire [WB-1:0] pick_warp;
    wire [7:0]    fetch_trap, chk, mem_trap, trap;
    wire          pick_wait;
    wire          dec_wait;
    wire [4:0]    mem_lane;
    wire          unimpl_now, needs_const, cgo, cbusy, cdone, multi, go, tick, end_taken, end_trap;
    wire [2:0]    reads;
    wire          bd_serve, bd_gpr_read, bd_busy;
    wire [31:0]   q_seq, q_faults, q_pregs, q_lanes, q_ctrl;
    wire          mem_busy, exec_busy, unimpl;
    wire [WB-1:0] w = cw[WB-1:0];
    wire [WB-1:0] bw = bd_warp[WB-1:0];

    gpu_seq #(.NW(NW), .WB(WB)) u_seq (
        .clk(clk), .rst_n(rst_n), .run(run), .step(step), .launch(launch), .launch_warps(launch_warps),
        .launch_entry(launch_entry), .state(state), .clr_cnt(clr_cnt), .l_go(l_go), .l_warps(l_warps),
        .l_entry(l_entry), .launched(launched), .nwarps(nwarps), .retired(retired),
        .bd_hold(bd_serve || bd_busy), .launching(launching), .next_warp(next_warp),
        .pick_ok(pick_ok), .dead(dead), .pick_w(pick_w), .dead_w(dead_w), .all_exited(all_exited),
        .pick(pick), .pick_warp(pick_warp), .cw(cw), .fetch_trap(fetch_trap), .pick_wait(pick_wait),
        .insn_valid(insn_valid),
        .chk(chk), .dec_wait(dec_wait), .unimpl_now(unimpl_now), .needs_const(needs_const), .reads(reads),
        .cgo(cgo), .cbusy(cbusy), .cdone(cdone), .multi(multi), .unit_busy(mem_busy || exec_busy),
        .unit_trap(mem_trap), .go(go), .trap(trap), .unimpl(unimpl), .end_taken(end_taken),
        .end_trap(end_trap), .tick(tick),
        .bd_go(bd_serve), .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_index(bd_index),
        .bd_wdata(bd_wdata), .bd_q(q_seq));

    wire clr = state == S_CLR;
    assign busy = state != S_IDLE || bd_busy;
    assign done = launched && all_exited;

    // ---------------------------------------------------------------- scheduler, lanes
    wire [NWP-1:0] ready_w, wait_w;
    wire [63:0]    cpc, clock, upd_pc, rel_pc;
    wire [31:0]    active, exited, upd_move, upd_exit, upd_wait, rel_lanes;
    wire           upd, rel;
    wire [16:0]    code_count;

    gpu_sched #(.NW(NW), .WB(WB)) u_sched (
        .en(state == S_IDLE), .ready_w(ready_w), .wait_w(wait_w), .next_warp(next_warp), .nwarps(nwarps),
        .pick_ok(pick_ok), .pick_w(pick_w), .dead(dead), .dead_w(dead_w));

    /* verilator lint_off PINCONNECTEMPTY */
    gpu_lanes #(.NW(NW), .WB(WB), .PHYS_LANES(PHYS_LANES)) u_lanes (
        .clk(clk), .rst_n(rst_n), .clr(clr), .clr_cnt(clr_cnt), .launch(l_go), .l_warps(l_warps),
        .l_entry(l_entry), .pick(pick), .pick_w(pick_warp), .pick_dead(!pick_ok), .code_count(code_count),
        .cpc(cpc), .active(active), .fetch_trap(fetch_trap), .pick_wait(pick_wait), .clock(clock), .ready_w(ready_w), .wait_w(wait_w),
        .all_exited(all_exited), .cw(w), .exited(exited), .waiting(),
        .upd(upd), .upd_move(upd_move), .upd_pc(upd_pc),
        .upd_exit(upd_exit), .upd_wait(upd_wait), .rel(rel), .rel_lanes(rel_lanes), .rel_pc(rel_pc),
        .tick(tick), .bd_go(bd_serve), .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_warp(bw),
        .bd_index(bd_index), .bd_lane(bd_lane), .bd_wdata(bd_wdata), .bd_q(q_lanes));
    /* verilator lint_on PINCONNECTEMPTY */

    // ---------------------------------------------------------------- fetch, decode
    wire [127:0] ir;
    gpu_imem #(.AW(IMEM_AW)) u_imem (
        .clk(clk), .rst_n(rst_n), .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .fetch(state == S_FETCH && fetch_trap == 8'd0), .pc(cpc), .ir(ir), .code_count(code_count));

    wire [223:0] pred;
    wire [6:0]   upred;
    wire [5:0]   ur_b, ur_c, depth_cw, bsync_e, bs_e;
    wire [31:0]  ur_q0, ur_q1, ur_q2, ur_q3, guard, exec, resr;
    wire [7:0]   a_reg, b_reg, c_reg;
    wire [2:0]   a_n, b_n, c_n, unit, mem_words;
    wire         b_gpr, c_gpr, b_neg, b_bitnot, c_neg, b_const, c_wide;
    wire [63:0]  ubv, ucv, ub, uc, cval;
    wire [4:0]   c_bank;
    wire [15:0]  c_off;

    gpu_decode #(.PHYS_LANES(PHYS_LANES), .FP_UNITS(FP_UNITS), .MUFU_LANES(MUFU_LANES)) u_dec (
        .clk(clk), .pick(pick), .en(state == S_DEC), .dec(state == S_DEC), .ir(ir), .active(active),
        .pred(pred), .ur_b(ur_b), .ur_c(ur_c),
        .ur_q0(ur_q0), .ur_q1(ur_q1), .ur_q2(ur_q2), .ur_q3(ur_q3), .depth(depth_cw), .bsync_e(bsync_e),
        .guard(guard), .chk(chk), .unimpl_now(unimpl_now), .a_reg(a_reg), .b_reg(b_reg), .c_reg(c_reg),
        .a_n(a_n), .b_n(b_n), .c_n(c_n), .needs_const(needs_const), .ubv(ubv), .ucv(ucv),
        .exec(exec), .unit(unit), .unimpl(unimpl), .multi(multi), .b_gpr(b_gpr), .c_gpr(c_gpr),
        .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg), .b_const(b_const), .c_bank(c_bank),
        .c_off(c_off), .c_wide(c_wide), .mem_words(mem_words), .resr(resr), .bs_e(bs_e));

    // ---------------------------------------------------------------- registers, operands
    wire          opf_re, gpr_we;
    wire [WB+7:0] opf_ra_a, opf_ra_b, opf_ra_c;
    wire [1023:0] q_a, q_b, q_c, a1, b1, b2, b3, c1;
    wire [7:0]    gpr_reg;
    wire [31:0]   gpr_mask;
    wire          pred_we, ur_we, up_we, up_val;
    wire [2:0]    pred_i, up_i;
    wire [31:0]   pred_m, pred_v;

    gpu_opfetch #(.WB(WB)) u_opf (
        .clk(clk), .cw(w), .dec(state == S_DEC), .read(state == S_READ), .reads(reads),
        .a_reg(a_reg), .b_reg(b_reg), .c_reg(c_reg), .a_n(a_n), .b_n(b_n), .c_n(c_n), .ubv(ubv), .ucv(ucv),
        .cdone(cdone), .b_const(b_const), .cval(cval), .re(opf_re), .ra_a(opf_ra_a), .ra_b(opf_ra_b),
        .ra_c(opf_ra_c), .q_a(q_a), .q_b(q_b), .q_c(q_c), .a1(a1), .b1(b1), .b2(b2), .b3(b3), .c1(c1),
        .ub(ub), .uc(uc));

    gpu_gpr #(.AW(WB + 8)) u_gpr (
        .clk(clk), .re_a(opf_re || bd_gpr_read), .re_b(opf_re), .re_c(opf_re),
        .ra_a(bd_gpr_read ? {bw, bd_index} : opf_ra_a), .ra_b(opf_ra_b), .ra_c(opf_ra_c),
        .q_a(q_a), .q_b(q_b), .q_c(q_c), .clr(clr), .clr_row(clr_cnt[WB+7:0]),
        .rt_we(gpr_we), .rt_row({w, gpr_reg}), .rt_mask(gpr_mask), .rt_data(rt_row),
        .bd_we(bd_serve && bd_we && bd_space == BD_GPR && bd_index != 8'd255), .bd_row({bw, bd_index}),
        .bd_lane(bd_lane), .bd_data(bd_wdata));

    gpu_pregs #(.WB(WB)) u_pregs (
        .clk(clk), .warp(w), .pred(pred), .upred(upred), .ur_b(ur_b), .ur_c(ur_c),
        .ur_q0(ur_q0), .ur_q1(ur_q1), .ur_q2(ur_q2), .ur_q3(ur_q3), .clr(clr), .clr_cnt(clr_cnt),
        .pred_we(pred_we), .pred_i(pred_i), .pred_m(pred_m), .pred_v(pred_v),
        .ur_we(ur_we), .ur_i(rt_index[5:0]), .ur_v(rt_data), .up_we(up_we), .up_i(up_i), .up_v(up_val),
        .bd_go(bd_serve), .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_warp(bw),
        .bd_index(bd_index), .bd_wdata(bd_wdata), .bd_q(q_pregs));

    // ---------------------------------------------------------------- execution
    wire [1023:0] int_d0, int_d1, warp_d0, fp16_d0, fp32_d0, mufu_d0, ld_row;
    wire [1:0]    ld_k;
    wire [31:0]   m0, m1, m2, m3, ld_m;
    wire [223:0]  pw_m, pw_v;
    wire          ur_en;
    wire [5:0]    ur_i;
    wire [31:0]   ur_v;
    wire [6:0]    up_m, up_v;

    wire        f_armed, fire_ret, fire_mem, fire_ctrl, fire_exec;
    wire [7:0]  f_kind, f_param, f_param1;

    gpu_exec #(.MUFU_LANES(MUFU_LANES), .LANE_MODULES(LANE_MODULES), .PHYS_LANES(PHYS_LANES), .FP_UNITS(FP_UNITS)) u_exec (
        .clk(clk), .rst_n(rst_n), .go(go), .unit(unit), .ir(ir), .exec(exec), .a0(q_a), .a1(a1), .b0(q_b), .b1(b1),
        .c0(q_c), .c1(c1), .b_gpr(b_gpr), .c_gpr(c_gpr), .ub(ub), .uc(uc), .b_neg(b_neg), .b_bitnot(b_bitnot),
        .c_neg(c_neg), .pred(pred), .upred(upred), .warp(cw), .nwarps(nwarps), .clock(clock),
        .ld_m(ld_m), .ld_words(mem_words), .busy(exec_busy),
        .f_armed(f_armed), .f_kind(f_kind), .f_param(f_param), .f_fire(fire_exec),
        .int_d0(int_d0), .int_d1(int_d1), .warp_d0(warp_d0), .fp16_d0(fp16_d0), .fp32_d0(fp32_d0),
        .mufu_d0(mufu_d0), .m0(m0), .m1(m1), .m2(m2), .m3(m3), .pw_m(pw_m), .pw_v(pw_v),
        .ur_en(ur_en), .ur_i(ur_i), .ur_v(ur_v), .up_m(up_m), .up_v(up_v));

    // ---------------------------------------------------------------- memory port
    wire        st_go, st_taken, st_beat, st_more, st_err;
    wire [4:0]  st_lane;
    wire [2:0]  st_idx;
    wire [63:0] st_a;
    wire [31:0] st_d, st_mask;

    gpu_mem #(.FAULT_REGS(FAULT_REGS)) u_mem (
        .clk(clk), .rst_n(rst_n), .pick(pick), .ir(ir), .exec(exec), .words(mem_words), .a0(q_a), .a1(a1),
        .b0(q_b), .b1(b1), .b2(b2), .b3(b3), .cgo(cgo), .c_bank(c_bank), .c_off(c_off), .c_wide(c_wide),
        .cbusy(cbusy), .cval(cval), .go(go && unit == U_MEM), .busy(mem_busy), .trap(mem_trap), .tlane(mem_lane),
        .ld_k(ld_k), .ld_row(ld_row), .lm(ld_m),
        .st_go(st_go), .st_taken(st_taken), .st_beat(st_beat), .st_more(st_more), .st_lane(st_lane),
        .st_idx(st_idx), .st_a(st_a), .st_d(st_d), .st_err(st_err), .st_mask(st_mask),
        .f_armed(f_armed), .f_kind(f_kind), .f_param1(f_param1), .f_fire(fire_mem),
        .mem_req(mem_req), .mem_we(mem_we), .mem_space(mem_space), .mem_bank(mem_bank), .mem_addr(mem_addr),
        .mem_wdata(mem_wdata), .mem_ack(mem_ack), .mem_rdata(mem_rdata), .mem_err(mem_err));

    // ---------------------------------------------------------------- retire, control flow
    wire        ctrl_go, ctrl_busy;
    wire [31:0] exit_m, br_mask;
    wire [63:0] br_tgt;

    gpu_retire #(.FP_UNITS(FP_UNITS), .FAULT_REGS(FAULT_REGS)) u_ret (
        .clk(clk), .rst_n(rst_n),
        .start(state == S_CONST || state == S_READ || state == S_EXEC || state == S_RETIRE),
        .results(state == S_RETIRE), .warp(cw), .pc(cpc), .insn(insn_valid ? ir : 128'd0), .active(active),
        .exec(exec), .trap(trap), .mem_trap(mem_trap), .mem_lane(mem_lane), .unimpl(unimpl), .unit(unit),
        .int_d0(int_d0), .int_d1(int_d1),
        .warp_d0(warp_d0), .fp16_d0(fp16_d0), .fp32_d0(fp32_d0), .mufu_d0(mufu_d0), .ld_k(ld_k), .ld_row(ld_row), .m0(m0), .m1(m1),
        .m2(m2), .m3(m3), .resr(resr), .pw_m(pw_m), .pw_v(pw_v), .ur_en(ur_en), .ur_i(ur_i), .ur_v(ur_v),
        .up_m(up_m), .up_v(up_v), .st_mask(st_mask), .st_go(st_go), .st_taken(st_taken), .st_beat(st_beat),
        .st_more(st_more), .st_lane(st_lane), .st_idx(st_idx), .st_a(st_a), .st_d(st_d), .st_err(st_err),
        .ctrl_go(ctrl_go), .ctrl_busy(ctrl_busy), .exit_m(exit_m), .br_mask(br_mask), .br_tgt(br_tgt),
        .f_armed(f_armed), .f_kind(f_kind), .f_param(f_param), .f_param1(f_param1), .f_fire(fire_ret),
        .gpr_we(gpr_we), .gpr_reg(gpr_reg), .gpr_mask(gpr_mask), .pred_we(pred_we), .pred_i(pred_i),
        .pred_m(pred_m), .pred_v(pred_v), .ur_we(ur_we), .up_we(up_we), .up_i(up_i), .up_val(up_val),
        .end_taken(end_taken), .end_trap(end_trap),
        .rt_valid(rt_valid), .rt_ready(rt_ready), .rt_kind(rt_kind), .rt_warp(rt_warp), .rt_pc(rt_pc),
        .rt_insn(rt_insn), .rt_mask_a(rt_mask_a), .rt_mask_b(rt_mask_b), .rt_index(rt_index),
        .rt_lane(rt_lane), .rt_data(rt_data), .rt_status(rt_status), .rt_row(rt_row));

    gpu_ctrl #(.WB(WB)) u_ctrl (
        .clk(clk), .rst_n(rst_n), .clr(clr), .clr_cnt(clr_cnt), .launch(l_go), .cw(w),
        .opt(ir[F_OPTYPE +: F_OPTYPE_W]), .target(ir[F_TARGET +: F_TARGET_W]), .cpc(cpc), .active(active),
        .exec(exec), .ask(state == S_DEC), .ask_guard(guard), .depth_cw(depth_cw), .bsync_e(bsync_e),
        .ask_wait(dec_wait), .bs_e(bs_e), .pick(pick), .go(ctrl_go), .busy(ctrl_busy), .exit_m(exit_m), .br_mask(br_mask),
        .br_tgt(br_tgt), .exited(exited), .upd(upd), .upd_move(upd_move), .upd_pc(upd_pc),
        .upd_exit(upd_exit), .upd_wait(upd_wait), .rel(rel),
        .rel_lanes(rel_lanes), .rel_pc(rel_pc), .f_armed(f_armed), .f_kind(f_kind), .f_param1(f_param1),
        .f_fire(fire_ctrl), .bd_go(bd_serve), .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space),
        .bd_warp(bw), .bd_index(bd_index), .bd_wdata(bd_wdata), .bd_q(q_ctrl));

    // ---------------------------------------------------------------- backdoor, faults
    gpu_faults #(.PRESENT(FAULT_REGS)) u_faults (
        .clk(clk), .rst_n(rst_n), .retired(retired), .launch(l_go), .fire(fire_ret || fire_mem || fire_ctrl || fire_exec),
        .bd_go(bd_serve), .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space), .bd_index(bd_index),
        .bd_wdata(bd_wdata), .bd_q(q_faults), .armed(f_armed), .kind(f_kind), .param(f_param), .param1(f_param1));

    gpu_backdoor #(.NW(NW), .FAULT_REGS(FAULT_REGS), .FP_UNITS(FP_UNITS), .MUFU_LANES(MUFU_LANES)) u_bd (
        .clk(clk), .rst_n(rst_n), .idle(state == S_IDLE), .launching(launching), .bd_req(bd_req), .bd_we(bd_we),
        .bd_space(bd_space), .bd_index(bd_index), .bd_lane(bd_lane), .bd_row({bd_warp, bd_index}), .serve(bd_serve), .gpr_read(bd_gpr_read),
        .busy(bd_busy), .gpr_row(q_a), .q_owners(q_seq | q_faults | q_pregs | q_lanes | q_ctrl),
        .code_count(code_count), .bd_ack(bd_ack), .bd_rdata(bd_rdata));
endmodule
