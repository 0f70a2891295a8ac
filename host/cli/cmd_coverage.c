/* gpuhost coverage merge: sums the coverage records runs wrote (gpuhost run
 * --coverage FILE) into a text table and a static HTML page. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

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
    FILE *text = table ? fopen(table, "w") : stdout, *html = page ? fopen(page, "w") : NULL;
    if (!text || (page && !html)) {
        fprintf(stderr, "gpuhost coverage merge: cannot write %s\n", !text ? table : page);
        if (text && table)
            fclose(text);
        return GH_EXIT_IO;
    }
    char err[512];
    int rc = gh_coverage_merge(paths, count, text, html, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "gpuhost coverage merge: %s\n", err);
    int closed = (table ? fclose(text) : fflush(text)) | (html ? fclose(html) : 0);
    if (rc == 0 && closed != 0) {
        fprintf(stderr, "gpuhost coverage merge: cannot write the output\n");
        return GH_EXIT_IO;
    }
    return rc == 0 ? GH_EXIT_OK : rc == GH_ERR_INPUT ? GH_EXIT_INPUT : GH_EXIT_IO;
}
