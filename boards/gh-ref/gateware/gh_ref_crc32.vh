// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) steps on the internal
// state (state = ~zlib value). Included inside a module: the CRC unit and the
// IN frame sender share them.

// One byte: state = (state >> 8) ^ T[(state ^ byte) & 0xff], bit by bit.
function [31:0] crc32_byte;
    input [31:0] state;
    input [7:0]  data;
    integer      bit_i;
    reg   [31:0] s;
    begin
        s = state ^ {24'd0, data};
        for (bit_i = 0; bit_i < 8; bit_i = bit_i + 1)
            s = s[0] ? ((s >> 1) ^ 32'hedb88320) : (s >> 1);
        crc32_byte = s;
    end
endfunction

// The first `count` (0..4) bytes of a word, bits 7..0 first.
function [31:0] crc32_bytes;
    input [31:0] state;
    input [31:0] data;
    input [2:0]  count;
    integer      byte_i;
    reg   [31:0] s;
    begin
        s = state;
        for (byte_i = 0; byte_i < 4; byte_i = byte_i + 1)
            if (byte_i < count)
                s = crc32_byte(s, data[8 * byte_i +: 8]);
        crc32_bytes = s;
    end
endfunction
