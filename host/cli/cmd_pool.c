/* gpuhost boards --resource-spec: the pool of board instances this machine
 * reaches, as a CTest resource specification (ctest --resource-spec-file),
 * each instance health-checked (its target answers `gpuhost info`) before it
 * is listed. Types are board names ('-' as '_'); ids say how to reach the
 * instance (ctest_resources.c reads them back in `gpuhost run`). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "numarg.h"

extern char **environ;

#define MAX_INSTANCES 64

typedef struct {
    char id[GH_RESOURCE_ID_MAX];
    unsigned slots;
} instance;

/* `gpuhost --board NAME info [OPTION VALUE]...` exits 0: the target answers. */
static bool healthy(const char *board, const char *const options[])
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return false;
    self[len] = '\0';
    char *args[12] = {self, "--board", (char *)board, "info"};
    for (size_t i = 0; options && options[i] && i + 5 < sizeof args / sizeof args[0]; i++)
        args[4 + i] = (char *)options[i];
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int rc = posix_spawn(&pid, self, &fa, NULL, args, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    while (rc == 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* A key file named in the servers file, made absolute (tests run elsewhere). */
static int key_path(const char *path, unsigned no, const char *key, char *out)
{
    if (!realpath(key, out)) {
        fprintf(stderr, "gpuhost boards: %s:%u: key file %s: %s\n", path, no, key, strerror(errno));
        return -1;
    }
    return 0;
}

/* Servers started elsewhere: lines "BOARD ENDPOINT [SERVER_KEY CLIENT_KEY]"
 * ('#' comments); with the keys (the server's KEYFILE.pub, this client's
 * KEYFILE) the server is reached over CURVE. */
static int remote_servers(const char *path, const gh_board *b, instance *out, size_t *n)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gpuhost boards: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[2048], board[64], endpoint[256], keys[2][1024], server_key[PATH_MAX], client_key[PATH_MAX];
    for (unsigned no = 1; fgets(line, sizeof line, f); no++) {
        if (!strchr(line, '\n') && !feof(f)) { /* cut by fgets: the rest would read as another line */
            fprintf(stderr, "gpuhost boards: %s:%u: line longer than %zu characters\n", path, no, sizeof line - 2);
            fclose(f);
            return -1;
        }
        if (line[strspn(line, " \t")] == '#' || line[strspn(line, " \t\r\n")] == '\0')
            continue;
        char extra[2];
        int fields = sscanf(line, "%63s %255s %1023s %1023s %1s", board, endpoint, keys[0], keys[1], extra);
        if (fields != 2 && fields != 4) {
            fprintf(stderr, "gpuhost boards: %s:%u: expected BOARD ENDPOINT [SERVER_KEY CLIENT_KEY]\n", path, no);
            fclose(f);
            return -1;
        }
        if (strcmp(board, b->name) != 0 || *n == MAX_INSTANCES)
            continue;
        const char *options[7] = {"--endpoint", endpoint};
        char curve[sizeof endpoint + 2 * PATH_MAX + 2];
        int id_rc;
        if (fields == 4) {
            if (key_path(path, no, keys[0], server_key) != 0 || key_path(path, no, keys[1], client_key) != 0) {
                fclose(f);
                return -1;
            }
            options[2] = "--server-key", options[3] = server_key, options[4] = "--client-key", options[5] = client_key;
            snprintf(curve, sizeof curve, "%s\n%s\n%s", endpoint, server_key, client_key);
            id_rc = gh_resource_id('c', curve, out[*n].id, sizeof out[*n].id);
        } else {
            id_rc = gh_resource_id('e', endpoint, out[*n].id, sizeof out[*n].id);
        }
        if (id_rc != 0) {
            fprintf(stderr, "gpuhost boards: %s:%u: endpoint and key paths too long for a resource id\n", path, no);
            fclose(f);
            return -1;
        }
        if (healthy(b->name, options)) {
            out[(*n)++].slots = 1;
        } else {
            fprintf(stderr, "gpuhost boards: %s at %s does not answer%s: left out\n", b->name, endpoint,
                    fields == 4 ? " (CURVE)" : "");
        }
    }
    fclose(f);
    return 0;
}

/* The instances of one board. */
static int instances(const gh_board *b, unsigned slots, const char *servers, instance *out, size_t *n)
{
    *n = 0;
    if (b->transport == GH_TRANSPORT_USB && !b->emulator[0]) {
        char serials[MAX_INSTANCES][64], err[512];
        size_t count;
        if (gh_board_list_usb(b, serials, MAX_INSTANCES, &count, err, sizeof err) != 0) {
            fprintf(stderr, "gpuhost boards: %s: %s\n", b->name, err);
            return 0;
        }
        if (count == 0)
            fprintf(stderr, "gpuhost boards: %s: no board %04x:%04x on USB\n", b->name, b->usb.vid, b->usb.pid);
        for (size_t i = 0; i < count; i++) {
            const char *options[] = {"--serial", serials[i], NULL};
            if (!healthy(b->name, options)) {
                fprintf(stderr, "gpuhost boards: %s serial %s does not answer: left out\n", b->name, serials[i]);
                continue;
            }
            if (gh_resource_id('s', serials[i], out[*n].id, sizeof out[*n].id) == 0)
                out[(*n)++].slots = 1;
        }
        return 0;
    }
    if (servers && b->transport == GH_TRANSPORT_ZMQ && remote_servers(servers, b, out, n) != 0)
        return -1;
    /* servers and emulators gpuhost starts itself, and the model: one per slot */
    if (healthy(b->name, NULL)) {
        snprintf(out[*n].id, sizeof out[*n].id, "local_0");
        out[(*n)++].slots = slots;
    } else {
        fprintf(stderr, "gpuhost boards: %s does not start here: left out\n", b->name);
    }
    return 0;
}

static void usage_spec(FILE *f)
{
    fputs("usage: gpuhost boards --resource-spec [-o FILE] [--slots N] [--servers FILE] [NAME[=N]...]\n"
          "  writes a CTest resource spec of the board instances that answer (all boards, or NAMEs):\n"
          "  USB boards by serial, remote servers from FILE (lines: BOARD ENDPOINT [SERVER_KEY CLIENT_KEY],\n"
          "  the keys for a CURVE server: its KEYFILE.pub and this client's KEYFILE), and N slots of\n"
          "  each server, emulator or model gpuhost starts itself (default: the processors here).\n"
          "  Use: ctest --resource-spec-file FILE -j N, with tests from gpuhost_add_kernel_tests().\n",
          f);
}

int gh_cmd_resource_spec(const char *dir, int argc, char **argv)
{
    const char *out_path = NULL, *servers = NULL;
    long slots = sysconf(_SC_NPROCESSORS_ONLN);
    const char *names[32];
    int name_count = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            out_path = argv[++i];
        } else if (strcmp(argv[i], "--servers") == 0 && i + 1 < argc) {
            servers = argv[++i];
        } else if (strcmp(argv[i], "--slots") == 0 && i + 1 < argc) {
            uint64_t v;
            if (gh_option_u64("boards", "slots", "a count", argv[++i], NULL, 1, 1024, &v) != 0)
                return GH_EXIT_USAGE;
            slots = (long)v;
        } else if (argv[i][0] == '-' || name_count == 32) {
            usage_spec(argv[i][1] == 'h' || !strcmp(argv[i], "--help") ? stdout : stderr);
            return argv[i][1] == 'h' || !strcmp(argv[i], "--help") ? GH_EXIT_OK : GH_EXIT_USAGE;
        } else {
            names[name_count++] = argv[i];
        }
    }
    /* NAME=N: N slots of that board */
    unsigned name_slots[32];
    char name_text[32][64];
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
    FILE *f = out_path ? fopen(out_path, "w") : stdout;
    if (!f) {
        fprintf(stderr, "gpuhost boards: cannot write %s: %s\n", out_path, strerror(errno));
        gh_boards_free(boards);
        return GH_EXIT_IO;
    }
    fputs("{\n  \"version\": {\"major\": 1, \"minor\": 0},\n  \"local\": [\n    {", f);
    int listed = 0;
    for (size_t i = 0; i < count; i++) {
        bool wanted = name_count == 0;
        unsigned board_slots = (unsigned)slots;
        for (int j = 0; j < name_count; j++)
            if (strcmp(names[j], boards[i].name) == 0) {
                wanted = true;
                board_slots = name_slots[j];
            }
        instance inst[MAX_INSTANCES];
        size_t n;
        if (!wanted || instances(&boards[i], board_slots, servers, inst, &n) != 0 || n == 0)
            continue;
        char type[64];
        gh_resource_type(boards[i].name, type, sizeof type);
        fprintf(f, "%s\n      \"%s\": [", listed++ ? "," : "", type);
        for (size_t k = 0; k < n; k++)
            fprintf(f, "%s{\"id\": \"%s\", \"slots\": %u}", k ? ", " : "", inst[k].id, inst[k].slots);
        fputc(']', f);
    }
    fputs("\n    }\n  ]\n}\n", f);
    gh_boards_free(boards);
    if ((out_path ? fclose(f) : fflush(f)) != 0) {
        fprintf(stderr, "gpuhost boards: cannot write the resource spec\n");
        return GH_EXIT_IO;
    }
    return listed ? GH_EXIT_OK : GH_EXIT_TARGET;
}
