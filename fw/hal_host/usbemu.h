/* gpu-usbemu: the reference board emulated on USB for an unmodified libusb
 * program, with umockdev. The board publishes the reference board's
 * descriptors and services the usbfs ioctls; behind its bulk endpoints the
 * real firmware core (fw_serve) drives the functional model as DUT, or with
 * --dut rtl the Verilated stand-in core (cosim/rtl's rtl_dut, as gpu-rtlsim;
 * only where that library is built, else --dut rtl exits 2).
 *
 *   gpu-usbemu [--boards N] [--dut model|rtl] [--fault-usb KIND[:N]]
 *              [--fault KIND:AT[:PARAM]] [--verbose] -- PROGRAM ARGS...
 *
 * The environment variable GH_USBEMU_DUT (model|rtl) is the default for --dut.
 *
 * PROGRAM runs with LD_PRELOAD=libumockdev-preload.so.0 and UMOCKDEV_DIR set,
 * so its libusb sees the emulated board(s) and nothing else; gpu-usbemu exits
 * with PROGRAM's status (128+signal when it was killed). */
#ifndef FW_USBEMU_H
#define FW_USBEMU_H

/* The reference board's USB identity (pid.codes test range). */
#define USBEMU_VID 0x1209
#define USBEMU_PID 0x6770
#define USBEMU_INTERFACE 0
#define USBEMU_EP_OUT 0x01
#define USBEMU_EP_IN 0x81
#define USBEMU_MAX_PACKET 512
#define USBEMU_SERIAL_PREFIX "EMU" /* board i (from 1) has serial EMU000i */
#define USBEMU_DUT_ENV "GH_USBEMU_DUT" /* the default for --dut: model or rtl */

/* USB-level faults (--fault-usb KIND[:N]); N counts frames the board sends
 * (1 = the first), or DUT steps for hang. */
enum usbemu_fault {
    USBEMU_FAULT_NONE = 0,
    USBEMU_FAULT_UNPLUG,       /* the board is removed instead of sending frame N */
    USBEMU_FAULT_STALL,        /* the IN endpoint stalls once, at frame N */
    USBEMU_FAULT_STALL_ALWAYS, /* ... and again after every CLEAR_HALT */
    USBEMU_FAULT_CORRUPT,      /* one byte of frame N is flipped (its CRC no longer matches) */
    USBEMU_FAULT_DROP,         /* frame N is never sent */
    USBEMU_FAULT_VERSION,      /* HELLO is answered with protocol version 2 */
    USBEMU_FAULT_HANG,         /* the DUT stops retiring after N steps (watchdog) */
};

#endif
