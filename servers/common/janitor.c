/* servers/common: the janitor of what a server made (see janitor.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "janitor.h"

#define CLAIMS_MAX 16

/* One message on the socket pair (SOCK_SEQPACKET: whole messages). */
typedef struct {
    fw_claim_kind kind;
    dev_t dev;
    ino_t ino;
    char path[512];
} claim;

static int janitor_pipe = -1; /* the owner's end, held by it alone */

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void fw_remove_tree(const char *dir)
{
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

/* What was claimed, newest first, each only if it is still the one made. */
static void clean(const claim *c, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        struct stat st;
        if (lstat(c[i].path, &st) != 0 || st.st_dev != c[i].dev || st.st_ino != c[i].ino)
            continue;
        if (c[i].kind == FW_CLAIM_TREE)
            fw_remove_tree(c[i].path);
        else if (c[i].kind == FW_CLAIM_DIR)
            rmdir(c[i].path); /* fails, and leaves it, when something else is in it */
        else
            unlink(c[i].path);
    }
}

static void janitor(int in)
{
    setsid();
    int null = open("/dev/null", O_RDWR);
    for (int fd = 0; fd < 3 && null >= 0; fd++) /* nobody waits on our output */
        dup2(null, fd);
    static claim c[CLAIMS_MAX];
    int n = 0;
    for (;;) {
        ssize_t r = read(in, &c[n < CLAIMS_MAX ? n : CLAIMS_MAX - 1], sizeof c[0]);
        if (r < 0 && errno == EINTR)
            continue;
        if (r != (ssize_t)sizeof c[0])
            break; /* the owner ended */
        n += n < CLAIMS_MAX;
    }
    clean(c, n);
    _exit(0);
}

int fw_janitor_fork(char *err, size_t errlen)
{
    if (janitor_pipe >= 0)
        return 0;
    int p[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, p) != 0) {
        snprintf(err, errlen, "socketpair: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(p[0]), close(p[1]);
        return -1;
    }
    if (pid == 0) {
        close(p[1]);
        janitor(p[0]);
    }
    close(p[0]); /* p[1] stays open here, and only here (close-on-exec) */
    janitor_pipe = p[1];
    return 0;
}

int fw_janitor_claim(const char *path, fw_claim_kind kind, char *err, size_t errlen)
{
    claim c;
    memset(&c, 0, sizeof c);
    struct stat st;
    if (janitor_pipe < 0)
        return 0; /* nobody to tell: the process removes what it made itself */
    if (strlen(path) >= sizeof c.path || lstat(path, &st) != 0) {
        snprintf(err, errlen, "%s: cannot be handed to the janitor: %s", path,
                 strlen(path) >= sizeof c.path ? "path too long" : strerror(errno));
        return -1;
    }
    c.kind = kind, c.dev = st.st_dev, c.ino = st.st_ino;
    strcpy(c.path, path);
    ssize_t w;
    do
        w = send(janitor_pipe, &c, sizeof c, MSG_NOSIGNAL);
    while (w < 0 && errno == EINTR);
    if (w != (ssize_t)sizeof c) {
        snprintf(err, errlen, "%s: the janitor is gone", path);
        return -1;
    }
    return 0;
}

int fw_janitor_start(const char *dir, char *err, size_t errlen)
{
    return fw_janitor_fork(err, errlen) != 0 ? -1 : fw_janitor_claim(dir, FW_CLAIM_TREE, err, errlen);
}
