/* gpuhost asm: source -> kernel.bin */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isa/asmfile.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost asm KERNEL.s [-o KERNEL.bin]\n"
          "  -o, --output FILE  output file (default: KERNEL.bin beside the source)\n",
          f);
}

int gh_cmd_asm(int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'}, {0}};
    const char *output = NULL;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
        if (opt == 'o')
            output = optarg;
        else if (opt == 'h') {
            usage(stdout);
            return GH_EXIT_OK;
        } else {
            usage(stderr);
            return GH_EXIT_USAGE;
        }
    }
    if (optind != argc - 1) {
        usage(stderr);
        return GH_EXIT_USAGE;
    }
    const char *source = argv[optind];
    char derived[4096];
    if (!output) {
        const char *dot = strrchr(source, '.'), *slash = strrchr(source, '/');
        size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - source) : strlen(source);
        snprintf(derived, sizeof derived, "%.*s.bin", (int)stem, source);
        output = derived;
    }
    isa_kernel *kernel = NULL;
    int errors = isa_assemble_file(source, &kernel, stderr);
    if (errors) {
        fprintf(stderr, "gpuhost asm: %d error(s); %s not written\n", errors, output);
        return GH_EXIT_INPUT;
    }
    char err[512];
    int rc = isa_kernel_write_elf(kernel, output, err, sizeof err);
    isa_kernel_destroy(&kernel);
    if (rc != 0) {
        fprintf(stderr, "gpuhost asm: %s\n", err);
        return GH_EXIT_IO;
    }
    return GH_EXIT_OK;
}
