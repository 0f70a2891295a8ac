// gh-ref DUT debug port (README "DUT debug port"): the gpu_core port contract
// (docs/port-contract.md) as registers. Control and program load, a one-beat
// retire FIFO (RT_COUNT reads 0 or 1), the memory port answered by the
// firmware, the state backdoor. The DMA engine takes the head beat through
// dma_rt_pop and reads the copy it latched through rt_latch_adr/rt_latch_dat.
module gh_ref_dbg (
    input  wire          clk,
    input  wire          rst,
    input  wire          wb_cyc,
    input  wire          wb_stb,
    input  wire          wb_we,
    input  wire [29:0]   wb_adr,
    input  wire [31:0]   wb_dat_w,
    input  wire [3:0]    wb_sel,
    output reg           wb_ack,
    output reg  [31:0]   wb_dat_r,
    // DMA side channel
    output wire          rt_has_beat,    // the head beat is valid (RT_HEAD.valid)
    input  wire          dma_rt_pop,     // one cycle: latch the head beat and take it
    input  wire [9:0]    rt_latch_adr,   // word of the latched copy: DBG byte offset >> 2
    output wire [31:0]   rt_latch_dat,   // that word, as the register read it when latched
    // the DUT (gpu_core's ports)
    output reg           dut_rst_n,
    output reg           dut_imem_we,
    output reg  [15:0]   dut_imem_addr,
    output wire [127:0]  dut_imem_wdata,
    output reg           dut_launch,
    output reg  [6:0]    dut_launch_warps,
    output wire [63:0]   dut_launch_entry,
    output reg           dut_run,
    output reg           dut_step,
    input  wire          dut_busy,
    input  wire          dut_done,
    input  wire          dut_mem_req,
    input  wire          dut_mem_we,
    input  wire          dut_mem_space,
    input  wire [4:0]    dut_mem_bank,
    input  wire [63:0]   dut_mem_addr,
    input  wire [31:0]   dut_mem_wdata,
    output reg           dut_mem_ack,
    output reg  [31:0]   dut_mem_rdata,
    output reg           dut_mem_err,
    input  wire          dut_rt_valid,
    output wire          dut_rt_ready,
    input  wire [2:0]    dut_rt_kind,
    input  wire [6:0]    dut_rt_warp,
    input  wire [63:0]   dut_rt_pc,
    input  wire [127:0]  dut_rt_insn,
    input  wire [31:0]   dut_rt_mask_a,
    input  wire [31:0]   dut_rt_mask_b,
    input  wire [7:0]    dut_rt_index,
    input  wire [4:0]    dut_rt_lane,
    input  wire [31:0]   dut_rt_data,
    input  wire [7:0]    dut_rt_status,
    input  wire [1023:0] dut_rt_row,
    output reg           dut_bd_req,
    output wire          dut_bd_we,
    output wire [3:0]    dut_bd_space,
    output wire [6:0]    dut_bd_warp,
    output wire [7:0]    dut_bd_index,
    output wire [4:0]    dut_bd_lane,
    output reg  [31:0]   dut_bd_wdata,
    input  wire          dut_bd_ack,
    input  wire [31:0]   dut_bd_rdata
);
    `include "gh_ref_regs.vh"

    localparam [15:0] OFFSET_MASK = GH_REF_DBG_SIZE[15:0] - 16'd1;
    localparam integer BEAT_W = 1343;   // the retire fields and rt_row, packed as below

    wire        access = wb_cyc & wb_stb & ~wb_ack;
    wire        wr = access & wb_we;
    wire [15:0] offset = {wb_adr[13:0], 2'b00} & OFFSET_MASK;
    wire        unused_bits = ^{wb_adr[29:14], wb_sel};

    // A register word of a retire beat: bits as README "Retire FIFO" lists them.
    function [31:0] beat_word;
        input [BEAT_W-1:0] beat;
        input              valid;
        input [15:0]       off;
        reg   [15:0]       row_off;
        begin
            row_off = off - GH_DBG_RT_ROW0;
            case (off)
                GH_DBG_RT_HEAD:         beat_word = {valid, 2'd0, beat[22:18], beat[17:10], 1'b0, beat[9:3], 5'd0, beat[2:0]};
                GH_DBG_RT_STATUS:       beat_word = {24'd0, beat[30:23]};
                GH_DBG_RT_PC_LO:        beat_word = beat[62:31];
                GH_DBG_RT_PC_HI:        beat_word = beat[94:63];
                GH_DBG_RT_INSN0:        beat_word = beat[126:95];
                GH_DBG_RT_INSN0 + 16'd4:  beat_word = beat[158:127];
                GH_DBG_RT_INSN0 + 16'd8:  beat_word = beat[190:159];
                GH_DBG_RT_INSN0 + 16'd12: beat_word = beat[222:191];
                GH_DBG_RT_MASK_A:       beat_word = beat[254:223];
                GH_DBG_RT_MASK_B:       beat_word = beat[286:255];
                GH_DBG_RT_DATA:         beat_word = beat[318:287];
                default:
                    if (off >= GH_DBG_RT_ROW0 && {16'd0, row_off} < 4 * GH_DBG_RT_ROW_COUNT)
                        beat_word = beat[319 + 32 * row_off[6:2] +: 32];
                    else
                        beat_word = 32'd0;
            endcase
            if (!valid)
                beat_word = 32'd0;   // an empty FIFO reads zeros (RT_HEAD: not valid)
        end
    endfunction

    // ------------------------------------------------------------ retire FIFO
    wire [BEAT_W-1:0] dut_beat = {dut_rt_row, dut_rt_data, dut_rt_mask_b, dut_rt_mask_a, dut_rt_insn,
                                  dut_rt_pc, dut_rt_status, dut_rt_lane, dut_rt_index, dut_rt_warp, dut_rt_kind};
    reg  [BEAT_W-1:0] head;
    reg               head_valid;
    reg  [BEAT_W-1:0] latched;   // the beat a POP transfer moves
    wire              rt_pop_write = wr && offset == GH_DBG_RT_POP;

    assign dut_rt_ready = dut_rst_n & ~head_valid;
    assign rt_has_beat = head_valid;
    assign rt_latch_dat = beat_word(latched, 1'b1, {4'd0, rt_latch_adr, 2'b00});

    always @(posedge clk) begin
        if (rst || !dut_rst_n || rt_pop_write || dma_rt_pop)
            head_valid <= 1'b0;
        else if (dut_rt_valid && dut_rt_ready)
            head_valid <= 1'b1;
        if (dut_rt_valid && dut_rt_ready)
            head <= dut_beat;
        if (dma_rt_pop)
            latched <= head;
    end

    // ------------------------------------------------ control and program load
    reg [31:0] launch_entry_lo, launch_entry_hi;
    reg [31:0] imem_data [0:GH_DBG_IMEM_DATA_COUNT-1];
    reg        imem_written;   // IMEM_ADDR increments after the imem_we pulse
    reg [31:0] mem_rdata_next;
    reg [31:0] bd_cmd;
    reg [31:0] bd_rdata;

    assign dut_launch_entry = {launch_entry_hi, launch_entry_lo};
    assign dut_imem_wdata = {imem_data[3], imem_data[2], imem_data[1], imem_data[0]};
    assign dut_bd_we = bd_cmd[0];
    assign dut_bd_space = bd_cmd[7:4];
    assign dut_bd_warp = bd_cmd[14:8];
    assign dut_bd_index = bd_cmd[23:16];
    assign dut_bd_lane = bd_cmd[28:24];

    // A memory request waits for the firmware; RST_N = 0 drops it, the ack ends it.
    wire mem_pending = dut_mem_req & dut_rst_n & ~dut_mem_ack;
    wire cmd_write = wr && offset == GH_DBG_CMD;

    always @(posedge clk) begin : control
        integer i;
        if (rst) begin
            dut_rst_n <= 1'b0;
            dut_run <= 1'b0;
            dut_launch <= 1'b0;
            dut_step <= 1'b0;
            dut_imem_we <= 1'b0;
            imem_written <= 1'b0;
            dut_imem_addr <= 16'd0;
            dut_launch_warps <= 7'd0;
            launch_entry_lo <= 32'd0;
            launch_entry_hi <= 32'd0;
            for (i = 0; i < GH_DBG_IMEM_DATA_COUNT; i = i + 1)
                imem_data[i] <= 32'd0;
            dut_mem_ack <= 1'b0;
            dut_mem_err <= 1'b0;
            dut_mem_rdata <= 32'd0;
            mem_rdata_next <= 32'd0;
            dut_bd_req <= 1'b0;
            bd_cmd <= 32'd0;
            dut_bd_wdata <= 32'd0;
            bd_rdata <= 32'd0;
        end else begin
            // The contract's inputs stay low while rst_n is (T1).
            dut_launch <= cmd_write && (wb_dat_w & GH_DBG_CMD_LAUNCH) != 0 && dut_rst_n;
            dut_step <= cmd_write && (wb_dat_w & GH_DBG_CMD_STEP) != 0 && dut_rst_n;
            dut_imem_we <= cmd_write && (wb_dat_w & GH_DBG_CMD_IMEM_WRITE) != 0 && dut_rst_n;
            imem_written <= dut_imem_we;
            if (imem_written)
                dut_imem_addr <= dut_imem_addr + 16'd1;
            dut_mem_ack <= wr && offset == GH_DBG_MEM_ACK && wb_dat_w[0] && mem_pending;
            if (wr && offset == GH_DBG_MEM_ACK) begin
                dut_mem_err <= wb_dat_w[1];
                dut_mem_rdata <= mem_rdata_next;
            end
            if (dut_bd_req && dut_bd_ack) begin
                dut_bd_req <= 1'b0;
                bd_rdata <= dut_bd_rdata;
            end else if (!dut_rst_n)
                dut_bd_req <= 1'b0;
            if (wr) begin
                case (offset)
                    GH_DBG_CTRL: begin
                        dut_rst_n <= (wb_dat_w & GH_DBG_CTRL_RST_N) != 0;
                        dut_run <= (wb_dat_w & GH_DBG_CTRL_RUN) != 0;
                    end
                    GH_DBG_LAUNCH_WARPS:    dut_launch_warps <= wb_dat_w[6:0];
                    GH_DBG_LAUNCH_ENTRY_LO: launch_entry_lo <= wb_dat_w;
                    GH_DBG_LAUNCH_ENTRY_HI: launch_entry_hi <= wb_dat_w;
                    GH_DBG_IMEM_ADDR:       dut_imem_addr <= wb_dat_w[15:0];
                    GH_DBG_IMEM_DATA0:          imem_data[0] <= wb_dat_w;
                    GH_DBG_IMEM_DATA0 + 16'd4:  imem_data[1] <= wb_dat_w;
                    GH_DBG_IMEM_DATA0 + 16'd8:  imem_data[2] <= wb_dat_w;
                    GH_DBG_IMEM_DATA0 + 16'd12: imem_data[3] <= wb_dat_w;
                    GH_DBG_MEM_RDATA:       mem_rdata_next <= wb_dat_w;
                    GH_DBG_BD_WDATA:        dut_bd_wdata <= wb_dat_w;
                    GH_DBG_BD_CMD:
                        if (!dut_bd_req && dut_rst_n) begin   // fields hold while a request waits
                            bd_cmd <= wb_dat_w;
                            dut_bd_req <= 1'b1;
                        end
                    default: ;
                endcase
            end
        end
    end

    // ------------------------------------------------------------- bus reads
    wire [31:0] status = (dut_busy ? GH_DBG_ST_BUSY : 32'd0) | (dut_done ? GH_DBG_ST_DONE : 32'd0) |
                         (mem_pending ? GH_DBG_ST_MEM_REQ : 32'd0) | (head_valid ? GH_DBG_ST_RT_VALID : 32'd0) |
                         (dut_bd_req ? GH_DBG_ST_BD_BUSY : 32'd0);

    always @(posedge clk) begin
        if (rst) begin
            wb_ack <= 1'b0;
            wb_dat_r <= 32'd0;
        end else begin
            wb_ack <= access;
            if (access && !wb_we) begin
                case (offset)
                    GH_DBG_ID:              wb_dat_r <= GH_DBG_ID_VALUE;
                    GH_DBG_CTRL:            wb_dat_r <= (dut_rst_n ? GH_DBG_CTRL_RST_N : 32'd0) |
                                                        (dut_run ? GH_DBG_CTRL_RUN : 32'd0);
                    GH_DBG_STATUS:          wb_dat_r <= status;
                    GH_DBG_LAUNCH_WARPS:    wb_dat_r <= {25'd0, dut_launch_warps};
                    GH_DBG_LAUNCH_ENTRY_LO: wb_dat_r <= launch_entry_lo;
                    GH_DBG_LAUNCH_ENTRY_HI: wb_dat_r <= launch_entry_hi;
                    GH_DBG_IMEM_ADDR:       wb_dat_r <= {16'd0, dut_imem_addr};
                    GH_DBG_IMEM_DATA0:          wb_dat_r <= imem_data[0];
                    GH_DBG_IMEM_DATA0 + 16'd4:  wb_dat_r <= imem_data[1];
                    GH_DBG_IMEM_DATA0 + 16'd8:  wb_dat_r <= imem_data[2];
                    GH_DBG_IMEM_DATA0 + 16'd12: wb_dat_r <= imem_data[3];
                    GH_DBG_RT_COUNT:        wb_dat_r <= {31'd0, head_valid};
                    GH_DBG_MEM_REQ:         wb_dat_r <= {19'd0, dut_mem_bank, 5'd0, dut_mem_space, dut_mem_we, mem_pending};
                    GH_DBG_MEM_ADDR_LO:     wb_dat_r <= dut_mem_addr[31:0];
                    GH_DBG_MEM_ADDR_HI:     wb_dat_r <= dut_mem_addr[63:32];
                    GH_DBG_MEM_WDATA:       wb_dat_r <= dut_mem_wdata;
                    GH_DBG_BD_CMD:          wb_dat_r <= bd_cmd;
                    GH_DBG_BD_WDATA:        wb_dat_r <= dut_bd_wdata;
                    GH_DBG_BD_RDATA:        wb_dat_r <= bd_rdata;
                    default:                wb_dat_r <= beat_word(head, head_valid, offset);
                endcase
            end
        end
    end
endmodule
