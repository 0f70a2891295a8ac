# What `cmake --install` puts in a prefix: libgpuhost.so (the public API, with
# libisa inside), its headers and libisa's, the CLI, the board descriptors, a CMake package (find_package(gpuhost):
# gpuhost::gpuhost) and a pkg-config file (gpuhost.pc); and the RTL harness
# a user's server is built from (servers/rtlsim/library.cmake: gpuhost::rtl,
# gpuhost_add_rtl_server(), gpuhost-rtl.pc).
include(CMakePackageConfigHelpers)
add_library(gpuhost_shared SHARED)
set_target_properties(gpuhost_shared PROPERTIES OUTPUT_NAME gpuhost EXPORT_NAME gpuhost
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
target_link_libraries(gpuhost_shared PRIVATE gpuhost_objs isa_objs)
target_include_directories(gpuhost_shared INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

install(TARGETS gpuhost_shared EXPORT gpuhostTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/host/include/gpuhost ${PROJECT_SOURCE_DIR}/isa/include/isa
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# gpuhost/model.h's records: the project's one commit record, beside it
install(FILES ${PROJECT_SOURCE_DIR}/cosim/common/include/commit_record.h
  ${PROJECT_SOURCE_DIR}/cosim/common/include/trap_codes.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gpuhost)
install(TARGETS gpuhost RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# the farm tools (docs/hil.md): a regression as a Slurm array; a board held as a labgrid place
install(PROGRAMS ${PROJECT_SOURCE_DIR}/host/farm/gpuhost-slurm ${PROJECT_SOURCE_DIR}/host/farm/gpuhost-labgrid
  DESTINATION ${CMAKE_INSTALL_BINDIR})
# (the servers boards name install themselves: servers/*/CMakeLists.txt)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/boards/ DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuhost/boards
  FILES_MATCHING PATTERN "*.ini" PATTERN "gh-ref" EXCLUDE)

set(GPUHOST_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gpuhost)
install(EXPORT gpuhostTargets NAMESPACE gpuhost:: DESTINATION ${GPUHOST_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/gpuhost-config.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/gpuhost-config.cmake INSTALL_DESTINATION ${GPUHOST_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/gpuhost-config-version.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/gpuhost-config.cmake ${CMAKE_CURRENT_BINARY_DIR}/gpuhost-config-version.cmake
  ${CMAKE_CURRENT_LIST_DIR}/gpuhost-functions.cmake DESTINATION ${GPUHOST_CMAKE_DIR})
configure_file(${CMAKE_CURRENT_LIST_DIR}/gpuhost.pc.in ${CMAKE_CURRENT_BINARY_DIR}/gpuhost.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/gpuhost.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
