// gpu_backdoor: the state backdoor's handshake and read mux. A request is
// served while the core is idle and no launch goes first (`serve`, high in
// the cycle before the edge that serves it): a write is done by the state's
// owner at that edge (each owner decodes bd_space/bd_index itself), a read
// takes the owners' combinational values (ORed: one owner answers a space)
// into bd_rdata. A GPR read takes one edge more (the register file's port A
// reads the row; `busy` meanwhile), unless port A still holds that row from
// the backdoor's last GPR read with nothing run or written since: then it
// is answered from it at once (a register's lanes read in turn, as a STATE
// reads them, cost one read edge a register, not one a lane). bd_ack is a
// one-cycle pulse; no request is taken in its cycle (the board drops bd_req
// or presents the next one there, T12), the next one from the cycle after.
// The capability words are answered here.
module gpu_backdoor #(
    parameter integer NW = 4,
    parameter integer FAULT_REGS = 1,     // the core has the fault-injection registers (capability FEATURES)
    parameter integer FP_UNITS = 1,       // 0: the FP16/FP32 slots left out (gpu_units.vh: their optypes not presented)
    parameter integer MUFU_LANES = 8      // 0: the MUFU slot left out (not presented, and no ulp bounds)
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          idle,             // between instructions
    input  wire          launching,        // a launch goes first at this edge
    input  wire          bd_req,
    input  wire          bd_we,
    input  wire [3:0]    bd_space,
    input  wire [7:0]    bd_index,
    input  wire [4:0]    bd_lane,
    input  wire [14:0]   bd_row,           // {bd_warp, bd_index}: the row a GPR request names
    output wire          serve,            // the request is served at this edge
    output wire          gpr_read,         // ... and it is a GPR read (port A reads the row)
    output reg           busy,             // a GPR read is under way
    input  wire [1023:0] gpr_row,          // port A's row
    input  wire [31:0]   q_owners,         // the owners' read values, ORed
    input  wire [16:0]   code_count,
    output reg           bd_ack,
    output reg  [31:0]   bd_rdata
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_port.vh"
    `include "gpu_isa.vh"
    `include "gpu_contract.vh"
    `include "gpu_tolerance.vh"
    `include "gpu_core_defs.vh"
    /* verilator lint_on UNUSEDPARAM */
    `include "gpu_units.vh"

    wire [31:0] ow = {24'd0, bd_index} - {24'd0, CAPW_OPTYPES};     // word of the optype bitmap
    wire [31:0] tw = {24'd0, bd_index} - {24'd0, CAPW_TOLERANCES};  // word of the declared bounds
    // port A's row, read for request row_id, is still that row (no instruction,
    // sweep, launch or backdoor write since: nothing else reads or writes it then)
    reg        row_ok;
    reg [14:0] row_id;
    wire gpr_req = !bd_we && bd_space == BD_GPR;
    wire row_hit = row_ok && row_id == bd_row;
    wire [31:0] gpr_word = (bd_index == 8'd255) ? 32'd0 : gpr_row[32 * bd_lane +: 32];  // RZ reads 0
    assign serve = idle && !launching && bd_req && !bd_ack && !busy;
    assign gpr_read = serve && gpr_req && !row_hit;

    // the capability words, and the core status the sequencer does not hold
    reg [31:0] q_here;
    always @(*) begin : caps
        integer i;
        q_here = 32'd0;
        i = 0;  // assigned on every path: no latch for Yosys's newer proc
        if (bd_req && bd_space == BD_CAP) begin
            if (bd_index == CAPW_WARPS) q_here = NW;
            else if (bd_index == CAPW_LANES) q_here = CONTRACT_LANES;
            else if (bd_index == CAPW_CONTRACT) q_here = CONTRACT_REVISION;  // VARIANTS 0, MODIFIERS none: lacks nothing
            else if (bd_index == CAPW_FEATURES)  // END names the trapping lane; the fault registers if present
                q_here = (32'd1 << FEAT_TRAP_LANE) | ((FAULT_REGS != 0) ? 32'd1 << FEAT_FAULTS : 32'd0);
            else if (bd_index >= CAPW_OPTYPES && ow < CAP_OPTYPE_WORDS)
                for (i = 0; i < 32; i = i + 1) q_here[i] = core_implements({ow[2:0], i[4:0]});
            else if (bd_index >= CAPW_TOLERANCES && tw < CAP_TOLERANCE_WORDS)
                q_here = (MUFU_LANES != 0) ? core_tolerance_word(tw[3:0]) : 32'd0; // MUFU's ulp bounds (gpu_tolerance.vh)
        end else if (bd_req && bd_space == BD_CORE && bd_index == CORE_CODE_SIZE)
            q_here = {15'd0, code_count};
    end

    always @(posedge clk) begin
        bd_ack <= 1'b0;
        if (!idle || launching || (serve && bd_we)) row_ok <= 1'b0;
        if (!rst_n) begin
            busy <= 1'b0; bd_rdata <= 32'd0; row_ok <= 1'b0; row_id <= 15'd0;
        end else if (busy) begin
            bd_ack <= 1'b1; busy <= 1'b0; row_ok <= !launching;
            bd_rdata <= gpr_word;
        end else if (serve) begin
            if (gpr_read) begin busy <= 1'b1; row_id <= bd_row; end
            else if (gpr_req) begin  // a hit: the row port A holds
                bd_ack <= 1'b1; bd_rdata <= gpr_word;
            end else begin bd_ack <= 1'b1; bd_rdata <= q_owners | q_here; end
        end
    end
endmodule
