/* libgpuhost: a target server process (gpu-rtlsim, gpu-modelsim) that gpuhost
 * starts on a private endpoint and always reaps: on normal exit, on a
 * divergence, on Ctrl-C, and when it dies by itself (reported with its
 * status). */
#ifndef GH_SERVER_H
#define GH_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;
    char endpoint[128];
    char path[108]; /* the ipc socket file, removed on stop */
    int status;
    bool exited;
    char name[64];
} gh_server;

/* Starts `program` with "--endpoint ipc://..." plus extra args. 0 or -1. */
int gh_server_start(gh_server *s, const char *program, char *const extra_args[], char *err,
                    size_t errlen);
/* false once the process has exited; why says how. */
bool gh_server_alive(void *server, char *why, size_t len);
/* SIGTERM, wait up to 2 s, then SIGKILL; always reaps. */
void gh_server_stop(gh_server *s);
/* Stops every started server: for signal handlers and atexit. */
void gh_server_stop_all(void);

#endif
