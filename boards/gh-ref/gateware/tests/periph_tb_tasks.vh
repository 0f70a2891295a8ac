// periph_tb: the soft core's stand-in (one bus access at a time) and helpers.
// Included inside module periph_tb.
    task bus_write(input [31:0] addr, input [31:0] data);
        begin
            @(negedge clk);
            cpu_cyc = 1'b1;
            cpu_we = 1'b1;
            cpu_adr = addr[31:2];
            cpu_dat_w = data;
            @(posedge clk);
            while (!cpu_ack)
                @(posedge clk);
            @(negedge clk);
            cpu_cyc = 1'b0;
            cpu_we = 1'b0;
        end
    endtask

    task bus_read(input [31:0] addr, output [31:0] data);
        begin
            @(negedge clk);
            cpu_cyc = 1'b1;
            cpu_we = 1'b0;
            cpu_adr = addr[31:2];
            @(posedge clk);
            while (!cpu_ack)
                @(posedge clk);
            data = bus_dat_r;
            @(negedge clk);
            cpu_cyc = 1'b0;
        end
    endtask

    // Read a register and compare it.
    task expect_reg(input [31:0] addr, input [31:0] want, input [8*96-1:0] what);
        reg [31:0] got;
        begin
            bus_read(addr, got);
            if (got !== want) begin
                $display("  read 0x%08x: got 0x%08x, want 0x%08x", addr, got, want);
                fail(what);
            end
        end
    endtask

    task expect_eq(input [31:0] got, input [31:0] want, input [8*96-1:0] what);
        begin
            if (got !== want) begin
                $display("  got 0x%08x, want 0x%08x", got, want);
                fail(what);
            end
        end
    endtask

    // The test memory, byte by byte, at a byte address in one of its windows.
    task mem_poke(input [31:0] addr, input [7:0] value);
        begin
            if (addr >= GH_REF_SDRAM_BASE)
                sdram[addr[13:2]][8 * addr[1:0] +: 8] = value;
            else if (addr >= GH_REF_RAM_BASE)
                ram[addr[13:2]][8 * addr[1:0] +: 8] = value;
            else
                rom[addr[13:2]][8 * addr[1:0] +: 8] = value;
        end
    endtask

    function [7:0] mem_peek(input [31:0] addr);
        begin
            if (addr >= GH_REF_SDRAM_BASE)
                mem_peek = sdram[addr[13:2]][8 * addr[1:0] +: 8];
            else if (addr >= GH_REF_RAM_BASE)
                mem_peek = ram[addr[13:2]][8 * addr[1:0] +: 8];
            else
                mem_peek = rom[addr[13:2]][8 * addr[1:0] +: 8];
        end
    endfunction

    // CRC-32 in the testbench's own form: a table, built once.
    reg [31:0] crc_table [0:255];
    initial begin : build_crc_table
        integer n, b;
        reg [31:0] c;
        for (n = 0; n < 256; n = n + 1) begin
            c = n;
            for (b = 0; b < 8; b = b + 1)
                c = c[0] ? (32'hedb88320 ^ (c >> 1)) : (c >> 1);
            crc_table[n] = c;
        end
    end
    function [31:0] tb_crc_byte(input [31:0] state, input [7:0] value);
        tb_crc_byte = crc_table[(state ^ value) & 32'hff] ^ (state >> 8);
    endfunction

    localparam [31:0] DMA_SRC = GH_REF_DMA_BASE + GH_DMA_SRC;
    localparam [31:0] DMA_DST = GH_REF_DMA_BASE + GH_DMA_DST;
    localparam [31:0] DMA_LEN = GH_REF_DMA_BASE + GH_DMA_LEN;
    localparam [31:0] DMA_CTRL = GH_REF_DMA_BASE + GH_DMA_CTRL;
    localparam [31:0] DMA_STATUS = GH_REF_DMA_BASE + GH_DMA_STATUS;

    // Set up and start a transfer; wait for BUSY to fall when wait_done.
    task dma_start(input [31:0] src, input [31:0] dst, input [31:0] len, input [31:0] ctrl, input wait_done);
        reg [31:0] st;
        integer polls;
        begin
            bus_write(DMA_SRC, src);
            bus_write(DMA_DST, dst);
            bus_write(DMA_LEN, len);
            bus_write(DMA_CTRL, ctrl | GH_DMA_CTRL_START);
            if (wait_done) begin
                polls = 0;
                st = GH_DMA_ST_BUSY;
                while ((st & GH_DMA_ST_BUSY) != 0 && polls < 100000) begin
                    bus_read(DMA_STATUS, st);
                    polls = polls + 1;
                end
                if (polls >= 100000)
                    fail("DMA: BUSY never fell");
            end
        end
    endtask

    task wait_frame_done;
        reg [31:0] st;
        integer polls;
        begin
            polls = 0;
            st = GH_USB_FRAME_BUSY;
            while ((st & GH_USB_FRAME_BUSY) != 0 && polls < 100000) begin
                bus_read(GH_REF_USB_BASE + GH_USB_FRAME_STATUS, st);
                polls = polls + 1;
            end
            if (polls >= 100000)
                fail("USB: frame sender BUSY never fell");
        end
    endtask

    // Wait until the fake stack has taken n packets (or give up).
    task wait_in_packets(input integer n);
        integer t;
        begin
            t = 0;
            while (in_packets < n && t < 20000) begin
                @(posedge clk);
                t = t + 1;
            end
            if (in_packets < n)
                fail("USB: IN packets did not arrive on ep_in");
        end
    endtask
