# The board path over USB, end to end on the emulated board: the unmodified
# libusb program gpuhost (--board usb) runs under gpu-usbemu, which serves the real firmware core with the model as
# DUT. Kernels must pass in lockstep; each USB fault must give its own error
# promptly. Skipped (77) where umockdev is missing or cannot run.
if(TARGET gpu-usbemu)
  set(GH_USBEMU $<TARGET_FILE:gpu-usbemu>)
else()
  set(GH_USBEMU ${CMAKE_BINARY_DIR}/gpu-usbemu-not-built)
endif()
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
