// byo_core: a deliberately small core written apart from hdl_stubs/, to prove
// that a server builds from the installed package alone. One warp, lanes
// moving through an enum state machine, its own retire bus (a packed struct)
// behind byo_top, the wrapper that presents the port contract. Implements NOP
// EXIT and BRA (guarded by P0..P6, PT; a BRA that splits the warp runs
// the lanes at the lowest PC first, as the contract schedules); anything
// else retires UNIMPLEMENTED. No registers but predicates, no memory.
// Planted for tests: BYO_BUG_EXIT (EXIT's record misses its exit mask: a
// divergence), BYO_BREAK_BUSY (END presented with busy low: rule T9).
package byo_pkg;
    typedef struct packed {
        logic [2:0]   kind;
        logic [63:0]  pc;
        logic [127:0] insn;
        logic [31:0]  mask_a, mask_b, data;
        logic [7:0]   status;
    } beat_t;
    typedef enum logic [2:0] { S_SWEEP, S_IDLE, S_PICK, S_HEAD, S_END } state_t;
endpackage

module byo_core #(parameter int IMEM_WORDS = 1024) (
    input  logic clk, rst_n,
    input  logic imem_we, input logic [15:0] imem_addr, input logic [127:0] imem_wdata,
    input  logic launch, input logic [63:0] launch_entry,
    input  logic go,                     // start one instruction (the wrapper turns step/run into it)
    output logic idle, output logic done, output logic sweeping,
    output byo_pkg::beat_t beat, output logic beat_valid, input logic beat_take,
    input  logic bd_req, bd_we, input logic [3:0] bd_space, input logic [7:0] bd_index,
    input  logic [4:0] bd_lane, input logic [31:0] bd_wdata,
    output logic bd_ack, output logic [31:0] bd_rdata
);
    import byo_pkg::*;
    `include "gpu_port.vh"
    `include "gpu_isa.vh"
    `include "gpu_contract.vh"
    state_t state;
    logic [127:0] imem [IMEM_WORDS];
    logic [16:0] code_size;
    logic [63:0] pc [32];
    logic [31:0] exited, pred [7];
    logic launched;
    logic [4:0] sweep_left;
    logic [63:0] cur_pc;
    logic [31:0] active, exec;
    logic [127:0] word;

    // the lowest PC of the lanes still running, and the lanes there
    logic [63:0] low_pc;
    logic [31:0] low_lanes;
    always_comb begin
        low_pc = '1;
        for (int l = 0; l < 32; l++) if (!exited[l] && pc[l] < low_pc) low_pc = pc[l];
        low_lanes = '0;
        for (int l = 0; l < 32; l++) if (!exited[l] && pc[l] == low_pc) low_lanes[l] = 1'b1;
    end
    wire [2:0] pg = word[F_PG +: 3];
    wire pg_not = word[F_PG_NOT];
    wire [31:0] guard = (pg == 3'd7 ? 32'hffffffff : pred[pg]) ^ {32{pg_not}};
    wire [7:0] op = word[F_OPTYPE +: F_OPTYPE_W];
    wire in_range = cur_pc[3:0] == 4'd0 && (cur_pc >> 4) < {47'd0, code_size};
    wire [63:0] next_pc = cur_pc + 64'd16;
    wire [63:0] dest = next_pc + {{32{word[F_TARGET + 31]}}, word[F_TARGET +: 32]};
    wire known = op == OP_NOP || op == OP_EXIT || op == OP_BRA;

    assign idle = state == S_IDLE;
    assign sweeping = state == S_SWEEP;
    assign done = launched && exited == 32'hffffffff;
    assign beat_valid = state == S_HEAD || state == S_END;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            state <= S_SWEEP; sweep_left <= 5'd8; launched <= 1'b0; code_size <= '0;
            exited <= '1; bd_ack <= 1'b0;
            for (int p = 0; p < 7; p++) pred[p] <= '0;
            for (int l = 0; l < 32; l++) pc[l] <= '0;
        end else begin
            bd_ack <= 1'b0;
            if (imem_we) begin
                imem[imem_addr[$clog2(IMEM_WORDS)-1:0]] <= imem_wdata;
                if ({1'b0, imem_addr} >= code_size) code_size <= {1'b0, imem_addr} + 17'd1;
            end
            unique case (state)
            S_SWEEP: if (sweep_left == 0) state <= S_IDLE; else sweep_left <= sweep_left - 5'd1;
            S_IDLE:
                if (launch) begin
                    launched <= 1'b1; exited <= '0;
                    for (int l = 0; l < 32; l++) pc[l] <= launch_entry;
                end else if (bd_req && !bd_ack) begin
                    bd_ack <= 1'b1;
                    bd_rdata <= '0;
                    unique case (bd_space)
                    BD_PRED[3:0]: if (bd_index < 8'd7) begin
                        if (bd_we) pred[bd_index[2:0]] <= bd_wdata; else bd_rdata <= pred[bd_index[2:0]];
                    end
                    BD_PC_LO[3:0]: if (bd_we) pc[bd_lane][31:0] <= bd_wdata; else bd_rdata <= pc[bd_lane][31:0];
                    BD_PC_HI[3:0]: if (bd_we) pc[bd_lane][63:32] <= bd_wdata; else bd_rdata <= pc[bd_lane][63:32];
                    BD_STATUS[3:0]: if (bd_we) exited[bd_lane] <= bd_wdata == 32'(LANE_EXITED);
                                    else bd_rdata <= exited[bd_lane] ? 32'(LANE_EXITED) : 32'(LANE_READY);
                    BD_CAP[3:0]: unique case (bd_index)
                        CAPW_WARPS: bd_rdata <= 32'd1;
                        CAPW_LANES: bd_rdata <= 32'd32;
                        // OPTYPES words: bit n of the map = optype n (NOP, EXIT, BRA: one word)
                        CAPW_OPTYPES + 8'(OP_NOP >> 5):
                            bd_rdata <= (32'd1 << OP_NOP[4:0]) | (32'd1 << OP_EXIT[4:0]) | (32'd1 << OP_BRA[4:0]);
                        default: ;
                    endcase
                    default: ; // GPR, UR, UPRED read 0 (this core has none), writes are dropped
                    endcase
                end else if (go && launched && !done) begin
                    state <= S_PICK;
                    cur_pc <= low_pc; active <= low_lanes;
                end
            S_PICK: begin
                word <= in_range ? imem[cur_pc[4 +: $clog2(IMEM_WORDS)]] : '0;
                state <= S_HEAD;
            end
            S_HEAD: if (beat_take) state <= S_END;
            S_END: if (beat_take) begin
                state <= S_IDLE;
                if (in_range && known)
                    for (int l = 0; l < 32; l++)
                        if (active[l] && op == OP_BRA && exec[l]) pc[l] <= dest;
                        else if (active[l] && !(op == OP_EXIT && exec[l])) pc[l] <= next_pc;
                if (in_range && op == OP_EXIT) exited <= exited | exec;
            end
            default: state <= S_IDLE;
            endcase
        end
    end
    assign exec = in_range ? active & guard : '0;

    always_comb begin
        beat = '0;
        beat.pc = cur_pc;
        if (state == S_HEAD) begin
            beat.kind = BEAT_HEAD;
            beat.insn = in_range ? word : '0;
            beat.mask_a = active;
            beat.mask_b = exec;
        end else begin
            beat.kind = BEAT_END;
            beat.pc = '0;
            if (!in_range) begin
                beat.status = STATUS_TRAP; beat.data = 32'(TRAP_PC_OUT_OF_RANGE);
            end else if (!known) begin
                beat.status = STATUS_UNIMPLEMENTED;
            end else begin
                beat.status = STATUS_RETIRED;
`ifndef BYO_BUG_EXIT
                if (op == OP_EXIT) beat.mask_b = exec;
`endif
                if (op == OP_BRA) begin beat.mask_a = exec; beat.pc = dest; end
            end
        end
    end
endmodule

// byo_top: the wrapper to the port contract: step edges and run become go,
// the core's beat bus becomes rt_*; there is no memory port.
module byo_top (
    input  wire clk, rst_n, imem_we, input wire [15:0] imem_addr, input wire [127:0] imem_wdata,
    input  wire launch, input wire [6:0] launch_warps, input wire [63:0] launch_entry,
    input  wire run, step, output wire busy, done,
    output wire mem_req, mem_we, mem_space, output wire [4:0] mem_bank, output wire [63:0] mem_addr,
    output wire [31:0] mem_wdata, input wire mem_ack, input wire [31:0] mem_rdata, input wire mem_err,
    output wire rt_valid, input wire rt_ready, output wire [2:0] rt_kind, output wire [6:0] rt_warp,
    output wire [63:0] rt_pc, output wire [127:0] rt_insn, output wire [31:0] rt_mask_a, rt_mask_b,
    output wire [7:0] rt_index, output wire [4:0] rt_lane, output wire [31:0] rt_data,
    output wire [7:0] rt_status, output wire [1023:0] rt_row,
    input  wire bd_req, bd_we, input wire [3:0] bd_space, input wire [6:0] bd_warp, input wire [7:0] bd_index,
    input  wire [4:0] bd_lane, input wire [31:0] bd_wdata, output wire bd_ack, output wire [31:0] bd_rdata
);
    `include "gpu_port.vh"
    byo_pkg::beat_t beat;
    logic idle, sweeping, step_q, step_pending, launch_q;
    always_ff @(posedge clk) begin
        step_q <= step; launch_q <= launch;
        if (!rst_n) step_pending <= 1'b0;
        else if (step && !step_q && !run) step_pending <= 1'b1;
        else if (idle && !bd_req && !(launch && !launch_q)) step_pending <= 1'b0;
    end
    wire go = (step_pending || run) && !bd_req;
    byo_core core (.clk, .rst_n, .imem_we, .imem_addr, .imem_wdata, .launch(launch && !launch_q), .launch_entry,
                   .go, .idle, .done, .sweeping, .beat, .beat_valid(rt_valid), .beat_take(rt_valid && rt_ready),
                   .bd_req, .bd_we, .bd_space, .bd_index, .bd_lane, .bd_wdata, .bd_ack, .bd_rdata);
`ifdef BYO_BREAK_BUSY
    assign busy = !idle && !(rt_valid && beat.kind == BEAT_END);
`else
    assign busy = !idle;
`endif
    assign {mem_req, mem_we, mem_space, mem_bank, mem_addr, mem_wdata} = '0;
    assign rt_kind = beat.kind; assign rt_warp = '0; assign rt_pc = beat.pc; assign rt_insn = beat.insn;
    assign rt_mask_a = beat.mask_a; assign rt_mask_b = beat.mask_b; assign rt_data = beat.data;
    assign rt_status = beat.status; assign rt_index = '0; assign rt_lane = '0; assign rt_row = '0;
    wire unused = &{1'b0, launch_warps, mem_ack, mem_rdata, mem_err, bd_warp, sweeping};
endmodule
