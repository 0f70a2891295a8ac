/* Benchmark: functional-model speed in warp-instructions per second for an
 * integer mix and an FP16 mix, side by side in one run (4 warps, a loop of
 * straight-line arithmetic). Usage: bench_model [SECONDS_PER_FIGURE] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gm/model.h"
#include "isa/asmfile.h"

static const char *integer_mix =
    ".warps 4\n.init R9 1000000000\n"
    "    S2R R0, SR_LANEID ;\n"
    "loop:\n"
    "    IADD R1, R0, R1 ;\n"
    "    LOP3.POR R2, R1, R0, R2, 0x96, !PT ;\n"
    "    SHF.L.HI R3, R1, 0x5, R2 ;\n"
    "    IMAD R4, R1, R3, R4 ;\n"
    "    PRMT R5, R4, R3, 0x3120 ;\n"
    "    POPC R6, R5 ;\n"
    "    IADD R9, R9, -0x1 ;\n"
    "    ISETP.NE.AND P0, R9, RZ, PT ;\n"
    "@P0 BRA loop ;\n"
    "    EXIT ;\n";

static const char *fp16_mix =
    ".warps 4\n.init R9 1000000000\n.init R1 0x3c003c00\n.init R2 0x38003800\n"
    "loop:\n"
    "    HFMA2 R3, R1, R2, R3 ;\n"
    "    HADD2 R4, R3, R1 ;\n"
    "    HMUL2.RZ R5, R4, R2 ;\n"
    "    HFMA2.FTZ.SAT R6, R5, R1, R4 ;\n"
    "    HADD2.BF16_V2 R7, R6, R2 ;\n"
    "    HMNMX2 R8, R7, R5, P1 ;\n"
    "    IADD R9, R9, -0x1 ;\n"
    "    ISETP.NE.AND P0, R9, RZ, PT ;\n"
    "@P0 BRA loop ;\n"
    "    EXIT ;\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Warp-instructions per second, or -1 if the kernel cannot run. */
static double measure(const char *name, const char *src, double seconds)
{
    isa_kernel *k = NULL;
    if (isa_assemble(name, src, &k, stderr) != 0)
        return -1;
    char err[128];
    gm_model *m = gm_new(k, err, sizeof err);
    wire_commit *rec = malloc(sizeof *rec);
    double rate = -1;
    if (m && rec) {
        uint64_t n = 0;
        double start = now(), elapsed;
        do {
            for (int i = 0; i < 4096; i++, n++)
                if (gm_step(m, rec) != GM_STEP_OK) {
                    fprintf(stderr, "%s: %s\n", name, gm_trap_message(m));
                    goto done;
                }
        } while ((elapsed = now() - start) < seconds);
        rate = (double)n / elapsed;
    }
done:
    free(rec);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
    return rate;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    double i = measure("integer mix", integer_mix, seconds);
    double f = measure("fp16 mix", fp16_mix, seconds);
    if (i < 0 || f < 0)
        return 1;
    printf("functional model, 4 warps x 32 lanes:\n");
    printf("integer mix: %12.0f warp-instructions/s\n", i);
    printf("fp16 mix:    %12.0f warp-instructions/s\n", f);
    printf("ratio fp16/integer: %.2f\n", f / i);
    return 0;
}
