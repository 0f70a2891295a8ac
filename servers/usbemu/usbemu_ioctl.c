/* gpu-usbemu: the usbfs ioctls of every board, on umockdev's worker thread. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "usbemu_board.h"

/* A bus reset or SET_CONFIGURATION: the image's USB core flushes EP1 and
 * tells the firmware (the host-compiled firmware needs neither). */
enum { USBEMU_EVENT_BUS_RESET = 1u << 0, USBEMU_EVENT_CONFIG = 1u << 1 }; /* = GH_USB_INT_* */

static void link_event(board *b, uint32_t event)
{
    if (!b->image)
        return;
    b->usb_events |= event;
    usbemu_free_frames(&b->rx_head, &b->rx_tail);
}

/* ---------------------------------------------------------------- ioctls */

static board *board_of(usbemu *u, UMockdevIoctlClient *client)
{
    const char *node = umockdev_ioctl_client_get_devnode(client);
    for (int i = 0; i < u->o.boards; i++)
        if (node && strcmp(node, u->boards[i].devnode) == 0)
            return &u->boards[i];
    return NULL;
}

static UMockdevIoctlData *resolve_arg(UMockdevIoctlClient *client, size_t len)
{
    GError *error = NULL;
    UMockdevIoctlData *d = umockdev_ioctl_data_resolve(umockdev_ioctl_client_get_arg(client), 0, len, &error);
    g_clear_error(&error);
    return d;
}

static void submit(board *b, UMockdevIoctlClient *client)
{
    UMockdevIoctlData *data = resolve_arg(client, sizeof(struct usbdevfs_urb));
    if (!data) {
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    struct usbdevfs_urb *x = (struct usbdevfs_urb *)data->data;
    UMockdevIoctlData *buf = NULL;
    if (x->buffer_length < 0) {
        g_object_unref(data);
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    }
    if (x->buffer_length > 0) {
        GError *error = NULL;
        buf = umockdev_ioctl_data_resolve(data, G_STRUCT_OFFSET(struct usbdevfs_urb, buffer),
                                          (gsize)x->buffer_length, &error);
        g_clear_error(&error);
        if (!buf) {
            g_object_unref(data);
            umockdev_ioctl_client_complete(client, -1, EFAULT);
            return;
        }
    }
    urb *u = calloc(1, sizeof *u);
    u->data = data, u->buf = buf, u->owner = client;
    b->urbs++;
    b->empty_reaps = 0;
    if (x->type == USBDEVFS_URB_TYPE_CONTROL && (x->endpoint & 0x7f) == 0) {
        if (x->buffer_length < 8) {
            usbemu_urb_free(u);
            umockdev_ioctl_client_complete(client, -1, EINVAL);
            return;
        }
        int n = usbemu_control(b, buf->data, buf->data + 8, (size_t)x->buffer_length - 8);
        if (buf->data[0] == 0 && buf->data[1] == 9) /* SET_CONFIGURATION */
            link_event(b, USBEMU_EVENT_CONFIG);
        umockdev_ioctl_client_complete(client, 0, 0);
        usbemu_urb_done(b, u, n < 0 ? -EPIPE : 0, n < 0 ? 0 : n);
        return;
    }
    if (x->type != USBDEVFS_URB_TYPE_BULK || (x->endpoint != USBEMU_EP_OUT && x->endpoint != USBEMU_EP_IN)) {
        usbemu_urb_free(u);
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    }
    umockdev_ioctl_client_complete(client, 0, 0);
    if (x->endpoint == USBEMU_EP_OUT) {
        if (b->image)
            usbemu_out_packets(b, buf ? buf->data : NULL, (size_t)x->buffer_length, (x->flags & USBDEVFS_URB_ZERO_PACKET) != 0);
        else if (x->buffer_length)
            usbemu_out_bytes(b, buf->data, (size_t)x->buffer_length);
        usbemu_urb_done(b, u, 0, x->buffer_length);
    } else {
        if (b->in_tail)
            b->in_tail->next = u;
        else
            b->in_head = u;
        b->in_tail = u;
        usbemu_pump(b);
    }
}

static void reap(board *b, UMockdevIoctlClient *client, bool block)
{
    urb *u = usbemu_take_done(b, client);
    if (!u && !block && b->empty_reaps++ > 0) {
        b->held_reaps++;
        /* libusb polls the emulated node, which is always ready: hold repeated empty reaps */
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += HOLD_REAP_US * 1000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        while (!(u = usbemu_take_done(b, client)) && pthread_cond_timedwait(&b->cv, &b->mu, &until) == 0)
            ;
    }
    if (u) {
        b->empty_reaps = 0;
        usbemu_urb_reap_into(b, client, u);
    } else if (b->gone) {
        umockdev_ioctl_client_complete(client, -1, ENODEV);
    } else if (block) {
        if (b->blocked_reaper)
            umockdev_ioctl_client_complete(client, -1, EBUSY);
        else
            b->blocked_reaper = g_object_ref(client);
    } else {
        b->empty_reaps_total++;
        umockdev_ioctl_client_complete(client, -1, EAGAIN);
    }
}

static void discard(board *b, UMockdevIoctlClient *client)
{
    /* the argument is the URB's address itself */
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    gulong addr = 0;
    if (arg->data_len >= (gint)sizeof addr)
        memcpy(&addr, arg->data, sizeof addr);
    urb *prev = NULL;
    for (urb *u = b->in_head; u; prev = u, u = u->next) {
        if (u->data->client_addr != addr)
            continue;
        if (prev)
            prev->next = u->next;
        else
            b->in_head = u->next;
        if (b->in_tail == u)
            b->in_tail = prev;
        umockdev_ioctl_client_complete(client, 0, 0);
        usbemu_urb_done(b, u, -ENOENT, 0);
        return;
    }
    umockdev_ioctl_client_complete(client, -1, EINVAL);
}

static void complete_with_u32(UMockdevIoctlClient *client, uint32_t v)
{
    UMockdevIoctlData *d = resolve_arg(client, sizeof v);
    if (d) {
        memcpy(d->data, &v, sizeof v);
        g_object_unref(d);
    }
    umockdev_ioctl_client_complete(client, d ? 0 : -1, d ? 0 : EFAULT);
}

/* The first unsigned int of the argument (an interface, an endpoint), or -1. */
static long arg_uint(UMockdevIoctlClient *client)
{
    UMockdevIoctlData *d = resolve_arg(client, sizeof(unsigned int));
    unsigned int v = 0;
    if (!d)
        return -1;
    memcpy(&v, d->data, sizeof v);
    g_object_unref(d);
    return v;
}

/* Claiming and releasing the interface: one program at a time has it. */
static void claim(board *b, UMockdevIoctlClient *client, unsigned long request)
{
    long ifc = arg_uint(client); /* first field of usbdevfs_disconnect_claim too */
    int err = ifc < 0 ? EFAULT : ifc != USBEMU_INTERFACE ? EINVAL : 0;
    if (!err && request != USBDEVFS_RELEASEINTERFACE) {
        if (b->claimed_by && b->claimed_by != client)
            err = EBUSY; /* another program has the interface */
        else
            b->claimed_by = client;
    } else if (!err && b->claimed_by == client) {
        b->claimed_by = NULL;
    }
    umockdev_ioctl_client_complete(client, err ? -1 : 0, err);
}

static void clear_halt(board *b, UMockdevIoctlClient *client)
{
    long ep = arg_uint(client);
    if (ep == USBEMU_EP_IN && b->in_halted) {
        b->in_halted = false;
        usbemu_say("board %s: the host cleared the halt on endpoint 0x%02lx", b->serial, ep);
    }
    umockdev_ioctl_client_complete(client, 0, 0);
    usbemu_pump(b);
}

static void connect_info(board *b, UMockdevIoctlClient *client)
{
    UMockdevIoctlData *d = resolve_arg(client, sizeof(struct usbdevfs_connectinfo));
    if (d) {
        struct usbdevfs_connectinfo ci = {.devnum = 5u + (unsigned)b->index, .slow = 0};
        memcpy(d->data, &ci, sizeof ci);
        g_object_unref(d);
    }
    umockdev_ioctl_client_complete(client, d ? 0 : -1, d ? 0 : EFAULT);
}

/* A control transfer on EP0 (USBDEVFS_CONTROL). */
static void control(board *b, UMockdevIoctlClient *client)
{
    UMockdevIoctlData *d = resolve_arg(client, sizeof(struct usbdevfs_ctrltransfer));
    if (!d) {
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    struct usbdevfs_ctrltransfer *ct = (struct usbdevfs_ctrltransfer *)d->data;
    uint8_t setup[8] = {ct->bRequestType, ct->bRequest, (uint8_t)ct->wValue, (uint8_t)(ct->wValue >> 8),
                        (uint8_t)ct->wIndex, (uint8_t)(ct->wIndex >> 8), (uint8_t)ct->wLength,
                        (uint8_t)(ct->wLength >> 8)};
    UMockdevIoctlData *data = NULL;
    if (ct->wLength) {
        GError *error = NULL;
        data = umockdev_ioctl_data_resolve(d, G_STRUCT_OFFSET(struct usbdevfs_ctrltransfer, data), ct->wLength,
                                           &error);
        g_clear_error(&error);
    }
    uint8_t scratch[1];
    int n = usbemu_control(b, setup, data ? data->data : scratch, data ? (size_t)ct->wLength : 0);
    if (setup[0] == 0 && setup[1] == 9) /* SET_CONFIGURATION */
        link_event(b, USBEMU_EVENT_CONFIG);
    umockdev_ioctl_client_complete(client, n < 0 ? -1 : n, n < 0 ? EPIPE : 0);
    if (data)
        g_object_unref(data);
    g_object_unref(d);
}

/* The device's own requests (not its URBs); false when request is none of them. */
static bool device_request(board *b, UMockdevIoctlClient *client, unsigned long request)
{
    switch (request) {
    case USBDEVFS_GET_CAPABILITIES:
        complete_with_u32(client, USBDEVFS_CAP_ZERO_PACKET | USBDEVFS_CAP_BULK_CONTINUATION |
                                      USBDEVFS_CAP_NO_PACKET_SIZE_LIM | USBDEVFS_CAP_BULK_SCATTER_GATHER |
                                      USBDEVFS_CAP_REAP_AFTER_DISCONNECT);
        return true;
    case USBDEVFS_GETDRIVER: /* no kernel driver is bound */
    case USBDEVFS_IOCTL:     /* (re)attaching a kernel driver: there is none */
        umockdev_ioctl_client_complete(client, -1, ENODATA);
        return true;
    case USBDEVFS_CLAIMINTERFACE:
    case USBDEVFS_RELEASEINTERFACE:
    case USBDEVFS_DISCONNECT_CLAIM: claim(b, client, request); return true;
    case USBDEVFS_SETCONFIGURATION:
        link_event(b, USBEMU_EVENT_CONFIG);
        umockdev_ioctl_client_complete(client, 0, 0);
        return true;
    case USBDEVFS_SETINTERFACE:
    case USBDEVFS_RESETEP: umockdev_ioctl_client_complete(client, 0, 0); return true;
    case USBDEVFS_RESET:
        b->in_halted = false;
        link_event(b, USBEMU_EVENT_BUS_RESET);
        umockdev_ioctl_client_complete(client, 0, 0);
        return true;
    case USBDEVFS_CLEAR_HALT: clear_halt(b, client); return true;
    case USBDEVFS_CONNECTINFO: connect_info(b, client); return true;
    case USBDEVFS_GET_SPEED: umockdev_ioctl_client_complete(client, USB_SPEED_HIGH_VALUE, 0); return true;
    case USBDEVFS_CONTROL: control(b, client); return true;
    default: return false;
    }
}

/* The URB requests; false when request is none of them. */
static bool urb_request(board *b, UMockdevIoctlClient *client, unsigned long request)
{
    switch (request) {
    case USBDEVFS_SUBMITURB: submit(b, client); return true;
    case USBDEVFS_REAPURB:
    case USBDEVFS_REAPURBNDELAY: reap(b, client, request == USBDEVFS_REAPURB); return true;
    case USBDEVFS_DISCARDURB: discard(b, client); return true;
    default: return false;
    }
}

gboolean usbemu_handle_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user)
{
    (void)handler;
    board *b = board_of(user, client);
    if (!b)
        return FALSE;
    unsigned long request = (unsigned long)umockdev_ioctl_client_get_request(client);
    pthread_mutex_lock(&b->mu);
    b->ioctls++;
    b->by_nr[_IOC_NR(request) & 63]++;
    if (b->gone && request != USBDEVFS_REAPURB && request != USBDEVFS_REAPURBNDELAY &&
        request != USBDEVFS_DISCARDURB && request != USBDEVFS_RELEASEINTERFACE) {
        umockdev_ioctl_client_complete(client, -1, ENODEV);
    } else if (!urb_request(b, client, request) && !device_request(b, client, request)) {
        if (b->bed->o.verbose)
            usbemu_say("board %s: unhandled ioctl 0x%lx", b->serial, (unsigned long)request);
        umockdev_ioctl_client_complete(client, -1, ENOTTY);
    }
    pthread_mutex_unlock(&b->mu);
    return TRUE;
}

void usbemu_on_client_vanished(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user)
{
    (void)handler;
    board *b = board_of(user, client);
    if (!b)
        return;
    pthread_mutex_lock(&b->mu);
    if (b->claimed_by == client) {
        b->claimed_by = NULL;
        usbemu_client_gone(b, client);
    } else {
        usbemu_drop_urbs(b, client);
    }
    pthread_mutex_unlock(&b->mu);
}
