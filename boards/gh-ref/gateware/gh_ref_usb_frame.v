// The IN frame sender (README "The IN frame sender"): with CRC it first reads
// the frame once for the CRC-32 of bytes 0..15 and 20..LEN-1; then it reads
// it again into the IN packet buffers, 512 bytes a packet, the CRC in place
// of bytes 16..19, and a zero-length packet after a frame of whole packets.
// A bus master of its own, reads only, one word an access.
module gh_ref_usb_frame (
    input  wire        clk,
    input  wire        rst,            // reset or any EP1 flush: the frame is dropped
    input  wire        start,          // one cycle, with an accepted frame below
    input  wire [29:0] start_word,     // the frame's first word address (FRAME_SRC >> 2)
    input  wire [16:0] start_len,      // 1..65536 (20 at least with CRC)
    input  wire        start_crc,
    output wire        busy,
    // bus master
    output reg         m_cyc,
    output wire        m_stb,
    output wire        m_we,
    output reg  [29:0] m_adr,
    output wire [31:0] m_dat_w,
    output wire [3:0]  m_sel,
    input  wire        m_ack,
    input  wire [31:0] m_dat_r,
    input  wire        m_err,
    // the IN buffers
    input  wire        fill_free,
    output wire        wr_en,
    output reg  [6:0]  wr_word,
    output wire [31:0] wr_data,
    output wire        commit,
    output wire [9:0]  commit_len
);
    `include "gh_ref_regs.vh"
    `include "gh_ref_crc32.vh"

    localparam [2:0] IDLE = 3'd0, CRC_READ = 3'd1, PACKET_WAIT = 3'd2, PACKET_READ = 3'd3, PACKET_COMMIT = 3'd4;
    localparam [16:0] MAX_PACKET = GH_USB_MAX_PACKET[16:0];
    localparam [29:0] CRC_WORD = GH_USB_FRAME_CRC_AT[31:2];   // the header's CRC field: one whole word

    reg [2:0]  state;
    reg        crc_on;
    reg [29:0] frame_adr;
    reg [16:0] frame_len;
    reg [16:0] left;         // CRC_READ: bytes not yet read; packets: bytes not yet committed
    reg [29:0] word_i;       // CRC_READ: word index in the frame
    reg        first_packet;
    reg [31:0] crc_state;    // inverted, as the CRC unit's
    reg [9:0]  packet_len;

    wire        done = m_cyc & (m_ack | m_err);
    wire [31:0] data = m_err ? 32'd0 : m_dat_r;
    wire [2:0]  word_bytes = (left < 17'd4) ? left[2:0] : 3'd4;
    wire [16:0] packet_bytes = (left < MAX_PACKET) ? left : MAX_PACKET;
    wire        last_in_packet = ({8'd0, wr_word, 2'b00} + 17'd4 >= {7'd0, packet_len});

    assign busy = state != IDLE;
    assign m_stb = m_cyc;
    assign m_we = 1'b0;
    assign m_dat_w = 32'd0;
    assign m_sel = 4'b1111;
    assign wr_en = (state == PACKET_READ) & done;
    assign commit = state == PACKET_COMMIT;   // combinational: PACKET_WAIT then sees the next buffer
    assign commit_len = packet_len;
    assign wr_data = (crc_on && first_packet && {23'd0, wr_word} == CRC_WORD) ? ~crc_state : data;

    always @(posedge clk) begin
        if (rst) begin
            state <= IDLE;
            m_cyc <= 1'b0;
            m_adr <= 30'd0;
            crc_on <= 1'b0;
            frame_adr <= 30'd0;
            frame_len <= 17'd0;
            left <= 17'd0;
            word_i <= 30'd0;
            first_packet <= 1'b0;
            crc_state <= 32'hffffffff;
            packet_len <= 10'd0;
            wr_word <= 7'd0;
        end else begin
            case (state)
                IDLE:
                    if (start) begin
                        crc_on <= start_crc;
                        frame_adr <= start_word;
                        frame_len <= start_len;
                        left <= start_len;
                        m_adr <= start_word;
                        word_i <= 30'd0;
                        first_packet <= 1'b1;
                        crc_state <= 32'hffffffff;
                        m_cyc <= start_crc;
                        state <= start_crc ? CRC_READ : PACKET_WAIT;
                    end
                CRC_READ:
                    if (done) begin
                        if (word_i != CRC_WORD)
                            crc_state <= crc32_bytes(crc_state, data, word_bytes);
                        word_i <= word_i + 30'd1;
                        m_adr <= m_adr + 30'd1;
                        left <= left - {14'd0, word_bytes};
                        if (left <= 17'd4) begin   // the CRC is complete: now the packets
                            m_cyc <= 1'b0;
                            m_adr <= frame_adr;
                            left <= frame_len;
                            state <= PACKET_WAIT;
                        end
                    end
                PACKET_WAIT:
                    if (fill_free) begin
                        packet_len <= packet_bytes[9:0];
                        wr_word <= 7'd0;
                        m_cyc <= packet_bytes != 17'd0;
                        state <= (packet_bytes != 17'd0) ? PACKET_READ : PACKET_COMMIT;
                    end
                PACKET_READ:
                    if (done) begin
                        wr_word <= wr_word + 7'd1;
                        m_adr <= m_adr + 30'd1;
                        if (last_in_packet) begin
                            m_cyc <= 1'b0;
                            state <= PACKET_COMMIT;
                        end
                    end
                default: begin   // PACKET_COMMIT
                    first_packet <= 1'b0;
                    left <= left - {7'd0, packet_len};
                    // A last packet of 512 bytes is followed by a zero-length one.
                    state <= (left != {7'd0, packet_len} || {7'd0, packet_len} == MAX_PACKET) ? PACKET_WAIT : IDLE;
                end
            endcase
        end
    end
endmodule
