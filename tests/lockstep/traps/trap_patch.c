/* The trap matrix's kernels that no assembly line writes: assembles a
 * kernel, then replaces instruction INDEX by an all-zero word (no Optype 0:
 * ILLEGAL_ENCODING) or sets field NAME of it to VALUE (a reserved value the
 * assembler refuses to write: ILLEGAL_INSTRUCTION when it executes), and
 * writes the kernel container that gpuhost runs.
 * Usage: trap_patch IN.s OUT INDEX zero
 *        trap_patch IN.s OUT INDEX FIELD VALUE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/asmfile.h"
#include "isa/isa.h"
#include "isa/kernel.h"

static int patch(isa_kernel *k, size_t index, const char *field, const char *value)
{
    if (index >= k->code_count) {
        fprintf(stderr, "trap_patch: the kernel has %zu instructions, no instruction %zu\n", k->code_count, index);
        return -1;
    }
    if (strcmp(field, "zero") == 0) {
        k->code[index] = (isa_word){0, 0};
        return 0;
    }
    isa_insn insn;
    if (isa_decode(k->code[index], &insn) != 0) {
        fprintf(stderr, "trap_patch: instruction %zu does not decode\n", index);
        return -1;
    }
    int f = isa_field_index(isa_variant_of(&insn), field);
    char *end;
    unsigned long v = value ? strtoul(value, &end, 0) : 0;
    if (f < 0 || !value || *end) {
        fprintf(stderr, "trap_patch: instruction %zu has no field %s, or %s is no number\n", index, field,
                value ? value : "(none)");
        return -1;
    }
    insn.value[f] = (uint32_t)v;
    const char *why = NULL;
    if (isa_encode(&insn, &k->code[index], &why) != 0) {
        fprintf(stderr, "trap_patch: %s = %lu does not encode%s%s\n", field, v, why ? ": " : "", why ? why : "");
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: trap_patch IN.s OUT INDEX zero | trap_patch IN.s OUT INDEX FIELD VALUE\n");
        return 2;
    }
    isa_kernel *k = NULL;
    if (isa_assemble_file(argv[1], &k, stderr) != 0)
        return 1;
    char err[160] = "";
    int rc = patch(k, strtoul(argv[3], NULL, 0), argv[4], argc == 6 ? argv[5] : NULL) != 0 ||
                     isa_kernel_write_elf(k, argv[2], err, sizeof err) != 0;
    if (rc)
        fprintf(stderr, "trap_patch: %s not written%s%s\n", argv[2], *err ? ": " : "", err);
    isa_kernel_destroy(&k);
    return rc;
}
