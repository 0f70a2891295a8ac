# gpu-usbemu --firmware gateware: the gh-ref SoC's RTL (boards/gh-ref/gateware)
# Verilated whole with the stand-in GPU core at its board configuration
# behind the debug port (ghsoc/). Needs Verilator, the core's MUFU tables
# and the soft core's Verilog from the project's virtual environment
# (pythondata-cpu-vexriscv, requirements.txt, installed by scripts/setup.sh).
# Without any of them gpu-usbemu says so for --firmware gateware and the
# usbsim tests skip (fail where GPUHOST_REQUIRE names usbsim).
set(GATEWARE_DIR ${PROJECT_SOURCE_DIR}/boards/gh-ref/gateware)
set(GPUHOST_VENV_PYTHON ${PROJECT_SOURCE_DIR}/.venv/bin/python3)
set(GPUHOST_GATEWARE_MISSING "")
if(GPUHOST_SANITIZE)
  # (its tests skip there, as the rtl_board_* ones do: the sanitizers would watch Verilator's code)
  set(GPUHOST_GATEWARE_MISSING "not in the sanitizer build")
elseif(NOT GPUHOST_RTLSIM OR NOT GPUHOST_VERILATOR_BIN OR NOT GPUHOST_FP_MUFU_TABLES)
  set(GPUHOST_GATEWARE_MISSING "Verilator, gpu-rtlsim or MUFU's tables are not built")
else()
  find_package(verilator QUIET HINTS $ENV{VERILATOR_ROOT} ${VERILATOR_ROOT})
  if(NOT verilator_FOUND)
    set(GPUHOST_GATEWARE_MISSING "Verilator has no verilator-config.cmake")
  elseif(NOT EXISTS ${GPUHOST_VENV_PYTHON})
    set(GPUHOST_GATEWARE_MISSING "the project's virtual environment .venv is missing (scripts/setup.sh)")
  else()
    execute_process(COMMAND ${GPUHOST_VENV_PYTHON} -c
                            "import pythondata_cpu_vexriscv as p; print(p.data_location, end='')"
                    RESULT_VARIABLE vex_rc OUTPUT_VARIABLE vex_dir ERROR_QUIET)
    if(NOT vex_rc EQUAL 0 OR NOT EXISTS ${vex_dir}/VexRiscv_IMAC.v)
      set(GPUHOST_GATEWARE_MISSING "pythondata-cpu-vexriscv is not in .venv (scripts/setup.sh installs requirements.txt)")
    endif()
  endif()
endif()
if(GPUHOST_GATEWARE_MISSING)
  message(STATUS "gpu-usbemu: --firmware gateware not built: ${GPUHOST_GATEWARE_MISSING}")
  return()
endif()

include(${PROJECT_SOURCE_DIR}/hdl_stubs/board_core.cmake) # GPUHOST_BOARD_CORE_PARAMETERS
set(HDL_DIR ${PROJECT_SOURCE_DIR}/hdl_stubs)
file(GLOB core_sources CONFIGURE_DEPENDS ${HDL_DIR}/*.v ${HDL_DIR}/fp/*.v)
file(GLOB soc_sources CONFIGURE_DEPENDS ${GATEWARE_DIR}/*.v)
set(vexriscv ${vex_dir}/VexRiscv_IMAC.v)
set(board_params "")
foreach(p ${GPUHOST_BOARD_CORE_PARAMETERS})
  list(APPEND board_params -G${p})
endforeach()
# The Verilated model (Verilator's code, not written for the project's
# warnings) and the bridge (ghsoc.cpp, with them, Verilator's headers as
# system headers).
add_library(ghsoc_model STATIC)
set_target_properties(ghsoc_model PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
target_compile_options(ghsoc_model PRIVATE -w)
verilate(ghsoc_model PREFIX Vgh_ref_sim TOP_MODULE gh_ref_sim_top TRACE_FST
  SOURCES ${GATEWARE_DIR}/sim/gh_ref_sim_top.v ${GATEWARE_DIR}/sim/gh_ref_sdram_sim.v
          ${GATEWARE_DIR}/sim/gh_ref_sim_fault_arm.v ${GATEWARE_DIR}/sim/gh_ref_sim_stress.v ${soc_sources}
          ${vexriscv}
          ${core_sources} ${GPUHOST_HDL_GENERATED}/gpu_legal.v
  INCLUDE_DIRS ${GATEWARE_DIR} ${HDL_DIR} ${HDL_DIR}/fp ${GPUHOST_HDL_GENERATED}
  VERILATOR_ARGS -DGH_REF_SIM ${board_params} -Wno-fatal -Wno-lint -Wno-style -O3 --x-assign fast --x-initial fast
  # -g0: no debug information for megabytes of generated C++ (GCC's variable
  # tracking over the trace's one huge function: 142 CPU-seconds of the build)
  OPT_FAST -O2 -g0
  OPT_GLOBAL -O2 -g0
  OPT_SLOW -O0 -g0) # run once (initial values, the trace's declarations): 1.6 CPU-minutes at -O2
set_property(GLOBAL PROPERTY GH_VEXRISCV_VERILOG ${vexriscv}) # for tests/usbsim (the gateware's lint)
add_library(ghsoc STATIC ghsoc/ghsoc.cpp)
target_include_directories(ghsoc PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/ghsoc ${CMAKE_CURRENT_SOURCE_DIR}/ghemu
                           PRIVATE ${PROJECT_SOURCE_DIR}/boards/gh-ref)
target_link_libraries(ghsoc PUBLIC rtl_stress PRIVATE ghsoc_model PkgConfig::LIBELF)
set_target_properties(ghsoc PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
set_source_files_properties(ghsoc/ghsoc.cpp PROPERTIES COMPILE_OPTIONS
  "-isystem;${VERILATOR_ROOT}/include;-isystem;${VERILATOR_ROOT}/include/vltstd")
target_link_libraries(gpu-usbemu PRIVATE ghsoc)
target_compile_definitions(gpu-usbemu PRIVATE USBEMU_HAVE_GATEWARE=1)
message(STATUS "gpu-usbemu: --firmware gateware (the gh-ref SoC Verilated, VexRiscv from ${vex_dir})")
