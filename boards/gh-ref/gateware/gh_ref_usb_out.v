// EP1 OUT: two 512-byte packet buffers filled byte by byte from the USB
// stack, read by the soft core a word at a time from the head packet.
module gh_ref_usb_out (
    input  wire       clk,
    input  wire       flush,          // reset, bus reset, SET_CONFIGURATION, EP1_RESET
    // from the stack
    input  wire       ep_out_valid,
    input  wire [7:0] ep_out_data,
    input  wire       ep_out_last,
    input  wire       ep_out_zlp,
    output wire       ep_out_ready,
    // to the registers
    output wire       head_ready,     // a packet is at the head
    output wire [9:0] head_count,     // its bytes (0 without a packet)
    output wire [1:0] packets,        // packets buffered
    output wire [31:0] head_word,     // the next 4 bytes of the head packet, zero past head_count
    input  wire       pop_word,       // OUT_DATA read: move to the next word
    input  wire       release_head,   // OUT_CTRL.RELEASE
    output reg        packet_done     // one cycle: a packet arrived
);
    `include "gh_ref_regs.vh"

    localparam [9:0] MAX_PACKET = GH_USB_MAX_PACKET[9:0];

    reg       wr_idx, rd_idx;
    reg [1:0] full;
    reg [9:0] wr_pos;                 // bytes of the packet being received
    reg [9:0] len [0:1];
    reg [7:0] rd_word;                // next word of the head packet
    wire [31:0] ram_q;

    wire take = ep_out_valid & ep_out_ready;
    wire store = take & ~ep_out_zlp & (wr_pos < MAX_PACKET);   // past 512 bytes are dropped
    wire complete = take & (ep_out_zlp | ep_out_last);
    wire [9:0] stored = ep_out_zlp ? 10'd0 : (store ? wr_pos + 10'd1 : wr_pos);

    assign ep_out_ready = ~full[wr_idx];
    assign head_ready = full[rd_idx];
    assign head_count = full[rd_idx] ? len[rd_idx] : 10'd0;
    assign packets = {1'b0, full[0]} + {1'b0, full[1]};

    // The head's next word is read every cycle, so it is ready when a bus read comes.
    gh_ref_usb_ram #(.ADDR_W(8)) u_ram (
        .clk(clk),
        .we(store ? (4'b0001 << wr_pos[1:0]) : 4'b0000),
        .wr_addr({wr_idx, wr_pos[8:2]}),
        .wr_data({4{ep_out_data}}),
        .rd_addr({rd_idx, rd_word[6:0]}),
        .rd_data(ram_q)
    );

    // Bytes at or past head_count read 0.
    wire [10:0] first_byte = {1'b0, rd_word, 2'b00};
    wire [10:0] valid_bytes = ({1'b0, head_count} > first_byte) ? {1'b0, head_count} - first_byte : 11'd0;
    assign head_word = (valid_bytes >= 11'd4) ? ram_q :
                       ram_q & ((32'd1 << {valid_bytes[1:0], 3'b000}) - 32'd1);

    always @(posedge clk) begin
        packet_done <= 1'b0;
        if (flush) begin
            wr_idx <= 1'b0;
            rd_idx <= 1'b0;
            full <= 2'b00;
            wr_pos <= 10'd0;
            rd_word <= 8'd0;
            len[0] <= 10'd0;
            len[1] <= 10'd0;
        end else begin
            if (store)
                wr_pos <= wr_pos + 10'd1;
            if (complete) begin
                full[wr_idx] <= 1'b1;
                len[wr_idx] <= stored;
                wr_idx <= ~wr_idx;
                wr_pos <= 10'd0;
                packet_done <= 1'b1;
            end
            if (pop_word && rd_word != 8'hff)
                rd_word <= rd_word + 8'd1;
            if (release_head && head_ready) begin
                full[rd_idx] <= 1'b0;
                rd_idx <= ~rd_idx;
                rd_word <= 8'd0;
            end
        end
    end
endmodule
