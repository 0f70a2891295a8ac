// Self-checking testbench of the gh-ref peripherals (SYS, CRC, DMA, USB, DBG):
// a bus master standing in for the soft core, a single-cycle test memory
// (ROM, RAM and SDRAM windows), a round-robin Wishbone interconnect of three
// masters, a fake USB stack on the endpoint interface and a fake DUT on the
// debug port. Prints "periph_tb: PASS" or a "FAIL:" line per failed check.
`timescale 1ns/1ps
module periph_tb;
    `include "gh_ref_regs.vh"

    localparam integer WIN_WORDS = 4096;   // 16 KiB of each memory region is modelled

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #5 clk = ~clk;

    integer failures = 0;
    task fail(input [8*96-1:0] what);
        begin
            $display("FAIL: %0s (t=%0t)", what, $time);
            failures = failures + 1;
        end
    endtask

    // ------------------------------------------------------------ masters
    reg         cpu_cyc = 1'b0, cpu_we = 1'b0;
    reg  [29:0] cpu_adr = 30'd0;
    reg  [31:0] cpu_dat_w = 32'd0;
    wire        dma_cyc, dma_stb, dma_we, frm_cyc, frm_stb, frm_we;
    wire [29:0] dma_adr, frm_adr;
    wire [31:0] dma_dat_w, frm_dat_w;
    wire [3:0]  dma_sel, frm_sel;

    // Round-robin arbiter: the grant may move at every completed access.
    reg  [1:0]  owner = 2'd0;
    reg         granted = 1'b0;
    wire [2:0]  req = {frm_cyc, dma_cyc, cpu_cyc};
    wire        bus_cyc = granted & req[owner];
    wire        bus_we = (owner == 2'd0) ? cpu_we : (owner == 2'd1) ? dma_we : frm_we;
    wire [29:0] bus_adr = (owner == 2'd0) ? cpu_adr : (owner == 2'd1) ? dma_adr : frm_adr;
    wire [31:0] bus_dat_w = (owner == 2'd0) ? cpu_dat_w : (owner == 2'd1) ? dma_dat_w : frm_dat_w;
    wire [3:0]  bus_sel = (owner == 2'd0) ? 4'b1111 : (owner == 2'd1) ? dma_sel : frm_sel;
    wire        bus_stb = bus_cyc & ((owner == 2'd0) ? 1'b1 : (owner == 2'd1) ? dma_stb : frm_stb);
    wire        bus_ack, bus_err;
    wire [31:0] bus_dat_r;

    always @(posedge clk) begin : arbiter
        integer k;
        reg [1:0] pick;
        reg found;
        if (rst) begin
            granted <= 1'b0;
        end else if (!bus_cyc || bus_ack || bus_err) begin
            found = 1'b0;
            pick = owner;
            for (k = 1; k <= 3; k = k + 1)
                if (!found && req[(owner + k) % 3]) begin
                    found = 1'b1;
                    pick = (owner + k) % 3;
                end
            granted <= found;
            owner <= pick;
        end
    end

    wire cpu_ack = granted && owner == 2'd0 && (bus_ack | bus_err);
    wire dma_ack = granted && owner == 2'd1 && bus_ack;
    wire dma_err = granted && owner == 2'd1 && bus_err;
    wire frm_ack = granted && owner == 2'd2 && bus_ack;
    wire frm_err = granted && owner == 2'd2 && bus_err;

    // ------------------------------------------------------------ decode
    wire [31:0] bus_byte = {bus_adr, 2'b00};
    function in_block(input [31:0] a, input [31:0] base, input [31:0] size);
        in_block = a >= base && a - base < size;
    endfunction
    wire sel_rom = in_block(bus_byte, GH_REF_ROM_BASE, 4 * WIN_WORDS);
    wire sel_ram = in_block(bus_byte, GH_REF_RAM_BASE, 4 * WIN_WORDS);
    wire sel_sdram = in_block(bus_byte, GH_REF_SDRAM_BASE, 4 * WIN_WORDS);
    wire sel_sys = in_block(bus_byte, GH_REF_SYS_BASE, GH_REF_SYS_SIZE);
    wire sel_crc = in_block(bus_byte, GH_REF_CRC_BASE, GH_REF_CRC_SIZE);
    wire sel_dma = in_block(bus_byte, GH_REF_DMA_BASE, GH_REF_DMA_SIZE);
    wire sel_usb = in_block(bus_byte, GH_REF_USB_BASE, GH_REF_USB_SIZE);
    wire sel_dbg = in_block(bus_byte, GH_REF_DBG_BASE, GH_REF_DBG_SIZE);
    wire sel_mem = sel_rom | sel_ram | sel_sdram;
    wire sel_none = ~(sel_mem | sel_sys | sel_crc | sel_dma | sel_usb | sel_dbg);

    // The test memory: answers in the cycle of the request.
    reg  [31:0] rom [0:WIN_WORDS-1];
    reg  [31:0] ram [0:WIN_WORDS-1];
    reg  [31:0] sdram [0:WIN_WORDS-1];
    wire [11:0] mem_word = bus_adr[11:0];
    wire [31:0] mem_dat_r = sel_rom ? rom[mem_word] : sel_ram ? ram[mem_word] : sdram[mem_word];
    always @(posedge clk) begin : memory_write
        integer lane;
        if (bus_stb && bus_we && sel_mem)
            for (lane = 0; lane < 4; lane = lane + 1)
                if (bus_sel[lane]) begin
                    if (sel_ram) ram[mem_word][8 * lane +: 8] <= bus_dat_w[8 * lane +: 8];
                    if (sel_sdram) sdram[mem_word][8 * lane +: 8] <= bus_dat_w[8 * lane +: 8];
                end
    end

    wire        sys_ack, crc_ack, dma_s_ack, usb_ack, dbg_ack;
    wire [31:0] sys_dat_r, crc_dat_r, dma_s_dat_r, usb_dat_r, dbg_dat_r;
    assign bus_ack = (bus_stb & sel_mem) | sys_ack | crc_ack | dma_s_ack | usb_ack | dbg_ack;
    assign bus_err = bus_stb & sel_none;
    assign bus_dat_r = sel_mem ? mem_dat_r : sel_sys ? sys_dat_r : sel_crc ? crc_dat_r :
                       sel_dma ? dma_s_dat_r : sel_usb ? usb_dat_r : sel_dbg ? dbg_dat_r : 32'd0;

    // ------------------------------------------------------------ the blocks
    wire        soft_reset;
    wire [63:0] cycle;
    wire        crc_feed_valid;
    wire [31:0] crc_feed_data;
    wire [2:0]  crc_feed_count;
    wire        rt_has_beat, dma_rt_pop, dma_busy;
    wire [9:0]  rt_latch_adr;
    wire [31:0] rt_latch_dat;

    gh_ref_sys #(.CLK_HZ(32'd50000000), .VERSION(32'h00010002)) u_sys (
        .clk(clk), .rst(rst), .wb_cyc(bus_cyc & sel_sys), .wb_stb(bus_stb & sel_sys), .wb_we(bus_we),
        .wb_adr(bus_adr), .wb_dat_w(bus_dat_w), .wb_sel(bus_sel), .wb_ack(sys_ack), .wb_dat_r(sys_dat_r),
        .soft_reset(soft_reset), .cycle(cycle));

    gh_ref_crc u_crc (
        .clk(clk), .rst(rst), .wb_cyc(bus_cyc & sel_crc), .wb_stb(bus_stb & sel_crc), .wb_we(bus_we),
        .wb_adr(bus_adr), .wb_dat_w(bus_dat_w), .wb_sel(bus_sel), .wb_ack(crc_ack), .wb_dat_r(crc_dat_r),
        .crc_feed_valid(crc_feed_valid), .crc_feed_data(crc_feed_data), .crc_feed_count(crc_feed_count));

    gh_ref_dma u_dma (
        .clk(clk), .rst(rst), .soft_reset(soft_reset),
        .wb_cyc(bus_cyc & sel_dma), .wb_stb(bus_stb & sel_dma), .wb_we(bus_we),
        .wb_adr(bus_adr), .wb_dat_w(bus_dat_w), .wb_sel(bus_sel), .wb_ack(dma_s_ack), .wb_dat_r(dma_s_dat_r),
        .m_cyc(dma_cyc), .m_stb(dma_stb), .m_we(dma_we), .m_adr(dma_adr), .m_dat_w(dma_dat_w), .m_sel(dma_sel),
        .m_ack(dma_ack), .m_dat_r(bus_dat_r), .m_err(dma_err),
        .crc_feed_valid(crc_feed_valid), .crc_feed_data(crc_feed_data), .crc_feed_count(crc_feed_count),
        .rt_has_beat(rt_has_beat), .dma_rt_pop(dma_rt_pop), .rt_latch_adr(rt_latch_adr),
        .rt_latch_dat(rt_latch_dat), .busy(dma_busy));

    `include "periph_tb_usb_stack.vh"
    `include "periph_tb_dut.vh"
    `include "periph_tb_tasks.vh"
    `include "periph_tb_checks.vh"
    `include "periph_tb_checks_dbg.vh"
    `include "periph_tb_checks_usb.vh"
    `include "periph_tb_checks_decode.vh"

    initial begin : watchdog
        #20000000;
        fail("watchdog: the testbench ran out of time");
        $display("periph_tb: FAIL (%0d)", failures);
        $finish;
    end

    initial begin
        repeat (4) @(posedge clk);
        @(negedge clk) rst = 1'b0;
        repeat (2) @(posedge clk);
        check_decode;
        check_sys;
        check_crc;
        check_dma_copies;
        check_dma_crc_and_timing;
        check_dma_refusals;
        check_dma_fifo;
        check_dbg;
        check_dma_pop;
        check_usb_out;
        check_usb_in;
        check_usb_frames;
        check_soft_reset;
        if (failures == 0)
            $display("periph_tb: PASS");
        else
            $display("periph_tb: FAIL (%0d)", failures);
        $finish;
    end
endmodule
