// Region checks on byte ranges. Included inside a module.

// [addr, addr + len) lies wholly inside [base, base + size).
function range_in;
    input [31:0] addr;
    input [16:0] len;
    input [31:0] base;
    input [31:0] size;
    begin
        range_in = (addr >= base) &&
                   ({1'b0, addr} + {16'd0, len} <= {1'b0, base} + {1'b0, size});
    end
endfunction

// The byte ranges [a, a + len) and [b, b + len) share a byte.
function ranges_overlap;
    input [31:0] a;
    input [31:0] b;
    input [16:0] len;
    begin
        ranges_overlap = (len != 17'd0) &&
                         ({1'b0, a} < {1'b0, b} + {16'd0, len}) &&
                         ({1'b0, b} < {1'b0, a} + {16'd0, len});
    end
endfunction
