/* gpu-usbemu: the reference board emulated on USB for an unmodified libusb
 * program, with umockdev. The board publishes the reference board's
 * descriptors and services the usbfs ioctls; behind its bulk endpoints the
 * board's own firmware image (gh-ref-fw.elf, boards/gh-ref/fw over boards/gh-ref/hal.c)
 * executes on an emulated rv32imac soft core (ghemu/, Unicorn) with the
 * board's register blocks modelled, or with --firmware host the firmware
 * core compiled for the host. Behind the debug port: the functional model,
 * or with --dut rtl the Verilated stand-in core (servers/rtlsim's rtl_dut, as
 * gpu-rtlsim; only where that library is built, else --dut rtl exits 2).
 *
 *   gpu-usbemu [--boards N] [--dut model|rtl] [--firmware image|host] [--fault-usb KIND[:N]]
 *              [--fault KIND:AT[:PARAM]] [--stress SEED[:PROFILE]] [--verbose] -- PROGRAM ARGS...
 *   gpu-usbemu [the same options] [--ready-fd FD]
 *
 * The environment variable GH_USBEMU_DUT (model|rtl) is the default for --dut.
 *
 * Wrap mode: PROGRAM runs with LD_PRELOAD=libumockdev-preload.so.0 and
 * UMOCKDEV_DIR set, so its libusb sees the emulated board(s) and nothing
 * else; gpu-usbemu exits with PROGRAM's status (128+signal when it was
 * killed). Serve mode (no PROGRAM; how libgpuhost opens a board whose
 * descriptor names gpu-usbemu as its emulator): once every board is on the
 * bus it writes "ready DIR\n" on FD, DIR the testbed for UMOCKDEV_DIR, and
 * serves until its stdin ends or SIGTERM/SIGINT/SIGHUP; then it removes the
 * testbed and exits 0, or 1 when a board's firmware failed. */
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
#define USBEMU_FIRMWARE_ENV "GH_USBEMU_FIRMWARE" /* the default for --firmware: image or host */
#define USBEMU_IMAGE_ENV "GH_USBEMU_IMAGE"       /* the default for --image */
#define USBEMU_STATS_ENV "GH_USBEMU_FW_STATS"    /* non-empty: --fw-stats */
#define USBEMU_COVERAGE_ENV "GH_USBEMU_COVERAGE" /* the default for --fw-coverage */
#define USBEMU_VERBOSE_ENV "GH_USBEMU_VERBOSE"   /* non-empty: --verbose */

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
