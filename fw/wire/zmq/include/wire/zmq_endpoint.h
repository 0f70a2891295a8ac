/* The wire protocol over ZeroMQ: endpoints, checked before anything starts
 * (gpuhost's --endpoint, a server's --endpoint). Only ipc:// and tcp://
 * reach another process. A server given tcp://:PORT binds loopback; every
 * interface only when asked for by name (a * host, 0.0.0.0, [::]). */
#ifndef WIRE_ZMQ_ENDPOINT_H
#define WIRE_ZMQ_ENDPOINT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { WIRE_ZMQ_CONNECT, WIRE_ZMQ_BIND } wire_zmq_role;

/* The kernel's socket buffers each side asks for (ZMQ_SNDBUF, ZMQ_RCVBUF;
 * the kernel caps them at net.core.wmem_max/rmem_max): the default 208 KiB
 * is less than one batch of 1024 records, so each batch took several writes
 * and wake-ups on both sides (modelsim free-running, batch 1024: 4.2-5.2M
 * instructions/s with the default, 5.8-8.2M with 2 MiB). */
#define WIRE_ZMQ_SOCKET_BUFFER (2 << 20)

typedef struct {
    char url[256];        /* for zmq_bind / zmq_connect (tcp://:P made tcp://127.0.0.1:P) */
    bool ipc;             /* ipc://: path is the socket file */
    char path[108];       /* sizeof sockaddr_un.sun_path */
    bool every_interface; /* bind: *, 0.0.0.0 or [::] */
    bool loopback;        /* tcp on 127.x, localhost or [::1] */
} wire_zmq_endpoint;

/* 0, or -1 with the reason in err ("inproc:// exists only inside one
 * process ...", "port 99999: expected 1..65535"). A bind may name port *
 * (any free one: ZMQ_LAST_ENDPOINT says which). */
int wire_zmq_endpoint_parse(const char *text, wire_zmq_role role, wire_zmq_endpoint *out, char *err,
                            size_t errlen);

#endif
