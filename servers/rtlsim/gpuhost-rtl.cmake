# gpuhost_add_rtl_server(<name> TOP <module> SOURCES <file>...
#                        [INCLUDE_DIRS <dir>...] [DEFINES <NAME[=VALUE]>...]
#                        [PARAMETERS <NAME=VALUE>...] [VERILATOR_ARGS <arg>...]
#                        [THREADS <n>] [NO_CHECKER]
#                        [BOARD <board>] [TARGET_NAME <text>] [DESCRIPTION <text>]
#                        [IMPLEMENTS <group>...] [MAY_LACK <name>...] [MAX_ULP <spec>]
#                        [LACKS <variant>|<variant>.<value>...]
#                        [DESCRIPTOR <file.ini>])
#
# Makes the executable <name>: an RTL server like gpu-rtlsim (same command
# line: --endpoint, link and CURVE options, --fault, --wave, --watchdog,
# --stats) around the Verilated module TOP, which presents the DUT port
# contract (docs/port-contract.md, installed as share/doc/gpuhost). The top
# Verilator builds is a generated wrapper, gpuhost_rtl_top: TOP with
# PARAMETERS, and gpu_port_checker beside it (NO_CHECKER: without; its
# CAP_WARPS is the PARAMETERS' CAP_WARPS, else the capability word WARPS).
# A violation ends the run as a DUT error (gpuhost exit 11) naming the rule,
# the cycle and the signals.
#
# Writes the board descriptor DESCRIPTOR (default <build dir>/<board>.ini;
# <board> defaults to <name>): `gpuhost --board <that file> run k.s` starts
# the server. TARGET_NAME (default "<TOP> RTL (Verilator)") is the name the
# server gives in CAPS and the descriptor's `target`; IMPLEMENTS the
# descriptor's instruction groups (default all: the core's CAPS decide);
# MAY_LACK its `lacks` (groups, types or opcode variants, as `gpuhost
# variants` names them: what the core may lack, at most; a core lacking more
# is refused, and --emulate-unimplemented PASSes only on these); MAX_ULP its
# MUFU bound (default 0, exact).
#
# LACKS lists what the core lacks of the optypes it implements: opcode
# variants (IADD_RC) and a variant's modifier values (MOV_R.64,
# LDG_R.dtype=128), as `gpuhost variants --modifiers` names them. The
# capability words that say so (CONTRACT, VARIANTS, LACKING, MODIFIERS) are
# computed at configure time by the installed `gpuhost caps-words` into
# gpuhost_lacks.vh, on the include path: `include it inside the core's
# module and answer capability word i with gpuhost_lacks_word(i) (0 for the
# words it does not cover). MAY_LACK defaults to the same list. An empty
# LACKS still presents CONTRACT: a core that lacks nothing and says so.
#
# The HDL may include the contract's generated headers (gpu_port.vh,
# gpu_contract.vh, gpu_isa.vh, gpu_faults.vh, gpu_tolerance.vh): their
# directory is on the include path; GPUHOST_HDL_LEGAL names gpu_legal.v
# (the encoding check) for SOURCES. Needs Verilator's CMake package (5.x)
# and the project's CXX language enabled.
#
# Set by whoever includes this file: GPUHOST_RTL_GLUE_DIR (harness.cpp and
# the wrapper template), GPUHOST_RTL_GLUE_INCLUDE (harness.h, fw/port.h),
# GPUHOST_HDL_INCLUDE (the generated headers), GPUHOST_HDL_CHECKER
# (gpu_port_checker.v), GPUHOST_RTL_LIBRARY (board side, firmware core, link
# and main()).
include(${CMAKE_CURRENT_LIST_DIR}/verilate_fresh.cmake)

function(gpuhost_add_rtl_server name)
  set(where "gpuhost_add_rtl_server(${name})")
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_CHECKER"
    "TOP;THREADS;BOARD;TARGET_NAME;DESCRIPTION;MAX_ULP;DESCRIPTOR;OPT_LEVEL"
    "SOURCES;INCLUDE_DIRS;DEFINES;PARAMETERS;VERILATOR_ARGS;IMPLEMENTS;MAY_LACK;LACKS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT name MATCHES "^[A-Za-z0-9_-]+$")
    message(FATAL_ERROR "${where}: the name may hold letters, digits, '-' and '_' only")
  endif()
  if(NOT arg_TOP OR NOT arg_TOP MATCHES "^[A-Za-z_][A-Za-z0-9_$]*$")
    message(FATAL_ERROR "${where}: TOP <module> is required (a module name, not '${arg_TOP}')")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "${where}: SOURCES <file>... is required")
  endif()
  foreach(var GLUE_DIR GLUE_INCLUDE LIBRARY)
    if(NOT GPUHOST_RTL_${var})
      message(FATAL_ERROR "${where}: GPUHOST_RTL_${var} is not set (use find_package(gpuhost))")
    endif()
  endforeach()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT CXX IN_LIST languages OR NOT C IN_LIST languages)
    message(FATAL_ERROR "${where}: needs the C and CXX languages (project(... LANGUAGES C CXX))")
  endif()
  if(NOT COMMAND verilate)
    find_package(verilator QUIET HINTS $ENV{VERILATOR_ROOT} ${VERILATOR_ROOT})
    if(NOT verilator_FOUND)
      message(FATAL_ERROR "${where}: Verilator's CMake package was not found "
                          "(apt-get install verilator; or set VERILATOR_ROOT)")
    endif()
  endif()
  set(sources "")
  foreach(f IN LISTS arg_SOURCES)
    get_filename_component(f ${f} ABSOLUTE)
    if(NOT EXISTS ${f})
      message(FATAL_ERROR "${where}: SOURCES: no file ${f}")
    endif()
    list(APPEND sources ${f})
  endforeach()

  # PARAMETERS NAME=VALUE: the core's, in the wrapper's instance
  set(params "")
  set(checker_warps 0)
  foreach(p IN LISTS arg_PARAMETERS)
    if(NOT p MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=(.+)$")
      message(FATAL_ERROR "${where}: PARAMETERS takes NAME=VALUE, not '${p}'")
    endif()
    list(APPEND params ".${CMAKE_MATCH_1}(${CMAKE_MATCH_2})")
    if(CMAKE_MATCH_1 STREQUAL "CAP_WARPS")
      set(checker_warps ${CMAKE_MATCH_2})
      if(NOT checker_warps MATCHES "^[0-9]+$" OR checker_warps LESS 1 OR checker_warps GREATER 64)
        message(FATAL_ERROR "${where}: PARAMETERS CAP_WARPS=${checker_warps}: the contract allows 1..64")
      endif()
    endif()
  endforeach()
  list(JOIN params ", " params)
  if(params)
    set(params "#(${params})")
  endif()
  # OPT_LEVEL 0..3: the C++ compiler's for the Verilated model (3, the
  # default, runs fastest; 0 builds fastest, for a server that runs little)
  set(opt 3)
  if(DEFINED arg_OPT_LEVEL)
    if(NOT arg_OPT_LEVEL MATCHES "^[0-3]$")
      message(FATAL_ERROR "${where}: OPT_LEVEL takes 0, 1, 2 or 3, not '${arg_OPT_LEVEL}'")
    endif()
    set(opt ${arg_OPT_LEVEL})
  endif()
  set(defines "")
  foreach(d IN LISTS arg_DEFINES)
    list(APPEND defines -D${d})
  endforeach()

  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${name}_rtl)
  file(MAKE_DIRECTORY ${dir})
  set(GPUHOST_RTL_NAME ${name})
  set(GPUHOST_RTL_TOP ${arg_TOP})
  set(GPUHOST_RTL_PARAMS "${params}")
  set(GPUHOST_RTL_CHECKER 1)
  set(GPUHOST_RTL_CHECKER_WARPS ${checker_warps})
  set(checker_source ${GPUHOST_HDL_CHECKER})
  if(arg_NO_CHECKER)
    set(GPUHOST_RTL_CHECKER 0)
    set(checker_source "")
  endif()
  configure_file(${GPUHOST_RTL_GLUE_DIR}/gpuhost_rtl_top.sv.in ${dir}/gpuhost_rtl_top.sv @ONLY)

  # LACKS: the capability words CONTRACT, VARIANTS, LACKING and MODIFIERS of
  # what the core lacks, computed now from the installed ISA tables by
  # `gpuhost caps-words`, as the function gpuhost_lacks_word(index) in
  # gpuhost_lacks.vh (on the include path); MAY_LACK defaults to the list
  set(lacks_list "${arg_LACKS}")
  if(DEFINED arg_LACKS OR "LACKS" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    if(NOT GPUHOST_EXECUTABLE OR NOT EXISTS "${GPUHOST_EXECUTABLE}")
      message(FATAL_ERROR "${where}: LACKS needs the gpuhost program (GPUHOST_EXECUTABLE, set by "
                          "find_package(gpuhost)) to compute the capability words at configure time")
    endif()
    execute_process(COMMAND ${GPUHOST_EXECUTABLE} caps-words ${lacks_list}
      OUTPUT_VARIABLE lacks_vh ERROR_VARIABLE lacks_err RESULT_VARIABLE lacks_rc)
    if(NOT lacks_rc EQUAL 0)
      message(FATAL_ERROR "${where}: LACKS: ${lacks_err}")
    elseif(lacks_err)
      message(WARNING "${where}: LACKS: ${lacks_err}")
    endif()
    file(MAKE_DIRECTORY ${dir}/lacks)
    file(WRITE ${dir}/lacks/gpuhost_lacks.vh.new "${lacks_vh}")
    file(COPY_FILE ${dir}/lacks/gpuhost_lacks.vh.new ${dir}/lacks/gpuhost_lacks.vh ONLY_IF_DIFFERENT)
    list(APPEND arg_INCLUDE_DIRS ${dir}/lacks)
    if(NOT arg_MAY_LACK AND lacks_list)
      set(arg_MAY_LACK ${lacks_list})
    endif()
  endif()

  # the name the target gives in CAPS (at most 63 characters: wire_caps.name)
  set(target_name "${arg_TOP} RTL (Verilator)")
  if(DEFINED arg_TARGET_NAME)
    set(target_name "${arg_TARGET_NAME}")
  endif()
  string(LENGTH "${target_name}" len)
  if(len EQUAL 0 OR len GREATER 63 OR target_name MATCHES "[\"\\\\;\n]")
    message(FATAL_ERROR "${where}: TARGET_NAME '${target_name}': 1..63 characters, no quote, backslash or ';'")
  endif()
  file(CONFIGURE OUTPUT ${dir}/rtl_identity.c CONTENT
    "/* Generated by ${where}: the name its target gives in CAPS. */\n#include \"harness.h\"\n\nconst char *rtl_target_name(void)\n{\n    return \"${target_name}\";\n}\n" @ONLY)

  # the Verilated wrapper and the harness: <name>_rtl_model
  add_library(${name}_rtl_model STATIC ${GPUHOST_RTL_GLUE_DIR}/harness.cpp)
  target_compile_features(${name}_rtl_model PUBLIC cxx_std_17) # aligned new for the Verilated model
  set(threads "")
  if(arg_THREADS)
    if(NOT arg_THREADS MATCHES "^[1-9][0-9]*$")
      message(FATAL_ERROR "${where}: THREADS takes a number of threads, not '${arg_THREADS}'")
    endif()
    set(threads THREADS ${arg_THREADS})
  endif()
  # every file Verilator may read, so that an edit re-runs it (verilate_fresh.cmake)
  set(hdl_files ${dir}/gpuhost_rtl_top.sv ${sources} ${checker_source})
  foreach(d IN LISTS arg_INCLUDE_DIRS GPUHOST_HDL_INCLUDE)
    get_filename_component(d ${d} ABSOLUTE)
    file(GLOB headers ${d}/*.vh ${d}/*.svh)
    list(APPEND hdl_files ${headers})
  endforeach()
  verilate_fresh(${name}_rtl_model Vgpuhost_rtl_top ${hdl_files})
  verilate(${name}_rtl_model
    SOURCES ${dir}/gpuhost_rtl_top.sv ${sources} ${checker_source}
    TOP_MODULE gpuhost_rtl_top
    PREFIX Vgpuhost_rtl_top
    TRACE_FST
    ${threads}
    INCLUDE_DIRS ${arg_INCLUDE_DIRS} ${GPUHOST_HDL_INCLUDE}
    VERILATOR_ARGS -O3 --x-assign fast --x-initial unique -Wno-fatal ${defines} ${arg_VERILATOR_ARGS}
    # -g0: no debug information for megabytes of generated C++ (GCC's variable
    # tracking over the trace's one huge function took most of the build)
    OPT_FAST -O${opt} -g0
    OPT_SLOW -O0 -g0 # run once (initial values, the trace's declarations): -O3 took 2 CPU-minutes a file
    OPT_GLOBAL -O${opt} -g0)
  target_include_directories(${name}_rtl_model PUBLIC ${GPUHOST_RTL_GLUE_INCLUDE})
  target_compile_options(${name}_rtl_model PRIVATE -O${opt})
  if(GPUHOST_SANITIZE)
    # Verilator's runtime is not UBSan-clean (its thread_local context
    # pointer, the FST writer's misaligned stores): no UBSan in this library;
    # ASan watches the harness only, not Verilator's generated code and
    # runtime (instrumented, they made every rtl test of the sanitizer pass
    # slower for nothing of the project's)
    target_compile_options(${name}_rtl_model PRIVATE -fno-sanitize=undefined,address)
    set_source_files_properties(${GPUHOST_RTL_GLUE_DIR}/harness.cpp PROPERTIES COMPILE_OPTIONS -fsanitize=address)
  endif()
  find_package(ZLIB REQUIRED) # the FST writer
  target_link_libraries(${name}_rtl_model PUBLIC ZLIB::ZLIB)

  # the server: main() and the board side come from the library, first on
  # the line, so that their references to the harness find it after them
  add_executable(${name} ${dir}/rtl_identity.c)
  target_include_directories(${name} PRIVATE ${GPUHOST_RTL_GLUE_INCLUDE})
  target_link_libraries(${name} PRIVATE ${GPUHOST_RTL_LIBRARY} ${name}_rtl_model)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}
    GPUHOST_RTL_IDENTITY ${dir}/rtl_identity.c)

  # the board descriptor (boards/README.md's format)
  set(board ${name})
  if(arg_BOARD)
    set(board ${arg_BOARD})
  endif()
  if(NOT board MATCHES "^[A-Za-z0-9_-]+$")
    message(FATAL_ERROR "${where}: BOARD '${board}': letters, digits, '-' and '_' only")
  endif()
  set(descriptor ${CMAKE_CURRENT_BINARY_DIR}/${board}.ini)
  if(arg_DESCRIPTOR)
    get_filename_component(descriptor ${arg_DESCRIPTOR} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  set(description "${arg_TOP} (Verilated by gpuhost_add_rtl_server) behind the firmware core, over ZeroMQ")
  if(DEFINED arg_DESCRIPTION)
    set(description "${arg_DESCRIPTION}")
  endif()
  set(implements all)
  if(arg_IMPLEMENTS)
    list(JOIN arg_IMPLEMENTS " " implements)
  endif()
  set(lacks "")
  if(arg_MAY_LACK)
    list(JOIN arg_MAY_LACK " " lacks)
    set(lacks "lacks = ${lacks}\n")
  endif()
  set(max_ulp 0)
  if(DEFINED arg_MAX_ULP)
    set(max_ulp "${arg_MAX_ULP}")
  endif()
  set(warps "")
  if(checker_warps)
    set(warps "warps = ${checker_warps}\n")
  endif()
  string(CONCAT ini "; Written by ${where} (${CMAKE_CURRENT_LIST_FILE}): re-run CMake, do not edit.\n"
          "[board]\nname = ${board}\ndescription = ${description}\ntransport = zmq\n"
          "server = ${CMAKE_CURRENT_BINARY_DIR}/${name}\nwave = yes\n\n"
          "[dut]\n${warps}implements = ${implements}\n${lacks}max_ulp = ${max_ulp}\ntarget = ${target_name}\n")
  # libinih reads lines of at most 198 characters and a line end
  string(REPLACE "\n" ";" lines "${ini}")
  foreach(line IN LISTS lines)
    string(LENGTH "${line}" len)
    if(len GREATER 198)
      message(FATAL_ERROR "${where}: the descriptor line '${line}' is ${len} characters, more than the 198 "
                          "gpuhost reads (a shorter build path, DESCRIPTION or BOARD)")
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${descriptor} CONTENT "${ini}" @ONLY)
  set_target_properties(${name} PROPERTIES GPUHOST_BOARD_DESCRIPTOR ${descriptor})
endfunction()
