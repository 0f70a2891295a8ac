// The gh-ref SoC (boards/gh-ref/README.md), one clock domain: the soft core
// (VexRiscv, LiteX's rv32imac build, from the pinned pythondata-cpu-vexriscv
// package: never a CPU written here), ROM with the firmware image, RAM, the
// register blocks SYS, CRC-32, DMA engine, USB device core (its register
// face, EP1 buffers and IN frame sender) and the DUT debug port, on one
// interconnect. Outside it, given by the board's top: the SDRAM (a
// controller on the FPGA, a model in simulation), the USB device stack on
// the endpoint interface, and the GPU core on the DUT port (any core that
// presents the port contract of docs/port-contract.md).
module gh_ref_soc #(
    parameter [31:0] CLK_HZ = 32'd50000000,
    parameter [31:0] VERSION = 32'h00010000,
    parameter ROM_INIT_FILE = ""
) (
    input  wire          clk,
    input  wire          rst,
    // the SDRAM (Wishbone classic master)
    output wire          sdram_stb,
    output wire          sdram_we,
    output wire [29:0]   sdram_adr,
    output wire [31:0]   sdram_dat_w,
    output wire [3:0]    sdram_sel,
    input  wire          sdram_ack,
    input  wire [31:0]   sdram_dat_r,
    // the USB device stack (gh_ref_usb's endpoint interface)
    input  wire          ep_out_valid,
    input  wire [7:0]    ep_out_data,
    input  wire          ep_out_last,
    input  wire          ep_out_zlp,
    output wire          ep_out_ready,
    output wire          ep_in_valid,
    output wire [7:0]    ep_in_data,
    output wire          ep_in_last,
    output wire          ep_in_zlp,
    input  wire          ep_in_ready,
    input  wire          usb_bus_reset,
    input  wire          usb_set_config,
    input  wire          usb_configured,
    input  wire          usb_halt_cleared,
    input  wire          usb_suspended,
    input  wire          usb_high_speed,
    output wire          usb_connect,
    output wire          ep_out_stalled,
    output wire          ep_in_stalled,
    // SYS.RESET written (the firmware's trap handler does it) and the trap record
    output wire          soft_reset,
    output wire [31:0]   trap_cause,
    output wire [31:0]   trap_epc,
    output wire [31:0]   trap_tval,
    // where the soft core waits, for the measured cost figures (a simulation counts them):
    // an instruction fetch under way, a data access under way on the interconnect (one bit a slave)
    output wire          cpu_fetch_wait,
    output wire [7:0]    cpu_data_wait,
    // the DUT port (gh_ref_dbg)
    output wire          dut_rst_n,
    output wire          dut_imem_we,
    output wire [15:0]   dut_imem_addr,
    output wire [127:0]  dut_imem_wdata,
    output wire          dut_launch,
    output wire [6:0]    dut_launch_warps,
    output wire [63:0]   dut_launch_entry,
    output wire          dut_run,
    output wire          dut_step,
    input  wire          dut_busy,
    input  wire          dut_done,
    input  wire          dut_mem_req,
    input  wire          dut_mem_we,
    input  wire          dut_mem_space,
    input  wire [4:0]    dut_mem_bank,
    input  wire [63:0]   dut_mem_addr,
    input  wire [31:0]   dut_mem_wdata,
    output wire          dut_mem_ack,
    output wire [31:0]   dut_mem_rdata,
    output wire          dut_mem_err,
    input  wire          dut_rt_valid,
    output wire          dut_rt_ready,
    input  wire [2:0]    dut_rt_kind,
    input  wire [6:0]    dut_rt_warp,
    input  wire [63:0]   dut_rt_pc,
    input  wire [127:0]  dut_rt_insn,
    input  wire [31:0]   dut_rt_mask_a,
    input  wire [31:0]   dut_rt_mask_b,
    input  wire [7:0]    dut_rt_index,
    input  wire [4:0]    dut_rt_lane,
    input  wire [31:0]   dut_rt_data,
    input  wire [7:0]    dut_rt_status,
    input  wire [1023:0] dut_rt_row,
    output wire          dut_bd_req,
    output wire          dut_bd_we,
    output wire [3:0]    dut_bd_space,
    output wire [6:0]    dut_bd_warp,
    output wire [7:0]    dut_bd_index,
    output wire [4:0]    dut_bd_lane,
    output wire [31:0]   dut_bd_wdata,
    input  wire          dut_bd_ack,
    input  wire [31:0]   dut_bd_rdata
);
    `include "gh_ref_regs.vh"
    `include "gh_ref_bus_slaves.vh"

    // SYS.RESET resets the soft core, the DMA engine and the USB core (not
    // SYS's scratch registers, not the SDRAM, not the DUT): README "SYS".
    wire core_rst = rst | soft_reset;

    // ------------------------------------------------------------ the soft core
    wire        i_cyc, i_stb, i_ack, i_we_unused;
    wire [29:0] i_adr;
    wire [31:0] i_dat_r, i_dat_w_unused;
    wire [3:0]  i_sel_unused;
    wire [2:0]  i_cti, d_cti_unused;
    wire [1:0]  i_bte_unused, d_bte_unused;
    wire        d_cyc, d_stb, d_we;
    wire [29:0] d_adr;
    wire [31:0] d_dat_w;
    wire [3:0]  d_sel;
    wire        rom_i_hit = {i_adr, 2'b00} < GH_REF_ROM_SIZE;
    reg         i_err;

    VexRiscv cpu (
        .clk(clk), .reset(core_rst),
        .externalResetVector(GH_REF_ROM_BASE), .timerInterrupt(1'b0), .softwareInterrupt(1'b0),
        .externalInterruptArray(32'd0),
        .iBusWishbone_CYC(i_cyc), .iBusWishbone_STB(i_stb), .iBusWishbone_ACK(i_ack),
        .iBusWishbone_WE(i_we_unused), .iBusWishbone_ADR(i_adr), .iBusWishbone_DAT_MISO(i_dat_r),
        .iBusWishbone_DAT_MOSI(i_dat_w_unused), .iBusWishbone_SEL(i_sel_unused), .iBusWishbone_ERR(i_err),
        .iBusWishbone_CTI(i_cti), .iBusWishbone_BTE(i_bte_unused),
        .dBusWishbone_CYC(d_cyc), .dBusWishbone_STB(d_stb), .dBusWishbone_ACK(m_ack[0]),
        .dBusWishbone_WE(d_we), .dBusWishbone_ADR(d_adr), .dBusWishbone_DAT_MISO(m_dat_r),
        .dBusWishbone_DAT_MOSI(d_dat_w), .dBusWishbone_SEL(d_sel), .dBusWishbone_ERR(m_err[0]),
        .dBusWishbone_CTI(d_cti_unused), .dBusWishbone_BTE(d_bte_unused)
    );
    // an instruction fetch outside ROM: an access fault, one err a request
    always @(posedge clk) i_err <= i_cyc && i_stb && !rom_i_hit && !i_err;

    // ------------------------------------------------------------ the interconnect
    // masters: 0 the soft core's data bus, 1 the DMA engine, 2 the IN frame sender
    wire [2:0]   m_cyc, m_stb, m_we, m_ack, m_err;
    wire [89:0]  m_adr;
    wire [95:0]  m_dat_w;
    wire [11:0]  m_sel;
    wire [31:0]  m_dat_r;
    wire         dma_cyc, dma_stb, dma_we, fs_cyc, fs_stb, fs_we;
    wire [29:0]  dma_adr, fs_adr;
    wire [31:0]  dma_dat_w, fs_dat_w;
    wire [3:0]   dma_sel, fs_sel;
    assign m_cyc = {fs_cyc, dma_cyc, d_cyc};
    assign m_stb = {fs_stb, dma_stb, d_stb};
    assign m_we = {fs_we, dma_we, d_we};
    assign m_adr = {fs_adr, dma_adr, d_adr};
    assign m_dat_w = {fs_dat_w, dma_dat_w, d_dat_w};
    assign m_sel = {fs_sel, dma_sel, d_sel};

    wire              s_we;
    wire [29:0]       s_adr;
    wire [31:0]       s_dat_w;
    wire [3:0]        s_sel;
    wire [SLAVES-1:0] s_stb, s_ack;
    wire [SLAVES*32-1:0] s_dat_r;

    gh_ref_bus #(.MASTERS(3), .SLAVE_COUNT(SLAVES)) bus (
        .clk(clk), .rst(rst),
        .m_cyc(m_cyc), .m_stb(m_stb), .m_we(m_we), .m_adr(m_adr), .m_dat_w(m_dat_w), .m_sel(m_sel),
        .m_ack(m_ack), .m_err(m_err), .m_dat_r(m_dat_r),
        .s_we(s_we), .s_adr(s_adr), .s_dat_w(s_dat_w), .s_sel(s_sel), .s_stb(s_stb), .s_ack(s_ack),
        .s_dat_r(s_dat_r)
    );

    assign cpu_fetch_wait = i_cyc & i_stb;
    wire [SLAVES-1:0] data_slave = slave_of({d_adr, 2'b00});
    assign cpu_data_wait = (d_cyc & d_stb) ? data_slave : {SLAVES{1'b0}};

    // ------------------------------------------------------------ memories
    gh_ref_rom #(.WORDS(GH_REF_ROM_SIZE / 4), .INIT_FILE(ROM_INIT_FILE)) rom (
        .clk(clk),
        .i_stb(i_cyc & i_stb & rom_i_hit), .i_adr(i_adr), .i_cti(i_cti), .i_ack(i_ack), .i_dat_r(i_dat_r),
        .wb_stb(s_stb[SLAVE_ROM]), .wb_adr(s_adr), .wb_ack(s_ack[SLAVE_ROM]),
        .wb_dat_r(s_dat_r[SLAVE_ROM*32 +: 32])
    );
    gh_ref_ram #(.WORDS(GH_REF_RAM_SIZE / 4)) ram (
        .clk(clk), .wb_stb(s_stb[SLAVE_RAM]), .wb_we(s_we), .wb_adr(s_adr), .wb_dat_w(s_dat_w), .wb_sel(s_sel),
        .wb_ack(s_ack[SLAVE_RAM]), .wb_dat_r(s_dat_r[SLAVE_RAM*32 +: 32])
    );
    assign sdram_stb = s_stb[SLAVE_SDRAM];
    assign sdram_we = s_we;
    assign sdram_adr = s_adr;
    assign sdram_dat_w = s_dat_w;
    assign sdram_sel = s_sel;
    assign s_ack[SLAVE_SDRAM] = sdram_ack;
    assign s_dat_r[SLAVE_SDRAM*32 +: 32] = sdram_dat_r;

    // ------------------------------------------------------------ register blocks
    wire [63:0] cycle_unused;
    gh_ref_sys #(.CLK_HZ(CLK_HZ), .VERSION(VERSION)) sys (
        .clk(clk), .rst(rst), .wb_cyc(s_stb[SLAVE_SYS]), .wb_stb(s_stb[SLAVE_SYS]), .wb_we(s_we), .wb_adr(s_adr),
        .wb_dat_w(s_dat_w), .wb_sel(s_sel), .wb_ack(s_ack[SLAVE_SYS]), .wb_dat_r(s_dat_r[SLAVE_SYS*32 +: 32]),
        .soft_reset(soft_reset), .cycle(cycle_unused),
        .trap_cause(trap_cause), .trap_epc(trap_epc), .trap_tval(trap_tval)
    );

    wire        crc_feed_valid;
    wire [31:0] crc_feed_data;
    wire [2:0]  crc_feed_count;
    gh_ref_crc crc (
        .clk(clk), .rst(core_rst), .wb_cyc(s_stb[SLAVE_CRC]), .wb_stb(s_stb[SLAVE_CRC]), .wb_we(s_we),
        .wb_adr(s_adr), .wb_dat_w(s_dat_w), .wb_sel(s_sel), .wb_ack(s_ack[SLAVE_CRC]),
        .wb_dat_r(s_dat_r[SLAVE_CRC*32 +: 32]),
        .crc_feed_valid(crc_feed_valid), .crc_feed_data(crc_feed_data), .crc_feed_count(crc_feed_count)
    );

    wire        rt_has_beat, dma_rt_pop, dma_busy_unused;
    wire [9:0]  rt_latch_adr;
    wire [31:0] rt_latch_dat;
    gh_ref_dma dma (
        .clk(clk), .rst(rst), .soft_reset(soft_reset),
        .wb_cyc(s_stb[SLAVE_DMA]), .wb_stb(s_stb[SLAVE_DMA]), .wb_we(s_we), .wb_adr(s_adr), .wb_dat_w(s_dat_w),
        .wb_sel(s_sel), .wb_ack(s_ack[SLAVE_DMA]), .wb_dat_r(s_dat_r[SLAVE_DMA*32 +: 32]),
        .m_cyc(dma_cyc), .m_stb(dma_stb), .m_we(dma_we), .m_adr(dma_adr), .m_dat_w(dma_dat_w), .m_sel(dma_sel),
        .m_ack(m_ack[1]), .m_dat_r(m_dat_r), .m_err(m_err[1]),
        .crc_feed_valid(crc_feed_valid), .crc_feed_data(crc_feed_data), .crc_feed_count(crc_feed_count),
        .rt_has_beat(rt_has_beat), .dma_rt_pop(dma_rt_pop), .rt_latch_adr(rt_latch_adr),
        .rt_latch_dat(rt_latch_dat), .busy(dma_busy_unused)
    );

    wire usb_irq_unused; // the firmware polls (INT_EN stays 0)
    gh_ref_usb usb (
        .clk(clk), .rst(rst), .soft_reset(soft_reset), .usb_irq(usb_irq_unused),
        .wb_cyc(s_stb[SLAVE_USB]), .wb_stb(s_stb[SLAVE_USB]), .wb_we(s_we), .wb_adr(s_adr), .wb_dat_w(s_dat_w),
        .wb_sel(s_sel), .wb_ack(s_ack[SLAVE_USB]), .wb_dat_r(s_dat_r[SLAVE_USB*32 +: 32]),
        .m_cyc(fs_cyc), .m_stb(fs_stb), .m_we(fs_we), .m_adr(fs_adr), .m_dat_w(fs_dat_w), .m_sel(fs_sel),
        .m_ack(m_ack[2]), .m_dat_r(m_dat_r), .m_err(m_err[2]),
        .ep_out_valid(ep_out_valid), .ep_out_data(ep_out_data), .ep_out_last(ep_out_last), .ep_out_zlp(ep_out_zlp),
        .ep_out_ready(ep_out_ready), .ep_in_valid(ep_in_valid), .ep_in_data(ep_in_data), .ep_in_last(ep_in_last),
        .ep_in_zlp(ep_in_zlp), .ep_in_ready(ep_in_ready), .usb_bus_reset(usb_bus_reset),
        .usb_set_config(usb_set_config), .usb_configured(usb_configured), .usb_halt_cleared(usb_halt_cleared),
        .usb_suspended(usb_suspended), .usb_high_speed(usb_high_speed), .usb_connect(usb_connect),
        .ep_out_stalled(ep_out_stalled), .ep_in_stalled(ep_in_stalled)
    );

    gh_ref_dbg dbg (
        .clk(clk), .rst(rst),
        .wb_cyc(s_stb[SLAVE_DBG]), .wb_stb(s_stb[SLAVE_DBG]), .wb_we(s_we), .wb_adr(s_adr), .wb_dat_w(s_dat_w),
        .wb_sel(s_sel), .wb_ack(s_ack[SLAVE_DBG]), .wb_dat_r(s_dat_r[SLAVE_DBG*32 +: 32]),
        .rt_has_beat(rt_has_beat), .dma_rt_pop(dma_rt_pop), .rt_latch_adr(rt_latch_adr), .rt_latch_dat(rt_latch_dat),
        .dut_rst_n(dut_rst_n), .dut_imem_we(dut_imem_we), .dut_imem_addr(dut_imem_addr),
        .dut_imem_wdata(dut_imem_wdata), .dut_launch(dut_launch), .dut_launch_warps(dut_launch_warps),
        .dut_launch_entry(dut_launch_entry), .dut_run(dut_run), .dut_step(dut_step), .dut_busy(dut_busy),
        .dut_done(dut_done), .dut_mem_req(dut_mem_req), .dut_mem_we(dut_mem_we), .dut_mem_space(dut_mem_space),
        .dut_mem_bank(dut_mem_bank), .dut_mem_addr(dut_mem_addr), .dut_mem_wdata(dut_mem_wdata),
        .dut_mem_ack(dut_mem_ack), .dut_mem_rdata(dut_mem_rdata), .dut_mem_err(dut_mem_err),
        .dut_rt_valid(dut_rt_valid), .dut_rt_ready(dut_rt_ready), .dut_rt_kind(dut_rt_kind),
        .dut_rt_warp(dut_rt_warp), .dut_rt_pc(dut_rt_pc), .dut_rt_insn(dut_rt_insn), .dut_rt_mask_a(dut_rt_mask_a),
        .dut_rt_mask_b(dut_rt_mask_b), .dut_rt_index(dut_rt_index), .dut_rt_lane(dut_rt_lane),
        .dut_rt_data(dut_rt_data), .dut_rt_status(dut_rt_status), .dut_rt_row(dut_rt_row),
        .dut_bd_req(dut_bd_req), .dut_bd_we(dut_bd_we), .dut_bd_space(dut_bd_space), .dut_bd_warp(dut_bd_warp),
        .dut_bd_index(dut_bd_index), .dut_bd_lane(dut_bd_lane), .dut_bd_wdata(dut_bd_wdata),
        .dut_bd_ack(dut_bd_ack), .dut_bd_rdata(dut_bd_rdata)
    );
endmodule
