/* gpuhost boards --resource-spec --servers FILE (servers_file.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "servers_file.h"

static int fail(char *err, size_t errlen, const char *name, unsigned no, const char *why, const char *what)
{
    snprintf(err, errlen, "%s:%u: %s%s", name, no, why, what ? what : "");
    return -1;
}

/* Fields split at blanks: their count (at most max + 1, to tell "too many"). */
static int split(char *line, char **field, int max)
{
    int n = 0;
    for (char *save, *tok = strtok_r(line, " \t\r\n", &save); tok && n <= max; tok = strtok_r(NULL, " \t\r\n", &save))
        field[n++] = tok;
    return n;
}

static int parse_line(char *line, const char *name, unsigned no, gh_server_line *s, char *err, size_t errlen)
{
    char *f[5];
    int n = split(line, f, 4);
    if (n != 2 && n != 4)
        return fail(err, errlen, name, no, "expected BOARD ENDPOINT [SERVER_KEY CLIENT_KEY]", NULL);
    if (strlen(f[0]) >= sizeof s->board || strlen(f[1]) >= sizeof s->endpoint)
        return fail(err, errlen, name, no, "board name or endpoint too long", NULL);
    memset(s, 0, sizeof *s);
    s->line = no;
    strcpy(s->board, f[0]);
    strcpy(s->endpoint, f[1]);
    /* key files made absolute (tests run elsewhere) */
    for (int k = 0; n == 4 && k < 2; k++)
        if (!realpath(f[2 + k], k ? s->client_key : s->server_key))
            return fail(err, errlen, name, no, k ? "client key file: " : "server key file: ", strerror(errno));
    return 0;
}

int gh_servers_parse(FILE *f, const char *name, gh_server_line **out, size_t *n, char *err, size_t errlen)
{
    char line[2048];
    gh_server_line *lines = calloc(GH_SERVERS_MAX, sizeof *lines);
    if (!lines)
        return fail(err, errlen, name, 0, "out of memory", NULL);
    *n = 0;
    unsigned no = 1;
    int rc = 0;
    for (; rc == 0 && fgets(line, sizeof line, f); no++) {
        size_t len = strlen(line);
        if ((!len || line[len - 1] != '\n') && !feof(f)) /* cut by fgets, or a NUL: never read on */
            rc = fail(err, errlen, name, no, len + 1 < sizeof line ? "a NUL byte" : "line too long", NULL);
        else if (line[strspn(line, " \t")] == '#' || line[strspn(line, " \t\r\n")] == '\0')
            continue;
        else if (*n == GH_SERVERS_MAX)
            rc = fail(err, errlen, name, no, "more than 256 servers", NULL);
        else if ((rc = parse_line(line, name, no, &lines[*n], err, errlen)) == 0)
            (*n)++;
    }
    if (rc == 0 && ferror(f))
        rc = fail(err, errlen, name, no, "cannot read: ", strerror(errno));
    if (rc != 0) {
        free(lines);
        return -1;
    }
    *out = lines;
    return 0;
}
