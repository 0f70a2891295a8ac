/* hdl_stubs/fp tests: fp32_unit against the model's EXT_FP32 instructions.
 * The controls are chosen first; the instruction text is written from them
 * with the ISA's modifier names, so each check also proves the mapping of
 * README.md (modifier -> control). */
#include <stdio.h>
#include <string.h>

#include "fp_check.h"

enum { FADD, FMUL, FFMA, FMNMX, FSETP, LRP, OPS };

static const char *const OP_NAMES[OPS] = {"FADD", "FMUL", "FFMA", "FMNMX", "FSETP", "LRP"};
static const char *const RND_NAMES[4] = {"", ".RP", ".RM", ".RZ"};
static const char *const CMP_NAMES[14] = {"EQ",  "NE",  "LT",  "LE",  "GT",  "GE",  "EQU",
                                          "NEU", "LTU", "LEU", "GTU", "GEU", "NAN", "NUM"};
static const char *const LOP_NAMES[3] = {"AND", "OR", "XOR"};

/* "-|R2|" from the slot's neg/abs bits */
static void operand(char *out, size_t len, const fpvl_fp32_ctl *k, unsigned slot)
{
    bool neg = (k->neg >> slot) & 1u, abs = (k->abs >> slot) & 1u;
    snprintf(out, len, "%s%sR%u%s", neg ? "-" : "", abs ? "|" : "", slot + 1, abs ? "|" : "");
}

/* The instruction text for controls k; pnot: pp written as !P0. */
static void text(char *out, size_t len, const fpvl_fp32_ctl *k, bool pnot)
{
    char a[16], b[16], c[16];
    operand(a, sizeof a, k, 0);
    operand(b, sizeof b, k, 1);
    operand(c, sizeof c, k, 2);
    const char *ftz = k->ftz ? ".FTZ" : "", *sat = k->sat ? ".SAT" : "", *pp = pnot ? "!P0" : "P0";
    switch (k->op) {
    case FADD: case FMUL:
        snprintf(out, len, "%s%s%s%s R0, %s, %s", OP_NAMES[k->op], ftz, RND_NAMES[k->rnd], sat, a, b);
        break;
    case FFMA:
        snprintf(out, len, "FFMA%s%s%s R0, %s, %s, %s", ftz, RND_NAMES[k->rnd], sat, a, b, c);
        break;
    case FMNMX:
        snprintf(out, len, "FMNMX%s%s R0, %s, %s, %s", ftz, k->nan ? ".NAN" : "", a, b, pp);
        break;
    case FSETP:
        snprintf(out, len, "FSETP%s.%s.%s P1, P2, %s, %s, %s", ftz, CMP_NAMES[k->cmp],
                 LOP_NAMES[k->lop], a, b, pp);
        break;
    default:
        snprintf(out, len, "LRP%s R0, R1, R2, R3", sat);
        break;
    }
}

static void controls_text(char *out, size_t len, const fpvl_fp32_ctl *k)
{
    snprintf(out, len, "op=%u rnd=%u ftz=%u sat=%u nan=%u cmp=%u lop=%u neg=%u abs=%u", k->op,
             k->rnd, k->ftz, k->sat, k->nan, k->cmp, k->lop, k->neg, k->abs);
}

static void run_unit(fpvl *vl, const void *k, const fpvl_in *in, fpvl_out *out)
{
    fpvl_fp32(vl, k, ~0u, in, out);
}

/* Runs one batch on both sides and compares what the instruction writes. */
static void run(fpc *c, const fpvl_fp32_ctl *k, bool pnot, fpvl_in *in)
{
    char insn[128], ctl[128];
    text(insn, sizeof insn, k, pnot);
    controls_text(ctl, sizeof ctl, k);
    fpc_batch(c, insn, ctl, pnot, k->op == FSETP, in, run_unit, k, FPC_UNIT_FP32,
              k->op | k->rnd << 3 | k->ftz << 5 | k->sat << 6 | k->nan << 7 | k->cmp << 8 |
                  k->lop << 12 | k->neg << 14 | k->abs << 17);
}

static void random_controls(fpc *c, fpvl_fp32_ctl *k, unsigned op)
{
    uint64_t x = fpg_next(&c->rng);
    *k = (fpvl_fp32_ctl){.op = op};
    if (op != LRP) {
        k->ftz = x & 1u;
        k->neg = (x >> 1) & 7u;
        k->abs = (x >> 4) & 7u;
        if (op == FFMA || op == FADD || op == FMUL) {
            k->rnd = (x >> 7) & 3u;
            k->sat = ((x >> 9) & 3u) == 0;
        }
    } else {
        k->sat = (x >> 9) & 1u;
    }
    if (op == FMNMX)
        k->nan = (x >> 11) & 1u;
    if (op == FSETP) {
        k->cmp = (uint32_t)((x >> 12) % 14);
        k->lop = (uint32_t)((x >> 20) % 3);
    }
    if (op != FFMA)
        k->neg &= 3u, k->abs &= 3u; /* no SrcC */
}

int fpc_fp32_random(fpc *c, unsigned long batches)
{
    for (unsigned long i = 0; i < batches; i++) {
        fpvl_fp32_ctl k;
        random_controls(c, &k, fpg_below(&c->rng, OPS));
        fpvl_in in;
        in.p = (uint32_t)fpg_next(&c->rng);
        for (unsigned l = 0; l < FPVL_LANES; l++) {
            in.a[l] = fpg_value(&c->rng, FPG_F32);
            in.b[l] = fpg_value(&c->rng, FPG_F32);
            in.c[l] = fpg_value(&c->rng, FPG_F32);
            switch (fpg_below(&c->rng, 4)) {
            case 0: /* cancellation: b (or c) close to -a, or to a */
                in.b[l] = fpg_near(&c->rng, FPG_F32, in.a[l] ^ (fpg_below(&c->rng, 2) << 31));
                in.c[l] = fpg_near(&c->rng, FPG_F32, in.a[l] ^ (fpg_below(&c->rng, 2) << 31));
                break;
            case 1: { /* FFMA cancellation: c close to -(a*b) rounded */
                float p = 0, a, b;
                memcpy(&a, &in.a[l], 4);
                memcpy(&b, &in.b[l], 4);
                p = -(a * b);
                uint32_t bits;
                memcpy(&bits, &p, 4);
                in.c[l] = fpg_near(&c->rng, FPG_F32, bits);
                break;
            }
            default: break;
            }
        }
        run(c, &k, fpg_below(&c->rng, 2), &in);
    }
    return 0;
}

/* Every (a, b) pair of edge values (c from the edges too, rotating) under
 * every mode combination of each instruction. */
int fpc_fp32_edges(fpc *c)
{
    unsigned n = fpg_edge_count(), pairs = n * n;
    for (unsigned op = 0; op < OPS; op++)
        for (unsigned mode = 0; mode < 64; mode++) {
            fpvl_fp32_ctl k = {.op = op, .rnd = mode & 3u, .ftz = (mode >> 2) & 1u,
                               .sat = (mode >> 3) & 1u, .nan = (mode >> 4) & 1u,
                               .cmp = mode % 14, .lop = (mode / 14) % 3};
            if (op == LRP && (mode & 0x37))
                continue; /* LRP: .SAT only */
            if (op == FMNMX && (mode & 3u))
                continue; /* no .rnd */
            if (op == FSETP)
                k.ftz = mode & 1u;
            for (unsigned base = 0; base < pairs; base += FPVL_LANES) {
                fpvl_in in = {.p = 0x5555aaaau ^ base};
                for (unsigned l = 0; l < FPVL_LANES; l++) {
                    unsigned i = (base + l) % pairs;
                    in.a[l] = fpg_edge(FPG_F32, i / n);
                    in.b[l] = fpg_edge(FPG_F32, i % n);
                    in.c[l] = fpg_edge(FPG_F32, (i + mode) % n);
                }
                run(c, &k, mode & 1u, &in);
            }
        }
    return 0;
}
