/* gpuhost: the command line. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost COMMAND [OPTIONS] ...\n"
          "commands:\n"
          "  asm KERNEL.s [-o KERNEL.bin]        assemble a kernel into the ELF container\n"
          "  disasm KERNEL.bin [--addresses] [--hex]\n"
          "                                      disassemble a kernel (ELF or raw 16-byte words)\n"
          "  help                                this text\n"
          "exit status: 0 success, 1 input rejected (assembly errors, malformed kernel),\n"
          "             2 usage error, 3 I/O error\n"
          "Run 'gpuhost COMMAND --help' for a command's options.\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GH_EXIT_USAGE;
    }
    const char *cmd = argv[1];
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
    fprintf(stderr, "gpuhost: unknown command '%s' (known: asm, disasm, help)\n", cmd);
    return GH_EXIT_USAGE;
}
