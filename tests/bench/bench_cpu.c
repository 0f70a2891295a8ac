/* Benchmark helper: one command's CPU time, to the microsecond. The shell's
 * `times` counts in clock ticks (10 ms here), as coarse as a whole 500k-
 * instruction lockstep run on modelsim (about 60 ms of CPU), which made
 * bench_lockstep's CPU-bound figures noise. wait4 reports the command's
 * user and system time and its waited-for children's (gpuhost waits for the
 * server it started), in microseconds.
 *
 * Usage: bench_cpu FILE COMMAND [ARGS...]
 *   runs COMMAND, writes "CPU-SECONDS WALL-SECONDS" to FILE and exits with
 *   COMMAND's status (128 + the signal when a signal ended it; 127 when it
 *   could not run). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double seconds(struct timeval t)
{
    return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s FILE COMMAND [ARGS...]\n", argv[0]);
        return 2;
    }
    double start = wall_now();
    pid_t child = fork();
    if (child < 0) {
        fprintf(stderr, "%s: cannot fork: %s\n", argv[0], strerror(errno));
        return 127;
    }
    if (child == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "%s: cannot run %s: %s\n", argv[0], argv[2], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage used;
    pid_t got;
    while ((got = wait4(child, &status, 0, &used)) < 0 && errno == EINTR)
        ;
    if (got < 0) {
        fprintf(stderr, "%s: cannot wait for %s: %s\n", argv[0], argv[2], strerror(errno));
        return 127;
    }
    double wall = wall_now() - start;
    FILE *out = fopen(argv[1], "w");
    if (!out || fprintf(out, "%.6f %.6f\n", seconds(used.ru_utime) + seconds(used.ru_stime), wall) < 0 ||
        fclose(out) != 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", argv[0], argv[1], strerror(errno));
        return 127;
    }
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
