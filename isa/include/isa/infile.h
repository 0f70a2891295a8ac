/* The input files gpuhost reads whole (kernels, coverage records, servers
 * files) are regular files: a FIFO would block the open until a writer
 * came, a device would be read for ever. Refused, saying what the path is. */
#ifndef ISA_INFILE_H
#define ISA_INFILE_H

#include <stddef.h>
#include <stdio.h>

/* The file open for reading; NULL with why ("cannot open: ...", "a FIFO, not
 * a regular file"), the path not named, in why. */
FILE *isa_infile_open(const char *path, char *why, size_t len);

#endif
