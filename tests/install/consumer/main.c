/* A user's program over the installed libgpuhost: runs a kernel on a board
 * and prints the verdict. Usage: consumer BOARD KERNEL.s */
#include <stdio.h>
#include <stdlib.h>

#include "gpuhost/gpuhost.h"

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    gh_board *boards;
    size_t count;
    char err[768];
    if (gh_boards_load(gh_boards_dir(NULL), &boards, &count, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    const gh_board *b = gh_board_find(boards, count, argv[1]);
    isa_kernel *k = NULL;
    gh_target *t = NULL;
    if (!b || gh_load_kernel(argv[2], &k, stderr) != 0 || gh_target_open(b, &(gh_target_opts){0}, &t, err, sizeof err)) {
        fprintf(stderr, "cannot run: %s\n", b ? err : "no such board");
        return 1;
    }
    gh_run_opts o = {.lockstep = b->transport != GH_TRANSPORT_MODEL};
    gh_run_result *res = malloc(sizeof *res);
    gh_run(t, k, &o, res);
    printf("%s on %s (%s): %llu instructions\n", gh_verdict_name(res->verdict), b->name, gh_target_caps(t)->name,
           (unsigned long long)res->instructions);
    int status = res->verdict == GH_PASS ? 0 : 1;
    free(res);
    gh_target_close(&t);
    isa_kernel_destroy(&k);
    gh_boards_free(boards);
    return status;
}
