/* Benchmark: functional-model speed in warp-instructions per second, one mix
 * of straight-line work per instruction class, side by side in one run (4
 * warps, a loop of 6 instructions plus the loop's IADD, ISETP and BRA). For
 * the integer and FP16 mixes a plain-C loop does the same lane arithmetic
 * without a model: the ceiling, printed as a ratio. It asserts nothing.
 *
 * Usage: bench_model [SECONDS_PER_FIGURE [MIX...]]   (mixes: integer fp16
 * bf16 fp32 mufu memory warp-op; all by default)
 *
 * Vectorisation (GCC 12, -O2, checked with -fopt-info-vec-optimized): these
 * model loops vectorise (16-byte vectors): the PC advance of a full warp
 * (step.c), an operand broadcast to every lane (lanes.c), IADD's lane loop
 * (ialu_arith.c), LOP3's minterm loop (ialu_logic.c) and POPC's (xu.c); the
 * staged write-back is a memcpy for a full warp. Loops that build lane masks
 * (compares, carries), IMAD's 64-bit products, SHF and PRMT do not, nor does
 * any FP semantics (per-half softfloat calls). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fp/softfloat.h"
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
    double (*ceiling)(double seconds); /* NULL: no plain-C reference */
} mix;

/* ---- the plain-C ceilings: the mixes' lane arithmetic, no model ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { LANES = 32, INSNS_PER_ITERATION = 9 };

static volatile uint32_t sink; /* keeps the ceilings' results alive */

static uint32_t prmt_3120(uint32_t a, uint32_t b)
{
    uint64_t bytes = (uint64_t)b << 32 | a;
    uint32_t r = 0;
    static const unsigned pick[4] = {0, 2, 1, 3};
    for (unsigned i = 0; i < 4; i++)
        r |= (uint32_t)((bytes >> (8 * pick[i])) & 0xff) << (8 * i);
    return r;
}

/* As the model counts bits (baseline x86-64 has no POPCNT instruction). */
static uint32_t popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static double integer_ceiling(double seconds)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[0][l] = l, r[9][l] = 1000000000;
    uint64_t n = 0;
    double start = now(), elapsed;
    do {
        for (int it = 0; it < 4096 / INSNS_PER_ITERATION; it++, n += INSNS_PER_ITERATION) {
            uint32_t exec = 0;
            for (unsigned l = 0; l < LANES; l++) {
                r[1][l] += r[0][l];
                r[2][l] ^= r[1][l] ^ r[0][l];
                r[3][l] = (uint32_t)((((uint64_t)r[2][l] << 32 | r[1][l]) << 5) >> 32);
                r[4][l] = r[1][l] * r[3][l] + r[4][l];
                r[5][l] = prmt_3120(r[4][l], r[3][l]);
                r[6][l] = popcount32(r[5][l]);
                r[9][l] -= 1;
                exec |= (uint32_t)(r[9][l] != 0) << l;
            }
            sink = exec;
        }
    } while ((elapsed = now() - start) < seconds);
    sink = r[6][7];
    return (double)n / elapsed;
}

static double fp16_ceiling(double seconds)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[1][l] = 0x3c003c00, r[2][l] = 0x38003800, r[9][l] = 1000000000;
    const sf_mode rn = {SF_RN, false, false}, rz = {SF_RZ, false, false}, ftz = {SF_RN, true, true};
    uint64_t n = 0;
    double start = now(), elapsed;
    do {
        for (int it = 0; it < 4096 / INSNS_PER_ITERATION; it++, n += INSNS_PER_ITERATION) {
            uint32_t exec = 0;
            for (unsigned l = 0; l < LANES; l++) {
                uint32_t out[6] = {0};
                for (unsigned h = 0; h < 32; h += 16) {
#define HALF(reg) ((r[reg][l] >> h) & 0xffff)
                    uint32_t d3 = sf_fma(SF_F16, HALF(1), HALF(2), HALF(3), rn);
                    uint32_t d4 = sf_add(SF_F16, SF_F16, d3, HALF(1), rn);
                    uint32_t d5 = sf_mul(SF_F16, d4, HALF(2), rz);
                    uint32_t d6 = sf_saturate(SF_F16, sf_fma(SF_F16, d5, HALF(1), d4, ftz));
                    uint32_t d7 = sf_add(SF_BF16, SF_BF16, d6, HALF(2), rn);
                    uint32_t d8 = sf_minmax(SF_F16, d7, d5, true, false, false);
#undef HALF
                    out[0] |= d3 << h, out[1] |= d4 << h, out[2] |= d5 << h;
                    out[3] |= d6 << h, out[4] |= d7 << h, out[5] |= d8 << h;
                }
                for (unsigned k = 0; k < 6; k++)
                    r[3 + k][l] = out[k];
                r[9][l] -= 1;
                exec |= (uint32_t)(r[9][l] != 0) << l;
            }
            sink = exec;
        }
    } while ((elapsed = now() - start) < seconds);
    sink = r[8][3];
    return (double)n / elapsed;
}

/* ---- the mixes ---- */

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
     integer_ceiling},
    {"fp16",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3c003c00\n.init R2 0x38003800\n"
     "loop:\n"
     "    HFMA2 R3, R1, R2, R3 ;\n"
     "    HADD2 R4, R3, R1 ;\n"
     "    HMUL2.RZ R5, R4, R2 ;\n"
     "    HFMA2.FTZ.SAT R6, R5, R1, R4 ;\n"
     "    HADD2.BF16_V2 R7, R6, R2 ;\n"
     "    HMNMX2 R8, R7, R5, P1 ;\n" LOOP_TAIL,
     fp16_ceiling},
    {"bf16",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3f803f80\n.init R2 0x3f003f00\n"
     "loop:\n"
     "    HFMA2.BF16_V2 R3, R1, R2, R3 ;\n"
     "    HADD2.BF16_V2 R4, R3, R1 ;\n"
     "    HMUL2.BF16_V2 R5, R4, R2 ;\n"
     "    HFMA2.BF16_V2 R6, R5, R1, R4 ;\n"
     "    HADD2.BF16_V2 R7, R6, R2 ;\n"
     "    HMUL2.BF16_V2 R8, R7, R5 ;\n" LOOP_TAIL,
     NULL},
    {"fp32",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3f800000\n.init R2 0x3f000000\n"
     "loop:\n"
     "    FFMA R3, R1, R2, R3 ;\n"
     "    FADD R4, R3, R1 ;\n"
     "    FMUL R5, R4, R2 ;\n"
     "    FFMA R6, R5, R1, R4 ;\n"
     "    FADD R7, R6, -R2 ;\n"
     "    FMUL R8, R7, R5 ;\n" LOOP_TAIL,
     NULL},
    {"mufu",
     ".warps 4\n.init R9 1000000000\n.init R1 0x3fc00000\n"
     "loop:\n"
     "    MUFU.RCP.F32 R3, R1 ;\n"
     "    MUFU.RSQ.F32 R4, R3 ;\n"
     "    MUFU.EX2.F32 R5, R4 ;\n"
     "    MUFU.LG2.F32 R6, R5 ;\n"
     "    MUFU.SQRT.F32 R7, R1 ;\n"
     "    MUFU.SIN.F32 R8, R6 ;\n" LOOP_TAIL,
     NULL},
    {"memory",
     ".warps 4\n.init R9 1000000000\n.init R4 0x10000\n"
     "    S2R R0, SR_LANEID ;\n"
     "    IMAD.WIDE.U32 R[2:3], R0, 0x4, R[4:5] ;\n"
     "loop:\n"
     "    LDG R6, [R[2:3]] ;\n"
     "    IADD R6, R6, R0 ;\n"
     "    STG [R[2:3]], R6 ;\n"
     "    LDG R7, [R[2:3]+0x80] ;\n"
     "    IADD R7, R7, R6 ;\n"
     "    STG [R[2:3]+0x80], R7 ;\n" LOOP_TAIL,
     NULL},
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
     NULL},
};

/* Warp-instructions per second, or -1 if the kernel cannot run. */
static double measure(const mix *x, double seconds, uint64_t steps)
{
    isa_kernel *k = NULL;
    if (isa_assemble(x->name, x->src, &k, stderr) != 0)
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
                    fprintf(stderr, "%s: %s\n", x->name, gm_trap_message(m));
                    goto done;
                }
        } while ((elapsed = now() - start) < seconds && (!steps || n < steps));
        rate = (double)n / elapsed;
    }
done:
    free(rec);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
    return rate;
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

int main(int argc, char **argv)
{
    uint64_t steps = 0;
    if (argc > 2 && strcmp(argv[1], "--steps") == 0) {
        steps = strtoull(argv[2], NULL, 0);
        argv += 2, argc -= 2;
    }
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    int failed = 0;
    printf("functional model, 4 warps x 32 lanes, warp-instructions/s:\n");
    printf("%-8s %12s %12s %8s\n", "mix", "model", "plain C", "ratio");
    for (size_t i = 0; i < sizeof mixes / sizeof mixes[0]; i++) {
        if (!wanted(mixes[i].name, argc, argv))
            continue;
        double rate = measure(&mixes[i], steps ? 1e9 : seconds, steps);
        if (rate < 0) {
            printf("%-8s %12s\n", mixes[i].name, "failed");
            failed = 1;
            continue;
        }
        if (!mixes[i].ceiling) {
            printf("%-8s %12.0f %12s %8s\n", mixes[i].name, rate, "-", "-");
            continue;
        }
        if (steps)
            continue;
        double ceiling = mixes[i].ceiling(seconds);
        printf("%-8s %12.0f %12.0f %8.2f\n", mixes[i].name, rate, ceiling, rate / ceiling);
    }
    return failed;
}
