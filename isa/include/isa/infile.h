/* The input files gpuhost reads whole (kernels, coverage records, servers
 * files): a regular file, a pipe or a device (read as a file: the readers'
 * size limits and checks end one that never stops). A FIFO is opened
 * without waiting for a writer and refused when nothing arrives within
 * ISA_INFILE_FIFO_WAIT_MS, so a FIFO no one writes never blocks gpuhost; a
 * directory or a socket is refused at once. */
#ifndef ISA_INFILE_H
#define ISA_INFILE_H

#include <stddef.h>
#include <stdio.h>

#define ISA_INFILE_FIFO_WAIT_MS 5000

/* The file open for reading; NULL with why ("cannot open: ...", "a FIFO
 * nothing was written to within 5 s"), the path not named, in why. */
FILE *isa_infile_open(const char *path, char *why, size_t len);

#endif
