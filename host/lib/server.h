/* libgpuhost: a target server process (gpu-rtlsim, gpu-modelsim) that gpuhost
 * starts for one run and always reaps: on normal exit, on a divergence, on
 * Ctrl-C, and when it dies by itself (reported with its status). Its ipc
 * socket lives in a private directory (mode 0700, $XDG_RUNTIME_DIR or
 * $TMPDIR or /tmp, gpuhost-XXXXXX, a random name), never at a predictable
 * path: gpuhost names it, the server makes it (and nothing else: one that
 * exists is not taken as private) and removes it. The server is told its
 * owner (--owner, our pid) and an idle time (--idle-exit): if gpuhost is
 * killed, even by SIGKILL, the server ends and removes its socket and that
 * directory itself (its janitor, when it is killed too). */
#ifndef GH_SERVER_H
#define GH_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;
    char endpoint[128];
    char dir[96];   /* the private directory the server makes and removes */
    char path[108]; /* the ipc socket file in it */
    int status;
    bool exited;
    char name[64];
    int stdin_fd; /* has_stdin: an emulator's stdin (ours to close: it then ends) */
    bool has_stdin;
} gh_server;

/* Starts `program` with "--endpoint ipc://DIR/NAME.sock --owner PID
 * --idle-exit S --ready-fd 3" plus extra args, and waits for its readiness
 * signal ("ready" on fd 3: listening, DUT built), so that no request timeout
 * counts a slow start; the wait ends early if the server exits, and gives up
 * after GH_SERVER_START_LIMIT_MS. 0, or -1 with err (the server stopped), or
 * GH_SERVER_REFUSED with err when it exited with status 2 before it was
 * ready: it refused its command line (an option it cannot honour, such as a
 * --fault its core cannot take), saying why on its stderr. */
#define GH_SERVER_REFUSED (-2)
int gh_server_start(gh_server *s, const char *program, char *const extra_args[], uint32_t idle_exit_s, char *err,
                    size_t errlen);
/* Starts a board's emulator (gpu-usbemu) in serve mode: `program --ready-fd 3`
 * plus extra args, its stdin a pipe only we hold, and waits for "ready DIR"
 * (its testbed, for UMOCKDEV_DIR) into dir, as gh_server_start does. The
 * emulator serves until gh_server_stop closes its stdin (or this process
 * ends); then it has 10 s to remove its testbed and exit before SIGKILL.
 * 0, -1 or GH_SERVER_REFUSED with err. */
int gh_server_start_emulator(gh_server *s, const char *program, char *const extra_args[], char *dir,
                             size_t dirlen, char *err, size_t errlen);
/* false once the process has exited; why says how. */
bool gh_server_alive(void *server, char *why, size_t len);
#define GH_SERVER_START_LIMIT_MS 120000u
/* An emulator: its stdin closed, wait up to 10 s, then SIGKILL. Any other:
 * SIGTERM, wait up to 30 s (it closes its files: a waveform), then SIGKILL; always reaps (the server or its
 * janitor removes the socket and the directory). A server still running 5 s
 * after SIGTERM is named on stderr, and its SIGKILL too: the library's only
 * words there. Async-signal-safe. */
void gh_server_stop(gh_server *s);
/* Stops every started server: for signal handlers and atexit. */
void gh_server_stop_all(void);

#endif
