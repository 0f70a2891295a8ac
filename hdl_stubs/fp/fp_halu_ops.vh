// hdl_stubs/fp/fp_halu_ops.vh: fp_halu2's `op` codes (the unit's own; README.md
// maps the HALU optypes to them).
/* verilator lint_off UNUSEDPARAM */
localparam [2:0] HALU_HADD2 = 3'd0, HALU_HMUL2 = 3'd1, HALU_HFMA2 = 3'd2, HALU_HMNMX2 = 3'd3,
                 HALU_HSETP2 = 3'd4, HALU_HSET2 = 3'd5;
/* verilator lint_on UNUSEDPARAM */
