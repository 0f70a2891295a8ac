/* gpuhost boards --resource-spec: health checks in parallel (health.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "health.h"

extern char **environ;

#define KILL_GRACE_MS 2000u

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void start(gh_health_check *c, const char *self)
{
    char *args[16] = {(char *)self, "--board", (char *)c->board, "info"};
    for (size_t i = 0; c->options[i] && i + 5 < sizeof args / sizeof args[0]; i++)
        args[4 + i] = (char *)c->options[i];
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    if (posix_spawn(&c->pid, self, &fa, NULL, args, environ) != 0)
        c->pid = 0, c->ended = true; /* status 0, not ok: "could not start" */
    posix_spawn_file_actions_destroy(&fa);
}

/* Reaps what has ended; true when nothing runs any more. */
static bool reap(gh_health_check *c, size_t n)
{
    bool all = true;
    for (size_t i = 0; i < n; i++) {
        if (c[i].ended)
            continue;
        pid_t r = waitpid(c[i].pid, &c[i].status, WNOHANG);
        if (r == c[i].pid || (r < 0 && errno == ECHILD)) {
            c[i].ended = true;
            c[i].ok = r == c[i].pid && !c[i].late && WIFEXITED(c[i].status) && WEXITSTATUS(c[i].status) == 0;
        } else {
            all = false;
        }
    }
    return all;
}

static void signal_running(gh_health_check *c, size_t n, int sig)
{
    for (size_t i = 0; i < n; i++)
        if (!c[i].ended) {
            c[i].late = true;
            kill(c[i].pid, sig);
        }
}

/* Waits until all have ended or the monotonic clock passes `until`. */
static bool wait_until(gh_health_check *c, size_t n, uint64_t until)
{
    for (;;) {
        if (reap(c, n))
            return true;
        if (now_ms() >= until)
            return false;
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

void gh_health_run(gh_health_check *c, size_t n, uint32_t deadline_ms)
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    uint64_t t0 = now_ms();
    for (size_t i = 0; i < n; i++) {
        c[i].ended = c[i].late = c[i].ok = false, c[i].status = 0, c[i].pid = 0;
        if (len > 0)
            self[len] = '\0', start(&c[i], self);
        else
            c[i].ended = true;
    }
    if (wait_until(c, n, t0 + deadline_ms))
        return;
    signal_running(c, n, SIGTERM); /* a check that started a server stops it */
    if (wait_until(c, n, now_ms() + KILL_GRACE_MS))
        return;
    signal_running(c, n, SIGKILL);
    for (size_t i = 0; i < n; i++)
        if (!c[i].ended) {
            while (waitpid(c[i].pid, &c[i].status, 0) < 0 && errno == EINTR)
                ;
            c[i].ended = true;
        }
}

void gh_health_why(const gh_health_check *c, uint32_t deadline_ms, char *out, size_t len)
{
    if (c->late)
        snprintf(out, len, "did not answer within the %u s deadline (--deadline): left out", deadline_ms / 1000);
    else if (!c->pid)
        snprintf(out, len, "could not be checked (gpuhost info did not start): left out");
    else if (WIFEXITED(c->status))
        snprintf(out, len, "does not answer: left out (gpuhost info: exit %d)", WEXITSTATUS(c->status));
    else
        snprintf(out, len, "does not answer: left out (gpuhost info: killed by signal %d)", WTERMSIG(c->status));
}
