/* libgpuhost: a kernel from a file: assembly source (.s, assembled on the
 * fly) or a kernel.bin (ELF). A raw stream of 16-byte words is never guessed:
 * read one with isa_kernel_read_raw (isa/kernel.h). */
#ifndef GPUHOST_KERNEL_H
#define GPUHOST_KERNEL_H

#include <stdio.h>

#include "isa/kernel.h"

/* 0, or -1 with the reasons written to diag. */
int gh_load_kernel(const char *path, isa_kernel **out, FILE *diag);

#endif
