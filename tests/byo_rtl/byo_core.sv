// byo_core: a deliberately small core written apart from hdl_stubs/, to prove
// that a server builds from the installed package alone. One warp, lanes
// moving through an enum state machine, its own retire bus (a packed struct)
// behind byo_top, the wrapper that presents the port contract. Implements NOP
// EXIT and BRA (guarded by P0..P6, PT; a BRA that splits the warp runs
// the lanes at the lowest PC first, as the contract schedules), S2R and
// MOV's immediate variant (MOV_I; MOV_R, MOV_U and MOV_C are declared
// lacking in the capability words, gpuhost_lacks.vh, which
// gpuhost_add_rtl_server's LACKS writes), LOP3 from registers or an
// immediate (LOP3_RRR, LOP3_RIR at .POR only: LOP3_RIR.PAND lacking), one lane a cycle into a row the retire
// bus writes as one GPR_ROW beat (and LOP3's predicate as a PRED beat). No memory port; uniform registers
// are state the backdoor reads and writes.
// Planted for tests: BYO_BUG_LANE (S2R gives lane 31 lane 30's value: a
// divergence), BYO_BREAK_BUSY (END presented with busy low: rule T9).
package byo_pkg;
    typedef struct packed {
        logic [2:0]   kind;
        logic [63:0]  pc;
        logic [127:0] insn;
        logic [31:0]  mask_a, mask_b, data;
        logic [7:0]   status, index;
    } beat_t;
    typedef enum logic [2:0] { S_SWEEP, S_IDLE, S_PICK, S_LANES, S_HEAD, S_ROW, S_PRED, S_END } state_t;
endpackage

module byo_core #(parameter int IMEM_WORDS = 1024) (
    input  logic clk, rst_n,
    input  logic imem_we, input logic [15:0] imem_addr, input logic [127:0] imem_wdata,
    input  logic launch, input logic [63:0] launch_entry,
    input  logic go,                     // start one instruction (the wrapper turns step/run into it)
    output logic idle, output logic done, output logic sweeping,
    output byo_pkg::beat_t beat, output logic [1023:0] beat_row, output logic beat_valid, input logic beat_take,
    input  logic bd_req, bd_we, input logic [3:0] bd_space, input logic [7:0] bd_index,
    input  logic [4:0] bd_lane, input logic [31:0] bd_wdata,
    output logic bd_ack, output logic [31:0] bd_rdata
);
    import byo_pkg::*;
    `include "gpu_port.vh"
    `include "gpu_isa.vh"
    `include "gpu_contract.vh"
    `include "gpuhost_lacks.vh"
    state_t state;
    logic [127:0] imem [IMEM_WORDS];
    logic [16:0] code_size;
    logic [63:0] pc [32];
    logic [31:0] exited, pred [7];
    logic launched;
    logic [8:0] sweep_row;
    logic [31:0] gpr [256][32];
    logic [31:0] row [32];
    logic [4:0] lane;
    logic [31:0] clock;
    logic [31:0] ur [63];   // uniform registers and predicates: state only (no instruction here uses them)
    logic [6:0] upred;
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
    wire is_mov_i = op == OP_MOV && word[F_STYPE +: F_STYPE_W] == T_SType_I;
    wire [3:0] stype = word[F_STYPE +: F_STYPE_W];
    // LOP3 from an immediate but not at .PAND: LOP3_RIR.PAND is declared lacking
    wire is_lop3 = op == OP_LOP3 && (stype == T_SType_RRR || (stype == T_SType_RIR && isa_fv_exbool(word) != T_EXBool_PAND));
    wire known = op == OP_NOP || op == OP_EXIT || op == OP_BRA || op == OP_S2R || is_mov_i || is_lop3;
    // LOP3's operands and predicates
    wire [7:0] ra = isa_fv_ra(word), rb = isa_fv_rb(word), rc = isa_fv_rc(word);
    wire [2:0] pu = isa_fv_pu(word), pp = isa_fv_pp(word);
    wire [7:0] lut = isa_fv_lut(word);
    wire [31:0] pp_lanes = (pp == 3'd7 ? 32'hffffffff : pred[pp]) ^ {32{isa_fv_pp_not(word)}};
    wire bad_exbool = is_lop3 && isa_fv_exbool(word) != T_EXBool_PAND && isa_fv_exbool(word) != T_EXBool_POR;
    logic [31:0] nonzero; // LOP3: the lanes whose result is not 0
    function automatic logic [31:0] lop3(input logic [7:0] t, input logic [31:0] a, b, c);
        for (int i = 0; i < 32; i++) lop3[i] = t[{a[i], b[i], c[i]}];
    endfunction
    function automatic logic [31:0] reg_of(input logic [31:0] v, input logic [7:0] r);
        reg_of = r == 8'd255 ? 32'd0 : v;
    endfunction
    wire [7:0] rd = word[F_RD +: F_RD_W];
    wire [7:0] sra = word[F_SRA +: F_SRA_W];
    // S2R's special registers (isa/spec/ext.isa; one warp: WARPID 0, NWARPS 1)
    function automatic logic sr_known(input logic [7:0] id);
        sr_known = id inside {8'h00, 8'h01, 8'h02, 8'h08, 8'h09, 8'h0a, 8'h0c, 8'h0d, 8'h0e, 8'h10, 8'h11, 8'h12,
                              8'h14, 8'h15, 8'h16, 8'h20, 8'h21, 8'h28, 8'h29, 8'h2a, 8'h2b, 8'h2c};
    endfunction
    function automatic logic [31:0] sr_value(input logic [7:0] id, input logic [4:0] l, input logic [31:0] clk_lo);
        logic [31:0] eq = 32'd1 << l;
        unique case (id)
        8'h00, 8'h08: sr_value = {27'd0, l};
        8'h02, 8'h0d, 8'h0e, 8'h14, 8'h15, 8'h16: sr_value = 32'd1;
        8'h0c: sr_value = 32'd32;
        8'h20: sr_value = clk_lo;
        8'h28: sr_value = eq;
        8'h29: sr_value = eq - 32'd1;
        8'h2a: sr_value = (eq - 32'd1) | eq;
        8'h2b: sr_value = ~((eq - 32'd1) | eq);
        8'h2c: sr_value = ~(eq - 32'd1);
        default: sr_value = 32'd0;      // WARPID, TID_Y/Z, CTAID_*, CLOCKHI
        endcase
    endfunction
    // the capability words (space CAP): one warp of 32 lanes, the optypes it
    // implements, and what it lacks of those (gpuhost_lacks.vh)
    localparam logic [255:0] OPTYPES = (256'd1 << OP_NOP) | (256'd1 << OP_EXIT) | (256'd1 << OP_BRA) |
                                       (256'd1 << OP_S2R) | (256'd1 << OP_MOV) | (256'd1 << OP_LOP3);
    function automatic logic [31:0] cap_word(input logic [7:0] i);
        if (i == CAPW_WARPS) cap_word = 32'd1;
        else if (i == CAPW_LANES) cap_word = 32'd32;
        else if (i >= CAPW_OPTYPES && i < CAPW_OPTYPES + 8'd8) cap_word = OPTYPES[32 * (i - CAPW_OPTYPES) +: 32];
        else cap_word = gpuhost_lacks_word(i);  // CONTRACT, VARIANTS, LACKING, MODIFIERS; 0 past them
    endfunction
    // the encoding check, generated from the spec (installed with gpuhost)
    logic legal;
    gpu_legal u_legal (.w(word), .legal(legal));
    // traps an executing instruction can take (a reserved .exbool even with no lane)
    wire bad_sr = op == OP_S2R && exec != 32'd0 && !sr_known(sra);
    wire bad = bad_sr || bad_exbool;
    wire writes = in_range && legal && (op == OP_S2R || is_mov_i || is_lop3) && exec != 32'd0 && rd != 8'd255 && !bad;
    wire pwrites = in_range && legal && is_lop3 && exec != 32'd0 && pu != 3'd7 && !bad;

    assign idle = state == S_IDLE;
    assign sweeping = state == S_SWEEP;
    assign done = launched && exited == 32'hffffffff;
    assign beat_valid = state == S_HEAD || state == S_ROW || state == S_PRED || state == S_END;
    // LOP3's predicate: .PAND (Rd != 0) & pp, .POR (Rd != 0) | pp
    wire [31:0] pu_value = isa_fv_exbool(word) == T_EXBool_POR ? nonzero | pp_lanes : nonzero & pp_lanes;
    always_comb for (int l = 0; l < 32; l++) beat_row[32 * l +: 32] = row[l];

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            state <= S_SWEEP; sweep_row <= '0; launched <= 1'b0; code_size <= '0; clock <= '0;
            exited <= '1; bd_ack <= 1'b0; upred <= '0;
            for (int u = 0; u < 63; u++) ur[u] <= '0;
            for (int p = 0; p < 7; p++) pred[p] <= '0;
            for (int l = 0; l < 32; l++) pc[l] <= '0;
        end else begin
            bd_ack <= 1'b0;
            if (imem_we) begin
                imem[imem_addr[$clog2(IMEM_WORDS)-1:0]] <= imem_wdata;
                if ({1'b0, imem_addr} >= code_size) code_size <= {1'b0, imem_addr} + 17'd1;
            end
            unique case (state)
            S_SWEEP: begin // a row of registers a cycle
                for (int l = 0; l < 32; l++) gpr[sweep_row[7:0]][l] <= '0;
                sweep_row <= sweep_row + 9'd1;
                if (sweep_row == 9'd255) state <= S_IDLE;
            end
            S_IDLE:
                if (launch) begin
                    launched <= 1'b1; exited <= '0; clock <= '0;
                    for (int l = 0; l < 32; l++) pc[l] <= launch_entry;
                end else if (bd_req && !bd_ack) begin
                    bd_ack <= 1'b1;
                    bd_rdata <= '0;
                    unique case (bd_space)
                    BD_GPR[3:0]: if (bd_index != 8'd255) begin
                        if (bd_we) gpr[bd_index][bd_lane] <= bd_wdata; else bd_rdata <= gpr[bd_index][bd_lane];
                    end
                    BD_UR[3:0]: if (bd_index < 8'd63) begin
                        if (bd_we) ur[bd_index[5:0]] <= bd_wdata; else bd_rdata <= ur[bd_index[5:0]];
                    end
                    BD_UPRED[3:0]: if (bd_we) upred <= bd_wdata[6:0]; else bd_rdata <= {25'd0, upred};
                    BD_PRED[3:0]: if (bd_index < 8'd7) begin
                        if (bd_we) pred[bd_index[2:0]] <= bd_wdata; else bd_rdata <= pred[bd_index[2:0]];
                    end
                    BD_PC_LO[3:0]: if (bd_we) pc[bd_lane][31:0] <= bd_wdata; else bd_rdata <= pc[bd_lane][31:0];
                    BD_PC_HI[3:0]: if (bd_we) pc[bd_lane][63:32] <= bd_wdata; else bd_rdata <= pc[bd_lane][63:32];
                    BD_STATUS[3:0]: if (bd_we) exited[bd_lane] <= bd_wdata == 32'(LANE_EXITED);
                                    else bd_rdata <= exited[bd_lane] ? 32'(LANE_EXITED) : 32'(LANE_READY);
                    BD_CAP[3:0]: bd_rdata <= cap_word(bd_index);
                    default: ; // spaces this core has not (CORE, FAULT, STACK): reads 0, writes dropped
                    endcase
                end else if (go && launched && !done) begin
                    state <= S_PICK;
                    cur_pc <= low_pc; active <= low_lanes;
                end
            S_PICK: begin
                word <= in_range ? imem[cur_pc[4 +: $clog2(IMEM_WORDS)]] : '0;
                lane <= '0;
                state <= S_LANES;
            end
            S_LANES: begin // one lane a cycle
`ifdef BYO_BUG_LANE
                // the planted bug: the last lane computes with its neighbour's number
                row[lane] <= op == OP_S2R ? sr_value(sra, lane == 5'd31 ? 5'd30 : lane, clock) : word[F_MOV_I_VB +: 32];
`else
                row[lane] <= op == OP_S2R ? sr_value(sra, lane, clock) : word[F_MOV_I_VB +: 32];
`endif
                if (is_lop3) begin
                    logic [31:0] v;
                    v = lop3(lut, reg_of(gpr[ra][lane], ra),
                             stype == T_SType_RIR ? isa_fv_vb(word) : reg_of(gpr[rb][lane], rb),
                             reg_of(gpr[rc][lane], rc));
                    row[lane] <= v;
                    nonzero[lane] <= v != 32'd0;
                end
                lane <= lane + 5'd1;
                if (lane == 5'd31) state <= S_HEAD;
            end
            S_HEAD: if (beat_take) state <= writes ? S_ROW : pwrites ? S_PRED : S_END;
            S_ROW: if (beat_take) begin
                for (int l = 0; l < 32; l++) if (exec[l]) gpr[rd][l] <= row[l];
                state <= pwrites ? S_PRED : S_END;
            end
            S_PRED: if (beat_take) begin
                pred[pu] <= (pred[pu] & ~exec) | (pu_value & exec);
                state <= S_END;
            end
            S_END: if (beat_take) begin
                state <= S_IDLE;
                if (in_range && legal && !bad) clock <= clock + 32'd1; // a trap does not count
                if (in_range && legal && known && !bad)
                    for (int l = 0; l < 32; l++)
                        if (active[l] && op == OP_BRA && exec[l]) pc[l] <= dest;
                        else if (active[l] && !(op == OP_EXIT && exec[l])) pc[l] <= next_pc;
                if (in_range && legal && op == OP_EXIT) exited <= exited | exec;
            end
            default: state <= S_IDLE;
            endcase
        end
    end
    assign exec = in_range && legal ? active & guard : '0;

    always_comb begin
        beat = '0;
        beat.pc = cur_pc;
        if (state == S_HEAD) begin
            beat.kind = BEAT_HEAD;
            beat.insn = in_range ? word : '0;
            beat.mask_a = active;
            beat.mask_b = exec;
        end else if (state == S_ROW) begin
            beat.kind = BEAT_GPR_ROW;
            beat.index = rd;
            beat.mask_a = exec;
        end else if (state == S_PRED) begin
            beat.kind = BEAT_PRED;
            beat.index = {5'd0, pu};
            beat.mask_a = exec;
            beat.mask_b = pu_value & exec;
        end else begin
            beat.kind = BEAT_END;
            beat.pc = '0;
            if (!in_range) begin
                beat.status = STATUS_TRAP; beat.data = 32'(TRAP_PC_OUT_OF_RANGE);
            end else if (!legal) begin
                beat.status = STATUS_TRAP; beat.data = 32'(TRAP_ILLEGAL_ENCODING);
            end else if (bad) begin
                beat.status = STATUS_TRAP; beat.data = 32'(TRAP_ILLEGAL_INSTRUCTION);
            end else if (!known) begin
                beat.status = STATUS_UNIMPLEMENTED;
            end else begin
                beat.status = STATUS_RETIRED;
                if (op == OP_EXIT) beat.mask_b = exec;
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
    logic [1023:0] row;
    logic idle, sweeping, step_q, step_pending, launch_q;
    always_ff @(posedge clk) begin
        step_q <= step; launch_q <= launch;
        if (!rst_n) step_pending <= 1'b0;
        else if (step && !step_q && !run) step_pending <= 1'b1;
        else if (idle && !bd_req && !(launch && !launch_q)) step_pending <= 1'b0;
    end
    wire go = (step_pending || run) && !bd_req;
    byo_core core (.clk, .rst_n, .imem_we, .imem_addr, .imem_wdata, .launch(launch && !launch_q), .launch_entry,
                   .go, .idle, .done, .sweeping, .beat, .beat_row(row), .beat_valid(rt_valid), .beat_take(rt_valid && rt_ready),
                   .bd_req, .bd_we, .bd_space, .bd_index, .bd_lane, .bd_wdata, .bd_ack, .bd_rdata);
`ifdef BYO_BREAK_BUSY
    assign busy = !idle && !(rt_valid && beat.kind == BEAT_END);
`else
    assign busy = !idle;
`endif
    assign {mem_req, mem_we, mem_space, mem_bank, mem_addr, mem_wdata} = '0;
    assign rt_kind = beat.kind; assign rt_warp = '0; assign rt_pc = beat.pc; assign rt_insn = beat.insn;
    assign rt_mask_a = beat.mask_a; assign rt_mask_b = beat.mask_b; assign rt_data = beat.data;
    assign rt_status = beat.status; assign rt_index = beat.index; assign rt_lane = '0; assign rt_row = row;
    wire unused = &{1'b0, launch_warps, mem_ack, mem_rdata, mem_err, bd_warp, sweeping};
endmodule
