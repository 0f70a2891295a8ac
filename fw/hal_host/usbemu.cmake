# gpu-usbemu: the reference board on an emulated USB bus (umockdev), the
# firmware core serving the functional model behind its bulk endpoints.
# Optional: without umockdev (apt-get install libumockdev-dev umockdev) it is
# not built and the tests that need it are skipped.
pkg_check_modules(UMOCKDEV IMPORTED_TARGET umockdev-1.0 gobject-2.0 glib-2.0)
find_package(Threads REQUIRED)
if(UMOCKDEV_FOUND)
  add_executable(gpu-usbemu ${CMAKE_CURRENT_LIST_DIR}/usbemu.c ${CMAKE_CURRENT_LIST_DIR}/usbemu_desc.c
    ${CMAKE_CURRENT_LIST_DIR}/usbemu_urb.c ${CMAKE_CURRENT_LIST_DIR}/usbemu_ioctl.c ${CMAKE_CURRENT_LIST_DIR}/usbemu_link.c
    ${CMAKE_CURRENT_LIST_DIR}/usbemu_dut.c ${CMAKE_CURRENT_LIST_DIR}/usbemu_image.c)
  target_link_libraries(gpu-usbemu PRIVATE fw_hal_host rtl_stress PkgConfig::UMOCKDEV Threads::Threads)
  # --dut rtl: the Verilated core (cosim/rtl's rtl_dut) behind the endpoints,
  # where it is built. cosim/rtl is added after this directory, so the check
  # runs once the whole project has been read. rtl_dut is C++ inside: the
  # link rule for C++ must be known here, so C++ is enabled in this directory
  # when there is a compiler for it (and GPUHOST_RTLSIM is not OFF).
  if(NOT DEFINED GPUHOST_RTLSIM OR GPUHOST_RTLSIM)
    include(CheckLanguage)
    check_language(CXX)
    if(CMAKE_CXX_COMPILER)
      enable_language(CXX)
      set_property(GLOBAL PROPERTY GPU_USBEMU_CXX ON)
    endif()
  endif()
  function(gpu_usbemu_link_rtl_dut)
    get_property(cxx GLOBAL PROPERTY GPU_USBEMU_CXX)
    if(TARGET rtl_dut AND cxx)
      # fw_core (in rtl_dut) uses wire without linking it: name wire after it
      target_link_libraries(gpu-usbemu PRIVATE rtl_dut fw_core wire)
      target_compile_definitions(gpu-usbemu PRIVATE USBEMU_HAVE_RTL=1)
      message(STATUS "gpu-usbemu: --dut rtl available (rtl_dut)")
    else()
      message(STATUS "gpu-usbemu: rtl_dut not built: --dut rtl is not available")
    endif()
  endfunction()
  cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL gpu_usbemu_link_rtl_dut)
else()
  message(STATUS "umockdev-1.0 not found: gpu-usbemu is not built, the usbemu tests will be skipped")
endif()

# The rv32 image on the emulated board (ghemu/): Unicorn, libelf and the
# image built by fw/rv32 (rv32.cmake is included after this directory, so
# the link is decided once the whole project has been read). Without any of
# them gpu-usbemu runs the host-compiled firmware core only and says so for
# --firmware image.
pkg_check_modules(UNICORN IMPORTED_TARGET unicorn)
if(UMOCKDEV_FOUND AND UNICORN_FOUND)
  set(ghemu_dir ${CMAKE_CURRENT_LIST_DIR}/ghemu)
  add_library(ghemu STATIC ${ghemu_dir}/ghemu.c ${ghemu_dir}/ghemu_elf.c ${ghemu_dir}/ghemu_regs.c ${ghemu_dir}/ghemu_sys.c ${ghemu_dir}/ghemu_dma.c
                           ${ghemu_dir}/ghemu_usb.c ${ghemu_dir}/ghemu_dbg.c)
  target_include_directories(ghemu PUBLIC ${ghemu_dir} ${CMAKE_SOURCE_DIR}/boards/gh-ref)
  target_link_libraries(ghemu PUBLIC fw_core wire PkgConfig::UNICORN PkgConfig::LIBELF)
  target_compile_definitions(ghemu PRIVATE _POSIX_C_SOURCE=200809L)
endif()
if(UMOCKDEV_FOUND)
  function(gpu_usbemu_link_image)
    get_property(image GLOBAL PROPERTY GH_RV32_IMAGE)
    if(TARGET ghemu AND TARGET gh_ref_fw AND image)
      target_link_libraries(gpu-usbemu PRIVATE ghemu)
      target_compile_definitions(gpu-usbemu PRIVATE USBEMU_HAVE_IMAGE=1 GH_REF_FW_IMAGE="${image}")
      add_dependencies(gpu-usbemu gh_ref_fw)
      message(STATUS "gpu-usbemu: runs the rv32 image ${image} (Unicorn)")
    else()
      message(STATUS "gpu-usbemu: Unicorn (libunicorn-dev) or the rv32 image missing: "
                     "only the host-compiled firmware (--firmware host)")
    endif()
  endfunction()
  cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL gpu_usbemu_link_image)
endif()
