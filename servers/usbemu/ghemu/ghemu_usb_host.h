/* The host side of the gh-ref USB device core's EP1, as a board simulation
 * (the emulator ghemu, the Verilated gateware ghsoc) reaches it: gpu-usbemu
 * supplies it over its umockdev device (usbemu_image.c). */
#ifndef GHEMU_USB_HOST_H
#define GHEMU_USB_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The host side of the USB device core's EP1 (the core answers EP0 itself). */
typedef struct {
    void *ctx;
    /* The next OUT packet (at most 512 bytes) into buf: its length (0 = a
     * zero-length packet), or -1 when none came within wait_us. */
    int (*out_packet)(void *ctx, uint8_t *buf, uint32_t wait_us);
    /* One whole IN transfer (its packets up to the short one): 0, or -1 when
     * the device is gone. */
    int (*in_transfer)(void *ctx, const uint8_t *buf, size_t len);
    /* Whether the host can take another IN packet now; waits up to wait_us. */
    bool (*in_ready)(void *ctx, uint32_t wait_us);
    /* Every sent IN transfer has been read by the host. */
    bool (*in_empty)(void *ctx);
    /* Link events since the last call (GH_USB_INT_BUS_RESET/_CONFIG bits)
     * and whether the device is configured now. */
    uint32_t (*events)(void *ctx, bool *configured);
    /* The image crashed: the board leaves the bus (report in ghemu_report). */
    void (*crashed)(void *ctx);
    /* The image set or cleared USB.CTRL's CONNECT (D+ pull-up: the host sees
     * the device only while it is set). */
    void (*connect)(void *ctx, bool on);
} ghemu_usb_host;

#endif
