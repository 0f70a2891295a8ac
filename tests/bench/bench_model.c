/* Benchmark: functional-model speed in warp-instructions per second, one mix
 * of straight-line work per instruction class, side by side in one run (4
 * warps, a loop of 6 instructions plus the loop's IADD, ISETP and BRA).
 * Beside each, its plain-C ceiling (bench_ceilings.c: the same lane
 * arithmetic for 32 lanes without a model) and the model's ratio to it. It
 * asserts nothing.
 *
 * Rates are per second of this thread's CPU time: the machine is shared, and
 * wall-clock rates count other processes' time too (they vary threefold
 * here); the model's wall-clock rate is printed beside. The ratios use CPU
 * time on both sides.
 *
 * Usage: bench_model [--steps N] [SECONDS_PER_FIGURE [MIX...]]
 *          (mixes: integer fp16 bf16 fp32 mufu memory memory+duties warp-op; all by
 *          default; --steps N: N model steps and N/9 ceiling iterations
 *          per mix whatever the time, for callgrind)
 *        bench_model --kernel FILE.s [SECONDS]
 *          (the model alone on a kernel, run again each time it ends, in
 *          warp-instructions per wall-clock second: bench_lockstep.sh's
 *          measure of the model's own time)
 *
 * Vectorisation (GCC 12, -O2, -fopt-info-vec-optimized): see
 * VECTORISED_LOOPS below, printed with the figures. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_ceilings.h"
#include "gm/model.h"
#include "isa/asmfile.h"

#define LOOP_TAIL                       \
    "    IADD R9, R9, -0x1 ;\n"         \
    "    ISETP.NE.AND P0, R9, RZ, PT ;\n" \
    "@P0 BRA loop ;\n"                  \
    "    EXIT ;\n"

typedef struct {
    const char *name;
    const char *src;
    void (*ceiling)(uint64_t iterations); /* the plain-C reference */
} mix;

/* ---- the mixes ---- */

#define MEMORY_MIX                                  \
    ".warps 4\n.init R9 1000000000\n.init R4 0x10000\n" \
    "    S2R R0, SR_LANEID ;\n"                      \
    "    IMAD.WIDE.U32 R[2:3], R0, 0x4, R[4:5] ;\n"  \
    "loop:\n"                                       \
    "    LDG R6, [R[2:3]] ;\n"                       \
    "    IADD R6, R6, R0 ;\n"                        \
    "    STG [R[2:3]], R6 ;\n"                       \
    "    LDG R7, [R[2:3]+0x80] ;\n"                  \
    "    IADD R7, R7, R6 ;\n"                        \
    "    STG [R[2:3]+0x80], R7 ;\n" LOOP_TAIL

static const mix mixes[] = {
    {"integer",
     ".warps 4\n.init R9 1000000000\n"
     "    S2R R0, SR_LANEID ;\n"
     "loop:\n"
     "    IADD R1, R0, R1 ;\n"
     "    LOP3.POR R2, R1, R0, R2, 0x96, !PT ;\n"
     "    SHF.L.HI R3, R1, 0x5, R2 ;\n"
     "    IMAD R4, R1, R3, R4 ;\n"
     "    PRMT R5, R4, R3, 0x3120 ;\n"
     "    POPC R6, R5 ;\n" LOOP_TAIL,
     ceiling_integer},
    {"fp16",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3c003c00\n.init R2 0x38003800\n"
     "loop:\n"
     "    HFMA2 R3, R1, R2, R3 ;\n"
     "    HADD2 R4, R3, R1 ;\n"
     "    HMUL2.RZ R5, R4, R2 ;\n"
     "    HFMA2.FTZ.SAT R6, R5, R1, R4 ;\n"
     "    HADD2.BF16_V2 R7, R6, R2 ;\n"
     "    HMNMX2 R8, R7, R5, P1 ;\n" LOOP_TAIL,
     ceiling_fp16},
    {"bf16",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3f803f80\n.init R2 0x3f003f00\n"
     "loop:\n"
     "    HFMA2.BF16_V2 R3, R1, R2, R3 ;\n"
     "    HADD2.BF16_V2 R4, R3, R1 ;\n"
     "    HMUL2.BF16_V2 R5, R4, R2 ;\n"
     "    HFMA2.BF16_V2 R6, R5, R1, R4 ;\n"
     "    HADD2.BF16_V2 R7, R6, R2 ;\n"
     "    HMUL2.BF16_V2 R8, R7, R5 ;\n" LOOP_TAIL,
     ceiling_bf16},
    {"fp32",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3f800000\n.init R2 0x3f000000\n"
     "loop:\n"
     "    FFMA R3, R1, R2, R3 ;\n"
     "    FADD R4, R3, R1 ;\n"
     "    FMUL R5, R4, R2 ;\n"
     "    FFMA R6, R5, R1, R4 ;\n"
     "    FADD R7, R6, -R2 ;\n"
     "    FMUL R8, R7, R5 ;\n" LOOP_TAIL,
     ceiling_fp32},
    {"mufu",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3fc00000\n"
     "loop:\n"
     "    MUFU.RCP.F32 R3, R1 ;\n"
     "    MUFU.RSQ.F32 R4, R3 ;\n"
     "    MUFU.EX2.F32 R5, R4 ;\n"
     "    MUFU.LG2.F32 R6, R5 ;\n"
     "    MUFU.SQRT.F32 R7, R1 ;\n"
     "    MUFU.SIN.F32 R8, R6 ;\n" LOOP_TAIL,
     ceiling_mufu},
    {"memory", MEMORY_MIX, ceiling_memory},
    /* the same mix beside a ceiling that does a model's duties too (addresses, checks, the page map,
     * the stores' record): how much of the distance to the plain ceiling is those duties */
    {"memory+duties", MEMORY_MIX, ceiling_memory_duties},
    {"warp-op",
     ".warps 4\n.init R9 1000000000\n"
     "    S2R R0, SR_LANEID ;\n"
     "loop:\n"
     "    SHFL.BFLY P1, R1, R0, 0x1, 0x1f ;\n"
     "    SHFL.BFLY P1, R2, R1, 0x2, 0x1f ;\n"
     "    REDUX.SUM R3, R2 ;\n"
     "    REDUX.S32.MAX R4, R1 ;\n"
     "    SHFL.BFLY P1, R5, R2, 0x10, 0x1f ;\n"
     "    REDUX.XOR R6, R5 ;\n" LOOP_TAIL,
     ceiling_warp_op},
};

/* Which of the model's loops GCC vectorises at -O2 (16-byte vectors; the
 * fp/sf_lanes.c kernels also in an AVX2 copy, 32-byte), from
 * -fopt-info-vec-optimized; the rest run lane by lane or over lane masks. */
static const char VECTORISED_LOOPS[] =
    "vectorised at -O2: IADD, IMAD.LO, LOP3, ISETP/LOP3 compares to lane masks, SHF by one\n"
    "count, PRMT by one selector, POPC; HADD2/HMUL2/HFMA2 (16-bit) and FADD/FMUL/FFMA\n"
    "element kernels (fp/sf_lanes.c, base and AVX2 copies), their operand decoration,\n"
    "SAT/RELU/FTZ and packing; HMNMX2's min/max; LDG/STG address arithmetic (32-bit\n"
    "halves); uniform operand broadcasts; SHFL's source lanes and in-range mask (SrcB or\n"
    "SrcC a GPR; immediates: both at load time, and BFLY, UP/DOWN by 4k and IDX\n"
    "broadcasts read as 4-lane shuffles); REDUX over a whole warp.\n"
    "Not: masks built from lane bits, 64-bit products (IMAD.HI, IMAD.WIDE), per-lane\n"
    "counts and selectors (SHF, PRMT by GPR), SHFL's other reads (a gather), REDUX over\n"
    "some lanes, MUFU (libm per element), softfloat fallbacks, and the forms still run\n"
    "lane by lane (see the model's sources). The model is built with -funroll-loops.\n";

static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Warp-instructions per second of `clock` of k on the model, or -1 if it
 * traps; a kernel that ends is started again. At least `steps` steps when
 * steps is not 0, else for `seconds`. *wall (if not NULL): the same per
 * wall-clock second. */
static double model_rate(const char *name, const isa_kernel *k, double seconds, uint64_t steps,
                         clockid_t clock, double *wall)
{
    char err[128];
    gm_model *m = gm_new(k, err, sizeof err);
    wire_commit *rec = malloc(sizeof *rec);
    double rate = -1;
    if (!m || !rec) {
        fprintf(stderr, "%s: %s\n", name, m ? "out of memory" : err);
        goto done;
    }
    uint64_t n = 0;
    double start = now(clock), wall_start = now(CLOCK_MONOTONIC), elapsed;
    do {
        for (int i = 0; i < 4096; i++) {
            int rc = gm_step(m, rec);
            if (rc == GM_STEP_DONE) {
                gm_destroy(&m);
                if (!(m = gm_new(k, err, sizeof err)))
                    goto done;
                continue;
            }
            if (rc != GM_STEP_OK) {
                fprintf(stderr, "%s: %s\n", name, gm_trap_message(m));
                goto done;
            }
            n++;
        }
    } while (steps ? n < steps : (elapsed = now(clock) - start) < seconds);
    elapsed = now(clock) - start;
    rate = (double)n / elapsed;
    if (wall)
        *wall = (double)n / (now(CLOCK_MONOTONIC) - wall_start);
done:
    free(rec);
    gm_destroy(&m);
    return rate;
}

/* The ceiling's warp-instructions per CPU second. */
static double ceiling_rate(const mix *x, double seconds, uint64_t steps)
{
    uint64_t iterations = 0, chunk = 512;
    double start = now(CLOCK_THREAD_CPUTIME_ID), elapsed;
    do {
        x->ceiling(chunk);
        iterations += chunk;
    } while (steps ? iterations * CEILING_INSNS_PER_ITERATION < steps
                   : (elapsed = now(CLOCK_THREAD_CPUTIME_ID) - start) < seconds);
    elapsed = now(CLOCK_THREAD_CPUTIME_ID) - start;
    return (double)(iterations * CEILING_INSNS_PER_ITERATION) / elapsed;
}

static bool wanted(const char *name, int argc, char **argv)
{
    if (argc <= 2)
        return true;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return true;
    return false;
}

/* --kernel FILE [SECONDS] */
static int kernel_alone(const char *path, double seconds)
{
    FILE *f = fopen(path, "r");
    static char src[1 << 20];
    size_t len = f ? fread(src, 1, sizeof src - 1, f) : 0;
    if (!f || ferror(f)) {
        fprintf(stderr, "bench_model: cannot read %s\n", path);
        if (f)
            fclose(f);
        return 1;
    }
    fclose(f);
    src[len] = '\0';
    isa_kernel *k = NULL;
    if (isa_assemble(path, src, &k, stderr) != 0)
        return 1;
    double rate = model_rate(path, k, seconds, 0, CLOCK_MONOTONIC, NULL);
    isa_kernel_destroy(&k);
    if (rate < 0)
        return 1;
    printf("model alone: %.0f warp-instructions/s (wall clock)\n", rate);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "--kernel") == 0)
        return kernel_alone(argv[2], argc > 3 ? atof(argv[3]) : 1.0);
    uint64_t steps = 0;
    if (argc > 2 && strcmp(argv[1], "--steps") == 0) {
        steps = strtoull(argv[2], NULL, 0);
        argv += 2, argc -= 2;
    }
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    int failed = 0;
    printf("functional model, 4 warps x 32 lanes, warp-instructions per second of CPU time\n"
           "(and of wall-clock time for the model, which on a loaded machine is less):\n");
    printf("%-14s %12s %12s %12s %8s\n", "mix", "model", "model wall", "plain C", "ratio");
    for (size_t i = 0; i < sizeof mixes / sizeof mixes[0]; i++) {
        const mix *x = &mixes[i];
        if (!wanted(x->name, argc, argv))
            continue;
        isa_kernel *k = NULL;
        double rate = -1, wall = 0;
        if (isa_assemble(x->name, x->src, &k, stderr) == 0)
            rate = model_rate(x->name, k, seconds, steps, CLOCK_THREAD_CPUTIME_ID, &wall);
        isa_kernel_destroy(&k);
        if (rate < 0) {
            printf("%-14s %12s\n", x->name, "failed");
            failed = 1;
            continue;
        }
        double ceiling = ceiling_rate(x, seconds, steps);
        printf("%-14s %12.0f %12.0f %12.0f %8.2f\n", x->name, rate, wall, ceiling, rate / ceiling);
    }
    printf("%s", VECTORISED_LOOPS);
    return failed;
}
