/* gpu-usbemu: serving the testbed (usbemu_board.h). Wrap mode runs PROGRAM
 * under it (LD_PRELOAD=libumockdev-preload.so.0, UMOCKDEV_DIR) and ends with
 * it; serve mode tells the parent the testbed directory on the ready fd and
 * serves until stdin ends (the parent let go, or died) or a stop signal.
 * Both unplug boards on request meanwhile. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "usbemu_board.h"

#define USBEMU_CONNECT_LIMIT_S 120
#define USBEMU_TICK_MS 5 /* how often main looks at signals, stdin and the program between wakes */

/* A stop signal taken (blocked everywhere, so it waits for main): its number, or 0. */
static int take_signal(usbemu *u)
{
    const struct timespec now = {0, 0};
    int sig = sigtimedwait(&u->stops, NULL, &now);
    if (sig > 0)
        u->stop_signal = sig;
    return sig > 0 ? sig : 0;
}

/* Waits on main's condition variable for at most ms, unless done(b) already. */
static void wait_main(usbemu *u, int ms, bool (*done)(const board *), const board *b)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += ms * 1000000L;
    if (until.tv_nsec >= 1000000000L)
        until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&u->main_mu);
    if (!done || !done(b))
        pthread_cond_timedwait(&u->main_cv, &u->main_mu, &until);
    pthread_mutex_unlock(&u->main_mu);
}

static bool is_connected(const board *b) /* main_mu held */
{
    return b->connected;
}

/* An image board that has neither connected nor crashed yet. */
static bool board_waits(board *b)
{
    pthread_mutex_lock(&b->mu);
    bool gone = b->gone;
    pthread_mutex_unlock(&b->mu);
    pthread_mutex_lock(&b->bed->main_mu);
    bool connected = b->connected;
    pthread_mutex_unlock(&b->bed->main_mu);
    return b->image && !connected && !gone;
}

/* A board is seen on USB once its firmware connects (USB.CTRL CONNECT, the
 * D+ pull-up): the program starts (or the parent is told) then, so that no
 * request timeout of its counts the image's boot on a loaded machine. A
 * crashed image is left to the program to find (its device is gone). 0, or
 * -1 said. */
static int wait_connected(usbemu *u)
{
    for (int i = 0; i < u->o.boards; i++) {
        board *b = &u->boards[i];
        for (int slice = 0; board_waits(b); slice++) {
            if (take_signal(u))
                return -1;
            if (slice == USBEMU_CONNECT_LIMIT_S * 100) {
                usbemu_say("board %s: the firmware image did not connect to USB within %d s", b->serial,
                           USBEMU_CONNECT_LIMIT_S);
                return -1;
            }
            wait_main(u, 10, is_connected, b); /* woken at once by a connect */
        }
    }
    return 0;
}

/* Boards whose firmware asked to leave the bus (an unplug fault, a crash) leave it. */
static void service_unplugs(usbemu *u)
{
    for (int i = 0; i < u->o.boards; i++) {
        board *b = &u->boards[i];
        pthread_mutex_lock(&b->mu);
        bool unplug = b->unplug_requested && !b->unplugged;
        b->unplugged |= unplug;
        pthread_mutex_unlock(&b->mu);
        if (unplug) { /* as the kernel does: a udev "remove" event (where it can go), then the device is gone */
            if (u->udev_events)
                umockdev_testbed_uevent(u->tb, b->syspath, "remove");
            umockdev_testbed_remove_device(u->tb, b->syspath);
        }
    }
}

/* In the child: PROGRAM with the preload and the testbed; never returns. */
static void exec_program(usbemu *u, pid_t emulator, const char *root)
{
    sigprocmask(SIG_UNBLOCK, &u->stops, NULL);
    /* the program under test does not outlive its emulated board (a SIGKILL of gpu-usbemu) */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != emulator)
        _exit(125);
    const char *preload = getenv("LD_PRELOAD");
    char *new_preload = preload && *preload ? g_strdup_printf("libumockdev-preload.so.0:%s", preload)
                                            : g_strdup("libumockdev-preload.so.0");
    setenv("LD_PRELOAD", new_preload, 1);
    setenv("UMOCKDEV_DIR", root, 1);
    /* a sanitizer build of PROGRAM must accept the preload library ahead of its runtime */
    const char *asan = getenv("ASAN_OPTIONS");
    char *asan_opts = g_strdup_printf("%s%sverify_asan_link_order=0", asan ? asan : "", asan && *asan ? ":" : "");
    setenv("ASAN_OPTIONS", asan_opts, 1);
    if (u->old_tmpdir)
        setenv("TMPDIR", u->old_tmpdir, 1);
    else
        unsetenv("TMPDIR");
    execvp(u->o.program[0], u->o.program);
    fprintf(stderr, "gpu-usbemu: cannot run %s: %s\n", u->o.program[0], strerror(errno));
    _exit(127);
}

/* Wrap mode: PROGRAM's status (128+signal when it was killed), or 125. */
static int run_program(usbemu *u, const char *root)
{
    fflush(NULL);
    pid_t emulator = getpid();
    pid_t child = fork();
    if (child == 0)
        exec_program(u, emulator, root);
    if (child < 0) {
        usbemu_say("cannot fork: %s", strerror(errno));
        return 125;
    }
    for (;;) {
        int st;
        pid_t r = waitpid(child, &st, WNOHANG);
        if (r == child)
            return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 125;
        if (r < 0 && errno != EINTR) {
            usbemu_say("waitpid: %s", strerror(errno));
            return 125;
        }
        int sig = take_signal(u);
        if (sig)
            kill(child, sig); /* passed on: the program ends, then we do */
        service_unplugs(u);
        wait_main(u, USBEMU_TICK_MS, NULL, NULL);
    }
}

/* Stops b's firmware: whether it failed (the image crashed; the host-compiled
 * core ended before it was asked to, its link broken). */
static bool firmware_failed(board *b)
{
    bool ended = b->thread_started && pthread_tryjoin_np(b->thread, NULL) == 0;
    if (ended)
        b->thread_started = false;
    usbemu_board_stop(b);
    bool failed = b->image ? b->fw_rc != 0 : ended && b->fw_rc != 0;
    if (failed)
        usbemu_say("board %s: its firmware failed", b->serial);
    return failed;
}

/* Serve mode: "ready DIR\n" on the ready fd (then closed), serving until
 * stdin ends or a stop signal; 1 when a board's firmware failed, else 0. */
static int serve(usbemu *u, const char *root)
{
    if (u->o.ready_fd >= 0) {
        char line[4096];
        int n = snprintf(line, sizeof line, "ready %s\n", root);
        ssize_t w = n > 0 && (size_t)n < sizeof line ? write(u->o.ready_fd, line, (size_t)n) : -1;
        close(u->o.ready_fd);
        if (w != n) {
            usbemu_say("cannot say ready on fd %d: %s", u->o.ready_fd, strerror(errno));
            return 125;
        }
    }
    for (bool open = true; open && !take_signal(u);) {
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        if (poll(&p, 1, 0) > 0) {
            char buf[256]; /* nothing is said on stdin: only its end counts */
            ssize_t r = read(STDIN_FILENO, buf, sizeof buf);
            open = r > 0 || (r < 0 && errno == EINTR);
        }
        service_unplugs(u);
        wait_main(u, USBEMU_TICK_MS, NULL, NULL);
    }
    int failed = 0;
    for (int i = 0; i < u->o.boards; i++)
        failed |= firmware_failed(&u->boards[i]);
    return failed;
}

int usbemu_run(usbemu *u)
{
    if (wait_connected(u) != 0)
        return 125;
    char *root = umockdev_testbed_get_root_dir(u->tb);
    int status = u->o.program ? run_program(u, root) : serve(u, root);
    g_free(root);
    return status;
}
