// periph_tb: the DBG block and a tiny fake DUT on its gpu_core port. Beats
// are offered with rt_offer; a memory request with mem_request; the backdoor
// answers two cycles after bd_req with a value made of the request's fields.
// Included inside module periph_tb.
    wire          dut_rst_n, dut_imem_we, dut_launch, dut_run, dut_step;
    wire [15:0]   dut_imem_addr;
    wire [127:0]  dut_imem_wdata;
    wire [6:0]    dut_launch_warps;
    wire [63:0]   dut_launch_entry;
    reg           dut_busy = 1'b0, dut_done = 1'b0;
    reg           dut_mem_req = 1'b0, dut_mem_we = 1'b0, dut_mem_space = 1'b0;
    reg  [4:0]    dut_mem_bank = 5'd0;
    reg  [63:0]   dut_mem_addr = 64'd0;
    reg  [31:0]   dut_mem_wdata = 32'd0;
    wire          dut_mem_ack, dut_mem_err;
    wire [31:0]   dut_mem_rdata;
    reg           dut_rt_valid = 1'b0;
    wire          dut_rt_ready;
    reg  [2:0]    dut_rt_kind = 3'd0;
    reg  [6:0]    dut_rt_warp = 7'd0;
    reg  [63:0]   dut_rt_pc = 64'd0;
    reg  [127:0]  dut_rt_insn = 128'd0;
    reg  [31:0]   dut_rt_mask_a = 32'd0, dut_rt_mask_b = 32'd0, dut_rt_data = 32'd0;
    reg  [7:0]    dut_rt_index = 8'd0, dut_rt_status = 8'd0;
    reg  [4:0]    dut_rt_lane = 5'd0;
    reg  [1023:0] dut_rt_row = 1024'd0;
    wire          dut_bd_req, dut_bd_we;
    wire [3:0]    dut_bd_space;
    wire [6:0]    dut_bd_warp;
    wire [7:0]    dut_bd_index;
    wire [4:0]    dut_bd_lane;
    wire [31:0]   dut_bd_wdata;
    reg           dut_bd_ack = 1'b0;
    reg  [31:0]   dut_bd_rdata = 32'd0;

    gh_ref_dbg u_dbg (
        .clk(clk), .rst(rst),
        .wb_cyc(bus_cyc & sel_dbg), .wb_stb(bus_stb & sel_dbg), .wb_we(bus_we),
        .wb_adr(bus_adr), .wb_dat_w(bus_dat_w), .wb_sel(bus_sel), .wb_ack(dbg_ack), .wb_dat_r(dbg_dat_r),
        .rt_has_beat(rt_has_beat), .dma_rt_pop(dma_rt_pop), .rt_latch_adr(rt_latch_adr), .rt_latch_dat(rt_latch_dat),
        .dut_rst_n(dut_rst_n), .dut_imem_we(dut_imem_we), .dut_imem_addr(dut_imem_addr),
        .dut_imem_wdata(dut_imem_wdata), .dut_launch(dut_launch), .dut_launch_warps(dut_launch_warps),
        .dut_launch_entry(dut_launch_entry), .dut_run(dut_run), .dut_step(dut_step),
        .dut_busy(dut_busy), .dut_done(dut_done),
        .dut_mem_req(dut_mem_req), .dut_mem_we(dut_mem_we), .dut_mem_space(dut_mem_space),
        .dut_mem_bank(dut_mem_bank), .dut_mem_addr(dut_mem_addr), .dut_mem_wdata(dut_mem_wdata),
        .dut_mem_ack(dut_mem_ack), .dut_mem_rdata(dut_mem_rdata), .dut_mem_err(dut_mem_err),
        .dut_rt_valid(dut_rt_valid), .dut_rt_ready(dut_rt_ready), .dut_rt_kind(dut_rt_kind),
        .dut_rt_warp(dut_rt_warp), .dut_rt_pc(dut_rt_pc), .dut_rt_insn(dut_rt_insn),
        .dut_rt_mask_a(dut_rt_mask_a), .dut_rt_mask_b(dut_rt_mask_b), .dut_rt_index(dut_rt_index),
        .dut_rt_lane(dut_rt_lane), .dut_rt_data(dut_rt_data), .dut_rt_status(dut_rt_status),
        .dut_rt_row(dut_rt_row),
        .dut_bd_req(dut_bd_req), .dut_bd_we(dut_bd_we), .dut_bd_space(dut_bd_space), .dut_bd_warp(dut_bd_warp),
        .dut_bd_index(dut_bd_index), .dut_bd_lane(dut_bd_lane), .dut_bd_wdata(dut_bd_wdata),
        .dut_bd_ack(dut_bd_ack), .dut_bd_rdata(dut_bd_rdata));

    // The backdoor: ack two cycles after the request is seen.
    reg [1:0] bd_wait = 2'd0;
    always @(posedge clk) begin
        dut_bd_ack <= 1'b0;
        if (dut_bd_req && !dut_bd_ack) begin
            bd_wait <= bd_wait + 2'd1;
            if (bd_wait == 2'd2) begin
                bd_wait <= 2'd0;
                dut_bd_ack <= 1'b1;
                dut_bd_rdata <= {4'hb, dut_bd_space, 1'b0, dut_bd_warp, dut_bd_index, 3'd0, dut_bd_lane};
            end
        end
    end

    // A memory request answered by mem_ack: returns the load data and error.
    reg [31:0] mem_answer;
    reg        mem_answer_err;
    always @(posedge clk)
        if (dut_mem_req && dut_mem_ack) begin
            mem_answer <= dut_mem_rdata;
            mem_answer_err <= dut_mem_err;
            dut_mem_req <= 1'b0;
        end

    // Offer a beat: held until taken (T9).
    task rt_offer(input [2:0] kind, input [6:0] warp, input [7:0] index, input [4:0] lane, input [31:0] seed);
        integer l;
        begin
            @(negedge clk);
            dut_rt_kind = kind;
            dut_rt_warp = warp;
            dut_rt_index = index;
            dut_rt_lane = lane;
            dut_rt_status = seed[7:0];
            dut_rt_pc = {seed, ~seed};
            dut_rt_insn = {seed + 32'd3, seed + 32'd2, seed + 32'd1, seed};
            dut_rt_mask_a = seed ^ 32'h0f0f0f0f;
            dut_rt_mask_b = seed ^ 32'hf0f0f0f0;
            dut_rt_data = seed + 32'h100;
            for (l = 0; l < 32; l = l + 1)
                dut_rt_row[32 * l +: 32] = seed * 32'd1000 + l;
            dut_rt_valid = 1'b1;
            @(posedge clk);
            while (!dut_rt_ready)
                @(posedge clk);
            @(negedge clk);
            dut_rt_valid = 1'b0;
        end
    endtask
