/* libgpuhost: the ZeroMQ transport (DEALER), high-water marks 0 so nothing
 * is dropped silently; LINGER 0 so closing never blocks; socket buffers of
 * WIRE_ZMQ_SOCKET_BUFFER (a batch in one write). With keys, the link
 * is CURVE (encrypted; the server checks our key, we check its). A socket
 * monitor turns a refused security handshake into an error at once, rather
 * than the silence ZeroMQ otherwise leaves (it keeps retrying). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "gpuhost/target.h"
#include "wire/zmq_endpoint.h"
#include "wire/zmq_heap.h"
#include "wire_client.h"

#define MONITOR "inproc://gpuhost-client-monitor"

typedef struct {
    void *context, *socket, *monitor;
    zmq_msg_t frame; /* the frame lent by zrecv_view, until the next */
    bool curve;
    char failure[384]; /* why the security handshake failed, "" if it did not */
} zmq_link;

static int zsend(void *ctx, const uint8_t *frame, size_t len)
{
    zmq_link *z = ctx;
    return zmq_send(z->socket, frame, len, 0) < 0 ? -1 : 0;
}

static void failed(zmq_link *z, const char *why)
{
    if (!z->failure[0])
        snprintf(z->failure, sizeof z->failure, "%s", why);
}

/* The monitor's events so far; a failed handshake is kept in z->failure. */
static void read_events(zmq_link *z)
{
    for (;;) {
        uint8_t head[6];
        int n = zmq_recv(z->monitor, head, sizeof head, ZMQ_DONTWAIT);
        if (n < 0)
            return;
        char addr[64];
        zmq_recv(z->monitor, addr, sizeof addr, 0); /* the endpoint part */
        uint16_t event = 0;
        uint32_t value = 0;
        if (n >= 6) {
            memcpy(&event, head, 2);
            memcpy(&value, head + 2, 4);
        }
        if (event == ZMQ_EVENT_HANDSHAKE_FAILED_AUTH)
            failed(z, "the server refused this client's key (it is not in the server's --authorized-keys)");
        else if (event == ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL && value == ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH)
            failed(z, z->curve ? "the server does not speak CURVE (it was started without --curve-keys)"
                               : "the server requires CURVE: give --server-key (its public key) and --client-key "
                                 "(this client's keypair, made by gpuhost keygen)");
        else if (event == ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL)
            failed(z, z->curve ? "the CURVE handshake failed: --server-key is not this server's public key, or "
                                 "the keys are not CURVE keys"
                               : "the connection's handshake failed (not a gpuhost server?)");
        else if (event == ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL) /* dropped before the mechanisms were compared */
            failed(z, z->curve ? "the server dropped the CURVE handshake: --server-key is not this server's public "
                                 "key, or the server does not speak CURVE"
                               : "the server dropped the connection's handshake: it requires CURVE? give "
                                 "--server-key (its public key) and --client-key (this client's keypair)");
    }
}

/* A frame where ZeroMQ holds it: a batch of records is read in place, not
 * copied out first (that copy was a sixth of a lockstep run's host time). */
static int zrecv_view(void *ctx, const uint8_t **frame, size_t *len, uint32_t timeout_ms)
{
    zmq_link *z = ctx;
    zmq_msg_close(&z->frame); /* the frame lent before: done with */
    zmq_msg_init(&z->frame);
    /* a frame already queued (a streaming target's usual case) is taken without a poll */
    int got = zmq_msg_recv(&z->frame, z->socket, ZMQ_DONTWAIT);
    if (got < 0 && zmq_errno() == EAGAIN) {
        zmq_pollitem_t item = {.socket = z->socket, .events = ZMQ_POLLIN};
        int n = zmq_poll(&item, 1, (long)timeout_ms);
        if (n < 0)
            return zmq_errno() == EINTR ? 1 : -1;
        if (n == 0) {
            read_events(z); /* only when nothing came: nothing on the fast path */
            return z->failure[0] ? -1 : 1;
        }
        got = zmq_msg_recv(&z->frame, z->socket, 0);
    }
    if (got < 0)
        return zmq_errno() == EINTR ? 1 : -1;
    *frame = zmq_msg_data(&z->frame);
    *len = zmq_msg_size(&z->frame);
    return 0;
}

static bool zwhy(void *ctx, char *why, size_t len)
{
    zmq_link *z = ctx;
    if (z->failure[0])
        snprintf(why, len, "%s", z->failure);
    return z->failure[0] != '\0';
}

static void zclose(void *ctx)
{
    zmq_link *z = ctx;
    zmq_msg_close(&z->frame);
    if (z->monitor)
        zmq_close(z->monitor);
    if (z->socket) {
        zmq_socket_monitor(z->socket, NULL, 0);
        zmq_close(z->socket);
    }
    if (z->context)
        zmq_ctx_term(z->context);
    free(z);
}

static const gh_transport_ops zmq_ops = {.send = zsend, .recv_view = zrecv_view, .close = zclose, .why = zwhy};

static int set_curve(zmq_link *z, const gh_zmq_security *sec)
{
    z->curve = sec && sec->curve;
    if (!z->curve)
        return 0;
    return zmq_setsockopt(z->socket, ZMQ_CURVE_SERVERKEY, sec->server_key, WIRE_CURVE_Z85) == 0 &&
                   zmq_setsockopt(z->socket, ZMQ_CURVE_PUBLICKEY, sec->client.public_key, WIRE_CURVE_Z85) == 0 &&
                   zmq_setsockopt(z->socket, ZMQ_CURVE_SECRETKEY, sec->client.secret_key, WIRE_CURVE_Z85) == 0
               ? 0
               : -1;
}

int gh_zmq_connect(const char *endpoint, const gh_zmq_security *sec, const gh_transport_ops **ops, void **ctx,
                   char *err, size_t errlen)
{
    zmq_link *z = calloc(1, sizeof *z);
    int zero = 0, socket_buffer = WIRE_ZMQ_SOCKET_BUFFER;
    if (z)
        zmq_msg_init(&z->frame);
    if (!z || !(z->context = zmq_ctx_new()) || !(z->socket = zmq_socket(z->context, ZMQ_DEALER)) ||
        zmq_setsockopt(z->socket, ZMQ_SNDHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(z->socket, ZMQ_RCVHWM, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(z->socket, ZMQ_LINGER, &zero, sizeof zero) != 0 ||
        zmq_setsockopt(z->socket, ZMQ_RCVBUF, &socket_buffer, sizeof socket_buffer) != 0 ||
        zmq_setsockopt(z->socket, ZMQ_SNDBUF, &socket_buffer, sizeof socket_buffer) != 0 || set_curve(z, sec) != 0 ||
        zmq_socket_monitor(z->socket, MONITOR,
                           ZMQ_EVENT_HANDSHAKE_FAILED_AUTH | ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL |
                               ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL) != 0 ||
        !(z->monitor = zmq_socket(z->context, ZMQ_PAIR)) || zmq_connect(z->monitor, MONITOR) != 0 ||
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

void gh_frames_from_heap(void)
{
    wire_zmq_frames_from_heap();
}
