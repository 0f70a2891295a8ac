/* hdl_stubs/fp tests: fp_halu2 against the model's HALU instructions. The
 * controls are chosen first and the instruction text written from them with
 * the ISA's modifier names, so each check also proves README.md's mapping. */
#include <stdio.h>

#include "fp_check.h"

enum { HADD2, HMUL2, HFMA2, HMNMX2, HSETP2, HSET2, OPS };

static const char *const OP_NAMES[OPS] = {"HADD2", "HMUL2", "HFMA2", "HMNMX2", "HSETP2", "HSET2"};
static const char *const RND_NAMES[4] = {"", ".RP", ".RM", ".RZ"};
static const char *const HSEL_NAMES[3] = {"", ".H0_H0", ".H1_H1"};
static const char *const CMP_NAMES[14] = {"EQ",  "NE",  "LT",  "LE",  "GT",  "GE",  "EQU",
                                          "NEU", "LTU", "LEU", "GTU", "GEU", "NAN", "NUM"};
static const char *const LOP_NAMES[3] = {"AND", "OR", "XOR"};

static void operand(char *out, size_t len, const fpvl_halu_ctl *k, unsigned slot)
{
    bool neg = (k->neg >> slot) & 1u, abs = (k->abs >> slot) & 1u;
    snprintf(out, len, "%s%sR%u%s%s", neg ? "-" : "", abs ? "|" : "", slot + 1,
             HSEL_NAMES[(k->hsel >> (2 * slot)) & 3u], abs ? "|" : "");
}

static void text(char *out, size_t len, const fpvl_halu_ctl *k, bool pnot)
{
    char a[24], b[24], c[24];
    operand(a, sizeof a, k, 0);
    operand(b, sizeof b, k, 1);
    operand(c, sizeof c, k, 2);
    const char *fmt = k->bf16 ? ".BF16_V2" : "", *ftz = k->ftz ? ".FTZ" : "",
               *sat = k->sat ? ".SAT" : "", *pp = pnot ? "!P0" : "P0";
    switch (k->op) {
    case HADD2: case HMUL2:
        snprintf(out, len, "%s%s%s%s%s%s R0, %s, %s", OP_NAMES[k->op], fmt, ftz, sat,
                 RND_NAMES[k->rnd], k->f32 ? ".F32" : "", a, b);
        break;
    case HFMA2:
        snprintf(out, len, "HFMA2%s%s%s%s%s R0, %s, %s, %s", fmt, ftz, k->relu ? ".RELU" : "", sat,
                 RND_NAMES[k->rnd], a, b, c);
        break;
    case HMNMX2:
        snprintf(out, len, "HMNMX2%s%s%s R0, %s, %s, %s", fmt, ftz, k->nan ? ".NAN" : "", a, b, pp);
        break;
    case HSETP2:
        snprintf(out, len, "HSETP2%s%s.%s.%s P1, P2, %s, %s, %s", fmt, ftz, CMP_NAMES[k->cmp],
                 LOP_NAMES[k->lop], a, b, pp);
        break;
    default:
        snprintf(out, len, "HSET2%s%s.%s.%s%s R0, %s, %s, %s", fmt, ftz, CMP_NAMES[k->cmp],
                 LOP_NAMES[k->lop], k->bval ? ".BF" : "", a, b, pp);
        break;
    }
}

static void controls_text(char *out, size_t len, const fpvl_halu_ctl *k)
{
    snprintf(out, len,
             "op=%u bf16=%u f32=%u rnd=%u ftz=%u sat=%u relu=%u nan=%u cmp=%u lop=%u bval=%u "
             "neg=%u abs=%u hsel=0x%x",
             k->op, k->bf16, k->f32, k->rnd, k->ftz, k->sat, k->relu, k->nan, k->cmp, k->lop,
             k->bval, k->neg, k->abs, k->hsel);
}

static void run_unit(fpvl *vl, const void *k, const fpvl_in *in, fpvl_out *out)
{
    fpvl_halu(vl, k, ~0u, in, out);
}

/* Runs one batch on both sides and compares what the instruction writes. */
static void run(fpc *c, const fpvl_halu_ctl *k, bool pnot, const fpvl_in *in)
{
    char insn[160], ctl[200];
    text(insn, sizeof insn, k, pnot);
    controls_text(ctl, sizeof ctl, k);
    fpc_batch(c, insn, ctl, pnot, k->op == HSETP2, in, run_unit, k, FPC_UNIT_HALU,
              k->op | k->bf16 << 3 | k->f32 << 4 | k->rnd << 5 | k->ftz << 7 | k->sat << 8 |
                  k->relu << 9 | k->nan << 10 | k->cmp << 11 | k->lop << 15 | k->bval << 17 |
                  k->neg << 18 | k->abs << 21 | k->hsel << 24);
}

/* Legal random controls of `op` (BF16_V2 takes neither .FTZ nor .SAT;
 * .RELU and .SAT exclude each other). */
static void random_controls(fpc *c, fpvl_halu_ctl *k, unsigned op)
{
    uint64_t x = fpg_next(&c->rng);
    *k = (fpvl_halu_ctl){.op = op};
    k->bf16 = x & 1u;
    k->ftz = !k->bf16 && ((x >> 1) & 1u);
    k->neg = (x >> 2) & 7u;
    k->abs = (x >> 5) & 7u;
    k->hsel = 0;
    for (unsigned s = 0; s < 3; s++)
        k->hsel |= (uint32_t)((x >> (8 + 2 * s)) % 3) << (2 * s);
    if (op <= HFMA2) {
        k->rnd = (x >> 14) & 3u;
        k->sat = !k->bf16 && ((x >> 16) & 3u) == 0;
        k->relu = op == HFMA2 && !k->sat && ((x >> 18) & 1u);
        k->f32 = op == HADD2 && ((x >> 19) & 3u) == 0;
    }
    k->nan = op == HMNMX2 && ((x >> 21) & 1u);
    if (op == HSETP2 || op == HSET2) {
        k->cmp = (uint32_t)((x >> 22) % 14);
        k->lop = (uint32_t)((x >> 30) % 3);
        k->bval = op == HSET2 && ((x >> 34) & 1u);
    }
    if (op != HFMA2) { /* no SrcC */
        k->neg &= 3u;
        k->abs &= 3u;
        k->hsel &= 15u;
    }
}

static uint32_t pair(fpc *c, fpg_format f)
{
    return fpg_value(&c->rng, f) << 16 | fpg_value(&c->rng, f);
}

int fpc_halu_random(fpc *c, unsigned long batches)
{
    for (unsigned long i = 0; i < batches; i++) {
        fpvl_halu_ctl k;
        random_controls(c, &k, fpg_below(&c->rng, OPS));
        fpg_format f = k.bf16 ? FPG_BF16 : FPG_F16;
        fpvl_in in = {.p = (uint32_t)fpg_next(&c->rng)};
        for (unsigned l = 0; l < FPVL_LANES; l++) {
            in.a[l] = pair(c, f);
            in.b[l] = pair(c, f);
            in.c[l] = pair(c, f);
            if (fpg_below(&c->rng, 4) == 0) { /* cancellation in both halves */
                uint32_t flip = fpg_below(&c->rng, 2) ? 0x80008000u : 0;
                in.b[l] = fpg_near(&c->rng, f, (in.a[l] ^ flip) >> 16) << 16 |
                          fpg_near(&c->rng, f, (in.a[l] ^ flip) & 0xffffu);
            }
        }
        run(c, &k, fpg_below(&c->rng, 2), &in);
    }
    return 0;
}

/* Every pair of edge values (a, b; c rotating) in both halves under k. */
static void edges_under(fpc *c, const fpvl_halu_ctl *k, unsigned salt)
{
    unsigned n = fpg_edge_count(), pairs = n * n;
    fpg_format f = k->bf16 ? FPG_BF16 : FPG_F16;
    for (unsigned base = 0; base < pairs; base += FPVL_LANES) {
        fpvl_in in = {.p = 0x3c3c5a5au ^ base ^ salt};
        for (unsigned l = 0; l < FPVL_LANES; l++) {
            unsigned i = (base + l) % pairs, j = (i * 7 + 3) % pairs;
            in.a[l] = fpg_edge(f, j / n) << 16 | fpg_edge(f, i / n);
            in.b[l] = fpg_edge(f, j % n) << 16 | fpg_edge(f, i % n);
            in.c[l] = fpg_edge(f, (j + salt) % n) << 16 | fpg_edge(f, (i + salt) % n);
        }
        run(c, k, salt & 1u, &in);
    }
}

/* The edge pairs under every legal mode combination of each optype. */
int fpc_halu_edges(fpc *c)
{
    unsigned salt = 0;
    for (unsigned bf16 = 0; bf16 < 2; bf16++)
        for (unsigned ftz = 0; ftz <= !bf16; ftz++) {
            fpvl_halu_ctl k = {.bf16 = bf16, .ftz = ftz};
            for (k.op = HADD2; k.op <= HFMA2; k.op++)
                for (k.rnd = 0; k.rnd < 4; k.rnd++)
                    for (k.sat = 0; k.sat <= !bf16; k.sat++)
                        for (k.relu = 0; k.relu <= (k.op == HFMA2 && !k.sat); k.relu++)
                            for (k.f32 = 0; k.f32 <= (k.op == HADD2); k.f32++)
                                edges_under(c, &k, salt++);
            k = (fpvl_halu_ctl){.bf16 = bf16, .ftz = ftz, .op = HMNMX2};
            for (k.nan = 0; k.nan < 2; k.nan++)
                edges_under(c, &k, salt++);
            k.nan = 0;
            for (k.cmp = 0; k.cmp < 14; k.cmp++)
                for (k.lop = 0; k.lop < 3; k.lop++) {
                    k.op = HSETP2;
                    edges_under(c, &k, salt++);
                    k.op = HSET2;
                    k.bval = (k.cmp + k.lop) & 1u;
                    edges_under(c, &k, salt++);
                    k.bval = 0;
                }
        }
    return 0;
}

/* Every 16-bit Ra (in both halves) against `b_values` SrcB values (edge
 * values first, then random), for each arithmetic, min/max and compare
 * optype, each format, with random legal modes per batch. */
int fpc_halu_sweep(fpc *c, unsigned b_values)
{
    static const unsigned ops[] = {HADD2, HMUL2, HFMA2, HMNMX2, HSETP2, HSET2};
    for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (unsigned bf16 = 0; bf16 < 2; bf16++) {
            fpg_format f = bf16 ? FPG_BF16 : FPG_F16;
            for (unsigned v = 0; v < b_values; v++) {
                uint32_t bv = v < fpg_edge_count() ? fpg_edge(f, v) : fpg_value(&c->rng, f);
                for (uint32_t base = 0; base < 65536; base += 2 * FPVL_LANES) {
                    fpvl_halu_ctl k;
                    do
                        random_controls(c, &k, ops[o]);
                    while (k.bf16 != bf16);
                    k.hsel = 0; /* each half sees its own Ra half and bv */
                    fpvl_in in = {.p = (uint32_t)fpg_next(&c->rng)};
                    for (unsigned l = 0; l < FPVL_LANES; l++) {
                        in.a[l] = (base + 2 * l + 1) << 16 | (base + 2 * l);
                        in.b[l] = bv << 16 | bv;
                        in.c[l] = pair(c, f);
                    }
                    run(c, &k, fpg_below(&c->rng, 2), &in);
                }
            }
        }
    return 0;
}
