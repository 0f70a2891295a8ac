# The facts the DUT port contract takes from the functional model, as Verilog
# localparams (gpu_contract.vh in the build tree): the trap codes an END beat
# reports (GM_TRAPS of cosim/model/include/gm/model.h), the lanes of a warp
# (GM_LANES) and the most warps a kernel launches (ISA_KERNEL_MAX_WARPS of
# isa/include/isa/kernel.h). The core, the contract checker and the
# conformance testbench read these, so none of them can drift from the model.
# Included by faults.cmake (configure time, like gpu_faults.vh; hdl.cmake lists them all).
set(model_h_path ${PROJECT_SOURCE_DIR}/cosim/model/include/gm/model.h)
set(kernel_h_path ${PROJECT_SOURCE_DIR}/isa/include/isa/kernel.h)
file(READ ${model_h_path} model_h)
file(READ ${kernel_h_path} kernel_h)
string(REGEX MATCHALL "X\\([A-Z_]+, [0-9]+, \"[^\"]*\"\\)" trap_lines "${model_h}")
set(contract_vh "// Generated from cosim/model/include/gm/model.h and isa/include/isa/kernel.h\n")
string(APPEND contract_vh "// by hdl_stubs/contract.cmake: do not edit.\n")
set(trap_max 0)
foreach(line IN LISTS trap_lines)
  string(REGEX MATCH "X\\(([A-Z_]+), ([0-9]+), \"([^\"]*)\"" _ "${line}")
  string(APPEND contract_vh "localparam [7:0] TRAP_${CMAKE_MATCH_1} = 8'd${CMAKE_MATCH_2}; // ${CMAKE_MATCH_3}\n")
  if(CMAKE_MATCH_2 GREATER trap_max)
    set(trap_max ${CMAKE_MATCH_2})
  endif()
endforeach()
list(LENGTH trap_lines trap_count)
if(trap_count LESS 13)
  message(FATAL_ERROR "hdl_stubs/contract.cmake: read ${trap_count} trap codes from GM_TRAPS, expected 13 or more")
endif()
string(APPEND contract_vh "localparam [7:0] TRAP_MAX = 8'd${trap_max}; // the highest trap code\n")
if(NOT model_h MATCHES "#define GM_LANES ([0-9]+)")
  message(FATAL_ERROR "hdl_stubs/contract.cmake: no GM_LANES in ${model_h_path}")
endif()
string(APPEND contract_vh "localparam integer CONTRACT_LANES = ${CMAKE_MATCH_1}; // lanes of a warp\n")
if(NOT kernel_h MATCHES "#define ISA_KERNEL_MAX_WARPS ([0-9]+)u?")
  message(FATAL_ERROR "hdl_stubs/contract.cmake: no ISA_KERNEL_MAX_WARPS in ${kernel_h_path}")
endif()
string(APPEND contract_vh "localparam integer CONTRACT_MAX_WARPS = ${CMAKE_MATCH_1}; // CAP_WARPS is 1..this\n")
file(MAKE_DIRECTORY ${GPUHOST_HDL_GENERATED})
file(CONFIGURE OUTPUT ${GPUHOST_HDL_GENERATED}/gpu_contract.vh CONTENT "${contract_vh}")
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${model_h_path} ${kernel_h_path})
