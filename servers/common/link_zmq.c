/* servers/common: the ZeroMQ link's socket: bound safely, secured, and removed
 * on the way out (see link_zmq.h; receiving and sessions: link_session.c).
 * Nothing is dropped silently: the send high-water mark is 0 (the host
 * bounds what is in flight with RUN's window), and what a client sends is
 * bounded by not reading: at FW_LINK_RCVHWM frames queued from a connection
 * ZeroMQ stops reading it (the sender waits), so a flood of frames to a busy
 * server leaves its memory flat; a message larger than FW_LINK_MAX_MESSAGE
 * closes its connection before it is stored. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <zmq.h>

#include "isa/outfile.h"
#include "janitor.h"
#include "link_zmq.h"
#include "owner.h"

/* Why an existing path cannot be bound: a live listener or a stale file. */
static void describe_taken(const char *path, char *err, size_t errlen)
{
    int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strcpy(a.sun_path, path);
    bool live = probe >= 0 && connect(probe, (struct sockaddr *)&a, sizeof a) == 0;
    if (probe >= 0)
        close(probe);
    snprintf(err, errlen,
             "ipc://%s: the path exists (%s): refusing to bind over it (another process would get this "
             "server's clients, or lose its own)",
             path, live ? "another process listens there" : "a file nobody listens on: remove it if it is yours");
}

/* Binds the unix socket ourselves, so that nothing is unlinked first (ZeroMQ's
 * ipc bind removes whatever is at the path) and the file is 0600 whatever the
 * umask; ZeroMQ takes the listening descriptor (ZMQ_USE_FD). */
static int bind_ipc(fw_link_zmq *l, char *err, size_t errlen)
{
    const char *path = l->ep.path;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        return -1;
    }
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strcpy(a.sun_path, path);
    mode_t old = umask(0177);
    int rc = bind(fd, (struct sockaddr *)&a, sizeof a);
    int e = errno;
    umask(old);
    struct stat st;
    if (rc != 0) {
        close(fd);
        if (e == EADDRINUSE)
            describe_taken(path, err, errlen);
        else
            snprintf(err, errlen, "cannot bind ipc://%s: %s", path, strerror(e));
        return -1;
    }
    if (chmod(path, 0600) != 0 || stat(path, &st) != 0 || listen(fd, 16) != 0) {
        snprintf(err, errlen, "ipc://%s: %s", path, strerror(errno));
        close(fd);
        unlink(path);
        return -1;
    }
    l->own_file = true, l->dev = st.st_dev, l->ino = st.st_ino;
    if (fw_janitor_claim(path, FW_CLAIM_FILE, err, errlen) != 0) {
        close(fd);
        return -1;
    }
    if (zmq_setsockopt(l->socket, ZMQ_USE_FD, &fd, sizeof fd) != 0 || zmq_bind(l->socket, l->ep.url) != 0) {
        snprintf(err, errlen, "cannot bind %s: %s", l->ep.url, zmq_strerror(zmq_errno()));
        close(fd);
        return -1;
    }
    return 0;
}

/* CURVE server keys and the ZAP handler that checks its clients' keys. */
static int secure(fw_link_zmq *l, char *err, size_t errlen)
{
    const fw_link_zmq_config *c = &l->cfg;
    if (!c->curve_keys && !c->authorized_keys)
        return 0;
    if (!c->curve_keys || !c->authorized_keys) {
        snprintf(err, errlen, "--curve-keys and --authorized-keys go together (a CURVE server without the list "
                              "of its clients would let any key in)");
        return -1;
    }
    wire_curve_keypair kp;
    wire_curve_public *keys;
    size_t count;
    if (!wire_curve_available(err, errlen) || wire_curve_read_keypair(c->curve_keys, &kp, err, errlen) != 0 ||
        wire_curve_read_authorized(c->authorized_keys, &keys, &count, err, errlen) != 0)
        return -1;
    l->zap = fw_zap_start(l->context, keys, count, c->program, c->authorized_keys, err, errlen);
    int one = 1;
    bool ok = l->zap && zmq_setsockopt(l->socket, ZMQ_CURVE_SERVER, &one, sizeof one) == 0 &&
              zmq_setsockopt(l->socket, ZMQ_CURVE_SECRETKEY, kp.secret_key, WIRE_CURVE_Z85) == 0;
    memset(&kp, 0, sizeof kp);
    if (!ok && l->zap)
        snprintf(err, errlen, "cannot make a CURVE server: %s", zmq_strerror(zmq_errno()));
    return ok ? 0 : -1;
}

/* What the socket is bound to (a * port resolved), else what was asked for. */
static void bound_endpoint(const fw_link_zmq *l, char *out, size_t len)
{
    size_t n = len;
    if (zmq_getsockopt(l->socket, ZMQ_LAST_ENDPOINT, out, &n) != 0 || !out[0])
        snprintf(out, len, "%s", l->ep.url);
}

static void warn_exposed(const fw_link_zmq *l)
{
    if (l->ep.ipc || (l->ep.loopback && !l->ep.every_interface))
        return;
    bool curve = l->zap != NULL;
    char bound[256];
    bound_endpoint(l, bound, sizeof bound);
    fprintf(stderr, "%s: warning: %s listens on %s%s\n", l->cfg.program, bound,
            l->ep.every_interface ? "every network interface" : "a network interface",
            curve ? " (CURVE: only the authorized keys get in)"
                  : " WITHOUT authentication or encryption: anyone who reaches it can drive this server "
                    "(give --curve-keys and --authorized-keys; README.md, \"Remote servers\")");
}

/* The bound endpoint (the port a * bind got), written through the one
 * output routine: a regular file only, replaced atomically, never through a
 * planted symlink. */
static int write_endpoint(const fw_link_zmq *l, char *err, size_t errlen)
{
    if (!l->cfg.endpoint_file)
        return 0;
    char bound[256], why[512];
    bound_endpoint(l, bound, sizeof bound);
    isa_outfile out;
    if (isa_outfile_open_flags(&out, l->cfg.endpoint_file, 0, why, sizeof why) != 0) {
        snprintf(err, errlen, "--endpoint-file: %s", why);
        return -1;
    }
    fprintf(out.f, "%s\n", bound);
    if (isa_outfile_commit(&out, why, sizeof why) != 0) {
        snprintf(err, errlen, "--endpoint-file: %s", why);
        return -1;
    }
    return 0;
}

/* An owned server's socket directory, made when it does not exist (gpuhost
 * names a fresh, random one): mode 0700, mkdir never takes an existing one. */
static int make_private_dir(fw_link_zmq *l, char *err, size_t errlen)
{
    snprintf(l->dir, sizeof l->dir, "%s", l->ep.path);
    char *slash = strrchr(l->dir, '/');
    if (!slash || slash == l->dir)
        return 0;
    *slash = '\0';
    struct stat st;
    if (lstat(l->dir, &st) == 0 || errno != ENOENT)
        return 0; /* there already (or unreachable: the bind says why): not ours */
    if (mkdir(l->dir, 0700) != 0 || chmod(l->dir, 0700) != 0 || lstat(l->dir, &st) != 0) {
        snprintf(err, errlen, "ipc://%s: cannot make its directory: %s", l->ep.path, strerror(errno));
        return -1;
    }
    l->own_dir = true, l->dir_dev = st.st_dev, l->dir_ino = st.st_ino;
    return fw_janitor_claim(l->dir, FW_CLAIM_DIR, err, errlen);
}

int fw_link_zmq_open(fw_link_zmq *l, const fw_link_zmq_config *c, char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    l->cfg = *c;
    if (!l->cfg.session_timeout_ms)
        l->cfg.session_timeout_ms = FW_LINK_SESSION_TIMEOUT_MS;
    if (wire_zmq_endpoint_parse(c->endpoint, WIRE_ZMQ_BIND, &l->ep, err, errlen) != 0)
        return -1;
    if (c->owner && fw_owner_watch(c->owner, err, errlen) != 0)
        return -1;
    /* ZeroMQ's threads take no signals: a stop signal reaches the thread that serves */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    l->context = zmq_ctx_new();
    l->socket = l->context ? zmq_socket(l->context, ZMQ_ROUTER) : NULL;
    int zero = 0, rcvhwm = FW_LINK_RCVHWM, sockbuf = WIRE_ZMQ_SOCKET_BUFFER;
    int64_t maxmsg = FW_LINK_MAX_MESSAGE;
    int rc = !l->socket || zmq_setsockopt(l->socket, ZMQ_SNDHWM, &zero, sizeof zero) != 0 ||
                     zmq_setsockopt(l->socket, ZMQ_RCVHWM, &rcvhwm, sizeof rcvhwm) != 0 ||
                     zmq_setsockopt(l->socket, ZMQ_MAXMSGSIZE, &maxmsg, sizeof maxmsg) != 0 ||
                     zmq_setsockopt(l->socket, ZMQ_LINGER, &zero, sizeof zero) != 0 ||
                     zmq_setsockopt(l->socket, ZMQ_SNDBUF, &sockbuf, sizeof sockbuf) != 0 ||
                     zmq_setsockopt(l->socket, ZMQ_RCVBUF, &sockbuf, sizeof sockbuf) != 0
                 ? -1
                 : 0;
    if (rc != 0)
        snprintf(err, errlen, "cannot make a ZeroMQ socket: %s", zmq_strerror(zmq_errno()));
    else
        rc = secure(l, err, errlen);
    if (rc == 0)
        rc = fw_link_monitor_start(l, err, errlen);
    if (rc == 0)
        rc = fw_link_stop_wakeup_open(err, errlen);
    if (rc == 0 && l->ep.ipc && l->cfg.owner)
        rc = make_private_dir(l, err, errlen);
    if (rc == 0 && l->ep.ipc)
        rc = bind_ipc(l, err, errlen);
    else if (rc == 0 && zmq_bind(l->socket, l->ep.url) != 0) {
        snprintf(err, errlen, "cannot bind %s: %s", l->ep.url, zmq_strerror(zmq_errno()));
        rc = -1;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc == 0)
        rc = write_endpoint(l, err, errlen);
    if (rc != 0) {
        fw_link_zmq_close(l);
        return -1;
    }
    warn_exposed(l);
    l->last_frame_ms = fw_link_now_ms();
    return 0;
}

/* The socket file, only if it is still the one we bound (never someone
 * else's), and the directory only if we made it (and it is empty). */
static void remove_socket_file(fw_link_zmq *l)
{
    struct stat st;
    if (l->own_file && lstat(l->ep.path, &st) == 0 && st.st_dev == l->dev && st.st_ino == l->ino)
        unlink(l->ep.path);
    l->own_file = false;
    if (l->own_dir && lstat(l->dir, &st) == 0 && st.st_dev == l->dir_dev && st.st_ino == l->dir_ino)
        rmdir(l->dir);
    l->own_dir = false;
}

void fw_link_zmq_close(fw_link_zmq *l)
{
    if (l->monitor)
        zmq_close(l->monitor);
    if (l->socket) {
        zmq_socket_monitor(l->socket, NULL, 0);
        zmq_close(l->socket);
    }
    fw_zap_stop(&l->zap);
    if (l->context)
        zmq_ctx_term(l->context);
    remove_socket_file(l);
    memset(l, 0, sizeof *l);
}
