# The board path over USB, end to end on the emulated board: gpuhost
# --board usbemu starts gpu-usbemu (serve mode), which serves the real firmware
# core with the model as DUT, and reaches it through its ordinary libusb
# backend; raw libusb clients run under it (wrap mode). Kernels must pass in lockstep; each USB fault must give its own error
# promptly. Skipped (77) where umockdev is missing or cannot run, or
# failing with the reason where GPUHOST_REQUIRE names usbemu (CI:
# tests/require.sh). Every test here is registered whatever is built: a test
# whose program is missing is registered by add_unavailable_test instead.
include(${CMAKE_SOURCE_DIR}/tests/skipped_test.cmake)
if(TARGET gpu-usbemu)
  set(GH_USBEMU $<TARGET_FILE:gpu-usbemu>)
else()
  set(GH_USBEMU ${CMAKE_BINARY_DIR}/gpu-usbemu-not-built)
endif()
set(gh_usbemu_missing "gpu-usbemu is not built (umockdev-1.0 not found at configure time: install libumockdev-dev umockdev, or scripts/setup.sh, and reconfigure)")
set(gh_rtl_dut_missing "servers/rtlsim's rtl_dut is not built (Verilator missing, or GPUHOST_RTLSIM=OFF): gpu-usbemu has no --dut rtl")
set(GH_USB_CLIENT $<TARGET_FILE:gpuhost>)
add_test(NAME usbemu_kernels
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/kernels.sh ${GH_USBEMU} ${GH_USB_CLIENT}
          ${CMAKE_SOURCE_DIR}/tests/kernels)
add_test(NAME usbemu_faults
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/faults.sh ${GH_USBEMU} ${GH_USB_CLIENT}
          ${CMAKE_SOURCE_DIR}/tests/kernels)
add_test(NAME usbemu_discovery
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/discovery.sh ${GH_USBEMU} ${GH_USB_CLIENT})
set_tests_properties(usbemu_kernels usbemu_faults usbemu_discovery PROPERTIES
  SKIP_RETURN_CODE 77 TIMEOUT 300)
# The same board with the Verilated core as DUT (gpu-usbemu --dut rtl): only
# where both gpu-usbemu and servers/rtlsim's rtl_dut are built.
if(TARGET gpu-usbemu AND TARGET rtl_dut)
  add_test(NAME usbemu_rtl
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/rtl.sh ${GH_USBEMU} ${GH_USB_CLIENT}
            ${CMAKE_SOURCE_DIR}/tests/kernels)
  set_tests_properties(usbemu_rtl PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)
elseif(NOT TARGET gpu-usbemu)
  add_unavailable_test(usbemu_rtl usbemu "${gh_usbemu_missing}")
else()
  add_skipped_test(usbemu_rtl "${gh_rtl_dut_missing}")
endif()
# The environment's shape is never changed while another thread may read it
# (an added variable moves environ under a getenv: umockdev's worker crashed
# so): env_guard.c preloaded under gpu-usbemu and gpuhost.
add_library(env_guard MODULE ${CMAKE_CURRENT_LIST_DIR}/env_guard.c)
target_link_libraries(env_guard PRIVATE ${CMAKE_DL_LIBS})
if(TARGET gpu-usbemu)
  add_test(NAME usbemu_env_guard
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/env_guard.sh ${GH_USBEMU} ${GH_USB_CLIENT} $<TARGET_FILE:env_guard>
            ${CMAKE_SOURCE_DIR}/tests/kernels)
  set_tests_properties(usbemu_env_guard PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
else()
  add_unavailable_test(usbemu_env_guard usbemu "${gh_usbemu_missing}")
endif()
# Random legal instruction streams over the emulated board, the rv32 image
# serving them: 100k warp-instructions a seed (long: the first build only).
if(TARGET gpu-usbemu)
  add_test(NAME lockstep_random_usbemu
    COMMAND sh ${CMAKE_SOURCE_DIR}/tests/lockstep/random_streams.sh $<TARGET_FILE:gpuhost> usbemu 100000 1 2 3)
  set_tests_properties(lockstep_random_usbemu PROPERTIES TIMEOUT 1200 LABELS long)
else()
  add_unavailable_test(lockstep_random_usbemu usbemu "${gh_usbemu_missing}" long)
endif()
# ... and with the Verilated core as the board's DUT: every instruction type,
# floating point included (about 3k warp-instructions/s through the image).
if(TARGET gpu-usbemu AND TARGET rtl_dut)
  add_test(NAME lockstep_random_usbemu_rtl
    COMMAND sh ${CMAKE_SOURCE_DIR}/tests/lockstep/random_streams.sh $<TARGET_FILE:gpuhost> usbemu-rtl 100000 1 2 3)
  set_tests_properties(lockstep_random_usbemu_rtl PROPERTIES TIMEOUT 1800 LABELS long)
elseif(NOT TARGET gpu-usbemu)
  add_unavailable_test(lockstep_random_usbemu_rtl usbemu "${gh_usbemu_missing}" long)
else()
  add_skipped_test(lockstep_random_usbemu_rtl "${gh_rtl_dut_missing}" long)
endif()
# INJECT and WRITE_REG over USB through the rv32 image (a libusb client of
# its own: gpuhost sends neither).
pkg_check_modules(GH_TEST_LIBUSB IMPORTED_TARGET libusb-1.0)
if(TARGET gpu-usbemu AND GH_TEST_LIBUSB_FOUND)
  add_executable(usbemu_inject ${CMAKE_CURRENT_LIST_DIR}/inject_usb.c)
  target_link_libraries(usbemu_inject PRIVATE wire isa PkgConfig::GH_TEST_LIBUSB)
  add_test(NAME usbemu_inject
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/inject.sh ${GH_USBEMU} $<TARGET_FILE:usbemu_inject>)
  set_tests_properties(usbemu_inject PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
elseif(NOT TARGET gpu-usbemu)
  add_unavailable_test(usbemu_inject usbemu "${gh_usbemu_missing}")
else()
  add_unavailable_test(usbemu_inject usbemu "libusb-1.0 not found at configure time (install libusb-1.0-0-dev, or scripts/setup.sh)")
endif()

# The rv32 image itself, executing under gpu-usbemu's emulated soft core
# (Unicorn): kernels through hal.c, `info`, the cost and coverage figures,
# the deliberately broken images ending in a crash report (exit 8), and an
# image whose DMA transfers are all refused still serving correctly.
# Registered always: it skips (77) without the riscv toolchain, Unicorn or
# umockdev, and fails saying which where GPUHOST_REQUIRE names usbemu.
get_property(gh_rv32_image GLOBAL PROPERTY GH_RV32_IMAGE)
if(gh_rv32_image)
  get_filename_component(gh_rv32_dir ${gh_rv32_image} DIRECTORY)
else()
  set(gh_rv32_dir ${CMAKE_BINARY_DIR}/boards/gh-ref/fw-not-built)
endif()
add_test(NAME fw_rv32_image
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/image.sh ${GH_USBEMU} ${GH_USB_CLIENT} ${gh_rv32_dir}
          ${CMAKE_SOURCE_DIR}/tests/kernels $<$<TARGET_EXISTS:usbemu_inject>:$<TARGET_FILE:usbemu_inject>>)
set_tests_properties(fw_rv32_image PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
# The emulated board's DMA engine against its contract (boards/gh-ref/
# README.md): copies, the CRC fed on the way, the USB FIFO and its overrun,
# each misuse refused with its cause. Needs ghemu (Unicorn) and an image.
if(TARGET ghemu AND gh_rv32_image)
  add_executable(ghemu_dma_test ${CMAKE_CURRENT_LIST_DIR}/ghemu_dma_test.c)
  target_link_libraries(ghemu_dma_test PRIVATE ghemu PkgConfig::CMOCKA PkgConfig::TEST_ZLIB)
  add_test(NAME gh_ref_dma COMMAND ghemu_dma_test ${gh_rv32_image})
  # the USB core's IN frame sender: the CRC filled in, its timing, each misuse refused
  add_executable(ghemu_frame_test ${CMAKE_CURRENT_LIST_DIR}/ghemu_frame_test.c)
  target_link_libraries(ghemu_frame_test PRIVATE ghemu PkgConfig::CMOCKA PkgConfig::TEST_ZLIB)
  add_test(NAME gh_ref_frame_sender COMMAND ghemu_frame_test ${gh_rv32_image})
else()
  add_unavailable_test(gh_ref_dma usbemu "the emulated board (ghemu: Unicorn, umockdev) or the rv32 image is not built")
  add_unavailable_test(gh_ref_frame_sender usbemu "the emulated board (ghemu: Unicorn, umockdev) or the rv32 image is not built")
endif()
