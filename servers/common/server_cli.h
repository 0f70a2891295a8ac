/* servers/common: what every ZeroMQ server (gpu-modelsim, gpu-rtlsim) shares on
 * its command line: the link's options, their usage text, the stop signals,
 * and opening the link with its errors said once. */
#ifndef FW_SERVER_CLI_H
#define FW_SERVER_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "link_zmq.h"

enum {
    FW_SERVER_OPT_ENDPOINT = 0x100,
    FW_SERVER_OPT_ENDPOINT_FILE,
    FW_SERVER_OPT_OWNER,
    FW_SERVER_OPT_IDLE_EXIT,
    FW_SERVER_OPT_SESSION_TIMEOUT,
    FW_SERVER_OPT_CURVE_KEYS,
    FW_SERVER_OPT_AUTHORIZED_KEYS,
    FW_SERVER_OPT_READY_FD,
};

/* Entries of a getopt_long table (the server's own go before them). */
#define FW_SERVER_LONG_OPTIONS                                                         \
    {"endpoint", required_argument, NULL, FW_SERVER_OPT_ENDPOINT},                     \
        {"endpoint-file", required_argument, NULL, FW_SERVER_OPT_ENDPOINT_FILE},       \
        {"owner", required_argument, NULL, FW_SERVER_OPT_OWNER},                       \
        {"idle-exit", required_argument, NULL, FW_SERVER_OPT_IDLE_EXIT},               \
        {"session-timeout", required_argument, NULL, FW_SERVER_OPT_SESSION_TIMEOUT},   \
        {"curve-keys", required_argument, NULL, FW_SERVER_OPT_CURVE_KEYS},             \
        {"authorized-keys", required_argument, NULL, FW_SERVER_OPT_AUTHORIZED_KEYS},  \
        {"ready-fd", required_argument, NULL, FW_SERVER_OPT_READY_FD}

/* 1: opt is not one of these; 0: taken into c; 2: refused (said on stderr:
 * exit 2). */
int fw_server_option(int opt, const char *arg, fw_link_zmq_config *c);
/* A server's own option: -1 taken (go on), else the exit status to end with
 * (0 after --help, 2 refused, said on stderr). */
typedef int fw_server_own_option(int opt, const char *arg, void *ctx);
/* The whole command line: the link's options into c, every other through
 * own; no operands. -1 when it was all taken, else the exit status. */
int fw_server_parse(int argc, char **argv, const char *shortopts, const struct option *longopts,
                    fw_link_zmq_config *c, fw_server_own_option *own, void *ctx);
void fw_server_usage(FILE *f);
/* Checks what must be given, catches SIGTERM, SIGINT and SIGHUP (they end the
 * link cleanly; SIGHUP of an owned server, its parent's death signal, only
 * makes it look at its owner), binds. 0, or an exit status after saying why
 * (2 a bad option, 1 the link cannot be opened). */
int fw_server_open(fw_link_zmq *l, const fw_link_zmq_config *c);
/* The server is listening and its DUT is built: says "ready" on --ready-fd
 * (the readiness signal of the process that started it, so that its request
 * timeouts never count a slow start) and closes it. */
void fw_server_ready(fw_link_zmq_config *c);

#endif
