/* servers/common: a server's owner process (see owner.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "owner.h"

static long owner;
static int owner_fd = -1;

int fw_owner_watch(long pid, char *err, size_t errlen)
{
    if (pid <= 1) {
        snprintf(err, errlen, "--owner %ld: not a process id", pid);
        return -1;
    }
    owner = pid;
    if ((long)getppid() == pid)
        prctl(PR_SET_PDEATHSIG, SIGHUP); /* after the fork: the check below covers a death before it */
#ifdef SYS_pidfd_open
    owner_fd = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
#endif
    if (!fw_owner_alive()) {
        snprintf(err, errlen, "--owner %ld: that process has ended", pid);
        return -1;
    }
    return 0;
}

bool fw_owner_alive(void)
{
    if (!owner)
        return true;
    if (owner_fd >= 0) { /* readable once the process has exited */
        struct pollfd p = {.fd = owner_fd, .events = POLLIN};
        return poll(&p, 1, 0) == 0;
    }
    return kill((pid_t)owner, 0) == 0 || errno == EPERM; /* a kernel without pidfds */
}
