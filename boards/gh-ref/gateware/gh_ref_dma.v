// gh-ref DMA engine (README "DMA engine"): the registers, the START check
// with its CAUSEs, the POP of the retire FIFO's head beat; the transfer
// itself is gh_ref_dma_mover's.
module gh_ref_dma (
    input  wire        clk,
    input  wire        rst,
    input  wire        soft_reset,
    input  wire        wb_cyc,
    input  wire        wb_stb,
    input  wire        wb_we,
    input  wire [29:0] wb_adr,
    input  wire [31:0] wb_dat_w,
    input  wire [3:0]  wb_sel,
    output reg         wb_ack,
    output reg  [31:0] wb_dat_r,
    // bus master
    output wire        m_cyc,
    output wire        m_stb,
    output wire        m_we,
    output wire [29:0] m_adr,
    output wire [31:0] m_dat_w,
    output wire [3:0]  m_sel,
    input  wire        m_ack,
    input  wire [31:0] m_dat_r,
    input  wire        m_err,
    // to the CRC unit
    output wire        crc_feed_valid,
    output wire [31:0] crc_feed_data,
    output wire [2:0]  crc_feed_count,
    // to the DBG block
    input  wire        rt_has_beat,
    output reg         dma_rt_pop,
    output wire [9:0]  rt_latch_adr,
    input  wire [31:0] rt_latch_dat,
    output wire        busy
);
    `include "gh_ref_regs.vh"
    `include "gh_ref_range.vh"

    localparam [15:0] OFFSET_MASK = GH_REF_DMA_SIZE[15:0] - 16'd1;
    localparam integer CAUSE_LSB = 8;   // STATUS 11..8 (README; the generated map has no field positions)
    localparam [31:0] IN_DATA_ADR = GH_REF_USB_BASE + {16'd0, GH_USB_IN_DATA};
    localparam [31:0] RT_FIELDS_ADR = GH_REF_DBG_BASE + {16'd0, GH_DBG_RT_HEAD};
    localparam [31:0] RT_FIELDS_SIZE = {16'd0, GH_DBG_RT_DATA - GH_DBG_RT_HEAD} + 32'd4;
    localparam [31:0] RT_ROW_ADR = GH_REF_DBG_BASE + {16'd0, GH_DBG_RT_ROW0};
    localparam [31:0] RT_ROW_SIZE = 4 * GH_DBG_RT_ROW_COUNT;

    wire        clear = rst | soft_reset;   // SYS.RESET clears every register, no ERR
    wire        access = wb_cyc & wb_stb & ~wb_ack;
    wire        wr = access & wb_we;
    wire [15:0] offset = {wb_adr[13:0], 2'b00} & OFFSET_MASK;
    wire        unused_bits = ^{wb_adr[29:14], wb_sel};

    reg [31:0] src, dst;
    reg [16:0] len;
    reg        err;
    reg [3:0]  cause;

    // ------------------------------------------------------------ the check
    wire ctrl_crc = (wb_dat_w & GH_DMA_CTRL_CRC) != 0;
    wire ctrl_no_write = (wb_dat_w & GH_DMA_CTRL_NO_WRITE) != 0;
    wire ctrl_to_fifo = (wb_dat_w & GH_DMA_CTRL_DST_FIFO) != 0;
    wire ctrl_pop = (wb_dat_w & GH_DMA_CTRL_POP) != 0;
    wire start_write = wr && offset == GH_DMA_CTRL && (wb_dat_w & GH_DMA_CTRL_START) != 0;

    wire src_memory = range_in(src, len, GH_REF_ROM_BASE, GH_REF_ROM_SIZE) ||
                      range_in(src, len, GH_REF_RAM_BASE, GH_REF_RAM_SIZE) ||
                      range_in(src, len, GH_REF_SDRAM_BASE, GH_REF_SDRAM_SIZE);
    wire src_retire = range_in(src, len, RT_FIELDS_ADR, RT_FIELDS_SIZE) ||
                      range_in(src, len, RT_ROW_ADR, RT_ROW_SIZE);
    wire dst_memory = range_in(dst, len, GH_REF_RAM_BASE, GH_REF_RAM_SIZE) ||
                      range_in(dst, len, GH_REF_SDRAM_BASE, GH_REF_SDRAM_SIZE);

    // The README's checks in the emulator's order (servers/usbemu/ghemu/ghemu_dma.c).
    reg [3:0] refusal;
    always @* begin
        if (busy)
            refusal = GH_DMA_CAUSE_BUSY[3:0];
        else if ({15'd0, len} > GH_DMA_MAX_LEN)
            refusal = GH_DMA_CAUSE_LEN[3:0];
        else if (!src_memory && !src_retire)
            refusal = GH_DMA_CAUSE_SRC[3:0];
        else if (src_retire && src[1:0] != 2'd0)
            refusal = GH_DMA_CAUSE_SRC[3:0];
        else if (src_retire && len[1:0] != 2'd0)
            refusal = GH_DMA_CAUSE_LEN[3:0];
        else if (ctrl_pop && (!src_retire || !rt_has_beat))
            refusal = GH_DMA_CAUSE_POP[3:0];
        else if (ctrl_no_write)
            refusal = 4'd0;
        else if (ctrl_to_fifo ? dst != IN_DATA_ADR : !dst_memory)
            refusal = GH_DMA_CAUSE_DST[3:0];
        else if (!ctrl_to_fifo && src_memory && ranges_overlap(src, dst, len))
            refusal = GH_DMA_CAUSE_OVERLAP[3:0];
        else
            refusal = 4'd0;
    end

    wire accept = start_write && refusal == 4'd0;

    gh_ref_dma_mover u_mover (
        .clk(clk), .rst(clear),
        .start(accept && len != 17'd0),
        .start_src(src), .start_dst(dst), .start_len(len),
        .start_crc(ctrl_crc), .start_no_write(ctrl_no_write), .start_to_fifo(ctrl_to_fifo),
        .start_from_latch(ctrl_pop),
        .busy(busy),
        .m_cyc(m_cyc), .m_stb(m_stb), .m_we(m_we), .m_adr(m_adr), .m_dat_w(m_dat_w), .m_sel(m_sel),
        .m_ack(m_ack), .m_dat_r(m_dat_r), .m_err(m_err),
        .crc_feed_valid(crc_feed_valid), .crc_feed_data(crc_feed_data), .crc_feed_count(crc_feed_count),
        .rt_latch_adr(rt_latch_adr), .rt_latch_dat(rt_latch_dat)
    );

    always @(posedge clk) begin
        if (clear) begin
            wb_ack <= 1'b0;
            wb_dat_r <= 32'd0;
            src <= 32'd0;
            dst <= 32'd0;
            len <= 17'd0;
            err <= 1'b0;
            cause <= 4'd0;
            dma_rt_pop <= 1'b0;
        end else begin
            wb_ack <= access;
            dma_rt_pop <= accept && ctrl_pop;   // DBG latches and takes the beat at the next edge
            if (start_write) begin
                err <= refusal != 4'd0;
                cause <= refusal;
            end
            if (wr) begin
                case (offset)
                    GH_DMA_SRC: src <= wb_dat_w;
                    GH_DMA_DST: dst <= wb_dat_w;
                    GH_DMA_LEN: len <= wb_dat_w[16:0];
                    default: ;
                endcase
            end
            if (access && !wb_we) begin
                case (offset)
                    GH_DMA_SRC:    wb_dat_r <= src;
                    GH_DMA_DST:    wb_dat_r <= dst;
                    GH_DMA_LEN:    wb_dat_r <= {15'd0, len};
                    GH_DMA_STATUS: wb_dat_r <= ({28'd0, cause} << CAUSE_LSB) | (err ? GH_DMA_ST_ERR : 32'd0) |
                                             (busy ? GH_DMA_ST_BUSY : 32'd0);
                    default:       wb_dat_r <= 32'd0;
                endcase
            end
        end
    end
endmodule
