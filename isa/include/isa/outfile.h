/* The one output routine of gpuhost and its servers: every file they write
 * goes through it, so that nothing is lost, deleted or replaced that the user
 * did not name. A regular file (or a path that does not exist yet) is written
 * to a temporary file in the same directory (a random name, created with
 * O_CREAT|O_EXCL|O_NOFOLLOW: never through a symlink someone planted) and
 * renamed over it only when every byte reached the disk. A device, FIFO or
 * socket is written in place, never replaced or unlinked, when the caller
 * streams into it (ISA_OUTFILE_STREAM); otherwise it is refused. A symbolic
 * link at the named path is followed only when it is the caller's own or
 * root's (/dev/stdout): the rename then replaces its target, not the link;
 * another user's link is refused. A failure leaves what was there. */
#ifndef ISA_OUTFILE_H
#define ISA_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *f;        /* write through this between open and commit */
    char *path;     /* the path as the user named it (or its symlink's target) */
    char *tmp;      /* the temporary file; NULL when written in place */
} isa_outfile;

/* A device, FIFO or socket named is written in place (gpuhost asm -o /dev/stdout). */
#define ISA_OUTFILE_STREAM 1u

/* 0, or -1 with a message naming the path in err. flags: 0 or ISA_OUTFILE_STREAM. */
int isa_outfile_open_flags(isa_outfile *o, const char *path, unsigned flags, char *err, size_t errlen);
/* isa_outfile_open_flags with ISA_OUTFILE_STREAM (an output the user named). */
int isa_outfile_open(isa_outfile *o, const char *path, char *err, size_t errlen);
/* Flushes, syncs and closes, then renames into place: 0, or -1 with a
 * message (the temporary file is removed, the named file left as it was). */
int isa_outfile_commit(isa_outfile *o, char *err, size_t errlen);
/* Gives up: removes the temporary file only. Accepts an unopened o. */
void isa_outfile_abort(isa_outfile *o);

#endif
