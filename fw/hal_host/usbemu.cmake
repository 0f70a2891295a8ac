# gpu-usbemu: the reference board on an emulated USB bus (umockdev), the
# firmware core serving the functional model behind its bulk endpoints.
# Optional: without umockdev (apt-get install libumockdev-dev umockdev) it is
# not built and the tests that need it are skipped.
pkg_check_modules(UMOCKDEV IMPORTED_TARGET umockdev-1.0 gobject-2.0 glib-2.0)
find_package(Threads REQUIRED)
if(UMOCKDEV_FOUND)
  add_executable(gpu-usbemu ${CMAKE_CURRENT_LIST_DIR}/usbemu.c)
  target_link_libraries(gpu-usbemu PRIVATE fw_hal_host PkgConfig::UMOCKDEV Threads::Threads)
else()
  message(STATUS "umockdev-1.0 not found: gpu-usbemu is not built, the usbemu tests will be skipped")
endif()
