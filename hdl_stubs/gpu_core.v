// gpu_core: the stand-in GPU core (top module). Port contract: hdl_stubs/README.md.
//
// One warp-instruction at a time, lanes processed serially:
//   IDLE -> PICK (round-robin warp) -> MINPC (lowest PC of the ready lanes)
//   -> FETCH2 (one cycle) -> DEC (legality, guard, uniform checks, operand set-up)
//   -> CONST (constant-bank words through the memory port) -> READ (the GPR
//   rows the instruction reads, of the eight A0 A1 B0..B3 C0 C1, a cycle each,
//   all 32 lanes at once)
//   -> EXEC (lane by lane, executing lanes only: results staged, nothing
//   written; loads here) -> HEAD beat -> WB (GPR writes, one beat each, a cycle
//   each) -> PRED -> UR -> UPRED (a cycle a written predicate / register)
//   -> ST (stores through the memory port) -> CTRL (PCs, convergence stack)
//   -> REL (release check) -> END beat.
// Lanes, rows and beats still to do are kept as masks and walked lowest bit
// first, so no cycle goes to a lane or slot that has nothing to do (about 45
// cycles a warp-instruction on gpuhost's random IALU streams, 195 before).
// Warp-wide loops in combinational blocks run only in the state or for the
// instruction that uses them: Verilator evaluates every block every cycle.
// A trap anywhere before HEAD leaves every register, predicate, PC and the
// memory untouched, as in the functional model (cosim/model).
module gpu_core #(
    parameter integer CAP_WARPS = 4
) (
    input  wire         clk,
    input  wire         rst_n,
    // program load and control
    input  wire         imem_we,
    input  wire [15:0]  imem_addr,
    input  wire [127:0] imem_wdata,
    input  wire         launch,
    input  wire [6:0]   launch_warps,
    input  wire [63:0]  launch_entry,
    input  wire         run,
    input  wire         step,
    output wire         busy,
    output wire         done,
    // memory port
    output reg          mem_req,
    output reg          mem_we,
    output reg          mem_space,
    output reg  [4:0]   mem_bank,
    output reg  [63:0]  mem_addr,
    output reg  [31:0]  mem_wdata,
    input  wire         mem_ack,
    input  wire [31:0]  mem_rdata,
    input  wire         mem_err,
    // retire trace
    output reg          rt_valid,
    input  wire         rt_ready,
    output reg  [2:0]   rt_kind,
    output reg  [6:0]   rt_warp,
    output reg  [63:0]  rt_pc,
    output reg  [127:0] rt_insn,
    output reg  [31:0]  rt_mask_a,
    output reg  [31:0]  rt_mask_b,
    output reg  [7:0]   rt_index,
    output reg  [4:0]   rt_lane,
    output reg  [31:0]  rt_data,
    output reg  [7:0]   rt_status,
    // state backdoor
    input  wire         bd_req,
    input  wire         bd_we,
    input  wire [3:0]   bd_space,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [6:0]   bd_warp,    // bits above log2(CAP_WARPS) ignored
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [7:0]   bd_index,
    input  wire [4:0]   bd_lane,
    input  wire [31:0]  bd_wdata,
    output reg          bd_ack,
    output reg  [31:0]  bd_rdata
);
    // ------------------------------------------------------------------ constants
    localparam integer WB = (CAP_WARPS > 1) ? $clog2(CAP_WARPS) : 1;
    localparam integer NW = CAP_WARPS;
    localparam integer GPR_ROWS = NW * 256;

    localparam [4:0] S_CLR = 5'd0, S_IDLE = 5'd1, S_BDRD = 5'd2, S_PICK = 5'd3, S_MINPC = 5'd4,
                     S_FETCH = 5'd5, S_FETCH2 = 5'd6, S_DEC = 5'd7, S_CONST = 5'd8, S_READ = 5'd9,
                     S_EXEC = 5'd10, S_HEAD = 5'd11, S_WB = 5'd12, S_STRAY = 5'd13, S_PRED = 5'd14,
                     S_UR = 5'd15, S_UP = 5'd16, S_ST = 5'd17, S_CTRL = 5'd18, S_REL = 5'd19,
                     S_END = 5'd20;

    localparam [2:0] K_HEAD = 3'd0, K_GPR = 3'd1, K_PRED = 3'd2, K_UR = 3'd3, K_UPRED = 3'd4,
                     K_MEM = 3'd5, K_END = 3'd6;

    localparam [7:0] T_ILLEGAL_ENCODING = 8'd2, T_PC_OUT_OF_RANGE = 8'd3, T_MISALIGNED_ADDRESS = 8'd4,
                     T_MEMORY_RANGE = 8'd5, T_MISALIGNED_REGISTER = 8'd6, T_REGISTER_INDEX = 8'd7,
                     T_CONST_OUT_OF_RANGE = 8'd8, T_ILLEGAL_BSYNC = 8'd9, T_STACK_OVERFLOW = 8'd10,
                     T_DEADLOCK = 8'd11, T_ILLEGAL_INSTRUCTION = 8'd12;

    localparam [7:0] OP_IMAD = 8'h31, OP_IMAD_WIDE = 8'h32, OP_LEA = 8'h36,
                     OP_ISETP = 8'h3b, OP_ISET = 8'h3c, OP_LOP3 = 8'h3e, OP_PLOP3 = 8'h3f,
                     OP_MOV = 8'h41, OP_PRMT = 8'h42, OP_R2UR = 8'h45, OP_SETGPR = 8'h46,
                     OP_GETGPR = 8'h47,
                     OP_SHFL = 8'h60, OP_MOVM = 8'h61, OP_VOTE = 8'h62, OP_VOTEU = 8'h63,
                     OP_REDUX = 8'h64, OP_REDUXU = 8'h65, OP_MATCH = 8'h66, OP_ELECTU = 8'h67,
                     OP_ELECT = 8'h68,
                     OP_EXIT = 8'h81, OP_BRA = 8'h82, OP_BSSY = 8'h83,
                     OP_BSYNC = 8'h84, OP_S2R = 8'h88, OP_S2UR = 8'h89, OP_LDG = 8'h90,
                     OP_STG = 8'h91, OP_LDC = 8'h92;

    // slot kinds
    localparam [2:0] SK_NONE = 3'd0, SK_R = 3'd1, SK_U = 3'd2, SK_I = 3'd3, SK_C = 3'd4;

    // the implemented-optype bitmap (capability words 2..9)
    function automatic implemented(input [7:0] op);
        implemented = (op >= 8'h11 && op <= 8'h15) ||             // XU but MUFU
                      (op >= 8'h30 && op <= 8'h47) ||             // IALU
                      (op >= 8'h60 && op <= 8'h68) ||             // SYNCOp
                      (op >= 8'h80 && op <= 8'h84) || op == 8'h88 || op == 8'h89 ||
                      (op >= 8'h90 && op <= 8'h92);               // extension ctrl + mem
    endfunction

    // ------------------------------------------------------------------ state
    reg [127:0] imem [0:65535];
    reg [16:0]  code_count;

    reg [1023:0] gpr_mem [0:GPR_ROWS-1];
    reg [1023:0] gpr_q;
    reg [WB+7:0] gpr_raddr;

    reg [31:0] pred_r [0:NW*8-1];
    reg [31:0] ur_r [0:NW*64-1];
    reg [6:0]  upred_r [0:NW-1];
    reg [63:0] lpc [0:NW*32-1];
    reg [31:0] st_wait [0:NW-1];
    reg [31:0] st_exit [0:NW-1];
    reg [63:0] stk_t [0:NW*32-1];
    reg [31:0] stk_m [0:NW*32-1];
    reg [31:0] stk_a [0:NW*32-1];
    reg [5:0]  depth [0:NW-1];
    reg [63:0] wclk [0:NW-1];

    reg        launched, halt, step_pend;
    reg [6:0]  nwarps, next_warp;
    reg [63:0] retire_cnt;
    reg [7:0]  fault_kind, fault_param;
    reg [31:0] fault_at;
    reg        fault_fired;

    reg [4:0]  state;
    reg [WB+8:0] clr_cnt;
    reg        bd_gap;

    // the instruction in flight
    reg [6:0]   cw;
    reg [63:0]  cpc;
    reg [127:0] ir;
    reg [31:0]  active, exec;
    reg [7:0]   trap;        // 0: none
    reg         unimpl;
    reg [1023:0] opr [0:7];  // GPR rows: A0 A1 B0 B1 B2 B3 C0 C1
    reg [7:0]   rrow [0:7];
    reg [3:0]   rcnt;
    reg [63:0]  ub, uc;      // uniform slot values (UR pair, immediate, constant)
    reg [31:0]  cw0, cw1;    // constant words
    reg [1:0]   ccnt;
    reg [4:0]   ln;
    reg [2:0]   wi;          // word within a lane's memory access
    reg [1023:0] resv [0:3];
    reg [31:0]  resm [0:3];
    reg [7:0]   resr [0:3];
    reg [31:0]  pst_m [0:6];
    reg [31:0]  pst_v [0:6];
    reg         urs_en;
    reg [5:0]   urs_i;
    reg [31:0]  urs_v;
    reg [6:0]   ups_m, ups_v;
    reg [63:0]  st_addr [0:31];
    reg [31:0]  st_mask;
    reg [31:0]  exit_m;
    reg [31:0]  br_mask;     // lanes a BRA sent to br_tgt (END beat)
    reg [63:0]  br_tgt;
    reg [5:0]   pos;         // S_ST: lane and "written" flag
    reg [127:0] wbr;         // GPR beats still to present: bit 32*k + lane (result k)
    reg [6:0]   prr, upr;    // predicates / uniform predicates still to present
    reg [7:0]   rrem;        // GPR rows still to present (S_READ)
    reg [2:0]   rprev;       // the row presented last cycle, captured now
    reg         rvalid;
    reg [31:0]  lrem;        // lanes still to execute (S_EXEC)
    reg         gpr_beat_done;
    reg [1:0]   hidden_store; // fault 8: 1 the unreported second write is under way, 2 done
    reg [7:0]   stray_reg;
    reg [4:0]   stray_lane;
    reg [31:0]  stray_val;
    reg [5:0]   bs_e;        // BSYNC: matching stack entry

    integer i, j;

    // ------------------------------------------------------------------ decode
    wire [7:0] opt = ir[7:0];
    wire [3:0] st  = ir[11:8];
    wire [7:0] rd  = ir[23:16];
    wire [7:0] ra  = ir[31:24];
    wire [WB-1:0] cwi = cw[WB-1:0];

    wire is_alu = (opt >= 8'h11 && opt <= 8'h15) || (opt >= 8'h30 && opt <= 8'h44);
    wire is_mem = (opt == OP_LDG) || (opt == OP_STG) || (opt == OP_LDC);
    wire [2:0] mem_words = (ir[81:80] == 2'd0) ? 3'd1 : (ir[81:80] == 2'd1) ? 3'd2 : 3'd4;

    // operand slots B and C: kind and register/UR number
    reg [2:0] bk, ck;
    reg [7:0] bsel, csel;    // GPR number (R) or UR number (U)
    reg [2:0] bn;            // GPR words read for B (1, 2 or 4)
    reg       cwide;         // C is 64 bits (IMAD_WIDE)
    reg       bwide;         // B is 64 bits (MOV.64)
    reg       awide;         // A is a pair (LDG/STG address, MATCH.U64)
    always @(*) begin
        bk = SK_NONE; ck = SK_NONE; bsel = 8'd255; csel = 8'd255;
        case (st)
        4'd1, 4'd5:  begin bk = SK_R; bsel = ir[39:32]; end
        4'd2, 4'd6:  bk = SK_I;
        4'd3, 4'd7:  bk = SK_C;
        4'd4, 4'd8:  begin bk = SK_U; bsel = {2'b00, ir[37:32]}; end
        4'd9:        begin bk = SK_R; bsel = ir[39:32]; ck = SK_R; csel = ir[71:64]; end
        4'd10:       begin ck = SK_I; bk = SK_R; bsel = ir[71:64]; end
        4'd11:       begin bk = SK_I; ck = SK_R; csel = ir[71:64]; end
        4'd12:       begin ck = SK_C; bk = SK_R; bsel = ir[71:64]; end
        4'd13:       begin bk = SK_C; ck = SK_R; csel = ir[71:64]; end
        4'd14:       begin ck = SK_U; csel = {2'b00, ir[37:32]}; bk = SK_R; bsel = ir[71:64]; end
        4'd15:       begin bk = SK_U; bsel = {2'b00, ir[37:32]}; ck = SK_R; csel = ir[71:64]; end
        default: ;
        endcase
        if (opt == OP_SHFL) begin
            bk = (st == 4'd9 || st == 4'd10) ? SK_R : SK_I; bsel = ir[39:32];
            ck = (st == 4'd9 || st == 4'd11) ? SK_R : SK_I; csel = ir[71:64];
        end
        if (opt == OP_LDG || opt == OP_LDC || opt == OP_MOVM || opt == OP_REDUX || opt == OP_REDUXU ||
            opt == OP_MATCH || opt == OP_PLOP3 || opt == OP_SETGPR || opt == OP_GETGPR ||
            opt >= 8'h80) begin
            bk = SK_NONE; ck = SK_NONE;
        end
        if (opt == OP_STG) begin bk = SK_R; bsel = ir[71:64]; end
        bwide = (opt == OP_MOV) && ir[80];
        cwide = (opt == OP_IMAD_WIDE);
        awide = (opt == OP_LDG) || (opt == OP_STG) || (opt == OP_MATCH && ir[81]);
        bn = (opt == OP_STG) ? mem_words : bwide ? 3'd2 : 3'd1;
    end

    // SETGPR/GETGPR index: UINT32(URb) + sext(SImm9), valid 0..254
    wire [31:0] urb64 = (ir[69:64] == 6'd63) ? 32'd0 : ur_r[{cwi, ir[69:64]}];
    wire [33:0] gidx = {2'b00, urb64} + {{25{ir[40]}}, ir[40:32]};
    wire gidx_bad = gidx[33] || (gidx[32:0] > 33'd254);

    // a GPR row number for word k of a register tuple starting at r (255: zero)
    function automatic [7:0] rowof(input [7:0] r, input [2:0] k);
        reg [8:0] s;
        begin
            s = {1'b0, r} + {6'd0, k};
            rowof = (r == 8'd255 || s > 9'd254) ? 8'd255 : s[7:0];
        end
    endfunction

    function automatic tuple_bad(input [7:0] r, input [2:0] n);
        reg [8:0] s;
        begin
            s = {1'b0, r} + {6'd0, n} - 9'd1;
            tuple_bad = (r != 8'd255) && (n > 3'd1) &&
                        ((((r & ({5'd0, n} - 8'd1)) != 8'd0)) || s > 9'd254);
        end
    endfunction

    function automatic upair_bad(input [7:0] u);
        upair_bad = (u != 8'd63) && (u[0] || u >= 8'd62);
    endfunction

    // uniform register pair value
    function automatic [31:0] urv(input [WB-1:0] wv, input [7:0] u);
        urv = (u >= 8'd63) ? 32'd0 : ur_r[{wv, u[5:0]}];
    endfunction

    // special registers
    function automatic [31:0] sreg(input [7:0] id, input [4:0] l, input [6:0] wv, input [6:0] nw, input [63:0] clk64);
        case (id)
        8'h00: sreg = {27'd0, l};
        8'h01: sreg = {25'd0, wv};
        8'h02: sreg = {25'd0, nw};
        8'h08: sreg = {20'd0, wv, l};
        8'h0c: sreg = {20'd0, nw, 5'd0};
        8'h0d, 8'h0e, 8'h14, 8'h15, 8'h16: sreg = 32'd1;
        8'h20: sreg = clk64[31:0];
        8'h21: sreg = clk64[63:32];
        8'h28: sreg = 32'd1 << l;
        8'h29: sreg = (32'd1 << l) - 32'd1;
        8'h2a: sreg = (l == 5'd31) ? 32'hFFFFFFFF : ((32'd2 << l) - 32'd1);
        8'h2b: sreg = (l == 5'd31) ? 32'd0 : ~((32'd2 << l) - 32'd1);
        8'h2c: sreg = ~((32'd1 << l) - 32'd1);
        default: sreg = 32'd0;   // SR_TID_Y/Z, SR_CTAID_*: 0
        endcase
    endfunction

    function automatic sreg_ok(input [7:0] id);
        case (id)
        8'h00, 8'h01, 8'h02, 8'h08, 8'h09, 8'h0a, 8'h0c, 8'h0d, 8'h0e, 8'h10, 8'h11, 8'h12,
        8'h14, 8'h15, 8'h16, 8'h20, 8'h21, 8'h28, 8'h29, 8'h2a, 8'h2b, 8'h2c: sreg_ok = 1'b1;
        default: sreg_ok = 1'b0;
        endcase
    endfunction

    // lowest set bit of m (0 when m is 0)
    function automatic [4:0] ctz(input [31:0] m);
        reg [31:0] x;
        begin
            x = m; ctz = 5'd0;
            if (m != 32'd0) begin
                if (x[15:0] == 16'd0) begin ctz[4] = 1'b1; x = x >> 16; end
                if (x[7:0] == 8'd0) begin ctz[3] = 1'b1; x = x >> 8; end
                if (x[3:0] == 4'd0) begin ctz[2] = 1'b1; x = x >> 4; end
                if (x[1:0] == 2'd0) begin ctz[1] = 1'b1; x = x >> 2; end
                if (x[0] == 1'b0) ctz[0] = 1'b1;
            end
        end
    endfunction

    function automatic [2:0] ctz8(input [7:0] m);
        reg [7:0] x;
        begin
            x = m; ctz8 = 3'd0;
            if (m != 8'd0) begin
                if (x[3:0] == 4'd0) begin ctz8[2] = 1'b1; x = x >> 4; end
                if (x[1:0] == 2'd0) begin ctz8[1] = 1'b1; x = x >> 2; end
                if (x[0] == 1'b0) ctz8[0] = 1'b1;
            end
        end
    endfunction

    // a predicate register's lane mask (PT = all ones) with optional not
    function automatic [31:0] pmask(input [WB-1:0] wv, input [2:0] p, input inv);
        reg [31:0] m;
        begin
            m = (p == 3'd7) ? 32'hFFFFFFFF : pred_r[{wv, p}];
            pmask = inv ? ~m : m;
        end
    endfunction

    // ------------------------------------------------------------------ legality
    wire legal;
    gpu_legal u_legal (.w(ir), .legal(legal));

    // ------------------------------------------------------------------ per-lane operands
    wire [31:0] a0_l = opr[0][ln * 32 +: 32];
    wire [31:0] a1_l = opr[1][ln * 32 +: 32];
    wire [63:0] A_l = {a1_l, a0_l};
    // (SHFL's register operands: lane in B, clamp and segment mask in C)
    wire [4:0]  B_l = opr[2][ln * 32 +: 5];
    wire [4:0]  C_l = opr[6][ln * 32 +: 5];
    wire [4:0]  C_seg = opr[6][ln * 32 + 8 +: 5];

    // ------------------------------------------------------------------ the lane ALU
    // (one, used lane by lane in S_EXEC: 32 of them computing a warp in one
    // cycle simulate more slowly in Verilator, which evaluates all every cycle)
    reg  [6:0]  p_l;
    always @(*) for (i = 0; i < 7; i = i + 1) p_l[i] = pred_r[{cwi, i[2:0]}][ln];
    wire [31:0] alu_d0, alu_d1;
    wire        alu_d0_en, alu_d1_en;
    wire [6:0]  alu_pwe, alu_pwv;
    gpu_alu u_alu (.en((state == S_EXEC) && is_alu), .w(ir),
                   .A(A_l),
                   .B((bk == SK_R) ? {opr[3][ln * 32 +: 32], opr[2][ln * 32 +: 32]} : ub),
                   .C((ck == SK_R) ? {opr[7][ln * 32 +: 32], opr[6][ln * 32 +: 32]} : uc),
                   .p(p_l), .up(upred_r[cwi]),
                   .d0(alu_d0), .d1(alu_d1), .d0_en(alu_d0_en), .d1_en(alu_d1_en),
                   .pwe(alu_pwe), .pwv(alu_pwv));

    // ------------------------------------------------------------------ warp-wide values
    wire [31:0] ppm = exec & pmask(cwi, ir[100:98], ir[101]);   // lanes of S whose pp holds
    wire [4:0]  lead = ctz(exec);
    reg  [31:0] redux_v;
    reg  [31:0] vote_ballot;
    reg         vote_res;
    reg  [31:0] elect_c;
    reg  [31:0] match_eq;      // lanes of S whose Ra equals this lane's
    reg         match_all;
    reg  [31:0] x_v;
    reg         x_ok;
    always @(*) begin
        // REDUX over S
        case (ir[82:80])
        3'd0: redux_v = 32'hFFFFFFFF;
        3'd1, 3'd2, 3'd3: redux_v = 32'd0;
        3'd4: redux_v = ir[83] ? 32'h80000000 : 32'd0;
        default: redux_v = ir[83] ? 32'h7FFFFFFF : 32'hFFFFFFFF;
        endcase
        // (the warp-wide loops below run only for the instruction that uses them:
        // the values are don't-cares otherwise, and the simulation is faster)
        if (opt == OP_REDUX || opt == OP_REDUXU) for (i = 0; i < 32; i = i + 1) if (exec[i]) begin
            x_v = opr[0][i * 32 +: 32];
            case (ir[82:80])
            3'd0: redux_v = redux_v & x_v;
            3'd1: redux_v = redux_v | x_v;
            3'd2: redux_v = redux_v ^ x_v;
            3'd3: redux_v = redux_v + x_v;
            3'd4: if (ir[83] ? ($signed(x_v) > $signed(redux_v)) : (x_v > redux_v)) redux_v = x_v;
            default: if (ir[83] ? ($signed(x_v) < $signed(redux_v)) : (x_v < redux_v)) redux_v = x_v;
            endcase
        end
        x_v = 32'd0;
        // VOTE
        vote_ballot = ppm;
        case (ir[81:80])
        2'd0: vote_res = (ppm != 32'd0);
        2'd1: vote_res = (ppm == exec);
        default: vote_res = (ppm == exec) || (ppm == 32'd0);
        endcase
        // ELECT candidates
        if (st == 4'd4) elect_c = exec & (ir[97] ? ~ub[31:0] : ub[31:0]);
        else elect_c = ppm;
        // MATCH
        match_eq = 32'd0;
        if (opt == OP_MATCH) for (i = 0; i < 32; i = i + 1)
            if (exec[i] && opr[0][i * 32 +: 32] == a0_l && (!ir[81] || opr[1][i * 32 +: 32] == a1_l))
                match_eq[i] = 1'b1;
        match_all = 1'b1;
        x_ok = 1'b0;
        if (opt == OP_MATCH) for (i = 0; i < 32; i = i + 1) if (exec[i]) begin
            if (x_ok && (opr[0][i * 32 +: 32] != opr[0][lead * 32 +: 32] ||
                         (ir[81] && opr[1][i * 32 +: 32] != opr[1][lead * 32 +: 32])))
                match_all = 1'b0;
            x_ok = 1'b1;
        end
        x_ok = 1'b0;
    end

    // SHFL for the current lane
    reg [31:0] shfl_v;
    reg        shfl_pu;
    reg [6:0]  shfl_j;
    reg [4:0]  sh_b, sh_c, sh_seg, sh_max, sh_min;
    always @(*) begin
        sh_b = (bk == SK_R) ? B_l : ir[57:53];
        sh_c = (ck == SK_R) ? C_l : ir[44:40];
        sh_seg = (ck == SK_R) ? C_seg : ir[52:48];
        sh_max = (ln & sh_seg) | (sh_c & ~sh_seg);
        sh_min = ln & sh_seg;
        case (ir[81:80])
        2'd0: begin shfl_j = {2'b00, sh_min | (sh_b & ~sh_seg)}; shfl_pu = shfl_j <= {2'b00, sh_max}; end
        2'd1: begin shfl_j = {2'b00, ln} - {2'b00, sh_b}; shfl_pu = $signed(shfl_j) >= $signed({2'b00, sh_max}); end
        2'd2: begin shfl_j = {2'b00, ln} + {2'b00, sh_b}; shfl_pu = shfl_j <= {2'b00, sh_max}; end
        default: begin shfl_j = {2'b00, ln ^ sh_b}; shfl_pu = shfl_j <= {2'b00, sh_max}; end
        endcase
        shfl_v = shfl_pu ? opr[0][shfl_j[4:0] * 32 +: 32] : a0_l;
    end

    // MOVM for the current lane
    wire [2:0] mv_r = ln[4:2];
    wire [4:0] mv_s0 = {ln[1:0], 1'b0, 2'b00} + {3'd0, mv_r[2:1]};   // 4*c + r/2, c = 2*(L&3)
    wire [4:0] mv_s1 = {ln[1:0], 1'b1, 2'b00} + {3'd0, mv_r[2:1]};   // c = 2*(L&3)+1
    wire [31:0] mv_w0 = opr[0][mv_s0 * 32 +: 32];
    wire [31:0] mv_w1 = opr[0][mv_s1 * 32 +: 32];
    wire [31:0] movm_v = {mv_r[0] ? mv_w1[31:16] : mv_w1[15:0], mv_r[0] ? mv_w0[31:16] : mv_w0[15:0]};

    // memory addresses for the current lane
    wire [63:0] g_addr = A_l + {{40{ir[55]}}, ir[55:32]};
    wire [31:0] c_off = a0_l + {{16{ir[47]}}, ir[47:32]};
    wire [4:0]  m_bytes = {mem_words, 2'b00};
    wire [64:0] g_end = {1'b0, g_addr} + {60'd0, m_bytes};
    wire g_misal = (mem_words == 3'd2) ? (g_addr[2:0] != 3'd0) : (mem_words == 3'd4) ? (g_addr[3:0] != 4'd0) : (g_addr[1:0] != 2'd0);
    wire g_range = (g_addr[63:48] != 16'd0) || (g_end > 65'h1000000000000);
    wire c_misal = (mem_words == 3'd2) ? (c_off[2:0] != 3'd0) : (mem_words == 3'd4) ? (c_off[3:0] != 4'd0) : (c_off[1:0] != 2'd0);
    wire c_range = ({1'b0, c_off} + {28'd0, m_bytes}) > 33'h10000;

    // S_READ: the next row to present
    wire [2:0] rnext = ctz8(rrem);

    // S_EXEC: the lanes left once this one is done, and the next of them
    wire [31:0] lrem_n = lrem & ~(32'd1 << ln);
    wire [4:0]  ln_n = ctz(lrem_n);

    // fault kinds: fw/core/include/fw/faults.h, generated by hdl_stubs/faults.cmake
    `include "gpu_faults.vh"

    // fault injection
    wire armed = (fault_kind != FAULT_NONE) && !fault_fired && (retire_cnt >= {32'd0, fault_at});
    wire [7:0] fparam1 = (fault_param == 8'd0) ? 8'd1 : fault_param;

    // the next GPR beat, the lowest bit of wbr (with faults 1 and 2 applied)
    wire [1:0]  wb_k = (wbr[31:0] != 32'd0) ? 2'd0 : (wbr[63:32] != 32'd0) ? 2'd1 :
                       (wbr[95:64] != 32'd0) ? 2'd2 : 2'd3;
    wire [4:0]  wb_l0 = ctz(wbr[wb_k * 32 +: 32]);
    wire        wb_set = (wbr != 128'd0);
    // the next predicate / uniform predicate beat
    wire [2:0]  pr_i = ctz8({1'b0, prr});
    wire [2:0]  up_i = ctz8({1'b0, upr});
    wire        wb_f1 = armed && fault_kind == FAULT_WRONG_LANE && !gpr_beat_done;
    wire        wb_f2 = armed && fault_kind == FAULT_FLIP_BIT && !gpr_beat_done;
    wire [4:0]  wb_l = wb_f1 ? (wb_l0 ^ fparam1[4:0] ^ {4'd0, fparam1[4:0] == 5'd0}) : wb_l0;
    wire [31:0] wb_v = resv[wb_k][wb_l0 * 32 +: 32] ^ (wb_f2 ? (32'd1 << fault_param[4:0]) : 32'd0);

    // the store word at pos (lane pos[4:0], word wi)
    wire [63:0] st_a = st_addr[pos[4:0]] + {59'd0, wi, 2'b00};
    wire [31:0] st_d = opr[3'd2 + wi][pos[4:0] * 32 +: 32];

    // the guard applied to the active lanes (valid in S_DEC; exec afterwards)
    wire [31:0] guard_m = active & pmask(cwi, ir[14:12], ir[15]);

    // BSYNC: the matching region, innermost first
    reg [5:0] bs_found;
    always @(*) begin
        bs_found = 6'h3f;
        if (opt == OP_BSYNC) for (i = 0; i < 32; i = i + 1)
            if (i < depth[cwi] && stk_t[{cwi, i[4:0]}] == cpc && (stk_m[{cwi, i[4:0]}] & guard_m) != 32'd0)
                bs_found = {1'b0, i[4:0]};
    end

    // release check: the innermost region whose live members have all arrived
    reg [5:0] rel_found;
    always @(*) begin
        rel_found = 6'h3f;
        if (state == S_REL) for (i = 0; i < 32; i = i + 1)
            if (i < depth[cwi] && ((stk_m[{cwi, i[4:0]}] & ~st_exit[cwi] & ~stk_a[{cwi, i[4:0]}]) == 32'd0))
                rel_found = {1'b0, i[4:0]};
    end

    // round-robin pick
    reg [6:0] pick_w;
    reg       pick_ok, pick_dead;
    reg [6:0] dead_w;
    reg [6:0] cand;
    always @(*) begin
        pick_ok = 1'b0; pick_dead = 1'b0; pick_w = 7'd0; dead_w = 7'd0; cand = 7'd0;
        for (i = 0; i < NW; i = i + 1) begin
            cand = next_warp + i[6:0];
            if (cand >= nwarps) cand = cand - nwarps;
            if (i < nwarps && !pick_ok) begin
                if ((~st_wait[cand[WB-1:0]] & ~st_exit[cand[WB-1:0]]) != 32'd0) begin
                    pick_ok = 1'b1; pick_w = cand;
                end else if (st_wait[cand[WB-1:0]] != 32'd0 && !pick_dead) begin
                    pick_dead = 1'b1; dead_w = cand;
                end
            end
        end
    end

    // lowest PC of the ready lanes of warp cw and the lanes there
    reg [63:0] min_pc;
    reg [31:0] min_mask;
    reg [63:0] dead_pc;
    always @(*) begin
        min_pc = 64'hFFFFFFFFFFFFFFFF; min_mask = 32'd0; dead_pc = 64'd0;
        if (state == S_MINPC) for (i = 0; i < 32; i = i + 1) begin
            if (!st_wait[cwi][i] && !st_exit[cwi][i]) begin
                if (lpc[{cwi, i[4:0]}] < min_pc) begin
                    min_pc = lpc[{cwi, i[4:0]}]; min_mask = 32'd1 << i;
                end else if (lpc[{cwi, i[4:0]}] == min_pc) min_mask[i] = 1'b1;
            end
            if (st_wait[cwi][i]) dead_pc = lpc[{cwi, i[4:0]}];
        end
    end

    reg all_exited;
    always @(*) begin
        all_exited = 1'b1;
        for (i = 0; i < NW; i = i + 1) if (i < nwarps && st_exit[i] != 32'hFFFFFFFF) all_exited = 1'b0;
    end

    assign done = launched && all_exited;
    assign busy = (state != S_IDLE);

    // ------------------------------------------------------------------ retire port
    always @(*) begin
        rt_valid = 1'b0; rt_kind = K_HEAD; rt_warp = cw; rt_pc = 64'd0; rt_insn = 128'd0;
        rt_mask_a = 32'd0; rt_mask_b = 32'd0; rt_index = 8'd0; rt_lane = 5'd0; rt_data = 32'd0;
        rt_status = 8'd0;
        case (state)
        S_HEAD: begin
            rt_valid = 1'b1; rt_kind = K_HEAD; rt_pc = cpc; rt_insn = ir;
            rt_mask_a = active; rt_mask_b = exec;
        end
        S_WB: begin
            rt_valid = wb_set; rt_kind = K_GPR; rt_index = resr[wb_k]; rt_lane = wb_l; rt_data = wb_v;
        end
        S_STRAY: begin
            // kind 7: written, not reported
            rt_valid = (fault_kind != FAULT_HIDDEN_WRITE); rt_kind = K_GPR; rt_index = stray_reg; rt_lane = stray_lane; rt_data = stray_val;
        end
        S_PRED: if (prr != 7'd0 && !(armed && fault_kind == FAULT_DROP_PRED)) begin
            rt_valid = 1'b1; rt_kind = K_PRED; rt_index = {5'd0, pr_i};
            rt_mask_a = pst_m[pr_i]; rt_mask_b = pst_v[pr_i] & pst_m[pr_i];
        end
        S_UR: if (urs_en) begin
            rt_valid = 1'b1; rt_kind = K_UR; rt_index = {2'b00, urs_i}; rt_data = urs_v;
        end
        S_UP: if (upr != 7'd0) begin
            rt_valid = 1'b1; rt_kind = K_UPRED; rt_index = {5'd0, up_i}; rt_data = {31'd0, ups_v[up_i]};
        end
        S_ST: if (!mem_req && st_mask[pos[4:0]] && pos[5] == 1'b1 && hidden_store == 2'd0) begin
            // beat after the write completed (pos[5] marks "written")
            rt_valid = 1'b1; rt_kind = K_MEM; rt_index = {5'd0, wi}; rt_lane = pos[4:0];
            rt_pc = mem_addr; rt_data = mem_wdata;
        end
        S_END: begin
            rt_valid = 1'b1; rt_kind = K_END; rt_mask_b = exit_m;
            rt_mask_a = br_mask; rt_pc = br_tgt;
            rt_status = (trap != 8'd0) ? 8'd1 : unimpl ? 8'd2 : 8'd0;
            rt_data = {24'd0, trap};
        end
        default: ;
        endcase
    end

    // ------------------------------------------------------------------ GPR memory
    reg          gpr_we, gpr_clr;
    reg [WB+7:0] gpr_waddr;
    reg [4:0]    gpr_wlane;
    reg [31:0]   gpr_wdata;
    always @(posedge clk) begin
        gpr_q <= gpr_mem[gpr_raddr];
        if (gpr_clr) gpr_mem[gpr_waddr] <= 1024'd0;
        else if (gpr_we) gpr_mem[gpr_waddr][gpr_wlane * 32 +: 32] <= gpr_wdata;
    end

    always @(posedge clk) begin
        if (imem_we) imem[imem_addr] <= imem_wdata;
    end

    // ------------------------------------------------------------------ backdoor read mux
    reg [31:0] bd_val;
    reg [WB-1:0] bwi;
    always @(*) begin
        bwi = bd_warp[WB-1:0];
        bd_val = 32'd0;
        case (bd_space)
        4'd1: bd_val = (bd_index >= 8'd7) ? 32'hFFFFFFFF : pred_r[{bwi, bd_index[2:0]}];
        4'd2: bd_val = (bd_index >= 8'd63) ? 32'd0 : ur_r[{bwi, bd_index[5:0]}];
        4'd3: bd_val = {25'd0, upred_r[bwi]};
        4'd4: bd_val = lpc[{bwi, bd_lane}][31:0];
        4'd5: bd_val = lpc[{bwi, bd_lane}][63:32];
        4'd6: bd_val = st_exit[bwi][bd_lane] ? 32'd2 : st_wait[bwi][bd_lane] ? 32'd1 : 32'd0;
        4'd7: case (bd_index)
              8'd0: bd_val = retire_cnt[31:0];
              8'd1: bd_val = {26'd0, depth[bwi]};
              8'd2: bd_val = {25'd0, next_warp};
              8'd3: bd_val = {31'd0, halt};
              8'd4: bd_val = wclk[bwi][31:0];
              8'd5: bd_val = wclk[bwi][63:32];
              8'd6: bd_val = {15'd0, code_count};
              8'd7: bd_val = {25'd0, nwarps};
              default: bd_val = 32'd0;
              endcase
        4'd8: case (bd_index)
              8'd0: bd_val = NW;
              8'd1: bd_val = 32'd32;
              default:
                  if (bd_index >= 8'd2 && bd_index <= 8'd9)
                      for (j = 0; j < 32; j = j + 1)
                          bd_val[j] = implemented({bd_index[2:0] - 3'd2, j[4:0]});
              endcase
        4'd9: case (bd_index)
              8'd0: bd_val = {24'd0, fault_kind};
              8'd1: bd_val = fault_at;
              8'd2: bd_val = {24'd0, fault_param};
              8'd3: bd_val = {31'd0, fault_fired};
              default: bd_val = 32'd0;
              endcase
        4'd10: case (bd_index[1:0])
              2'd0: bd_val = stk_t[{bwi, bd_index[6:2]}][31:0];
              2'd1: bd_val = stk_t[{bwi, bd_index[6:2]}][63:32];
              2'd2: bd_val = stk_m[{bwi, bd_index[6:2]}];
              default: bd_val = stk_a[{bwi, bd_index[6:2]}];
              endcase
        default: ;
        endcase
    end

    // GPR port control
    always @(*) begin
        gpr_raddr = {cwi, rrow[rnext]};
        gpr_we = 1'b0; gpr_clr = 1'b0; gpr_waddr = {cwi, 8'd0}; gpr_wlane = 5'd0; gpr_wdata = 32'd0;
        case (state)
        S_CLR: begin gpr_clr = 1'b1; gpr_waddr = clr_cnt[WB+7:0]; end
        S_IDLE, S_BDRD: begin
            gpr_raddr = {bwi, bd_index};
            if (state == S_IDLE && bd_req && !bd_gap && !bd_ack && bd_we && bd_space == 4'd0 && bd_index != 8'd255) begin
                gpr_we = 1'b1; gpr_waddr = {bwi, bd_index}; gpr_wlane = bd_lane; gpr_wdata = bd_wdata;
            end
        end
        S_WB: if (wb_set && rt_ready) begin
            gpr_we = 1'b1; gpr_waddr = {cwi, resr[wb_k]}; gpr_wlane = wb_l; gpr_wdata = wb_v;
        end
        S_STRAY: if (rt_ready || fault_kind == FAULT_HIDDEN_WRITE) begin
            gpr_we = 1'b1; gpr_waddr = {cwi, stray_reg}; gpr_wlane = stray_lane; gpr_wdata = stray_val;
        end
        default: ;
        endcase
    end

    // the GPR rows the instruction reads (255: none), set up in S_DEC
    reg [7:0] rrow_d [0:7];
    always @(*) begin
        for (i = 0; i < 8; i = i + 1) rrow_d[i] = 8'd255;
        if (state == S_DEC) begin           // (used in S_DEC only)
        rrow_d[0] = (opt == OP_GETGPR) ? gidx[7:0] : ra;
        rrow_d[1] = awide ? rowof(ra, 3'd1) : 8'd255;
        if (bk == SK_R) for (i = 0; i < 4; i = i + 1) if (i < bn) rrow_d[2 + i] = rowof(bsel, i[2:0]);
        if (ck == SK_R) begin
            rrow_d[6] = csel;
            rrow_d[7] = cwide ? rowof(csel, 3'd1) : 8'd255;
        end
        end
    end

    // ------------------------------------------------------------------ the FSM
    reg [6:0]  pwe_l, pwv_l;
    reg [31:0] gv0, gv1;
    reg        ge0, ge1;
    // S_DEC checks, in the model's order (0: none)
    reg [7:0] chk;
    always @(*) begin
        chk = 8'd0;
        if (state != S_DEC) chk = 8'd0;     // (used in S_DEC only)
        else if (!legal) chk = T_ILLEGAL_ENCODING;
        else if (implemented(opt)) begin
            if ((opt == OP_IMAD && ir[75] != ir[76]) ||
                (opt == OP_LEA && !(ir[76:75] == 2'b00 && !ir[80]) && ir[76:75] != 2'b11) ||
                ((opt == OP_ISETP || opt == OP_ISET) && (ir[81:79] > 3'd5 || ir[83:82] == 2'd3)) ||
                (opt == OP_LOP3 && ir[80]) ||
                (opt == OP_PRMT && ir[78:76] == 3'd7) ||
                ((opt == OP_VOTE || opt == OP_VOTEU) && ir[81:80] == 2'd3) ||
                ((opt == OP_REDUX || opt == OP_REDUXU) && (ir[82:80] > 3'd5 || ir[84]))) chk = T_ILLEGAL_INSTRUCTION;
            else if (guard_m != 32'd0) begin
                if ((opt == OP_S2R || opt == OP_S2UR) && !sreg_ok(ir[39:32])) chk = T_ILLEGAL_INSTRUCTION;
                else if ((bk == SK_C || ck == SK_C) &&
                         (ir[53] || ir[33:32] != 2'd0 || ir[47:32] > 16'hfffc ||
                          ((bwide || cwide) && ir[47:32] > 16'hfff8))) chk = T_CONST_OUT_OF_RANGE;
                else if ((bwide && bk == SK_U && upair_bad(bsel)) || (cwide && ck == SK_U && upair_bad(csel)))
                    chk = T_MISALIGNED_REGISTER;
                else if ((bwide && bk == SK_R && tuple_bad(bsel, 3'd2)) || (cwide && ck == SK_R && tuple_bad(csel, 3'd2)) ||
                         (awide && tuple_bad(ra, 3'd2)) || (opt == OP_STG && tuple_bad(bsel, mem_words)) ||
                         ((bwide || cwide) && tuple_bad(rd, 3'd2)) ||
                         ((opt == OP_LDG || opt == OP_LDC) && tuple_bad(rd, mem_words)))
                    chk = T_MISALIGNED_REGISTER;
                else if ((opt == OP_SETGPR || opt == OP_GETGPR) && gidx_bad) chk = T_REGISTER_INDEX;
                else if (opt == OP_BSSY && depth[cwi] == 6'd32) chk = T_STACK_OVERFLOW;
                else if (opt == OP_BSYNC && bs_found == 6'h3f) chk = T_ILLEGAL_BSYNC;
            end
        end
    end

    // the current lane's results (S_EXEC)
    always @(*) begin
        gv0 = 32'd0; gv1 = 32'd0; ge0 = 1'b0; ge1 = 1'b0; pwe_l = 7'd0; pwv_l = 7'd0;
        if (state != S_EXEC) ;              // (used in S_EXEC only)
        else if (is_alu) begin
            gv0 = alu_d0; gv1 = alu_d1; ge0 = alu_d0_en; ge1 = alu_d1_en; pwe_l = alu_pwe; pwv_l = alu_pwv;
        end else begin
            ge0 = 1'b1;
            case (opt)
            OP_SETGPR: gv0 = a0_l;
            OP_GETGPR: gv0 = a0_l;
            OP_S2R:    gv0 = sreg(ir[39:32], ln, cw, nwarps, wclk[cwi]);
            OP_SHFL:   begin gv0 = shfl_v; pwe_l[ir[108:106]] = 1'b1; pwv_l[ir[108:106]] = shfl_pu; end
            OP_MOVM:   gv0 = movm_v;
            OP_VOTE:   begin gv0 = vote_ballot; pwe_l[ir[108:106]] = 1'b1; pwv_l[ir[108:106]] = vote_res; end
            OP_REDUX:  gv0 = redux_v;
            OP_MATCH:  begin
                gv0 = ir[80] ? (match_all ? exec : 32'd0) : match_eq;
                pwe_l[ir[108:106]] = 1'b1; pwv_l[ir[108:106]] = ir[80] && match_all;
            end
            OP_ELECT, OP_ELECTU: begin
                gv0 = (elect_c == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(elect_c)};
                pwe_l[ir[108:106]] = 1'b1; pwv_l[ir[108:106]] = (elect_c != 32'd0) && (ln == ctz(elect_c));
                if (opt == OP_ELECTU) ge0 = 1'b0;
            end
            default: ge0 = 1'b0;   // VOTEU, REDUXU, R2UR: uniform only
            endcase
            if (ir[108:106] == 3'd7) pwe_l = 7'd0;
        end
    end

    // branch target with fault 5 applied
    wire       f5 = (opt == OP_BRA) && exec != 32'd0 && armed && fault_kind == FAULT_WRONG_BRANCH;
    wire [63:0] tgt = cpc + 64'd16 + {{32{ir[63]}}, ir[63:32]} + (f5 ? {52'd0, fparam1, 4'd0} : 64'd0);

    always @(posedge clk) begin
        bd_ack <= 1'b0;
        bd_gap <= bd_ack;
        if (step && !run) step_pend <= 1'b1;
        if (imem_we && ({1'b0, imem_addr} + 17'd1) > code_count) code_count <= {1'b0, imem_addr} + 17'd1;

        if (!rst_n) begin
            state <= S_CLR; clr_cnt <= 0;
            code_count <= 17'd0; launched <= 1'b0; halt <= 1'b0; step_pend <= 1'b0;
            nwarps <= 7'd1; next_warp <= 7'd0; retire_cnt <= 64'd0;
            fault_kind <= 8'd0; fault_param <= 8'd0; fault_at <= 32'd0; fault_fired <= 1'b0;
            hidden_store <= 2'd0;
            mem_req <= 1'b0; mem_we <= 1'b0; mem_space <= 1'b0; mem_bank <= 5'd0; mem_addr <= 64'd0;
            mem_wdata <= 32'd0; bd_rdata <= 32'd0; bd_gap <= 1'b0;
            for (i = 0; i < NW * 8; i = i + 1) pred_r[i] <= 32'd0;
            for (i = 0; i < NW; i = i + 1)
                for (j = 0; j < 32; j = j + 1) begin
                    ur_r[i * 64 + j] <= 32'd0; ur_r[i * 64 + 32 + j] <= 32'd0;
                    lpc[i * 32 + j] <= 64'd0; stk_t[i * 32 + j] <= 64'd0;
                    stk_m[i * 32 + j] <= 32'd0; stk_a[i * 32 + j] <= 32'd0;
                end
            for (i = 0; i < NW; i = i + 1) begin
                upred_r[i] <= 7'd0; st_wait[i] <= 32'd0; st_exit[i] <= 32'hFFFFFFFF;
                depth[i] <= 6'd0; wclk[i] <= 64'd0;
            end
            cw <= 7'd0; cpc <= 64'd0; ir <= 128'd0; active <= 32'd0; exec <= 32'd0; trap <= 8'd0;
            unimpl <= 1'b0; ln <= 5'd0; wi <= 3'd0; pos <= 6'd0; rcnt <= 4'd0; ccnt <= 2'd0;
            wbr <= 128'd0; prr <= 7'd0; upr <= 7'd0; rrem <= 8'd0; rprev <= 3'd0; rvalid <= 1'b0;
            lrem <= 32'd0;
            ub <= 64'd0; uc <= 64'd0; cw0 <= 32'd0; cw1 <= 32'd0; exit_m <= 32'd0; st_mask <= 32'd0;
            br_mask <= 32'd0; br_tgt <= 64'd0;
            urs_en <= 1'b0; urs_i <= 6'd0; urs_v <= 32'd0; ups_m <= 7'd0; ups_v <= 7'd0;
            gpr_beat_done <= 1'b0; stray_reg <= 8'd0; stray_lane <= 5'd0;
            stray_val <= 32'd0; bs_e <= 6'd0;
        end else begin
            case (state)
            // ---------------------------------------------------------------- reset sweep
            S_CLR: begin
                clr_cnt <= clr_cnt + 1'b1;
                if (clr_cnt == GPR_ROWS[WB+8:0] - 1'b1) state <= S_IDLE;
            end
            // ---------------------------------------------------------------- idle
            S_IDLE: begin
                if (!run) halt <= 1'b0;
                if (bd_req && !bd_gap && !bd_ack) begin
                    if (!bd_we && bd_space == 4'd0) state <= S_BDRD;
                    else begin
                        bd_ack <= 1'b1;
                        bd_rdata <= bd_val;
                        if (bd_we) case (bd_space)
                            4'd1: if (bd_index < 8'd7) pred_r[{bwi, bd_index[2:0]}] <= bd_wdata;
                            4'd2: if (bd_index < 8'd63) ur_r[{bwi, bd_index[5:0]}] <= bd_wdata;
                            4'd3: upred_r[bwi] <= bd_wdata[6:0];
                            4'd4: lpc[{bwi, bd_lane}][31:0] <= bd_wdata;
                            4'd5: lpc[{bwi, bd_lane}][63:32] <= bd_wdata;
                            4'd6: begin
                                st_wait[bwi][bd_lane] <= (bd_wdata[1:0] == 2'd1);
                                st_exit[bwi][bd_lane] <= (bd_wdata[1:0] == 2'd2);
                            end
                            4'd7: case (bd_index)
                                8'd1: depth[bwi] <= (bd_wdata > 32'd32) ? 6'd32 : bd_wdata[5:0];
                                8'd2: next_warp <= bd_wdata[6:0];
                                8'd4: wclk[bwi][31:0] <= bd_wdata;
                                8'd5: wclk[bwi][63:32] <= bd_wdata;
                                default: ;
                                endcase
                            4'd9: case (bd_index)
                                8'd0: begin fault_kind <= bd_wdata[7:0]; fault_fired <= 1'b0; end
                                8'd1: fault_at <= bd_wdata;
                                8'd2: fault_param <= bd_wdata[7:0];
                                default: ;
                                endcase
                            4'd10: case (bd_index[1:0])
                                2'd0: stk_t[{bwi, bd_index[6:2]}][31:0] <= bd_wdata;
                                2'd1: stk_t[{bwi, bd_index[6:2]}][63:32] <= bd_wdata;
                                2'd2: stk_m[{bwi, bd_index[6:2]}] <= bd_wdata;
                                default: stk_a[{bwi, bd_index[6:2]}] <= bd_wdata;
                                endcase
                            default: ;
                        endcase
                    end
                end else if (launch) begin
                    launched <= 1'b1; halt <= 1'b0; step_pend <= 1'b0;
                    nwarps <= (launch_warps == 7'd0) ? 7'd1 : (launch_warps > NW[6:0]) ? NW[6:0] : launch_warps;
                    next_warp <= 7'd0; retire_cnt <= 64'd0; fault_fired <= 1'b0;
                    for (i = 0; i < NW; i = i + 1) begin
                        st_wait[i] <= 32'd0;
                        st_exit[i] <= (i[6:0] < launch_warps || (i == 0)) ? 32'd0 : 32'hFFFFFFFF;
                        depth[i] <= 6'd0; wclk[i] <= 64'd0;
                    end
                    for (i = 0; i < NW; i = i + 1)
                        for (j = 0; j < 32; j = j + 1) lpc[i * 32 + j] <= launch_entry;
                end else if (launched && !all_exited && ((run && !halt) || step_pend)) begin
                    state <= S_PICK;
                end else if (step_pend && (!launched || all_exited)) begin
                    step_pend <= 1'b0;
                end
            end
            S_BDRD: begin
                bd_ack <= 1'b1;
                bd_rdata <= (bd_index == 8'd255) ? 32'd0 : gpr_q[bd_lane * 32 +: 32];
                state <= S_IDLE;
            end
            // ---------------------------------------------------------------- schedule
            S_PICK: begin
                step_pend <= 1'b0;
                trap <= 8'd0; unimpl <= 1'b0; exit_m <= 32'd0; ir <= 128'd0; active <= 32'd0;
                br_mask <= 32'd0; br_tgt <= 64'd0;
                exec <= 32'd0; gpr_beat_done <= 1'b0; st_mask <= 32'd0;
                urs_en <= 1'b0; ups_m <= 7'd0; ups_v <= 7'd0;
                for (i = 0; i < 4; i = i + 1) begin resm[i] <= 32'd0; resv[i] <= 1024'd0; resr[i] <= 8'd255; end
                for (i = 0; i < 7; i = i + 1) begin pst_m[i] <= 32'd0; pst_v[i] <= 32'd0; end
                if (pick_ok) begin
                    cw <= pick_w; state <= S_MINPC;
                end else if (pick_dead) begin
                    cw <= dead_w; trap <= T_DEADLOCK; state <= S_MINPC;
                end else state <= S_IDLE;
            end
            S_MINPC: begin
                if (trap != 8'd0) begin
                    cpc <= dead_pc; state <= S_HEAD;
                end else begin
                    cpc <= min_pc; active <= min_mask;
                    if (min_pc[3:0] != 4'd0 || min_pc[63:4] >= {43'd0, code_count}) begin
                        trap <= T_PC_OUT_OF_RANGE; state <= S_HEAD;
                    end else state <= S_FETCH2;
                end
            end
            S_FETCH: state <= S_FETCH2;     // imem read (registered below)
            S_FETCH2: begin
                ir <= imem[cpc[19:4]];
                state <= S_DEC;
            end
            // ---------------------------------------------------------------- decode
            S_DEC: begin
                exec <= guard_m;
                for (i = 0; i < 8; i = i + 1) begin
                    rrow[i] <= rrow_d[i];
                    rrem[i] <= (rrow_d[i] != 8'd255);
                    opr[i] <= 1024'd0;       // rows not read (RZ, unused slots) stay 0
                end
                rvalid <= 1'b0;
                ub <= (bk == SK_I) ? {32'd0, ir[63:32]} :
                      (bk == SK_U) ? {bwide ? urv(cwi, bsel + 8'd1) : 32'd0, urv(cwi, bsel)} : 64'd0;
                uc <= (ck == SK_I) ? {32'd0, ir[63:32]} :
                      (ck == SK_U) ? {cwide ? urv(cwi, csel + 8'd1) : 32'd0, urv(cwi, csel)} : 64'd0;
                for (i = 0; i < 4; i = i + 1)
                    resr[i] <= (is_mem || bwide || cwide) ? rowof(rd, i[2:0]) : (i == 0 ? rd : 8'd255);
                if (opt == OP_SETGPR) resr[0] <= gidx[7:0];
                rcnt <= 4'd0; ccnt <= 2'd0;
                bs_e <= bs_found;
                if (chk != 8'd0) begin
                    trap <= chk;
                    if (chk == T_ILLEGAL_ENCODING) exec <= 32'd0;
                    state <= S_HEAD;
                end else if (!implemented(opt)) begin
                    unimpl <= 1'b1; state <= S_HEAD;
                end else if ((bk == SK_C || ck == SK_C) && guard_m != 32'd0) begin
                    state <= S_CONST;
                end else state <= S_READ;
            end
            // ---------------------------------------------------------------- constant words
            S_CONST: begin
                if (!mem_req) begin
                    mem_req <= 1'b1; mem_we <= 1'b0; mem_space <= 1'b1; mem_bank <= ir[52:48];
                    mem_addr <= {48'd0, ir[47:32]} + {61'd0, ccnt[0], 2'b00};
                end else if (mem_ack) begin
                    mem_req <= 1'b0;
                    if (mem_err) begin trap <= T_CONST_OUT_OF_RANGE; state <= S_HEAD; end
                    else if (ccnt == 2'd0) begin
                        cw0 <= mem_rdata;
                        if (bwide || cwide) ccnt <= 2'd1;
                        else begin ccnt <= 2'd2; cw1 <= 32'd0; state <= S_READ; end
                    end else begin
                        cw1 <= mem_rdata; ccnt <= 2'd2; state <= S_READ;
                    end
                end
            end
            // ---------------------------------------------------------------- GPR rows
            S_READ: begin
                // cycle n presents row n (gpr_raddr), cycle n+1 captures it
                if (rcnt == 4'd0) begin
                    if (bk == SK_C) ub <= {cw1, cw0};
                    if (ck == SK_C) uc <= {cw1, cw0};
                end
                rcnt <= 4'd1;
                if (rvalid) opr[rprev] <= gpr_q;
                if (rrem != 8'd0) begin
                    rprev <= rnext; rvalid <= 1'b1; rrem[rnext] <= 1'b0;
                end else rvalid <= 1'b0;
                if (rcnt != 4'd0 && rrem == 8'd0 && !rvalid) begin
                    // every row captured: the lanes, then the retire beats
                    ln <= ctz(exec); wi <= 3'd0; state <= S_EXEC;
                    lrem <= (is_alu || is_mem || opt == OP_SETGPR || opt == OP_GETGPR || opt == OP_S2R ||
                             (opt >= OP_SHFL && opt <= OP_ELECT)) ? exec : 32'd0;
                    // uniform results
                    if (exec != 32'd0) case (opt)
                    OP_R2UR:   begin urs_en <= 1'b1; urs_i <= rd[5:0]; urs_v <= opr[2][lead * 32 +: 32]; end
                    OP_S2UR:   begin urs_en <= 1'b1; urs_i <= rd[5:0]; urs_v <= sreg(ir[39:32], lead, cw, nwarps, wclk[cwi]); end
                    OP_VOTEU:  begin
                        urs_en <= 1'b1; urs_i <= rd[5:0]; urs_v <= vote_ballot;
                        if (ir[108:106] != 3'd7) begin ups_m[ir[108:106]] <= 1'b1; ups_v[ir[108:106]] <= vote_res; end
                    end
                    OP_REDUXU: begin urs_en <= 1'b1; urs_i <= rd[5:0]; urs_v <= redux_v; end
                    OP_ELECTU: begin urs_en <= 1'b1; urs_i <= rd[5:0]; urs_v <= (elect_c == 32'd0) ? 32'hFFFFFFFF : {27'd0, ctz(elect_c)}; end
                    default: ;
                    endcase
                    if (rd[5:0] == 6'd63 && (opt == OP_R2UR || opt == OP_S2UR || opt == OP_VOTEU || opt == OP_REDUXU || opt == OP_ELECTU))
                        urs_en <= 1'b0;
                end
            end
            // ---------------------------------------------------------------- lanes
            S_EXEC: begin
                // lane ln = the lowest of lrem (the executing lanes not done yet)
                if (lrem == 32'd0) state <= S_HEAD;
                else if (!is_mem) begin
                    if (ge0) begin resm[0][ln] <= 1'b1; resv[0][ln * 32 +: 32] <= gv0; end
                    if (ge1) begin resm[1][ln] <= 1'b1; resv[1][ln * 32 +: 32] <= gv1; end
                    for (i = 0; i < 7; i = i + 1) if (pwe_l[i]) begin
                        pst_m[i][ln] <= 1'b1; pst_v[i][ln] <= pwv_l[i];
                    end
                    lrem <= lrem_n; ln <= ln_n;
                    if (lrem_n == 32'd0) state <= S_HEAD;
                end else if (opt == OP_STG) begin
                    if (g_misal) begin trap <= T_MISALIGNED_ADDRESS; state <= S_HEAD; end
                    else if (g_range) begin trap <= T_MEMORY_RANGE; state <= S_HEAD; end
                    else begin
                        st_addr[ln] <= g_addr; st_mask[ln] <= 1'b1;
                        lrem <= lrem_n; ln <= ln_n;
                        if (lrem_n == 32'd0) state <= S_HEAD;
                    end
                end else begin
                    // LDG / LDC: word wi of this lane
                    if (!mem_req) begin
                        if (opt == OP_LDG && g_misal) begin trap <= T_MISALIGNED_ADDRESS; state <= S_HEAD; end
                        else if (opt == OP_LDG && g_range) begin trap <= T_MEMORY_RANGE; state <= S_HEAD; end
                        else if (opt == OP_LDC && c_misal) begin trap <= T_MISALIGNED_ADDRESS; state <= S_HEAD; end
                        else if (opt == OP_LDC && c_range) begin trap <= T_CONST_OUT_OF_RANGE; state <= S_HEAD; end
                        else begin
                            mem_req <= 1'b1; mem_we <= 1'b0;
                            mem_space <= (opt == OP_LDC); mem_bank <= ir[52:48];
                            mem_addr <= (opt == OP_LDC) ? ({32'd0, c_off} + {59'd0, wi, 2'b00})
                                                        : (g_addr + {59'd0, wi, 2'b00});
                        end
                    end else if (mem_ack) begin
                        mem_req <= 1'b0;
                        if (mem_err) begin
                            trap <= (opt == OP_LDC) ? T_CONST_OUT_OF_RANGE : T_MEMORY_RANGE; state <= S_HEAD;
                        end else begin
                            resm[wi[1:0]][ln] <= 1'b1; resv[wi[1:0]][ln * 32 +: 32] <= mem_rdata;
                            if (wi + 3'd1 == mem_words) begin
                                wi <= 3'd0; lrem <= lrem_n; ln <= ln_n;
                                if (lrem_n == 32'd0) state <= S_HEAD;
                            end else wi <= wi + 3'd1;
                        end
                    end
                end
            end
            // ---------------------------------------------------------------- retire
            S_HEAD: if (rt_ready) begin
                pos <= 6'd0;
                for (i = 0; i < 4; i = i + 1)
                    wbr[i * 32 +: 32] <= (resr[i] == 8'd255) ? 32'd0 : resm[i];
                for (i = 0; i < 7; i = i + 1) prr[i] <= (pst_m[i] != 32'd0);
                upr <= ups_m;
                state <= (trap != 8'd0 || unimpl) ? S_END : S_WB;
            end
            S_WB: begin
                if (!wb_set) state <= S_PRED;
                else if (rt_ready) begin
                    wbr[{wb_k, wb_l0}] <= 1'b0;
                    gpr_beat_done <= 1'b1;
                    if (wb_f1 || wb_f2) fault_fired <= 1'b1;
                    if (armed && (fault_kind == FAULT_STRAY_WRITE || fault_kind == FAULT_HIDDEN_WRITE) && !gpr_beat_done) begin
                        fault_fired <= 1'b1;
                        stray_reg <= ({1'b0, resr[wb_k]} + {1'b0, fparam1} >= 9'd255)
                                     ? (resr[wb_k] + fparam1 + 8'd1) : (resr[wb_k] + fparam1);
                        stray_lane <= wb_l; stray_val <= wb_v;
                        state <= S_STRAY;
                    end
                end
            end
            S_STRAY: if (rt_ready || fault_kind == FAULT_HIDDEN_WRITE) state <= S_WB;
            S_PRED: begin
                if (prr == 7'd0) state <= S_UR;
                else if (armed && fault_kind == FAULT_DROP_PRED) begin fault_fired <= 1'b1; prr[pr_i] <= 1'b0; end
                else if (rt_ready) begin
                    pred_r[{cwi, pr_i}] <= (pred_r[{cwi, pr_i}] & ~pst_m[pr_i]) | (pst_v[pr_i] & pst_m[pr_i]);
                    prr[pr_i] <= 1'b0;
                end
            end
            S_UR: begin
                if (!urs_en || rt_ready) begin
                    if (urs_en) ur_r[{cwi, urs_i}] <= urs_v;
                    pos <= 6'd0; state <= S_UP;
                end
            end
            S_UP: begin
                if (upr == 7'd0) begin
                    pos <= 6'd0; wi <= 3'd0; state <= (st_mask != 32'd0) ? S_ST : S_CTRL;
                end else if (rt_ready) begin
                    upred_r[cwi][up_i] <= ups_v[up_i];
                    upr[up_i] <= 1'b0;
                end
            end
            S_ST: begin
                // pos[4:0] lane, wi word; pos[5]: this word written, beat pending
                if (!st_mask[pos[4:0]]) begin
                    if (pos[4:0] == 5'd31) state <= S_CTRL;
                    pos <= {1'b0, pos[4:0] + 5'd1};
                end else if (!pos[5]) begin
                    if (!mem_req) begin
                        mem_req <= 1'b1; mem_we <= 1'b1; mem_space <= 1'b0; mem_bank <= 5'd0;
                        mem_addr <= st_a + ((armed && fault_kind == FAULT_WRONG_ADDRESS) ? {52'd0, fparam1, 4'd0} : 64'd0);
                        mem_wdata <= st_d;
                        if (armed && fault_kind == FAULT_WRONG_ADDRESS) fault_fired <= 1'b1;
                    end else if (mem_ack) begin
                        mem_req <= 1'b0; mem_we <= 1'b0;
                        if (mem_err && trap == 8'd0) trap <= T_MEMORY_RANGE;
                        pos[5] <= 1'b1;
                    end
                end else if (rt_ready && armed && fault_kind == FAULT_HIDDEN_STORE && hidden_store == 2'd0) begin
                    // the beat is out; now the unreported second write
                    fault_fired <= 1'b1; hidden_store <= 2'd1;
                    mem_req <= 1'b1; mem_we <= 1'b1; mem_addr <= mem_addr + {52'd0, fparam1, 4'd0};
                end else if (hidden_store == 2'd1) begin
                    if (mem_ack) begin mem_req <= 1'b0; mem_we <= 1'b0; hidden_store <= 2'd2; end
                end else if (rt_ready || hidden_store == 2'd2) begin
                    hidden_store <= 2'd0;
                    pos[5] <= 1'b0;
                    if (wi + 3'd1 == mem_words) begin
                        wi <= 3'd0;
                        if (pos[4:0] == 5'd31) state <= S_CTRL;
                        pos <= {1'b0, pos[4:0] + 5'd1};
                    end else wi <= wi + 3'd1;
                end
            end
            // ---------------------------------------------------------------- control flow
            S_CTRL: begin
                state <= S_END;
                // default: every active lane moves on
                for (i = 0; i < 32; i = i + 1) if (active[i]) lpc[{cwi, i[4:0]}] <= cpc + 64'd16;
                if (armed && fault_kind == FAULT_WRONG_LANE_PC && active != 32'd0 && opt != OP_BRA && opt != OP_EXIT &&
                    opt != OP_BSSY && opt != OP_BSYNC) begin
                    fault_fired <= 1'b1;
                    lpc[{cwi, ctz(active)}] <= cpc + 64'd16 + {52'd0, fparam1, 4'd0};
                end
                case (opt)
                OP_BRA: begin
                    if (f5) fault_fired <= 1'b1;
                    for (i = 0; i < 32; i = i + 1) if (exec[i]) lpc[{cwi, i[4:0]}] <= tgt;
                    br_mask <= exec;
                    br_tgt <= tgt;
                end
                OP_EXIT: begin
                    for (i = 0; i < 32; i = i + 1) if (exec[i]) lpc[{cwi, i[4:0]}] <= cpc;
                    st_exit[cwi] <= st_exit[cwi] | exec;
                    exit_m <= exec;
                    if (exec != 32'd0) state <= S_REL;
                end
                OP_BSSY: if (exec != 32'd0) begin
                    stk_t[{cwi, depth[cwi][4:0]}] <= tgt;
                    stk_m[{cwi, depth[cwi][4:0]}] <= exec;
                    stk_a[{cwi, depth[cwi][4:0]}] <= 32'd0;
                    depth[cwi] <= depth[cwi] + 6'd1;
                end
                OP_BSYNC: if (exec != 32'd0) begin
                    for (i = 0; i < 32; i = i + 1) begin
                        if (i > bs_e && i < depth[cwi]) stk_m[{cwi, i[4:0]}] <= stk_m[{cwi, i[4:0]}] & ~exec;
                        if (exec[i]) lpc[{cwi, i[4:0]}] <= cpc;
                    end
                    stk_a[{cwi, bs_e[4:0]}] <= stk_a[{cwi, bs_e[4:0]}] | exec;
                    st_wait[cwi] <= st_wait[cwi] | exec;
                    state <= S_REL;
                end
                default: ;
                endcase
            end
            S_REL: begin
                if (rel_found == 6'h3f) state <= S_END;
                else begin
                    for (i = 0; i < 32; i = i + 1)
                        if (stk_a[{cwi, rel_found[4:0]}][i] && st_wait[cwi][i]) begin
                            lpc[{cwi, i[4:0]}] <= stk_t[{cwi, rel_found[4:0]}] + 64'd16;
                        end
                    st_wait[cwi] <= st_wait[cwi] & ~stk_a[{cwi, rel_found[4:0]}];
                    for (i = 0; i < 31; i = i + 1)
                        if (i >= rel_found && i + 1 < depth[cwi]) begin
                            stk_t[{cwi, i[4:0]}] <= stk_t[{cwi, i[4:0]} + 1];
                            stk_m[{cwi, i[4:0]}] <= stk_m[{cwi, i[4:0]} + 1];
                            stk_a[{cwi, i[4:0]}] <= stk_a[{cwi, i[4:0]} + 1];
                        end
                    depth[cwi] <= depth[cwi] - 6'd1;
                end
            end
            S_END: if (rt_ready) begin
                if (trap == 8'd0) begin
                    wclk[cwi] <= wclk[cwi] + 64'd1;
                    retire_cnt <= retire_cnt + 64'd1;
                    next_warp <= (cw + 7'd1 >= nwarps) ? 7'd0 : cw + 7'd1;
                end
                if (trap != 8'd0 || unimpl) halt <= 1'b1;
                state <= S_IDLE;
            end
            default: state <= S_IDLE;
            endcase
        end
    end
endmodule
