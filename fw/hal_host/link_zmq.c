/* fw host HAL: ZeroMQ ROUTER link. High-water marks are 0 so no frame is
 * dropped silently; the host bounds what is in flight with RUN's window. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <zmq.h>

#include "link_zmq.h"

int fw_link_zmq_open(fw_link_zmq *l, const char *endpoint, char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    l->context = zmq_ctx_new();
    l->socket = l->context ? zmq_socket(l->context, ZMQ_ROUTER) : NULL;
    int zero = 0;
    if (!l->socket || zmq_setsockopt(l->socket, ZMQ_SNDHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(l->socket, ZMQ_RCVHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(l->socket, ZMQ_LINGER, &zero, sizeof zero) != 0 ||
        zmq_bind(l->socket, endpoint) != 0) {
        snprintf(err, errlen, "cannot bind %s: %s", endpoint, zmq_strerror(zmq_errno()));
        fw_link_zmq_close(l);
        return -1;
    }
    return 0;
}

void fw_link_zmq_close(fw_link_zmq *l)
{
    if (l->socket)
        zmq_close(l->socket);
    if (l->context)
        zmq_ctx_term(l->context);
    memset(l, 0, sizeof *l);
}

static int recv_frame(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    fw_link_zmq *l = ctx;
    zmq_pollitem_t item = {.socket = l->socket, .events = ZMQ_POLLIN};
    int n = zmq_poll(&item, 1, (long)timeout_ms);
    if (n < 0)
        return zmq_errno() == EINTR ? 1 : -1;
    if (n == 0)
        return 1;
    int peer = zmq_recv(l->socket, l->peer, sizeof l->peer, 0);
    if (peer < 0)
        return -1;
    l->peer_len = (size_t)peer > sizeof l->peer ? sizeof l->peer : (size_t)peer;
    int more = 0;
    size_t sz = sizeof more;
    zmq_getsockopt(l->socket, ZMQ_RCVMORE, &more, &sz);
    if (!more)
        return 1; /* an empty message: ignore */
    int got = zmq_recv(l->socket, buf, cap, 0);
    if (got < 0)
        return -1;
    /* drain anything else in the message */
    zmq_getsockopt(l->socket, ZMQ_RCVMORE, &more, &sz);
    while (more) {
        uint8_t junk[64];
        zmq_recv(l->socket, junk, sizeof junk, 0);
        zmq_getsockopt(l->socket, ZMQ_RCVMORE, &more, &sz);
    }
    /* a frame larger than the buffer arrives truncated: its header's length
     * no longer matches, so the core answers BAD_LENGTH */
    *len = (size_t)got > cap ? cap : (size_t)got;
    return 0;
}

static int send_frame(void *ctx, const uint8_t *buf, size_t len)
{
    fw_link_zmq *l = ctx;
    if (zmq_send(l->socket, l->peer, l->peer_len, ZMQ_SNDMORE) < 0)
        return -1;
    return zmq_send(l->socket, buf, len, 0) < 0 ? -1 : 0;
}

const fw_link_ops fw_link_zmq_ops = {.recv = recv_frame, .send = send_frame};
