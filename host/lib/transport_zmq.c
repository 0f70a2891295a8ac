/* libgpuhost: the ZeroMQ transport (DEALER), high-water marks 0 so nothing
 * is dropped silently; LINGER 0 so closing never blocks. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <zmq.h>

#include "wire_client.h"

typedef struct {
    void *context, *socket;
} zmq_link;

static int zsend(void *ctx, const uint8_t *frame, size_t len)
{
    zmq_link *z = ctx;
    return zmq_send(z->socket, frame, len, 0) < 0 ? -1 : 0;
}

static int zrecv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    zmq_link *z = ctx;
    zmq_pollitem_t item = {.socket = z->socket, .events = ZMQ_POLLIN};
    int n = zmq_poll(&item, 1, (long)timeout_ms);
    if (n < 0)
        return zmq_errno() == EINTR ? 1 : -1;
    if (n == 0)
        return 1;
    int got = zmq_recv(z->socket, buf, cap, 0);
    if (got < 0)
        return -1;
    *len = (size_t)got > cap ? cap : (size_t)got;
    return 0;
}

static void zclose(void *ctx)
{
    zmq_link *z = ctx;
    if (z->socket)
        zmq_close(z->socket);
    if (z->context)
        zmq_ctx_term(z->context);
    free(z);
}

static const gh_transport_ops zmq_ops = {.send = zsend, .recv = zrecv, .close = zclose};

int gh_zmq_connect(const char *endpoint, const gh_transport_ops **ops, void **ctx, char *err,
                   size_t errlen)
{
    zmq_link *z = calloc(1, sizeof *z);
    int zero = 0;
    if (!z || !(z->context = zmq_ctx_new()) || !(z->socket = zmq_socket(z->context, ZMQ_DEALER)) ||
        zmq_setsockopt(z->socket, ZMQ_SNDHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(z->socket, ZMQ_RCVHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(z->socket, ZMQ_LINGER, &zero, sizeof zero) != 0 ||
        zmq_connect(z->socket, endpoint) != 0) {
        snprintf(err, errlen, "cannot connect to %s: %s", endpoint, zmq_strerror(zmq_errno()));
        if (z)
            zclose(z);
        return -1;
    }
    *ops = &zmq_ops;
    *ctx = z;
    return 0;
}
