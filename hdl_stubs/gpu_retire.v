// gpu_retire: the retire stage. It presents the instruction's commit record
// on the retire port, one beat at a time, and commits each state change when
// its beat is taken: HEAD (as soon as the instruction is decoded), then, once
// the results are in (`results`), a GPR_ROW beat per result row (the GPR
// file written at that edge), PRED, UR and UPRED beats (their registers
// written), the stores (each word through gpu_mem, its MEM beat after the
// write), and END once the control-flow unit (started here, `ctrl_go`) is
// done. A trap or an UNIMPLEMENTED instruction sends HEAD and END only; the
// END of a trap whose code names a lane (TRAP_LANE_CODES) carries the
// trapping lane in rt_lane: gpu_mem's for its traps, else (a decode check
// of a register or constant operand) the lowest executing lane.
// Registered outputs; the next beat is loaded at the edge that takes one.
// Faults struck here (gpu_faults): WRONG_LANE and FLIP_BIT change the first
// row beat; STRAY_WRITE adds a GPR beat after it (its first lane, to register
// rd + P) and HIDDEN_WRITE the same write with no beat; DROP_PRED drops the
// first predicate write; NAN_PAYLOAD clears a fraction bit of an FP32-unit
// row's first lane when it holds a NaN. The row faults are applied to rt_row
// one edge after the row is loaded (its beat held back that cycle), so that
// rt_row's input is one multiplexer of the sources, not a lane patched over it.
// The loads' rows are read from gpu_mem's RAMs one at a time (ld_k: the row
// about to be loaded), so that the multiplexer has one load source, not four.
module gpu_retire #(
    parameter integer FP_UNITS = 1,        // 0: no FP16/FP32 rows (gpu_exec's are constant 0)
    parameter integer FAULT_REGS = 1       // 0: no faults ever armed: their logic generated out
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          start,            // the instruction is decoded (or trapped at fetch)
    input  wire          results,          // its execution is over: results, trap final
    // HEAD
    input  wire [6:0]    warp,
    input  wire [63:0]   pc,
    input  wire [127:0]  insn,
    input  wire [31:0]   active, exec,
    // the outcome so far
    input  wire [7:0]    trap,
    input  wire [7:0]    mem_trap,         // the memory port's trap (0: the trap, if any, is not its)
    input  wire [4:0]    mem_lane,         // ... and its lane (also of st_err)
    input  wire          unimpl,
    // results (gpu_exec, gpu_mem) and where they go
    input  wire [2:0]    unit,             // whose rows they are
    input  wire [1023:0] int_d0, int_d1, warp_d0, fp16_d0, fp32_d0, mufu_d0,
    output wire [1:0]    ld_k,             // the loaded words' row to present (gpu_mem's RAMs) ...
    input  wire [1023:0] ld_row,           // ... and that row
    input  wire [31:0]   m0, m1, m2, m3,   // the lanes rows 0..3 write
    input  wire [31:0]   resr,             // destination rows 0..3, 8 bits each (255: none)
    input  wire [223:0]  pw_m, pw_v,
    input  wire          ur_en,
    input  wire [5:0]    ur_i,
    input  wire [31:0]   ur_v,
    input  wire [6:0]    up_m, up_v,
    // stores (gpu_mem)
    input  wire [31:0]   st_mask,
    output wire          st_go,
    output wire          st_taken,
    input  wire          st_beat, st_more,
    input  wire [4:0]    st_lane,
    input  wire [2:0]    st_idx,
    input  wire [63:0]   st_a,
    input  wire [31:0]   st_d,
    input  wire          st_err,
    // control flow (gpu_ctrl)
    output wire          ctrl_go,
    input  wire          ctrl_busy,
    input  wire [31:0]   exit_m, br_mask,
    input  wire [63:0]   br_tgt,
    // faults
    input  wire          f_armed,
    input  wire [7:0]    f_kind, f_param1,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [7:0]    f_param,          // (FLIP_BIT's bit number: bits 4..0; NAN_PAYLOAD's mod 22)
    /* verilator lint_on UNUSEDSIGNAL */
    output reg           f_fire,
    // state written as beats are taken
    output wire          gpr_we,
    output wire [7:0]    gpr_reg,
    output wire [31:0]   gpr_mask,
    output wire          pred_we,
    output wire [2:0]    pred_i,
    output wire [31:0]   pred_m, pred_v,
    output wire          ur_we,
    output wire          up_we,
    output wire [2:0]    up_i,
    output wire          up_val,
    output wire          end_taken,        // END taken: the instruction is over
    output wire          end_trap,         // ... and it trapped
    // the retire port
    output reg           rt_valid,
    input  wire          rt_ready,
    output reg  [2:0]    rt_kind,
    output reg  [6:0]    rt_warp,
    output reg  [63:0]   rt_pc,
    output reg  [127:0]  rt_insn,
    output reg  [31:0]   rt_mask_a,
    output reg  [31:0]   rt_mask_b,
    output reg  [7:0]    rt_index,
    output reg  [4:0]    rt_lane,
    output reg  [31:0]   rt_data,
    output reg  [7:0]    rt_status,
    output reg  [1023:0] rt_row
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_port.vh"
    `include "gpu_contract.vh"
    `include "gpu_faults.vh"
    `include "gpu_core_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam [2:0] R_IDLE = 3'd0, R_HEAD = 3'd1, R_WAIT = 3'd2, R_BEATS = 3'd3, R_STGO = 3'd4,
                     R_ST = 3'd5, R_END = 3'd6;

    reg [2:0]  rs;
    reg [3:0]  rows;                       // result rows still to present
    reg [6:0]  preds, upreds;
    reg        ur_pend, stray_pend, stray_silent, silent, first_gpr;
    reg        beat_fault;                 // the beat presented carries a fault (fire when taken)
    reg        stray_fault;                // ... and a stray write follows it
    reg [31:0] wmask;                      // lanes the GPR beat presented writes
    reg [7:0]  stray_reg;
    reg [4:0]  stray_lane;
    reg [31:0] stray_val;
    reg        patch_pend;                 // the first row's fault to apply before its beat goes
    reg [31:0] patch_lanes;                // ... the lane it patches (none, or one)
    reg [4:0]  patch_lane0;                // ... the lane whose value it takes
    reg        patch_flip, patch_nan;      // ... FLIP_BIT; NAN_PAYLOAD (only on a NaN)

    wire taken = rt_valid && rt_ready;
    wire free = !rt_valid || rt_ready;     // nothing presented after this edge unless loaded now
    wire failed = trap != 8'd0 || unimpl;
    // armed, and not struck by this stage at the last edge (gpu_faults sees that one edge late)
    wire fa = FAULT_REGS != 0 && f_armed && !f_fire;

    assign st_go = rs == R_STGO;
    assign st_taken = taken && rt_kind == BEAT_MEM;
    assign ctrl_go = (rs == R_HEAD || rs == R_WAIT) && free && results && !failed;
    assign gpr_we = (taken && (rt_kind == BEAT_GPR_ROW || rt_kind == BEAT_GPR)) || silent;
    assign gpr_reg = rt_index;
    assign gpr_mask = wmask;
    assign pred_we = taken && rt_kind == BEAT_PRED;
    assign pred_i = rt_index[2:0];
    assign pred_m = rt_mask_a;
    assign pred_v = rt_mask_b;
    assign ur_we = taken && rt_kind == BEAT_UR;
    assign up_we = taken && rt_kind == BEAT_UPRED;
    assign up_i = rt_index[2:0];
    assign up_val = rt_data[0];
    assign end_taken = taken && rt_kind == BEAT_END;
    assign end_trap = trap != 8'd0 || st_err;

    `include "gpu_ctz.vh"

    function automatic [2:0] ctz8(input [7:0] m);
        integer i;
        begin
            ctz8 = 3'd0;
            for (i = 7; i >= 0; i = i - 1) if (m[i]) ctz8 = i[2:0];
        end
    endfunction

    // the beat's fields: only those of its kind mean anything (the others 0)
    task beat(input [2:0] kind);
        begin
            rt_valid <= 1'b1; rt_kind <= kind; rt_warp <= warp; rt_pc <= 64'd0; rt_insn <= 128'd0;
            rt_mask_a <= 32'd0; rt_mask_b <= 32'd0; rt_index <= 8'd0; rt_lane <= 5'd0; rt_data <= 32'd0;
            rt_status <= STATUS_RETIRED;
        end
    endtask

    // the code END reports, and whether it names a lane
    wire [7:0] end_code = (trap != 8'd0) ? trap : st_err ? TRAP_MEMORY_RANGE : 8'd0;
    wire       end_lane = end_code != 8'd0 && end_code < 8'd32 && TRAP_LANE_CODES[end_code[4:0]];

    task end_beat;
        begin
            beat(BEAT_END);
            rt_mask_a <= failed ? 32'd0 : br_mask; rt_mask_b <= failed ? 32'd0 : exit_m;
            rt_pc <= failed ? 64'd0 : br_tgt;
            rt_status <= (trap != 8'd0 || st_err) ? STATUS_TRAP : unimpl ? STATUS_UNIMPLEMENTED : STATUS_RETIRED;
            rt_data <= {24'd0, end_code};
            if (end_lane) rt_lane <= (mem_trap != 8'd0 || st_err) ? mem_lane : ctz(exec);
            rs <= R_END;
        end
    endtask

    // where result row k comes from: a source code, one select of the row multiplexer
    // (0, 1 int_d0, int_d1; 2 warp_d0; 3 mufu_d0; 4 ld_row, gpu_mem's row k; 8, 9 fp16_d0, fp32_d0)
    function automatic [3:0] source_of(input [1:0] k);
        if (unit == U_MEM) source_of = 4'd4;
        else if (unit == U_WARP) source_of = 4'd2;
        else if (unit == U_FP16) source_of = 4'd8;
        else if (unit == U_FP32) source_of = 4'd9;
        else if (unit == U_MUFU) source_of = 4'd3;
        else source_of = (k == 2'd0) ? 4'd0 : 4'd1;
    endfunction

    // the row of a source code: a tree on its bits (the FP rows only in a core with FP units)
    function automatic [1023:0] row_at(input [3:0] s);
        if (s[3]) row_at = (FP_UNITS == 0) ? 1024'd0 : s[0] ? fp32_d0 : fp16_d0;
        else if (s[2]) row_at = ld_row;
        else row_at = s[1] ? (s[0] ? mufu_d0 : warp_d0) : (s[0] ? int_d1 : int_d0);
    endfunction

    // a binary32 NaN (exponent all ones, a fraction)
    function automatic is_nan32(input [31:0] x);
        is_nan32 = (x & 32'h7fffffff) > 32'h7f800000;
    endfunction

    // a result row's beat (the row itself is loaded by the caller). The first one's faults
    // are decided here and applied at the next edge (`patch_pend`, the beat held back a
    // cycle), to the row then in rt_row: at most one lane patched through an enable a lane,
    // its value read from a register, not through a variable shift over 1024 bits
    task row_beat(input [1:0] k, input first);
        reg [31:0]   m;
        reg [4:0]    l0, l1;
        reg          wrong, flip, nan, stray;
        begin
            m = (k == 2'd0) ? m0 : (k == 2'd1) ? m1 : (k == 2'd2) ? m2 : m3;
            l0 = ctz(m);
            l1 = l0 ^ ((f_param1[4:0] == 5'd0) ? 5'd1 : f_param1[4:0]);
            wrong = first && fa && f_kind == FAULT_WRONG_LANE;
            flip = first && fa && f_kind == FAULT_FLIP_BIT;
            nan = first && fa && f_kind == FAULT_NAN_PAYLOAD && unit == U_FP32;   // if lane l0 holds a NaN
            stray = first && fa && (f_kind == FAULT_STRAY_WRITE || f_kind == FAULT_HIDDEN_WRITE);
            beat(BEAT_GPR_ROW);
            rt_index <= resr[8 * k +: 8];
            // WRONG_LANE: lane l0's value lands in lane l0 ^ P instead (another write of that
            // lane still wins); FLIP_BIT: a bit of lane l0 flipped; NAN_PAYLOAD: a payload bit
            // of lane l0 lost (the quiet bit, 22, stays: still a NaN)
            patch_pend <= wrong || flip || nan || stray;
            if (wrong || flip || nan || stray) rt_valid <= 1'b0;
            patch_lanes <= (wrong && !m[l1]) ? 32'd1 << l1 : (flip || nan) ? 32'd1 << l0 : 32'd0;
            patch_lane0 <= l0; patch_flip <= flip; patch_nan <= nan;
            beat_fault <= wrong || flip || stray;
            stray_fault <= stray;
            if (stray) begin
                // register rd + P, past R254 wrapping to R0 (RZ skipped)
                stray_reg <= ({1'b0, resr[8 * k +: 8]} + {1'b0, f_param1} >= 9'd255)
                             ? (resr[8 * k +: 8] + f_param1 + 8'd1) : (resr[8 * k +: 8] + f_param1);
                stray_lane <= l0;
                stray_silent <= f_kind == FAULT_HIDDEN_WRITE;
            end
            if (wrong) m = (m & ~(32'd1 << l0)) | (32'd1 << l1);
            rt_mask_a <= m; wmask <= m;
            rows[k] <= 1'b0;
        end
    endtask

    // the rows the instruction writes (its destinations with lanes), and the next one to load:
    // the first left in `rows` while beats go, else the first it writes
    wire [3:0] rows_written = {resr[31:24] != 8'd255 && m3 != 32'd0, resr[23:16] != 8'd255 && m2 != 32'd0,
                               resr[15:8] != 8'd255 && m1 != 32'd0, resr[7:0] != 8'd255 && m0 != 32'd0};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [3:0] rows_left = (rs == R_BEATS) ? rows : rows_written;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [1:0] next_row_k = rows_left[0] ? 2'd0 : rows_left[1] ? 2'd1 : rows_left[2] ? 2'd2 : 2'd3;
    // its source: kept a net of its own (Yosys's `keep`), so that ABC maps each rt_row bit as
    // a multiplexer of the sources on these few selects instead of folding the control into
    // every bit's logic
    // (declared apart from its assignment: Icarus drops attributes on a net declaration assignment)
    (* keep *) wire [3:0] next_row_src;
    assign next_row_src = source_of(next_row_k);
    assign ld_k = next_row_k;
    // the value a fault writes into a lane of rt_row: the first row's patched lane (read from
    // rt_row, loaded at the last edge), or the stray write's value (its lane); a net of its
    // own as well
    wire [31:0] patch_v0 = rt_row[32 * patch_lane0 +: 32];
    wire        patch_nan_hit = patch_nan && is_nan32(patch_v0);
    (* keep *) wire [31:0] lane_fill;
    assign lane_fill = !patch_pend ? stray_val
                                     : patch_flip ? patch_v0 ^ (32'd1 << f_param[4:0])
                                     : patch_nan ? patch_v0 & ~(32'd1 << (f_param % 8'd22)) : patch_v0;
    // what is loaded into rt_row at this edge: a result row (row_go, from next_row_src), or a fault's value into one lane (fill_lanes: the first row's patched lane, the
    // stray write's lane); each lane's flip-flops load on lane_load. Kept nets, so that each
    // rt_row bit is a function of these few selects, not of the state machine
    wire stray_now = stray_pend || (taken && rt_kind == BEAT_GPR_ROW && stray_fault);
    wire beats_free = rs == R_BEATS && !patch_pend && free && !silent;
    wire stray_go = FAULT_REGS != 0 && rst_n && beats_free && stray_now && !(taken && rt_kind == BEAT_GPR);
    wire row_go = rst_n && (((rs == R_HEAD || rs == R_WAIT) && free && results && !failed && rows_written != 4'd0)
                            || (beats_free && !stray_now && rows != 4'd0));
    (* keep *) wire [31:0] fill_lanes;
    assign fill_lanes = (FAULT_REGS == 0 || !rst_n || rs != R_BEATS) ? 32'd0
                      : patch_pend ? ((!patch_nan || patch_nan_hit) ? patch_lanes : 32'd0)
                      : stray_go ? 32'd1 << stray_lane : 32'd0;
    (* keep *) wire [31:0] lane_load;
    assign lane_load = {32{row_go}} | fill_lanes;

    always @(posedge clk) begin : emit
        reg [3:0] rw;
        reg [6:0] pr;
        reg [2:0] i;
        reg       first;
        reg       row_first;               // the row beat loaded at this edge is the instruction's first
        integer k;
        silent <= 1'b0; f_fire <= 1'b0;
        // no GPR_ROW beat taken yet in this instruction, counting this edge's
        first = first_gpr && !(taken && rt_kind == BEAT_GPR_ROW);
        row_first = rs != R_BEATS || first;
        if (!rst_n) begin
            rs <= R_IDLE; rt_valid <= 1'b0; rt_kind <= BEAT_HEAD; rt_warp <= 7'd0; rt_pc <= 64'd0;
            rt_insn <= 128'd0; rt_mask_a <= 32'd0; rt_mask_b <= 32'd0; rt_index <= 8'd0; rt_lane <= 5'd0;
            rt_data <= 32'd0; rt_status <= 8'd0; wmask <= 32'd0;
            rows <= 4'd0; preds <= 7'd0; upreds <= 7'd0; ur_pend <= 1'b0; stray_pend <= 1'b0;
            first_gpr <= 1'b1; beat_fault <= 1'b0; stray_fault <= 1'b0; patch_pend <= 1'b0;
        end else begin
            // the beat taken at this edge: its side effects (the writes are outputs above)
            if (taken) begin
                if (rt_kind == BEAT_GPR_ROW) begin
                    first_gpr <= 1'b0;
                    if (beat_fault) f_fire <= 1'b1;
                    if (stray_fault) stray_pend <= 1'b1;
                end
                if (rt_kind == BEAT_GPR) stray_pend <= 1'b0;
            end
            case (rs)
            R_IDLE: if (start) begin
                beat(BEAT_HEAD);
                rt_pc <= pc; rt_insn <= insn; rt_mask_a <= active; rt_mask_b <= exec;
                first_gpr <= 1'b1; stray_pend <= 1'b0; beat_fault <= 1'b0;
                stray_fault <= 1'b0;
                rs <= R_HEAD;
            end
            R_HEAD, R_WAIT: if (free) begin
                rt_valid <= 1'b0;
                if (!results) rs <= R_WAIT;
                else if (failed) end_beat;
                else begin
                    // the writes to present, in the record's order
                    rw = rows_written;
                    for (k = 0; k < 7; k = k + 1) pr[k] = pw_m[32 * k +: 32] != 32'd0;
                    rows <= rw; preds <= pr; upreds <= up_m; ur_pend <= ur_en;
                    rs <= R_BEATS;
                end
            end
            R_BEATS: if (patch_pend) begin
                // the first row's fault applied to the row loaded at the last edge (block row);
                // its beat goes
                if (patch_nan_hit) beat_fault <= 1'b1;
                stray_val <= patch_v0;
                patch_pend <= 1'b0; rt_valid <= 1'b1;
            end else if (free && !silent) begin
                rt_valid <= 1'b0;
                pr = preds;
                if (stray_pend || (taken && rt_kind == BEAT_GPR_ROW && stray_fault)) begin
                    if (stray_silent && !(taken && rt_kind == BEAT_GPR)) begin
                        // HIDDEN_WRITE: the stray lane written with no beat, this cycle
                        silent <= 1'b1; stray_pend <= 1'b0;
                        rt_index <= stray_reg; wmask <= 32'd1 << stray_lane;
                    end else if (!(taken && rt_kind == BEAT_GPR)) begin
                        beat(BEAT_GPR);
                        rt_index <= stray_reg; rt_lane <= stray_lane; rt_data <= stray_val;
                        wmask <= 32'd1 << stray_lane;
                    end
                end else if (rows != 4'd0) ;           // (a row beat: row_go)
                else if (pr != 7'd0) begin
                    i = ctz8({1'b0, pr});
                    preds[i] <= 1'b0;
                    if (fa && f_kind == FAULT_DROP_PRED) f_fire <= 1'b1;    // neither applied nor reported
                    else begin
                        beat(BEAT_PRED);
                        rt_index <= {5'd0, i}; rt_mask_a <= pw_m[32 * i +: 32];
                        rt_mask_b <= pw_v[32 * i +: 32] & pw_m[32 * i +: 32];
                    end
                end else if (ur_pend) begin
                    ur_pend <= 1'b0;
                    beat(BEAT_UR);
                    rt_index <= {2'b00, ur_i}; rt_data <= ur_v;
                end else if (upreds != 7'd0) begin
                    i = ctz8({1'b0, upreds});
                    upreds[i] <= 1'b0;
                    beat(BEAT_UPRED);
                    rt_index <= {5'd0, i}; rt_data <= {31'd0, up_v[i]};
                end else if (st_mask != 32'd0) rs <= R_STGO;
                else if (!ctrl_busy) end_beat;
            end
            R_STGO: rs <= R_ST;                 // (gpu_mem starts the stores at this edge)
            R_ST: if (free) begin
                rt_valid <= 1'b0;
                if (st_beat && !st_taken) begin
                    beat(BEAT_MEM);
                    rt_lane <= st_lane; rt_index <= {5'd0, st_idx}; rt_pc <= st_a; rt_data <= st_d;
                end else if (!st_more && !st_beat && !ctrl_busy) end_beat;
            end
            R_END: if (taken) begin rt_valid <= 1'b0; rs <= R_IDLE; end
            default: rs <= R_IDLE;
            endcase
            // a result row's beat (its row is loaded by block row)
            if (row_go) row_beat(next_row_k, row_first);
        end
    end

    // rt_row: a lane loads the row chosen (next_row_src) or a fault's value (lane_fill); the stray
    // write fills its one lane (the only one its GPR beat writes)
    always @(posedge clk) begin : row
        integer k;
        reg [1023:0] v;
        if (!rst_n) rt_row <= 1024'd0;
        else if (lane_load != 32'd0) begin
            v = row_at(next_row_src);
            for (k = 0; k < 32; k = k + 1)
                if (lane_load[k]) rt_row[32 * k +: 32] <= fill_lanes[k] ? lane_fill : v[32 * k +: 32];
        end
    end
endmodule
