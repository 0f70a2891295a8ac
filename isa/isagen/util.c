/* isagen: memory and diagnostics helpers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

void *ig_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "isagen: out of memory\n");
        exit(2);
    }
    return q;
}

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
