// Simulation only: arms the GPU core's fault-injection registers (space
// FAULT of the port contract's backdoor) for gpu-usbemu --fault, as
// gpu-rtlsim does for its core: after every release of the core's reset
// (its registers clear with it) and its reset sweep, three backdoor writes,
// AT, PARAM, then KIND (which arms). The debug port's own backdoor requests
// pass through untouched otherwise; one that comes while the writes go is
// held (no bd_ack) until they are done, as a slow backdoor would hold it.
module gh_ref_sim_fault_arm (
    input  wire        clk,
    input  wire [7:0]  kind,    // 0: no fault
    input  wire [31:0] at,
    input  wire [7:0]  param,
    input  wire        core_rst_n,
    input  wire        core_busy,
    // the debug port's backdoor
    input  wire        dbg_bd_req,
    input  wire        dbg_bd_we,
    input  wire [3:0]  dbg_bd_space,
    input  wire [6:0]  dbg_bd_warp,
    input  wire [7:0]  dbg_bd_index,
    input  wire [4:0]  dbg_bd_lane,
    input  wire [31:0] dbg_bd_wdata,
    output wire        dbg_bd_ack,
    // the core's
    output wire        core_bd_req,
    output wire        core_bd_we,
    output wire [3:0]  core_bd_space,
    output wire [6:0]  core_bd_warp,
    output wire [7:0]  core_bd_index,
    output wire [4:0]  core_bd_lane,
    output wire [31:0] core_bd_wdata,
    input  wire        core_bd_ack
);
    `include "gpu_port.vh"

    reg        was_in_reset = 1'b1;
    reg [1:0]  writes_left = 2'd0; // 3, 2, 1: AT, PARAM, KIND to write; 0: passing through
    reg        arming = 1'b0;      // the reset was released: arm once the sweep is done
    reg        writing = 1'b0;     // a write of ours is on the port
    reg        passing = 1'b0;     // a request of the debug port's is on the port

    wire [7:0]  index = writes_left == 2'd3 ? FREG_AT : writes_left == 2'd2 ? FREG_PARAM : FREG_KIND;
    wire [31:0] value = writes_left == 2'd3 ? at : writes_left == 2'd2 ? {24'd0, param} : {24'd0, kind};
    wire        ours = writing || (!passing && writes_left != 2'd0 && !core_busy);

    assign core_bd_req = ours ? writing : dbg_bd_req;
    assign core_bd_we = ours ? 1'b1 : dbg_bd_we;
    assign core_bd_space = ours ? BD_FAULT : dbg_bd_space;
    assign core_bd_warp = ours ? 7'd0 : dbg_bd_warp;
    assign core_bd_index = ours ? index : dbg_bd_index;
    assign core_bd_lane = ours ? 5'd0 : dbg_bd_lane;
    assign core_bd_wdata = ours ? value : dbg_bd_wdata;
    assign dbg_bd_ack = !ours && core_bd_ack;

    always @(posedge clk) begin
        was_in_reset <= !core_rst_n;
        if (!core_rst_n) begin
            writes_left <= 2'd0;
            arming <= 1'b0;
            writing <= 1'b0;
            passing <= 1'b0;
        end else begin
            if (was_in_reset && kind != 8'd0)
                arming <= 1'b1;
            if (arming) begin
                arming <= 1'b0;
                writes_left <= 2'd3;
            end
            if (!ours)
                passing <= dbg_bd_req && !core_bd_ack;
            if (writing && core_bd_ack) begin
                writing <= 1'b0;
                writes_left <= writes_left - 2'd1;
            end else if (!writing && ours) begin
                writing <= 1'b1;
            end
        end
    end
endmodule
