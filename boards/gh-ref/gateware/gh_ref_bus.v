// gh-ref interconnect: three Wishbone B4 classic masters (the soft core's
// data bus, the DMA engine, the IN frame sender) share one path to the
// slaves, one access at a time, granted round-robin. The soft core's
// instruction bus does not come here: it has ROM's other port to itself.
//
// Slaves are chosen by address from the regions and blocks of regmap.txt
// (gh_ref_regs.vh); an access to no slave ends with err, which the soft core
// takes as an access fault. Slaves answer with one registered ack each, so
// an access takes two cycles and a granted master keeps the bus until its
// ack (or err).
module gh_ref_bus #(
    parameter integer MASTERS = 3,
    parameter integer SLAVE_COUNT = 8 // gh_ref_bus_slaves.vh's SLAVES (the port widths need it first)
) (
    input  wire                   clk,
    input  wire                   rst,
    // masters, packed: master m in bits [m*W +: W]
    input  wire [MASTERS-1:0]     m_cyc,
    input  wire [MASTERS-1:0]     m_stb,
    input  wire [MASTERS-1:0]     m_we,
    input  wire [MASTERS*30-1:0]  m_adr,
    input  wire [MASTERS*32-1:0]  m_dat_w,
    input  wire [MASTERS*4-1:0]   m_sel,
    output wire [MASTERS-1:0]     m_ack,
    output wire [MASTERS-1:0]     m_err,
    output wire [31:0]            m_dat_r,
    // the shared request, to every slave
    output wire                   s_we,
    output wire [29:0]            s_adr,
    output wire [31:0]            s_dat_w,
    output wire [3:0]             s_sel,
    // one strobe per slave (gh_ref_bus_slaves.vh orders them), acks and data
    output wire [SLAVE_COUNT-1:0]    s_stb,
    input  wire [SLAVE_COUNT-1:0]    s_ack,
    input  wire [SLAVE_COUNT*32-1:0] s_dat_r
);
    `include "gh_ref_regs.vh"
    `include "gh_ref_bus_slaves.vh"
    generate
        if (SLAVE_COUNT != SLAVES) begin : slave_count_mismatch
            initial $fatal(1, "gh_ref_bus: SLAVE_COUNT %0d, but gh_ref_bus_slaves.vh has %0d", SLAVE_COUNT, SLAVES);
        end
    endgenerate

    // ------------------------------------------------------------ arbitration
    wire [MASTERS-1:0] requests = m_cyc & m_stb;
    reg  [MASTERS-1:0] last_grant;
    reg                locked;
    reg  [MASTERS-1:0] held_grant;

    // the first requester after the last one granted (round-robin)
    function [MASTERS-1:0] pick(input [MASTERS-1:0] req, input [MASTERS-1:0] last);
        integer i, k, start;
        begin
            pick = {MASTERS{1'b0}};
            start = 0;
            for (i = 0; i < MASTERS; i = i + 1)
                if (last[i]) start = i + 1;
            for (k = MASTERS - 1; k >= 0; k = k - 1)
                if (req[(start + k) % MASTERS]) pick = {{(MASTERS-1){1'b0}}, 1'b1} << ((start + k) % MASTERS);
        end
    endfunction

    wire [MASTERS-1:0] grant = locked ? held_grant : pick(requests, last_grant);
    wire               granted = |(grant & requests);

    // ------------------------------------------------------------ the granted request
    reg [29:0] adr;
    reg [31:0] dat_w;
    reg [3:0]  sel;
    reg        we;
    integer m;
    always @* begin
        adr = 30'd0; dat_w = 32'd0; sel = 4'd0; we = 1'b0;
        for (m = 0; m < MASTERS; m = m + 1)
            if (grant[m]) begin
                adr = m_adr[m*30 +: 30];
                dat_w = m_dat_w[m*32 +: 32];
                sel = m_sel[m*4 +: 4];
                we = m_we[m];
            end
    end
    assign s_we = we;
    assign s_adr = adr;
    assign s_dat_w = dat_w;
    assign s_sel = sel;

    // ------------------------------------------------------------ decode
    wire [SLAVES-1:0] hit = slave_of({adr, 2'b00});
    reg               unmapped_err; // the err for an access no slave decodes, registered like an ack
    assign s_stb = granted ? hit : {SLAVES{1'b0}};
    wire done = |(s_ack & hit) | unmapped_err;

    assign m_ack = (|(s_ack & hit)) ? grant : {MASTERS{1'b0}};
    assign m_err = unmapped_err ? grant : {MASTERS{1'b0}};
    reg [31:0] dat_r;
    integer s;
    always @* begin
        dat_r = 32'd0;
        for (s = 0; s < SLAVES; s = s + 1)
            if (hit[s]) dat_r = s_dat_r[s*32 +: 32];
    end
    assign m_dat_r = dat_r;

`ifdef GH_REF_BUS_TRACE // every register access and every err, for bring-up
    always @(posedge clk)
        if (!rst && (done && (adr[29:28] == 2'b11 || unmapped_err)))
            $display("bus: m%0d %s 0x%08x %s 0x%08x%s", grant == 1 ? 0 : grant == 2 ? 1 : 2, we ? "W" : "R",
                     {adr, 2'b00}, we ? "<-" : "->", we ? dat_w : dat_r, unmapped_err ? " ERR" : "");
`endif
    always @(posedge clk) begin
        if (rst) begin
            locked <= 1'b0;
            held_grant <= {MASTERS{1'b0}};
            last_grant <= {MASTERS{1'b0}};
            unmapped_err <= 1'b0;
        end else begin
            unmapped_err <= granted && hit == {SLAVES{1'b0}} && !unmapped_err;
            if (done) begin
                locked <= 1'b0;
                last_grant <= grant;
            end else if (granted && !locked) begin
                locked <= 1'b1;
                held_grant <= grant;
            end
        end
    end
endmodule
