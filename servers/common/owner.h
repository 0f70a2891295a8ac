/* servers/common: a server that belongs to one process (--owner PID: gpuhost
 * passes its own). PR_SET_PDEATHSIG wakes the server with SIGHUP when its
 * parent dies; as that signal is tied to the thread that forked and races
 * with the fork itself, the server also asks: fw_owner_alive polls a pidfd
 * of the owner (exact, no pid reuse) on every receive. */
#ifndef FW_OWNER_H
#define FW_OWNER_H

#include <stdbool.h>
#include <stddef.h>

/* Starts watching pid. 0, or -1 with err (not a process id; already gone). */
int fw_owner_watch(long pid, char *err, size_t errlen);
/* true while the owner runs, or when nothing is watched. */
bool fw_owner_alive(void);

#endif
