/* libgpuhost (private): the USB transport's IN byte stream, cut into wire
 * frames. Bulk IN transfers append their bytes in completion order; a frame
 * is cut off the head once its header's length has arrived. Bytes that do
 * not start with the wire magic are handed over whole (the frame decoder
 * then says what is wrong), and a header claiming more than
 * WIRE_MAX_PAYLOAD is handed over alone. No libusb here: the framing is
 * tested and fuzzed on its own. */
#ifndef GH_USB_STREAM_H
#define GH_USB_STREAM_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *buf;
    size_t head, tail, cap; /* bytes head..tail-1 are unread */
} gh_usb_stream;

int gh__usb_stream_init(gh_usb_stream *s, size_t cap); /* 0, or -1 out of memory */
void gh__usb_stream_free(gh_usb_stream *s);
/* Appends n bytes; -1 (the stream unchanged) when out of memory. */
int gh__usb_stream_append(gh_usb_stream *s, const uint8_t *p, size_t n);
/* Length of the frame at the head if it is all there, else 0. */
size_t gh__usb_stream_frame(const gh_usb_stream *s);
/* Takes the frame at the head, if whole: copies at most cap of its bytes to
 * out, sets *len to the bytes copied and returns the frame's length (the
 * bytes consumed); 0 when no whole frame is there. */
size_t gh__usb_stream_take(gh_usb_stream *s, uint8_t *out, size_t cap, size_t *len);

#endif
