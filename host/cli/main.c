/* gpuhost: the command line. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "lib/boards.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost [--board NAME] COMMAND [OPTIONS] ...\n"
          "commands:\n"
          "  asm KERNEL.s [-o KERNEL.bin]        assemble a kernel into the ELF container\n"
          "  disasm KERNEL.bin [--addresses] [--hex]\n"
          "                                      disassemble a kernel (ELF or raw 16-byte words)\n"
          "  run KERNEL [--max-insns N] [--dump-state F] [--dump-mem A:L:F] [--trace F]\n"
          "                                      run a kernel (.bin or .s) and check its .expect lines\n"
          "  boards [--boards-dir DIR] [NAME]    list the board descriptors (boards/*.ini)\n"
          "  info                                ask the board's target what it implements\n"
          "  gen [--seed S] [--count N] [-o F]   a random legal kernel over what the board implements\n"
          "  help                                this text\n"
          "boards: model (default)\n"
          "exit status: 0 success (run: PASS), 1 input rejected (assembly errors, malformed\n"
          "             kernel), 2 usage error, 3 I/O error, 4 FAIL, 5 trap, 6 instruction limit\n"
          "Run 'gpuhost COMMAND --help' for a command's options.\n",
          f);
}

int main(int argc, char **argv)
{
    const char *board = "model";
    while (argc >= 3 && strcmp(argv[1], "--board") == 0) {
        board = argv[2];
        argv[2] = argv[0];
        argv += 2;
        argc -= 2;
    }
    if (argc >= 2 && strncmp(argv[1], "--board=", 8) == 0) {
        board = argv[1] + 8;
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    if (argc < 2) {
        usage(stderr);
        return GH_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "run") == 0 || strcmp(cmd, "info") == 0 || strcmp(cmd, "gen") == 0) {
        gh_board b;
        int found = gh_board_lookup(board, &b);
        if (found != GH_EXIT_OK)
            return found;
        if (b.emulator[0])
            return gh_board_exec_emulator(&b, argc, argv);
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return GH_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        puts("gpuhost 0.1.0");
        return GH_EXIT_OK;
    }
    if (strcmp(cmd, "asm") == 0)
        return gh_cmd_asm(argc - 1, argv + 1);
    if (strcmp(cmd, "disasm") == 0)
        return gh_cmd_disasm(argc - 1, argv + 1);
    if (strcmp(cmd, "run") == 0)
        return gh_cmd_run(board, argc - 1, argv + 1);
    if (strcmp(cmd, "info") == 0)
        return gh_cmd_info(board, argc - 1, argv + 1);
    if (strcmp(cmd, "gen") == 0)
        return gh_cmd_gen(board, argc - 1, argv + 1);
    if (strcmp(cmd, "boards") == 0)
        return gh_cmd_boards(argc - 1, argv + 1);
    fprintf(stderr, "gpuhost: unknown command '%s' (known: asm, disasm, run, info, gen, boards, help)\n", cmd);
    return GH_EXIT_USAGE;
}
