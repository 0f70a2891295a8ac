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

# The mutant server: the stand-in behind the defect wrapper, made a server by
# the same function as gpu-rtlsim, compiled without optimisation (it runs a
# few kernels, and builds faster). No inline contract checker: these tests
# prove the board side's own hold checks under stress.
gpuhost_add_rtl_server(gpu-rtlsim-hs-mutant TOP gpu_core_hs_mutant
  SOURCES ${HDL_SOURCES} ${RTL_TESTS}/gpu_core_hs_mutant.v INCLUDE_DIRS ${HDL_DIR} ${HDL_DIR}/fp
  BOARD rtl-hs-mutant TARGET_NAME "gpu_core RTL (Verilator)" MAX_ULP 1 OPT_LEVEL 0 NO_CHECKER)
add_test(NAME rtl_stress_mutants
  COMMAND sh ${RTL_TESTS}/rtl_stress_mutants.sh $<TARGET_FILE:gpuhost> $<TARGET_FILE:gpu-rtlsim-hs-mutant>
          ${CMAKE_SOURCE_DIR}/tests/kernels)

# ---- end of issue 29's block ----
