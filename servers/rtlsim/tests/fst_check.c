/* rtl_fst_check: reads an FST waveform with the reader that ships with
 * Verilator (gtkwave's fstapi) and prints what it holds:
 *   vars N changes N first T last T clk_rises N
 * Exit 0 when the file opens, has variables and value changes, 1 otherwise.
 * Usage: rtl_fst_check FILE.fst */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fstapi.h"

typedef struct {
    uint64_t changes, first, last, clk_rises;
    fstHandle clk;
} stats;

static void on_change(void *user, uint64_t time, fstHandle facidx, const unsigned char *value)
{
    stats *s = user;
    if (!s->changes || time < s->first)
        s->first = time;
    if (time > s->last)
        s->last = time;
    s->changes++;
    if (facidx == s->clk && value && value[0] == '1')
        s->clk_rises++;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: rtl_fst_check FILE.fst\n");
        return 2;
    }
    void *ctx = fstReaderOpen(argv[1]);
    if (!ctx) {
        printf("cannot open %s as FST\n", argv[1]);
        return 1;
    }
    stats s = {0};
    struct fstHier *h;
    int depth = 0;
    while ((h = fstReaderIterateHier(ctx))) {
        if (h->htyp == FST_HT_SCOPE)
            depth++;
        else if (h->htyp == FST_HT_UPSCOPE)
            depth--;
        else if (h->htyp == FST_HT_VAR && !s.clk && depth <= 2 && strcmp(h->u.var.name, "clk") == 0)
            s.clk = h->u.var.handle;
    }
    fstReaderSetFacProcessMaskAll(ctx);
    fstReaderIterBlocks(ctx, on_change, &s, NULL);
    uint64_t vars = fstReaderGetVarCount(ctx);
    printf("vars %llu changes %llu first %llu last %llu clk_rises %llu\n", (unsigned long long)vars,
           (unsigned long long)s.changes, (unsigned long long)s.first, (unsigned long long)s.last,
           (unsigned long long)s.clk_rises);
    fstReaderClose(ctx);
    return vars && s.changes && s.clk ? 0 : 1;
}
