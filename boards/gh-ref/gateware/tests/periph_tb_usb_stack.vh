// periph_tb: the USB block and a fake USB device stack on its endpoint
// interface. IN packets are captured into in_bytes/in_len; OUT packets are
// sent with out_packet. Included inside module periph_tb.
    reg        ep_out_valid = 1'b0, ep_out_last = 1'b0, ep_out_zlp = 1'b0;
    reg  [7:0] ep_out_data = 8'd0;
    wire       ep_out_ready;
    wire       ep_in_valid, ep_in_last, ep_in_zlp;
    wire [7:0] ep_in_data;
    reg        ep_in_ready = 1'b1;
    reg        usb_bus_reset = 1'b0, usb_set_config = 1'b0, usb_halt_cleared = 1'b0;
    reg        usb_configured = 1'b1, usb_suspended = 1'b0, usb_high_speed = 1'b1;
    wire       usb_connect, ep_out_stalled, ep_in_stalled, usb_irq;

    gh_ref_usb u_usb (
        .clk(clk), .rst(rst), .soft_reset(soft_reset),
        .wb_cyc(bus_cyc & sel_usb), .wb_stb(bus_stb & sel_usb), .wb_we(bus_we),
        .wb_adr(bus_adr), .wb_dat_w(bus_dat_w), .wb_sel(bus_sel), .wb_ack(usb_ack), .wb_dat_r(usb_dat_r),
        .m_cyc(frm_cyc), .m_stb(frm_stb), .m_we(frm_we), .m_adr(frm_adr), .m_dat_w(frm_dat_w), .m_sel(frm_sel),
        .m_ack(frm_ack), .m_dat_r(bus_dat_r), .m_err(frm_err),
        .ep_out_valid(ep_out_valid), .ep_out_data(ep_out_data), .ep_out_last(ep_out_last),
        .ep_out_zlp(ep_out_zlp), .ep_out_ready(ep_out_ready),
        .ep_in_valid(ep_in_valid), .ep_in_data(ep_in_data), .ep_in_last(ep_in_last),
        .ep_in_zlp(ep_in_zlp), .ep_in_ready(ep_in_ready),
        .usb_bus_reset(usb_bus_reset), .usb_set_config(usb_set_config), .usb_configured(usb_configured),
        .usb_halt_cleared(usb_halt_cleared), .usb_suspended(usb_suspended), .usb_high_speed(usb_high_speed),
        .usb_connect(usb_connect), .ep_out_stalled(ep_out_stalled), .ep_in_stalled(ep_in_stalled),
        .usb_irq(usb_irq));

    // IN capture: every byte taken, packet by packet.
    reg [7:0] in_bytes [0:8191];
    integer   in_total = 0;          // bytes captured
    integer   in_packets = 0;        // packets captured
    integer   in_len [0:63];         // each packet's length
    integer   in_cur = 0;            // bytes of the packet in progress
    always @(posedge clk) begin
        if (ep_in_valid && ep_in_ready) begin
            if (ep_in_zlp) begin
                in_len[in_packets] = 0;
                in_packets = in_packets + 1;
            end else begin
                in_bytes[in_total] = ep_in_data;
                in_total = in_total + 1;
                in_cur = in_cur + 1;
                if (ep_in_last) begin
                    in_len[in_packets] = in_cur;
                    in_packets = in_packets + 1;
                    in_cur = 0;
                end
            end
        end
    end

    task in_capture_clear;
        begin
            in_total = 0;
            in_packets = 0;
            in_cur = 0;
        end
    endtask

    // Send an OUT packet of n bytes (first, first+1, ...); n 0: a zero-length packet.
    task out_packet(input integer n, input [7:0] first);
        integer i, beats;
        begin
            beats = (n == 0) ? 1 : n;
            i = 0;
            while (i < beats) begin
                @(negedge clk);
                ep_out_valid = 1'b1;
                ep_out_zlp = (n == 0);
                ep_out_data = first + i[7:0];
                ep_out_last = (i == beats - 1);
                @(posedge clk);
                if (ep_out_ready)
                    i = i + 1;
            end
            @(negedge clk);
            ep_out_valid = 1'b0;
            ep_out_zlp = 1'b0;
            ep_out_last = 1'b0;
        end
    endtask
