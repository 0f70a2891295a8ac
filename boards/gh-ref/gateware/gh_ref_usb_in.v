// EP1 IN: two 512-byte packet buffers. One is filled a word at a time (by
// IN_DATA writes or the frame sender) and committed with its length; committed
// packets go to the USB stack in order as byte streams.
module gh_ref_usb_in (
    input  wire        clk,
    input  wire        flush,          // reset, bus reset, SET_CONFIGURATION, EP1_RESET
    // filling
    input  wire        wr_en,
    input  wire [6:0]  wr_word,        // word index in the packet being filled
    input  wire [31:0] wr_data,
    input  wire        commit,
    input  wire [9:0]  commit_len,     // bytes; above 512 taken as 512
    output wire        fill_free,      // the buffer to fill is free (IN_STATUS.READY)
    output wire [1:0]  committed,      // packets committed and not yet sent
    output reg         all_sent,       // one cycle: the last committed packet left
    // to the stack
    output wire        ep_in_valid,
    output wire [7:0]  ep_in_data,
    output wire        ep_in_last,
    output wire        ep_in_zlp,
    input  wire        ep_in_ready
);
    `include "gh_ref_regs.vh"

    localparam [9:0] MAX_PACKET = GH_USB_MAX_PACKET[9:0];

    reg        fill_idx, send_idx;
    reg [1:0]  full;
    reg [9:0]  len [0:1];
    reg        sending;     // a committed packet is streamed: its word at send_pos is in ram_q
    reg        priming;     // the cycle that reads its first word
    reg [9:0]  send_pos;
    wire [31:0] ram_q;

    wire [9:0] send_len = len[send_idx];
    wire       send_last = (send_len == 10'd0) || (send_pos == send_len - 10'd1);
    wire       take = ep_in_valid & ep_in_ready;
    wire [9:0] next_pos = (take && !send_last) ? send_pos + 10'd1 : send_pos;

    assign fill_free = ~full[fill_idx];
    assign committed = {1'b0, full[0]} + {1'b0, full[1]};
    assign ep_in_valid = sending;
    assign ep_in_data = ram_q[8 * send_pos[1:0] +: 8];
    assign ep_in_last = sending & send_last;
    assign ep_in_zlp = sending & (send_len == 10'd0);

    gh_ref_usb_ram #(.ADDR_W(8)) u_ram (
        .clk(clk),
        .we((wr_en && fill_free) ? 4'b1111 : 4'b0000),
        .wr_addr({fill_idx, wr_word}),
        .wr_data(wr_data),
        .rd_addr({send_idx, next_pos[8:2]}),
        .rd_data(ram_q)
    );

    always @(posedge clk) begin
        all_sent <= 1'b0;
        if (flush) begin
            fill_idx <= 1'b0;
            send_idx <= 1'b0;
            full <= 2'b00;
            sending <= 1'b0;
            priming <= 1'b0;
            send_pos <= 10'd0;
            len[0] <= 10'd0;
            len[1] <= 10'd0;
        end else begin
            if (commit && fill_free) begin
                full[fill_idx] <= 1'b1;
                len[fill_idx] <= (commit_len > MAX_PACKET) ? MAX_PACKET : commit_len;
                fill_idx <= ~fill_idx;
            end
            send_pos <= next_pos;
            priming <= 1'b0;
            if (!sending && !priming && full[send_idx]) begin
                priming <= 1'b1;      // send_pos is 0: the RAM reads word 0 now
                send_pos <= 10'd0;
            end
            if (priming)
                sending <= 1'b1;
            if (take && send_last) begin
                sending <= 1'b0;
                full[send_idx] <= 1'b0;
                send_idx <= ~send_idx;
                send_pos <= 10'd0;
                all_sent <= ~full[~send_idx];
            end
        end
    end
endmodule
