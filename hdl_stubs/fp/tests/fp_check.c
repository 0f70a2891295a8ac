/* hdl_stubs/fp tests: fp_check, the bit-exactness checks of the FP units
 * against the functional model, and their simulation-speed benchmark.
 *   fp_check fp32 BATCHES [SEED]       random FADD FMUL FFMA FMNMX FSETP LRP
 *   fp_check fp32-edges                every pair of edge values, every mode
 *   fp_check halu BATCHES [SEED]       random HADD2 HMUL2 HFMA2 HMNMX2 HSETP2 HSET2
 *   fp_check halu-edges                every pair of edge values, every mode
 *   fp_check halu-sweep B [SEED]       every 16-bit Ra against B values of SrcB
 *   fp_check mufu TOLERANCE S32 S64    MUFU: every 16-bit input, F32 and F64 every
 *                                      S32-th/S64-th pattern and the edges; prints
 *                                      the ulp distance per function and format and
 *                                      checks it against the TOLERANCE table
 *   fp_check vectors FILE BATCHES TOLERANCE
 *                                      random batches of every unit, checked as
 *                                      above, written to FILE for fp_vectors_tb.v
 *   fp_check bench SECONDS             32-lane cycles/s, idle and busy
 * A batch is one instruction over 32 lanes. Exit 0 when every result
 * matched, 1 on a mismatch, 2 on bad arguments. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "fp_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void fpc_model(fpc *c, const char *insn, const fpvl_in *in, fpvl_out *want)
{
    char err[512];
    if (fpref_exec(c->ref, insn, in, want, err, sizeof err) != 0) {
        fprintf(stderr, "fp_check: the model cannot run the check: %s\n", err);
        exit(1);
    }
}

void fpc_compare(fpc *c, const char *insn, const char *controls, unsigned lane,
                 const fpvl_in *in, const char *what, uint32_t want, uint32_t got)
{
    c->compared++;
    if (want == got)
        return;
    if (c->mismatches++ < FPC_MAX_REPORTS)
        printf("MISMATCH `%s` [%s] lane %u: a=0x%08x b=0x%08x c=0x%08x p=%u: %s model 0x%08x unit "
               "0x%08x\n",
               insn, controls, lane, in->a[lane], in->b[lane], in->c[lane], (in->p >> lane) & 1u,
               what, want, got);
}

/* Compares every lane: the predicates pu, pv (preds) or Rd. */
static void compare_lanes(fpc *c, const char *insn, const char *controls, const fpvl_in *in,
                          const fpvl_out *want, const fpvl_out *got, bool preds)
{
    for (unsigned l = 0; l < FPVL_LANES; l++) {
        if (!preds) {
            fpc_compare(c, insn, controls, l, in, "Rd", want->d[l], got->d[l]);
            continue;
        }
        fpc_compare(c, insn, controls, l, in, "pu", (want->pu >> l) & 1u, (got->pu >> l) & 1u);
        fpc_compare(c, insn, controls, l, in, "pv", (want->pv >> l) & 1u, (got->pv >> l) & 1u);
    }
}

void fpc_vectors(fpc *c, unsigned unit, uint32_t ctl, const fpvl_in *in, const fpvl_out *got)
{
    if (!c->vectors)
        return;
    for (unsigned l = 0; l < FPVL_LANES; l++)
        fprintf(c->vectors, "%x %08x %08x %08x %08x %x %08x %x %x\n", unit, ctl, in->a[l], in->b[l],
                in->c[l], (in->p >> l) & 1u, got->d[l], (got->pu >> l) & 1u, (got->pv >> l) & 1u);
}

/* The unit's single-lane instance must agree with lane 0 of the 32-lane one. */
static void compare_single(fpc *c, const char *insn, const char *controls, const fpvl_in *in,
                           const fpvl_out *got)
{
    fpc_compare(c, insn, controls, 0, in, "LANES=32 vs LANES=1 Rd", got->d[0], got->d1);
    fpc_compare(c, insn, controls, 0, in, "LANES=32 vs LANES=1 pu", got->pu & 1u, got->pu1);
    fpc_compare(c, insn, controls, 0, in, "LANES=32 vs LANES=1 pv", got->pv & 1u, got->pv1);
}

void fpc_batch(fpc *c, const char *insn, const char *controls, bool pnot, bool preds,
               const fpvl_in *in, fpc_unit_run run, const void *k, unsigned unit,
               uint32_t ctl_bits)
{
    fpvl_out want, got;
    fpc_model(c, insn, in, &want);
    fpvl_in unit_in = *in;
    if (pnot)
        unit_in.p = ~in->p;
    run(c->vl, k, &unit_in, &got);
    compare_single(c, insn, controls, in, &got);
    fpc_vectors(c, unit, ctl_bits, &unit_in, &got);
    compare_lanes(c, insn, controls, in, &want, &got, preds);
}

/* CPU time of this process: the machine may be shared, the figure should not. */
static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Cycles per second of the 32-lane top under each load, measured side by side. */
static int bench(fpc *c, double budget)
{
    static const struct {
        fpvl_load load;
        const char *name;
    } loads[] = {{FPVL_IDLE, "idle (every enable low)"},
                 {FPVL_BUSY_FFMA, "busy: FFMA in 32 lanes"},
                 {FPVL_BUSY_HFMA2, "busy: HFMA2 in 32 lanes"},
                 {FPVL_BUSY_MUFU, "busy: MUFU.EX2.F32 in 32 lanes"}};
    double idle = 0;
    for (unsigned i = 0; i < sizeof loads / sizeof loads[0]; i++) {
        uint64_t n = 0, step = 64;
        double t0 = seconds(), t;
        while ((t = seconds() - t0) < budget / 4) {
            fpvl_run(c->vl, loads[i].load, step);
            n += step;
            if (step < (1u << 20))
                step *= 2;
        }
        double rate = (double)n / t;
        if (i == 0)
            idle = rate;
        printf("bench fp_lanes %-28s %12.0f cycles per CPU-second  (%.4f x idle)\n", loads[i].name, rate,
               rate / idle);
    }
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: fp_check fp32|halu BATCHES [SEED] | fp32-edges | halu-edges | "
                    "halu-sweep B [SEED] | mufu TOLERANCE S32 S64 | vectors FILE BATCHES TOLERANCE | "
                    "bench SECONDS\n");
    return 2;
}

static bool number(const char *s, unsigned long *v)
{
    char *end;
    *v = strtoul(s, &end, 0);
    return *s && !*end;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const char *suite = argv[1];
    unsigned long n = 0, seed = 1, s64 = 0;
    bool takes_count = !strcmp(suite, "fp32") || !strcmp(suite, "halu") ||
                       !strcmp(suite, "halu-sweep") || !strcmp(suite, "bench");
    if (takes_count && (argc < 3 || !number(argv[2], &n) || (argc > 3 && !number(argv[3], &seed))))
        return usage();
    if (!strcmp(suite, "mufu") && (argc != 5 || !number(argv[3], &n) || !number(argv[4], &s64) ||
                                   !n || !s64))
        return usage();
    if (!strcmp(suite, "vectors") && (argc != 5 || !number(argv[3], &n)))
        return usage();
    fpc c = {.rng = {seed}};
    char err[256];
    c.ref = fpref_new(err, sizeof err);
    c.vl = fpvl_new();
    if (!c.ref || !c.vl) {
        fprintf(stderr, "fp_check: %s\n", c.ref ? "out of memory" : err);
        return 1;
    }
    int rc;
    if (!strcmp(suite, "fp32"))
        rc = fpc_fp32_random(&c, n);
    else if (!strcmp(suite, "fp32-edges"))
        rc = fpc_fp32_edges(&c);
    else if (!strcmp(suite, "halu"))
        rc = fpc_halu_random(&c, n);
    else if (!strcmp(suite, "halu-edges"))
        rc = fpc_halu_edges(&c);
    else if (!strcmp(suite, "halu-sweep"))
        rc = fpc_halu_sweep(&c, (unsigned)n);
    else if (!strcmp(suite, "mufu"))
        rc = fpc_mufu(&c, (unsigned)n, (unsigned)s64, argv[2]);
    else if (!strcmp(suite, "vectors")) {
        c.vectors = fopen(argv[2], "w");
        if (!c.vectors) {
            perror(argv[2]);
            rc = 1;
        } else {
            rc = fpc_fp32_random(&c, n) | fpc_halu_random(&c, n) | fpc_mufu_random(&c, n, argv[4]);
            if (fclose(c.vectors) != 0) {
                perror(argv[2]);
                rc = 1;
            }
        }
    } else if (!strcmp(suite, "bench"))
        rc = bench(&c, (double)n);
    else
        rc = usage();
    if (rc != 2 && strcmp(suite, "bench"))
        printf("fp_check %s: %lu lane results compared, %lu mismatches\n", suite, c.compared,
               c.mismatches);
    if (rc == 0 && c.mismatches)
        rc = 1;
    if (rc == 0 && !c.compared && strcmp(suite, "bench")) {
        printf("fp_check %s: nothing was compared\n", suite);
        rc = 1;
    }
    fpvl_free(&c.vl);
    fpref_free(&c.ref);
    return rc;
}
