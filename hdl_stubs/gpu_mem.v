// gpu_mem: the memory port (one request at a time, each held until mem_ack,
// then dropped for a cycle at least) and everything that uses it:
//  - constant operands: the one or two words of a c[bank][offset] source,
//    before the lanes execute (`cgo`; CONST_OUT_OF_RANGE on mem_err, at the
//    lowest executing lane: every lane reads it alike);
//  - LDG/LDC: lane after lane (executing lanes ascending), word after word,
//    the address checked first (MISALIGNED_ADDRESS, MEMORY_RANGE,
//    CONST_OUT_OF_RANGE) and mem_err trapping; up to four words a lane, kept in
//    a RAM a lane (LUT RAM) and read by the retire stage a row at a time (ld_k);
//  - STG: every executing lane's address checked, a lane a cycle ascending
//    (the first faulting lane traps, none stores); the words
//    are written later, during the retire stage, one at a time on request
//    (`st_go`), each waiting for its MEM beat to be taken (`st_taken`)
//    before the next. mem_err on a store is reported (st_err), the rest
//    still written.
//  - `tlane`: the trapping lane of `trap` (the lane whose access faults:
//    the lowest such lane of STG's checks), or of the first store that got
//    mem_err (cosim/common/include/trap_codes.h: these codes name a lane).
// Faults WRONG_ADDRESS (the first stored word 16*P further)
//    and HIDDEN_STORE (after the first word's beat, the word again 16*P
//    further, unreported) strike here.
module gpu_mem #(
    parameter integer FAULT_REGS = 1       // 0: no faults ever armed: their logic generated out
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire          pick,
    // the instruction
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [127:0]  ir,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]   exec,
    input  wire [2:0]    words,            // per lane
    input  wire [1023:0] a0, a1,           // address rows
    input  wire [1023:0] b0, b1, b2, b3,   // STG data rows
    // constant operand
    input  wire          cgo,
    input  wire [4:0]    c_bank,
    input  wire [15:0]   c_off,
    input  wire          c_wide,
    output reg           cbusy,
    output reg  [63:0]   cval,
    // loads and store checks
    input  wire          go,
    output reg           busy,
    output reg  [7:0]    trap,             // 0: none
    output reg  [4:0]    tlane,            // the lane of trap, or of st_err
    input  wire [1:0]    ld_k,             // the loaded word index whose row ld_row presents
    output wire [1023:0] ld_row,           // each lane's loaded word ld_k (lane l at bits 32l+31..32l)
    output reg  [31:0]   lm,               // lanes loaded (every word)
    // stores, from the retire stage
    input  wire          st_go,            // start the stores
    input  wire          st_taken,         // the MEM beat of the word written was taken
    output reg           st_beat,          // a word is written: its beat may go
    output reg           st_more,          // stores not finished
    output reg  [4:0]    st_lane,
    output reg  [2:0]    st_idx,
    output reg  [63:0]   st_a,
    output reg  [31:0]   st_d,
    output reg           st_err,           // a store got mem_err
    output wire [31:0]   st_mask,          // lanes that store
    // faults
    input  wire          f_armed,
    input  wire [7:0]    f_kind,
    input  wire [7:0]    f_param1,
    output reg           f_fire,
    // the port
    output reg           mem_req,
    output reg           mem_we,
    output reg           mem_space,
    output reg  [4:0]    mem_bank,
    output reg  [63:0]   mem_addr,
    output reg  [31:0]   mem_wdata,
    input  wire          mem_ack,
    input  wire [31:0]   mem_rdata,
    input  wire          mem_err
);
    /* verilator lint_off UNUSEDPARAM */
    `include "gpu_isa.vh"
    `include "gpu_contract.vh"
    `include "gpu_faults.vh"
    /* verilator lint_on UNUSEDPARAM */

    wire [7:0] opt = ir[F_OPTYPE +: F_OPTYPE_W];
    wire [4:0] bytes = {words, 2'b00};

    `include "gpu_ctz.vh"

    reg [31:0] smask;                     // STG: lanes whose words are still to store
    reg [31:0] lrem;                      // loads, STG's checks: lanes still to do
    reg [4:0]  ln;

    // The one lane whose address is formed: the store's while stores go, else the load's
    // or check's (one 32-to-1 multiplexer of the address rows, not one a use).
    // LDG/STG: [Ra pair + offset]; LDC: c[bank][Ra + offset]
    wire [4:0]  addr_lane = st_more ? st_lane : ln;
    wire [31:0] a0_lane = a0[32 * addr_lane +: 32];
    wire [31:0] a1_lane = a1[32 * addr_lane +: 32];
    wire [63:0] g_addr = {a1_lane, a0_lane} +
                 ((opt == OP_STG) ? {{(64 - F_STG_OFFSET_W){ir[F_STG_OFFSET + F_STG_OFFSET_W - 1]}}, ir[F_STG_OFFSET +: F_STG_OFFSET_W]}
                                  : {{(64 - F_LDG_OFFSET_W){ir[F_LDG_OFFSET + F_LDG_OFFSET_W - 1]}}, ir[F_LDG_OFFSET +: F_LDG_OFFSET_W]});
    wire [31:0] c_addr = a0_lane + {{(32 - F_LDC_OFFSET_W){ir[F_LDC_OFFSET + F_LDC_OFFSET_W - 1]}}, ir[F_LDC_OFFSET +: F_LDC_OFFSET_W]};
    wire        fa = FAULT_REGS != 0 && f_armed;
    // the word a store writes: one 128-to-1 multiplexer of words (word index, lane), not a
    // row chosen over 1024 bits first
    wire [4095:0] store_rows = {b3, b2, b1, b0};
    wire [31:0]   store_word = store_rows[32 * {st_idx[1:0], st_lane} +: 32];
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic misaligned(input [63:0] a, input [2:0] n);
        misaligned = (n == 3'd2) ? (a[2:0] != 3'd0) : (n == 3'd4) ? (a[3:0] != 4'd0) : (a[1:0] != 2'd0);
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // global addresses at or above 2^48 are out of range, as in the model
    function automatic g_range(input [63:0] a, input [4:0] nb);
        reg [64:0] e;
        begin
            e = {1'b0, a} + {60'd0, nb};
            g_range = (a[63:48] != 16'd0) || (e > 65'h1000000000000);
        end
    endfunction

    reg [2:0]  wi;
    reg [1:0]  cn;                        // constant words read
    reg [1:0]  sst;                       // stores: 0 write, 1 wait, 2 beat, 3 hidden write
    reg        hidden_done;
    assign st_mask = smask;

    // a loaded word arrives (the port block's condition): it goes into word wi of lane ln
    wire load_word = rst_n && !pick && !go && busy && opt != OP_STG && mem_req && mem_ack && !mem_err;

    // the loaded words: a RAM a lane of the four words (ECP5 LUT RAM: one write port, the
    // retire stage's row read through one asynchronous read port), not four rows of
    // flip-flops behind a multiplexer of rows in the retire stage
    genvar g;
    generate for (g = 0; g < 32; g = g + 1) begin : ld_lane
        localparam [4:0] LANE = g;
        reg [31:0] word_ram [0:3];
        always @(posedge clk) if (load_word && ln == LANE) word_ram[wi[1:0]] <= mem_rdata;
        assign ld_row[32 * g +: 32] = word_ram[ld_k];
    end endgenerate

    always @(posedge clk) begin : port
        reg [63:0] a;
        f_fire <= 1'b0;
        if (!rst_n || pick) begin
            mem_req <= 1'b0; mem_we <= 1'b0; mem_space <= 1'b0; mem_bank <= 5'd0;
            if (!rst_n) begin mem_addr <= 64'd0; mem_wdata <= 32'd0; end
            cbusy <= 1'b0; busy <= 1'b0; trap <= 8'd0; tlane <= 5'd0; lm <= 32'd0; smask <= 32'd0;
            st_beat <= 1'b0; st_more <= 1'b0; st_err <= 1'b0; sst <= 2'd0; hidden_done <= 1'b0;
            cval <= 64'd0; cn <= 2'd0;
        end else begin
            // ---- constant operand words
            if (cgo) begin cbusy <= 1'b1; cn <= 2'd0; end
            if (cbusy) begin
                if (!mem_req) begin
                    mem_req <= 1'b1; mem_we <= 1'b0; mem_space <= 1'b1; mem_bank <= c_bank;
                    mem_addr <= {48'd0, c_off} + {61'd0, cn[0], 2'b00};
                end else if (mem_ack) begin
                    mem_req <= 1'b0;
                    if (mem_err) begin trap <= TRAP_CONST_OUT_OF_RANGE; tlane <= ctz(exec); cbusy <= 1'b0; end
                    else if (cn == 2'd0) begin
                        cval[31:0] <= mem_rdata; cn <= 2'd1;
                        if (!c_wide) cbusy <= 1'b0;
                    end else begin cval[63:32] <= mem_rdata; cbusy <= 1'b0; end
                end
            end
            // ---- the instruction: STG's checks at once, loads lane by lane
            if (go) begin
                lrem <= exec; ln <= ctz(exec); wi <= 3'd0;
                busy <= exec != 32'd0;
            end else if (busy && opt == OP_STG) begin
                // STG's checks, lanes ascending: the first faulting lane traps and none stores
                if (misaligned(g_addr, words) || g_range(g_addr, bytes)) begin
                    trap <= misaligned(g_addr, words) ? TRAP_MISALIGNED_ADDRESS : TRAP_MEMORY_RANGE;
                    tlane <= ln; busy <= 1'b0;
                end else begin
                    lrem[ln] <= 1'b0; ln <= ctz(lrem & ~(32'd1 << ln));
                    if ((lrem & ~(32'd1 << ln)) == 32'd0) begin smask <= exec; busy <= 1'b0; end
                end
            end else if (busy) begin
                if (!mem_req) begin
                    tlane <= ln;                                 // the lane a trap here names
                    if (opt == OP_LDG && misaligned(g_addr, words)) begin trap <= TRAP_MISALIGNED_ADDRESS; busy <= 1'b0; end
                    else if (opt == OP_LDG && g_range(g_addr, bytes)) begin trap <= TRAP_MEMORY_RANGE; busy <= 1'b0; end
                    else if (opt == OP_LDC && misaligned({32'd0, c_addr}, words)) begin trap <= TRAP_MISALIGNED_ADDRESS; busy <= 1'b0; end
                    else if (opt == OP_LDC && ({1'b0, c_addr} + {28'd0, bytes}) > 33'h10000) begin
                        trap <= TRAP_CONST_OUT_OF_RANGE; busy <= 1'b0;
                    end else begin
                        mem_req <= 1'b1; mem_we <= 1'b0; mem_space <= (opt == OP_LDC);
                        mem_bank <= ir[F_CBANK +: 5];
                        mem_addr <= ((opt == OP_LDC) ? {32'd0, c_addr} : g_addr) + {59'd0, wi, 2'b00};
                    end
                end else if (mem_ack) begin
                    mem_req <= 1'b0;
                    if (mem_err) begin
                        trap <= (opt == OP_LDC) ? TRAP_CONST_OUT_OF_RANGE : TRAP_MEMORY_RANGE; busy <= 1'b0;
                    end else begin
                        // (the word into its lane's RAM: block ld_lane below)
                        if (wi + 3'd1 == words) begin
                            lm[ln] <= 1'b1;
                            wi <= 3'd0; lrem[ln] <= 1'b0; ln <= ctz(lrem & ~(32'd1 << ln));
                            if ((lrem & ~(32'd1 << ln)) == 32'd0) busy <= 1'b0;
                        end else wi <= wi + 3'd1;
                    end
                end
            end
            // ---- the stores, word by word, each with its MEM beat
            if (st_go) begin
                st_more <= smask != 32'd0; st_lane <= ctz(smask); st_idx <= 3'd0; sst <= 2'd0;
            end else if (st_more)
                case (sst)
                2'd0: begin                                      // write the word
                    mem_req <= 1'b1; mem_we <= 1'b1; mem_space <= 1'b0; mem_bank <= 5'd0;
                    a = g_addr + {59'd0, st_idx, 2'b00};    // (the address rows are held)
                    if (fa && f_kind == FAULT_WRONG_ADDRESS) begin
                        a = a + {52'd0, f_param1, 4'd0}; f_fire <= 1'b1;
                    end
                    mem_addr <= a; st_a <= a;
                    st_d <= store_word; mem_wdata <= store_word;
                    sst <= 2'd1;
                end
                2'd1: if (mem_ack) begin                         // written: the beat may go
                    mem_req <= 1'b0; mem_we <= 1'b0;
                    if (mem_err && !st_err) begin st_err <= 1'b1; tlane <= st_lane; end
                    st_beat <= 1'b1; sst <= 2'd2;
                end
                2'd2: if (st_taken) begin
                    st_beat <= 1'b0;
                    if (fa && f_kind == FAULT_HIDDEN_STORE && !hidden_done) begin
                        // the same word again, further on, with no beat
                        f_fire <= 1'b1; hidden_done <= 1'b1;
                        mem_req <= 1'b1; mem_we <= 1'b1; mem_addr <= st_a + {52'd0, f_param1, 4'd0};
                        sst <= 2'd3;
                    end else begin
                        sst <= 2'd0;
                        if (st_idx + 3'd1 != words) st_idx <= st_idx + 3'd1;
                        else begin
                            st_idx <= 3'd0;
                            smask[st_lane] <= 1'b0; st_lane <= ctz(smask & ~(32'd1 << st_lane));
                            if ((smask & ~(32'd1 << st_lane)) == 32'd0) st_more <= 1'b0;
                        end
                    end
                end
                default: if (mem_ack) begin                      // the hidden write done
                    mem_req <= 1'b0; mem_we <= 1'b0; sst <= 2'd0;
                    if (st_idx + 3'd1 != words) st_idx <= st_idx + 3'd1;
                    else begin
                        st_idx <= 3'd0;
                        smask[st_lane] <= 1'b0; st_lane <= ctz(smask & ~(32'd1 << st_lane));
                        if ((smask & ~(32'd1 << st_lane)) == 32'd0) st_more <= 1'b0;
                    end
                end
                endcase
        end
    end
endmodule
