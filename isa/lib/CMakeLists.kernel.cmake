# The kernel.bin container (isa/include/isa/kernel.h, isa/KERNEL_FORMAT.md).
# include()d from isa/lib/CMakeLists.txt; the sources go into the `isa`
# library, which must link libelf (pkg-config `libelf`).
set(ISA_KERNEL_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/kernel.c
    ${CMAKE_CURRENT_LIST_DIR}/kernel_elf_read.c
    ${CMAKE_CURRENT_LIST_DIR}/kernel_elf_write.c
)
