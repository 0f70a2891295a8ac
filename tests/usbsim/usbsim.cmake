# The gh-ref board as gateware (boards/gh-ref/gateware): its peripherals'
# testbench under Icarus, and the SoC Verilated whole as the board usbsim
# (gpu-usbemu --firmware gateware: VexRiscv running the unchanged rv32 image,
# the stand-in core at its board configuration behind the debug port),
# reached by gpuhost through libusb as usbemu is. The quick tier runs a few
# kernels; the long tier the rest, the trap matrix, random streams and
# selftest. Skipped (77) where the simulated gateware is not built, failing
# with the reason where GPUHOST_REQUIRE names usbsim (CI).
include(${CMAKE_SOURCE_DIR}/tests/skipped_test.cmake)
set(gh_usbsim_tests gh_ref_gateware_peripherals gh_ref_gateware_lint usbsim_kernels usbsim_kernels_long usbsim_traps
    usbsim_selftest usbsim_random usbsim_faults usbsim_stress usbsim_wave)
if(GPUHOST_SANITIZE) # the simulated gateware is not built there (servers/usbemu/gateware.cmake)
  foreach(t ${gh_usbsim_tests})
    add_skipped_test(${t} "not in the sanitizer build (the gateware simulation is Verilator's code; the main build runs it)")
  endforeach()
  return()
endif()
set(gh_gateware ${CMAKE_SOURCE_DIR}/boards/gh-ref/gateware)
find_program(GPUHOST_IVERILOG_FOR_GATEWARE iverilog)
if(GPUHOST_IVERILOG_FOR_GATEWARE)
  add_test(NAME gh_ref_gateware_peripherals
    COMMAND sh ${gh_gateware}/tests/run_periph_tb.sh ${GPUHOST_IVERILOG_FOR_GATEWARE} ${gh_gateware}
            ${CMAKE_CURRENT_BINARY_DIR}/gateware_periph_tb)
  set_tests_properties(gh_ref_gateware_peripherals PROPERTIES TIMEOUT 300 LABELS hdl)
else()
  add_skipped_test(gh_ref_gateware_peripherals "iverilog not found at configure time (scripts/setup.sh)")
endif()

# The SoC's own Verilog lints clean with every warning on (VexRiscv's is not
# ours: lint.vlt), as the FPGA builds it and as the simulation does; where the
# gateware is built (servers/usbemu/gateware.cmake found VexRiscv).
get_property(gh_vexriscv GLOBAL PROPERTY GH_VEXRISCV_VERILOG)
if(gh_vexriscv)
  add_test(NAME gh_ref_gateware_lint
    COMMAND sh -c "\"$0\" --lint-only -Wall -I\"$1\" --top-module gh_ref_soc \"$1\"/lint.vlt \"$1\"/*.v \"$2\" && \
                   \"$0\" --lint-only -Wall -DGH_REF_SIM -I\"$1\" --top-module gh_ref_soc \"$1\"/lint.vlt \"$1\"/*.v \"$2\""
            ${GPUHOST_VERILATOR_BIN} ${gh_gateware} ${gh_vexriscv})
  set_tests_properties(gh_ref_gateware_lint PROPERTIES LABELS hdl TIMEOUT 300)
else()
  add_unavailable_test(gh_ref_gateware_lint usbsim
    "the gateware is not built here (Verilator, or pythondata-cpu-vexriscv in .venv: scripts/setup.sh)" hdl)
endif()

if(TARGET gpu-usbemu)
  set(gh_usbsim_emu $<TARGET_FILE:gpu-usbemu>)
else()
  set(gh_usbsim_emu ${CMAKE_BINARY_DIR}/gpu-usbemu-not-built)
endif()
set(gh_usbsim_kernels sh ${CMAKE_CURRENT_LIST_DIR}/kernels.sh $<TARGET_FILE:gpuhost> ${gh_usbsim_emu}
    ${CMAKE_SOURCE_DIR}/tests/kernels)
add_test(NAME usbsim_kernels COMMAND ${gh_usbsim_kernels} "bitmanip.s divergent.s" "saxpy.s:FFMA")
add_test(NAME usbsim_kernels_long
  COMMAND ${gh_usbsim_kernels} "dot_idp4a.s reduce_redux.s reduce_shfl.s" "haxpy_fp16.s:HFMA2 lrp_blend.s:LRP")
set(gh_lockstep ${CMAKE_SOURCE_DIR}/tests/lockstep)
add_test(NAME usbsim_traps
  COMMAND sh ${gh_lockstep}/traps.sh $<TARGET_FILE:gpuhost> usbsim ${gh_lockstep}/traps $<TARGET_FILE:trap_patch>
          ${CMAKE_SOURCE_DIR}/cosim/common/include/trap_codes.h ${gh_usbsim_emu})
# --brief: the port's transactions through the gateware (reset, every backdoor
# kind, code load, a random run), not its 47 steps of one instruction (6 CPU-
# minutes here): the gateware carries every instruction alike, and the same
# core at the same configuration is stepped through them by
# rtl_board_selftest, the same rv32 image by usbemu_selftest
add_test(NAME usbsim_selftest
  COMMAND sh ${gh_lockstep}/selftest.sh $<TARGET_FILE:gpuhost> usbsim ${gh_usbsim_emu} --brief)
# 1000 instructions a seed: the gateware simulated whole runs about 50 a
# second; longer streams of the same generator run on the model and rtl boards
add_test(NAME usbsim_random
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/random.sh $<TARGET_FILE:gpuhost> ${gh_usbsim_emu} 1000 1 2 3)
add_test(NAME usbsim_faults
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/faults.sh $<TARGET_FILE:gpuhost> ${gh_usbsim_emu}
          ${CMAKE_SOURCE_DIR}/servers/rtlsim/tests)
add_test(NAME usbsim_stress
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/stress.sh $<TARGET_FILE:gpuhost> ${gh_usbsim_emu}
          ${CMAKE_SOURCE_DIR}/tests/kernels/divergent.s ${CMAKE_SOURCE_DIR}/tests/kernels/reduce_redux.s)
if(TARGET rtl_fst_check)
  add_test(NAME usbsim_wave COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/wave.sh $<TARGET_FILE:gpuhost> ${gh_usbsim_emu}
                                    $<TARGET_FILE:rtl_fst_check> ${CMAKE_SOURCE_DIR}/tests/kernels/bitmanip.s)
  set_tests_properties(usbsim_wave PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS long)
else()
  add_unavailable_test(usbsim_wave usbsim "rtl_fst_check is not built (servers/rtlsim: Verilator)" long)
endif()
set_tests_properties(usbsim_kernels usbsim_kernels_long usbsim_traps usbsim_selftest usbsim_random usbsim_faults
  usbsim_stress PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200)
set_tests_properties(usbsim_kernels_long usbsim_traps usbsim_selftest usbsim_random usbsim_faults
  usbsim_stress PROPERTIES LABELS long)
# CTest starts the longest first (seconds, as measured): the gateware is slow to simulate
set_tests_properties(usbsim_selftest PROPERTIES COST 360)
set_tests_properties(usbsim_random usbsim_faults usbsim_stress PROPERTIES COST 100)
if(TEST usbsim_wave)
  set_tests_properties(usbsim_wave PROPERTIES COST 150)
endif()
