/* isagen: memory and diagnostics helpers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

/* Every block isagen allocates is on one list, so that a program running
 * isagen's stages many times (the fuzz target) can free them all at once;
 * isagen itself, a one-shot compiler, lets the OS free them at exit. */
typedef union block {
    struct {
        union block *prev, *next;
    } link;
    max_align_t align;
} block;

static block all = {.link = {&all, &all}};

static void unlink_block(block *b)
{
    b->link.prev->link.next = b->link.next;
    b->link.next->link.prev = b->link.prev;
}

static void link_block(block *b)
{
    b->link.next = all.link.next;
    b->link.prev = &all;
    all.link.next->link.prev = b;
    all.link.next = b;
}

void *ig_xrealloc(void *p, size_t n)
{
    block *b = p ? (block *)p - 1 : NULL;
    if (n > SIZE_MAX - sizeof *b) {
        fprintf(stderr, "isagen: out of memory\n");
        exit(2);
    }
    if (b)
        unlink_block(b);
    block *q = realloc(b, sizeof *q + (n ? n : 1));
    if (!q) {
        fprintf(stderr, "isagen: out of memory\n");
        exit(2);
    }
    link_block(q);
    return q + 1;
}

void ig_free(void *p)
{
    if (!p)
        return;
    block *b = (block *)p - 1;
    unlink_block(b);
    free(b);
}

void ig_free_all(void)
{
    while (all.link.next != &all) {
        block *b = all.link.next;
        unlink_block(b);
        free(b);
    }
}

bool ig_quiet;

char *ig_strndup(const char *s, size_t n)
{
    char *d = ig_xrealloc(NULL, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *ig_strdup(const char *s)
{
    return ig_strndup(s, strlen(s));
}

static void report(ig_loc loc, const char *what, const char *fmt, va_list ap)
{
    if (ig_quiet)
        return;
    if (loc.file)
        fprintf(stderr, "%s:%d: %s: ", loc.file, loc.line, what);
    else
        fprintf(stderr, "isagen: %s: ", what);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void ig_error(ig_spec *spec, ig_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, "error", fmt, ap);
    va_end(ap);
    spec->errors++;
}

void ig_warn(ig_spec *spec, ig_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, "warning", fmt, ap);
    va_end(ap);
    spec->warnings++;
}

void ig_flaw(ig_spec *spec, ig_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, spec->lenient ? "warning" : "error", fmt, ap);
    va_end(ap);
    if (spec->lenient)
        spec->warnings++;
    else
        spec->errors++;
}
