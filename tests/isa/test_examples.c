/* ISA conformance: examples assemble and round-trip.
 *   test_examples                 the __Examples of isa/spec (from the tables): all must pass
 *   test_examples LIST ERRATA.md  the ISA team's examples, listed by `isagen --examples` as
 *                                 "FILE:LINE: TEXT": each must pass unless ERRATA.md lists
 *                                 it as excluded, and each excluded one must really fail.
 * Finding no example at all is a failure: an empty list would otherwise pass. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

static int check(const char *where, const char *text, char *why, size_t len)
{
    isa_word w, w2;
    isa_diag d;
    if (isa_asm(text, NULL, &w, NULL, &d) != 0) {
        snprintf(why, len, "does not assemble: col %zu: %s", d.column + 1, d.message);
        return -1;
    }
    char out[256];
    int rc = isa_disasm_word(w, NULL, out, sizeof out);
    if (rc) {
        snprintf(why, len, "does not disassemble: %s", isa_strerror(rc));
        return -1;
    }
    if (isa_asm(out, NULL, &w2, NULL, &d) != 0 || w2.lo != w.lo || w2.hi != w.hi) {
        snprintf(why, len, "disassembles to '%s', which does not assemble back", out);
        return -1;
    }
    (void)where;
    return 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* "- `FILE:LINE` ..." lines of ERRATA.md's excluded-examples list */
static int excluded(FILE *errata, const char *file, long line)
{
    char buf[1024], key[512];
    snprintf(key, sizeof key, "- `%s:%ld`", base_name(file), line);
    rewind(errata);
    while (fgets(buf, sizeof buf, errata))
        if (strncmp(buf, key, strlen(key)) == 0)
            return 1;
    return 0;
}

static int own_examples(void)
{
    const isa_tables *t = isa_tables_get();
    int bad = 0;
    if (t->example_count == 0) {
        printf("FAIL: the tables hold no __Examples: nothing was checked\n");
        return 1;
    }
    for (uint32_t i = 0; i < t->example_count; i++) {
        char why[512];
        const isa_example *e = &t->examples[i];
        if (check(e->file, e->text, why, sizeof why) != 0) {
            printf("FAIL %s:%u: %s\n     %s\n", e->file, e->line, e->text, why);
            bad++;
        }
    }
    printf("%u examples checked: %u passed, %d failed\n", t->example_count,
           t->example_count - (unsigned)bad, bad);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 1)
        return own_examples();
    if (argc != 3) {
        fprintf(stderr, "usage: test_examples [LIST ERRATA.md]\n");
        return 2;
    }
    FILE *list = fopen(argv[1], "r"), *errata = fopen(argv[2], "r");
    if (!list || !errata) {
        fprintf(stderr, "cannot open %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int passed = 0, failed = 0, skipped = 0;
    while (getline(&line, &cap, list) > 0) {
        line[strcspn(line, "\n")] = '\0';
        char *c1 = strstr(line, ".txt:");
        if (!c1)
            continue;
        c1 += 4;
        *c1 = '\0';
        char *end;
        long lineno = strtol(c1 + 1, &end, 10);
        const char *text = end + 2;
        char why[512];
        int ok = check(line, text, why, sizeof why) == 0;
        if (excluded(errata, line, lineno)) {
            if (ok) {
                printf("FAIL %s:%ld: %s\n     listed as excluded in ERRATA.md but assembles fine\n",
                       base_name(line), lineno, text);
                failed++;
            } else {
                printf("skip %s:%ld: %s (excluded: %s)\n", base_name(line), lineno, text, why);
                skipped++;
            }
        } else if (ok) {
            passed++;
        } else {
            printf("FAIL %s:%ld: %s\n     %s\n", base_name(line), lineno, text, why);
            failed++;
        }
    }
    free(line);
    fclose(list);
    fclose(errata);
    int checked = passed + failed + skipped;
    printf("%d examples checked: %d passed, %d failed, %d skipped\n", checked, passed, failed,
           skipped);
    if (checked == 0) {
        printf("FAIL: no \"FILE.txt:LINE: TEXT\" example in %s: nothing was checked\n", argv[1]);
        return 1;
    }
    return failed ? 1 : 0;
}
