/* LD_PRELOAD guard: a process whose threads run must not change the shape of
 * its environment. Adding a variable moves environ's array (setenv's
 * realloc) under any thread's getenv, which then reads freed memory;
 * removing one shifts it under the reader. Replacing the value of a variable
 * that exists is safe (glibc swaps one pointer and frees nothing). While
 * another thread of the process lives (/proc/self/task), an add, a remove,
 * a putenv or a clearenv aborts with the variable's name.
 * (gpu-usbemu: umockdev's worker reads the environment while the testbed
 * sets UMOCKDEV_DIR; tests/usbemu/env_guard.sh.) */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Threads of this process other than the caller's, counted in /proc. */
static bool other_threads(void)
{
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return true; /* cannot tell: the safe answer */
    int tasks = 0;
    for (struct dirent *e; (e = readdir(d));)
        tasks += e->d_name[0] != '.';
    closedir(d);
    return tasks > 1;
}

static void refuse(const char *call, const char *name)
{
    char line[512];
    int n = snprintf(line, sizeof line,
                     "env_guard: %s(\"%s\") changes the environment's shape while other threads may read it\n",
                     call, name ? name : "(null)");
    if (n > 0)
        (void)!write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    abort();
}

int setenv(const char *name, const char *value, int overwrite)
{
    static int (*real)(const char *, const char *, int);
    if (!real)
        real = (int (*)(const char *, const char *, int))dlsym(RTLD_NEXT, "setenv");
    if (other_threads() && !getenv(name))
        refuse("setenv", name);
    return real(name, value, overwrite);
}

int unsetenv(const char *name)
{
    static int (*real)(const char *);
    if (!real)
        real = (int (*)(const char *))dlsym(RTLD_NEXT, "unsetenv");
    if (other_threads() && getenv(name))
        refuse("unsetenv", name);
    return real(name);
}

int putenv(char *string)
{
    static int (*real)(char *);
    if (!real)
        real = (int (*)(char *))dlsym(RTLD_NEXT, "putenv");
    if (other_threads())
        refuse("putenv", string);
    return real(string);
}

int clearenv(void)
{
    static int (*real)(void);
    if (!real)
        real = (int (*)(void))dlsym(RTLD_NEXT, "clearenv");
    if (other_threads())
        refuse("clearenv", "");
    return real();
}
