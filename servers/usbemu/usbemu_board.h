/* gpu-usbemu's parts (private): the testbed object, its boards, and what
 * each file offers the others. usbemu_main.c: the options and main;
 * usbemu.c: the testbed object (its private directory, the umockdev testbed,
 * the boards and their firmware threads); usbemu_run.c: serving it (wrap
 * mode: a PROGRAM under it; serve mode: until the parent lets go);
 * usbemu_desc.c: USB descriptors and EP0 control; usbemu_urb.c: the URB
 * queues and frame and packet streams; usbemu_ioctl.c: the usbfs ioctls;
 * usbemu_link.c: the host-compiled firmware's fault-injecting link;
 * usbemu_dut.c: the DUT (model or Verilated core, hang fault);
 * usbemu_image.c: the rv32 image's USB core side. No part keeps state of its
 * own: each reaches the testbed through its board (board.bed). */
#ifndef USBEMU_BOARD_H
#define USBEMU_BOARD_H

#include <linux/usbdevice_fs.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <umockdev.h>

#include "dut_model.h"
#include "dut_pass.h"
#include "fault_spec.h"
#include "stress.h"
#include "usbemu.h"

typedef struct ghemu ghemu; /* ghemu.h: the emulated SoC (only where built: USBEMU_HAVE_IMAGE) */
typedef struct ghsoc ghsoc; /* ghsoc.h: the Verilated gateware (only where built: USBEMU_HAVE_GATEWARE) */

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
    fw_dut_pass pass; /* first: fw_dut_model_ops or fw_dut_rtl_ops over &model or rtl */
    fw_dut_ops ops;   /* usbemu_dut_ops */
    fw_dut_model model;
    void *rtl; /* fw_dut_rtl (dut_rtl.h) with --dut rtl, only where built (USBEMU_HAVE_RTL) */
    uint64_t steps, hang_after;
    bool hang;
} emu_dut;

typedef struct usbemu usbemu;

struct board {
    usbemu *bed; /* the testbed it is on */
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
    bool image; /* the rv32 image (under ghemu, or on the gateware): rx holds OUT packets, not frames */
    bool gateware; /* the image on the Verilated gh-ref SoC (ghsoc), not under ghemu */
    bool connected; /* the image has set CONNECT: the program may start */
    uint32_t usb_events; /* GH_USB_INT_* bits for the image's USB core */
    ghemu *emu;
    ghsoc *soc;
    struct timespec started;
    pthread_t thread;
    bool thread_started, stopped;
    emu_dut dut;
    uint8_t *rx, *tx;
    wire_state *state;
    int fw_rc;
    /* counters */
    unsigned long by_nr[64];
    unsigned long urbs, reaps, ioctls, empty_reaps_total, held_reaps;
};

/* The rv32 image's settings (--image, --clock-hz, ...). */
typedef struct {
    const char *path;
    uint32_t clk_hz;
    uint64_t max_insns, spin_insns;
    bool stats;
    const char *coverage;
    bool no_trap_lane; /* the debug port presents a core without TRAP_LANE (ghemu_config) */
    const char *wave;  /* --firmware gateware: an FST of the SoC, retires wave_at +- wave_window (all: not windowed) */
    uint64_t wave_at, wave_window;
    bool wave_windowed;
} image_options;

enum { DUT_MODEL, DUT_RTL };

/* What gpu-usbemu's command line and environment asked for (usbemu_main.c). */
typedef struct {
    int boards;
    int dut;    /* DUT_MODEL or DUT_RTL */
    bool image; /* the rv32 image under ghemu, else the host-compiled firmware core */
    bool gateware; /* the rv32 image on the Verilated gh-ref SoC (image is set too) */
    int fault_usb;
    uint64_t fault_n;
    fw_fault_spec dut_fault;
    rtl_stress stress;
    bool stressed;
    bool verbose;
    image_options image_opts;
    int ready_fd;   /* serve mode: "ready DIR\n" goes here once every board is on the bus; -1 none */
    char **program; /* wrap mode: PROGRAM ARGS, NULL-terminated; NULL: serve mode */
} usbemu_opts;

/* The testbed: the emulated bus with its boards. */
struct usbemu {
    usbemu_opts o;
    board boards[MAX_BOARDS];
    pthread_mutex_t main_mu; /* with main_cv: wakes main (a board connected, an unplug is due) */
    pthread_cond_t main_cv;
    UMockdevTestbed *tb;
    UMockdevIoctlBase *handler;
    /* run under umockdev's preload: an unplug is also a udev "remove" event for other
     * processes' monitors (labgrid's exporter); umockdev composes it from the testbed's
     * record, which this process reaches only through the preload (slower: not linked) */
    bool udev_events;
    char *tmpdir, *old_tmpdir; /* the private TMPDIR the testbed lives in, and the caller's */
    sigset_t stops;            /* SIGINT, SIGTERM, SIGHUP: blocked in every thread, taken by main */
    int stop_signal;           /* the one main took (0: none yet) */
};

/* usbemu.c */
void usbemu_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The testbed with its boards, their firmware started; NULL with *status
 * (125: it cannot start; 2: an option this build or DUT cannot honour). */
usbemu *usbemu_new(const usbemu_opts *o, int *status);
/* Stops the firmware, removes the testbed and its directory; accepts NULL. */
void usbemu_destroy(usbemu **up);
/* Wakes main (called with no board mutex held). */
void usbemu_wake(usbemu *u);
void usbemu_set_connected(board *b, bool on);
/* The board's firmware stopped (its thread joined), its figures said; once. */
void usbemu_board_stop(board *b);

/* usbemu_run.c: serves until PROGRAM ends (its status) or, in serve mode,
 * until stdin ends or a stop signal (0, or 1 when a board's firmware failed;
 * 125 when it could not start). */
int usbemu_run(usbemu *u);

/* usbemu_desc.c */
extern const uint8_t usbemu_config_descriptor[32];
extern const uint8_t usbemu_device_descriptor[18];
/* Answers a control request; returns bytes of data, or -1 to stall. */
int usbemu_control(const board *b, const uint8_t setup[8], uint8_t *data, size_t cap);

/* usbemu_urb.c (called with the board's mutex held) */
struct usbdevfs_urb *usbemu_urb_of(const urb *u);
void usbemu_urb_free(urb *u);
void usbemu_urb_reap_into(board *b, UMockdevIoctlClient *client, urb *u);
void usbemu_urb_done(board *b, urb *u, int status, int actual);
urb *usbemu_pop(urb **head, urb **tail);
urb *usbemu_take_done(board *b, const void *owner);
void usbemu_drop_urbs(board *b, const void *owner);
void usbemu_pump(board *b);
void usbemu_out_bytes(board *b, const uint8_t *p, size_t n);
void usbemu_out_packets(board *b, const uint8_t *p, size_t n, bool zero_packet);
void usbemu_free_frames(frame **head, frame **tail);
void usbemu_client_gone(board *b, const void *owner);

/* usbemu_ioctl.c */
gboolean usbemu_handle_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user);
void usbemu_on_client_vanished(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user);

/* usbemu_link.c: the host-compiled firmware core's link (frames, USB faults) */
extern const fw_link_ops usbemu_link_ops;
int usbemu_link_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms);
int usbemu_link_send(void *ctx, const uint8_t *buf, size_t len);

/* usbemu_dut.c */
/* The DUT the options ask for, for board b; 0, or -1 said, *status set. */
int usbemu_dut_init(board *b, const usbemu_opts *o, int *status);
void usbemu_dut_free(emu_dut *d);
/* d's ops: every operation to the chosen DUT, step with the hang fault in front. */
const fw_dut_ops *usbemu_dut_ops(emu_dut *d);
int usbemu_parse_dut(const char *s);

/* usbemu_image.c (only where built: USBEMU_HAVE_IMAGE) */
int usbemu_image_start(board *b, char *err, size_t errlen);
/* The image on the Verilated SoC (only where built: USBEMU_HAVE_GATEWARE). */
int usbemu_gateware_start(board *b, char *err, size_t errlen);
void usbemu_gateware_report(board *b);
void usbemu_image_report(board *b);

#endif
