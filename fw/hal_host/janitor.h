/* fw host HAL: a private directory that outlives nothing. A small process
 * (the janitor), forked while its owner is still single-threaded, waits on
 * a pipe only the owner holds; when the owner ends, however it ends (SIGKILL
 * included), the pipe closes and the janitor removes the directory. It
 * leaves the process group (setsid), so that a Ctrl-C or a group kill meant
 * for the owner does not stop the cleanup. */
#ifndef FW_JANITOR_H
#define FW_JANITOR_H

#include <stddef.h>

/* 0, or -1 with err. */
int fw_janitor_start(const char *dir, char *err, size_t errlen);
/* Removes dir and everything below it (symbolic links are not followed). */
void fw_remove_tree(const char *dir);

#endif
