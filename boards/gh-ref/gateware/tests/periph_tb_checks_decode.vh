    // The blocks decode the map and nothing else: every word of each block's
    // first KiB that regmap.txt does not list reads 0 (gh_ref_regs_listed.vh,
    // generated from it). Listed registers are not read here: some reads act.
    `include "gh_ref_regs_listed.vh"
    task check_decode_block(input [31:0] base, input [8*8-1:0] name);
        reg [31:0] got;
        integer off;
        begin
            for (off = 0; off < 1024; off = off + 4)
                if (!gh_ref_reg_listed(base + off)) begin
                    bus_read(base + off, got);
                    if (got !== 32'd0) begin
                        $display("FAIL: %0s + 0x%03x is no register of regmap.txt but reads 0x%08x", name, off, got);
                        failures = failures + 1;
                    end
                end
        end
    endtask

    task check_decode;
        begin
            check_decode_block(GH_REF_SYS_BASE, "SYS");
            check_decode_block(GH_REF_CRC_BASE, "CRC");
            check_decode_block(GH_REF_DMA_BASE, "DMA");
            check_decode_block(GH_REF_USB_BASE, "USB");
            check_decode_block(GH_REF_DBG_BASE, "DBG");
        end
    endtask
