# boards/: the descriptor tests. include()d from the top-level CMakeLists.txt
# after add_subdirectory(host) (needs gpuhost_lib with boards.c) and
# enable_testing().
add_executable(test_boards ${CMAKE_CURRENT_LIST_DIR}/test_boards.c)
target_link_libraries(test_boards PRIVATE gpuhost_lib gm isa_access PkgConfig::CMOCKA)
target_include_directories(test_boards PRIVATE ${CMAKE_SOURCE_DIR}/host/lib) # max_ulp.h
target_compile_definitions(test_boards PRIVATE GH_BOARDS_TEST_DIR="${CMAKE_CURRENT_LIST_DIR}")
add_test(NAME boards COMMAND test_boards)
