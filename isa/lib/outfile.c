/* The one output routine (isa/outfile.h). */
#define _GNU_SOURCE

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

/* The path written: the named one, or the target of a symlink of the
 * caller's own or root's (/dev/stdout): the rename replaces the target, not
 * the link. Another user's link is never followed: it may have been planted
 * for us to write through. */
static char *resolve(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        if (st.st_uid != geteuid() && st.st_uid != 0) {
            fail(err, errlen, "%s: a symbolic link owned by uid %lu, neither this user nor root: not followed", path,
                 (unsigned long)st.st_uid);
            return NULL;
        }
        char *real = realpath(path, NULL);
        if (real)
            return real;
    }
    char *copy = strdup(path);
    if (!copy)
        fail(err, errlen, "%s: out of memory", path);
    return copy;
}

static const char *kind(mode_t m)
{
    return S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO"
         : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

static int open_in_place(isa_outfile *o, char *err, size_t errlen)
{
    int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
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

/* DIR/.BASE.~XXXXXX: created exclusively (O_EXCL, O_NOFOLLOW: a name that
 * exists, a planted symlink among them, is never opened). */
static int create_temporary(isa_outfile *o)
{
    const char *slash = strrchr(o->path, '/');
    size_t dirlen = slash ? (size_t)(slash - o->path) + 1 : 0;
    const char *base = o->path + dirlen;
    size_t n = dirlen + strlen(base) + sizeof ".~.XXXXXX";
    if (!(o->tmp = malloc(n))) {
        errno = ENOMEM;
        return -1;
    }
    snprintf(o->tmp, n, "%.*s.%s.~XXXXXX", (int)dirlen, o->path, base);
    return mkostemp(o->tmp, O_CLOEXEC | O_NOFOLLOW);
}

int isa_outfile_open_flags(isa_outfile *o, const char *path, unsigned flags, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (!path || !*path)
        return fail(err, errlen, "no output path");
    if (!(o->path = resolve(path, err, errlen)))
        return -1;
    struct stat st;
    int exists = stat(o->path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        if (!S_ISDIR(st.st_mode) && (flags & ISA_OUTFILE_STREAM)) /* never replaced */
            return open_in_place(o, err, errlen);
        fail(err, errlen, "%s: %s: refusing to replace it with a file", o->path,
             S_ISDIR(st.st_mode) ? "is a directory" : kind(st.st_mode));
        release(o);
        return -1;
    }
    int fd = create_temporary(o);
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

int isa_outfile_open(isa_outfile *o, const char *path, char *err, size_t errlen)
{
    return isa_outfile_open_flags(o, path, ISA_OUTFILE_STREAM, err, errlen);
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
