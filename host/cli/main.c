/* gpuhost: the command line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpuhost/board.h"
#include "gpuhost/target.h"

static void usage(FILE *f)
{
    fputs("usage: gpuhost [--board NAME] [--boards-dir DIR] COMMAND [OPTIONS] ...\n"
          "commands:\n"
          "  asm KERNEL.s [-o KERNEL.bin]        assemble a kernel into the ELF container\n"
          "  disasm KERNEL.bin [--addresses] [--hex] [--raw]\n"
          "                                      disassemble a kernel (ELF; --raw: raw 16-byte words)\n"
          "  run KERNEL [--max-insns N] [--dump-state F] [--dump-mem A:L:F] [--trace F]\n"
          "                                      run a kernel (.bin, .s, or --raw words) and check its\n"
          "                                      .expect lines\n"
          "  boards [--boards-dir DIR] [NAME]    list the board descriptors (boards/*.ini)\n"
          "  info                                ask the board's target what it implements\n"
          "  variants [--modifiers] [NAME...]    the spec's opcode variants (the names capability maps use)\n"
          "  caps-words NAME...                  the capability words of a core lacking these (Verilog)\n"
          "  gen [--seed S] [--count N] [-o F]   a random legal kernel over what the board implements\n"
          "                                      (fitted to the target's code memory and warps)\n"
          "  selftest [--variants | --brief]     a target's first-day check: reset, backdoor, code load,\n"
          "                                      one instruction per optype (--brief: none), a run;\n"
          "                                      names the first failing step\n"
          "  coverage merge RECORD... [--html F] sum coverage records (run --coverage FILE)\n"
          "  keygen KEYFILE                      a CURVE keypair (KEYFILE, 0600) and KEYFILE.pub, for\n"
          "                                      servers on other machines (README: Remote servers)\n"
          "  help                                this text\n"
          "boards: model (default); --board NAME may stand anywhere; see 'gpuhost boards'. Descriptors:\n"
          "        --boards-dir DIR (anywhere), $GPUHOST_BOARDS_DIR, the build tree's boards/ (a gpuhost\n"
          "        run from its build tree), else the installed share/gpuhost/boards\n"
          "exit status: 0 success (run: PASS), 1 input rejected (assembly errors, malformed\n"
          "             kernel), 2 usage error (also: an option the board cannot honour),\n"
          "             3 I/O error (also: standard output could not be written), 4 FAIL (an .expect does not hold), 5 the kernel trapped,\n"
          "             6 --max-insns reached, 7 divergence from the model, 8 target error (no server,\n"
          "             a dead or silent link, a fault that never showed: --retries runs it again),\n"
          "             9 the kernel uses an instruction the target does not implement,\n"
          "             10 a --free-run ended or stopped at --max-insns (nothing compared, no verdict),\n"
          "             11 the DUT hung (watchdog), broke the port contract, or the target broke the wire\n"
          "                protocol (a DUT bug: never retried), 12 lockstep clean, but the host emulated\n"
          "                instructions the board's `lacks` does not name (--emulate-unimplemented: not a PASS)\n"
          "Run 'gpuhost COMMAND --help' for a command's options.\n",
          f);
}

/* Output that never reached standard output (a full disk, a closed pipe) is
 * an I/O error, never a silent success; a verdict already worse stays. */
static int check_stdout(int rc)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !bad)
        bad = 1, e = errno;
    if (!bad)
        return rc;
    fprintf(stderr, "gpuhost: standard output: %s\n", strerror(e ? e : EIO));
    return rc == GH_EXIT_OK ? GH_EXIT_IO : rc;
}

static int run_command(int argc, char **argv);

int main(int argc, char **argv)
{
    gh_frames_from_heap();
    return check_stdout(run_command(argc, argv));
}

static int run_command(int argc, char **argv)
{
    const char *board = NULL;
    int rc = gh_take_board_option(&argc, argv, &board);
    if (rc != GH_EXIT_OK)
        return rc;
    if (!board)
        board = "model";
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
    if (strcmp(cmd, "run") == 0)
        return gh_cmd_run(board, argc - 1, argv + 1);
    if (strcmp(cmd, "variants") == 0)
        return gh_cmd_variants(argc - 1, argv + 1);
    if (strcmp(cmd, "caps-words") == 0)
        return gh_cmd_caps_words(argc - 1, argv + 1);
    if (strcmp(cmd, "info") == 0)
        return gh_cmd_info(board, argc - 1, argv + 1);
    if (strcmp(cmd, "gen") == 0)
        return gh_cmd_gen(board, argc - 1, argv + 1);
    if (strcmp(cmd, "selftest") == 0)
        return gh_cmd_selftest(board, argc - 1, argv + 1);
    if (strcmp(cmd, "boards") == 0)
        return gh_cmd_boards(argc - 1, argv + 1);
    if (strcmp(cmd, "coverage") == 0)
        return gh_cmd_coverage(argc - 1, argv + 1);
    if (strcmp(cmd, "keygen") == 0)
        return gh_cmd_keygen(argc - 1, argv + 1);
    fprintf(stderr, "gpuhost: unknown command '%s' (known: asm, disasm, run, info, gen, selftest, boards, coverage, keygen, help)\n", cmd);
    return GH_EXIT_USAGE;
}
