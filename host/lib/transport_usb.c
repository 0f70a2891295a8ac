/* libgpuhost: the USB transport over libusb-1.0 (see transport_usb.h).
 *
 * IN: GH_USB_IN_TRANSFERS bulk transfers stay in flight; their bytes are
 * appended, in completion order, to a stream from which frames are cut by the
 * header's length (zero-length packets add nothing). OUT: one transfer per
 * frame, with a zero-length packet when the frame fills its last packet.
 * Every wait is libusb_handle_events_timeout_completed in a loop bounded by a
 * deadline, so nothing blocks longer than the caller asked. */
#define _POSIX_C_SOURCE 200809L
#include <libusb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpuhost/board.h"
#include "gpuhost/error.h"
#include "transport_usb.h"
#include "usb_stream.h"

#define GH_USB_IN_TRANSFERS 4
#define GH_USB_IN_SIZE (64 * 1024) /* a multiple of any max packet size */
#define GH_USB_SLICE_MS 100        /* longest single wait inside libusb */
#define GH_USB_CANCEL_MS 1000      /* how long cancelled transfers may take to come back */
#define GH_USB_RULES "boards/99-gpuhost.rules"

typedef struct usb_link usb_link;

typedef struct {
    usb_link *link;
    struct libusb_transfer *t;
    int busy;
} in_slot;

struct usb_link {
    libusb_context *ctx;
    libusb_device_handle *h;
    libusb_device *dev;
    gh_usb_params p;
    char serial[128], name[192];
    in_slot in[GH_USB_IN_TRANSFERS];
    struct libusb_transfer *out;
    int out_done;
    int zlp_flag_ok; /* the OS supports LIBUSB_TRANSFER_ADD_ZERO_PACKET */
    gh_usb_stream stream;
    int ready; /* a whole frame is in the stream (completion flag for libusb) */
    int stalled, gone, broken, stall_retried;
    int hotplug_registered;
    libusb_hotplug_callback_handle hotplug;
    char error[512];
    gh_usb_stats stats;
};

gh_usb_params gh_usb_reference(const char *serial, uint32_t timeout_ms)
{
    gh_usb_params p = {.vid = GH_USB_REF_VID, .pid = GH_USB_REF_PID, .interface = GH_USB_REF_INTERFACE,
                       .ep_out = GH_USB_REF_EP_OUT, .ep_in = GH_USB_REF_EP_IN,
                       .max_packet = GH_USB_REF_MAX_PACKET, .serial = serial, .timeout_ms = timeout_ms};
    return p;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Records the first failure (later ones are consequences). */
static void set_error(usb_link *l, const char *fmt, const char *a, const char *b)
{
    if (!l->error[0])
        snprintf(l->error, sizeof l->error, fmt, a, b);
}

static void mark_gone(usb_link *l, const char *how)
{
    l->gone = 1;
    char what[96];
    snprintf(what, sizeof what, "%s", how);
    set_error(l, "the board (%s) was unplugged or reset mid-run (%s)", l->name, what);
}

/* ---------------------------------------------------------------- IN stream */

static size_t whole_frame(const usb_link *l)
{
    return gh__usb_stream_frame(&l->stream);
}

static void append(usb_link *l, const uint8_t *p, size_t n)
{
    if (gh__usb_stream_append(&l->stream, p, n) != 0) {
        l->broken = 1;
        set_error(l, "out of memory receiving from the board%s%s", "", "");
    }
}

static void LIBUSB_CALL in_done(struct libusb_transfer *t)
{
    in_slot *s = t->user_data;
    usb_link *l = s->link;
    s->busy = 0;
    if (t->actual_length > 0) {
        append(l, t->buffer, (size_t)t->actual_length);
        l->stats.bytes_in += (uint64_t)t->actual_length;
    }
    switch (t->status) {
    case LIBUSB_TRANSFER_COMPLETED:
        l->stats.in_transfers++;
        if (!l->stalled && !l->gone && !l->broken) {
            int rc = libusb_submit_transfer(t);
            if (rc == 0)
                s->busy = 1;
            else if (rc == LIBUSB_ERROR_NO_DEVICE)
                mark_gone(l, "LIBUSB_ERROR_NO_DEVICE");
            else {
                l->broken = 1;
                set_error(l, "cannot queue a bulk IN transfer: %s%s", libusb_error_name(rc), "");
            }
        }
        break;
    case LIBUSB_TRANSFER_STALL: l->stalled = 1; break;
    case LIBUSB_TRANSFER_NO_DEVICE: mark_gone(l, "transfer status LIBUSB_TRANSFER_NO_DEVICE"); break;
    case LIBUSB_TRANSFER_CANCELLED: break;
    case LIBUSB_TRANSFER_OVERFLOW:
        l->broken = 1;
        set_error(l, "the board sent more than a bulk IN transfer holds (babble: overflow on the IN "
                     "endpoint)%s%s", "", "");
        break;
    default:
        l->broken = 1;
        set_error(l, "a bulk IN transfer from the board failed (%s)%s",
                  t->status == LIBUSB_TRANSFER_TIMED_OUT ? "timed out" : "transfer error", "");
        break;
    }
    if (whole_frame(l) || l->stalled || l->gone || l->broken)
        l->ready = 1;
}

static int submit_in(usb_link *l)
{
    for (int i = 0; i < GH_USB_IN_TRANSFERS; i++) {
        in_slot *s = &l->in[i];
        if (s->busy)
            continue;
        int rc = libusb_submit_transfer(s->t);
        if (rc == LIBUSB_ERROR_NO_DEVICE) {
            mark_gone(l, "LIBUSB_ERROR_NO_DEVICE");
            return -1;
        }
        if (rc < 0) {
            l->broken = 1;
            set_error(l, "cannot queue a bulk IN transfer: %s%s", libusb_error_name(rc), "");
            return -1;
        }
        s->busy = 1;
    }
    return 0;
}

static int in_busy(const usb_link *l)
{
    int n = 0;
    for (int i = 0; i < GH_USB_IN_TRANSFERS; i++)
        n += l->in[i].busy;
    return n;
}

/* Runs libusb's events until *flag is set or ms have passed. */
static void events(usb_link *l, int *flag, double ms)
{
    if (ms < 0)
        ms = 0;
    struct timeval tv = {.tv_sec = (long)(ms / 1000), .tv_usec = (long)((ms - 1000.0 * (long)(ms / 1000)) * 1000)};
    int rc = libusb_handle_events_timeout_completed(l->ctx, &tv, flag);
    if (rc < 0 && rc != LIBUSB_ERROR_INTERRUPTED && rc != LIBUSB_ERROR_TIMEOUT) {
        l->broken = 1;
        set_error(l, "libusb event handling failed: %s%s", libusb_error_name(rc), "");
    }
}

/* Cancels the in-flight IN transfers and waits (bounded) for them to return. */
static void cancel_in(usb_link *l)
{
    for (int i = 0; i < GH_USB_IN_TRANSFERS; i++)
        if (l->in[i].busy)
            libusb_cancel_transfer(l->in[i].t);
    double until = now_ms() + GH_USB_CANCEL_MS;
    while (in_busy(l) && now_ms() < until) {
        int none = 0;
        events(l, &none, 10);
    }
}

/* The IN endpoint stalled: clear the halt and retry, once per frame. */
static int recover_stall(usb_link *l)
{
    char ep[8];
    snprintf(ep, sizeof ep, "0x%02x", l->p.ep_in);
    if (l->stall_retried) {
        l->broken = 1;
        set_error(l, "the board's bulk IN endpoint %s stalled again after the halt was cleared and the "
                     "transfer retried: the firmware refuses to send (endpoint stalled)%s", ep, "");
        return -1;
    }
    l->stall_retried = 1;
    cancel_in(l);
    int rc = libusb_clear_halt(l->h, l->p.ep_in);
    if (rc == LIBUSB_ERROR_NO_DEVICE) {
        mark_gone(l, "LIBUSB_ERROR_NO_DEVICE");
        return -1;
    }
    if (rc < 0) {
        l->broken = 1;
        set_error(l, "the board's bulk IN endpoint %s stalled and the halt could not be cleared: %s", ep,
                  libusb_error_name(rc));
        return -1;
    }
    l->stalled = 0;
    l->ready = 0;
    l->stats.stalls_cleared++;
    return 0;
}

/* ---------------------------------------------------------------- ops */

static int usb_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    usb_link *l = ctx;
    double deadline = now_ms() + timeout_ms;
    for (int first = 1;; first = 0) {
        if (gh__usb_stream_take(&l->stream, buf, cap, len)) {
            l->stall_retried = 0;
            l->stats.frames_in++;
            l->ready = whole_frame(l) != 0;
            return 0;
        }
        if (l->gone || l->broken)
            return -1;
        if (l->stalled) {
            if (recover_stall(l) != 0)
                return -1;
            continue;
        }
        if (submit_in(l) != 0)
            return -1;
        double left = deadline - now_ms();
        if (left <= 0 && !first)
            return 1;
        l->ready = 0;
        events(l, &l->ready, left < GH_USB_SLICE_MS ? left : GH_USB_SLICE_MS);
    }
}

static void LIBUSB_CALL out_done(struct libusb_transfer *t)
{
    usb_link *l = t->user_data;
    l->out_done = 1;
}

/* One bulk OUT transfer; 0 sent, 1 stalled, -1 failed (error set). */
static int out_transfer(usb_link *l, const uint8_t *data, size_t len, int zlp_flag)
{
    char ep[8], bytes[32];
    snprintf(ep, sizeof ep, "0x%02x", l->p.ep_out);
    snprintf(bytes, sizeof bytes, "%zu", len);
    libusb_fill_bulk_transfer(l->out, l->h, l->p.ep_out, (unsigned char *)data, (int)len, out_done, l,
                              l->p.timeout_ms);
    l->out->flags = zlp_flag ? LIBUSB_TRANSFER_ADD_ZERO_PACKET : 0;
    l->out_done = 0;
    int rc = libusb_submit_transfer(l->out);
    if (rc == LIBUSB_ERROR_NOT_SUPPORTED && zlp_flag)
        return 2; /* no ZERO_PACKET support: the caller sends the ZLP itself */
    if (rc == LIBUSB_ERROR_NO_DEVICE) {
        mark_gone(l, "LIBUSB_ERROR_NO_DEVICE");
        return -1;
    }
    if (rc < 0) {
        l->broken = 1;
        set_error(l, "cannot start a bulk OUT transfer: %s%s", libusb_error_name(rc), "");
        return -1;
    }
    /* libusb ends the transfer at timeout_ms; the extra second covers its cancellation */
    double until = now_ms() + l->p.timeout_ms + GH_USB_CANCEL_MS;
    while (!l->out_done && now_ms() < until)
        events(l, &l->out_done, GH_USB_SLICE_MS);
    if (!l->out_done) {
        libusb_cancel_transfer(l->out);
        double c = now_ms() + GH_USB_CANCEL_MS;
        while (!l->out_done && now_ms() < c)
            events(l, &l->out_done, 10);
        l->broken = 1;
        if (!l->out_done)
            l->out = NULL; /* still owned by libusb: leaked rather than freed under it */
        set_error(l, "a bulk OUT transfer to endpoint %s never completed (%s bytes)", ep, bytes);
        return -1;
    }
    switch (l->out->status) {
    case LIBUSB_TRANSFER_COMPLETED:
        if ((size_t)l->out->actual_length != len) {
            l->broken = 1;
            set_error(l, "the board took only part of a frame on endpoint %s (%s bytes sent)", ep, bytes);
            return -1;
        }
        l->stats.out_transfers++;
        l->stats.bytes_out += len;
        return 0;
    case LIBUSB_TRANSFER_STALL: return 1;
    case LIBUSB_TRANSFER_NO_DEVICE: mark_gone(l, "transfer status LIBUSB_TRANSFER_NO_DEVICE"); return -1;
    case LIBUSB_TRANSFER_TIMED_OUT: {
        char ms[16];
        snprintf(ms, sizeof ms, "%u", l->p.timeout_ms);
        l->broken = 1;
        set_error(l, "the board did not accept a frame on bulk OUT endpoint %s within %s ms", ep, ms);
        return -1;
    }
    default:
        l->broken = 1;
        set_error(l, "bulk OUT transfer to endpoint %s failed (%s bytes)", ep, bytes);
        return -1;
    }
}

static int usb_send(void *ctx, const uint8_t *frame, size_t len)
{
    usb_link *l = ctx;
    if (l->gone || l->broken || !l->out)
        return -1;
    int need_zlp = len % l->p.max_packet == 0;
    for (int attempt = 0;; attempt++) {
        int rc = out_transfer(l, frame, len, need_zlp && l->zlp_flag_ok);
        if (rc == 2) {
            l->zlp_flag_ok = 0;
            continue;
        }
        if (rc == 0 && need_zlp && !l->zlp_flag_ok)
            rc = out_transfer(l, frame, 0, 0); /* the zero-length packet ends the transfer */
        if (rc == 0) {
            l->stats.frames_out++;
            return 0;
        }
        if (rc < 0)
            return -1;
        /* stalled: clear the halt and retry once */
        char ep[8];
        snprintf(ep, sizeof ep, "0x%02x", l->p.ep_out);
        int c = attempt == 0 ? libusb_clear_halt(l->h, l->p.ep_out) : 0;
        if (c == LIBUSB_ERROR_NO_DEVICE) {
            mark_gone(l, "LIBUSB_ERROR_NO_DEVICE");
            return -1;
        }
        if (attempt > 0 || c < 0) {
            l->broken = 1;
            set_error(l, "the board's bulk OUT endpoint %s stalled%s (endpoint stalled)", ep,
                      attempt > 0 ? " again after the halt was cleared and the transfer retried"
                                  : " and the halt could not be cleared");
            return -1;
        }
        l->stats.stalls_cleared++;
    }
}

static void usb_close(void *ctx)
{
    usb_link *l = ctx;
    if (!l)
        return;
    if (l->h) {
        cancel_in(l);
        if (!in_busy(l) && !l->gone)
            libusb_release_interface(l->h, l->p.interface);
    }
    for (int i = 0; i < GH_USB_IN_TRANSFERS; i++)
        if (l->in[i].t && !l->in[i].busy) {
            free(l->in[i].t->buffer);
            libusb_free_transfer(l->in[i].t);
        }
    if (l->out)
        libusb_free_transfer(l->out);
    if (l->hotplug_registered)
        libusb_hotplug_deregister_callback(l->ctx, l->hotplug);
    if (l->h && !in_busy(l))
        libusb_close(l->h);
    /* transfers libusb never returned would be used after libusb_exit: keep the context then */
    if (l->ctx && !in_busy(l))
        libusb_exit(l->ctx);
    gh__usb_stream_free(&l->stream);
    if (!in_busy(l))
        free(l);
}

static const gh_transport_ops usb_ops = {.send = usb_send, .recv = usb_recv, .close = usb_close};

bool gh_usb_alive(void *ctx, char *why, size_t len)
{
    usb_link *l = ctx;
    if (!l->gone && !l->broken && !l->stalled)
        return true;
    if (len)
        snprintf(why, len, "%s", l->error[0] ? l->error : "the USB link to the board failed");
    return false;
}

const char *gh_usb_error(void *ctx)
{
    return ((usb_link *)ctx)->error;
}

void gh_usb_get_stats(void *ctx, gh_usb_stats *s)
{
    *s = ((usb_link *)ctx)->stats;
}

/* ---------------------------------------------------------------- opening */

static int LIBUSB_CALL on_hotplug(libusb_context *ctx, libusb_device *dev, libusb_hotplug_event ev, void *user)
{
    (void)ctx;
    usb_link *l = user;
    if (ev == LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT && dev == l->dev) {
        mark_gone(l, "the device left the bus");
        l->ready = 1;
        l->out_done = 1;
    }
    return 0;
}

/* The serial string of a device, opening it briefly; "" and *why when unreadable. */
static void read_serial(libusb_device *dev, const struct libusb_device_descriptor *d, char *out, size_t cap,
                        int *why)
{
    out[0] = 0;
    *why = 0;
    libusb_device_handle *h;
    int rc = libusb_open(dev, &h);
    if (rc < 0) {
        *why = rc;
        return;
    }
    if (d->iSerialNumber) {
        int n = libusb_get_string_descriptor_ascii(h, d->iSerialNumber, (unsigned char *)out, (int)cap);
        if (n < 0) {
            *why = n;
            out[0] = 0;
        }
    }
    libusb_close(h);
}

static void add(char *list, size_t cap, const char *item)
{
    size_t n = strlen(list);
    snprintf(list + n, cap - n, "%s%s", n ? ", " : "", item);
}

static int open_error(char *err, size_t errlen, const usb_link *l, int rc, uint8_t bus, uint8_t addr)
{
    if (rc == LIBUSB_ERROR_ACCESS)
        snprintf(err, errlen,
                 "permission denied opening the board (%s, bus %u device %u): install %s into "
                 "/etc/udev/rules.d/, run 'udevadm control --reload-rules && udevadm trigger' and replug the "
                 "board (or run as root)",
                 l->name, bus, addr, GH_USB_RULES);
    else if (rc == LIBUSB_ERROR_BUSY)
        snprintf(err, errlen,
                 "the board (%s) is busy: interface %u is claimed by another program (another gpuhost, "
                 "or a kernel driver); close it and retry",
                 l->name, l->p.interface);
    else if (rc == LIBUSB_ERROR_NO_DEVICE)
        snprintf(err, errlen, "the board (%s) disappeared while being opened", l->name);
    else
        snprintf(err, errlen, "cannot open the board (%s): %s", l->name, libusb_strerror(rc));
    return -1;
}

int gh_usb_open(const gh_usb_params *p, const gh_transport_ops **ops, void **ctx, char *err, size_t errlen)
{
    usb_link *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    l->p = *p;
    if (!l->p.max_packet)
        l->p.max_packet = 512;
    if (!l->p.timeout_ms)
        l->p.timeout_ms = 5000;
    l->p.serial = NULL; /* the caller's string need not outlive this call */
    l->zlp_flag_ok = 1;
    snprintf(l->name, sizeof l->name, "USB %04x:%04x", p->vid, p->pid);
    int rc = libusb_init(&l->ctx);
    if (rc < 0) {
        snprintf(err, errlen, "cannot initialise libusb: %s", libusb_strerror(rc));
        free(l);
        return -1;
    }
    libusb_device **list = NULL;
    ssize_t count = libusb_get_device_list(l->ctx, &list);
    if (count < 0) {
        snprintf(err, errlen, "cannot list USB devices: %s", libusb_strerror((int)count));
        libusb_exit(l->ctx);
        free(l);
        return -1;
    }
    char others[1024] = "", matches[1024] = "", serial[128];
    libusb_device *chosen = NULL;
    int nmatch = 0, serial_denied = 0, first_open_rc = 0;
    for (ssize_t i = 0; i < count; i++) {
        struct libusb_device_descriptor d;
        if (libusb_get_device_descriptor(list[i], &d) < 0)
            continue;
        char item[192];
        if (d.idVendor != p->vid || d.idProduct != p->pid) {
            snprintf(item, sizeof item, "%04x:%04x", d.idVendor, d.idProduct);
            add(others, sizeof others, item);
            continue;
        }
        int why;
        read_serial(list[i], &d, serial, sizeof serial, &why);
        if (why == LIBUSB_ERROR_ACCESS)
            serial_denied = 1;
        if (why && !first_open_rc)
            first_open_rc = why;
        snprintf(item, sizeof item, "%04x:%04x serial %s (bus %u device %u)", d.idVendor, d.idProduct,
                 serial[0] ? serial : why == LIBUSB_ERROR_ACCESS ? "unreadable: permission denied" : "?",
                 libusb_get_bus_number(list[i]), libusb_get_device_address(list[i]));
        add(matches, sizeof matches, item);
        if (p->serial && strcmp(serial, p->serial) != 0)
            continue;
        nmatch++;
        if (!chosen) {
            chosen = list[i];
            snprintf(l->serial, sizeof l->serial, "%s", serial);
        }
    }
    if (!chosen || nmatch > 1) {
        if (nmatch > 1)
            snprintf(err, errlen, "%d boards %04x:%04x are connected (%s): choose one with --serial", nmatch,
                     p->vid, p->pid, matches);
        else if (p->serial && matches[0])
            snprintf(err, errlen, "no board %04x:%04x with serial %s (found: %s)%s", p->vid, p->pid, p->serial,
                     matches,
                     serial_denied ? "; serials unreadable: permission denied, install " GH_USB_RULES : "");
        else
            snprintf(err, errlen, "no board %04x:%04x found on USB (devices present: %s): is it plugged in "
                     "and powered?", p->vid, p->pid, others[0] ? others : "none");
        libusb_free_device_list(list, 1);
        libusb_exit(l->ctx);
        free(l);
        return -1;
    }
    l->dev = chosen;
    if (l->serial[0])
        snprintf(l->name + strlen(l->name), sizeof l->name - strlen(l->name), " serial %s", l->serial);
    uint8_t bus = libusb_get_bus_number(chosen), addr = libusb_get_device_address(chosen);
    libusb_ref_device(chosen);
    libusb_free_device_list(list, 1);
    rc = libusb_open(chosen, &l->h);
    if (rc < 0) {
        open_error(err, errlen, l, rc, bus, addr);
        libusb_unref_device(chosen);
        libusb_exit(l->ctx);
        free(l);
        return -1;
    }
    libusb_unref_device(chosen); /* the handle holds its own reference */
    libusb_set_auto_detach_kernel_driver(l->h, 1);
    rc = libusb_claim_interface(l->h, p->interface);
    if (rc < 0) {
        open_error(err, errlen, l, rc, bus, addr);
        libusb_close(l->h);
        libusb_exit(l->ctx);
        free(l);
        return -1;
    }
    int ok = gh__usb_stream_init(&l->stream, 2 * (WIRE_HEADER_SIZE + (size_t)GH_USB_IN_SIZE)) == 0;
    l->out = libusb_alloc_transfer(0);
    ok = ok && l->out;
    for (int i = 0; ok && i < GH_USB_IN_TRANSFERS; i++) {
        in_slot *s = &l->in[i];
        s->link = l;
        uint8_t *buf = malloc(GH_USB_IN_SIZE);
        s->t = libusb_alloc_transfer(0);
        if (!buf || !s->t) {
            free(buf);
            ok = 0;
            break;
        }
        libusb_fill_bulk_transfer(s->t, l->h, p->ep_in, buf, GH_USB_IN_SIZE, in_done, s, 0);
    }
    if (!ok) {
        snprintf(err, errlen, "out of memory");
        usb_close(l);
        return -1;
    }
    if (libusb_has_capability(LIBUSB_CAP_HAS_HOTPLUG) &&
        libusb_hotplug_register_callback(l->ctx, LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT, 0, p->vid, p->pid,
                                         LIBUSB_HOTPLUG_MATCH_ANY, on_hotplug, l, &l->hotplug) == 0)
        l->hotplug_registered = 1;
    if (submit_in(l) != 0) {
        snprintf(err, errlen, "%s", l->error);
        usb_close(l);
        return -1;
    }
    *ops = &usb_ops;
    *ctx = l;
    return 0;
}

int gh_board_list_usb(const gh_board *b, char (*serials)[64], size_t max, size_t *count, char *err, size_t errlen)
{
    *count = 0;
    libusb_context *ctx;
    int rc = libusb_init(&ctx);
    if (rc < 0) {
        snprintf(err, errlen, "cannot initialise libusb: %s", libusb_strerror(rc));
        return GH_ERR_TARGET;
    }
    libusb_device **list = NULL;
    ssize_t n = libusb_get_device_list(ctx, &list);
    for (ssize_t i = 0; i < n && *count < max; i++) {
        struct libusb_device_descriptor d;
        if (libusb_get_device_descriptor(list[i], &d) < 0 || d.idVendor != b->usb.vid || d.idProduct != b->usb.pid)
            continue;
        int why;
        read_serial(list[i], &d, serials[*count], sizeof serials[0], &why);
        if (!why && serials[*count][0])
            (*count)++;
    }
    if (n >= 0)
        libusb_free_device_list(list, 1);
    libusb_exit(ctx);
    if (n < 0) {
        snprintf(err, errlen, "cannot list USB devices: %s", libusb_strerror((int)n));
        return GH_ERR_TARGET;
    }
    return 0;
}
