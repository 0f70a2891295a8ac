# ---- issue 29: stress on the handshakes (included last by CMakeLists.txt) ----
# The board side stresses the core's handshakes under --stress (dut_rtl.c,
# cosim/common/src/stress.c). These tests prove it: every example kernel
# and random streams pass under each profile as without, and a second
# server, the stand-in behind a wrapper that plants one handshake defect
# chosen at run time (tests/gpu_core_hs_mutant.v), passes without stress and
# is caught by rule with it. Needs what gpu-rtlsim needs (this file is read
# only where it is built).
# (Its tests are named in RTL_TEST_NAMES: skipped where gpu-rtlsim is not built.)

add_test(NAME rtl_stress_kernels
  COMMAND sh ${RTL_TESTS}/rtl_stress.sh $<TARGET_FILE:gpuhost> $<TARGET_FILE:gpu-rtlsim>
          ${CMAKE_SOURCE_DIR}/tests/kernels)
if(GPUHOST_SANITIZE)
  # its C is gpu-rtlsim's, which the sanitizer pass runs anyway: spare that build a second core
  add_skipped_test(rtl_stress_mutants "not in the sanitizer build (its server is gpu-rtlsim's code over another core)")
  return()
endif()

# The mutant server: the same harness and board side over the wrapped core
# (its own Verilated model, also called Vgpu_core, in its own library),
# compiled without optimisation: it runs a few kernels, and builds faster.
add_library(gpu_core_hs_vl STATIC harness.cpp)
verilate(gpu_core_hs_vl
  SOURCES ${HDL_SOURCES} ${RTL_TESTS}/gpu_core_hs_mutant.v
  TOP_MODULE gpu_core_hs_mutant
  PREFIX Vgpu_core
  TRACE_FST
  INCLUDE_DIRS ${GPUHOST_HDL_GENERATED} ${HDL_DIR} ${HDL_DIR}/fp
  VERILATOR_ARGS -O3 --x-assign fast --x-initial unique -Wno-fatal
  OPT_FAST -O0
  OPT_SLOW -O0
  OPT_GLOBAL -O0)
target_include_directories(gpu_core_hs_vl PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
  PRIVATE ${CMAKE_SOURCE_DIR}/fw/core/include)
target_compile_options(gpu_core_hs_vl PRIVATE -g0) # (no debug info for 13 MB of generated C++)
target_link_libraries(gpu_core_hs_vl PUBLIC PkgConfig::RTL_ZLIB)
add_library(rtl_dut_hs STATIC dut_rtl.c)
target_compile_options(rtl_dut_hs PRIVATE ${RTL_WARNINGS})
target_link_libraries(rtl_dut_hs PUBLIC gpu_core_hs_vl fw_core sparse_memory rtl_stress)
add_executable(gpu-rtlsim-hs-mutant gpu_rtlsim.c)
target_compile_options(gpu-rtlsim-hs-mutant PRIVATE ${RTL_WARNINGS})
target_link_libraries(gpu-rtlsim-hs-mutant PRIVATE rtl_dut_hs fw_hal_host)
add_test(NAME rtl_stress_mutants
  COMMAND sh ${RTL_TESTS}/rtl_stress_mutants.sh $<TARGET_FILE:gpuhost> $<TARGET_FILE:gpu-rtlsim-hs-mutant>
          ${CMAKE_SOURCE_DIR}/tests/kernels)

# ---- end of issue 29's block ----
