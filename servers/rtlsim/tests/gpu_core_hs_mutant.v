// The stand-in core behind a wrapper that plants one handshake defect of
// the DUT port contract (docs/port-contract.md, T9 and T10), chosen at run
// time: the board writes the defect's number to the wrapper's mode register
// through the state backdoor (space MODE_SPACE, which the contract leaves
// unused and the stand-in acknowledges without effect; gpu-rtlsim
// --bd-write 15:0:N after every reset). Each defect hides while the board
// takes every beat and answers every request at once (no stress) and
// shows as soon as it makes the core wait (--stress): CTest rtl_stress_mutants.
//   0  none: the stand-in as it is
//   1  mem-hold: mem_addr and mem_wdata move on while mem_req waits for
//      mem_ack (a core whose address register counts on regardless)
//   2  rt-data: rt_data and rt_row move while the beat waits for rt_ready
//      (a data register not gated by rt_ready)
//   3  rt-valid: a beat not taken at its first edge is dropped: rt_valid
//      falls and the core goes on to its next beat (a core that assumes
//      the board is always ready after one cycle)
// Every output stays a function of registers only (no input reaches an
// output combinationally), as the contract asks.
module gpu_core_hs_mutant (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          imem_we,
    input  wire [15:0]   imem_addr,
    input  wire [127:0]  imem_wdata,
    input  wire          launch,
    input  wire [6:0]    launch_warps,
    input  wire [63:0]   launch_entry,
    input  wire          run,
    input  wire          step,
    output wire          busy,
    output wire          done,
    output wire          mem_req,
    output wire          mem_we,
    output wire          mem_space,
    output wire [4:0]    mem_bank,
    output wire [63:0]   mem_addr,
    output wire [31:0]   mem_wdata,
    input  wire          mem_ack,
    input  wire [31:0]   mem_rdata,
    input  wire          mem_err,
    output wire          rt_valid,
    input  wire          rt_ready,
    output wire [2:0]    rt_kind,
    output wire [6:0]    rt_warp,
    output wire [63:0]   rt_pc,
    output wire [127:0]  rt_insn,
    output wire [31:0]   rt_mask_a,
    output wire [31:0]   rt_mask_b,
    output wire [7:0]    rt_index,
    output wire [4:0]    rt_lane,
    output wire [31:0]   rt_data,
    output wire [7:0]    rt_status,
    output wire [1023:0] rt_row,
    input  wire          bd_req,
    input  wire          bd_we,
    input  wire [3:0]    bd_space,
    input  wire [6:0]    bd_warp,
    input  wire [7:0]    bd_index,
    input  wire [4:0]    bd_lane,
    input  wire [31:0]   bd_wdata,
    output wire          bd_ack,
    output wire [31:0]   bd_rdata
);
    localparam [3:0] MODE_SPACE = 4'd15;
    localparam [1:0] NONE = 2'd0, MEM_HOLD = 2'd1, RT_DATA = 2'd2, RT_VALID = 2'd3;

    wire        c_mem_req, c_rt_valid;
    wire [63:0] c_mem_addr;
    wire [31:0] c_mem_wdata, c_rt_data;
    wire [1023:0] c_rt_row;
    reg  [1:0]  mode;
    reg         mem_waited; // the request was presented and not acknowledged at the last edge
    reg         rt_waited;  // the beat was presented and not taken at the last edge
    initial begin mode = NONE; mem_waited = 1'b0; rt_waited = 1'b0; end

    // rt-valid: the core is told its beat went once it has waited an edge
    wire c_rt_ready = rt_ready || (mode == RT_VALID && rt_waited);

    gpu_core core (
        .clk(clk), .rst_n(rst_n), .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .launch(launch), .launch_warps(launch_warps), .launch_entry(launch_entry), .run(run), .step(step),
        .busy(busy), .done(done), .mem_req(c_mem_req), .mem_we(mem_we), .mem_space(mem_space),
        .mem_bank(mem_bank), .mem_addr(c_mem_addr), .mem_wdata(c_mem_wdata), .mem_ack(mem_ack),
        .mem_rdata(mem_rdata), .mem_err(mem_err), .rt_valid(c_rt_valid), .rt_ready(c_rt_ready),
        .rt_kind(rt_kind), .rt_warp(rt_warp), .rt_pc(rt_pc), .rt_insn(rt_insn), .rt_mask_a(rt_mask_a),
        .rt_mask_b(rt_mask_b), .rt_index(rt_index), .rt_lane(rt_lane), .rt_data(c_rt_data),
        .rt_status(rt_status), .rt_row(c_rt_row), .bd_req(bd_req), .bd_we(bd_we), .bd_space(bd_space),
        .bd_warp(bd_warp), .bd_index(bd_index), .bd_lane(bd_lane), .bd_wdata(bd_wdata), .bd_ack(bd_ack),
        .bd_rdata(bd_rdata));

    always @(posedge clk) begin
        if (!rst_n)
            mode <= NONE;
        else if (bd_req && bd_we && bd_space == MODE_SPACE && bd_index == 8'd0)
            mode <= bd_wdata[1:0];
        mem_waited <= rst_n && c_mem_req && !mem_ack;
        rt_waited <= rst_n && rt_valid && !rt_ready;
    end

    assign mem_req   = c_mem_req;
    assign mem_addr  = c_mem_addr ^ {61'd0, mode == MEM_HOLD && mem_waited, 2'd0};
    assign mem_wdata = c_mem_wdata ^ {31'd0, mode == MEM_HOLD && mem_waited};
    assign rt_data   = c_rt_data ^ {31'd0, mode == RT_DATA && rt_waited};
    assign rt_row    = c_rt_row ^ {1023'd0, mode == RT_DATA && rt_waited};
    assign rt_valid  = c_rt_valid && !(mode == RT_VALID && rt_waited);
endmodule
