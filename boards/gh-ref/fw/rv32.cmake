# boards/gh-ref/fw: include()d from boards/boards.cmake (after enable_testing()).
# Builds the gh-ref firmware image with the rv32 cross toolchain when it is
# installed (apt-get install gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf)
# (and its deliberately broken test variants). Without the toolchain it says
# so and builds nothing; the test that executes the image (fw_rv32_image,
# tests/usbemu) then skips.
find_program(GH_RV32_GCC riscv64-unknown-elf-gcc)
find_program(GH_RV32_SIZE riscv64-unknown-elf-size)
find_program(GH_RV32_READELF NAMES riscv64-unknown-elf-readelf readelf)
find_file(GH_PICOLIBC_SPECS picolibc.specs PATHS /usr/lib/picolibc/riscv64-unknown-elf NO_DEFAULT_PATH)
if(GH_RV32_GCC AND GH_RV32_SIZE AND GH_RV32_READELF AND GH_PICOLIBC_SPECS)
  include(ExternalProject)
  set(GH_RV32_BINARY_DIR ${CMAKE_BINARY_DIR}/boards/gh-ref/fw)
  set(GH_RV32_IMAGE ${GH_RV32_BINARY_DIR}/gh-ref-fw.elf)
  set_property(GLOBAL PROPERTY GH_RV32_IMAGE ${GH_RV32_IMAGE})
  ExternalProject_Add(gh_ref_fw
    SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}
    BINARY_DIR ${GH_RV32_BINARY_DIR}
    CMAKE_ARGS
      -DCMAKE_TOOLCHAIN_FILE=${CMAKE_CURRENT_LIST_DIR}/toolchain-rv32imac.cmake
      -DCMAKE_BUILD_TYPE=Release
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    BUILD_BYPRODUCTS ${GH_RV32_IMAGE}
    USES_TERMINAL_BUILD ON)
  message(STATUS "rv32 firmware: gh-ref image ${GH_RV32_IMAGE}")
else()
  message(STATUS "rv32 firmware: riscv64-unknown-elf-gcc/picolibc not installed; gh-ref image not built")
endif()

# The register map is one data file (boards/gh-ref/regmap.txt); hal.h's
# register part, the emulator's register table and README.md's tables are
# generated from it and checked here, so none can drift.
find_package(Python3 COMPONENTS Interpreter QUIET)
if(Python3_Interpreter_FOUND)
  add_test(NAME gh_ref_regmap
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/boards/gh-ref/regmap.py --check)
else()
  add_test(NAME gh_ref_regmap COMMAND sh -c "echo 'SKIP: python3 not installed'; exit 77")
endif()
set_tests_properties(gh_ref_regmap PROPERTIES SKIP_RETURN_CODE 77)
