# gpuhost_add_kernel_tests(<prefix> KERNELS <files or globs>... BOARD <name>
#                          [LABELS <label>...] [TIMEOUT <s>] [RETRIES <n>]
#                          [COVERAGE <dir>] [ARGS <arg>...])
#
# One CTest test per kernel, named <prefix>/<board>/<kernel>, running
# `gpuhost --board <name> run <kernel> --retries <n> <args>` with
# RESOURCE_GROUPS "<type>:1" (type: the board name, '-' as '_'). Under
# `ctest -j N --resource-spec-file pool.json` (gpuhost boards --resource-spec)
# kernels run on N board instances at once, each test told its instance
# (serial, endpoint) by CTest; without a spec file they run on the board's
# default instance. A target error (exit 8) is retried up to RETRIES times
# (default 1) inside the test; a divergence (7) or FAIL (4) never is; a
# --free-run among ARGS (exit 10: nothing compared) is reported skipped.
# With COVERAGE, each test writes <dir>/<prefix>.<board>.<kernel>.cov for
# `gpuhost coverage merge`. Labels: gpuhost, board:<name>, and LABELS.
# GPUHOST_EXECUTABLE names gpuhost.
function(gpuhost_add_kernel_tests prefix)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "BOARD;TIMEOUT;RETRIES;COVERAGE" "KERNELS;LABELS;ARGS")
  if(NOT arg_BOARD)
    message(FATAL_ERROR "gpuhost_add_kernel_tests(${prefix}): BOARD <name> is required")
  endif()
  if(NOT GPUHOST_EXECUTABLE)
    message(FATAL_ERROR "gpuhost_add_kernel_tests(${prefix}): GPUHOST_EXECUTABLE is not set (find_package(gpuhost))")
  endif()
  set(files "")
  foreach(kernel IN LISTS arg_KERNELS)
    if(kernel MATCHES "[*?[]")
      file(GLOB matched CONFIGURE_DEPENDS ${kernel})
      list(SORT matched)
      list(APPEND files ${matched})
    else()
      get_filename_component(kernel ${kernel} ABSOLUTE)
      list(APPEND files ${kernel})
    endif()
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "gpuhost_add_kernel_tests(${prefix}): KERNELS matched no file")
  endif()
  string(REPLACE "-" "_" type "${arg_BOARD}")
  string(TOLOWER "${type}" type)
  if(NOT DEFINED arg_RETRIES)
    set(arg_RETRIES 1)
  endif()
  foreach(file IN LISTS files)
    get_filename_component(stem ${file} NAME_WE)
    set(name ${prefix}/${arg_BOARD}/${stem})
    set(coverage "")
    if(arg_COVERAGE)
      file(MAKE_DIRECTORY ${arg_COVERAGE})
      set(coverage --coverage ${arg_COVERAGE}/${prefix}.${arg_BOARD}.${stem}.cov)
    endif()
    add_test(NAME ${name}
      COMMAND ${GPUHOST_EXECUTABLE} --board ${arg_BOARD} run ${file} --retries ${arg_RETRIES} ${coverage} ${arg_ARGS})
    # exit 10: a --free-run verified nothing, so CTest says skipped, not passed
    set_tests_properties(${name} PROPERTIES
      SKIP_RETURN_CODE 10
      RESOURCE_GROUPS "${type}:1"
      LABELS "gpuhost;board:${arg_BOARD};${arg_LABELS}")
    if(arg_TIMEOUT)
      set_tests_properties(${name} PROPERTIES TIMEOUT ${arg_TIMEOUT})
    endif()
  endforeach()
endfunction()
