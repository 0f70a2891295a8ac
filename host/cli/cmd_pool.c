/* gpuhost boards --resource-spec: the pool of board instances this machine
 * reaches, as a CTest resource specification (ctest --resource-spec-file),
 * each instance health-checked (its target answers `gpuhost info`) before it
 * is listed. Types are board names ('-' as '_'); ids say how to reach the
 * instance (ctest_resources.c reads them back in `gpuhost run`). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "health.h"
#include "isa/infile.h"
#include "isa/outfile.h"
#include "numarg.h"
#include "servers_file.h"

#define MAX_USB 64

typedef struct {
    size_t board; /* index in the boards loaded */
    char id[GH_RESOURCE_ID_MAX];
    unsigned slots;
    char what[400]; /* for a refusal: "rtl at tcp://h:5555 (servers.txt:3)" */
    const char *options[7];
    char serial[64];
    gh_health_check check;
} instance;

typedef struct {
    instance *v;
    size_t n, cap;
} instances;

static instance *add(instances *all, size_t board, const char *board_name)
{
    if (all->n == all->cap) {
        size_t cap = all->cap ? 2 * all->cap : 64;
        instance *v = realloc(all->v, cap * sizeof *v);
        if (!v)
            return NULL;
        all->v = v, all->cap = cap;
    }
    instance *i = &all->v[all->n++];
    memset(i, 0, sizeof *i);
    i->board = board, i->slots = 1;
    i->check.board = board_name;
    return i;
}

/* A server from the servers file: its resource id and check options. */
static int add_remote(instances *all, size_t board, const gh_board *b, const gh_server_line *l, const char *path)
{
    instance *i = add(all, board, b->name);
    if (!i)
        return -1;
    const char **o = i->check.options;
    o[0] = "--endpoint", o[1] = l->endpoint;
    bool curve = l->server_key[0];
    char text[sizeof l->endpoint + 2 * PATH_MAX + 2];
    if (curve) {
        o[2] = "--server-key", o[3] = l->server_key, o[4] = "--client-key", o[5] = l->client_key;
        snprintf(text, sizeof text, "%s\n%s\n%s", l->endpoint, l->server_key, l->client_key);
    }
    snprintf(i->what, sizeof i->what, "%s at %s%s (%s:%u)", b->name, l->endpoint, curve ? " (CURVE)" : "", path,
             l->line);
    if (gh_resource_id(curve ? 'c' : 'e', curve ? text : l->endpoint, i->id, sizeof i->id) != 0) {
        fprintf(stderr, "gpuhost boards: %s:%u: endpoint and key paths too long for a resource id\n", path, l->line);
        return -1;
    }
    return 0;
}

/* The instances of one board, unchecked: USB boards by serial, the servers
 * file's lines for it, and what gpuhost starts itself (slots of it). */
static int add_board(instances *all, size_t board, const gh_board *b, unsigned slots, const gh_server_line *lines,
                     size_t line_count, const char *path)
{
    if (b->transport == GH_TRANSPORT_USB && !b->emulator[0]) {
        char serials[MAX_USB][64], err[512];
        size_t count;
        if (gh_board_list_usb(b, serials, MAX_USB, &count, err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost boards: %s: %s\n", b->name, err);
            return 0;
        }
        if (count == 0)
            fprintf(stderr, "gpuhost boards: %s: no board %04x:%04x on USB\n", b->name, b->usb.vid, b->usb.pid);
        for (size_t k = 0; k < count; k++) {
            instance *i = add(all, board, b->name);
            if (!i)
                return -1;
            snprintf(i->serial, sizeof i->serial, "%s", serials[k]);
            snprintf(i->what, sizeof i->what, "%s serial %s", b->name, serials[k]);
            if (gh_resource_id('s', serials[k], i->id, sizeof i->id) != 0)
                all->n--;
        }
        return 0;
    }
    for (size_t k = 0; k < line_count; k++)
        if (strcmp(lines[k].board, b->name) == 0 && add_remote(all, board, b, &lines[k], path) != 0)
            return -1;
    instance *i = add(all, board, b->name);
    if (!i)
        return -1;
    snprintf(i->id, sizeof i->id, "local_0");
    snprintf(i->what, sizeof i->what, "%s (started here)", b->name);
    i->slots = slots;
    return 0;
}

/* The servers file, whole: a malformed line, or one naming a board that is
 * not reached over ZeroMQ, is an input error. */
static int read_servers(const char *path, const gh_board *boards, size_t count, gh_server_line **lines, size_t *n)
{
    *lines = NULL, *n = 0;
    if (!path)
        return GH_EXIT_OK;
    char why[160];
    FILE *f = isa_infile_open(path, why, sizeof why);
    if (!f) {
        fprintf(stderr, "gpuhost boards: --servers %s: %s\n", path, why);
        return GH_EXIT_IO;
    }
    char err[PATH_MAX + 256];
    int rc = gh_servers_parse(f, path, lines, n, err, sizeof err);
    fclose(f);
    if (rc != 0) {
        fprintf(stderr, "gpuhost boards: %s\n", err);
        return GH_EXIT_INPUT;
    }
    for (size_t k = 0; k < *n; k++) {
        const gh_board *b = gh_board_find(boards, count, (*lines)[k].board);
        if (!b || b->transport != GH_TRANSPORT_ZMQ) {
            fprintf(stderr, "gpuhost boards: %s:%u: %s '%s'%s\n", path, (*lines)[k].line,
                    b ? "board" : "no board", (*lines)[k].board, b ? " is not served over ZeroMQ" : "");
            free(*lines);
            return GH_EXIT_INPUT;
        }
    }
    return GH_EXIT_OK;
}

static void usage_spec(FILE *f)
{
    fputs("usage: gpuhost boards --resource-spec [-o FILE] [--slots N] [--servers FILE] [--deadline S]\n"
          "                                       [NAME[=N]...]\n"
          "  writes a CTest resource spec of the board instances that answer (all boards, or NAMEs):\n"
          "  USB boards by serial, remote servers from FILE (lines: BOARD ENDPOINT [SERVER_KEY CLIENT_KEY],\n"
          "  the keys for a CURVE server: its KEYFILE.pub and this client's KEYFILE), and N slots of\n"
          "  each server, emulator or model gpuhost starts itself (default: the processors here).\n"
          "  Every instance is checked at once; those that have not answered within S seconds\n"
          "  (default 20) are left out, each named.\n"
          "  Use: ctest --resource-spec-file FILE -j N, with tests from gpuhost_add_kernel_tests().\n",
          f);
}

int gh_cmd_resource_spec(const char *dir, int argc, char **argv)
{
    const char *out_path = NULL, *servers = NULL;
    long slots = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t deadline_ms = 20000;
    enum { MAX_NAMES = 32 };
    const char *names[MAX_NAMES];
    int name_count = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            out_path = argv[++i];
        } else if (strcmp(argv[i], "--servers") == 0 && i + 1 < argc) {
            servers = argv[++i];
        } else if (strcmp(argv[i], "--deadline") == 0 && i + 1 < argc) {
            uint64_t v;
            if (gh_option_u64("boards", "deadline", "seconds", argv[++i], NULL, 1, 3600, &v) != 0)
                return GH_EXIT_USAGE;
            deadline_ms = (uint32_t)v * 1000u;
        } else if (strcmp(argv[i], "--slots") == 0 && i + 1 < argc) {
            uint64_t v;
            if (gh_option_u64("boards", "slots", "a count", argv[++i], NULL, 1, 1024, &v) != 0)
                return GH_EXIT_USAGE;
            slots = (long)v;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage_spec(stdout);
            return GH_EXIT_OK;
        } else if (argv[i][0] == '-') { /* "-hx" is no -h: an option exactly, or none */
            fprintf(stderr, "gpuhost boards: --resource-spec: '%s' is %s\n", argv[i],
                    i + 1 == argc && argv[i][1] != 'h' ? "an unknown option or one without its value"
                                                       : "an unknown option");
            usage_spec(stderr);
            return GH_EXIT_USAGE;
        } else if (name_count == MAX_NAMES) { /* a name, never read as an option */
            fprintf(stderr, "gpuhost boards: --resource-spec takes at most %d board names; '%s' is one more\n",
                    MAX_NAMES, argv[i]);
            return GH_EXIT_USAGE;
        } else {
            names[name_count++] = argv[i];
        }
    }
    /* NAME=N: N slots of that board */
    unsigned name_slots[MAX_NAMES];
    char name_text[MAX_NAMES][64];
    for (int i = 0; i < name_count; i++) {
        const char *eq = strchr(names[i], '=');
        name_slots[i] = (unsigned)slots;
        snprintf(name_text[i], sizeof name_text[i], "%.*s", eq ? (int)(eq - names[i]) : 63, names[i]);
        if (eq) {
            uint64_t v;
            if (gh_parse_u64(eq + 1, NULL, &v) != GH_NUM_OK || v < 1 || v > 1024) {
                fprintf(stderr, "gpuhost boards: %s: NAME=N takes 1..1024 slots\n", names[i]);
                return GH_EXIT_USAGE;
            }
            name_slots[i] = (unsigned)v;
        }
        names[i] = name_text[i];
    }
    gh_board *boards;
    size_t count;
    char err[512];
    int rc = gh_boards_load(dir, &boards, &count, err, sizeof err);
    if (rc != GH_BOARDS_OK) {
        fprintf(stderr, "gpuhost boards: %s\n", err);
        return rc == GH_BOARDS_IO ? GH_EXIT_IO : GH_EXIT_INPUT;
    }
    for (int i = 0; i < name_count; i++)
        if (!gh_board_find(boards, count, names[i])) {
            fprintf(stderr, "gpuhost boards: no board '%s'\n", names[i]);
            gh_boards_free(boards);
            return GH_EXIT_USAGE;
        }
    gh_server_line *lines;
    size_t line_count;
    if ((rc = read_servers(servers, boards, count, &lines, &line_count)) != GH_EXIT_OK) {
        gh_boards_free(boards);
        return rc;
    }
    instances all = {0};
    for (size_t i = 0; i < count && rc == 0; i++) {
        bool wanted = name_count == 0;
        unsigned board_slots = (unsigned)slots;
        for (int j = 0; j < name_count; j++)
            if (strcmp(names[j], boards[i].name) == 0) {
                wanted = true;
                board_slots = name_slots[j];
            }
        if (wanted && add_board(&all, i, &boards[i], board_slots, lines, line_count, servers) != 0)
            rc = GH_EXIT_INPUT;
    }
    gh_health_check *checks = rc == 0 ? calloc(all.n + 1, sizeof *checks) : NULL;
    if (checks) {
        for (size_t k = 0; k < all.n; k++) {
            checks[k] = all.v[k].check;
            if (all.v[k].serial[0])
                checks[k].options[0] = "--serial", checks[k].options[1] = all.v[k].serial;
        }
        gh_health_run(checks, all.n, deadline_ms);
    }
    isa_outfile out = {0};
    if (checks && out_path && isa_outfile_open(&out, out_path, err, sizeof err) != 0) {
        fprintf(stderr, "gpuhost boards: %s\n", err);
        rc = GH_EXIT_IO;
    }
    int listed = 0;
    if (checks && rc == 0) {
        FILE *f = out_path ? out.f : stdout;
        fputs("{\n  \"version\": {\"major\": 1, \"minor\": 0},\n  \"local\": [\n    {", f);
        for (size_t i = 0; i < count; i++) {
            size_t shown = 0;
            for (size_t k = 0; k < all.n; k++) {
                if (all.v[k].board != i)
                    continue;
                if (!checks[k].ok) {
                    char why[128];
                    gh_health_why(&checks[k], deadline_ms, why, sizeof why);
                    fprintf(stderr, "gpuhost boards: %s %s\n", all.v[k].what, why);
                    continue;
                }
                if (!shown++) {
                    char type[64];
                    gh_resource_type(boards[i].name, type, sizeof type);
                    fprintf(f, "%s\n      \"%s\": [", listed++ ? "," : "", type);
                }
                fprintf(f, "%s{\"id\": \"%s\", \"slots\": %u}", shown > 1 ? ", " : "", all.v[k].id,
                        all.v[k].slots);
            }
            if (shown)
                fputc(']', f);
        }
        fputs("\n    }\n  ]\n}\n", f);
        if (out_path ? isa_outfile_commit(&out, err, sizeof err) != 0 : fflush(f) != 0) {
            fprintf(stderr, "gpuhost boards: %s\n", out_path ? err : "cannot write the standard output");
            rc = GH_EXIT_IO;
        }
    } else if (!checks && rc == 0) {
        fprintf(stderr, "gpuhost boards: out of memory\n");
        rc = GH_EXIT_IO;
    }
    free(checks);
    free(all.v);
    free(lines);
    gh_boards_free(boards);
    return rc != 0 ? rc : listed ? GH_EXIT_OK : GH_EXIT_TARGET;
}
