/* gpuhost run's streamed outputs (run_stream.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "run_stream.h"

FILE *gh_run_stream_open(gh_run_stream *s)
{
    char err[600];
    if (!s->path)
        return NULL;
    if (isa_outfile_open(&s->out, s->path, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost run: %s %s\n", s->option, err);
        return NULL;
    }
    return s->out.f;
}

FILE *gh_run_stream_restart(gh_run_stream *s)
{
    if (!s->out.f || !s->out.tmp) /* not asked for, or a FIFO or device: written on */
        return s->out.f;
    if (fflush(s->out.f) == 0 && ftruncate(fileno(s->out.f), 0) == 0) {
        rewind(s->out.f);
        return s->out.f;
    }
    fprintf(stderr, "gpuhost run: %s %s: cannot start it over: %s\n", s->option, s->path, strerror(errno));
    return NULL;
}

int gh_run_stream_close(gh_run_stream *s, int rc, int ended_well)
{
    char err[600];
    if (!s->out.f)
        return rc;
    if (isa_outfile_commit(&s->out, err, sizeof err) == 0)
        return rc;
    fprintf(stderr, "gpuhost run: %s %s\n", s->option, err);
    return ended_well ? GH_EXIT_IO : rc;
}
