/* gpuhost run: what it prints is also kept, for the JUnit XML report that CI
 * systems read (--junit FILE). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "isa/outfile.h"

static bool progress_shown;

void gh_progress(uint64_t instructions)
{
    if (!isatty(STDERR_FILENO))
        return;
    fprintf(stderr, "\r%llu instructions...", (unsigned long long)instructions);
    progress_shown = true;
}

void gh_progress_done(void)
{
    if (progress_shown)
        fprintf(stderr, "\r\033[K");
    progress_shown = false;
}

static char *kept;
static size_t kept_len;

/* Properties of the run for the JUnit report, beside those read from its text. */
#define JUNIT_PROPERTIES 8
static struct {
    char name[32], value[256];
} props[JUNIT_PROPERTIES];
static unsigned prop_count;

void gh_junit_property(const char *name, const char *value)
{
    unsigned i = 0;
    while (i < prop_count && strcmp(props[i].name, name) != 0)
        i++;
    if (i == JUNIT_PROPERTIES)
        return;
    snprintf(props[i].name, sizeof props[i].name, "%s", name);
    snprintf(props[i].value, sizeof props[i].value, "%s", value);
    prop_count += i == prop_count;
}

void gh_say(const char *fmt, ...)
{
    gh_progress_done();
    va_list ap;
    va_start(ap, fmt);
    char line[16384];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    fputs(line, stdout);
    size_t add = strlen(line);
    char *grown = realloc(kept, kept_len + add + 1);
    if (!grown)
        return;
    kept = grown;
    memcpy(kept + kept_len, line, add + 1);
    kept_len += add;
}

static void xml_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
                fputc('?', f);
            else
                fputc(*s, f);
        }
    }
}

/* The text after `prefix` on the first line that starts with it, or NULL. */
static const char *line_starting(const char *text, const char *prefix)
{
    const char *at = strstr(text, prefix);
    while (at && at != text && at[-1] != '\n')
        at = strstr(at + 1, prefix);
    return at ? at + strlen(prefix) : NULL;
}

/* <property name="NAME" value="the rest of the line"/> */
static void property_line(FILE *f, const char *name, const char *rest)
{
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(rest, "\n"), rest);
    fprintf(f, "<property name=\"%s\" value=\"", name);
    xml_text(f, line);
    fputs("\"/>", f);
}

int gh_write_junit(const char *path, const char *board, const char *kernel, int status, double seconds)
{
    isa_outfile out;
    char err[600];
    if (isa_outfile_open(&out, path, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost run: --junit %s\n", err);
        return -1;
    }
    FILE *f = out.f;
    /* the verdict: the first line that does not start with "board " (the summary) */
    const char *text = kept ? kept : "";
    const char *verdict = text;
    while (strncmp(verdict, "board ", 6) == 0 && strchr(verdict, '\n'))
        verdict = strchr(verdict, '\n') + 1;
    char first[256];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(verdict, "\n"), verdict);
    bool failure = status == GH_EXIT_FAIL || status == GH_EXIT_DIVERGED || status == GH_EXIT_TRAP ||
                   status == GH_EXIT_LIMIT || status == GH_EXIT_DUT || status == GH_EXIT_EMULATED;
    bool skipped = status == GH_EXIT_UNVERIFIED; /* a free run verified nothing: never "passed" */
    bool error = status != GH_EXIT_OK && !failure && !skipped;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuite name=\"gpuhost\" tests=\"1\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n",
            failure, error, skipped, seconds);
    fputs("  <testcase classname=\"gpuhost.", f);
    xml_text(f, board);
    fputs("\" name=\"", f);
    xml_text(f, kernel);
    fprintf(f, "\" time=\"%.3f\">\n", seconds);
    unsigned retries = 0; /* gpuhost run --retries: target errors run again */
    for (const char *p = text; (p = strstr(p, "RETRY ")) != NULL; p += 6)
        retries += p == text || p[-1] == '\n';
    /* the tolerance that applied, and where it came from (run.c's "tolerance bounds:" line);
     * what the host emulated (run_report.c's "emulated:" line) */
    const char *bounds = line_starting(text, "tolerance bounds: ");
    const char *emulated = line_starting(text, "emulated: ");
    if (retries || bounds || emulated || prop_count) {
        fputs("    <properties>", f);
        for (unsigned i = 0; i < prop_count; i++) {
            fprintf(f, "<property name=\"%s\" value=\"", props[i].name);
            xml_text(f, props[i].value);
            fputs("\"/>", f);
        }
        if (retries)
            fprintf(f, "<property name=\"retries\" value=\"%u\"/><property name=\"passed_on_retry\" value=\"%s\"/>",
                    retries, status == GH_EXIT_OK ? "true" : "false");
        if (bounds)
            property_line(f, "tolerance", bounds);
        if (emulated)
            property_line(f, "emulated", emulated);
        fputs("</properties>\n", f);
    }
    if (skipped) {
        fputs("    <skipped message=\"", f);
        xml_text(f, first);
        fputs("\"/>\n", f);
    }
    if (failure || error) {
        fprintf(f, "    <%s message=\"", failure ? "failure" : "error");
        xml_text(f, first);
        fprintf(f, "\" type=\"exit %d\">", status);
        xml_text(f, text);
        fprintf(f, "</%s>\n", failure ? "failure" : "error");
    }
    fputs("    <system-out>", f);
    xml_text(f, text);
    fputs("</system-out>\n  </testcase>\n</testsuite>\n", f);
    if (isa_outfile_commit(&out, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost run: --junit %s\n", err);
        return -1;
    }
    return 0;
}
