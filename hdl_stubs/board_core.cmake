# The stand-in core's board configuration: the form of gpu_core that the
# reference board's FPGA holds (boards/usb.ini, gh-ref), one list for both
# the server that runs it in lockstep (servers/rtlsim: gpu-rtlsim-board) and the
# whole-core synthesis (hdl_stubs/synth: synth_core_ecp5).
#   CAP_WARPS   the `warps` boards/usb.ini declares (read from it here)
#   PHYS_LANES  1: the integer and warp units take a warp in 32 passes (the
#               board streams far fewer warp-instructions than 32 passes at
#               its clock allow: its firmware needs ~590 cycles for one)
#   MUFU_LANES  0: no MUFU: its tables (34 DP16KD) and its 244-cell-deep
#               path would not fit the FPGA beside the SoC
#               (boards/gh-ref/gateware/ecpix5/README.md); usb.ini lacks MUFU
#   FP_UNITS    0: no FP16/FP32 slots; the core's capability words leave
#               their optypes out, and usb.ini's `implements` must name
#               none of their groups (the test rtl_board_implements holds
#               usb.ini against the capability words of this form) and its
#               `lacks` must name them all (a core lacking more is refused)
# IMEM_AW is the synthesis's only (GPUHOST_BOARD_CORE_IMEM_AW): the server
# keeps the port's 16 (gpu-rtlsim reports a code memory of 65536 words).
file(STRINGS ${CMAKE_SOURCE_DIR}/boards/usb.ini usb_ini_warps REGEX "^warps *= *[0-9]+")
file(STRINGS ${CMAKE_SOURCE_DIR}/boards/usb.ini usb_ini_implements REGEX "^implements *=")
file(STRINGS ${CMAKE_SOURCE_DIR}/boards/usb.ini usb_ini_lacks REGEX "^lacks *=")
if(NOT usb_ini_warps MATCHES "= *([0-9]+)")
  message(FATAL_ERROR "boards/usb.ini: no `warps = N` for the core's board configuration")
endif()
set(usb_ini_warps ${CMAKE_MATCH_1})
set(GPUHOST_BOARD_CORE_PARAMETERS CAP_WARPS=${usb_ini_warps} PHYS_LANES=1 MUFU_LANES=0 FP_UNITS=0)
set(GPUHOST_BOARD_CORE_IMEM_AW 10)  # 1024 instruction words: 8 DP16KD
# The board's FPGA, a Lattice LFE5U-85F: its LUT4s (84K in the data sheet;
# LUTS counts the sites carry cells and LUT RAM take too: yosys_synth.sh),
# 18x18 multipliers and DP16KD block RAMs, the limits of synth_core_ecp5.
set(GPUHOST_BOARD_FPGA LFE5U-85F)
set(GPUHOST_BOARD_FPGA_LIMITS LUTS=84000 MULT18X18D=156 DP16KD=208)
