/* servers/common: the ZeroMQ servers' shared options (see server_cli.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "janitor.h"
#include "server_cli.h"
#include "wire/zmq_heap.h"

static unsigned long number(const char *arg, unsigned long max, bool *ok)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(arg, &end, 10);
    *ok = *arg >= '0' && *arg <= '9' && !*end && !errno && v <= max;
    return v;
}

int fw_server_option(int opt, const char *arg, fw_link_zmq_config *c)
{
    bool ok = true;
    switch (opt) {
    case FW_SERVER_OPT_ENDPOINT: c->endpoint = arg; return 0;
    case FW_SERVER_OPT_ENDPOINT_FILE: c->endpoint_file = arg; return 0;
    case FW_SERVER_OPT_CURVE_KEYS: c->curve_keys = arg; return 0;
    case FW_SERVER_OPT_AUTHORIZED_KEYS: c->authorized_keys = arg; return 0;
    case FW_SERVER_OPT_READY_FD:
        c->ready_fd = (int)number(arg, 1024, &ok);
        if (!ok || c->ready_fd < 3)
            fprintf(stderr, "%s: --ready-fd takes a file descriptor 3..1024, not '%s'\n", c->program, arg);
        return ok && c->ready_fd >= 3 ? 0 : 2;
    case FW_SERVER_OPT_OWNER:
        c->owner = (long)number(arg, 1u << 30, &ok);
        if (!ok || c->owner < 2)
            fprintf(stderr, "%s: --owner takes a process id, not '%s'\n", c->program, arg);
        return ok && c->owner >= 2 ? 0 : 2;
    case FW_SERVER_OPT_IDLE_EXIT:
    case FW_SERVER_OPT_SESSION_TIMEOUT: {
        unsigned long s = number(arg, 86400, &ok);
        if (!ok || (opt == FW_SERVER_OPT_SESSION_TIMEOUT && s == 0)) {
            fprintf(stderr, "%s: --%s takes seconds, %s..86400, not '%s'\n", c->program,
                    opt == FW_SERVER_OPT_IDLE_EXIT ? "idle-exit" : "session-timeout",
                    opt == FW_SERVER_OPT_IDLE_EXIT ? "0" : "1", arg);
            return 2;
        }
        *(opt == FW_SERVER_OPT_IDLE_EXIT ? &c->idle_exit_ms : &c->session_timeout_ms) = (uint32_t)(s * 1000);
        return 0;
    }
    }
    return 1;
}

int fw_server_parse(int argc, char **argv, const char *shortopts, const struct option *longopts,
                    fw_link_zmq_config *c, fw_server_own_option *own, void *ctx)
{
    int opt;
    while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        int rc = fw_server_option(opt, optarg, c);
        if (rc == 1)
            rc = own(opt, optarg, ctx);
        else if (rc == 0)
            rc = -1;
        if (rc >= 0)
            return rc;
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", c->program, argv[optind]);
        return 2;
    }
    return -1;
}

void fw_server_usage(FILE *f)
{
    fputs("link (docs/wire-protocol.md; README.md \"Remote servers\"):\n"
          "  --endpoint URL          ipc://PATH (never over an existing file; mode 0600), tcp://:PORT\n"
          "                          (loopback), tcp://HOST:PORT, tcp://*:PORT (every interface: a\n"
          "                          warning); PORT * picks a free one\n"
          "  --endpoint-file FILE    write the bound endpoint to FILE once listening\n"
          "  --curve-keys FILE       CURVE: this server's keypair (gpuhost keygen FILE); needs\n"
          "  --authorized-keys FILE  the public keys of the clients let in (cat'ed .pub files)\n"
          "  --session-timeout S     a client silent this long loses its session (default 60)\n"
          "  --idle-exit S           exit when no client spoke for S seconds (default 0: never)\n"
          "  --owner PID             belong to process PID: exit when it ends (gpuhost passes its own)\n"
          "  --ready-fd FD           write \"ready\" to FD and close it once listening with the DUT\n"
          "                          built (gpuhost waits for it before its first request)\n"
          "One client at a time: others get ERROR SESSION until its connection closes.\n",
          f);
}

static bool owned;

static void on_signal(int sig)
{
    if (sig != SIGHUP || !owned) /* an owned server's SIGHUP: its parent died; the owner check decides */
        fw_link_zmq_stop();
}

/* An owned server's janitor (janitor.h) removes what the link makes (its
 * socket, the directory it makes for it: link_zmq.c tells it of each) even
 * when the server and gpuhost are killed together (kill -9 of their process
 * group), which neither could do; it is forked here, before ZeroMQ's
 * threads. */
int fw_server_open(fw_link_zmq *l, const fw_link_zmq_config *c)
{
    if (!c->endpoint) {
        fprintf(stderr, "%s: --endpoint is required\n", c->program);
        return 2;
    }
    wire_zmq_endpoint ep;
    char err[512];
    if (wire_zmq_endpoint_parse(c->endpoint, WIRE_ZMQ_BIND, &ep, err, sizeof err) != 0) {
        fprintf(stderr, "%s: --endpoint: %s\n", c->program, err);
        return 2;
    }
    owned = c->owner != 0;
    if (owned && ep.ipc && fw_janitor_fork(err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", c->program, err);
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    wire_zmq_frames_from_heap(); /* a server's process is its own */
    if (fw_link_zmq_open(l, c, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", c->program, err);
        return 1;
    }
    return 0;
}

void fw_server_ready(fw_link_zmq_config *c)
{
    if (c->ready_fd < 3)
        return;
    static const char ready[] = "ready\n";
    ssize_t n;
    do
        n = write(c->ready_fd, ready, sizeof ready - 1);
    while (n < 0 && errno == EINTR);
    /* a reader that went away is the owner's business: its end is noticed anyway */
    close(c->ready_fd);
    c->ready_fd = -1;
}
