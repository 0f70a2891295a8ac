/* libgpuhost: the USB transport. A board is a USB device with one vendor
 * interface and two bulk endpoints; a frame goes out as one bulk OUT transfer
 * (ending with a zero-length packet when its length is a multiple of the max
 * packet size) and comes in as the header then the rest, read through several
 * asynchronous IN transfers kept in flight. Every wait has a timeout; a
 * failure leaves a sentence in the transport's error (gh_usb_alive). */
#ifndef GH_TRANSPORT_USB_H
#define GH_TRANSPORT_USB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire_client.h"

/* The reference board (pid.codes test VID:PID; gpu-usbemu emulates it). */
#define GH_USB_REF_VID 0x1209
#define GH_USB_REF_PID 0x6770
#define GH_USB_REF_INTERFACE 0
#define GH_USB_REF_EP_OUT 0x01
#define GH_USB_REF_EP_IN 0x81
#define GH_USB_REF_MAX_PACKET 512

typedef struct {
    uint16_t vid, pid;
    uint8_t interface, ep_out, ep_in;
    uint16_t max_packet;
    const char *serial;  /* NULL: any, but only one board may match */
    uint32_t timeout_ms; /* bound on one bulk OUT transfer and on opening */
} gh_usb_params;

/* The reference board's parameters; serial and timeout_ms as given. */
gh_usb_params gh_usb_reference(const char *serial, uint32_t timeout_ms);

/* Finds the board (VID:PID, and serial when given), opens it and claims its
 * interface. 0, or -1 with an actionable sentence in err: no such board (the
 * USB devices present are listed), several (their serials are listed),
 * permission denied (install boards/99-gpuhost.rules), busy. */
int gh_usb_open(const gh_usb_params *p, const gh_transport_ops **ops, void **ctx, char *err,
                size_t errlen);

/* A gh_alive_fn over the transport's ctx: false once the board is gone or
 * the link failed, why saying how (unplugged, endpoint stalled, ...). */
bool gh_usb_alive(void *ctx, char *why, size_t len);

/* The transport's failure so far ("" if none). */
const char *gh_usb_error(void *ctx);

typedef struct {
    uint64_t frames_out, frames_in, bytes_out, bytes_in;
    uint64_t in_transfers, out_transfers; /* completed transfers */
    uint32_t stalls_cleared;              /* halts cleared, transfer retried */
} gh_usb_stats;
void gh_usb_get_stats(void *ctx, gh_usb_stats *s);

#endif
