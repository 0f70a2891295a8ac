// gh-ref SYS block: identity, clock rate, the 64-bit cycle counter, the trap
// record scratch registers and the keyed soft reset (README "SYS").
module gh_ref_sys #(
    parameter [31:0] CLK_HZ  = 32'd50000000,
    parameter [31:0] VERSION = 32'h00010000   // major << 16 | minor
) (
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
    output reg         soft_reset,   // one cycle: RESET written with the key
    output reg  [63:0] cycle,        // cycles since power-on
    // the trap record the firmware's trap handler writes before its RESET (a simulation reports it)
    output reg  [31:0] trap_cause,
    output reg  [31:0] trap_epc,
    output reg  [31:0] trap_tval
);
    `include "gh_ref_regs.vh"

    localparam [15:0] OFFSET_MASK = GH_REF_SYS_SIZE[15:0] - 16'd1;

    wire        access = wb_cyc & wb_stb & ~wb_ack;   // first cycle of an access: side effects once
    wire [15:0] offset = {wb_adr[13:0], 2'b00} & OFFSET_MASK;
    wire        unused_bits = ^{wb_adr[29:14], wb_sel};  // block-relative decode; word-only registers

    reg [31:0] cycle_hi_latched;
    reg [31:0] trap_count;

    always @(posedge clk) begin
        if (rst) begin
            wb_ack <= 1'b0;
            wb_dat_r <= 32'd0;
            soft_reset <= 1'b0;
            cycle <= 64'd0;
            cycle_hi_latched <= 32'd0;
            trap_cause <= 32'd0;
            trap_epc <= 32'd0;
            trap_tval <= 32'd0;
            trap_count <= 32'd0;
        end else begin
            wb_ack <= access;
            cycle <= cycle + 64'd1;
            soft_reset <= access && wb_we && offset == GH_SYS_RESET && wb_dat_w == GH_SYS_RESET_KEY;
            if (access && wb_we) begin
                case (offset)
                    GH_SYS_TRAP_CAUSE: trap_cause <= wb_dat_w;
                    GH_SYS_TRAP_EPC:   trap_epc <= wb_dat_w;
                    GH_SYS_TRAP_TVAL:  trap_tval <= wb_dat_w;
                    GH_SYS_TRAP_COUNT: trap_count <= wb_dat_w;
                    default: ;
                endcase
            end
            if (access && !wb_we && offset == GH_SYS_CYCLE_LO)
                cycle_hi_latched <= cycle[63:32];   // so LO then HI read one consistent value
            if (access && !wb_we) begin
                case (offset)
                    GH_SYS_ID:         wb_dat_r <= GH_SYS_ID_VALUE;
                    GH_SYS_VERSION:    wb_dat_r <= VERSION;
                    GH_SYS_CLK_HZ:     wb_dat_r <= CLK_HZ;
                    GH_SYS_CYCLE_LO:   wb_dat_r <= cycle[31:0];
                    GH_SYS_CYCLE_HI:   wb_dat_r <= cycle_hi_latched;
                    GH_SYS_TRAP_CAUSE: wb_dat_r <= trap_cause;
                    GH_SYS_TRAP_EPC:   wb_dat_r <= trap_epc;
                    GH_SYS_TRAP_TVAL:  wb_dat_r <= trap_tval;
                    GH_SYS_TRAP_COUNT: wb_dat_r <= trap_count;
                    default:           wb_dat_r <= 32'd0;
                endcase
            end
        end
    end
endmodule
