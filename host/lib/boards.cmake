# host/lib: board descriptors (boards.c; their `lacks`: board_lacks.c), parsed with libinih. include()d from
# host/CMakeLists.txt after gpuhost_objs is defined.
pkg_check_modules(INIH REQUIRED IMPORTED_TARGET inih)
target_sources(gpuhost_objs PRIVATE ${CMAKE_CURRENT_LIST_DIR}/boards.c ${CMAKE_CURRENT_LIST_DIR}/board_lacks.c)
target_link_libraries(gpuhost_objs PRIVATE PkgConfig::INIH)
