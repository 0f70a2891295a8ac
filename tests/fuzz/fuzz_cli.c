/* Fuzz target: the CLI's option parsing. The input is a command line, its
 * arguments separated by NUL bytes: --board is taken out of it as main()
 * does, then `run`'s options are parsed (nothing is run), and every
 * argument goes through the strict number and --dump-mem parsers.
 * Properties: the parsers never crash; a number they accept prints back as
 * the same digits (no sign, no spaces, no wrap to 2^64-1); a dump they
 * accept lies inside global memory. Diagnostics go to /dev/null unless
 * FUZZ_VERBOSE is set. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"
#include "gpuhost/run.h"
#include "numarg.h"

#define MAX_ARGS 64

static int quiet_fd(int fd)
{
    fflush(fd == 1 ? stdout : stderr);
    int saved = dup(fd), null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0)
        dup2(null, fd);
    if (null >= 0)
        close(null);
    return saved;
}

static void restore_fd(int fd, int saved)
{
    fflush(fd == 1 ? stdout : stderr);
    if (saved >= 0) {
        dup2(saved, fd);
        close(saved);
    }
}

static void check_number(const char *text)
{
    static const gh_unit *const tables[] = {NULL, gh_units_count, gh_units_bytes, gh_units_ms};
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++) {
        uint64_t v;
        if (gh_parse_u64(text, tables[t], &v) != GH_NUM_OK)
            continue;
        FUZZ_CHECK(text[0] >= '0' && text[0] <= '9', "accepted '%s', which does not start with a digit", text);
        if (!tables[t] && strncmp(text, "0x", 2) != 0 && strncmp(text, "0X", 2) != 0) {
            char back[32];
            snprintf(back, sizeof back, "%" PRIu64, v);
            const char *digits = text + strspn(text, "0");
            FUZZ_CHECK(strcmp(back, *digits ? digits : "0") == 0, "'%s' read as %s", text, back);
        }
    }
    uint64_t addr, len;
    const char *path;
    char why[200];
    uint64_t end = gh_global_memory_end();
    if (gh_parse_dump(text, 64u << 20, end, &addr, &len, &path, why, sizeof why) == 0)
        FUZZ_CHECK(len >= 1 && len <= (64u << 20) && addr < end && len <= end - addr && *path,
                   "dump '%s' accepted as 0x%" PRIx64 "+%" PRIu64, text, addr, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "gpuhost";
    for (char *p = text; p <= text + size && argc < MAX_ARGS; p += strlen(p) + 1)
        argv[argc++] = p;
    argv[argc] = NULL;
    for (int i = 1; i < argc; i++)
        check_number(argv[i]);
    bool verbose = getenv("FUZZ_VERBOSE") != NULL;
    int out = verbose ? -1 : quiet_fd(1), err = verbose ? -1 : quiet_fd(2);
    const char *board = NULL;
    int rc = gh_take_board_option(&argc, argv, &board);
    FUZZ_CHECK(argv[argc] == NULL && argc >= 1, "argv not NULL-terminated after --board");
    if (rc == GH_EXIT_OK && argc >= 2 && strcmp(argv[1], "run") == 0) {
        rc = gh_cmd_run_parse_only(argc - 1, argv + 1);
        FUZZ_CHECK(rc == GH_EXIT_OK || rc == GH_EXIT_USAGE, "run's options: exit %d", rc);
    }
    if (!verbose) {
        restore_fd(1, out);
        restore_fd(2, err);
    }
    free(text);
    return 0;
}

FUZZ_NO_SEEDS
