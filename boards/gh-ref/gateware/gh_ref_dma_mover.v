// The DMA engine's data path: word reads from the source, a byte aligner,
// word writes with byte enables to the destination (or whole zero-padded
// words to USB.IN_DATA), the CRC feed. One bus access at a time; the next is
// issued at the edge that completes the last, so a memory that acks in the
// cycle of the request gives one access a cycle. A POP transfer reads the
// latched beat through the DBG side port instead of the bus, a word a cycle
// beside the writes.
module gh_ref_dma_mover (
    input  wire        clk,
    input  wire        rst,          // power-on or SYS.RESET: aborts
    input  wire        start,        // one cycle, with the transfer below (len != 0)
    input  wire [31:0] start_src,
    input  wire [31:0] start_dst,
    input  wire [16:0] start_len,
    input  wire        start_crc,
    input  wire        start_no_write,
    input  wire        start_to_fifo,
    input  wire        start_from_latch,
    output reg         busy,
    // bus master
    output reg         m_cyc,
    output wire        m_stb,
    output reg         m_we,
    output reg  [29:0] m_adr,
    output reg  [31:0] m_dat_w,
    output reg  [3:0]  m_sel,
    input  wire        m_ack,
    input  wire [31:0] m_dat_r,
    input  wire        m_err,
    // CRC feed: the first crc_feed_count bytes of crc_feed_data, bits 7..0 first
    output reg         crc_feed_valid,
    output reg  [31:0] crc_feed_data,
    output reg  [2:0]  crc_feed_count,
    // the latched retire beat (POP)
    output wire [9:0]  rt_latch_adr,
    input  wire [31:0] rt_latch_dat
);
    reg        crc_on, no_write, to_fifo, from_latch;
    reg [29:0] rd_adr;      // word of the read outstanding or next
    reg [16:0] rd_left;     // source bytes not yet read
    reg [1:0]  rd_skip;     // leading bytes of that word outside the transfer
    reg [29:0] wr_adr;
    reg [16:0] wr_left;     // destination bytes not yet written
    reg [1:0]  wr_lane;     // first byte lane of the next write
    reg [63:0] buffer;      // bytes read, not yet written (byte 0 in bits 7..0); zero above buf_n
    reg [3:0]  buf_n;
    reg        rd_pending;  // a read outstanding (on the bus or from the latch)

    assign m_stb = m_cyc;
    assign rt_latch_adr = rd_adr[9:0];

    function [31:0] byte_mask;   // the low n bytes
        input [2:0] n;
        byte_mask = (n >= 3'd4) ? 32'hffffffff : ((32'd1 << {n, 3'b000}) - 32'd1);
    endfunction

    // ---------------------------------------------- what completes this cycle
    wire        bus_done = m_cyc & (m_ack | m_err);
    wire        rd_done = rd_pending & (from_latch | bus_done);
    wire [31:0] rd_word = from_latch ? rt_latch_dat : (m_err ? 32'd0 : m_dat_r);   // an error reads zeros
    wire [2:0]  rd_room = 3'd4 - {1'b0, rd_skip};
    wire [2:0]  rd_n = (rd_left < {14'd0, rd_room}) ? rd_left[2:0] : rd_room;
    wire [31:0] rd_bytes = (rd_word >> {rd_skip, 3'b000}) & byte_mask(rd_n);

    wire [63:0] buf_after = (rd_done && !no_write) ? (buffer | ({32'd0, rd_bytes} << {buf_n, 3'b000})) : buffer;
    wire [3:0]  n_after = buf_n + ((rd_done && !no_write) ? {1'b0, rd_n} : 4'd0);
    wire [16:0] rd_left_after = rd_left - (rd_done ? {14'd0, rd_n} : 17'd0);
    wire [29:0] rd_adr_after = rd_done ? rd_adr + 30'd1 : rd_adr;
    wire [1:0]  rd_skip_after = rd_done ? 2'd0 : rd_skip;

    // ------------------------------------------------------- the next access
    // The bus takes one access at a time. Latch reads do not use it: they run
    // beside the writes while the buffer has room for their 4 bytes.
    wire [2:0]  wr_room = 3'd4 - {1'b0, wr_lane};
    wire [2:0]  wr_n = (wr_left < {14'd0, wr_room}) ? wr_left[2:0] : wr_room;
    wire        bus_free = !m_cyc || bus_done;
    wire        read_free = !rd_pending || rd_done;
    wire        do_write = busy && bus_free && !no_write && wr_left != 17'd0 && n_after >= {1'b0, wr_n};
    wire [3:0]  n_kept = do_write ? n_after - {1'b0, wr_n} : n_after;
    wire        do_read = busy && read_free && rd_left_after != 17'd0 &&
                          (from_latch ? (no_write || n_kept <= 4'd4) : (bus_free && !do_write));
    wire        finish = busy && bus_free && read_free && !do_write && !do_read;

    always @(posedge clk) begin
        if (rst) begin
            busy <= 1'b0;
            m_cyc <= 1'b0;
            m_we <= 1'b0;
            m_adr <= 30'd0;
            m_dat_w <= 32'd0;
            m_sel <= 4'd0;
            rd_pending <= 1'b0;
            crc_feed_valid <= 1'b0;
            crc_feed_data <= 32'd0;
            crc_feed_count <= 3'd0;
            buffer <= 64'd0;
            buf_n <= 4'd0;
            crc_on <= 1'b0;
            no_write <= 1'b0;
            to_fifo <= 1'b0;
            from_latch <= 1'b0;
            rd_adr <= 30'd0;
            rd_left <= 17'd0;
            rd_skip <= 2'd0;
            wr_adr <= 30'd0;
            wr_left <= 17'd0;
            wr_lane <= 2'd0;
        end else if (start) begin
            busy <= 1'b1;
            crc_on <= start_crc;
            no_write <= start_no_write;
            to_fifo <= start_to_fifo;
            from_latch <= start_from_latch;
            rd_adr <= start_src[31:2];
            rd_skip <= start_src[1:0];
            rd_left <= start_len;
            wr_adr <= start_dst[31:2];
            wr_lane <= start_to_fifo ? 2'd0 : start_dst[1:0];
            wr_left <= start_len;
            buffer <= 64'd0;
            buf_n <= 4'd0;
            crc_feed_valid <= 1'b0;
        end else begin
            crc_feed_valid <= rd_done && crc_on;
            crc_feed_data <= rd_bytes;
            crc_feed_count <= rd_n;
            rd_left <= rd_left_after;
            rd_adr <= rd_adr_after;
            rd_skip <= rd_skip_after;
            buffer <= buf_after;
            buf_n <= n_after;
            if (bus_free)
                m_cyc <= 1'b0;
            if (rd_done)
                rd_pending <= 1'b0;
            if (do_write) begin
                m_cyc <= 1'b1;
                m_we <= 1'b1;
                m_adr <= wr_adr;
                m_dat_w <= buf_after[31:0] << {wr_lane, 3'b000};
                m_sel <= to_fifo ? 4'b1111 : (4'b1111 >> (3'd4 - wr_n)) << wr_lane;
                buffer <= buf_after >> {wr_n, 3'b000};
                buf_n <= n_kept;
                wr_left <= wr_left - {14'd0, wr_n};
                if (!to_fifo)
                    wr_adr <= wr_adr + 30'd1;
                wr_lane <= 2'd0;
            end
            if (do_read) begin
                rd_pending <= 1'b1;
                if (!from_latch) begin
                    m_cyc <= 1'b1;
                    m_we <= 1'b0;
                    m_adr <= rd_adr_after;
                    m_sel <= 4'b1111;
                end
            end
            if (finish)
                busy <= 1'b0;
        end
    end
endmodule
