/* Fuzz target: coverage merge (host/lib/coverage_merge.c) of one record the
 * input is, twice (the counts summed). Properties: a refusal names
 * "FILE:LINE: reason"; an accepted record gives a page where every '<' opens
 * one of the page's own tags (record text is escaped: a crafted board name
 * or modifier value never puts markup into a CI artefact). */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "gpuhost/coverage.h"
#include "gpuhost/error.h"

static bool own_tag(const char *p)
{
    static const char *const tags[] = {"<!DOCTYPE html>", "<html>", "<head>", "<meta ", "<title>", "<style>",
                                       "<body>", "<h1>", "<h2>", "<p>", "<p class=\"miss\">", "<table>",
                                       "<tr>", "<tr class=\"miss\">", "<th>", "<td>", "</title>", "</style>",
                                       "</head>", "</h1>", "</h2>", "</p>", "</table>", "</tr>", "</th>",
                                       "</td>", "</body>", "</html>"};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (strncmp(p, tags[i], strlen(tags[i])) == 0)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("record", MFD_CLOEXEC);
    FUZZ_CHECK(fd >= 0, "memfd_create");
    FUZZ_CHECK(write(fd, data, size) == (ssize_t)size, "write");
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    const char *paths[2] = {path, path};
    char *text = NULL, *page = NULL, err[512] = "";
    size_t text_len = 0, page_len = 0;
    FILE *t = open_memstream(&text, &text_len), *h = open_memstream(&page, &page_len);
    FUZZ_CHECK(t && h, "open_memstream");
    int rc = gh_coverage_merge(paths, 2, t, h, err, sizeof err);
    fclose(t);
    fclose(h);
    close(fd);
    FUZZ_CHECK(rc == 0 || rc == GH_ERR_INPUT, "result %d (%s)", rc, err);
    if (rc != 0) {
        size_t n = strlen(path);
        FUZZ_CHECK(strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] >= '1' && err[n + 1] <= '9',
                   "refusal without FILE:LINE: '%s'", err);
    } else {
        for (const char *p = page; (p = strchr(p, '<')) != NULL; p++)
            FUZZ_CHECK(own_tag(p), "markup from the record in the page: '%.40s'", p);
    }
    free(text);
    free(page);
    return 0;
}

FUZZ_NO_SEEDS
