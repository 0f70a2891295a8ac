// hdl_stubs/fp/tests/fp_vectors_tb.v: replays the vectors `fp_check vectors`
// wrote (the Verilated units' results on inputs the model checked) on the
// single-lane units under another simulator (Icarus Verilog), and checks
// every output bit for bit. Prints "fp_vectors_tb: N vectors, M mismatches".
//   iverilog -g2005 -I hdl_stubs/fp -I build/.../generated -s fp_vectors_tb \
//       -o tb hdl_stubs/fp/tests/fp_vectors_tb.v hdl_stubs/fp/*.v
//   vvp -n tb +vectors=FILE
// Line format (hex): UNIT CTL A B C P D PU PV; UNIT 0 fp32_unit, 1 fp_halu2,
// 2 fp_mufu; CTL packed as fp_check_*.c pack it (unpacked below).
module fp_vectors_tb;
    reg clk = 1'b0;
    reg [7:0] unit;
    reg [31:0] ctl, a, b, c, d_want;
    reg p, pu_want, pv_want;
    reg f_en = 1'b0, h_en = 1'b0, m_en = 1'b0;
    wire [31:0] f_d, h_d, m_d;
    wire f_pu, f_pv, h_pu, h_pv;
    integer fd, n, vectors, mismatches;
    reg [8*256-1:0] path;

    fp32_unit u_fp32 (
        .clk(clk), .en(f_en), .op(ctl[2:0]), .rnd(ctl[4:3]), .ftz(ctl[5]), .sat(ctl[6]),
        .nan(ctl[7]), .cmp(ctl[11:8]), .lop(ctl[13:12]), .neg(ctl[16:14]), .abs_(ctl[19:17]),
        .a(a), .b(b), .c(c), .p(p), .d(f_d), .pu(f_pu), .pv(f_pv));
    fp_halu2 u_halu (
        .clk(clk), .en(h_en), .op(ctl[2:0]), .bf16(ctl[3]), .f32(ctl[4]), .rnd(ctl[6:5]),
        .ftz(ctl[7]), .sat(ctl[8]), .relu(ctl[9]), .nan(ctl[10]), .cmp(ctl[14:11]),
        .lop(ctl[16:15]), .bval(ctl[17]), .neg(ctl[20:18]), .abs_(ctl[23:21]),
        .hsel(ctl[29:24]), .a(a), .b(b), .c(c), .p(p), .d(h_d), .pu(h_pu), .pv(h_pv));
    fp_mufu u_mufu (
        .clk(clk), .en(m_en), .fn(ctl[2:0]), .dtype(ctl[5:3]), .abs_(ctl[6]), .neg(ctl[7]),
        .h1(ctl[8]), .sat(ctl[9]), .b(b), .d(m_d));

    task check(input [31:0] d_got, input pu_got, input pv_got);
        if (d_got !== d_want || pu_got !== pu_want || pv_got !== pv_want) begin
            mismatches = mismatches + 1;
            if (mismatches <= 20)
                $display("MISMATCH unit %0d ctl %h a %h b %h c %h p %b: want %h %b %b, got %h %b %b",
                         unit, ctl, a, b, c, p, d_want, pu_want, pv_want, d_got, pu_got, pv_got);
        end
    endtask

    initial begin
        vectors = 0;
        mismatches = 0;
        if (!$value$plusargs("vectors=%s", path)) begin
            $display("fp_vectors_tb: give +vectors=FILE");
            $finish;
        end
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("fp_vectors_tb: cannot open %0s", path);
            $finish;
        end
        n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n", unit, ctl, a, b, c, p, d_want, pu_want,
                    pv_want);
        while (n == 9) begin
            f_en = unit == 8'd0;
            h_en = unit == 8'd1;
            m_en = unit == 8'd2;
            #1 clk = 1'b1;
            #1 clk = 1'b0;
            case (unit)
                8'd0: check(f_d, f_pu, f_pv);
                8'd1: check(h_d, h_pu, h_pv);
                default: check(m_d, pu_want, pv_want);
            endcase
            vectors = vectors + 1;
            n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n", unit, ctl, a, b, c, p, d_want,
                        pu_want, pv_want);
        end
        $fclose(fd);
        $display("fp_vectors_tb: %0d vectors, %0d mismatches", vectors, mismatches);
        $finish;
    end
endmodule
