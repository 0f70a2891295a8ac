// The gh-ref board as simulated whole (gpu-usbemu --firmware gateware): the
// SoC (gh_ref_soc), a GPU core presenting the port contract behind its debug
// port (the stand-in gpu_core at the board configuration's parameters,
// given with -G), and the SDRAM stand-in. Its ports are the USB device
// core's endpoint interface, bridged by servers/usbemu/ghsoc, and what the
// bridge observes: STEP pulses (cycles per warp-instruction) and a trap.
module gh_ref_sim_top #(
    parameter integer CAP_WARPS = 4,
    parameter integer PHYS_LANES = 1,
    parameter integer MUFU_LANES = 1,
    parameter integer FP_UNITS = 0,
    parameter [31:0] VERSION = 32'he0010001 // GH_SYS_VERSION_SIMULATED << 16 | 1
) (
    input  wire        clk,
    input  wire        rst,
    // the USB device core's endpoint interface (gh_ref_usb)
    input  wire        ep_out_valid,
    input  wire [7:0]  ep_out_data,
    input  wire        ep_out_last,
    input  wire        ep_out_zlp,
    output wire        ep_out_ready,
    output wire        ep_in_valid,
    output wire [7:0]  ep_in_data,
    output wire        ep_in_last,
    output wire        ep_in_zlp,
    input  wire        ep_in_ready,
    input  wire        usb_bus_reset,
    input  wire        usb_set_config,
    input  wire        usb_configured,
    input  wire        usb_halt_cleared,
    input  wire        usb_suspended,
    input  wire        usb_high_speed,
    output wire        usb_connect,
    // observed
    output wire        dut_step,
    output wire        firmware_trapped,
    output wire [31:0] trap_cause,
    output wire [31:0] trap_epc,
    output wire [31:0] trap_tval,
    output wire        cpu_fetch_wait,
    output wire [7:0]  cpu_data_wait,
    // gpu-usbemu --fault KIND:AT[:PARAM]: armed in the core after each reset (gh_ref_sim_fault_arm)
    input  wire [7:0]  fault_kind,
    input  wire [31:0] fault_at,
    input  wire [7:0]  fault_param,
    // gpu-usbemu --stress: this cycle's draws (gh_ref_sim_stress; all 0: none)
    input  wire        stress_ready_low,
    input  wire [7:0]  stress_mem_delay,
    input  wire [7:0]  stress_gap,
    input  wire [7:0]  stress_step_width
);
    // the DUT port between the SoC's debug port and the core
    wire            soc_dut_rst_n;
    wire            soc_dut_imem_we;
    wire [15:0]     soc_dut_imem_addr;
    wire [127:0]    soc_dut_imem_wdata;
    wire            soc_dut_launch;
    wire [6:0]      soc_dut_launch_warps;
    wire [63:0]     soc_dut_launch_entry;
    wire            soc_dut_run;
    wire            soc_dut_step;
    wire            soc_dut_busy;
    wire            soc_dut_done;
    wire            soc_dut_mem_req;
    wire            soc_dut_mem_we;
    wire            soc_dut_mem_space;
    wire [4:0]      soc_dut_mem_bank;
    wire [63:0]     soc_dut_mem_addr;
    wire [31:0]     soc_dut_mem_wdata;
    wire            soc_dut_mem_ack;
    wire [31:0]     soc_dut_mem_rdata;
    wire            soc_dut_mem_err;
    wire            soc_dut_rt_valid;
    wire            soc_dut_rt_ready;
    wire [2:0]      soc_dut_rt_kind;
    wire [6:0]      soc_dut_rt_warp;
    wire [63:0]     soc_dut_rt_pc;
    wire [127:0]    soc_dut_rt_insn;
    wire [31:0]     soc_dut_rt_mask_a;
    wire [31:0]     soc_dut_rt_mask_b;
    wire [7:0]      soc_dut_rt_index;
    wire [4:0]      soc_dut_rt_lane;
    wire [31:0]     soc_dut_rt_data;
    wire [7:0]      soc_dut_rt_status;
    wire [1023:0]   soc_dut_rt_row;
    wire            soc_dut_bd_req;
    wire            soc_dut_bd_we;
    wire [3:0]      soc_dut_bd_space;
    wire [6:0]      soc_dut_bd_warp;
    wire [7:0]      soc_dut_bd_index;
    wire [4:0]      soc_dut_bd_lane;
    wire [31:0]     soc_dut_bd_wdata;
    wire            soc_dut_bd_ack;
    wire [31:0]     soc_dut_bd_rdata;

    wire        sdram_stb, sdram_we, sdram_ack;
    wire [29:0] sdram_adr;
    wire [31:0] sdram_dat_w, sdram_dat_r;
    wire [3:0]  sdram_sel;

    gh_ref_soc #(.CLK_HZ(32'd50000000), .VERSION(VERSION)) soc (
        .clk(clk), .rst(rst),
        .sdram_stb(sdram_stb), .sdram_we(sdram_we), .sdram_adr(sdram_adr), .sdram_dat_w(sdram_dat_w),
        .sdram_sel(sdram_sel), .sdram_ack(sdram_ack), .sdram_dat_r(sdram_dat_r),
        .ep_out_valid(ep_out_valid), .ep_out_data(ep_out_data), .ep_out_last(ep_out_last), .ep_out_zlp(ep_out_zlp),
        .ep_out_ready(ep_out_ready), .ep_in_valid(ep_in_valid), .ep_in_data(ep_in_data), .ep_in_last(ep_in_last),
        .ep_in_zlp(ep_in_zlp), .ep_in_ready(ep_in_ready), .usb_bus_reset(usb_bus_reset),
        .usb_set_config(usb_set_config), .usb_configured(usb_configured), .usb_halt_cleared(usb_halt_cleared),
        .usb_suspended(usb_suspended), .usb_high_speed(usb_high_speed), .usb_connect(usb_connect),
        .ep_out_stalled(), .ep_in_stalled(),
        .soft_reset(firmware_trapped), .trap_cause(trap_cause), .trap_epc(trap_epc), .trap_tval(trap_tval),
        .cpu_fetch_wait(cpu_fetch_wait), .cpu_data_wait(cpu_data_wait),
        .dut_rst_n(soc_dut_rst_n), .dut_imem_we(soc_dut_imem_we), .dut_imem_addr(soc_dut_imem_addr),
        .dut_imem_wdata(soc_dut_imem_wdata), .dut_launch(soc_dut_launch), .dut_launch_warps(soc_dut_launch_warps),
        .dut_launch_entry(soc_dut_launch_entry), .dut_run(soc_dut_run), .dut_step(soc_dut_step),
        .dut_busy(soc_dut_busy), .dut_done(soc_dut_done), .dut_mem_req(soc_dut_mem_req), .dut_mem_we(soc_dut_mem_we),
        .dut_mem_space(soc_dut_mem_space), .dut_mem_bank(soc_dut_mem_bank), .dut_mem_addr(soc_dut_mem_addr),
        .dut_mem_wdata(soc_dut_mem_wdata), .dut_mem_ack(soc_dut_mem_ack), .dut_mem_rdata(soc_dut_mem_rdata),
        .dut_mem_err(soc_dut_mem_err), .dut_rt_valid(soc_dut_rt_valid), .dut_rt_ready(soc_dut_rt_ready),
        .dut_rt_kind(soc_dut_rt_kind), .dut_rt_warp(soc_dut_rt_warp), .dut_rt_pc(soc_dut_rt_pc),
        .dut_rt_insn(soc_dut_rt_insn), .dut_rt_mask_a(soc_dut_rt_mask_a), .dut_rt_mask_b(soc_dut_rt_mask_b),
        .dut_rt_index(soc_dut_rt_index), .dut_rt_lane(soc_dut_rt_lane), .dut_rt_data(soc_dut_rt_data),
        .dut_rt_status(soc_dut_rt_status), .dut_rt_row(soc_dut_rt_row), .dut_bd_req(soc_dut_bd_req),
        .dut_bd_we(soc_dut_bd_we), .dut_bd_space(soc_dut_bd_space), .dut_bd_warp(soc_dut_bd_warp),
        .dut_bd_index(soc_dut_bd_index), .dut_bd_lane(soc_dut_bd_lane), .dut_bd_wdata(soc_dut_bd_wdata),
        .dut_bd_ack(soc_dut_bd_ack), .dut_bd_rdata(soc_dut_bd_rdata)
    );
    assign dut_step = soc_dut_step; // the firmware's STEP (the core's may come later under stress)

    // the port under gpu-usbemu --stress (the debug port's handshakes, drawn by the harness)
    wire        core_step, core_mem_req, core_mem_ack, core_mem_err, core_rt_valid, core_rt_ready, stressed_bd_req;
    wire [31:0] core_mem_rdata;
    gh_ref_sim_stress stress (
        .clk(clk), .core_rst_n(soc_dut_rst_n), .ready_low(stress_ready_low), .mem_delay(stress_mem_delay),
        .gap(stress_gap), .step_width(stress_step_width),
        .dbg_rt_valid(soc_dut_rt_valid), .dbg_mem_req(soc_dut_mem_req), .dbg_rt_ready(soc_dut_rt_ready), .dbg_mem_ack(soc_dut_mem_ack),
        .dbg_mem_rdata(soc_dut_mem_rdata), .dbg_mem_err(soc_dut_mem_err), .dbg_bd_req(soc_dut_bd_req),
        .dbg_step(soc_dut_step),
        .core_rt_valid(core_rt_valid), .core_mem_req(core_mem_req), .core_rt_ready(core_rt_ready), .core_mem_ack(core_mem_ack),
        .core_mem_rdata(core_mem_rdata), .core_mem_err(core_mem_err), .core_bd_req(stressed_bd_req),
        .core_step(core_step)
    );

    // the core's backdoor: the debug port's, with gpu-usbemu --fault's writes after each reset
    wire        core_bd_req, core_bd_we, core_bd_ack;
    wire [3:0]  core_bd_space;
    wire [6:0]  core_bd_warp;
    wire [7:0]  core_bd_index;
    wire [4:0]  core_bd_lane;
    wire [31:0] core_bd_wdata;
    gpu_core #(.CAP_WARPS(CAP_WARPS), .PHYS_LANES(PHYS_LANES), .MUFU_LANES(MUFU_LANES), .FP_UNITS(FP_UNITS)) dut (
        .clk(clk), .rst_n(soc_dut_rst_n),
        .imem_we(soc_dut_imem_we), .imem_addr(soc_dut_imem_addr), .imem_wdata(soc_dut_imem_wdata),
        .launch(soc_dut_launch), .launch_warps(soc_dut_launch_warps), .launch_entry(soc_dut_launch_entry),
        .run(soc_dut_run), .step(core_step), .busy(soc_dut_busy), .done(soc_dut_done),
        .mem_req(core_mem_req), .mem_we(soc_dut_mem_we), .mem_space(soc_dut_mem_space),
        .mem_bank(soc_dut_mem_bank), .mem_addr(soc_dut_mem_addr), .mem_wdata(soc_dut_mem_wdata),
        .mem_ack(core_mem_ack), .mem_rdata(core_mem_rdata), .mem_err(core_mem_err),
        .rt_valid(core_rt_valid), .rt_ready(core_rt_ready), .rt_kind(soc_dut_rt_kind),
        .rt_warp(soc_dut_rt_warp), .rt_pc(soc_dut_rt_pc), .rt_insn(soc_dut_rt_insn),
        .rt_mask_a(soc_dut_rt_mask_a), .rt_mask_b(soc_dut_rt_mask_b), .rt_index(soc_dut_rt_index),
        .rt_lane(soc_dut_rt_lane), .rt_data(soc_dut_rt_data), .rt_status(soc_dut_rt_status),
        .rt_row(soc_dut_rt_row),
        .bd_req(core_bd_req), .bd_we(core_bd_we), .bd_space(core_bd_space), .bd_warp(core_bd_warp),
        .bd_index(core_bd_index), .bd_lane(core_bd_lane), .bd_wdata(core_bd_wdata),
        .bd_ack(core_bd_ack), .bd_rdata(soc_dut_bd_rdata)
    );

    gh_ref_sim_fault_arm fault_arm (
        .clk(clk), .kind(fault_kind), .at(fault_at), .param(fault_param),
        .core_rst_n(soc_dut_rst_n), .core_busy(soc_dut_busy),
        .dbg_bd_req(stressed_bd_req), .dbg_bd_we(soc_dut_bd_we), .dbg_bd_space(soc_dut_bd_space),
        .dbg_bd_warp(soc_dut_bd_warp), .dbg_bd_index(soc_dut_bd_index), .dbg_bd_lane(soc_dut_bd_lane),
        .dbg_bd_wdata(soc_dut_bd_wdata), .dbg_bd_ack(soc_dut_bd_ack),
        .core_bd_req(core_bd_req), .core_bd_we(core_bd_we), .core_bd_space(core_bd_space),
        .core_bd_warp(core_bd_warp), .core_bd_index(core_bd_index), .core_bd_lane(core_bd_lane),
        .core_bd_wdata(core_bd_wdata), .core_bd_ack(core_bd_ack)
    );

    gh_ref_sdram_sim sdram (
        .clk(clk), .wb_stb(sdram_stb), .wb_we(sdram_we), .wb_adr(sdram_adr), .wb_dat_w(sdram_dat_w),
        .wb_sel(sdram_sel), .wb_ack(sdram_ack), .wb_dat_r(sdram_dat_r)
    );
endmodule
