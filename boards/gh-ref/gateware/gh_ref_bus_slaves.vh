// The interconnect's slaves, in the order of gh_ref_bus's s_stb/s_ack/s_dat_r,
// each chosen by its region or block of regmap.txt (gh_ref_regs.vh, included
// first).
// (Verilator 5.006 reports the two functions as hiding themselves when two
// modules of one elaboration include this file: a false VARHIDDEN.)
/* verilator lint_off VARHIDDEN */
localparam integer SLAVE_ROM = 0, SLAVE_RAM = 1, SLAVE_SDRAM = 2, SLAVE_SYS = 3, SLAVE_CRC = 4,
                   SLAVE_DMA = 5, SLAVE_USB = 6, SLAVE_DBG = 7;
localparam integer SLAVES = 8;

function in_range;
    input [31:0] addr;
    input [31:0] base;
    input [31:0] size;
    begin
        in_range = addr >= base && addr - base < size;
    end
endfunction

function [SLAVES-1:0] slave_of;
    input [31:0] addr;
    begin
        slave_of = {SLAVES{1'b0}};
        slave_of[SLAVE_ROM] = in_range(addr, GH_REF_ROM_BASE, GH_REF_ROM_SIZE);
        slave_of[SLAVE_RAM] = in_range(addr, GH_REF_RAM_BASE, GH_REF_RAM_SIZE);
        slave_of[SLAVE_SDRAM] = in_range(addr, GH_REF_SDRAM_BASE, GH_REF_SDRAM_SIZE);
        slave_of[SLAVE_SYS] = in_range(addr, GH_REF_SYS_BASE, GH_REF_SYS_SIZE);
        slave_of[SLAVE_CRC] = in_range(addr, GH_REF_CRC_BASE, GH_REF_CRC_SIZE);
        slave_of[SLAVE_DMA] = in_range(addr, GH_REF_DMA_BASE, GH_REF_DMA_SIZE);
        slave_of[SLAVE_USB] = in_range(addr, GH_REF_USB_BASE, GH_REF_USB_SIZE);
        slave_of[SLAVE_DBG] = in_range(addr, GH_REF_DBG_BASE, GH_REF_DBG_SIZE);
    end
endfunction
/* verilator lint_on VARHIDDEN */
