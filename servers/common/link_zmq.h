/* servers/common: the link as a ZeroMQ ROUTER socket (gpu-rtlsim, gpu-modelsim).
 *
 * One session at a time (docs/wire-protocol.md, "Sessions"): the first
 * client's HELLO opens it; every frame of any other client is answered here
 * with ERROR SESSION and never reaches the firmware core, which stays
 * transport-agnostic (a USB link has one host by construction; only this link
 * knows ZeroMQ's peers and their connections). The session ends when its
 * client's connection closes (a socket monitor reports it) or when it has
 * been silent for session_timeout_ms after the last frame either side sent
 * (a client waiting for a long step is not silent); the core then sees a HALT, so a run of
 * a vanished client ends and the next client is served.
 *
 * The server belongs to one run when given an owner: it stops when the owner
 * process ends (owner.h), or after idle_exit_ms without a frame. ipc sockets
 * are bound by this link itself: never over an existing file (an impostor's
 * or a live server's), mode 0600 whatever the umask, removed on every exit
 * path. tcp:// is CURVE-encrypted and authenticated when keys are given, with
 * client keys checked by a ZAP handler (zap.h). */
#ifndef FW_LINK_ZMQ_H
#define FW_LINK_ZMQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "fw/fw.h"
#include "wire/zmq_endpoint.h"
#include "zap.h"

typedef struct {
    const char *program;         /* for messages: "gpu-rtlsim" */
    const char *endpoint;        /* ipc://PATH, tcp://HOST:PORT, tcp://:PORT (loopback), a * host: every interface */
    const char *endpoint_file;   /* the bound endpoint is written here once the server listens */
    const char *curve_keys;      /* the server's keypair file: CURVE on */
    const char *authorized_keys; /* the clients' public keys */
    long owner;                  /* the process this server belongs to; 0: none */
    uint32_t idle_exit_ms;       /* exit after this long without a frame; 0: never */
    uint32_t session_timeout_ms; /* a session silent this long ends */
    int ready_fd;                /* > 2: told "ready" once the server can answer at once (fw_server_ready) */
} fw_link_zmq_config;

#define FW_LINK_SESSION_TIMEOUT_MS 60000u
/* Frames queued from one connection before the server stops reading it
 * (ZMQ_RCVHWM): a busy server's memory stays flat under a flood. */
#define FW_LINK_RCVHWM 64
/* The largest message taken (ZMQ_MAXMSGSIZE): a frame of the largest
 * payload, twice (a larger one is answered as oversize, a far larger one
 * closes its connection). */
#define FW_LINK_MAX_MESSAGE (2 * (int64_t)(WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD))
#define FW_LINK_PEER_MAX 256

typedef struct {
    uint8_t id[FW_LINK_PEER_MAX]; /* ROUTER routing id */
    size_t id_len;
    int fd; /* its connection (ZMQ_SRCFD): the monitor names it when it closes */
} fw_link_peer;

typedef struct {
    fw_link_zmq_config cfg;
    void *context, *socket, *monitor;
    fw_zap *zap;
    wire_zmq_endpoint ep;
    bool own_file; /* ep.path is our socket (dev/ino as bound) */
    dev_t dev;
    ino_t ino;
    bool own_dir; /* an owned server made the socket's directory (dir_dev/dir_ino) */
    dev_t dir_dev;
    ino_t dir_ino;
    char dir[sizeof(((wire_zmq_endpoint *)0)->path)];
    bool session_open, halt_pending;
    fw_link_peer session, reply; /* reply: where the core's answers go */
    uint32_t last_seq;
    uint64_t session_heard_ms, last_frame_ms;
    uint64_t owner_seen_ms; /* when the owner was last seen alive (looked at once a POLL_MS at most) */
    uint16_t fd_event[1024]; /* the last monitor event of each connection fd */
    uint8_t refusals[1024];  /* ERROR SESSION answers sent on each connection fd */
} fw_link_zmq;

extern const fw_link_ops fw_link_zmq_ops;
/* Binds c->endpoint. 0, or -1 with the reason in err. */
int fw_link_zmq_open(fw_link_zmq *l, const fw_link_zmq_config *c, char *err, size_t errlen);
/* Closes the socket, removes the ipc socket file and the directory it made
 * (each only if still ours; the directory only if empty). */
void fw_link_zmq_close(fw_link_zmq *l);
/* Async-signal-safe: the next receive ends the link (SIGTERM, SIGINT). */
void fw_link_zmq_stop(void);

/* link_session.c, for link_zmq.c */
uint64_t fw_link_now_ms(void);
int fw_link_monitor_start(fw_link_zmq *l, char *err, size_t errlen);
/* The pipe that wakes a wait when fw_link_zmq_stop is called. 0, or -1 with the reason in err. */
int fw_link_stop_wakeup_open(char *err, size_t errlen);

#endif
