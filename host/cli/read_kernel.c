/* gpuhost CLI: the kernel a command names. kernel.s is assembled, anything
 * else must be a kernel.bin unless --raw says it is a raw instruction
 * stream: a file is never guessed to be raw (a damaged ELF magic would run
 * as garbage instructions). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isa/asmfile.h"

int gh_read_kernel(const char *cmd, const char *path, bool raw, bool assemble, isa_kernel **out)
{
    size_t n = strlen(path);
    bool source = n > 2 && strcmp(path + n - 2, ".s") == 0;
    if (assemble && source && !raw)
        return isa_assemble_file(path, out, stderr) == 0 ? 0 : -1;
    char err[512];
    int rc = raw ? isa_kernel_read_raw(path, out, err, sizeof err) : isa_kernel_read(path, out, err, sizeof err);
    if (rc == 0)
        return 0;
    fprintf(stderr, "gpuhost %s: %s\n", cmd, err);
    if (!raw && strstr(err, ": not a kernel.bin: "))
        fprintf(stderr, "gpuhost %s: a raw stream of 16-byte instructions is read only with --raw\n", cmd);
    return -1;
}
