# The DUT port contract's constants of fw/core/include/fw/port.h (the one
# source the board sides include) as Verilog localparams: gpu_port.vh in the
# build tree, at configure time like gpu_faults.vh. Each X-macro list becomes
# PREFIX_<NAME> localparams sized by its FW_PORT_<...>_BITS, e.g. BEAT_HEAD,
# STATUS_TRAP, BD_GPR, LANE_EXITED, CAPW_WARPS, FEAT_TRAP_LANE and
# FEAT_FAULTS (bit numbers of capability word FEATURES), CORE_RETIRED,
# FREG_KIND, STK_MEMBERS; plain numbers (counts, widths) as integers.
set(port_h_path ${PROJECT_SOURCE_DIR}/fw/core/include/fw/port.h)
file(READ ${port_h_path} port_h)
set(port_vh "// Generated from fw/core/include/fw/port.h by hdl_stubs/port.cmake: do not edit.\n")
# LIST (the X-macro FW_PORT_<LIST>), BITS (FW_PORT_<BITS>_BITS), Verilog prefix
foreach(spec BEATS:BEAT:BEAT STATUSES:STATUS:STATUS SPACES:SPACE:BD LANE_STATUS:LANE_STATUS:LANE
             CAPS:CAP:CAPW FEATURES:FEATURE:FEAT CORE:CORE:CORE FAULT_REGS:FAULT_REG:FREG
             STACK_FIELDS:STACK_FIELD:STK)
  string(REPLACE ":" ";" parts ${spec})
  list(GET parts 0 list)
  list(GET parts 1 bits_name)
  list(GET parts 2 prefix)
  if(NOT port_h MATCHES "#define FW_PORT_${bits_name}_BITS ([0-9]+)")
    message(FATAL_ERROR "hdl_stubs/port.cmake: no FW_PORT_${bits_name}_BITS in ${port_h_path}")
  endif()
  set(bits ${CMAKE_MATCH_1})
  math(EXPR msb "${bits} - 1")
  string(APPEND port_vh "localparam integer ${prefix}_BITS = ${bits};\n")
  # the macro's lines: each but the last ends in a backslash
  if(NOT port_h MATCHES "#define FW_PORT_${list}\\(X\\)[^\n]*\\\\\n(([^\n]*\\\\\n)*[^\n]*)")
    message(FATAL_ERROR "hdl_stubs/port.cmake: no FW_PORT_${list}(X) in ${port_h_path}")
  endif()
  set(body "${CMAKE_MATCH_1}")
  if(body MATCHES ";")
    message(FATAL_ERROR "hdl_stubs/port.cmake: FW_PORT_${list}(X) has a ';' in a text (CMake splits lists there)")
  endif()
  string(REGEX MATCHALL "X\\([A-Z_0-9]+, [0-9]+, \"[^\"]*\"\\)" items "${body}")
  list(LENGTH items n)
  if(n EQUAL 0)
    message(FATAL_ERROR "hdl_stubs/port.cmake: FW_PORT_${list}(X) lists nothing")
  endif()
  foreach(item IN LISTS items)
    string(REGEX MATCH "X\\(([A-Z_0-9]+), ([0-9]+), \"([^\"]*)\"" _ "${item}")
    string(APPEND port_vh "localparam [${msb}:0] ${prefix}_${CMAKE_MATCH_1} = ${bits}'d${CMAKE_MATCH_2}; // ${CMAKE_MATCH_3}\n")
  endforeach()
endforeach()
foreach(count CAP_OPTYPE_WORDS CAP_TOLERANCE_WORDS CAP_LACKING_WORDS CAP_MODIFIER_WORDS CONTRACT_REVISION ROW_LANES)
  if(NOT port_h MATCHES "#define FW_PORT_${count} ([0-9]+)")
    message(FATAL_ERROR "hdl_stubs/port.cmake: no FW_PORT_${count} in ${port_h_path}")
  endif()
  string(APPEND port_vh "localparam integer ${count} = ${CMAKE_MATCH_1};\n")
endforeach()
file(MAKE_DIRECTORY ${GPUHOST_HDL_GENERATED})
file(CONFIGURE OUTPUT ${GPUHOST_HDL_GENERATED}/gpu_port.vh CONTENT "${port_vh}")
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${port_h_path})
