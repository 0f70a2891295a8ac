# Everything the HDL includes is generated into build/hdl_generated at
# configure time (verilate() runs Verilator when configuring, so it must be
# there then), and regenerated when a source below changes (the sources are
# CMAKE_CONFIGURE_DEPENDS: a change re-runs the configure step):
#   gpu_faults.vh    fault kinds            fw/core/include/fw/faults.h  (faults.cmake)
#   gpu_contract.vh  trap codes, limits     cosim/model, isa/include      (contract.cmake)
#   gpu_port.vh      port-contract lists    fw/core/include/fw/port.h     (port.cmake)
#   gpu_isa.vh       the spec's facts       isa/spec + hdl_stubs/implemented.txt (isagen --verilog-dir)
#   gpu_legal.v      the encoding check     isa/spec                       (isagen)
#   gpu_tolerance.vh MUFU ulp bounds        hdl_stubs/fp/mufu_tolerance.txt (tolerance.cmake)
#   gpu_checker_kinds.h the checker's kinds (C) contract/gpu_port_checker.v (checker_kinds.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/faults.cmake) # sets GPUHOST_HDL_GENERATED; includes contract.cmake
include(${CMAKE_CURRENT_LIST_DIR}/port.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/tolerance.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/checker_kinds.cmake) # gpu_checker_kinds.h: the checker's kinds for C

# isagen, built privately for the configure step (the project's own isagen
# target only exists at build time), then run on the spec.
file(GLOB isagen_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/isa/isagen/*.c)
set(isagen_boot ${GPUHOST_HDL_GENERATED}/bootstrap/isagen)
try_compile(isagen_boot_ok
  SOURCES ${isagen_sources}
  CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${PROJECT_SOURCE_DIR}/isa/include"
  C_STANDARD 11
  OUTPUT_VARIABLE isagen_boot_log
  COPY_FILE ${isagen_boot})
if(NOT isagen_boot_ok)
  message(FATAL_ERROR "hdl_stubs/hdl.cmake: cannot build isagen for the HDL headers:\n${isagen_boot_log}")
endif()
set(hdl_implemented ${CMAKE_CURRENT_LIST_DIR}/implemented.txt)
# (into a staging folder, then copied where it changed: a configure of an
# unchanged tree leaves every generated file as it was, so nothing rebuilds)
set(isagen_staging ${GPUHOST_HDL_GENERATED}/bootstrap/verilog)
file(REMOVE_RECURSE ${isagen_staging})
file(MAKE_DIRECTORY ${isagen_staging})
execute_process(
  COMMAND ${isagen_boot} --verilog-dir ${isagen_staging} --implemented ${hdl_implemented} ${ISA_SPEC_FILES}
  RESULT_VARIABLE isagen_rc OUTPUT_VARIABLE isagen_out ERROR_VARIABLE isagen_out)
if(NOT isagen_rc EQUAL 0)
  message(FATAL_ERROR "hdl_stubs/hdl.cmake: isagen --verilog-dir failed:\n${isagen_out}")
endif()
file(GLOB isagen_outputs ${isagen_staging}/*)
foreach(generated ${isagen_outputs})
  get_filename_component(name ${generated} NAME)
  file(COPY_FILE ${generated} ${GPUHOST_HDL_GENERATED}/${name} ONLY_IF_DIFFERENT)
endforeach()
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${ISA_SPEC_FILES} ${hdl_implemented} ${isagen_sources} ${PROJECT_SOURCE_DIR}/isa/isagen/isagen.h
  ${PROJECT_SOURCE_DIR}/isa/include/isa/tables.h)
