/* gpuhost CLI: subcommands and the exit codes they share. */
#ifndef GH_CLI_H
#define GH_CLI_H

enum gh_exit {
    GH_EXIT_OK = 0,       /* success (run: PASS) */
    GH_EXIT_INPUT = 1,    /* input rejected: assembly errors, malformed kernel */
    GH_EXIT_USAGE = 2,    /* bad command line */
    GH_EXIT_IO = 3,       /* a file could not be read or written */
};

int gh_cmd_asm(int argc, char **argv);
int gh_cmd_disasm(int argc, char **argv);

#endif
