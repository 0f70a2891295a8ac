// gpu_fp_operands: the operand latch of the FP32 and FP16x2 slots (an
// operand collector). At the edge where `go` is high it registers the
// three source rows as the lanes see them (a uniform register, an immediate
// or a constant copied into every lane), the executing lanes and each lane's
// pp predicate (after .not; PT reads true); the unit computes at the next
// edge from these registers. So the units' datapaths
// read registers only, and nothing is selected or copied between
// instructions.
module gpu_fp_operands (
    input  wire          clk,              // gated: an edge where `go` is high (gpu_clock_gate)
    input  wire          go,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0]  ir,               // (pp and its .not)
    input  wire [63:0]   ub, uc,           // (32-bit operands: the low words)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]   exec,
    input  wire [1023:0] a0, b0, c0,
    input  wire          b_gpr, c_gpr,
    input  wire [223:0]  pred,
    output reg  [31:0]   en,
    output reg  [1023:0] a, b, c,
    output reg  [31:0]   p
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    /* verilator lint_on UNUSEDPARAM */

    wire [255:0] pred_pt = {32'hFFFFFFFF, pred};

    always @(posedge clk) begin
        if (go) begin
            en <= exec;
            a <= a0;
            b <= b_gpr ? b0 : {32{ub[31:0]}};
            c <= c_gpr ? c0 : {32{uc[31:0]}};
            p <= pred_pt[32 * isa_fv_pp(ir) +: 32] ^ {32{isa_fv_pp_not(ir)}};
        end
    end
endmodule
