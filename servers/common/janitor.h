/* servers/common: what a server made, removed however it ends. A small process
 * (the janitor), forked while its owner is still single-threaded, waits on
 * a socket pair whose other end only the owner holds. The owner tells it, one claim at a time, what
 * it has just made (a socket, a directory, a mkdtemp tree); when the owner
 * ends, however it ends (SIGKILL included), that end closes and the janitor
 * removes exactly those, newest first, each only if it is still the one
 * made (same device and inode): a file is unlinked, a directory removed
 * only if empty, and only a tree the owner made by mkdtemp is removed with
 * what is in it. Nothing else is ever removed: a directory the owner did not
 * make stays, with everything in it. The janitor leaves the process group
 * (setsid), so that a Ctrl-C or a group kill meant for the owner does not
 * stop the cleanup. */
#ifndef FW_JANITOR_H
#define FW_JANITOR_H

#include <stddef.h>

typedef enum {
    FW_CLAIM_FILE, /* a file or socket: unlinked */
    FW_CLAIM_DIR,  /* a directory: removed if empty */
    FW_CLAIM_TREE, /* a directory made by mkdtemp: removed with all in it */
} fw_claim_kind;

/* Forks the janitor (once per process). 0, or -1 with err. */
int fw_janitor_fork(char *err, size_t errlen);
/* Tells the janitor that path was just made by this process (nothing when
 * no janitor was forked). 0, or -1 with err (a path too long, it is gone). */
int fw_janitor_claim(const char *path, fw_claim_kind kind, char *err, size_t errlen);
/* fw_janitor_fork, then dir claimed as a tree (gpu-usbemu's testbed). */
int fw_janitor_start(const char *dir, char *err, size_t errlen);
/* Removes dir and everything below it (symbolic links are not followed). */
void fw_remove_tree(const char *dir);

#endif
