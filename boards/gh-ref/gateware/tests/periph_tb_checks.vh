// periph_tb: the checks, block by block. Included inside module periph_tb.
    localparam [31:0] USB = GH_REF_USB_BASE;
    localparam [31:0] DBG = GH_REF_DBG_BASE;
    localparam [31:0] RAM = GH_REF_RAM_BASE;
    localparam [31:0] SDRAM = GH_REF_SDRAM_BASE;
    localparam [31:0] IN_DATA_ADR = GH_REF_USB_BASE + GH_USB_IN_DATA;

    // BUSY of the DMA engine, timed on the cycle counter.
    reg        dma_busy_q = 1'b0;
    reg [63:0] dma_rise = 64'd0, dma_fall = 64'd0;
    always @(posedge clk) begin
        dma_busy_q <= dma_busy;
        if (dma_busy && !dma_busy_q) dma_rise <= cycle;
        if (!dma_busy && dma_busy_q) dma_fall <= cycle;
    end

    integer soft_resets = 0;
    always @(posedge clk) if (soft_reset) soft_resets = soft_resets + 1;

    reg [15:0]  imem_we_addr;
    reg [127:0] imem_we_data;
    integer     imem_writes = 0;
    always @(posedge clk)
        if (dut_imem_we) begin
            imem_we_addr <= dut_imem_addr;
            imem_we_data <= dut_imem_wdata;
            imem_writes = imem_writes + 1;
        end

    task check_sys;
        reg [31:0] lo, hi;
        begin
            expect_reg(GH_REF_SYS_BASE + GH_SYS_ID, GH_SYS_ID_VALUE, "SYS: ID");
            expect_reg(GH_REF_SYS_BASE + GH_SYS_VERSION, 32'h00010002, "SYS: VERSION");
            expect_reg(GH_REF_SYS_BASE + GH_SYS_CLK_HZ, 32'd50000000, "SYS: CLK_HZ");
            bus_read(GH_REF_SYS_BASE + GH_SYS_CYCLE_LO, lo);
            bus_read(GH_REF_SYS_BASE + GH_SYS_CYCLE_HI, hi);
            if (lo == 32'd0 || hi != 32'd0) fail("SYS: CYCLE_LO/CYCLE_HI");
            expect_reg(GH_REF_SYS_BASE + GH_SYS_CYCLE_LO + 32'h100, 32'd0, "SYS: an unlisted offset reads 0");
            bus_write(GH_REF_SYS_BASE + GH_SYS_TRAP_EPC, 32'h80001234);
            expect_reg(GH_REF_SYS_BASE + GH_SYS_TRAP_EPC, 32'h80001234, "SYS: TRAP_EPC scratch");
            bus_write(GH_REF_SYS_BASE + GH_SYS_RESET, GH_SYS_RESET_KEY ^ 32'd1);
            if (soft_resets != 0) fail("SYS: RESET without the key reset");
        end
    endtask

    task check_crc;
        begin
            bus_write(GH_REF_CRC_BASE + GH_CRC_VALUE, 32'd0);
            bus_write(GH_REF_CRC_BASE + GH_CRC_DATA32, 32'h34333231);   // "1234"
            bus_write(GH_REF_CRC_BASE + GH_CRC_DATA32, 32'h38373635);   // "5678"
            bus_write(GH_REF_CRC_BASE + GH_CRC_DATA8, 32'h00000039);    // "9"
            expect_reg(GH_REF_CRC_BASE + GH_CRC_VALUE, 32'hcbf43926, "CRC: \"123456789\" by DATA32 x2 + DATA8");
        end
    endtask

    // One copy of len bytes from src to dst, checked byte by byte (and 4 bytes either side).
    task dma_copy_check(input [31:0] src, input [31:0] dst, input integer len, input [7:0] seed);
        integer i;
        reg [8*96-1:0] what;
        begin
            for (i = 0; i < len; i = i + 1)
                mem_poke(src + i, seed + 8'd13 * i[7:0]);
            for (i = -4; i < len + 4; i = i + 1)
                mem_poke(dst + i, 8'hee);
            dma_start(src, dst, len, 32'd0, 1'b1);
            for (i = -4; i < len + 4; i = i + 1)
                if (mem_peek(dst + i) !== ((i < 0 || i >= len) ? 8'hee : mem_peek(src + i))) begin
                    $sformat(what, "DMA: copy 0x%08x -> 0x%08x len %0d, byte %0d", src, dst, len, i);
                    fail(what);
                    i = len + 4;
                end
        end
    endtask

    task check_dma_copies;
        integer sa, da, li, len;
        begin
            for (sa = 0; sa < 4; sa = sa + 1)
                for (da = 0; da < 4; da = da + 1)
                    for (li = 0; li < 7; li = li + 1) begin
                        len = (li == 0) ? 0 : (li == 1) ? 1 : (li == 2) ? 3 : (li == 3) ? 4 : (li == 4) ? 5 : (li == 5) ? 17 : 64;
                        dma_copy_check(SDRAM + 32'h100 + sa, RAM + 32'h200 + da, len, sa * 16 + da * 4 + li);
                    end
            dma_copy_check(GH_REF_ROM_BASE + 32'h41, SDRAM + 32'h802, 33, 8'h5a);   // ROM source
            dma_copy_check(RAM + 32'h203, RAM + 32'h600, 100, 8'h21);              // RAM to RAM
            expect_reg(DMA_STATUS, 32'd0, "DMA: STATUS after accepted transfers");
            expect_reg(DMA_SRC, RAM + 32'h203, "DMA: SRC reads back as written");
            expect_reg(DMA_LEN, 32'd100, "DMA: LEN reads back as written");
        end
    endtask

    // CRC | NO_WRITE of "123456789" at an odd address, and the BUSY bounds.
    task check_dma_crc_and_timing;
        integer i, cycles;
        reg [31:0] crc;
        reg [8*96-1:0] what;
        begin
            for (i = 0; i < 9; i = i + 1)
                mem_poke(RAM + 32'h401 + i, "1" + i);
            bus_write(GH_REF_CRC_BASE + GH_CRC_VALUE, 32'd0);
            dma_start(RAM + 32'h401, 32'd0, 9, GH_DMA_CTRL_CRC | GH_DMA_CTRL_NO_WRITE, 1'b1);
            expect_reg(GH_REF_CRC_BASE + GH_CRC_VALUE, 32'hcbf43926, "DMA: CRC|NO_WRITE of \"123456789\"");

            // 1024 bytes read with CRC, nothing polling meanwhile.
            crc = 32'hffffffff;
            for (i = 0; i < 1024; i = i + 1) begin
                mem_poke(SDRAM + 32'h1001 + i, i * 7 + 1);
                crc = tb_crc_byte(crc, i * 7 + 1);
            end
            bus_write(GH_REF_CRC_BASE + GH_CRC_VALUE, 32'd0);
            dma_start(SDRAM + 32'h1001, 32'd0, 1024, GH_DMA_CTRL_CRC | GH_DMA_CTRL_NO_WRITE, 1'b0);
            wait (!dma_busy);
            repeat (2) @(posedge clk);
            cycles = dma_fall - dma_rise;
            $display("  DMA timing: CRC|NO_WRITE of 1024 bytes: BUSY %0d cycles (bound LEN/4 + 16 = %0d)", cycles, 1024 / 4 + 16);
            if (cycles > 1024 / 4 + 16) fail("DMA: BUSY bound LEN/4 + 16 (read-only transfer)");
            expect_reg(GH_REF_CRC_BASE + GH_CRC_VALUE, ~crc, "DMA: CRC of 1024 bytes");

            // A copy with CRC: every byte moved is fed, in order.
            crc = 32'hffffffff;
            for (i = 0; i < 100; i = i + 1)
                crc = tb_crc_byte(crc, mem_peek(SDRAM + 32'h1003 + i));
            bus_write(GH_REF_CRC_BASE + GH_CRC_VALUE, 32'd0);
            dma_start(SDRAM + 32'h1003, RAM + 32'h1801, 100, GH_DMA_CTRL_CRC, 1'b1);
            expect_reg(GH_REF_CRC_BASE + GH_CRC_VALUE, ~crc, "DMA: CRC of a 100-byte copy");
            if (mem_peek(RAM + 32'h1801 + 99) !== mem_peek(SDRAM + 32'h1003 + 99)) fail("DMA: copy with CRC");

            // A 1024-byte copy: a read and a write a word on one master port.
            dma_start(SDRAM + 32'h1001, RAM + 32'h1002, 1024, 32'd0, 1'b0);
            wait (!dma_busy);
            repeat (2) @(posedge clk);
            cycles = dma_fall - dma_rise;
            $display("  DMA timing: copy of 1024 bytes: BUSY %0d cycles (bound 2 x LEN/4 + 16 = %0d)", cycles, 2 * 1024 / 4 + 16);
            if (cycles > 2 * 1024 / 4 + 16) fail("DMA: BUSY bound 2 x LEN/4 + 16 (copy)");
            for (i = 0; i < 1024; i = i + 1)
                if (mem_peek(RAM + 32'h1002 + i) !== mem_peek(SDRAM + 32'h1001 + i)) begin
                    $sformat(what, "DMA: 1024-byte copy, byte %0d", i);
                    fail(what);
                    i = 1024;
                end
        end
    endtask

    // A refused START: STATUS = ERR with its CAUSE, nothing moved.
    task dma_refused(input [31:0] src, input [31:0] dst, input [31:0] len, input [31:0] ctrl,
                     input [31:0] cause, input [8*96-1:0] what);
        begin
            mem_poke(RAM + 32'h700, 8'h77);
            dma_start(src, dst, len, ctrl, 1'b1);
            expect_reg(DMA_STATUS, GH_DMA_ST_ERR | (cause << 8), what);
            if (mem_peek(RAM + 32'h700) !== 8'h77) fail(what);
        end
    endtask

    task check_dma_refusals;
        reg [31:0] st;
        begin
            dma_refused(32'h70000000, RAM + 32'h700, 4, 0, GH_DMA_CAUSE_SRC, "DMA: CAUSE 1, source unmapped");
            dma_refused(GH_REF_ROM_BASE + GH_REF_ROM_SIZE - 2, RAM + 32'h700, 4, 0, GH_DMA_CAUSE_SRC,
                        "DMA: CAUSE 1, source past the end of ROM");
            dma_refused(DBG + GH_DBG_RT_ROW0 + 2, RAM + 32'h700, 4, 0, GH_DMA_CAUSE_SRC, "DMA: CAUSE 1, retire window unaligned");
            dma_refused(RAM, GH_REF_ROM_BASE + 32'h10, 4, 0, GH_DMA_CAUSE_DST, "DMA: CAUSE 2, destination ROM");
            dma_refused(RAM, RAM + 32'h700, 4, GH_DMA_CTRL_DST_FIFO, GH_DMA_CAUSE_DST, "DMA: CAUSE 2, DST_FIFO not to IN_DATA");
            dma_refused(RAM, IN_DATA_ADR, 4, 0, GH_DMA_CAUSE_DST, "DMA: CAUSE 2, IN_DATA without DST_FIFO");
            dma_refused(RAM, RAM + 32'h700, 32'h10001, 0, GH_DMA_CAUSE_LEN, "DMA: CAUSE 3, LEN above 65536");
            dma_refused(DBG + GH_DBG_RT_ROW0, RAM + 32'h700, 6, 0, GH_DMA_CAUSE_LEN, "DMA: CAUSE 3, retire LEN not whole words");
            dma_refused(RAM + 32'h6f8, RAM + 32'h6fc, 16, 0, GH_DMA_CAUSE_OVERLAP, "DMA: CAUSE 4, overlap");
            dma_refused(DBG + GH_DBG_RT_ROW0, RAM + 32'h700, 128, GH_DMA_CTRL_POP, GH_DMA_CAUSE_POP,
                        "DMA: CAUSE 6, POP with no beat");
            dma_refused(RAM, RAM + 32'h700, 4, GH_DMA_CTRL_POP, GH_DMA_CAUSE_POP, "DMA: CAUSE 6, POP from memory");
            // CAUSE 5: the running transfer goes on.
            dma_start(SDRAM + 32'h1001, RAM + 32'h1002, 1024, 32'd0, 1'b0);
            bus_write(DMA_CTRL, GH_DMA_CTRL_START);
            bus_read(DMA_STATUS, st);
            expect_eq(st, GH_DMA_ST_BUSY | GH_DMA_ST_ERR | (GH_DMA_CAUSE_BUSY << 8), "DMA: CAUSE 5, START while BUSY");
            wait (!dma_busy);
            expect_reg(DMA_STATUS, GH_DMA_ST_ERR | (GH_DMA_CAUSE_BUSY << 8), "DMA: ERR stays after the transfer");
            dma_start(RAM, RAM + 32'h700, 0, 32'd0, 1'b1);
            expect_reg(DMA_STATUS, 32'd0, "DMA: an accepted START (LEN 0) clears ERR");
        end
    endtask

    task check_dma_fifo;
        integer i;
        begin
            in_capture_clear;
            for (i = 0; i < 37; i = i + 1)
                mem_poke(RAM + 32'h301 + i, 8'h90 + i);
            dma_start(RAM + 32'h301, IN_DATA_ADR, 37, GH_DMA_CTRL_DST_FIFO, 1'b1);
            expect_reg(DMA_STATUS, 32'd0, "DMA: DST_FIFO accepted");
            bus_write(USB + GH_USB_IN_CTRL, GH_USB_IN_COMMIT | 32'd37);
            wait_in_packets(1);
            if (in_len[0] != 37) fail("DMA: DST_FIFO packet length");
            for (i = 0; i < 37; i = i + 1)
                if (in_bytes[i] !== 8'h90 + i) begin
                    fail("DMA: DST_FIFO packet bytes");
                    i = 37;
                end
        end
    endtask
