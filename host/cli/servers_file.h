/* gpuhost boards --resource-spec --servers FILE: servers started elsewhere,
 * one a line, "BOARD ENDPOINT [SERVER_KEY CLIENT_KEY]" ('#' comments, blank
 * lines); with the keys (the server's KEYFILE.pub, this client's KEYFILE)
 * the server is reached over CURVE. The whole file is read before any check:
 * a malformed line is an input error naming FILE:LINE. */
#ifndef GH_CLI_SERVERS_FILE_H
#define GH_CLI_SERVERS_FILE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#define GH_SERVERS_MAX 256

typedef struct {
    unsigned line;
    char board[64], endpoint[256];
    char server_key[PATH_MAX], client_key[PATH_MAX]; /* absolute; empty without CURVE */
} gh_server_line;

/* Reads f (named name in messages). 0 with *out (free it) and *n, or -1
 * with "NAME:LINE: reason" in err. */
int gh_servers_parse(FILE *f, const char *name, gh_server_line **out, size_t *n, char *err, size_t errlen);

#endif
