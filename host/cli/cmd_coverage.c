/* gpuhost coverage merge: sums the coverage records runs wrote (gpuhost run
 * --coverage FILE) into a text table and a static HTML page. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "gpuhost/error.h"
#include "isa/outfile.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost coverage merge RECORD... [-o TABLE.txt] [--html PAGE.html]\n"
          "  sums coverage records (gpuhost run --coverage FILE) from any runs, boards and machines:\n"
          "  per board the variants hit of those its target implements, the never-hit list, hits,\n"
          "  guarded hits and hits with lanes partly active per variant; the page adds the modifier\n"
          "  values seen. The table goes to stdout unless -o is given.\n",
          f);
}

int gh_cmd_coverage(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "merge") != 0) {
        usage(argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? stdout : stderr);
        return argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? GH_EXIT_OK : GH_EXIT_USAGE;
    }
    const char *table = NULL, *page = NULL;
    const char *paths[argc];
    size_t count = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            table = argv[++i];
        else if (strcmp(argv[i], "--html") == 0 && i + 1 < argc)
            page = argv[++i];
        else if (argv[i][0] == '-') {
            usage(stderr);
            return GH_EXIT_USAGE;
        } else
            paths[count++] = argv[i];
    }
    if (!count) {
        fprintf(stderr, "gpuhost coverage merge: no record given\n");
        return GH_EXIT_USAGE;
    }
    isa_outfile out[2] = {{0}, {0}};
    char err[512];
    const char *named[2] = {table, page};
    for (int i = 0; i < 2; i++)
        if (named[i] && isa_outfile_open(&out[i], named[i], err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost coverage merge: %s\n", err);
            isa_outfile_abort(&out[0]);
            return GH_EXIT_IO;
        }
    int rc = gh_coverage_merge(paths, count, table ? out[0].f : stdout, out[1].f, err, sizeof err);
    if (rc != 0) { /* nothing written: what the user named stays as it was */
        fprintf(stderr, "gpuhost coverage merge: %s\n", err);
        isa_outfile_abort(&out[0]);
        isa_outfile_abort(&out[1]);
        return rc == GH_ERR_INPUT ? GH_EXIT_INPUT : GH_EXIT_IO;
    }
    for (int i = 0; i < 2; i++)
        if (named[i] && isa_outfile_commit(&out[i], err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost coverage merge: %s\n", err);
            rc = -1;
        }
    if (!table && fflush(stdout) != 0) {
        fprintf(stderr, "gpuhost coverage merge: cannot write the standard output\n");
        rc = -1;
    }
    return rc == 0 ? GH_EXIT_OK : GH_EXIT_IO;
}
