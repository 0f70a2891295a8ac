/* Runs a libFuzzer target without libFuzzer (gcc builds, CI): every seed
 * (the files of the corpus directories or files named, plus the target's
 * built-in seeds), then a bounded number of deterministic mutations of them
 * (bit flips, truncations, random runs, splices, byte insertions, pure
 * noise), so CTest and the sanitizer build exercise every target on every
 * run. It takes libFuzzer's command line, so one CTest command serves both:
 *   fuzz_X [-runs=N] [-seed=S] [-other_libfuzzer_flag=...] [DIR|FILE]...
 * FUZZ_WRITE_SEEDS=DIR fuzz_X writes the built-in seeds into DIR instead
 * (corpus files for libFuzzer, which has no built-in seeds).
 * Built with -DGPUHOST_FUZZ=ON (clang), the same target file links against
 * libFuzzer instead of this driver. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#define MAX_INPUT 65536

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 2685821657736338717ull;
}

typedef struct {
    fuzz_seed *seed;
    size_t count, cap;
} seed_list;

static void add_seed(seed_list *l, const uint8_t *data, size_t size)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->seed = realloc(l->seed, l->cap * sizeof *l->seed);
        if (!l->seed)
            abort();
    }
    l->seed[l->count++] = (fuzz_seed){data, size};
}

/* A file's bytes (at most MAX_INPUT) as a seed; unreadable files are skipped. */
static void add_file(seed_list *l, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    uint8_t *buf = malloc(MAX_INPUT);
    size_t n = buf ? fread(buf, 1, MAX_INPUT, f) : 0;
    fclose(f);
    if (buf)
        add_seed(l, buf, n);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A corpus directory's regular files, in name order (deterministic runs). */
static void add_dir(seed_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char **grown = realloc(names, (n + 1) * sizeof *names);
        if (!grown || !(grown[n] = malloc(len)))
            abort();
        names = grown;
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            add_file(l, names[i]);
        free(names[i]);
    }
    free(names);
}

/* One mutation of a seed into buf; returns its length. */
static size_t mutate(uint8_t *buf, const seed_list *l, uint64_t *rng)
{
    const fuzz_seed *s = &l->seed[next(rng) % l->count];
    size_t len = s->size > MAX_INPUT ? MAX_INPUT : s->size;
    if (len)
        memcpy(buf, s->data, len);
    switch (next(rng) % 6) {
    case 0: /* flip a few bits */
        for (int k = 0; k < 1 + (int)(next(rng) % 4) && len; k++)
            buf[next(rng) % len] ^= (uint8_t)(1u << (next(rng) % 8));
        break;
    case 1: /* truncate */
        len = len ? next(rng) % len : 0;
        break;
    case 2: { /* overwrite a run with random bytes */
        if (!len)
            break;
        size_t at = next(rng) % len, run = 1 + next(rng) % 16;
        for (size_t k = at; k < len && k < at + run; k++)
            buf[k] = (uint8_t)next(rng);
        break;
    }
    case 3: { /* splice another seed's tail */
        const fuzz_seed *o = &l->seed[next(rng) % l->count];
        size_t at = len ? next(rng) % len : 0, from = o->size ? next(rng) % o->size : 0;
        size_t add = o->size - from;
        if (at + add > MAX_INPUT)
            add = MAX_INPUT - at;
        if (add)
            memcpy(buf + at, o->data + from, add);
        len = at + add;
        break;
    }
    case 4: { /* insert a few bytes, often one that matters to text parsers */
        static const uint8_t special[] = {0, '\n', '\r', ' ', ';', ':', '[', ']', '=', ',', '.', '-', 0xff, 0x80};
        size_t add = 1 + next(rng) % 4;
        if (len + add > MAX_INPUT)
            break;
        size_t at = len ? next(rng) % len : 0;
        memmove(buf + at + add, buf + at, len - at);
        for (size_t k = 0; k < add; k++)
            buf[at + k] = next(rng) % 2 ? special[next(rng) % sizeof special] : (uint8_t)next(rng);
        len += add;
        break;
    }
    default: /* pure noise */
        len = next(rng) % 512;
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)next(rng);
    }
    return len;
}

int main(int argc, char **argv)
{
    long runs = 20000;
    uint64_t rng = 0x1234567887654321ull;
    seed_list l = {0};
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "-runs=", 6) == 0)
            runs = atol(argv[i] + 6);
        else if (strncmp(argv[i], "-seed=", 6) == 0)
            rng ^= strtoull(argv[i] + 6, NULL, 0) * 0x9e3779b97f4a7c15ull;
        else if (argv[i][0] == '-')
            continue; /* another libFuzzer flag: no meaning here */
        else {
            struct stat st;
            if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
                add_dir(&l, argv[i]);
            else
                add_file(&l, argv[i]);
        }
    }
    size_t from_files = l.count, builtin = 0;
    const fuzz_seed *b = fuzz_seeds(&builtin);
    const char *write_to = getenv("FUZZ_WRITE_SEEDS"); /* the built-in seeds as corpus files */
    for (size_t i = 0; write_to && i < builtin; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/builtin-%03zu", write_to, i);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(b[i].data, 1, b[i].size, f) != b[i].size || fclose(f) != 0)
            return 1;
    }
    if (write_to)
        return 0;
    for (size_t i = 0; i < builtin; i++)
        add_seed(&l, b[i].data, b[i].size);
    if (l.count == 0)
        add_seed(&l, (const uint8_t *)"", 0);
    uint8_t *buf = malloc(MAX_INPUT);
    if (!buf)
        return 1;
    for (size_t i = 0; i < l.count; i++)
        LLVMFuzzerTestOneInput(l.seed[i].data, l.seed[i].size);
    for (long n = 0; n < runs; n++) {
        size_t len = mutate(buf, &l, &rng);
        /* a private copy of exactly len bytes, so ASan sees reads past the end */
        uint8_t *input = malloc(len ? len : 1);
        if (!input)
            return 1;
        memcpy(input, buf, len);
        LLVMFuzzerTestOneInput(input, len);
        free(input);
    }
    for (size_t i = 0; i < from_files; i++)
        free((void *)l.seed[i].data);
    free(l.seed);
    free(buf);
    printf("%zu seeds (%zu from files), %ld mutated inputs, no crash: 1 passed, 0 failed\n", l.count,
           from_files, runs);
    return 0;
}
