/* libgpuhost: starting and reaping target servers. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

extern char **environ;

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

/* A short, private directory for the socket: 0700, unpredictable name. */
static int private_dir(gh_server *s, char *err, size_t errlen)
{
    const char *bases[] = {getenv("XDG_RUNTIME_DIR"), getenv("TMPDIR"), "/tmp"};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        const char *base = bases[i];
        /* unix socket paths are short (108 bytes): a long directory is passed over */
        if (!base || base[0] != '/' || strlen(base) > 64 || access(base, W_OK | X_OK) != 0)
            continue;
        snprintf(s->dir, sizeof s->dir, "%s/gpuhost-XXXXXX", base);
        if (mkdtemp(s->dir))
            return 0;
    }
    snprintf(err, errlen, "cannot make a private directory for the server's socket in $XDG_RUNTIME_DIR, $TMPDIR "
                          "or /tmp: %s", strerror(errno));
    s->dir[0] = '\0';
    return -1;
}

int gh_server_start(gh_server *s, const char *program, char *const extra_args[], uint32_t idle_exit_s, char *err,
                    size_t errlen)
{
    memset(s, 0, sizeof *s);
    const char *base = strrchr(program, '/');
    snprintf(s->name, sizeof s->name, "%s", base ? base + 1 : program);
    if (private_dir(s, err, errlen) != 0)
        return -1;
    int n = snprintf(s->path, sizeof s->path, "%s/%.16s.sock", s->dir, s->name);
    int m = n > 0 ? snprintf(s->endpoint, sizeof s->endpoint, "ipc://%s", s->path) : -1;
    if (n < 0 || (size_t)n >= sizeof s->path || m < 0 || (size_t)m >= sizeof s->endpoint) {
        snprintf(err, errlen, "cannot make a socket path in %s", s->dir);
        rmdir(s->dir);
        return -1;
    }
    char owner[24], idle[24];
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
    for (int i = 0; extra_args && extra_args[i] && argc < 31; i++)
        argv[argc++] = extra_args[i];
    argv[argc] = NULL;
    /* the server starts with default signal handling, whatever ours is */
    posix_spawnattr_t attr;
    sigset_t none, stops;
    sigemptyset(&none);
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM), sigaddset(&stops, SIGINT), sigaddset(&stops, SIGHUP), sigaddset(&stops, SIGPIPE);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &stops);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int rc = posix_spawn(&s->pid, program, NULL, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start %s: %s", program, strerror(rc));
        rmdir(s->dir);
        return -1;
    }
    remember(s);
    return 0;
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

void gh_server_stop(gh_server *s)
{
    if (s->pid > 0 && !s->exited) {
        kill(s->pid, SIGTERM);
        for (int i = 0; i < 200; i++) { /* 2 s */
            if (waitpid(s->pid, &s->status, WNOHANG) == s->pid) {
                s->exited = true;
                break;
            }
            struct timespec ts = {0, 10 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        if (!s->exited) {
            kill(s->pid, SIGKILL);
            waitpid(s->pid, &s->status, 0);
            s->exited = true;
        }
    }
    /* the server removes both itself; not when it was killed */
    if (s->path[0])
        unlink(s->path);
    if (s->dir[0])
        rmdir(s->dir);
    forget(s);
}

void gh_server_stop_all(void)
{
    for (int i = 0; i < 8; i++)
        if (running[i])
            gh_server_stop(running[i]);
}
