# boards/: include()d from the top-level CMakeLists.txt (after enable_testing()).
# The descriptors (*.ini) are read at run time; their tests are tests/boards.
# The reference board gh-ref: its register map check (below) and its rv32
# firmware image (gh-ref/fw).
include(${CMAKE_CURRENT_LIST_DIR}/gh-ref/fw/rv32.cmake)
