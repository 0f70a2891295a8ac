/* Fuzz target: the servers file of `gpuhost boards --resource-spec --servers
 * FILE` (host/cli/servers_file.c). Properties: a refusal names
 * "FILE:LINE: reason"; an accepted line has a board and an endpoint, both
 * NUL-terminated within their fields, a line number in the file, and either
 * both CURVE keys or none. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "servers_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    FUZZ_CHECK(f, "fmemopen");
    if (!size)
        fgetc(f); /* an empty file */
    gh_server_line *lines = NULL;
    size_t n = 0;
    char err[PATH_MAX + 256] = "";
    int rc = gh_servers_parse(f, "fuzz.txt", &lines, &n, err, sizeof err);
    fclose(f);
    if (rc != 0) {
        FUZZ_CHECK(strncmp(err, "fuzz.txt:", 9) == 0 && err[9] >= '0' && err[9] <= '9',
                   "refusal without FILE:LINE: '%s'", err);
        return 0;
    }
    FUZZ_CHECK(n <= GH_SERVERS_MAX, "%zu lines", n);
    for (size_t i = 0; i < n; i++) {
        const gh_server_line *l = &lines[i];
        FUZZ_CHECK(l->board[0] && memchr(l->board, '\0', sizeof l->board), "board");
        FUZZ_CHECK(l->endpoint[0] && memchr(l->endpoint, '\0', sizeof l->endpoint), "endpoint");
        FUZZ_CHECK(l->line >= 1 && l->line <= size + 1, "line %u", l->line);
        FUZZ_CHECK(!l->server_key[0] == !l->client_key[0], "one CURVE key without the other");
    }
    free(lines);
    return 0;
}

FUZZ_NO_SEEDS
