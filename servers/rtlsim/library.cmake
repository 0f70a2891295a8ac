# gpuhost_rtl (libgpuhost-rtl.a, installed as gpuhost::rtl): everything of
# an RTL server but the Verilated core and its harness: gpu-rtlsim's main(),
# the board side of the port contract (dut_rtl.c), the firmware core, the
# wire protocol and the ZeroMQ link, in one archive a user's server links
# (gpuhost_add_rtl_server, gpuhost-rtl.cmake). Plain C: built and installed
# with or without Verilator, which only the server itself needs.
include(GNUInstallDirs)
add_library(gpuhost_rtl STATIC ${CMAKE_CURRENT_LIST_DIR}/dut_rtl.c ${CMAKE_CURRENT_LIST_DIR}/gpu_rtlsim.c
  $<TARGET_OBJECTS:fw_core> $<TARGET_OBJECTS:wire> $<TARGET_OBJECTS:wire_zmq> $<TARGET_OBJECTS:sparse_memory>
  $<TARGET_OBJECTS:server_common> $<TARGET_OBJECTS:rtl_stress>
  $<TARGET_OBJECTS:isa_objs>) # (the link's --endpoint-file goes through isa_outfile)
set_target_properties(gpuhost_rtl PROPERTIES OUTPUT_NAME gpuhost-rtl EXPORT_NAME rtl)
foreach(dep fw_core server_common wire_headers wire_zmq sparse_memory rtl_stress isa_objs)
  target_include_directories(gpuhost_rtl PRIVATE $<TARGET_PROPERTY:${dep},INTERFACE_INCLUDE_DIRECTORIES>)
endforeach()
target_include_directories(gpuhost_rtl PRIVATE ${CMAKE_CURRENT_LIST_DIR} ${GPUHOST_HDL_GENERATED}) # gpu_checker_kinds.h
find_package(Threads REQUIRED)
pkg_check_modules(RTL_LIB_ZMQ REQUIRED IMPORTED_TARGET libzmq)
pkg_check_modules(RTL_LIB_ZLIB REQUIRED IMPORTED_TARGET zlib)
pkg_check_modules(RTL_LIB_INIH REQUIRED IMPORTED_TARGET inih) # CURVE key files
pkg_check_modules(RTL_LIB_ISAL REQUIRED IMPORTED_TARGET libisal) # the wire's CRC-32
target_link_libraries(gpuhost_rtl INTERFACE
  $<BUILD_INTERFACE:PkgConfig::RTL_LIB_ZMQ> $<BUILD_INTERFACE:PkgConfig::RTL_LIB_ZLIB>
  $<BUILD_INTERFACE:PkgConfig::RTL_LIB_INIH> $<BUILD_INTERFACE:PkgConfig::RTL_LIB_ISAL>
  $<INSTALL_INTERFACE:zmq> $<INSTALL_INTERFACE:z> $<INSTALL_INTERFACE:inih> $<INSTALL_INTERFACE:isal>
  Threads::Threads)

# What a user's server is made of, in a prefix (docs/bring-up.md):
#   lib/libgpuhost-rtl.a                     this library (gpuhost::rtl; pkg-config gpuhost-rtl)
#   share/gpuhost/rtl/                       harness.cpp, harness.h, fw/port.h, the wrapper template
#   share/gpuhost/hdl/                       the contract's generated headers, gpu_legal.v, gpu_port_checker.v
#   lib/cmake/gpuhost/gpuhost-rtl.cmake      gpuhost_add_rtl_server() (find_package(gpuhost))
#   share/doc/gpuhost/                       docs/port-contract.md, docs/bring-up.md,
#                                            examples/byo_rtl (tests/byo_rtl's project)
install(TARGETS gpuhost_rtl EXPORT gpuhostTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/harness.cpp ${CMAKE_CURRENT_LIST_DIR}/harness.h
  ${CMAKE_CURRENT_LIST_DIR}/gpuhost_rtl_top.sv.in DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuhost/rtl)
install(FILES ${PROJECT_SOURCE_DIR}/fw/core/include/fw/port.h DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuhost/rtl/fw)
foreach(f gpu_port.vh gpu_contract.vh gpu_faults.vh gpu_tolerance.vh gpu_isa.vh gpu_legal.v)
  install(FILES ${GPUHOST_HDL_GENERATED}/${f} DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuhost/hdl)
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/hdl_stubs/contract/gpu_port_checker.v DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuhost/hdl)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/gpuhost-rtl.cmake ${CMAKE_CURRENT_LIST_DIR}/verilate_fresh.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpuhost)
install(FILES ${PROJECT_SOURCE_DIR}/docs/port-contract.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/docs/bring-up.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# bring-up.md's example: a project of its own core, built from the prefix alone (tests/byo_rtl tests it)
install(FILES ${PROJECT_SOURCE_DIR}/tests/byo_rtl/CMakeLists.txt ${PROJECT_SOURCE_DIR}/tests/byo_rtl/byo_core.sv
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/byo_rtl)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/tests/byo_rtl/kernels DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/byo_rtl)
configure_file(${CMAKE_CURRENT_LIST_DIR}/gpuhost-rtl.pc.in ${CMAKE_CURRENT_BINARY_DIR}/gpuhost-rtl.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/gpuhost-rtl.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
