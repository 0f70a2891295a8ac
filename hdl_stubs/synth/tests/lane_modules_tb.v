// lane_modules_tb: the execution stage built both ways, LANE_MODULES 0 (a
// unit is one module of all its lanes: what the simulators build) and 1 (an
// instance a lane: what the Yosys runs synthesize), fed the same random
// instructions and operands; every output must agree at every cycle. So the
// synthesized structure computes what the simulated one does. Two more
// builds take the integer and warp units in passes (PHYS_LANES 4 and 1, the
// board's form): cycle-insensitively, once every build is idle after an
// instruction, their results must equal the 32-lane form's. Prints
// "lane_modules: PASS" or the first cycle and output that differ.
//   iverilog -g2005 -I build/hdl_generated -I hdl_stubs -I hdl_stubs/fp
//            hdl_stubs/*.v hdl_stubs/fp/*.v build/hdl_generated/gpu_legal.v
//            hdl_stubs/synth/tests/lane_modules_tb.v -s lane_modules_tb
`timescale 1ns / 1ps
module lane_modules_tb;
    `include "gpu_core_defs.vh"
    `include "gpu_isa.vh"
    `include "gpu_faults.vh"
    parameter integer INSTRUCTIONS = 600;
    parameter integer SEED = 1;

    reg          clk = 1'b0, rst_n = 1'b0, go = 1'b0;
    reg  [2:0]   unit;
    reg  [127:0] ir;
    reg  [31:0]  exec, ld_m;
    reg  [1023:0] a0, a1, b0, b1, c0, c1;
    reg          b_gpr, c_gpr, b_neg, b_bitnot, c_neg, f_armed;
    reg  [63:0]  ub, uc, clock;
    reg  [223:0] pred;
    reg  [6:0]   upred, warp, nwarps;
    reg  [2:0]   ld_words;
    reg  [7:0]   f_kind, f_param;

    // everything each build drives, concatenated
    localparam integer OUT_W = 2 + 6 * 1024 + 4 * 32 + 2 * 224 + 1 + 6 + 32 + 14;
    localparam integer BUILDS = 4;
    wire [OUT_W-1:0] out [0:BUILDS-1];
    genvar v;
    // builds 0, 1: LANE_MODULES 0, 1 (32 lanes); 2, 3: PHYS_LANES 4 and 1
    generate for (v = 0; v < BUILDS; v = v + 1) begin : build
        wire          busy, f_fire, ur_en;
        wire [1023:0] int_d0, int_d1, warp_d0, fp16_d0, fp32_d0, mufu_d0;
        wire [31:0]   m0, m1, m2, m3, ur_v;
        wire [223:0]  pw_m, pw_v;
        wire [5:0]    ur_i;
        wire [6:0]    up_m, up_v;
        gpu_exec #(.MUFU_LANES(8), .LANE_MODULES(v == 1 ? 1 : 0), .PHYS_LANES(v == 2 ? 4 : v == 3 ? 1 : 32)) dut (
            .clk(clk), .rst_n(rst_n), .go(go), .unit(unit), .ir(ir), .exec(exec),
            .a0(a0), .a1(a1), .b0(b0), .b1(b1), .c0(c0), .c1(c1), .b_gpr(b_gpr), .c_gpr(c_gpr),
            .ub(ub), .uc(uc), .b_neg(b_neg), .b_bitnot(b_bitnot), .c_neg(c_neg), .pred(pred),
            .upred(upred), .warp(warp), .nwarps(nwarps), .clock(clock), .ld_m(ld_m), .ld_words(ld_words),
            .busy(busy), .f_armed(f_armed), .f_kind(f_kind), .f_param(f_param), .f_fire(f_fire),
            .int_d0(int_d0), .int_d1(int_d1), .warp_d0(warp_d0), .fp16_d0(fp16_d0), .fp32_d0(fp32_d0),
            .mufu_d0(mufu_d0), .m0(m0), .m1(m1), .m2(m2), .m3(m3), .pw_m(pw_m), .pw_v(pw_v),
            .ur_en(ur_en), .ur_i(ur_i), .ur_v(ur_v), .up_m(up_m), .up_v(up_v));
        assign out[v] = {busy, f_fire, int_d0, int_d1, warp_d0, fp16_d0, fp32_d0, mufu_d0,
                         m0, m1, m2, m3, pw_m, pw_v, ur_en, ur_i, ur_v, up_m, up_v};
    end endgenerate

    // the optypes of the units built per lane or in passes, with their unit
    localparam integer NOPS = 53;
    reg [7:0] ops [0:NOPS-1];
    reg [2:0] units [0:NOPS-1];
    initial begin
        ops[0] = OP_FADD;  ops[1] = OP_FMUL;   ops[2] = OP_FFMA;   ops[3] = OP_FMNMX;  ops[4] = OP_FSETP;
        ops[5] = OP_LRP;   ops[6] = OP_HADD2;  ops[7] = OP_HMUL2;  ops[8] = OP_HFMA2;  ops[9] = OP_HMNMX2;
        ops[10] = OP_HSETP2; ops[11] = OP_HSET2; ops[12] = OP_MUFU; ops[13] = OP_IMAD; ops[14] = OP_IADD;
        ops[15] = OP_LOP3; ops[16] = OP_SHF;   ops[17] = OP_ISETP; ops[18] = OP_IMAD_WIDE; ops[19] = OP_IDP4A;
        ops[20] = OP_I2IP; ops[21] = OP_POPC;
        ops[22] = OP_SHFL; ops[23] = OP_MOVM;  ops[24] = OP_VOTE;  ops[25] = OP_VOTEU; ops[26] = OP_REDUX;
        ops[27] = OP_REDUXU; ops[28] = OP_MATCH; ops[29] = OP_ELECT; ops[30] = OP_ELECTU; ops[31] = OP_S2R;
        ops[32] = OP_S2UR; ops[33] = OP_R2UR;  ops[34] = OP_SETGPR; ops[35] = OP_GETGPR;
        ops[36] = OP_IMUL; ops[37] = OP_IDP2A;
        // the integer unit's other optypes (MOV.64 the only reader of SrcB's second row)
        ops[38] = OP_MOV;  ops[39] = OP_SEL;   ops[40] = OP_PRMT;  ops[41] = OP_LEA;   ops[42] = OP_I2I;
        ops[43] = OP_FLO;  ops[44] = OP_BREV;  ops[45] = OP_BMSK;  ops[46] = OP_SGXT;  ops[47] = OP_IABS;
        ops[48] = OP_IMNMX; ops[49] = OP_P2R;  ops[50] = OP_R2P;   ops[51] = OP_ISET;  ops[52] = OP_PLOP3;
    end
    integer k;
    initial for (k = 0; k < NOPS; k = k + 1)
        units[k] = k < 6 ? U_FP32 : k < 12 ? U_FP16 : k == 12 ? U_MUFU : k < 22 || k >= 36 ? U_INT : U_WARP;

    always #5 clk = ~clk;

    integer seed, cycle = 0, n, w, pick;
    reg failed = 1'b0;
    always @(negedge clk) begin
        cycle = cycle + 1;
        if (rst_n && out[0] !== out[1] && !failed) begin
            failed = 1'b1;
            for (w = OUT_W - 1; w >= 0; w = w - 1)
                if (out[0][w] !== out[1][w] && failed) begin
                    $display("lane_modules: FAIL: cycle %0d, optype %h unit %0d: output bit %0d differs (%b against %b)",
                             cycle, ir[7:0], unit, w, out[0][w], out[1][w]);
                    w = -1;
                end
        end
    end

    // the results (all but busy and f_fire, whose cycles differ) once idle
    task compare_idle;
        integer b;
        begin
            for (b = 2; b < BUILDS; b = b + 1)
                if (out[0][OUT_W-3:0] !== out[b][OUT_W-3:0] && !failed) begin
                    failed = 1'b1;
                    for (w = OUT_W - 3; w >= 0; w = w - 1)
                        if (out[0][w] !== out[b][w] && failed) begin
                            $display("lane_modules: FAIL: cycle %0d, optype %h unit %0d: PHYS_LANES build %0d: output bit %0d differs once idle (%b against %b)",
                                     cycle, ir[7:0], unit, b, w, out[0][w], out[b][w]);
                            w = -1;
                        end
                end
        end
    endtask

    task randomize;
        begin
            pick = $unsigned($random(seed)) % NOPS;
            ir = {$random(seed), $random(seed), $random(seed), $random(seed)};
            ir[7:0] = ops[pick];
            unit = units[pick];
            exec = $random(seed);
            for (w = 0; w < 32; w = w + 1) begin
                a0[32 * w +: 32] = $random(seed); a1[32 * w +: 32] = $random(seed);
                b0[32 * w +: 32] = $random(seed); b1[32 * w +: 32] = $random(seed);
                c0[32 * w +: 32] = $random(seed); c1[32 * w +: 32] = $random(seed);
            end
            for (w = 0; w < 7; w = w + 1) pred[32 * w +: 32] = $random(seed);
            {b_gpr, c_gpr, b_neg, b_bitnot, c_neg} = $random(seed);
            ub = {$random(seed), $random(seed)}; uc = {$random(seed), $random(seed)};
            upred = $random(seed); warp = $unsigned($random(seed)) % 4; nwarps = warp + 1;
            clock = {$random(seed), $random(seed)};
            // MATCH: lanes of equal Ra in places (else every lane differs),
            // or every executing lane's the same (MATCH.ALL's true case,
            // the lanes that do not execute left different)
            if (ops[pick] == OP_MATCH) begin
                if ($random(seed) & 1) begin
                    for (w = 0; w < 32; w = w + 1) if ($random(seed) & 1) begin
                        a0[32 * w +: 32] = a0[31:0]; a1[32 * w +: 32] = a1[31:0];
                    end
                end else
                    for (w = 0; w < 31; w = w + 1) if (exec[w]) begin
                        a0[32 * w +: 32] = a0[1023:992]; a1[32 * w +: 32] = a1[1023:992];
                    end
            end
            ld_m = 32'd0; ld_words = 3'd1;
            f_armed = ($unsigned($random(seed)) % 8) == 0;
            case ($unsigned($random(seed)) % 4) // the faults the FP units strike
            0: f_kind = FAULT_WRONG_ROUNDING;
            1: f_kind = FAULT_NAN_PAYLOAD;
            2: f_kind = FAULT_FTZ_IGNORED;
            default: f_kind = FAULT_MUFU_ULP;
            endcase
            f_param = $unsigned($random(seed)) % 3;
        end
    endtask

    initial begin
        seed = SEED;
        randomize;
        repeat (3) @(posedge clk);
        #1 rst_n = 1'b1;
        for (n = 0; n < INSTRUCTIONS && !failed; n = n + 1) begin
            @(posedge clk); #1 randomize; go = 1'b1;
            @(posedge clk); #1 go = 1'b0;
            // until both are idle, then two more edges
            while (build[0].busy || build[1].busy || build[2].busy || build[3].busy) @(posedge clk);
            repeat (2) @(posedge clk);
            #1 compare_idle;
        end
        if (!failed) $display("lane_modules: PASS (%0d instructions, %0d cycles)", n, cycle);
        $finish;
    end
endmodule
