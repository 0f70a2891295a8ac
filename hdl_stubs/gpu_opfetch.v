// gpu_opfetch: operand fetch. The three GPR read ports (gpu_gpr) read the A,
// B and C tuples one word of each per edge, the first at the DEC edge (with
// the rows decode names combinationally), the others in READ cycles: a
// warp's whole source register per port and edge. A tuple's words are read
// last first, each port's previous row moving into its hold registers, so
// that afterwards the port's output is word 0 and hold k word k+1 (a0 = q_a,
// a1; b0 = q_b, b1..b3; c0 = q_c, c1); a tuple shorter than the longest reads
// RZ (zeros) for the words it lacks. Uniform, immediate and constant operands
// (the same for every lane) are ub and uc; a constant's words arrive from
// the memory port (gpu_mem) after DEC.
module gpu_opfetch #(
    parameter integer WB = 2
) (
    input  wire          clk,
    input  wire [WB-1:0] cw,
    input  wire          dec,              // the DEC edge: first words read
    input  wire          read,             // a READ edge: the next words
    output wire [2:0]    reads,            // edges of reading: 1..4 (valid in the DEC cycle)
    // the tuples, from decode (DEC cycle)
    input  wire [7:0]    a_reg, b_reg, c_reg,
    input  wire [2:0]    a_n, b_n, c_n,
    input  wire [63:0]   ubv, ucv,
    input  wire          cdone,            // the constant's words are in cval
    input  wire          b_const,
    input  wire [63:0]   cval,
    // the GPR file's read ports
    output reg           re,
    output reg  [WB+7:0] ra_a, ra_b, ra_c,
    input  wire [1023:0] q_a, q_b, q_c,
    // operands
    output reg  [1023:0] a1, b1, b2, b3, c1,
    output reg  [63:0]   ub, uc
);
    reg [7:0] ar, br, cr;                  // the tuples' base registers
    reg [2:0] an, bn, cn, n, k;            // their words, the longest, the next word read

    function automatic [2:0] max3(input [2:0] x, input [2:0] y, input [2:0] z);
        max3 = (x >= y && x >= z) ? x : (y >= z) ? y : z;
    endfunction

    // word i of the tuple at r of n words (255 = RZ past it, or past R254)
    function automatic [7:0] row(input [7:0] r, input [2:0] nw, input [2:0] i);
        reg [8:0] s;
        begin
            s = {1'b0, r} + {6'd0, i};
            row = (i >= nw || r == 8'd255 || s > 9'd254) ? 8'd255 : s[7:0];
        end
    endfunction

    assign reads = max3(a_n, b_n, c_n);

    always @(*) begin : address
        reg [2:0] i;
        re = dec || read;
        i = dec ? reads - 3'd1 : n - 3'd1 - k;
        ra_a = {cw, 8'd255}; ra_b = {cw, 8'd255}; ra_c = {cw, 8'd255};
        if (dec) begin
            ra_a = {cw, row(a_reg, a_n, i)}; ra_b = {cw, row(b_reg, b_n, i)}; ra_c = {cw, row(c_reg, c_n, i)};
        end else if (read) begin
            ra_a = {cw, row(ar, an, i)}; ra_b = {cw, row(br, bn, i)}; ra_c = {cw, row(cr, cn, i)};
        end
    end

    always @(posedge clk) begin
        if (dec) begin
            ar <= a_reg; br <= b_reg; cr <= c_reg; an <= a_n; bn <= b_n; cn <= c_n;
            n <= reads; k <= 3'd1;
            ub <= ubv; uc <= ucv;
        end else if (read) begin
            k <= k + 3'd1;
            a1 <= q_a;
            b1 <= q_b; b2 <= b1; b3 <= b2;
            c1 <= q_c;
        end
        if (cdone) begin
            if (b_const) ub <= cval;
            else uc <= cval;
        end
    end
endmodule
