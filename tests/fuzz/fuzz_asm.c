/* Fuzz target: the assembler (one line, and whole files with directives). */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "isa/asmfile.h"
#include "isa/isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    isa_word w;
    isa_diag d;
    isa_asm(text, NULL, &w, NULL, &d);
    isa_kernel *k = NULL;
    if (isa_assemble("fuzz.s", text, &k, NULL) == 0)
        isa_kernel_destroy(&k);
    free(text);
    return 0;
}

#define SEED(s) {(const uint8_t *)(s), sizeof(s) - 1}
static const fuzz_seed seeds[] = {
    SEED("@!P0 IADD.X R1, P1, R3, ~R5, P0 ;"),
    SEED("HFMA2.FTZ.RZ R0, -|R1.H0_H0|, 1.5, -2, R4 ;"),
    SEED("GETGPR R6, R[UR2+0x1] $sched=2 ;"),
    SEED("LDC.64 R[2:3], c[0x3][R1+0x100] ;"),
    SEED(".warps 2\n.const 0 0x160 1 2\n.init R2 7\nloop: IMAD.WIDE.U32 R[0:1], R2, 0x4, R[4:5] ;\n"
         "@P0 BRA loop ;\nEXIT ;\n.expect R0 3\n.expect_mem 0x100 1\n"),
    SEED("MUFU.RSQ.F64 R0, -|R2| ;\nHSETP2.BF16_V2.GTU.OR P0, P1, R4, -1, 0, !PT ;"),
};

const fuzz_seed *fuzz_seeds(size_t *count)
{
    *count = sizeof seeds / sizeof seeds[0];
    return seeds;
}
