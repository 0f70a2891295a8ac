/* fw host HAL: the janitor of a private directory (see janitor.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "janitor.h"

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

int fw_janitor_start(const char *dir, char *err, size_t errlen)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
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
        setsid();
        int null = open("/dev/null", O_RDWR);
        for (int fd = 0; fd < 3 && null >= 0; fd++) /* nobody waits on our output */
            dup2(null, fd);
        char c;
        while (read(p[0], &c, 1) < 0 && errno == EINTR)
            ;
        fw_remove_tree(dir);
        _exit(0);
    }
    close(p[0]); /* p[1] stays open here, and only here (close-on-exec) */
    return 0;
}
