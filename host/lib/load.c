/* libgpuhost: loading kernels. */
#include <string.h>

#include "isa/asmfile.h"
#include "gpuhost/kernel.h"

int gh_load_kernel(const char *path, isa_kernel **out, FILE *diag)
{
    size_t n = strlen(path);
    if (n > 2 && strcmp(path + n - 2, ".s") == 0)
        return isa_assemble_file(path, out, diag) == 0 ? 0 : -1;
    char err[512];
    if (isa_kernel_read(path, out, err, sizeof err) != 0) {
        fprintf(diag, "%s\n", err);
        return -1;
    }
    return 0;
}
