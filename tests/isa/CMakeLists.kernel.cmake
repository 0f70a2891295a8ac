# Unit tests of the kernel.bin container. include()d from the tests'
# CMakeLists.txt; needs the `isa` library target and cmocka.
find_package(PkgConfig REQUIRED)
pkg_check_modules(TEST_KERNEL_CMOCKA REQUIRED IMPORTED_TARGET cmocka)
# the test inspects the written ELF with libelf itself
pkg_check_modules(TEST_KERNEL_LIBELF REQUIRED IMPORTED_TARGET libelf)

add_executable(test_kernel ${CMAKE_CURRENT_LIST_DIR}/test_kernel.c)
target_link_libraries(test_kernel PRIVATE isa PkgConfig::TEST_KERNEL_CMOCKA
                                          PkgConfig::TEST_KERNEL_LIBELF)
add_test(NAME isa_kernel COMMAND test_kernel)
