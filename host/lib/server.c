/* libgpuhost: starting and reaping target servers. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

extern char **environ;

/* The fd a started server says "ready" on (--ready-fd). */
#define SERVER_READY_FD 3
/* How long a server has between SIGTERM and SIGKILL. */
#define SERVER_EXIT_GRACE_MS 30000
/* When a server still running after SIGTERM is said on stderr. */
#define SERVER_SLOW_EXIT_MS 5000
/* How long an emulator has between the end of its stdin and SIGKILL. */
#define EMULATOR_EXIT_GRACE_MS 10000

static gh_server *running[8];

static void remember(gh_server *s)
{
    for (int i = 0; i < 8; i++)
        if (!running[i]) {
            running[i] = s;
            return;
        }
}

static void forget(gh_server *s)
{
    for (int i = 0; i < 8; i++)
        if (running[i] == s)
            running[i] = NULL;
}

/* A short, unpredictable name for the socket's private directory: the
 * server makes it (mode 0700; mkdir never takes an existing one) and removes
 * it with the socket however it ends; gpuhost only names it. */
static int private_dir(gh_server *s, char *err, size_t errlen)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    unsigned char r[6];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
        snprintf(err, errlen, "cannot name a private directory for the server's socket: %s", strerror(errno));
        return -1;
    }
    char name[sizeof r + 1];
    for (size_t i = 0; i < sizeof r; i++)
        name[i] = alphabet[r[i] % (sizeof alphabet - 1)];
    name[sizeof r] = '\0';
    const char *bases[] = {getenv("XDG_RUNTIME_DIR"), getenv("TMPDIR"), "/tmp"};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        const char *base = bases[i];
        /* unix socket paths are short (108 bytes): a long directory is passed over */
        if (!base || base[0] != '/' || strlen(base) > 64 || access(base, W_OK | X_OK) != 0)
            continue;
        snprintf(s->dir, sizeof s->dir, "%s/gpuhost-%s", base, name);
        return 0;
    }
    snprintf(err, errlen, "no place for the server's socket: $XDG_RUNTIME_DIR, $TMPDIR and /tmp are not writable");
    s->dir[0] = '\0';
    return -1;
}

/* The directory the ready server made: ours alone (0700, our user), or the
 * socket in it could be anybody's. */
static int check_private_dir(const gh_server *s, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(s->dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() && !(st.st_mode & 077))
        return 0;
    snprintf(err, errlen, "%s: the server's socket directory is not private (not a directory of this user's, "
                          "mode 0700): refusing to talk through it", s->dir);
    return -1;
}

/* Reads the server's "ready" within GH_SERVER_START_LIMIT_MS, noticing its
 * exit (the pipe may outlive it: a helper it forked can hold the other end).
 * An emulator says "ready DIR": DIR into said. */
static int wait_ready(gh_server *s, int fd, char *said, size_t saidlen, char *err, size_t errlen)
{
    char line[4200] = "", why[256];
    size_t got = 0;
    for (uint32_t waited = 0; waited < GH_SERVER_START_LIMIT_MS; waited += 100) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int n = poll(&p, 1, 100);
        ssize_t r = n > 0 ? read(fd, line + got, sizeof line - 1 - got) : 0;
        if (r > 0) {
            got += (size_t)r;
            line[got] = '\0';
            char *nl = strchr(line, '\n');
            if (nl && !said && strcmp(line, "ready\n") == 0)
                return 0;
            if (nl && said && strncmp(line, "ready ", 6) == 0 && line[6] != '\n' &&
                (size_t)(nl - line - 6) < saidlen) {
                snprintf(said, saidlen, "%.*s", (int)(nl - line - 6), line + 6);
                return 0;
            }
            if (got == sizeof line - 1 || nl) {
                snprintf(err, errlen, "%s sent \"%.200s\" instead of its readiness signal \"ready%s\"", s->name,
                         line, said ? " DIR" : "");
                return -1;
            }
            continue;
        }
        bool closed = n > 0 && (r == 0 || errno != EINTR); /* end of file: it exits, or never will say it */
        if (closed && gh_server_alive(s, why, sizeof why)) {
            struct timespec ts = {0, 200 * 1000 * 1000}; /* let an exiting server finish */
            nanosleep(&ts, NULL);
        }
        if (!gh_server_alive(s, why, sizeof why)) {
            if (WIFEXITED(s->status) && WEXITSTATUS(s->status) == 2) {
                snprintf(err, errlen, "%s refused it before it was ready (it exited with status 2; its reason above)",
                         s->name);
                return GH_SERVER_REFUSED;
            }
            snprintf(err, errlen, "%s ended before it was ready (%s)", s->name, why);
            return -1;
        }
        if (closed) {
            snprintf(err, errlen, "%s closed its readiness pipe (--ready-fd) without saying it was ready", s->name);
            return -1;
        }
    }
    snprintf(err, errlen, "%s did not say it was ready within %u s", s->name, GH_SERVER_START_LIMIT_MS / 1000);
    return -1;
}

/* fd moved above the descriptors a child is given (0..3), closed-on-exec:
 * dup2 onto itself would keep FD_CLOEXEC, and one dup2 must not clobber the
 * source of another. The new fd, or -1. */
static int above_children(int fd)
{
    if (fd > SERVER_READY_FD)
        return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, SERVER_READY_FD + 1);
    close(fd);
    return moved;
}

/* The pipe the server says "ready" on: [0] ours, [1] its. 0 or -1. */
static int ready_pipe(gh_server *s, int ready[2], char *err, size_t errlen)
{
    if (pipe(ready) != 0) {
        snprintf(err, errlen, "cannot make a pipe for %s's readiness signal: %s", s->name, strerror(errno));
        return -1;
    }
    fcntl(ready[0], F_SETFD, FD_CLOEXEC); /* (valid descriptors: cannot fail) */
    fcntl(ready[1], F_SETFD, FD_CLOEXEC);
    ready[1] = above_children(ready[1]);
    return 0;
}

/* Starts argv[0] with the ready pipe as fd 3 (and stdin_r, unless -1, as its
 * stdin) and default signal handling, whatever ours is; waits for "ready"
 * (said: "ready DIR"); stops it on failure. 0, -1 or GH_SERVER_REFUSED. */
static int spawn_ready(gh_server *s, char *const argv[], int stdin_r, char *said, size_t saidlen, char *err,
                       size_t errlen)
{
    int ready[2];
    if (ready_pipe(s, ready, err, errlen) != 0)
        return -1;
    posix_spawnattr_t attr;
    sigset_t none, stops;
    sigemptyset(&none);
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM), sigaddset(&stops, SIGINT), sigaddset(&stops, SIGHUP), sigaddset(&stops, SIGPIPE);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &stops);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    int rc = ready[1] < 0 ? errno : posix_spawn_file_actions_adddup2(&files, ready[1], SERVER_READY_FD);
    if (rc == 0 && stdin_r >= 0)
        rc = posix_spawn_file_actions_adddup2(&files, stdin_r, STDIN_FILENO);
    if (rc == 0)
        rc = posix_spawn(&s->pid, argv[0], &files, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attr);
    if (ready[1] >= 0)
        close(ready[1]);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start %s: %s", argv[0], strerror(rc));
        close(ready[0]);
        return -1;
    }
    remember(s);
    rc = wait_ready(s, ready[0], said, saidlen, err, errlen);
    close(ready[0]);
    return rc;
}

static void name_after(gh_server *s, const char *program)
{
    memset(s, 0, sizeof *s);
    const char *base = strrchr(program, '/');
    snprintf(s->name, sizeof s->name, "%s", base ? base + 1 : program);
}

int gh_server_start(gh_server *s, const char *program, char *const extra_args[], uint32_t idle_exit_s, char *err,
                    size_t errlen)
{
    name_after(s, program);
    if (private_dir(s, err, errlen) != 0)
        return -1;
    int n = snprintf(s->path, sizeof s->path, "%s/%.16s.sock", s->dir, s->name);
    int m = n > 0 ? snprintf(s->endpoint, sizeof s->endpoint, "ipc://%s", s->path) : -1;
    if (n < 0 || (size_t)n >= sizeof s->path || m < 0 || (size_t)m >= sizeof s->endpoint) {
        snprintf(err, errlen, "cannot make a socket path in %s", s->dir);
        return -1;
    }
    char owner[24], idle[24], ready_fd[8];
    snprintf(ready_fd, sizeof ready_fd, "%d", SERVER_READY_FD);
    snprintf(owner, sizeof owner, "%ld", (long)getpid());
    snprintf(idle, sizeof idle, "%u", idle_exit_s);
    char *argv[32];
    int argc = 0;
    argv[argc++] = (char *)program;
    argv[argc++] = "--endpoint";
    argv[argc++] = s->endpoint;
    argv[argc++] = "--owner";
    argv[argc++] = owner;
    argv[argc++] = "--idle-exit";
    argv[argc++] = idle;
    argv[argc++] = "--ready-fd";
    argv[argc++] = ready_fd;
    for (int i = 0; extra_args && extra_args[i] && argc < 31; i++)
        argv[argc++] = extra_args[i];
    argv[argc] = NULL;
    int rc = spawn_ready(s, argv, -1, NULL, 0, err, errlen);
    if (rc == 0)
        rc = check_private_dir(s, err, errlen);
    if (rc != 0)
        gh_server_stop(s);
    return rc;
}

int gh_server_start_emulator(gh_server *s, const char *program, char *const extra_args[], char *dir,
                             size_t dirlen, char *err, size_t errlen)
{
    name_after(s, program);
    int in[2];
    if (pipe(in) != 0) {
        snprintf(err, errlen, "cannot make a pipe for %s's stdin: %s", s->name, strerror(errno));
        return -1;
    }
    fcntl(in[1], F_SETFD, FD_CLOEXEC); /* no other child of ours holds it open */
    in[0] = above_children(in[0]);     /* the child's copy is the dup2'd stdin */
    if (in[0] < 0) {
        close(in[1]);
        snprintf(err, errlen, "cannot make a pipe for %s's stdin: %s", s->name, strerror(errno));
        return -1;
    }
    char ready_fd[8];
    snprintf(ready_fd, sizeof ready_fd, "%d", SERVER_READY_FD);
    char *argv[32];
    int argc = 0;
    argv[argc++] = (char *)program;
    argv[argc++] = "--ready-fd";
    argv[argc++] = ready_fd;
    for (int i = 0; extra_args && extra_args[i] && argc < 31; i++)
        argv[argc++] = extra_args[i];
    argv[argc] = NULL;
    s->stdin_fd = in[1];
    s->has_stdin = true;
    int rc = spawn_ready(s, argv, in[0], dir, dirlen, err, errlen);
    close(in[0]);
    if (rc != 0)
        gh_server_stop(s);
    return rc;
}

static void describe(const gh_server *s, char *why, size_t len)
{
    if (WIFEXITED(s->status))
        snprintf(why, len, "%s exited with status %d", s->name, WEXITSTATUS(s->status));
    else if (WIFSIGNALED(s->status))
        snprintf(why, len, "%s was killed by signal %d (%s)", s->name, WTERMSIG(s->status),
                 strsignal(WTERMSIG(s->status)));
    else
        snprintf(why, len, "%s stopped", s->name);
}

bool gh_server_alive(void *server, char *why, size_t len)
{
    gh_server *s = server;
    if (s->exited) {
        describe(s, why, len);
        return false;
    }
    if (s->pid <= 0)
        return false;
    pid_t r = waitpid(s->pid, &s->status, WNOHANG);
    if (r == s->pid) {
        s->exited = true;
        forget(s);
        describe(s, why, len);
        return false;
    }
    return true;
}

/* How often a stop looks whether its server has exited: a server ends about
 * a millisecond after SIGTERM, and a look every 10 ms added 9 ms to every run. */
static const struct timespec exit_poll = {0, 1000 * 1000};

/* An emulator: its stdin closed, it has EMULATOR_EXIT_GRACE_MS to remove its testbed and exit. */
static void stop_emulator(gh_server *s)
{
    close(s->stdin_fd);
    s->has_stdin = false;
    for (int i = 0; i < EMULATOR_EXIT_GRACE_MS && !s->exited; i++) {
        if (waitpid(s->pid, &s->status, WNOHANG) == s->pid)
            s->exited = true;
        else
            nanosleep(&exit_poll, NULL);
    }
    if (!s->exited) { /* its janitor removes the testbed */
        kill(s->pid, SIGKILL);
        waitpid(s->pid, &s->status, 0);
        s->exited = true;
    }
}

/* A stop cannot answer through an err buffer (signal handlers and close
 * paths call it), yet a wait of seconds without a word looks like a hang:
 * this is the library's one message to stderr. write() is signal-safe. */
static void say_slow_exit(const gh_server *s, const char *what)
{
    char line[160] = "gpuhost: server ";
    size_t n = strlen(line);
    for (const char *p = s->name; *p && n < 90; p++)
        line[n++] = *p;
    for (const char *p = what; *p && n < sizeof line - 1; p++)
        line[n++] = *p;
    ssize_t unused = write(STDERR_FILENO, line, n);
    (void)unused;
}

void gh_server_stop(gh_server *s)
{
    if (s->has_stdin && s->pid > 0 && !s->exited)
        stop_emulator(s);
    if (s->has_stdin) {
        close(s->stdin_fd);
        s->has_stdin = false;
    }
    if (s->pid > 0 && !s->exited) {
        kill(s->pid, SIGTERM);
        /* A server closes its files (an FST waveform among them) before it
         * exits, which takes seconds on a busy machine: killing it sooner
         * would leave them cut short. */
        for (int i = 0; i < SERVER_EXIT_GRACE_MS; i++) {
            if (waitpid(s->pid, &s->status, WNOHANG) == s->pid) {
                s->exited = true;
                break;
            }
            if (i == SERVER_SLOW_EXIT_MS)
                say_slow_exit(s, " has not ended 5 s after SIGTERM; SIGKILL at 30 s\n");
            nanosleep(&exit_poll, NULL);
        }
        if (!s->exited) {
            say_slow_exit(s, " did not end 30 s after SIGTERM: SIGKILL\n");
            kill(s->pid, SIGKILL);
            waitpid(s->pid, &s->status, 0);
            s->exited = true;
        }
    }
    /* the server removes its socket and directory itself, and its janitor
     * when it was killed: gpuhost removes nothing it did not make */
    forget(s);
}

void gh_server_stop_all(void)
{
    for (int i = 0; i < 8; i++)
        if (running[i])
            gh_server_stop(running[i]);
}
