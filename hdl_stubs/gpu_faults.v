// gpu_faults: the fault-injection registers (backdoor space FAULT; the kinds
// of fw/core/include/fw/faults.h, as gpu_faults.vh). A fault is armed from
// retire index `at` on and strikes once: the unit that applies it raises
// `fire` when it does, and `armed` falls. Writing the kind re-arms it; so does
// a launch. They are optional in the contract: with PRESENT 0 the core has
// none (writes to space FAULT are ignored, reads give 0, nothing is ever
// armed) and capability word FEATURES says so (gpu_backdoor).
module gpu_faults #(
    parameter integer PRESENT = 1
) (
    input  wire        clk,
    input  wire        rst_n,
    input  wire [63:0] retired,        // retire count since the launch
    input  wire        launch,         // a launch: armed again
    input  wire        fire,           // the fault struck at this edge
    // backdoor
    input  wire        bd_go,          // serve the request at this edge
    input  wire        bd_req,
    input  wire        bd_we,
    input  wire [3:0]  bd_space,
    input  wire [7:0]  bd_index,
    input  wire [31:0] bd_wdata,
    output reg  [31:0] bd_q,           // read value (0 unless space FAULT)
    output wire        armed,
    output wire [7:0]  kind,
    output wire [7:0]  param,          // P as written
    output wire [7:0]  param1          // P, 0 taken as 1 (where an amount is needed)
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_faults.vh"
    `include "gpu_port.vh"
    /* verilator lint_on UNUSEDPARAM */

    reg [7:0]  kind_r, param_r;
    reg [31:0] at_r;
    reg        fired;

    assign armed = (kind_r != FAULT_NONE) && !fired && (retired >= {32'd0, at_r});
    assign kind = kind_r;
    assign param = param_r;
    assign param1 = (param_r == 8'd0) ? 8'd1 : param_r;

    always @(*) begin
        bd_q = 32'd0;
        if (bd_req && bd_space == BD_FAULT)
            case (bd_index)
            FREG_KIND:  bd_q = {24'd0, kind_r};
            FREG_AT:    bd_q = at_r;
            FREG_PARAM: bd_q = {24'd0, param_r};
            FREG_FIRED: bd_q = {31'd0, fired};
            default:    bd_q = 32'd0;
            endcase
    end

    always @(posedge clk) begin
        if (!rst_n) begin
            kind_r <= FAULT_NONE; param_r <= 8'd0; at_r <= 32'd0; fired <= 1'b0;
        end else begin
            if (fire || launch) fired <= fire;
            if (PRESENT != 0 && bd_go && bd_we && bd_space == BD_FAULT)
                case (bd_index)
                FREG_KIND:  begin kind_r <= bd_wdata[7:0]; fired <= 1'b0; end
                FREG_AT:    at_r <= bd_wdata;
                FREG_PARAM: param_r <= bd_wdata[7:0];
                default: ;
                endcase
        end
    end
endmodule
