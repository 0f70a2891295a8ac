# libgpuhost's USB transport (boards and gpu-usbemu) over libusb-1.0
# (apt-get install libusb-1.0-0-dev). Included after gpuhost_objs is defined.
pkg_check_modules(HOST_LIBUSB REQUIRED IMPORTED_TARGET libusb-1.0)
target_sources(gpuhost_objs PRIVATE ${CMAKE_CURRENT_LIST_DIR}/transport_usb.c ${CMAKE_CURRENT_LIST_DIR}/usb_stream.c)
target_link_libraries(gpuhost_objs PRIVATE PkgConfig::HOST_LIBUSB)
