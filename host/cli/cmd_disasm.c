/* gpuhost disasm: kernel.bin (ELF or raw words) -> one instruction a line */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isa/isa.h"
#include "isa/kernel.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost disasm KERNEL.bin [--addresses] [--hex] [--raw]\n"
          "  -a, --addresses  prefix each line with its byte address\n"
          "  -x, --hex        prefix each line with the 128-bit word (hi lo)\n"
          "  --raw            KERNEL is a raw stream of 16-byte little-endian instructions;\n"
          "                   without it, a file that is not a kernel.bin (ELF) is refused\n"
          "A word that no instruction variant decodes prints as '.word HI LO' with a comment,\n"
          "and the exit status is 1.\n",
          f);
}

/* The kernel's labels sorted by address (then by their order in the file),
 * so each instruction finds its labels in O(log n). */
typedef struct {
    const isa_kernel *k;
    size_t *order;
} labels;

static const isa_kernel *sort_kernel;

static int by_addr(const void *a, const void *b)
{
    const isa_kernel_symbol *x = &sort_kernel->symbols[*(const size_t *)a];
    const isa_kernel_symbol *y = &sort_kernel->symbols[*(const size_t *)b];
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* Position in order of the first label at addr or above. */
static size_t first_at(const labels *l, uint64_t addr)
{
    size_t lo = 0, hi = l->k->symbol_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (l->k->symbols[l->order[mid]].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static const char *label_at(void *ctx, uint64_t addr)
{
    const labels *l = ctx;
    size_t i = first_at(l, addr);
    return i < l->k->symbol_count && l->k->symbols[l->order[i]].addr == addr
               ? l->k->symbols[l->order[i]].name
               : NULL;
}

/* Every label at addr, each on a line of its own. */
static void print_labels(const labels *l, uint64_t addr)
{
    for (size_t i = first_at(l, addr); i < l->k->symbol_count && l->k->symbols[l->order[i]].addr == addr; i++)
        printf("%s:\n", l->k->symbols[l->order[i]].name);
}

int gh_cmd_disasm(int argc, char **argv)
{
    static const struct option options[] = {{"addresses", no_argument, NULL, 'a'},
                                            {"hex", no_argument, NULL, 'x'},
                                            {"raw", no_argument, NULL, 'r'},
                                            {"help", no_argument, NULL, 'h'},
                                            {0}};
    bool addresses = false, hex = false, raw = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "axh", options, NULL)) != -1) {
        if (opt == 'a')
            addresses = true;
        else if (opt == 'x')
            hex = true;
        else if (opt == 'r')
            raw = true;
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
    if (gh_read_kernel("disasm", argv[optind], raw, false, &k) != 0)
        return GH_EXIT_INPUT;
    labels l = {.k = k, .order = malloc((k->symbol_count ? k->symbol_count : 1) * sizeof(size_t))};
    if (!l.order) {
        fprintf(stderr, "gpuhost disasm: out of memory\n");
        isa_kernel_destroy(&k);
        return GH_EXIT_IO;
    }
    for (size_t i = 0; i < k->symbol_count; i++)
        l.order[i] = i;
    sort_kernel = k;
    if (k->symbol_count)
        qsort(l.order, k->symbol_count, sizeof *l.order, by_addr);
    int status = GH_EXIT_OK;
    for (size_t i = 0; i < k->code_count; i++) {
        uint64_t pc = 16 * i;
        print_labels(&l, pc);
        if (addresses)
            printf("/*%04" PRIx64 "*/ ", pc);
        if (hex)
            printf("/* %016" PRIx64 " %016" PRIx64 " */ ", k->code[i].hi, k->code[i].lo);
        char text[256];
        isa_context ctx = {.pc = pc, .labels = label_at, .ctx = &l};
        int rc = isa_disasm_word(k->code[i], &ctx, text, sizeof text);
        if (rc == 0) {
            printf("%s ;\n", text);
        } else {
            printf(".word 0x%016" PRIx64 " 0x%016" PRIx64 " // %s\n", k->code[i].hi, k->code[i].lo,
                   isa_strerror(rc));
            status = GH_EXIT_INPUT;
        }
    }
    print_labels(&l, 16 * k->code_count); /* labels at the end of the code */
    free(l.order);
    isa_kernel_destroy(&k);
    return status;
}
