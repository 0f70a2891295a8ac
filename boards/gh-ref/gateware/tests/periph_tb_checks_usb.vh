// periph_tb: the USB block's checks and SYS.RESET's effects. Included inside
// module periph_tb.
    localparam [31:0] COUNT_LSB = 16, PACKETS_LSB = 28;   // OUT_STATUS / IN_STATUS fields (README)

    task check_usb_out;
        begin
            bus_write(USB + GH_USB_CTRL, GH_USB_CTRL_CONNECT);
            if (usb_connect !== 1'b1) fail("USB: CTRL.CONNECT drives usb_connect");
            expect_reg(USB + GH_USB_STATUS, GH_USB_STATUS_CONFIGURED | GH_USB_STATUS_HIGH_SPEED, "USB: STATUS levels");
            expect_reg(USB + GH_USB_OUT_STATUS, 32'd0, "USB: OUT_STATUS empty");
            bus_write(USB + GH_USB_INT, 32'h3f);
            out_packet(10, 8'h40);
            out_packet(0, 8'h00);
            if (ep_out_ready !== 1'b0) fail("USB: ep_out_ready low with both OUT buffers full");
            expect_reg(USB + GH_USB_OUT_STATUS, GH_USB_OUT_READY | (32'd10 << COUNT_LSB) | (32'd2 << PACKETS_LSB),
                       "USB: OUT_STATUS of a 10-byte packet, 2 buffered");
            expect_reg(USB + GH_USB_INT, GH_USB_INT_OUT_READY, "USB: INT.OUT_READY");
            bus_write(USB + GH_USB_INT, GH_USB_INT_OUT_READY);
            expect_reg(USB + GH_USB_INT, 32'd0, "USB: INT is write-1-to-clear");
            expect_reg(USB + GH_USB_OUT_DATA, 32'h43424140, "USB: OUT_DATA word 0");
            expect_reg(USB + GH_USB_OUT_DATA, 32'h47464544, "USB: OUT_DATA word 1");
            expect_reg(USB + GH_USB_OUT_DATA, 32'h00004948, "USB: OUT_DATA word 2, zero past COUNT");
            expect_reg(USB + GH_USB_OUT_DATA, 32'h00000000, "USB: OUT_DATA past COUNT");
            bus_write(USB + GH_USB_OUT_CTRL, GH_USB_OUT_RELEASE);
            expect_reg(USB + GH_USB_OUT_STATUS, GH_USB_OUT_READY | (32'd1 << PACKETS_LSB),
                       "USB: OUT_STATUS of a zero-length packet");
            bus_write(USB + GH_USB_OUT_CTRL, GH_USB_OUT_RELEASE);
            expect_reg(USB + GH_USB_OUT_STATUS, 32'd0, "USB: OUT_STATUS after both RELEASEs");
            bus_write(USB + GH_USB_OUT_CTRL, GH_USB_OUT_STALL);
            if (ep_out_stalled !== 1'b1) fail("USB: OUT_CTRL.STALL");
            expect_reg(USB + GH_USB_OUT_STATUS, GH_USB_OUT_STALLED, "USB: OUT_STATUS.STALLED");
            bus_write(USB + GH_USB_OUT_CTRL, GH_USB_OUT_UNSTALL);
            if (ep_out_stalled !== 1'b0) fail("USB: OUT_CTRL.UNSTALL");
        end
    endtask

    task check_usb_in;
        begin
            in_capture_clear;
            expect_reg(USB + GH_USB_IN_STATUS, GH_USB_IN_READY | GH_USB_IN_EMPTY, "USB: IN_STATUS idle");
            bus_write(USB + GH_USB_INT, 32'h3f);
            bus_write(USB + GH_USB_IN_DATA, 32'h64636261);
            bus_write(USB + GH_USB_IN_DATA, 32'h68676665);
            bus_write(USB + GH_USB_IN_CTRL, GH_USB_IN_COMMIT | 32'd7);
            wait_in_packets(1);
            if (in_len[0] != 7 || in_bytes[0] !== "a" || in_bytes[6] !== "g") fail("USB: IN packet of 7 bytes on ep_in");
            expect_reg(USB + GH_USB_IN_STATUS, GH_USB_IN_READY | GH_USB_IN_EMPTY, "USB: IN_STATUS empty after sending");
            expect_reg(USB + GH_USB_INT, GH_USB_INT_IN_EMPTY, "USB: INT.IN_EMPTY");
            bus_write(USB + GH_USB_IN_CTRL, GH_USB_IN_COMMIT);
            wait_in_packets(2);
            if (in_len[1] != 0) fail("USB: COMMIT with COUNT 0 sends a zero-length packet");
        end
    endtask

    // Send a frame of len bytes at SDRAM + 0x2000 and check what ep_in took.
    task frame_check(input integer len, input crc_on, input integer packets);
        integer i, p, sum;
        reg [31:0] crc;
        reg [7:0] want;
        begin
            in_capture_clear;
            for (i = 0; i < len; i = i + 1)
                mem_poke(SDRAM + 32'h2000 + i, i * 5 + len);
            crc = 32'hffffffff;
            for (i = 0; i < len; i = i + 1)
                if (i < 16 || i >= 20) crc = tb_crc_byte(crc, i * 5 + len);
            crc = ~crc;
            bus_write(USB + GH_USB_FRAME_SRC, SDRAM + 32'h2000);
            bus_write(USB + GH_USB_FRAME_LEN, len);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND | (crc_on ? GH_USB_FRAME_CRC : 32'd0));
            wait_frame_done;
            expect_reg(USB + GH_USB_FRAME_STATUS, 32'd0, "USB: frame accepted");
            wait_in_packets(packets);
            repeat (4) @(posedge clk);
            sum = 0;
            for (p = 0; p < in_packets; p = p + 1)
                sum = sum + in_len[p];
            if (in_packets != packets || sum != len || in_len[0] != (len < 512 ? len : 512))
                fail("USB: frame packets (512 bytes each, the last short or a zero-length one)");
            for (i = 0; i < len; i = i + 1) begin
                want = (crc_on && i >= 16 && i < 20) ? crc[8 * (i - 16) +: 8] : i * 5 + len;
                if (in_bytes[i] !== want) begin
                    $display("  byte %0d: got 0x%02x, want 0x%02x", i, in_bytes[i], want);
                    fail("USB: frame bytes (CRC at 16..19)");
                    i = len;
                end
            end
            if (mem_peek(SDRAM + 32'h2000 + 16) !== 8'd16 * 5 + len[7:0]) fail("USB: the frame sender wrote memory");
        end
    endtask

    task check_usb_frames;
        begin
            frame_check(600, 1'b1, 2);
            frame_check(512, 1'b0, 2);
            frame_check(512, 1'b1, 2);
            frame_check(21, 1'b1, 1);
            // Refusals.
            bus_write(USB + GH_USB_FRAME_LEN, 0);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            expect_reg(USB + GH_USB_FRAME_STATUS, GH_USB_FRAME_ERR | (GH_USB_FRAME_CAUSE_LEN << 8), "USB: frame CAUSE 2, LEN 0");
            bus_write(USB + GH_USB_FRAME_LEN, 19);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND | GH_USB_FRAME_CRC);
            expect_reg(USB + GH_USB_FRAME_STATUS, GH_USB_FRAME_ERR | (GH_USB_FRAME_CAUSE_LEN << 8), "USB: frame CAUSE 2, CRC under 20");
            bus_write(USB + GH_USB_FRAME_SRC, GH_REF_ROM_BASE + 32'h100);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            expect_reg(USB + GH_USB_FRAME_STATUS, GH_USB_FRAME_ERR | (GH_USB_FRAME_CAUSE_SRC << 8), "USB: frame CAUSE 1, ROM");
            bus_write(USB + GH_USB_FRAME_SRC, SDRAM + 32'h2002);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            expect_reg(USB + GH_USB_FRAME_STATUS, GH_USB_FRAME_ERR | (GH_USB_FRAME_CAUSE_SRC << 8), "USB: frame CAUSE 1, unaligned");
            bus_write(USB + GH_USB_FRAME_SRC, SDRAM + 32'h2000);
            bus_write(USB + GH_USB_IN_DATA, 32'h01020304);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            expect_reg(USB + GH_USB_FRAME_STATUS, GH_USB_FRAME_ERR | (GH_USB_FRAME_CAUSE_FILLING << 8),
                       "USB: frame CAUSE 4, IN_DATA words not committed");
            bus_write(USB + GH_USB_CTRL, GH_USB_CTRL_CONNECT | GH_USB_CTRL_EP1_RESET);   // flushes the word
            // CAUSE 3: the host takes nothing, the sender waits for a buffer.
            in_capture_clear;
            @(negedge clk) ep_in_ready = 1'b0;
            bus_write(USB + GH_USB_FRAME_LEN, 1200);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            repeat (800) @(posedge clk);
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            expect_reg(USB + GH_USB_FRAME_STATUS, GH_USB_FRAME_BUSY | GH_USB_FRAME_ERR | (GH_USB_FRAME_CAUSE_BUSY << 8),
                       "USB: frame CAUSE 3, SEND while BUSY");
            expect_reg(USB + GH_USB_IN_STATUS, 32'd2 << PACKETS_LSB, "USB: IN_STATUS with both IN buffers committed");
            @(negedge clk) ep_in_ready = 1'b1;
            wait_frame_done;
            wait_in_packets(3);
            if (in_len[2] != 1200 - 1024) fail("USB: a frame waits for free IN buffers");
            // A bus reset drops a frame being sent.
            @(negedge clk) ep_in_ready = 1'b0;
            bus_write(USB + GH_USB_FRAME_CTRL, GH_USB_FRAME_SEND);
            repeat (800) @(posedge clk);
            @(negedge clk) usb_bus_reset = 1'b1;
            @(negedge clk) usb_bus_reset = 1'b0;
            expect_reg(USB + GH_USB_FRAME_STATUS, 32'd0, "USB: a bus reset drops the frame (BUSY falls, no ERR)");
            expect_reg(USB + GH_USB_IN_STATUS, GH_USB_IN_READY | GH_USB_IN_EMPTY, "USB: a bus reset flushes IN");
            if ((u_usb.ints & GH_USB_INT_BUS_RESET) == 0) fail("USB: INT.BUS_RESET");
            @(negedge clk) ep_in_ready = 1'b1;
        end
    endtask

    task check_soft_reset;
        begin
            bus_write(DMA_SRC, 32'h12345678);
            bus_write(GH_REF_SYS_BASE + GH_SYS_RESET, GH_SYS_RESET_KEY);
            repeat (2) @(posedge clk);
            if (soft_resets != 1) fail("SYS: RESET with the key pulses soft_reset once");
            expect_reg(DMA_SRC, 32'd0, "SYS.RESET clears the DMA engine's registers");
            expect_reg(USB + GH_USB_CTRL, 32'd0, "SYS.RESET resets the USB core (CONNECT)");
            expect_reg(GH_REF_SYS_BASE + GH_SYS_TRAP_EPC, 32'h80001234, "SYS.RESET keeps SYS's scratch");
            if (dut_rst_n !== 1'b1) fail("SYS.RESET leaves the DUT alone");
        end
    endtask
