// gh-ref CRC-32 unit (README "CRC-32 unit"): zlib's crc32() convention at the
// VALUE register, the state held inverted inside. Fed by DATA8/DATA32 writes
// and by the DMA engine's byte feed (up to 4 bytes a cycle).
module gh_ref_crc (
    input  wire        clk,
    input  wire        rst,
    input  wire        wb_cyc,
    input  wire        wb_stb,
    input  wire        wb_we,
    input  wire [29:0] wb_adr,
    input  wire [31:0] wb_dat_w,
    input  wire [3:0]  wb_sel,
    output reg         wb_ack,
    output reg  [31:0] wb_dat_r,
    // DMA feed: the first crc_feed_count bytes of crc_feed_data (bits 7..0 first)
    input  wire        crc_feed_valid,
    input  wire [31:0] crc_feed_data,
    input  wire [2:0]  crc_feed_count
);
    `include "gh_ref_regs.vh"
    `include "gh_ref_crc32.vh"

    localparam [15:0] OFFSET_MASK = GH_REF_CRC_SIZE[15:0] - 16'd1;

    wire        access = wb_cyc & wb_stb & ~wb_ack;
    wire [15:0] offset = {wb_adr[13:0], 2'b00} & OFFSET_MASK;
    wire        unused_bits = ^{wb_adr[29:14], wb_sel};

    reg [31:0] state;   // ~VALUE

    // One byte chain for every source: the feed wins (writing the unit during
    // a CRC transfer is undefined), then DATA8 and DATA32.
    wire       data8 = access && wb_we && offset == GH_CRC_DATA8;
    wire       data32 = access && wb_we && offset == GH_CRC_DATA32;
    wire       feeding = crc_feed_valid || data8 || data32;
    wire [31:0] feed_data = crc_feed_valid ? crc_feed_data : wb_dat_w;
    wire [2:0]  feed_count = crc_feed_valid ? crc_feed_count : data8 ? 3'd1 : 3'd4;

    always @(posedge clk) begin
        if (rst) begin
            wb_ack <= 1'b0;
            wb_dat_r <= 32'd0;
            state <= 32'hffffffff;
        end else begin
            wb_ack <= access;
            if (feeding)
                state <= crc32_bytes(state, feed_data, feed_count);
            else if (access && wb_we && offset == GH_CRC_VALUE)
                state <= ~wb_dat_w;
            if (access && !wb_we)
                wb_dat_r <= (offset == GH_CRC_VALUE) ? ~state : 32'd0;
        end
    end
endmodule
