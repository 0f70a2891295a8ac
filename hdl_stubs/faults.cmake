# The fault kinds of fw/core/include/fw/faults.h as Verilog localparams
# (gpu_faults.vh in the build tree), so the stand-in core and the model DUT
# read the same numbers from one list. Runs at configure time: the HDL must
# elaborate before the build (servers/rtlsim lints it then).
set(GPUHOST_HDL_GENERATED ${CMAKE_BINARY_DIR}/hdl_generated)
file(READ ${PROJECT_SOURCE_DIR}/fw/core/include/fw/faults.h faults_h)
string(REGEX MATCHALL "X\\([A-Z_]+, [0-9]+, \"[^\"]*\"\\)" fault_lines "${faults_h}")
set(fault_vh "// Generated from fw/core/include/fw/faults.h by hdl_stubs/faults.cmake: do not edit.\n")
string(APPEND fault_vh "localparam [7:0] FAULT_NONE = 8'd0;\n")
foreach(line IN LISTS fault_lines)
  string(REGEX MATCH "X\\(([A-Z_]+), ([0-9]+), \"([^\"]*)\"" _ "${line}")
  string(APPEND fault_vh "localparam [7:0] FAULT_${CMAKE_MATCH_1} = 8'd${CMAKE_MATCH_2}; // ${CMAKE_MATCH_3}\n")
endforeach()
list(LENGTH fault_lines fault_count)
if(fault_count LESS 13)
  message(FATAL_ERROR "hdl_stubs/faults.cmake: read ${fault_count} fault kinds from fw/faults.h, expected 13 or more")
endif()
file(MAKE_DIRECTORY ${GPUHOST_HDL_GENERATED})
file(CONFIGURE OUTPUT ${GPUHOST_HDL_GENERATED}/gpu_faults.vh CONTENT "${fault_vh}")
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/fw/core/include/fw/faults.h)
include(${CMAKE_CURRENT_LIST_DIR}/contract.cmake) # trap codes, lanes, warp limit: gpu_contract.vh
