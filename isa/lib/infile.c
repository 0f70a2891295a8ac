/* Input files (isa/infile.h): opened without waiting for a FIFO's writer. */
#define _GNU_SOURCE

#include "isa/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISSOCK(m) ? "a socket" : "something else";
}

/* A FIFO's first bytes (or its writer's end) within the wait, or -1. */
static int fifo_ready(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int n;
    do
        n = poll(&p, 1, ISA_INFILE_FIFO_WAIT_MS);
    while (n < 0 && errno == EINTR);
    return n == 1 && (p.revents & (POLLIN | POLLHUP)) ? 0 : -1;
}

FILE *isa_infile_open(const char *path, char *why, size_t len)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(why, len, "cannot open: %s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    /* a device or a pipe is read as a file: its size limits and the NUL
     * check end one that never stops */
    if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode)) {
        snprintf(why, len, "%s, not a file", kind(st.st_mode));
        close(fd);
        return NULL;
    }
    if (S_ISFIFO(st.st_mode) && fifo_ready(fd) != 0) {
        snprintf(why, len, "a FIFO nothing was written to within %d s", ISA_INFILE_FIFO_WAIT_MS / 1000);
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        snprintf(why, len, "cannot open: %s", strerror(errno));
        close(fd);
    }
    return f;
}
