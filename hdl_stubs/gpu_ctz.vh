// ctz(m): the lowest set bit of a lane mask (0 when none), shared by the
// modules that pick "the first lane". Include inside a module.
function automatic [4:0] ctz(input [31:0] m);
    integer i;
    begin
        ctz = 5'd0;
        for (i = 31; i >= 0; i = i - 1) if (m[i]) ctz = i[4:0];
    end
endfunction
