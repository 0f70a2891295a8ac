/* An output file the user named, written so that nothing is lost or deleted:
 * a regular file (or a path that does not exist yet) is written to a
 * temporary file in the same directory and renamed over it only when every
 * byte reached the disk; a device, FIFO or socket the user named is written
 * in place and never replaced or unlinked. A failure leaves what was there. */
#ifndef ISA_OUTFILE_H
#define ISA_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *f;        /* write through this between open and commit */
    char *path;     /* the path as the user named it (or its symlink's target) */
    char *tmp;      /* the temporary file; NULL when written in place */
} isa_outfile;

/* 0, or -1 with a message naming the path in err. */
int isa_outfile_open(isa_outfile *o, const char *path, char *err, size_t errlen);
/* Flushes, syncs and closes, then renames into place: 0, or -1 with a
 * message (the temporary file is removed, the named file left as it was). */
int isa_outfile_commit(isa_outfile *o, char *err, size_t errlen);
/* Gives up: removes the temporary file only. Accepts an unopened o. */
void isa_outfile_abort(isa_outfile *o);

#endif
