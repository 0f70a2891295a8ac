/* servers/common: the ZeroMQ link's frames and its one session (link_zmq.h).
 *
 * Connections are told apart by their descriptor (ZMQ_SRCFD of each message)
 * and followed by a socket monitor (ACCEPTED, DISCONNECTED). The monitor is
 * read after each message: every event of the message's own connection
 * (and any stale one of an earlier connection on the same descriptor) is then
 * already queued, so a session is never ended by an old event, and never
 * opened for a connection that has already closed. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include "link_zmq.h"
#include "owner.h"

#define MONITOR "inproc://gpuhost-link-monitor"
#define POLL_MS 200 /* how often a wait looks at the owner, the idle and session clocks */

static volatile sig_atomic_t stop_requested;
/* A stop's wake-up: a wait polls its read end, so that a signal landing
 * between the wait's look at stop_requested and its poll ends the wait at
 * once, not a POLL_MS later (gpuhost's SIGTERM after a run's last reply hit
 * that gap in half the runs). Open for the process's life: a handler never
 * writes into a descriptor reused for something else. */
static int stop_pipe[2] = {-1, -1};

void fw_link_zmq_stop(void)
{
    stop_requested = 1;
    if (stop_pipe[1] >= 0) {
        int saved = errno;
        ssize_t unused = write(stop_pipe[1], "", 1); /* full: a wake-up is pending already */
        (void)unused;
        errno = saved;
    }
}

int fw_link_stop_wakeup_open(char *err, size_t errlen)
{
    if (stop_pipe[0] >= 0)
        return 0;
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(err, errlen, "cannot make the stop wake-up pipe: %s", strerror(errno));
        return -1;
    }
    for (int i = 0; i < 2; i++)
        if (fcntl(fds[i], F_SETFL, O_NONBLOCK) != 0 || fcntl(fds[i], F_SETFD, FD_CLOEXEC) != 0) {
            snprintf(err, errlen, "cannot set up the stop wake-up pipe: %s", strerror(errno));
            close(fds[0]);
            close(fds[1]);
            return -1;
        }
    stop_pipe[0] = fds[0];
    stop_pipe[1] = fds[1];
    return 0;
}

uint64_t fw_link_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int fw_link_monitor_start(fw_link_zmq *l, char *err, size_t errlen)
{
    if (zmq_socket_monitor(l->socket, MONITOR, ZMQ_EVENT_ACCEPTED | ZMQ_EVENT_DISCONNECTED) != 0 ||
        !(l->monitor = zmq_socket(l->context, ZMQ_PAIR)) || zmq_connect(l->monitor, MONITOR) != 0) {
        snprintf(err, errlen, "cannot watch the socket's connections: %s", zmq_strerror(zmq_errno()));
        return -1;
    }
    return 0;
}

/* why: NULL for the ordinary end (the client closed its connection) */
static void end_session(fw_link_zmq *l, const char *why)
{
    if (!l->session_open)
        return;
    if (why)
        fprintf(stderr, "%s: the session ended: %s\n", l->cfg.program, why);
    l->session_open = false;
    l->halt_pending = true; /* a run in progress ends as if halted */
    l->reply.id_len = 0;    /* and its answers go nowhere */
}

/* Every queued monitor event: the last one of each descriptor; a closed
 * session connection ends the session. */
static void read_events(fw_link_zmq *l)
{
    for (;;) {
        zmq_msg_t m;
        zmq_msg_init(&m);
        if (zmq_msg_recv(&m, l->monitor, ZMQ_DONTWAIT) < 0) {
            zmq_msg_close(&m);
            return;
        }
        uint16_t event = 0;
        uint32_t fd = 0;
        if (zmq_msg_size(&m) >= 6) {
            memcpy(&event, zmq_msg_data(&m), 2);
            memcpy(&fd, (const uint8_t *)zmq_msg_data(&m) + 2, 4);
        }
        while (zmq_msg_more(&m)) { /* the endpoint part */
            zmq_msg_close(&m);
            zmq_msg_init(&m);
            if (zmq_msg_recv(&m, l->monitor, 0) < 0)
                break;
        }
        zmq_msg_close(&m);
        if (fd < sizeof l->fd_event / sizeof l->fd_event[0]) {
            l->fd_event[fd] = event;
            if (event == ZMQ_EVENT_ACCEPTED)
                l->refusals[fd] = 0;
        }
        if (event == ZMQ_EVENT_DISCONNECTED && l->session_open && (int)fd == l->session.fd)
            end_session(l, NULL);
    }
}

static bool connection_closed(const fw_link_zmq *l, int fd)
{
    return fd >= 0 && (size_t)fd < sizeof l->fd_event / sizeof l->fd_event[0] &&
           l->fd_event[fd] == ZMQ_EVENT_DISCONNECTED;
}

static int send_to(fw_link_zmq *l, const fw_link_peer *p, const uint8_t *buf, size_t len)
{
    if (!p->id_len)
        return 0; /* its client is gone */
    if (zmq_send(l->socket, p->id, p->id_len, ZMQ_SNDMORE) < 0)
        return -1;
    return zmq_send(l->socket, buf, len, 0) < 0 ? -1 : 0;
}

/* ERROR SESSION to a client that is not the session's; the core never sees it.
 * The send queue to a client that never reads is unbounded (SNDHWM 0, so that
 * the session's own frames are never dropped): a connection is answered
 * MAX_REFUSALS times, its further frames are read and dropped. */
#define MAX_REFUSALS 8
static void refuse(fw_link_zmq *l, const fw_link_peer *p, uint32_t seq, const char *why)
{
    if (p->fd >= 0 && (size_t)p->fd < sizeof l->refusals && l->refusals[p->fd]++ >= MAX_REFUSALS) {
        l->refusals[p->fd] = MAX_REFUSALS;
        return;
    }
    uint8_t payload[256], frame[WIRE_HEADER_SIZE + sizeof payload];
    wire_writer w = {.p = payload, .cap = sizeof payload};
    wire_put32(&w, WIRE_ERR_SESSION);
    wire_put16(&w, (uint16_t)strlen(why));
    wire_put_bytes(&w, why, strlen(why));
    size_t n = wire_frame_encode(frame, sizeof frame, WIRE_ERROR, seq, payload, (uint32_t)w.len);
    send_to(l, p, frame, n);
}

static bool same_peer(const fw_link_peer *a, const fw_link_peer *b)
{
    return a->fd == b->fd && a->id_len == b->id_len && memcmp(a->id, b->id, a->id_len) == 0;
}

/* Decides about one message: 0 for the core (in buf), 1 handled here. */
static int admit(fw_link_zmq *l, const fw_link_peer *from, const uint8_t *data, size_t size, uint8_t *buf,
                 size_t cap, size_t *len)
{
    wire_header h;
    const uint8_t *payload;
    bool good = wire_frame_decode(data, size, &h, &payload) == 0;
    bool ours = l->session_open && same_peer(&l->session, from);
    if (l->session_open && !ours) {
        refuse(l, from, good ? h.seq : 0, "this server is in another client's session (one client at a time)");
        return 1;
    }
    if (!ours && good && h.type != WIRE_HELLO) {
        refuse(l, from, h.seq, "no session: a client's HELLO opens one");
        return 1;
    }
    if (!ours && good) { /* a HELLO opens the session, unless its connection has already closed */
        if (connection_closed(l, from->fd))
            return 1;
        l->session = *from;
        l->session_open = ours = true;
    }
    /* not ours and not a frame: the core answers it (ERROR, sequence number 0) and nothing else */
    l->reply = *from;
    if (ours)
        l->session_heard_ms = l->last_frame_ms;
    if (good)
        l->last_seq = h.seq;
    memcpy(buf, data, size < cap ? size : cap);
    /* a frame larger than the buffer arrives truncated: its header's length
     * no longer matches, so the core answers BAD_LENGTH */
    *len = size < cap ? size : cap;
    return 0;
}

/* One message from the socket: 0 a frame for the core, 1 none, -1 broken. */
static int take(fw_link_zmq *l, uint8_t *buf, size_t cap, size_t *len)
{
    fw_link_peer from = {.fd = -1};
    int n = zmq_recv(l->socket, from.id, sizeof from.id, ZMQ_DONTWAIT);
    if (n < 0)
        return zmq_errno() == EAGAIN || zmq_errno() == EINTR ? 1 : -1;
    from.id_len = (size_t)n > sizeof from.id ? sizeof from.id : (size_t)n;
    int more = 0;
    size_t sz = sizeof more;
    zmq_getsockopt(l->socket, ZMQ_RCVMORE, &more, &sz);
    if (!more)
        return 1; /* an empty message: ignore */
    zmq_msg_t body;
    zmq_msg_init(&body);
    if (zmq_msg_recv(&body, l->socket, 0) < 0) {
        zmq_msg_close(&body);
        return -1;
    }
    from.fd = zmq_msg_get(&body, ZMQ_SRCFD);
    for (bool extra = zmq_msg_more(&body); extra;) { /* drain anything else in the message */
        zmq_msg_t junk;
        zmq_msg_init(&junk);
        extra = zmq_msg_recv(&junk, l->socket, 0) >= 0 && zmq_msg_more(&junk);
        zmq_msg_close(&junk);
    }
    read_events(l);
    l->last_frame_ms = fw_link_now_ms();
    int rc = admit(l, &from, zmq_msg_data(&body), zmq_msg_size(&body), buf, cap, len);
    zmq_msg_close(&body);
    return rc;
}

/* Why the link must close now ("" none): asked to, the owner ended, idle. */
static const char *must_close(fw_link_zmq *l, uint64_t now)
{
    if (stop_requested)
        return "asked to stop";
    /* a run asks after every batch: the owner (a system call) once a POLL_MS, as a wait does */
    if (now - l->owner_seen_ms >= POLL_MS) {
        if (!fw_owner_alive())
            return "the process it belongs to (--owner) has ended";
        l->owner_seen_ms = now;
    }
    if (l->cfg.idle_exit_ms && now - l->last_frame_ms >= l->cfg.idle_exit_ms)
        return "no client spoke for the --idle-exit time";
    return "";
}

/* zmq_poll without waiting: each socket's ZMQ_EVENTS, no poll(2) (a run
 * looks for CREDIT after every batch: at batch 64 a system call each). */
static int look(zmq_pollitem_t items[2])
{
    int n = 0;
    for (int i = 0; i < 2; i++) {
        int events = 0;
        size_t size = sizeof events;
        if (zmq_getsockopt(items[i].socket, ZMQ_EVENTS, &events, &size) != 0)
            return -1;
        items[i].revents = (short)(events & ZMQ_POLLIN);
        n += items[i].revents != 0;
    }
    return n;
}

static int recv_frame(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    fw_link_zmq *l = ctx;
    uint64_t start = fw_link_now_ms();
    for (bool first = true;; first = false) {
        uint64_t now = fw_link_now_ms();
        const char *why = must_close(l, now);
        if (*why) {
            if (!stop_requested)
                fprintf(stderr, "%s: exiting: %s\n", l->cfg.program, why);
            return -1;
        }
        if (l->session_open && now - l->session_heard_ms >= l->cfg.session_timeout_ms)
            end_session(l, "its client was silent for the session timeout after the last frame");
        if (l->halt_pending) {
            l->halt_pending = false;
            *len = wire_frame_encode(buf, cap, WIRE_HALT, l->last_seq, NULL, 0);
            return 0;
        }
        uint64_t waited = now - start;
        if (!first && waited >= timeout_ms)
            return 1;
        long slice = timeout_ms - waited < POLL_MS ? (long)(timeout_ms - waited) : POLL_MS;
        zmq_pollitem_t items[3] = {{.socket = l->socket, .events = ZMQ_POLLIN},
                                   {.socket = l->monitor, .events = ZMQ_POLLIN},
                                   {.socket = NULL, .fd = stop_pipe[0], .events = ZMQ_POLLIN}};
        int n = first && timeout_ms == 0 ? look(items) : zmq_poll(items, stop_pipe[0] >= 0 ? 3 : 2, slice);
        if (n < 0 && zmq_errno() != EINTR)
            return -1;
        if (n > 0 && (items[1].revents & ZMQ_POLLIN))
            read_events(l);
        if (n > 0 && (items[0].revents & ZMQ_POLLIN)) {
            int rc = take(l, buf, cap, len);
            if (rc <= 0)
                return rc;
        }
    }
}

static int send_frame(void *ctx, const uint8_t *buf, size_t len)
{
    fw_link_zmq *l = ctx;
    /* the client's silence counts from the last frame either way: while the core works (a long step under
     * stress, a batch not yet full) the client is waiting for it, not gone */
    if (l->session_open && same_peer(&l->session, &l->reply))
        l->session_heard_ms = fw_link_now_ms();
    return send_to(l, &l->reply, buf, len);
}

const fw_link_ops fw_link_zmq_ops = {.recv = recv_frame, .send = send_frame};
