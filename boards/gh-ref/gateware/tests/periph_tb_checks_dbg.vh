// periph_tb: the debug port's checks, and the DMA engine's POP. Included
// inside module periph_tb.
    localparam [31:0] HEAD_WARP_LSB = 8, HEAD_INDEX_LSB = 16, HEAD_LANE_LSB = 24;   // RT_HEAD fields (README)

    task check_dbg;
        reg [31:0] st;
        integer polls;
        begin
            expect_reg(DBG + GH_DBG_ID, GH_DBG_ID_VALUE, "DBG: ID");
            if (dut_rst_n !== 1'b0 || dut_rt_ready !== 1'b0) fail("DBG: rst_n low and no rt_ready at power-on");
            bus_write(DBG + GH_DBG_CTRL, GH_DBG_CTRL_RST_N);
            if (dut_rst_n !== 1'b1) fail("DBG: CTRL.RST_N drives rst_n");

            // Program load: IMEM_WRITE pulses imem_we, then IMEM_ADDR increments.
            bus_write(DBG + GH_DBG_IMEM_ADDR, 32'h10);
            bus_write(DBG + GH_DBG_IMEM_DATA0, 32'h11111111);
            bus_write(DBG + GH_DBG_IMEM_DATA0 + 4, 32'h22222222);
            bus_write(DBG + GH_DBG_IMEM_DATA0 + 8, 32'h33333333);
            bus_write(DBG + GH_DBG_IMEM_DATA0 + 12, 32'h44444444);
            bus_write(DBG + GH_DBG_CMD, GH_DBG_CMD_IMEM_WRITE);
            if (imem_writes != 1 || imem_we_addr != 16'h10 ||
                imem_we_data != 128'h44444444_33333333_22222222_11111111)
                fail("DBG: IMEM_WRITE pulses imem_we with IMEM_ADDR and IMEM_DATA");
            expect_reg(DBG + GH_DBG_IMEM_ADDR, 32'h11, "DBG: IMEM_ADDR increments after IMEM_WRITE");

            // A beat: visible in the registers, then popped.
            expect_reg(DBG + GH_DBG_RT_HEAD, 32'd0, "DBG: RT_HEAD not valid while empty");
            rt_offer(3'd7, 7'd3, 8'd9, 5'd4, 32'd5);
            expect_reg(DBG + GH_DBG_RT_HEAD, GH_DBG_RT_HEAD_VALID | 32'd7 | (32'd3 << HEAD_WARP_LSB) |
                       (32'd9 << HEAD_INDEX_LSB) | (32'd4 << HEAD_LANE_LSB), "DBG: RT_HEAD of the beat");
            expect_reg(DBG + GH_DBG_RT_ROW0 + 4 * 5, 32'd5005, "DBG: RT_ROW5 of the beat");
            expect_reg(DBG + GH_DBG_RT_PC_HI, 32'd5, "DBG: RT_PC_HI of the beat");
            expect_reg(DBG + GH_DBG_RT_INSN0 + 12, 32'd8, "DBG: RT_INSN3 of the beat");
            expect_reg(DBG + GH_DBG_RT_DATA, 32'h105, "DBG: RT_DATA of the beat");
            expect_reg(DBG + GH_DBG_RT_COUNT, 32'd1, "DBG: RT_COUNT 1");
            expect_reg(DBG + GH_DBG_STATUS, GH_DBG_ST_RT_VALID, "DBG: STATUS.RT_VALID");
            bus_write(DBG + GH_DBG_RT_POP, 32'd0);
            expect_reg(DBG + GH_DBG_RT_COUNT, 32'd0, "DBG: RT_POP takes the beat");

            // A memory request answered through MEM_RDATA / MEM_ACK.
            @(negedge clk);
            dut_mem_req = 1'b1;
            dut_mem_space = 1'b1;
            dut_mem_bank = 5'd3;
            dut_mem_addr = 64'h00001234_9abcdef0;
            expect_reg(DBG + GH_DBG_MEM_REQ, 32'h00000305, "DBG: MEM_REQ pending, space, bank");
            expect_reg(DBG + GH_DBG_MEM_ADDR_LO, 32'h9abcdef0, "DBG: MEM_ADDR_LO");
            expect_reg(DBG + GH_DBG_MEM_ADDR_HI, 32'h00001234, "DBG: MEM_ADDR_HI");
            bus_write(DBG + GH_DBG_MEM_RDATA, 32'hcafef00d);
            bus_write(DBG + GH_DBG_MEM_ACK, 32'd1);
            repeat (2) @(posedge clk);
            if (dut_mem_req !== 1'b0 || mem_answer !== 32'hcafef00d || mem_answer_err !== 1'b0)
                fail("DBG: MEM_ACK answers the request with MEM_RDATA");
            expect_reg(DBG + GH_DBG_MEM_REQ, 32'h00000304, "DBG: MEM_REQ pending falls with the ack");

            // A backdoor read: bd_req held until bd_ack, BD_RDATA latched.
            bus_write(DBG + GH_DBG_BD_CMD, (32'd8 << 4) | (32'd2 << 8) | (32'd1 << 16));
            polls = 0;
            st = GH_DBG_ST_BD_BUSY;
            while ((st & GH_DBG_ST_BD_BUSY) != 0 && polls < 100) begin
                bus_read(DBG + GH_DBG_STATUS, st);
                polls = polls + 1;
            end
            if (polls >= 100) fail("DBG: BD_BUSY never fell");
            // CTRL.RST_N = 0 empties the retire FIFO.
            rt_offer(3'd0, 7'd0, 8'd0, 5'd0, 32'd3);
            bus_write(DBG + GH_DBG_CTRL, 32'd0);
            expect_reg(DBG + GH_DBG_RT_COUNT, 32'd0, "DBG: RST_N = 0 empties the retire FIFO");
            bus_write(DBG + GH_DBG_CTRL, GH_DBG_CTRL_RST_N);
            expect_reg(DBG + GH_DBG_BD_RDATA, {4'hb, 4'd8, 1'b0, 7'd2, 8'd1, 3'd0, 5'd0}, "DBG: BD_RDATA of a backdoor read");
        end
    endtask

    // DMA POP: the head beat latched and taken at START; the next beat shows meanwhile.
    task check_dma_pop;
        integer l;
        reg [31:0] w;
        begin
            rt_offer(3'd7, 7'd1, 8'd2, 5'd0, 32'd7);
            dma_start(DBG + GH_DBG_RT_ROW0, RAM + 32'h800, 128, GH_DMA_CTRL_POP, 1'b0);
            rt_offer(3'd6, 7'd1, 8'd0, 5'd0, 32'd8);   // taken only once the first left the FIFO
            expect_reg(DBG + GH_DBG_RT_HEAD, GH_DBG_RT_HEAD_VALID | 32'd6 | (32'd1 << HEAD_WARP_LSB),
                       "DMA: POP takes the beat, the next one shows");
            wait (!dma_busy);
            repeat (2) @(posedge clk);
            $display("  DMA timing: POP of 128 row bytes to RAM: BUSY %0d cycles (bound LEN/4 + 16 = %0d)",
                     dma_fall - dma_rise, 128 / 4 + 16);
            if (dma_fall - dma_rise > 128 / 4 + 16) fail("DMA: BUSY bound LEN/4 + 16 (POP)");
            expect_reg(DMA_STATUS, 32'd0, "DMA: POP transfer accepted");
            for (l = 0; l < 32; l = l + 1) begin
                w = {mem_peek(RAM + 32'h800 + 4 * l + 3), mem_peek(RAM + 32'h800 + 4 * l + 2),
                     mem_peek(RAM + 32'h800 + 4 * l + 1), mem_peek(RAM + 32'h800 + 4 * l)};
                if (w !== 32'd7000 + l) begin
                    fail("DMA: POP moved the latched beat's RT_ROW words");
                    l = 32;
                end
            end
            // The fields window of the second beat, read in place (no POP), then popped with LEN 0.
            dma_start(DBG + GH_DBG_RT_HEAD, RAM + 32'h900, GH_DBG_RT_DATA - GH_DBG_RT_HEAD + 4, 32'd0, 1'b1);
            if ({mem_peek(RAM + 32'h900 + GH_DBG_RT_DATA - GH_DBG_RT_HEAD + 1),
                 mem_peek(RAM + 32'h900 + GH_DBG_RT_DATA - GH_DBG_RT_HEAD)} !== 16'h0108 ||
                mem_peek(RAM + 32'h903) !== 8'h80)
                fail("DMA: a retire fields window read in place");
            dma_start(DBG + GH_DBG_RT_HEAD, RAM + 32'h900, 0, GH_DMA_CTRL_POP, 1'b1);
            expect_reg(DBG + GH_DBG_RT_COUNT, 32'd0, "DMA: POP with LEN 0 takes the beat");
            // POP to an unaligned destination: the latch reads run beside the writes.
            rt_offer(3'd7, 7'd2, 8'd3, 5'd0, 32'd9);
            mem_poke(RAM + 32'ha03 + 128, 8'h5c);
            dma_start(DBG + GH_DBG_RT_ROW0, RAM + 32'ha03, 128, GH_DMA_CTRL_POP, 1'b1);
            for (l = 0; l < 32; l = l + 1) begin
                w = {mem_peek(RAM + 32'ha03 + 4 * l + 3), mem_peek(RAM + 32'ha03 + 4 * l + 2),
                     mem_peek(RAM + 32'ha03 + 4 * l + 1), mem_peek(RAM + 32'ha03 + 4 * l)};
                if (w !== 32'd9000 + l) begin
                    fail("DMA: POP to an unaligned destination");
                    l = 32;
                end
            end
            if (mem_peek(RAM + 32'ha03 + 128) !== 8'h5c) fail("DMA: POP wrote past its destination");
        end
    endtask
