/* gpuhost CLI: subcommands and the exit codes they share. */
#ifndef GH_CLI_H
#define GH_CLI_H

enum gh_exit {
    GH_EXIT_OK = 0,       /* success (run: PASS) */
    GH_EXIT_INPUT = 1,    /* input rejected: assembly errors, malformed kernel */
    GH_EXIT_USAGE = 2,    /* bad command line */
    GH_EXIT_IO = 3,       /* a file could not be read or written */
    GH_EXIT_FAIL = 4,     /* run: an expectation does not hold */
    GH_EXIT_TRAP = 5,     /* run: the kernel trapped */
    GH_EXIT_LIMIT = 6,    /* run: --max-insns reached first */
};

int gh_cmd_asm(int argc, char **argv);
int gh_cmd_disasm(int argc, char **argv);
int gh_cmd_run(const char *board, int argc, char **argv);

#endif
