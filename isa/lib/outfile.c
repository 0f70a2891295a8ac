/* Outputs that never lose or delete what the user named (isa/outfile.h). */
#define _XOPEN_SOURCE 700

#include "isa/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void release(isa_outfile *o)
{
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    o->f = NULL;
}

/* A symlink is followed, so the rename replaces its target, not the link. */
static char *resolve(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (real)
            return real;
    }
    return strdup(path);
}

static int open_in_place(isa_outfile *o, char *err, size_t errlen)
{
    int fd = open(o->path, O_WRONLY | O_NOCTTY);
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        fail(err, errlen, "%s: cannot open for writing: %s", o->path, strerror(e));
        release(o);
        return -1;
    }
    return 0;
}

/* A file's mode as a new file would get it: 0666 less the umask. */
static mode_t default_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

int isa_outfile_open(isa_outfile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (!path || !*path)
        return fail(err, errlen, "no output path");
    if (!(o->path = resolve(path)))
        return fail(err, errlen, "%s: out of memory", path);
    struct stat st;
    int exists = stat(o->path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        fail(err, errlen, "%s: is a directory", o->path);
        release(o);
        return -1;
    }
    if (exists && !S_ISREG(st.st_mode)) /* a device, FIFO or socket: never replaced */
        return open_in_place(o, err, errlen);
    const char *slash = strrchr(o->path, '/');
    size_t dirlen = slash ? (size_t)(slash - o->path) + 1 : 0;
    const char *base = o->path + dirlen;
    size_t n = dirlen + strlen(base) + sizeof ".~.XXXXXX";
    if (!(o->tmp = malloc(n))) {
        release(o);
        return fail(err, errlen, "%s: out of memory", path);
    }
    snprintf(o->tmp, n, "%.*s.%s.~XXXXXX", (int)dirlen, o->path, base);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        fail(err, errlen, "%s: cannot create a temporary file beside it: %s", o->path, strerror(errno));
        release(o);
        return -1;
    }
    /* the file keeps the mode it had, or gets the one a new file would */
    if (fchmod(fd, exists ? (st.st_mode & 07777) : default_mode()) != 0 || !(o->f = fdopen(fd, "wb"))) {
        fail(err, errlen, "%s: %s", o->tmp, strerror(errno));
        close(fd);
        unlink(o->tmp);
        release(o);
        return -1;
    }
    return 0;
}

int isa_outfile_commit(isa_outfile *o, char *err, size_t errlen)
{
    if (!o->f)
        return fail(err, errlen, "output not open");
    int rc = 0;
    const char *what = "write";
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f))
        rc = -1;
    else if (o->tmp && fsync(fileno(o->f)) != 0)
        rc = -1, what = "fsync";
    int e = errno ? errno : EIO;
    if (fclose(o->f) != 0 && rc == 0)
        rc = -1, what = "close", e = errno;
    o->f = NULL;
    if (rc == 0 && o->tmp && rename(o->tmp, o->path) != 0)
        rc = -1, what = "rename", e = errno;
    if (rc != 0) {
        fail(err, errlen, "%s: %s failed: %s%s", o->path, what, strerror(e),
             o->tmp ? " (left as it was)" : "");
        if (o->tmp)
            unlink(o->tmp);
    }
    release(o);
    return rc;
}

void isa_outfile_abort(isa_outfile *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    release(o);
}
