// gpu_imem: instruction memory, 2**AW words of 128 bits, written through the
// load port (imem_we, whenever rst_n is high) and read one word an
// instruction: `ir` holds the word at the PC given at the last edge where
// `fetch` was high. code_count is 1 + the highest index written since reset:
// the PC_OUT_OF_RANGE bound. The contract's imem_addr is 16 bits (AW = 16);
// a smaller AW is for synthesis checks only (the upper address bits are
// dropped).
module gpu_imem #(
    parameter integer AW = 16
) (
    input  wire         clk,
    input  wire         rst_n,
    input  wire         imem_we,
    input  wire [15:0]  imem_addr,
    input  wire [127:0] imem_wdata,
    input  wire         fetch,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [63:0]  pc,              // byte address: word pc[AW+3:4]
    /* verilator lint_on UNUSEDSIGNAL */
    output reg  [127:0] ir,
    output reg  [16:0]  code_count
);
    reg [127:0] mem [0:(1 << AW) - 1];

    always @(posedge clk) begin
        if (imem_we && rst_n) mem[imem_addr[AW-1:0]] <= imem_wdata;
        if (fetch) ir <= mem[pc[4 +: AW]];
    end

    always @(posedge clk) begin
        if (!rst_n) code_count <= 17'd0;
        else if (imem_we && ({1'b0, imem_addr} + 17'd1) > code_count) code_count <= {1'b0, imem_addr} + 17'd1;
    end
endmodule
