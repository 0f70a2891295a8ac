// Simulation only: seeded stress of the DUT port's handshakes between the
// gateware's debug port and the GPU core (gpu-usbemu --firmware gateware
// --stress, hdl_stubs/README.md "Stress"), everything the contract lets a
// board do: rt_ready held low in bursts, each memory request's ack held back
// some cycles more than the firmware took, idle cycles before each backdoor
// request and step pulse, and step pulses widened. The draws come from the
// harness every cycle (cosim/common's stress PRNG, seeded by the setting, so
// a run reruns cycle for cycle); each is taken when its event begins.
module gh_ref_sim_stress (
    input  wire        clk,
    input  wire        core_rst_n,
    // this cycle's draws (all 0: no stress)
    input  wire        ready_low,   // hold rt_ready low this cycle
    input  wire [7:0]  mem_delay,   // cycles a memory ack is held back
    input  wire [7:0]  gap,         // idle cycles before a backdoor request or a step
    input  wire [7:0]  step_width,  // cycles a step pulse lasts (0 or 1: one)
    // the debug port's side
    output wire        dbg_rt_valid,
    output wire        dbg_mem_req,
    input  wire        dbg_rt_ready,
    input  wire        dbg_mem_ack,
    input  wire [31:0] dbg_mem_rdata,
    input  wire        dbg_mem_err,
    input  wire        dbg_bd_req,
    input  wire        dbg_step,
    // the core's side
    input  wire        core_rt_valid,
    input  wire        core_mem_req,
    output wire        core_rt_ready,
    output wire        core_mem_ack,
    output wire [31:0] core_mem_rdata,
    output wire        core_mem_err,
    output wire        core_bd_req,
    output wire        core_step
);
    // rt_ready: low in the drawn cycles (and the beat hidden from the debug port
    // then, so that both sides see the same handshake)
    assign core_rt_ready = dbg_rt_ready && !ready_low;
    assign dbg_rt_valid = core_rt_valid && !ready_low;

    // memory: the debug port's ack (a pulse) is kept and given mem_delay cycles later
    reg        ack_held = 1'b0;
    reg [7:0]  ack_wait = 8'd0;
    reg [31:0] held_rdata = 32'd0;
    reg        held_err = 1'b0;
    wire       ack_now = dbg_mem_ack ? mem_delay == 8'd0 : ack_held && ack_wait == 8'd0;
    assign core_mem_ack = ack_now;
    assign core_mem_rdata = dbg_mem_ack ? dbg_mem_rdata : held_rdata;
    assign core_mem_err = dbg_mem_ack ? dbg_mem_err : held_err;
    // the core holds its request until the held ack: the debug port must not see it as a new one
    assign dbg_mem_req = core_mem_req && !ack_held;

    // backdoor: a new request waits gap cycles before the core sees it
    reg        bd_seen = 1'b0;      // the debug port's request has been seen rising
    reg [7:0]  bd_wait = 8'd0;
    assign core_bd_req = dbg_bd_req && bd_seen && bd_wait == 8'd0;

    // step: a pulse waits gap cycles, then lasts step_width cycles
    reg        step_pending = 1'b0;
    reg [7:0]  step_wait = 8'd0, step_left = 8'd0;
    assign core_step = step_left != 8'd0;

    always @(posedge clk) begin
        if (!core_rst_n) begin
            ack_held <= 1'b0;
            bd_seen <= 1'b0;
            bd_wait <= 8'd0;
            step_pending <= 1'b0;
            step_left <= 8'd0;
        end else begin
            if (dbg_mem_ack && mem_delay != 8'd0) begin
                ack_held <= 1'b1;
                ack_wait <= mem_delay - 8'd1;
                held_rdata <= dbg_mem_rdata;
                held_err <= dbg_mem_err;
            end else if (ack_held) begin
                if (ack_wait == 8'd0) ack_held <= 1'b0;
                else ack_wait <= ack_wait - 8'd1;
            end

            if (!dbg_bd_req) begin
                bd_seen <= 1'b0;
            end else if (!bd_seen) begin
                bd_seen <= 1'b1;
                bd_wait <= gap;
            end else if (bd_wait != 8'd0) begin
                bd_wait <= bd_wait - 8'd1;
            end

            if (step_left != 8'd0)
                step_left <= step_left - 8'd1;
            if (dbg_step && !step_pending) begin
                step_pending <= 1'b1;
                step_wait <= gap;
            end else if (step_pending) begin
                if (step_wait == 8'd0) begin
                    step_pending <= 1'b0;
                    step_left <= step_width == 8'd0 ? 8'd1 : step_width;
                end else begin
                    step_wait <= step_wait - 8'd1;
                end
            end
        end
    end
endmodule
