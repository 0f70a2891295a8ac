# boards/gh-ref/fw: cross toolchain for the gh-ref soft core: Debian's
# riscv64-unknown-elf-gcc (multilib, so rv32imac/ilp32 too) with picolibc
# through the specs file its Debian package installs
# (/usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs, found by name).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(GH_RV32_PREFIX riscv64-unknown-elf- CACHE STRING "cross tool prefix")
set(CMAKE_C_COMPILER ${GH_RV32_PREFIX}gcc)
set(CMAKE_ASM_COMPILER ${GH_RV32_PREFIX}gcc)
set(CMAKE_SIZE ${GH_RV32_PREFIX}size)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# C and the link use plain rv32imac so gcc picks picolibc's rv32imac/ilp32
# multilib (with _zicsr it would fall back to the rv64 default); only crt0.S
# needs the CSR instructions, split out of the base ISA since binutils 2.38.
set(GH_RV32_ARCH "-march=rv32imac -mabi=ilp32")
set(CMAKE_C_FLAGS_INIT "${GH_RV32_ARCH} --specs=picolibc.specs")
set(CMAKE_ASM_FLAGS_INIT "-march=rv32imac_zicsr -mabi=ilp32")
# (CMAKE_C_FLAGS reach the link line too: the specs file must not be named twice)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostartfiles")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
