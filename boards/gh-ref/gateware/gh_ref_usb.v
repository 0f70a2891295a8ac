// gh-ref USB device core, register face (README "USB device core"): control
// and status, RW1C interrupts, EP1 OUT and IN packet buffers, stalls and the
// IN frame sender. The other side is the endpoint interface of a USB device
// stack (LUNA on the FPGA, a C++ bridge in simulation): EP0, enumeration and
// the wire protocol are the stack's.
module gh_ref_usb #(
    parameter [31:0] CORE_VERSION = 32'h00020000   // the ID register: 2.0
) (
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
    // the IN frame sender's bus master port
    output wire        m_cyc,
    output wire        m_stb,
    output wire        m_we,
    output wire [29:0] m_adr,
    output wire [31:0] m_dat_w,
    output wire [3:0]  m_sel,
    input  wire        m_ack,
    input  wire [31:0] m_dat_r,
    input  wire        m_err,
    // endpoint interface: EP1 OUT (host to device)
    input  wire        ep_out_valid,
    input  wire [7:0]  ep_out_data,
    input  wire        ep_out_last,
    input  wire        ep_out_zlp,
    output wire        ep_out_ready,
    // EP1 IN (device to host)
    output wire        ep_in_valid,
    output wire [7:0]  ep_in_data,
    output wire        ep_in_last,
    output wire        ep_in_zlp,
    input  wire        ep_in_ready,
    // events and levels of the stack
    input  wire        usb_bus_reset,      // pulse
    input  wire        usb_set_config,     // pulse: SET_CONFIGURATION 1
    input  wire        usb_configured,
    input  wire        usb_halt_cleared,   // pulse: CLEAR_FEATURE(ENDPOINT_HALT) on 0x01 or 0x81
    input  wire        usb_suspended,
    input  wire        usb_high_speed,
    output reg         usb_connect,        // CTRL.CONNECT: the D+ pull-up
    output reg         ep_out_stalled,
    output reg         ep_in_stalled,
    output wire        usb_irq             // INT & INT_EN
);
    `include "gh_ref_regs.vh"
    `include "gh_ref_range.vh"

    // Field positions the README gives and the generated map does not.
    localparam integer OUT_COUNT_LSB = 16;   // OUT_STATUS 25..16
    localparam integer PACKETS_LSB = 28;     // OUT_STATUS, IN_STATUS 31..28
    localparam integer CAUSE_LSB = 8;        // FRAME_STATUS 11..8
    localparam [15:0] OFFSET_MASK = GH_REF_USB_SIZE[15:0] - 16'd1;
    localparam [9:0]  MAX_PACKET = GH_USB_MAX_PACKET[9:0];
    localparam [5:0]  INT_BITS = GH_USB_INT_BUS_RESET[5:0] | GH_USB_INT_CONFIG[5:0] | GH_USB_INT_OUT_READY[5:0] |
                                 GH_USB_INT_IN_EMPTY[5:0] | GH_USB_INT_HALT_CLEARED[5:0] | GH_USB_INT_SUSPEND[5:0];

    wire        access = wb_cyc & wb_stb & ~wb_ack;
    wire        wr = access & wb_we;
    wire        rd = access & ~wb_we;
    wire [15:0] offset = {wb_adr[13:0], 2'b00} & OFFSET_MASK;
    wire        unused_bits = ^{wb_adr[29:14], wb_sel};

    wire ep1_reset = wr && offset == GH_USB_CTRL && (wb_dat_w & GH_USB_CTRL_EP1_RESET) != 0;
    wire clear = rst | soft_reset;
    // Both EP1 FIFOs flushed, stalls cleared, a frame being sent dropped.
    wire flush = clear | usb_bus_reset | usb_set_config | ep1_reset;

    // ------------------------------------------------------------------ OUT
    wire        out_ready, out_done;
    wire [9:0]  out_count;
    wire [1:0]  out_packets;
    wire [31:0] out_word;
    wire        out_ctrl = wr && offset == GH_USB_OUT_CTRL;

    gh_ref_usb_out u_out (
        .clk(clk), .flush(flush),
        .ep_out_valid(ep_out_valid), .ep_out_data(ep_out_data), .ep_out_last(ep_out_last),
        .ep_out_zlp(ep_out_zlp), .ep_out_ready(ep_out_ready),
        .head_ready(out_ready), .head_count(out_count), .packets(out_packets), .head_word(out_word),
        .pop_word(rd && offset == GH_USB_OUT_DATA),
        .release_head(out_ctrl && (wb_dat_w & GH_USB_OUT_RELEASE) != 0),
        .packet_done(out_done)
    );

    // ------------------------------------------------------------------- IN
    reg  [9:0]  fill_bytes;   // bytes the soft core (or a DST_FIFO transfer) wrote, not committed
    wire        in_free, in_all_sent;
    wire [1:0]  in_committed;
    wire        frame_busy, frame_wr_en, frame_commit;
    wire [6:0]  frame_wr_word;
    wire [31:0] frame_wr_data;
    wire [9:0]  frame_commit_len;
    wire        in_ctrl = wr && offset == GH_USB_IN_CTRL;
    wire        core_wr = wr && offset == GH_USB_IN_DATA && fill_bytes < MAX_PACKET;   // past 512: dropped
    wire        core_commit = in_ctrl && (wb_dat_w & GH_USB_IN_COMMIT) != 0;

    gh_ref_usb_in u_in (
        .clk(clk), .flush(flush),
        .wr_en(frame_busy ? frame_wr_en : core_wr),
        .wr_word(frame_busy ? frame_wr_word : fill_bytes[8:2]),
        .wr_data(frame_busy ? frame_wr_data : wb_dat_w),
        .commit(frame_busy ? frame_commit : core_commit),
        .commit_len(frame_busy ? frame_commit_len : wb_dat_w[9:0]),
        .fill_free(in_free), .committed(in_committed), .all_sent(in_all_sent),
        .ep_in_valid(ep_in_valid), .ep_in_data(ep_in_data), .ep_in_last(ep_in_last),
        .ep_in_zlp(ep_in_zlp), .ep_in_ready(ep_in_ready)
    );

    // ---------------------------------------------------- IN frame sender
    reg  [31:0] frame_src;
    reg  [16:0] frame_len;
    reg         frame_err;
    reg  [3:0]  frame_cause;
    wire        frame_crc = (wb_dat_w & GH_USB_FRAME_CRC) != 0;
    wire        send_write = wr && offset == GH_USB_FRAME_CTRL && (wb_dat_w & GH_USB_FRAME_SEND) != 0;

    // The README's checks in the emulator's order (servers/usbemu/ghemu/ghemu_usb.c).
    reg [3:0] refusal;
    always @* begin
        if (frame_busy)
            refusal = GH_USB_FRAME_CAUSE_BUSY[3:0];
        else if (frame_len == 17'd0 || {15'd0, frame_len} > GH_USB_FRAME_MAX_LEN ||
                 (frame_crc && {15'd0, frame_len} < GH_USB_FRAME_MIN_CRC))
            refusal = GH_USB_FRAME_CAUSE_LEN[3:0];
        else if (frame_src[1:0] != 2'd0 ||
                 !(range_in(frame_src, frame_len, GH_REF_RAM_BASE, GH_REF_RAM_SIZE) ||
                   range_in(frame_src, frame_len, GH_REF_SDRAM_BASE, GH_REF_SDRAM_SIZE)))
            refusal = GH_USB_FRAME_CAUSE_SRC[3:0];
        else if (fill_bytes != 10'd0)
            refusal = GH_USB_FRAME_CAUSE_FILLING[3:0];
        else
            refusal = 4'd0;
    end

    gh_ref_usb_frame u_frame (
        .clk(clk), .rst(flush),
        .start(send_write && refusal == 4'd0),
        .start_word(frame_src[31:2]), .start_len(frame_len), .start_crc(frame_crc),
        .busy(frame_busy),
        .m_cyc(m_cyc), .m_stb(m_stb), .m_we(m_we), .m_adr(m_adr), .m_dat_w(m_dat_w), .m_sel(m_sel),
        .m_ack(m_ack), .m_dat_r(m_dat_r), .m_err(m_err),
        .fill_free(in_free), .wr_en(frame_wr_en), .wr_word(frame_wr_word), .wr_data(frame_wr_data),
        .commit(frame_commit), .commit_len(frame_commit_len)
    );

    // ---------------------------------------------------- registers, events
    reg  [5:0] ints, int_en;
    reg        was_suspended;
    wire [5:0] int_events = (usb_bus_reset ? GH_USB_INT_BUS_RESET[5:0] : 6'd0) |
                            (usb_set_config ? GH_USB_INT_CONFIG[5:0] : 6'd0) |
                            (out_done ? GH_USB_INT_OUT_READY[5:0] : 6'd0) |
                            (in_all_sent ? GH_USB_INT_IN_EMPTY[5:0] : 6'd0) |
                            (usb_halt_cleared ? GH_USB_INT_HALT_CLEARED[5:0] : 6'd0) |
                            ((usb_suspended && !was_suspended) ? GH_USB_INT_SUSPEND[5:0] : 6'd0);

    assign usb_irq = (ints & int_en) != 6'd0;

    always @(posedge clk) begin
        if (clear) begin
            usb_connect <= 1'b0;
            ints <= 6'd0;
            int_en <= 6'd0;
            was_suspended <= 1'b0;
            frame_src <= 32'd0;
            frame_len <= 17'd0;
            frame_err <= 1'b0;
            frame_cause <= 4'd0;
        end else begin
            was_suspended <= usb_suspended;
            // RW1C: an event in the cycle of the clearing write stays set.
            ints <= ((wr && offset == GH_USB_INT) ? ints & ~wb_dat_w[5:0] : ints) | int_events;
            if (send_write) begin
                frame_err <= refusal != 4'd0;
                frame_cause <= refusal;
            end
            if (wr) begin
                case (offset)
                    GH_USB_CTRL:      usb_connect <= (wb_dat_w & GH_USB_CTRL_CONNECT) != 0;
                    GH_USB_INT_EN:    int_en <= wb_dat_w[5:0] & INT_BITS;
                    GH_USB_FRAME_SRC: frame_src <= wb_dat_w;
                    GH_USB_FRAME_LEN: frame_len <= wb_dat_w[16:0];
                    default: ;
                endcase
            end
        end
    end

    // Stalls: set and cleared by the firmware, cleared by a flush or a host's halt clear.
    always @(posedge clk) begin
        if (flush || usb_halt_cleared) begin
            ep_out_stalled <= 1'b0;
            ep_in_stalled <= 1'b0;
        end else begin
            if (out_ctrl && (wb_dat_w & GH_USB_OUT_STALL) != 0)
                ep_out_stalled <= 1'b1;
            else if (out_ctrl && (wb_dat_w & GH_USB_OUT_UNSTALL) != 0)
                ep_out_stalled <= 1'b0;
            if (in_ctrl && (wb_dat_w & GH_USB_IN_STALL) != 0)
                ep_in_stalled <= 1'b1;
            else if (in_ctrl && (wb_dat_w & GH_USB_IN_UNSTALL) != 0)
                ep_in_stalled <= 1'b0;
        end
    end

    // The packet being filled by IN_DATA writes (frame sender writes do not count).
    always @(posedge clk) begin
        if (flush || core_commit)
            fill_bytes <= 10'd0;
        else if (core_wr && in_free && !frame_busy)
            fill_bytes <= fill_bytes + 10'd4;
    end

    // ------------------------------------------------------------ bus reads
    always @(posedge clk) begin
        if (rst) begin
            wb_ack <= 1'b0;
            wb_dat_r <= 32'd0;
        end else begin
            wb_ack <= access;
            if (rd) begin
                case (offset)
                    GH_USB_ID:     wb_dat_r <= CORE_VERSION;
                    GH_USB_CTRL:   wb_dat_r <= usb_connect ? GH_USB_CTRL_CONNECT : 32'd0;
                    GH_USB_STATUS: wb_dat_r <= (usb_configured ? GH_USB_STATUS_CONFIGURED : 32'd0) |
                                               (usb_suspended ? GH_USB_STATUS_SUSPENDED : 32'd0) |
                                               (usb_high_speed ? GH_USB_STATUS_HIGH_SPEED : 32'd0);
                    GH_USB_INT:    wb_dat_r <= {26'd0, ints};
                    GH_USB_INT_EN: wb_dat_r <= {26'd0, int_en};
                    GH_USB_OUT_STATUS:
                        wb_dat_r <= (out_ready ? GH_USB_OUT_READY : 32'd0) | (ep_out_stalled ? GH_USB_OUT_STALLED : 32'd0) |
                                    ({22'd0, out_count} << OUT_COUNT_LSB) | ({30'd0, out_packets} << PACKETS_LSB);
                    GH_USB_OUT_DATA: wb_dat_r <= out_word;
                    GH_USB_IN_STATUS:
                        wb_dat_r <= (in_free ? GH_USB_IN_READY : 32'd0) | (ep_in_stalled ? GH_USB_IN_STALLED : 32'd0) |
                                    (in_committed == 2'd0 ? GH_USB_IN_EMPTY : 32'd0) |
                                    ({30'd0, in_committed} << PACKETS_LSB);
                    GH_USB_FRAME_SRC:    wb_dat_r <= frame_src;
                    GH_USB_FRAME_LEN:    wb_dat_r <= {15'd0, frame_len};
                    GH_USB_FRAME_STATUS: wb_dat_r <= ({28'd0, frame_cause} << CAUSE_LSB) |
                                                     (frame_err ? GH_USB_FRAME_ERR : 32'd0) |
                                                     (frame_busy ? GH_USB_FRAME_BUSY : 32'd0);
                    default: wb_dat_r <= 32'd0;
                endcase
            end
        end
    end
endmodule
