/* gpuhost run's streamed outputs (--trace, --coverage): written during the
 * run through the one output routine (isa/outfile.h): a regular file is
 * replaced only when the run is over and every byte reached the disk; a FIFO
 * or device is written in place. */
#ifndef GH_CLI_RUN_STREAM_H
#define GH_CLI_RUN_STREAM_H

#include <stdio.h>

#include "isa/outfile.h"

typedef struct {
    const char *option; /* "--trace" */
    const char *path;   /* NULL: not asked for */
    isa_outfile out;
} gh_run_stream;

/* The stream to write (NULL when not asked for), or NULL with s->path set
 * and the reason said: exit 3. */
FILE *gh_run_stream_open(gh_run_stream *s);
/* A retried run starts the output over: the stream, or NULL after saying why. */
FILE *gh_run_stream_restart(gh_run_stream *s);
/* Puts the output in place; a failure is always said, and makes the exit
 * status 3 when rc is one of a run that ended well (ended_well). */
int gh_run_stream_close(gh_run_stream *s, int rc, int ended_well);

#endif
