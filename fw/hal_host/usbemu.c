/* gpu-usbemu: the reference board on an emulated USB bus (see usbemu.h).
 *
 * Threads: main (spawns and reaps the program under test, unplugs boards on
 * request), umockdev's ioctl worker (runs handle_ioctl for every board), and
 * one firmware thread per board running fw_serve. A board's state is guarded
 * by its mutex; its condition variable wakes the firmware thread (a frame
 * arrived) and held reaps (a URB completed).
 *
 * Host -> board: OUT URBs are completed at once and their bytes reassembled
 * into frames by the header's length. Board -> host: frames queue up and fill
 * pending IN URBs in submission order the way a device's bulk IN endpoint
 * would: a URB completes when full or when the frame ends (short packet); a
 * frame whose length is a multiple of the max packet size ends with a
 * zero-length packet, which completes the next URB empty. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <linux/usbdevice_fs.h>
#include <sys/ioctl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

#include "dut_model.h"
#include "usbemu.h"
#ifdef USBEMU_HAVE_IMAGE
#include "ghemu.h"
#include "hal.h"
#endif
#ifdef USBEMU_HAVE_RTL
#include "dut_rtl.h"
#endif

#define MAX_BOARDS 8
#define HOLD_REAP_US 1000 /* a repeated empty REAPURBNDELAY waits this long for a completion */
#define USB_SPEED_HIGH_VALUE 3

typedef struct urb {
    struct urb *next;
    const void *owner; /* the UMockdevIoctlClient (open file) that submitted it */
    UMockdevIoctlData *data; /* struct usbdevfs_urb, resolved */
    UMockdevIoctlData *buf;  /* its buffer (NULL when empty) */
} urb;

typedef struct frame {
    struct frame *next;
    size_t len, off;
    bool stall; /* the IN endpoint halts before this frame's first packet */
    uint8_t bytes[];
} frame;

typedef struct board board;

/* The DUT: the functional model or (--dut rtl) the Verilated core, with the
 * hang fault in front of it. */
typedef struct {
    const fw_dut_ops *ops; /* fw_dut_model_ops or fw_dut_rtl_ops */
    void *ctx;             /* &model or rtl */
    fw_dut_model model;
#ifdef USBEMU_HAVE_RTL
    fw_dut_rtl *rtl;
#endif
    uint64_t steps, hang_after;
    bool hang;
} emu_dut;

struct board {
    int index;
    char serial[32], devnode[64], syspath[128];
    pthread_mutex_t mu;
    pthread_cond_t cv;
    /* host -> board */
    uint8_t *asm_buf;
    size_t asm_len, asm_cap;
    frame *rx_head, *rx_tail;
    /* board -> host */
    frame *tx_head, *tx_tail;
    urb *in_head, *in_tail;     /* IN URBs waiting for data */
    urb *done_head, *done_tail; /* completed URBs waiting to be reaped */
    UMockdevIoctlClient *blocked_reaper; /* a REAPURB waiting for a completion */
    UMockdevIoctlClient *claimed_by; /* not a reference: cleared when the client vanishes */
    bool in_halted, stall_always_on;
    int empty_reaps;
    bool gone, closing, unplug_requested, unplugged;
    /* faults */
    int fault_usb;
    uint64_t fault_n;
    uint64_t frames_out;
    /* firmware */
    bool image; /* the rv32 image under ghemu: rx holds OUT packets, not frames */
    uint32_t usb_events; /* GH_USB_INT_* bits for the image's USB core */
#ifdef USBEMU_HAVE_IMAGE
    ghemu *emu;
    struct timespec started;
#endif
    pthread_t thread;
    bool thread_started;
    emu_dut dut;
    uint8_t *rx, *tx;
    wire_state *state;
    int fw_rc;
    /* counters */
    unsigned long by_nr[64];
    unsigned long urbs, reaps, ioctls, empty_reaps_total, held_reaps;
};

static board boards[MAX_BOARDS];
static int board_count = 1;
static bool verbose;
static pthread_mutex_t main_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t main_cv = PTHREAD_COND_INITIALIZER;
static volatile sig_atomic_t pending_signal;

static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gpu-usbemu: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---------------------------------------------------------------- descriptors */

static const uint8_t config_descriptor[] = {
    9, 2, 32, 0, 1, 1, 0, 0x80, 50,                     /* configuration 1, one interface, 100 mA */
    9, 4, USBEMU_INTERFACE, 0, 2, 0xff, 0, 0, 0,        /* interface 0: vendor class, two endpoints */
    7, 5, USBEMU_EP_OUT, 2, USBEMU_MAX_PACKET & 0xff, USBEMU_MAX_PACKET >> 8, 0, /* bulk OUT */
    7, 5, USBEMU_EP_IN, 2, USBEMU_MAX_PACKET & 0xff, USBEMU_MAX_PACKET >> 8, 0,  /* bulk IN */
};

static const uint8_t device_descriptor[] = {
    18, 1, 0x00, 0x02, 0, 0, 0, 64, USBEMU_VID & 0xff, USBEMU_VID >> 8, USBEMU_PID & 0xff,
    USBEMU_PID >> 8, 0x00, 0x01, 1, 2, 3, 1,
};

static const char *const strings[] = {NULL, "gpuhost", "gpuhost reference board (usbemu)"};

/* A string descriptor (index 0: the language list) into out; its length. */
static size_t string_descriptor(const board *b, unsigned index, uint8_t *out, size_t cap)
{
    uint8_t d[128];
    size_t n = 2;
    if (index == 0) {
        d[2] = 0x09, d[3] = 0x04; /* en-US */
        n = 4;
    } else {
        const char *s = index == 3 ? b->serial : index < 3 ? strings[index] : NULL;
        if (!s)
            return 0;
        for (; *s && n + 2 <= sizeof d; s++) {
            d[n++] = (uint8_t)*s;
            d[n++] = 0;
        }
    }
    d[0] = (uint8_t)n, d[1] = 3;
    if (n > cap)
        n = cap;
    memcpy(out, d, n);
    return n;
}

/* Answers a control request; returns bytes of data, or -1 to stall. */
static int control(const board *b, const uint8_t setup[8], uint8_t *data, size_t cap)
{
    uint8_t type = setup[0], req = setup[1];
    uint16_t value = (uint16_t)(setup[2] | setup[3] << 8), length = (uint16_t)(setup[6] | setup[7] << 8);
    if (length < cap)
        cap = length;
    if ((type & 0x60) != 0) /* class or vendor requests: the board has none */
        return -1;
    switch (req) {
    case 6: /* GET_DESCRIPTOR */
        switch (value >> 8) {
        case 1: {
            size_t n = sizeof device_descriptor < cap ? sizeof device_descriptor : cap;
            memcpy(data, device_descriptor, n);
            return (int)n;
        }
        case 2: {
            size_t n = sizeof config_descriptor < cap ? sizeof config_descriptor : cap;
            memcpy(data, config_descriptor, n);
            return (int)n;
        }
        case 3: {
            size_t n = string_descriptor(b, value & 0xff, data, cap);
            return n ? (int)n : -1;
        }
        }
        return -1;
    case 0: /* GET_STATUS */
        if (cap >= 2)
            data[0] = data[1] = 0;
        return cap >= 2 ? 2 : 0;
    case 8: /* GET_CONFIGURATION */
        if (cap >= 1)
            data[0] = 1;
        return cap >= 1 ? 1 : 0;
    case 1: case 3: case 9: case 11: /* CLEAR/SET_FEATURE, SET_CONFIGURATION, SET_INTERFACE */
        return 0;
    }
    return -1;
}

/* ---------------------------------------------------------------- URBs */

static struct usbdevfs_urb *urb_of(const urb *u)
{
    return (struct usbdevfs_urb *)u->data->data;
}

static void urb_free(urb *u)
{
    if (u->buf)
        g_object_unref(u->buf);
    g_object_unref(u->data);
    free(u);
}

static void urb_reap_into(board *b, UMockdevIoctlClient *client, urb *u)
{
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    GError *error = NULL;
    UMockdevIoctlData *ptr = umockdev_ioctl_data_resolve(arg, 0, sizeof(void *), &error);
    if (!ptr) {
        g_clear_error(&error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
    } else {
        umockdev_ioctl_data_set_ptr(ptr, 0, u->data);
        umockdev_ioctl_client_complete(client, 0, 0);
        g_object_unref(ptr);
    }
    b->reaps++;
    urb_free(u);
}

/* Moves a URB to the completed list with this status and length. */
static void urb_done(board *b, urb *u, int status, int actual)
{
    struct usbdevfs_urb *x = urb_of(u);
    x->status = status;
    x->actual_length = actual;
    u->next = NULL;
    if (b->blocked_reaper && (const void *)b->blocked_reaper == u->owner) { /* a blocking REAPURB takes it */
        UMockdevIoctlClient *c = b->blocked_reaper;
        b->blocked_reaper = NULL;
        urb_reap_into(b, c, u);
        g_object_unref(c);
    } else {
        if (b->done_tail)
            b->done_tail->next = u;
        else
            b->done_head = u;
        b->done_tail = u;
    }
    pthread_cond_broadcast(&b->cv);
}

static urb *pop(urb **head, urb **tail)
{
    urb *u = *head;
    if (u && !(*head = u->next))
        *tail = NULL;
    return u;
}

/* Unlinks the first completed URB of this client. */
static urb *take_done(board *b, const void *owner)
{
    urb *prev = NULL;
    for (urb *u = b->done_head; u; prev = u, u = u->next) {
        if (u->owner != owner)
            continue;
        if (prev)
            prev->next = u->next;
        else
            b->done_head = u->next;
        if (b->done_tail == u)
            b->done_tail = prev;
        return u;
    }
    return NULL;
}

/* Frees the URBs of one client (all when owner is NULL) on both lists. */
static void drop_urbs(board *b, const void *owner)
{
    urb **lists[2][2] = {{&b->in_head, &b->in_tail}, {&b->done_head, &b->done_tail}};
    for (int i = 0; i < 2; i++) {
        urb *keep = NULL, *keep_tail = NULL, *u = *lists[i][0];
        while (u) {
            urb *next = u->next;
            if (!owner || u->owner == owner) {
                urb_free(u);
            } else {
                u->next = NULL;
                if (keep_tail)
                    keep_tail->next = u;
                else
                    keep = u;
                keep_tail = u;
            }
            u = next;
        }
        *lists[i][0] = keep;
        *lists[i][1] = keep_tail;
    }
}

/* Fills pending IN URBs from the queued frames. */
static void pump(board *b)
{
    while (b->in_head) {
        if (b->gone) {
            urb_done(b, pop(&b->in_head, &b->in_tail), -ESHUTDOWN, 0);
            continue;
        }
        if (b->in_halted) {
            urb_done(b, pop(&b->in_head, &b->in_tail), -EPIPE, 0);
            continue;
        }
        frame *f = b->tx_head;
        if (!f)
            break;
        if (f->off == 0 && f->len > 0 && (f->stall || b->stall_always_on)) {
            if (b->fault_usb == USBEMU_FAULT_STALL_ALWAYS)
                b->stall_always_on = true;
            f->stall = false;
            b->in_halted = true;
            say("board %s: fault: the IN endpoint 0x%02x stalls before frame %lu", b->serial, USBEMU_EP_IN,
                (unsigned long)b->fault_n);
            continue;
        }
        urb *u = pop(&b->in_head, &b->in_tail);
        size_t cap = (size_t)urb_of(u)->buffer_length, n = f->len - f->off;
        int status = 0;
        if (n > cap) {
            n = cap;
            if (cap % USBEMU_MAX_PACKET) /* a packet did not fit the buffer */
                status = -EOVERFLOW;
        }
        if (n)
            memcpy(u->buf->data, f->bytes + f->off, n);
        f->off += n;
        /* the frame is over unless a zero-length packet is still owed */
        if (f->off == f->len && !(n && n == cap && f->len % USBEMU_MAX_PACKET == 0)) {
            b->tx_head = f->next;
            if (!b->tx_head)
                b->tx_tail = NULL;
            free(f);
        }
        urb_done(b, u, status, (int)n);
    }
}

/* Host -> board bytes: reassemble frames by the header's length. */
static void out_bytes(board *b, const uint8_t *p, size_t n)
{
    if (b->asm_len + n > b->asm_cap) {
        size_t cap = b->asm_cap ? b->asm_cap : 4096;
        while (cap < b->asm_len + n)
            cap *= 2;
        uint8_t *q = realloc(b->asm_buf, cap);
        if (!q)
            return;
        b->asm_buf = q, b->asm_cap = cap;
    }
    memcpy(b->asm_buf + b->asm_len, p, n);
    b->asm_len += n;
    while (b->asm_len >= WIRE_HEADER_SIZE) {
        const uint8_t *h = b->asm_buf;
        uint32_t magic = (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 24;
        uint32_t length = (uint32_t)h[12] | (uint32_t)h[13] << 8 | (uint32_t)h[14] << 16 | (uint32_t)h[15] << 24;
        size_t want = WIRE_HEADER_SIZE + (size_t)length;
        if (magic != WIRE_MAGIC || length > WIRE_MAX_PAYLOAD)
            want = b->asm_len; /* garbage: hand it over whole, the core answers with an ERROR */
        if (b->asm_len < want)
            break;
        frame *f = malloc(sizeof *f + want);
        if (!f)
            return;
        f->next = NULL, f->len = want, f->off = 0, f->stall = false;
        memcpy(f->bytes, b->asm_buf, want);
        memmove(b->asm_buf, b->asm_buf + want, b->asm_len - want);
        b->asm_len -= want;
        if (b->rx_tail)
            b->rx_tail->next = f;
        else
            b->rx_head = f;
        b->rx_tail = f;
        pthread_cond_broadcast(&b->cv);
    }
}

/* Host -> board for the image: the transfer as the bus carries it, in
 * 512-byte packets, the last one short (a zero-length one when the host asks
 * for it after a transfer of whole packets, or for an empty transfer). */
static void out_packet(board *b, const uint8_t *p, size_t k)
{
    frame *f = malloc(sizeof *f + k);
    if (!f)
        return;
    f->next = NULL, f->len = k, f->off = 0, f->stall = false;
    if (k)
        memcpy(f->bytes, p, k);
    if (b->rx_tail)
        b->rx_tail->next = f;
    else
        b->rx_head = f;
    b->rx_tail = f;
}

static void out_packets(board *b, const uint8_t *p, size_t n, bool zero_packet)
{
    size_t off = 0;
    do {
        size_t k = n - off > USBEMU_MAX_PACKET ? USBEMU_MAX_PACKET : n - off;
        out_packet(b, p ? p + off : NULL, k);
        off += k;
    } while (off < n);
    if (n && n % USBEMU_MAX_PACKET == 0 && zero_packet)
        out_packet(b, NULL, 0);
    pthread_cond_broadcast(&b->cv);
}

static void free_frames(frame **head, frame **tail)
{
    while (*head) {
        frame *f = *head;
        *head = f->next;
        free(f);
    }
    *tail = NULL;
}

/* The client that had claimed the interface closed the device (NULL: all
 * clients): forget its URBs and any half-sent data. */
static void client_gone(board *b, const void *owner)
{
    drop_urbs(b, owner);
    if (b->blocked_reaper && (!owner || (const void *)b->blocked_reaper == owner)) {
        g_object_unref(b->blocked_reaper);
        b->blocked_reaper = NULL;
    }
    free_frames(&b->tx_head, &b->tx_tail);
    b->asm_len = 0;
    b->in_halted = false;
    b->empty_reaps = 0;
}

/* A bus reset or SET_CONFIGURATION: the image's USB core flushes EP1 and
 * tells the firmware (the host-compiled firmware needs neither). */
enum { USBEMU_EVENT_BUS_RESET = 1u << 0, USBEMU_EVENT_CONFIG = 1u << 1 }; /* = GH_USB_INT_* */

static void link_event(board *b, uint32_t event)
{
    if (!b->image)
        return;
    b->usb_events |= event;
    free_frames(&b->rx_head, &b->rx_tail);
}

/* ---------------------------------------------------------------- ioctls */

static board *board_of(UMockdevIoctlClient *client)
{
    const char *node = umockdev_ioctl_client_get_devnode(client);
    for (int i = 0; i < board_count; i++)
        if (node && strcmp(node, boards[i].devnode) == 0)
            return &boards[i];
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
            urb_free(u);
            umockdev_ioctl_client_complete(client, -1, EINVAL);
            return;
        }
        int n = control(b, buf->data, buf->data + 8, (size_t)x->buffer_length - 8);
        if (buf->data[0] == 0 && buf->data[1] == 9) /* SET_CONFIGURATION */
            link_event(b, USBEMU_EVENT_CONFIG);
        umockdev_ioctl_client_complete(client, 0, 0);
        urb_done(b, u, n < 0 ? -EPIPE : 0, n < 0 ? 0 : n);
        return;
    }
    if (x->type != USBDEVFS_URB_TYPE_BULK || (x->endpoint != USBEMU_EP_OUT && x->endpoint != USBEMU_EP_IN)) {
        urb_free(u);
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    }
    umockdev_ioctl_client_complete(client, 0, 0);
    if (x->endpoint == USBEMU_EP_OUT) {
        if (b->image)
            out_packets(b, buf ? buf->data : NULL, (size_t)x->buffer_length, (x->flags & USBDEVFS_URB_ZERO_PACKET) != 0);
        else if (x->buffer_length)
            out_bytes(b, buf->data, (size_t)x->buffer_length);
        urb_done(b, u, 0, x->buffer_length);
    } else {
        if (b->in_tail)
            b->in_tail->next = u;
        else
            b->in_head = u;
        b->in_tail = u;
        pump(b);
    }
}

static void reap(board *b, UMockdevIoctlClient *client, bool block)
{
    urb *u = take_done(b, client);
    if (!u && !block && b->empty_reaps++ > 0) {
        b->held_reaps++;
        /* libusb polls the emulated node, which is always ready: hold repeated empty reaps */
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += HOLD_REAP_US * 1000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        while (!(u = take_done(b, client)) && pthread_cond_timedwait(&b->cv, &b->mu, &until) == 0)
            ;
    }
    if (u) {
        b->empty_reaps = 0;
        urb_reap_into(b, client, u);
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
        urb_done(b, u, -ENOENT, 0);
        return;
    }
    umockdev_ioctl_client_complete(client, -1, EINVAL);
}

static gboolean handle_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user)
{
    (void)handler, (void)user;
    board *b = board_of(client);
    if (!b)
        return FALSE;
    unsigned long request = (unsigned long)umockdev_ioctl_client_get_request(client);
    pthread_mutex_lock(&b->mu);
    b->ioctls++;
    b->by_nr[_IOC_NR(request) & 63]++;
    if (b->gone && request != USBDEVFS_REAPURB && request != USBDEVFS_REAPURBNDELAY &&
        request != USBDEVFS_DISCARDURB && request != USBDEVFS_RELEASEINTERFACE) {
        umockdev_ioctl_client_complete(client, -1, ENODEV);
        pthread_mutex_unlock(&b->mu);
        return TRUE;
    }
    switch (request) {
    case USBDEVFS_GET_CAPABILITIES: {
        UMockdevIoctlData *d = resolve_arg(client, sizeof(uint32_t));
        if (d) {
            uint32_t caps = USBDEVFS_CAP_ZERO_PACKET | USBDEVFS_CAP_BULK_CONTINUATION |
                            USBDEVFS_CAP_NO_PACKET_SIZE_LIM | USBDEVFS_CAP_BULK_SCATTER_GATHER |
                            USBDEVFS_CAP_REAP_AFTER_DISCONNECT;
            memcpy(d->data, &caps, sizeof caps);
            g_object_unref(d);
        }
        umockdev_ioctl_client_complete(client, d ? 0 : -1, d ? 0 : EFAULT);
        break;
    }
    case USBDEVFS_GETDRIVER:
        umockdev_ioctl_client_complete(client, -1, ENODATA); /* no kernel driver is bound */
        break;
    case USBDEVFS_CLAIMINTERFACE:
    case USBDEVFS_RELEASEINTERFACE:
    case USBDEVFS_DISCONNECT_CLAIM: {
        UMockdevIoctlData *d = resolve_arg(client, sizeof(unsigned int));
        unsigned int ifc = 0;
        if (d) {
            memcpy(&ifc, d->data, sizeof ifc); /* first field of usbdevfs_disconnect_claim too */
            g_object_unref(d);
        }
        int err = !d ? EFAULT : ifc != USBEMU_INTERFACE ? EINVAL : 0;
        if (!err && request != USBDEVFS_RELEASEINTERFACE) {
            if (b->claimed_by && b->claimed_by != client)
                err = EBUSY; /* another program has the interface */
            else
                b->claimed_by = client;
        } else if (!err && b->claimed_by == client) {
            b->claimed_by = NULL;
        }
        umockdev_ioctl_client_complete(client, err ? -1 : 0, err);
        break;
    }
    case USBDEVFS_IOCTL: /* (re)attaching a kernel driver: there is none */
        umockdev_ioctl_client_complete(client, -1, ENODATA);
        break;
    case USBDEVFS_SETCONFIGURATION:
        link_event(b, USBEMU_EVENT_CONFIG);
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_SETINTERFACE:
    case USBDEVFS_RESETEP:
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_RESET:
        b->in_halted = false;
        link_event(b, USBEMU_EVENT_BUS_RESET);
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_CLEAR_HALT: {
        UMockdevIoctlData *d = resolve_arg(client, sizeof(unsigned int));
        unsigned int ep = 0;
        if (d) {
            memcpy(&ep, d->data, sizeof ep);
            g_object_unref(d);
        }
        if (ep == USBEMU_EP_IN && b->in_halted) {
            b->in_halted = false;
            say("board %s: the host cleared the halt on endpoint 0x%02x", b->serial, ep);
        }
        umockdev_ioctl_client_complete(client, 0, 0);
        pump(b);
        break;
    }
    case USBDEVFS_CONNECTINFO: {
        UMockdevIoctlData *d = resolve_arg(client, sizeof(struct usbdevfs_connectinfo));
        if (d) {
            struct usbdevfs_connectinfo ci = {.devnum = 5u + (unsigned)b->index, .slow = 0};
            memcpy(d->data, &ci, sizeof ci);
            g_object_unref(d);
        }
        umockdev_ioctl_client_complete(client, d ? 0 : -1, d ? 0 : EFAULT);
        break;
    }
    case USBDEVFS_GET_SPEED:
        umockdev_ioctl_client_complete(client, USB_SPEED_HIGH_VALUE, 0);
        break;
    case USBDEVFS_CONTROL: {
        UMockdevIoctlData *d = resolve_arg(client, sizeof(struct usbdevfs_ctrltransfer));
        if (!d) {
            umockdev_ioctl_client_complete(client, -1, EFAULT);
            break;
        }
        struct usbdevfs_ctrltransfer *ct = (struct usbdevfs_ctrltransfer *)d->data;
        uint8_t setup[8] = {ct->bRequestType, ct->bRequest, (uint8_t)ct->wValue, (uint8_t)(ct->wValue >> 8),
                            (uint8_t)ct->wIndex, (uint8_t)(ct->wIndex >> 8), (uint8_t)ct->wLength,
                            (uint8_t)(ct->wLength >> 8)};
        UMockdevIoctlData *data = NULL;
        if (ct->wLength) {
            GError *error = NULL;
            data = umockdev_ioctl_data_resolve(d, G_STRUCT_OFFSET(struct usbdevfs_ctrltransfer, data),
                                               ct->wLength, &error);
            g_clear_error(&error);
        }
        uint8_t scratch[1];
        int n = control(b, setup, data ? data->data : scratch, data ? (size_t)ct->wLength : 0);
        if (setup[0] == 0 && setup[1] == 9) /* SET_CONFIGURATION */
            link_event(b, USBEMU_EVENT_CONFIG);
        umockdev_ioctl_client_complete(client, n < 0 ? -1 : n, n < 0 ? EPIPE : 0);
        if (data)
            g_object_unref(data);
        g_object_unref(d);
        break;
    }
    case USBDEVFS_SUBMITURB:
        submit(b, client);
        break;
    case USBDEVFS_REAPURB:
    case USBDEVFS_REAPURBNDELAY:
        reap(b, client, request == USBDEVFS_REAPURB);
        break;
    case USBDEVFS_DISCARDURB:
        discard(b, client);
        break;
    default:
        if (verbose)
            say("board %s: unhandled ioctl 0x%lx", b->serial, (unsigned long)request);
        umockdev_ioctl_client_complete(client, -1, ENOTTY);
        break;
    }
    pthread_mutex_unlock(&b->mu);
    return TRUE;
}

static void on_client_vanished(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user)
{
    (void)handler, (void)user;
    board *b = board_of(client);
    if (!b)
        return;
    pthread_mutex_lock(&b->mu);
    if (b->claimed_by == client) {
        b->claimed_by = NULL;
        client_gone(b, client);
    } else {
        drop_urbs(b, client);
    }
    pthread_mutex_unlock(&b->mu);
}

/* ---------------------------------------------------------------- the firmware's link */

static int link_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    board *b = ctx;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L)
        until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&b->mu);
    int rc = 1;
    while (!b->rx_head && !b->gone && !b->closing && timeout_ms)
        if (pthread_cond_timedwait(&b->cv, &b->mu, &until) != 0)
            break;
    if (b->gone || b->closing) {
        rc = -1;
    } else if (b->rx_head) {
        frame *f = b->rx_head;
        if (!(b->rx_head = f->next))
            b->rx_tail = NULL;
        size_t n = f->len < cap ? f->len : cap;
        memcpy(buf, f->bytes, n);
        *len = n;
        free(f);
        rc = 0;
    }
    pthread_mutex_unlock(&b->mu);
    return rc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static void recrc(uint8_t *f, size_t len)
{
    uint32_t crc = wire_crc32(0, f, 16);
    crc = wire_crc32(crc, f + WIRE_HEADER_SIZE, len - WIRE_HEADER_SIZE);
    put32(f + 16, crc);
}

static int link_send(void *ctx, const uint8_t *buf, size_t len)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    if (b->gone || b->closing) {
        pthread_mutex_unlock(&b->mu);
        return -1;
    }
    uint64_t n = ++b->frames_out;
    bool at = n == b->fault_n;
    if (b->fault_usb == USBEMU_FAULT_UNPLUG && at) {
        say("board %s: fault: unplugged instead of sending frame %lu", b->serial, (unsigned long)n);
        b->gone = true;
        b->unplug_requested = true;
        pump(b); /* pending IN URBs end with -ESHUTDOWN: the device is gone */
        pthread_cond_broadcast(&b->cv);
        pthread_mutex_unlock(&b->mu);
        pthread_mutex_lock(&main_mu);
        pthread_cond_broadcast(&main_cv);
        pthread_mutex_unlock(&main_mu);
        return -1;
    }
    if (b->fault_usb == USBEMU_FAULT_DROP && at) {
        say("board %s: fault: frame %lu (type 0x%02x, %zu bytes) dropped", b->serial, (unsigned long)n,
            len >= 8 ? buf[6] : 0, len);
        pthread_mutex_unlock(&b->mu);
        return 0;
    }
    frame *f = malloc(sizeof *f + len);
    if (!f) {
        pthread_mutex_unlock(&b->mu);
        return -1;
    }
    f->next = NULL, f->len = len, f->off = 0;
    f->stall = (b->fault_usb == USBEMU_FAULT_STALL || b->fault_usb == USBEMU_FAULT_STALL_ALWAYS) && at;
    memcpy(f->bytes, buf, len);
    if (b->fault_usb == USBEMU_FAULT_CORRUPT && at && len > 0) {
        size_t pos = len > WIRE_HEADER_SIZE ? WIRE_HEADER_SIZE + (len - WIRE_HEADER_SIZE) / 2 : len - 1;
        f->bytes[pos] ^= 0x5a;
        say("board %s: fault: byte %zu of frame %lu (type 0x%02x) flipped", b->serial, pos, (unsigned long)n,
            len >= 8 ? buf[6] : 0);
    }
    if (b->fault_usb == USBEMU_FAULT_VERSION && len >= WIRE_HEADER_SIZE && buf[6] == WIRE_CAPS) {
        f->bytes[4] = 2, f->bytes[5] = 0;
        if (len >= WIRE_HEADER_SIZE + 4)
            put32(f->bytes + WIRE_HEADER_SIZE, 2);
        recrc(f->bytes, len);
        say("board %s: fault: HELLO answered with protocol version 2", b->serial);
    }
    if (b->tx_tail)
        b->tx_tail->next = f;
    else
        b->tx_head = f;
    b->tx_tail = f;
    pump(b);
    pthread_mutex_unlock(&b->mu);
    return 0;
}

static const fw_link_ops emu_link_ops = {.recv = link_recv, .send = link_send};

/* ---------------------------------------------------------------- the DUT */

/* Every operation goes to the chosen DUT; step has the hang fault in front. */
static void emu_caps(void *ctx, wire_caps *caps)
{
    emu_dut *d = ctx;
    d->ops->caps(d->ctx, caps);
}

static int emu_reset(void *ctx)
{
    emu_dut *d = ctx;
    return d->ops->reset(d->ctx);
}

static int emu_load_code(void *ctx, uint32_t index, uint64_t lo, uint64_t hi)
{
    emu_dut *d = ctx;
    return d->ops->load_code(d->ctx, index, lo, hi);
}

static int emu_load_const(void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    emu_dut *d = ctx;
    return d->ops->load_const(d->ctx, bank, offset, word);
}

static int emu_load_mem(void *ctx, uint64_t addr, uint32_t word)
{
    emu_dut *d = ctx;
    return d->ops->load_mem(d->ctx, addr, word);
}

static int emu_launch(void *ctx, uint32_t warps, uint64_t entry)
{
    emu_dut *d = ctx;
    return d->ops->launch(d->ctx, warps, entry);
}

static int emu_write_reg(void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t lane_mask,
                         const uint32_t *values)
{
    emu_dut *d = ctx;
    return d->ops->write_reg(d->ctx, warp, kind, index, lane_mask, values);
}

static int emu_read_state(void *ctx, uint16_t warp, wire_state *out)
{
    emu_dut *d = ctx;
    return d->ops->read_state(d->ctx, warp, out);
}

static int emu_read_mem(void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    emu_dut *d = ctx;
    return d->ops->read_mem(d->ctx, addr, out, len);
}

static int emu_step(void *ctx, wire_commit *rec, uint32_t watchdog)
{
    emu_dut *d = ctx;
    if (d->hang && d->steps >= d->hang_after) {
        say("fault: the DUT stops retiring after %lu steps", (unsigned long)d->steps);
        struct timespec t = {0, 20 * 1000000L}; /* the watchdog's budget, briefly */
        nanosleep(&t, NULL);
        return FW_STEP_HUNG;
    }
    d->steps++;
    return d->ops->step(d->ctx, rec, watchdog);
}

static int emu_inject(void *ctx, uint16_t warp, uint64_t lo, uint64_t hi, wire_commit *rec)
{
    emu_dut *d = ctx;
    return d->ops->inject(d->ctx, warp, lo, hi, rec);
}

static const fw_dut_ops emu_dut_ops = {
    .caps = emu_caps,           .reset = emu_reset,         .load_code = emu_load_code,
    .load_const = emu_load_const, .load_mem = emu_load_mem, .launch = emu_launch,
    .write_reg = emu_write_reg, .read_state = emu_read_state, .read_mem = emu_read_mem,
    .step = emu_step,           .inject = emu_inject,
};

enum { DUT_MODEL, DUT_RTL };

static int parse_dut(const char *s)
{
    if (strcmp(s, "model") == 0)
        return DUT_MODEL;
    if (strcmp(s, "rtl") == 0)
        return DUT_RTL;
    return -1;
}

/* ---------------------------------------------------------------- the rv32 image's USB core */
#ifdef USBEMU_HAVE_IMAGE
#define IN_QUEUE_FRAMES 4 /* IN transfers the host side buffers before the core stops taking packets */

static void deadline_in(struct timespec *until, uint32_t us)
{
    clock_gettime(CLOCK_REALTIME, until);
    until->tv_nsec += (long)us * 1000L;
    while (until->tv_nsec >= 1000000000L)
        until->tv_sec++, until->tv_nsec -= 1000000000L;
}

static int img_out_packet(void *ctx, uint8_t *buf, uint32_t wait_us)
{
    board *b = ctx;
    struct timespec until;
    deadline_in(&until, wait_us);
    pthread_mutex_lock(&b->mu);
    while (!b->rx_head && !b->gone && !b->closing && wait_us)
        if (pthread_cond_timedwait(&b->cv, &b->mu, &until) != 0)
            break;
    int n = -1;
    frame *f = b->gone || b->closing ? NULL : b->rx_head;
    if (f) {
        if (!(b->rx_head = f->next))
            b->rx_tail = NULL;
        n = (int)(f->len < USBEMU_MAX_PACKET ? f->len : USBEMU_MAX_PACKET);
        memcpy(buf, f->bytes, (size_t)n);
        free(f);
    }
    pthread_mutex_unlock(&b->mu);
    return n;
}

static int img_in_transfer(void *ctx, const uint8_t *buf, size_t len)
{
    return link_send(ctx, buf, len);
}

static size_t queued_frames(const board *b)
{
    size_t n = 0;
    for (const frame *f = b->tx_head; f; f = f->next)
        n++;
    return n;
}

static bool img_in_ready(void *ctx, uint32_t wait_us)
{
    board *b = ctx;
    struct timespec until;
    deadline_in(&until, wait_us);
    pthread_mutex_lock(&b->mu);
    while (queued_frames(b) >= IN_QUEUE_FRAMES && !b->gone && !b->closing && wait_us)
        if (pthread_cond_timedwait(&b->cv, &b->mu, &until) != 0)
            break;
    bool ready = queued_frames(b) < IN_QUEUE_FRAMES || b->gone || b->closing; /* a gone device takes anything */
    pthread_mutex_unlock(&b->mu);
    return ready;
}

static bool img_in_empty(void *ctx)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    bool empty = !b->tx_head;
    pthread_mutex_unlock(&b->mu);
    return empty;
}

static uint32_t img_events(void *ctx, bool *configured)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    uint32_t ev = b->usb_events;
    b->usb_events = 0;
    *configured = !b->gone && !b->closing;
    pthread_mutex_unlock(&b->mu);
    return ev;
}

/* The image crashed: the board leaves the bus, so the host's transfers end at once. */
static void img_crashed(void *ctx)
{
    board *b = ctx;
    pthread_mutex_lock(&b->mu);
    b->gone = true;
    b->unplug_requested = true;
    pump(b);
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->mu);
    pthread_mutex_lock(&main_mu);
    pthread_cond_broadcast(&main_cv);
    pthread_mutex_unlock(&main_mu);
}

typedef struct {
    const char *path;
    uint32_t clk_hz;
    uint64_t max_insns, spin_insns;
    bool stats;
    const char *coverage;
} image_options;

static image_options image_opts = {.path = GH_REF_FW_IMAGE, .clk_hz = 50000000u, .spin_insns = 20000000u};

static int image_start(board *b, char *err, size_t errlen)
{
    ghemu_config cfg = {.image = image_opts.path, .name = b->serial, .clk_hz = image_opts.clk_hz,
                        .max_insns = image_opts.max_insns, .spin_insns = image_opts.spin_insns,
                        .dut = &emu_dut_ops, .dut_ctx = &b->dut,
                        .usb = {.ctx = b, .out_packet = img_out_packet, .in_transfer = img_in_transfer,
                                .in_ready = img_in_ready, .in_empty = img_in_empty, .events = img_events,
                                .crashed = img_crashed}};
    b->emu = ghemu_new(&cfg, err, errlen);
    return b->emu ? 0 : -1;
}

/* The cost figures: rv32 instructions per warp-instruction and per URB, and
 * what the board would do at its clock if the firmware were the limit. */
static void image_report(board *b)
{
    ghemu_stats st;
    ghemu_get_stats(b->emu, &st);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)(now.tv_sec - b->started.tv_sec) + (double)(now.tv_nsec - b->started.tv_nsec) / 1e9;
    double busy = (double)(st.insns - st.idle_insns);
    say("board %s: rv32 image: %llu instructions (%llu polling an idle host), %llu register accesses, %llu cycles "
        "(%llu waiting for the host)",
        b->serial, (unsigned long long)st.insns, (unsigned long long)st.idle_insns, (unsigned long long)st.mmio,
        (unsigned long long)st.cycles, (unsigned long long)st.idle_cycles);
    if (st.step_gaps) {
        double per = (double)st.step_insns / (double)st.step_gaps;
        say("board %s: %llu warp-instructions retired: %.0f rv32 instructions per warp-instruction; "
            "projected at %.0f MHz (1 instruction per cycle): %.0f warp-instructions/s firmware-bound "
            "(emulated here: %.0f/s)",
            b->serial, (unsigned long long)st.retired, per, image_opts.clk_hz / 1e6, image_opts.clk_hz / per,
            secs > 0 ? (double)st.retired / secs : 0.0);
    }
    if (b->urbs)
        say("board %s: %lu URBs (%llu OUT packets, %llu IN transfers): %.0f rv32 instructions per URB "
            "(busy instructions / URBs)",
            b->serial, b->urbs, (unsigned long long)st.out_packets, (unsigned long long)st.in_transfers,
            busy / (double)b->urbs);
    say("board %s: firmware functions executed: %u of %u (%.1f%%)", b->serial, st.funcs_run, st.funcs,
        st.funcs ? 100.0 * st.funcs_run / st.funcs : 0.0);
}
#endif

static void *fw_thread(void *arg)
{
    board *b = arg;
#ifdef USBEMU_HAVE_IMAGE
    if (b->image) {
        clock_gettime(CLOCK_MONOTONIC, &b->started);
        b->fw_rc = ghemu_run(b->emu);
        return NULL;
    }
#endif
    fw_core core = {.link = &emu_link_ops, .link_ctx = b, .dut = &emu_dut_ops, .dut_ctx = &b->dut,
                    .watchdog_cycles = 1000000, .idle_timeout_ms = 200, .rx = b->rx, .tx = b->tx,
                    .rx_cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD, .tx_cap = WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD,
                    .state_buf = b->state};
    b->fw_rc = fw_serve(&core);
    return NULL;
}

/* ---------------------------------------------------------------- the testbed */

static int add_board(UMockdevTestbed *tb, UMockdevIoctlBase *handler, board *b)
{
    int devnum = 5 + b->index;
    snprintf(b->devnode, sizeof b->devnode, "/dev/bus/usb/001/%03d", devnum);
    GError *error = NULL;
    if (!umockdev_testbed_attach_ioctl(tb, b->devnode, handler, &error)) {
        say("cannot attach the ioctl handler to %s: %s", b->devnode, error ? error->message : "?");
        g_clear_error(&error);
        return -1;
    }
    GString *hex = g_string_new(NULL);
    for (size_t i = 0; i < sizeof device_descriptor; i++)
        g_string_append_printf(hex, "%02x", device_descriptor[i]);
    for (size_t i = 0; i < sizeof config_descriptor; i++)
        g_string_append_printf(hex, "%02x", config_descriptor[i]);
    char *desc = g_strdup_printf("P: /devices/usb1/1-%d\n"
                                 "N: bus/usb/001/%03d\n"
                                 "E: SUBSYSTEM=usb\n"
                                 "E: DEVTYPE=usb_device\n"
                                 "E: DRIVER=usb\n"
                                 "E: BUSNUM=001\n"
                                 "E: DEVNUM=%03d\n"
                                 "E: DEVNAME=%s\n"
                                 "E: ID_SERIAL_SHORT=%s\n"
                                 "A: busnum=1\\n\n"
                                 "A: devnum=%d\\n\n"
                                 "A: bConfigurationValue=1\\n\n"
                                 "A: speed=480\\n\n"
                                 "A: idVendor=%04x\\n\n"
                                 "A: idProduct=%04x\\n\n"
                                 "A: serial=%s\\n\n"
                                 "H: descriptors=%s\n",
                                 b->index + 1, devnum, devnum, b->devnode, b->serial, devnum, USBEMU_VID,
                                 USBEMU_PID, b->serial, hex->str);
    g_string_free(hex, TRUE);
    snprintf(b->syspath, sizeof b->syspath, "/sys/devices/usb1/1-%d", b->index + 1);
    bool ok = umockdev_testbed_add_from_string(tb, desc, &error);
    g_free(desc);
    if (!ok) {
        say("cannot add the board to the testbed: %s", error ? error->message : "?");
        g_clear_error(&error);
        return -1;
    }
    return 0;
}

static void on_signal(int sig)
{
    pending_signal = sig;
}

static int parse_usb_fault(const char *s, int *kind, uint64_t *n)
{
    static const struct {
        const char *name;
        int kind;
        uint64_t n;
    } kinds[] = {{"unplug", USBEMU_FAULT_UNPLUG, 12},  {"stall", USBEMU_FAULT_STALL, 12},
                 {"stall-always", USBEMU_FAULT_STALL_ALWAYS, 12}, {"corrupt", USBEMU_FAULT_CORRUPT, 12},
                 {"drop", USBEMU_FAULT_DROP, 2},       {"version", USBEMU_FAULT_VERSION, 1},
                 {"hang", USBEMU_FAULT_HANG, 100}};
    const char *colon = strchr(s, ':');
    size_t len = colon ? (size_t)(colon - s) : strlen(s);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strlen(kinds[i].name) != len || strncmp(s, kinds[i].name, len) != 0)
            continue;
        *kind = kinds[i].kind;
        *n = kinds[i].n;
        if (colon) {
            char *end;
            unsigned long long v = strtoull(colon + 1, &end, 0);
            if (*end || !colon[1] || (v == 0 && kinds[i].kind != USBEMU_FAULT_HANG))
                return -1;
            *n = v;
        }
        return 0;
    }
    return -1;
}

static void usage(FILE *f)
{
    fputs("usage: gpu-usbemu [--boards N] [--dut model|rtl] [--fault-usb KIND[:N]] [--fault KIND:AT[:PARAM]]\n"
          "                  [--verbose] -- PROGRAM ARGS...\n"
          "Emulates the reference board (USB 1209:6770, serial EMU0001; EMU0002... with --boards)\n"
          "for PROGRAM's libusb, the firmware core serving the functional model behind it.\n"
          "--dut model|rtl  the DUT behind the firmware core: the functional model (default), or\n"
          "                 the Verilated core (hdl_stubs, as gpu-rtlsim; where it is built). The\n"
          "                 environment variable " USBEMU_DUT_ENV " (model|rtl) sets the default.\n"
          "--fault-usb KIND[:N], N counting frames the board sends (default in brackets):\n"
          "  unplug[:12]        the board is removed instead of sending frame N\n"
          "  stall[:12]         the IN endpoint stalls once before frame N\n"
          "  stall-always[:12]  ... and again after every CLEAR_HALT\n"
          "  corrupt[:12]       one byte of frame N is flipped (CRC mismatch)\n"
          "  drop[:2]           frame N is never sent (the host times out)\n"
          "  version            HELLO is answered with protocol version 2\n"
          "  hang[:100]         the DUT stops retiring after N instructions (watchdog)\n"
          "--fault KIND:AT[:PARAM]  a DUT fault, as gpu-modelsim / gpu-rtlsim (KIND 1..9, fw/faults.h)\n"
          "--firmware image|host  the board's own rv32 image gh-ref-fw.elf on the emulated soft core\n"
          "                 (Unicorn; the default where built) or the firmware core compiled for the host\n"
          "                 (faster). " USBEMU_FIRMWARE_ENV " sets the default.\n"
          "--image ELF      the image to run (default: the build's; " USBEMU_IMAGE_ENV ")\n"
          "--clock-hz N     SYS.CLK_HZ of the emulated board (default 50000000)\n"
          "--fw-max-insns N stop the image after N rv32 instructions (a crash report, exit of the host: 8)\n"
          "--fw-stats       print the image's cost figures at the end (" USBEMU_STATS_ENV "=1)\n"
          "--fw-coverage F  append \"run|not-run FUNCTION SIZE\" lines for the image to F (" USBEMU_COVERAGE_ENV ")\n"
          "Exit status: PROGRAM's (128+signal if it was killed); 125 if the emulation cannot start;\n"
          "2 for --dut rtl where the Verilated core is not built.\n",
          f);
}

static void remove_tree(const char *path)
{
    char *cmd = g_strdup_printf("rm -rf '%s'", path);
    if (system(cmd) != 0)
        say("could not remove %s", path);
    g_free(cmd);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {{"boards", required_argument, NULL, 'b'},
                                            {"fault-usb", required_argument, NULL, 'u'},
                                            {"fault", required_argument, NULL, 'f'},
                                            {"dut", required_argument, NULL, 'd'},
                                            {"verbose", no_argument, NULL, 'v'},
                                            {"firmware", required_argument, NULL, 'F'},
                                            {"image", required_argument, NULL, 'I'},
                                            {"clock-hz", required_argument, NULL, 'C'},
                                            {"fw-max-insns", required_argument, NULL, 'M'},
                                            {"fw-stats", no_argument, NULL, 'S'},
                                            {"fw-coverage", required_argument, NULL, 'V'},
                                            {"help", no_argument, NULL, 'h'},
                                            {0}};
    int fault_usb = USBEMU_FAULT_NONE;
    uint64_t fault_n = 0;
    unsigned dut_kind = 0, dut_param = 0;
    unsigned long long dut_at = 0;
    int dut = DUT_MODEL;
    const char *dut_env = getenv(USBEMU_DUT_ENV);
    if (dut_env && *dut_env && (dut = parse_dut(dut_env)) < 0) {
        say("%s takes model or rtl, not '%s'", USBEMU_DUT_ENV, dut_env);
        return 125;
    }
    /* the rv32 image by default where this gpu-usbemu can run it */
#ifdef USBEMU_HAVE_IMAGE
    bool image = true;
    if (getenv(USBEMU_IMAGE_ENV) && *getenv(USBEMU_IMAGE_ENV))
        image_opts.path = getenv(USBEMU_IMAGE_ENV);
    image_opts.stats = getenv(USBEMU_STATS_ENV) && *getenv(USBEMU_STATS_ENV);
    image_opts.coverage = getenv(USBEMU_COVERAGE_ENV);
#else
    bool image = false;
#endif
    const char *fw_env = getenv(USBEMU_FIRMWARE_ENV);
    if (fw_env && *fw_env) {
        if (strcmp(fw_env, "image") != 0 && strcmp(fw_env, "host") != 0) {
            say("%s takes image or host, not '%s'", USBEMU_FIRMWARE_ENV, fw_env);
            return 125;
        }
        image = strcmp(fw_env, "image") == 0;
    }
    verbose = getenv(USBEMU_VERBOSE_ENV) && *getenv(USBEMU_VERBOSE_ENV);
    int opt;
    while ((opt = getopt_long(argc, argv, "+hv", options, NULL)) != -1) {
        switch (opt) {
        case 'b': {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*end || v < 0 || v > MAX_BOARDS) {
                say("--boards takes 0..%d", MAX_BOARDS);
                return 125;
            }
            board_count = (int)v;
            break;
        }
        case 'u':
            if (parse_usb_fault(optarg, &fault_usb, &fault_n) != 0) {
                say("--fault-usb takes unplug, stall, stall-always, corrupt, drop, version or hang, "
                    "optionally :N, not '%s'", optarg);
                return 125;
            }
            break;
        case 'f':
            if (sscanf(optarg, "%u:%llu:%u", &dut_kind, &dut_at, &dut_param) < 2 || dut_kind >= FW_FAULT_COUNT) {
                say("--fault takes KIND:AT[:PARAM], KIND 1..%d", FW_FAULT_COUNT - 1);
                return 125;
            }
            break;
        case 'd':
            if ((dut = parse_dut(optarg)) < 0) {
                say("--dut takes model or rtl, not '%s'", optarg);
                return 125;
            }
            break;
        case 'v': verbose = true; break;
        case 'F':
            if (strcmp(optarg, "image") != 0 && strcmp(optarg, "host") != 0) {
                say("--firmware takes image or host, not '%s'", optarg);
                return 125;
            }
            image = strcmp(optarg, "image") == 0;
            break;
#ifdef USBEMU_HAVE_IMAGE
        case 'I': image_opts.path = optarg; break;
        case 'S': image_opts.stats = true; break;
        case 'V': image_opts.coverage = optarg; break;
        case 'C':
        case 'M': {
            char *end;
            unsigned long long v = strtoull(optarg, &end, 0);
            if (*end || !*optarg || (opt == 'C' && (v < 1000 || v > UINT32_MAX))) {
                say("--%s takes a number%s", opt == 'C' ? "clock-hz" : "fw-max-insns",
                    opt == 'C' ? " of Hz, 1000..4294967295" : "");
                return 125;
            }
            if (opt == 'C')
                image_opts.clk_hz = (uint32_t)v;
            else
                image_opts.max_insns = v;
            break;
        }
#else
        case 'I': case 'S': case 'V': case 'C': case 'M':
            say("the rv32 image options need a gpu-usbemu built with Unicorn, libelf and the image");
            return 2;
#endif
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 125;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        return 125;
    }
#ifndef USBEMU_HAVE_IMAGE
    if (image) {
        say("--firmware image: this gpu-usbemu cannot run the rv32 image (needs Unicorn, libelf and the "
            "riscv64-unknown-elf toolchain at build time; reconfigure)");
        return 2;
    }
#endif
#ifndef USBEMU_HAVE_RTL
    if (dut == DUT_RTL) {
        say("--dut rtl: the Verilated core is not built into this gpu-usbemu "
            "(needs Verilator and cosim/rtl's rtl_dut; reconfigure)");
        return 2;
    }
#else
    if (dut == DUT_RTL && dut_at > UINT32_MAX) {
        say("--fault with --dut rtl takes AT < 2^32");
        return 125;
    }
#endif
    char **program = argv + optind;

    /* timer slack 1 ns: the many short waits of the emulation otherwise round up to 50 us
     * (inherited by the program under test) */
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);

    /* the testbed lives in a private TMPDIR: nothing is left behind in the caller's */
    const char *base = getenv("TMPDIR");
    char *old_tmpdir = base ? g_strdup(base) : NULL;
    char *tmpdir = g_strdup_printf("%s/gpu-usbemu.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        say("cannot create a private directory %s: %s", tmpdir, strerror(errno));
        return 125;
    }
    setenv("TMPDIR", tmpdir, 1);

    int status = 125;
    UMockdevTestbed *tb = umockdev_testbed_new();
    UMockdevIoctlBase *handler = umockdev_ioctl_base_new();
    g_signal_connect(handler, "handle-ioctl", G_CALLBACK(handle_ioctl), NULL);
    g_signal_connect(handler, "client-vanished", G_CALLBACK(on_client_vanished), NULL);
    for (int i = 0; i < board_count; i++) {
        board *b = &boards[i];
        b->index = i;
        snprintf(b->serial, sizeof b->serial, USBEMU_SERIAL_PREFIX "%04d", i + 1);
        pthread_mutex_init(&b->mu, NULL);
        pthread_cond_init(&b->cv, NULL);
        b->fault_usb = fault_usb == USBEMU_FAULT_HANG ? USBEMU_FAULT_NONE : fault_usb;
        b->fault_n = fault_n;
        if (dut == DUT_MODEL) {
            if (fw_dut_model_init(&b->dut.model) != 0)
                goto cleanup;
            b->dut.model.fault_kind = dut_kind, b->dut.model.fault_at = dut_at, b->dut.model.fault_param = dut_param;
            b->dut.ops = &fw_dut_model_ops, b->dut.ctx = &b->dut.model;
        }
#ifdef USBEMU_HAVE_RTL
        else {
            fw_dut_rtl_config cfg = {.fault_kind = dut_kind, .fault_at = (uint32_t)dut_at, .fault_param = dut_param};
            b->dut.rtl = calloc(1, sizeof *b->dut.rtl);
            if (!b->dut.rtl) {
                say("out of memory");
                goto cleanup;
            }
            if (fw_dut_rtl_init(b->dut.rtl, &cfg) != 0) {
                say("board %s: the Verilated core: %s", b->serial, b->dut.rtl->error);
                free(b->dut.rtl);
                b->dut.rtl = NULL;
                goto cleanup;
            }
            b->dut.ops = &fw_dut_rtl_ops, b->dut.ctx = b->dut.rtl;
            if (i == 0 && verbose)
                say("DUT: the Verilated core (%u warps)", b->dut.rtl->cap_warps);
        }
#endif
        b->dut.hang = fault_usb == USBEMU_FAULT_HANG;
        b->dut.hang_after = fault_n;
        b->image = image;
#ifdef USBEMU_HAVE_IMAGE
        if (image) {
            char err[256];
            if (image_start(b, err, sizeof err) != 0) {
                say("board %s: cannot run the firmware image: %s", b->serial, err);
                goto cleanup;
            }
            if (i == 0 && verbose)
                say("board %s: %s executing on the emulated rv32imac soft core (Unicorn), %u Hz", b->serial,
                    image_opts.path, image_opts.clk_hz);
        }
#endif
        b->rx = malloc(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD);
        b->tx = malloc(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD);
        b->state = malloc(sizeof *b->state);
        if (!b->rx || !b->tx || !b->state || add_board(tb, handler, b) != 0)
            goto cleanup;
        if (pthread_create(&b->thread, NULL, fw_thread, b) != 0)
            goto cleanup;
        b->thread_started = true;
    }

    char *root = umockdev_testbed_get_root_dir(tb);
    const char *preload = getenv("LD_PRELOAD");
    char *new_preload = preload && *preload ? g_strdup_printf("libumockdev-preload.so.0:%s", preload)
                                            : g_strdup("libumockdev-preload.so.0");
    struct sigaction sa = {.sa_handler = on_signal};
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        signal(SIGINT, SIG_DFL), signal(SIGTERM, SIG_DFL), signal(SIGHUP, SIG_DFL);
        setenv("LD_PRELOAD", new_preload, 1);
        setenv("UMOCKDEV_DIR", root, 1);
        /* a sanitizer build of PROGRAM must accept the preload library ahead of its runtime */
        const char *asan = getenv("ASAN_OPTIONS");
        char *asan_opts = g_strdup_printf("%s%sverify_asan_link_order=0", asan ? asan : "", asan && *asan ? ":" : "");
        setenv("ASAN_OPTIONS", asan_opts, 1);
        if (old_tmpdir)
            setenv("TMPDIR", old_tmpdir, 1);
        else
            unsetenv("TMPDIR");
        execvp(program[0], program);
        fprintf(stderr, "gpu-usbemu: cannot run %s: %s\n", program[0], strerror(errno));
        _exit(127);
    }
    g_free(new_preload);
    g_free(root);
    if (child < 0) {
        say("cannot fork: %s", strerror(errno));
        goto cleanup;
    }
    for (;;) {
        int st;
        pid_t r = waitpid(child, &st, WNOHANG);
        if (r == child) {
            status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 125;
            break;
        }
        if (r < 0 && errno != EINTR) {
            say("waitpid: %s", strerror(errno));
            break;
        }
        if (pending_signal) {
            kill(child, pending_signal);
            pending_signal = 0;
        }
        for (int i = 0; i < board_count; i++) {
            board *b = &boards[i];
            pthread_mutex_lock(&b->mu);
            bool unplug = b->unplug_requested && !b->unplugged;
            b->unplugged |= unplug;
            pthread_mutex_unlock(&b->mu);
            if (unplug) {
                umockdev_testbed_remove_device(tb, b->syspath);
            }
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 5 * 1000000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_mutex_lock(&main_mu);
        pthread_cond_timedwait(&main_cv, &main_mu, &until);
        pthread_mutex_unlock(&main_mu);
    }

cleanup:
    for (int i = 0; i < board_count; i++) {
        board *b = &boards[i];
        if (!b->thread_started)
            continue;
        pthread_mutex_lock(&b->mu);
        b->closing = true;
        pthread_cond_broadcast(&b->cv);
        pthread_mutex_unlock(&b->mu);
#ifdef USBEMU_HAVE_IMAGE
        if (b->emu)
            ghemu_stop(b->emu);
#endif
        pthread_join(b->thread, NULL);
#ifdef USBEMU_HAVE_IMAGE
        if (b->emu && image_opts.stats)
            image_report(b);
        if (b->emu && image_opts.coverage && ghemu_write_coverage(b->emu, image_opts.coverage) != 0)
            say("cannot write the coverage to %s", image_opts.coverage);
#endif
        if (verbose)
            say("board %s: %lu ioctls, %lu URBs submitted, %lu reaped, %lu empty reaps (%lu held), %lu frames sent",
                b->serial, b->ioctls, b->urbs, b->reaps, b->empty_reaps_total, b->held_reaps,
                (unsigned long)b->frames_out);
        if (verbose)
            for (int n = 0; n < 64; n++)
                if (b->by_nr[n])
                    say("  ioctl U/%d: %lu", n, b->by_nr[n]);
    }
    for (int i = 0; i < board_count; i++) {
        board *b = &boards[i];
        pthread_mutex_lock(&b->mu);
        client_gone(b, NULL);
        pthread_mutex_unlock(&b->mu);
        if (b->devnode[0])
            umockdev_testbed_detach_ioctl(tb, b->devnode, NULL);
    }
    g_object_unref(handler);
    g_object_unref(tb);
    for (int i = 0; i < board_count; i++) {
        board *b = &boards[i];
        free_frames(&b->rx_head, &b->rx_tail);
        free(b->asm_buf);
        free(b->rx), free(b->tx), free(b->state);
        fw_dut_model_free(&b->dut.model);
#ifdef USBEMU_HAVE_IMAGE
        ghemu_free(&b->emu);
#endif
#ifdef USBEMU_HAVE_RTL
        if (b->dut.rtl) {
            fw_dut_rtl_free(b->dut.rtl);
            free(b->dut.rtl);
        }
#endif
    }
    remove_tree(tmpdir);
    g_free(tmpdir);
    g_free(old_tmpdir);
    return status;
}
