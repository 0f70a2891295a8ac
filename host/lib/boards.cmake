# host/lib: board descriptors (boards.c) in gpuhost_lib, parsed with libinih,
# and `gpuhost boards` (cli/cmd_boards.c). include()d from host/CMakeLists.txt
# after add_library(gpuhost_lib ...) and add_executable(gpuhost ...).
pkg_check_modules(INIH REQUIRED IMPORTED_TARGET inih)
target_sources(gpuhost_lib PRIVATE ${CMAKE_CURRENT_LIST_DIR}/boards.c)
target_link_libraries(gpuhost_lib PRIVATE PkgConfig::INIH)
# Where gh_boards_dir() looks unless given --boards-dir.
target_compile_definitions(gpuhost_lib PRIVATE GH_BOARDS_DIR="${PROJECT_SOURCE_DIR}/boards")
if(TARGET gpuhost)
  target_sources(gpuhost PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../cli/cmd_boards.c)
endif()
