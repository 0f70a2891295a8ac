/* gpuhost disasm: kernel.bin (ELF or raw words) -> one instruction a line */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isa/isa.h"
#include "isa/kernel.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost disasm KERNEL.bin [--addresses] [--hex]\n"
          "  -a, --addresses  prefix each line with its byte address\n"
          "  -x, --hex        prefix each line with the 128-bit word (hi lo)\n"
          "A word that no instruction variant decodes prints as '.word HI LO' with a comment,\n"
          "and the exit status is 1.\n",
          f);
}

static const char *label_at(void *ctx, uint64_t addr)
{
    const isa_kernel *k = ctx;
    for (size_t i = 0; i < k->symbol_count; i++)
        if (k->symbols[i].addr == addr)
            return k->symbols[i].name;
    return NULL;
}

int gh_cmd_disasm(int argc, char **argv)
{
    static const struct option options[] = {{"addresses", no_argument, NULL, 'a'},
                                            {"hex", no_argument, NULL, 'x'},
                                            {"help", no_argument, NULL, 'h'},
                                            {0}};
    bool addresses = false, hex = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "axh", options, NULL)) != -1) {
        if (opt == 'a')
            addresses = true;
        else if (opt == 'x')
            hex = true;
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
    isa_kernel *k = NULL;
    char err[512];
    if (isa_kernel_read(argv[optind], &k, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost disasm: %s\n", err);
        return GH_EXIT_INPUT;
    }
    int status = GH_EXIT_OK;
    for (size_t i = 0; i < k->code_count; i++) {
        uint64_t pc = 16 * i;
        const char *label = label_at(k, pc);
        if (label)
            printf("%s:\n", label);
        if (addresses)
            printf("/*%04" PRIx64 "*/ ", pc);
        if (hex)
            printf("/* %016" PRIx64 " %016" PRIx64 " */ ", k->code[i].hi, k->code[i].lo);
        char text[256];
        isa_context ctx = {.pc = pc, .labels = label_at, .ctx = k};
        int rc = isa_disasm_word(k->code[i], &ctx, text, sizeof text);
        if (rc == 0) {
            printf("%s ;\n", text);
        } else {
            printf(".word 0x%016" PRIx64 " 0x%016" PRIx64 " // %s\n", k->code[i].hi, k->code[i].lo,
                   isa_strerror(rc));
            status = GH_EXIT_INPUT;
        }
    }
    isa_kernel_destroy(&k);
    return status;
}
