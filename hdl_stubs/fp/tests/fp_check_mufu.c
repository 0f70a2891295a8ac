/* hdl_stubs/fp tests: fp_mufu against the model's MUFU.
 *
 * MUFU may differ from the model (the model rounds f(x) nearly correctly;
 * the unit interpolates tables), by at most the distance its tolerance
 * table declares per function and element format, in units in the last
 * place of that format: the number of representable values between the two
 * results. NaN, infinite and zero results, and every sign, must be equal
 * (no tolerance). Every other bit of Rd (Rd[31:16] of .F16/.BF16) must be
 * equal too. Inputs: all 65536 of a 16-bit format through .H0, .H1 and _V2;
 * F32 and F64 upper words every S-th pattern, plus edge values (specials,
 * subnormal and overflow boundaries, neighbours of the functions' exact and
 * critical points), F32 also with .SAT and |x|, -x. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_check.h"

enum { COS, SIN, EX2, LG2, RCP, RSQ, SQRT, TANH, FNS };
enum { DT_F32, DT_F64, DT_F16_V2, DT_BF16_V2, DT_F16, DT_BF16 }; /* fp_mufu's dtype codes */
enum { EF_F32, EF_F64, EF_F16, EF_BF16, EFS };                  /* element formats */

static const char *const FN_NAMES[FNS] = {"COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "SQRT", "TANH"};
static const char *const EF_NAMES[EFS] = {"F32", "F64", "F16", "BF16"};
static const fpg_format *const EF_FORMATS[EFS] = {&FPG_F32, &FPG_F64H, &FPG_F16, &FPG_BF16};

typedef struct {
    bool declared, measured;
    unsigned bound;            /* declared largest ulp distance */
    unsigned long elements;    /* elements compared */
    unsigned long off;         /* elements not bit-equal to the model */
    unsigned max_ulp;
    uint32_t worst_in, worst_model, worst_unit;
} tally;

typedef struct {
    fpc *c;
    tally t[FNS][EFS];
    unsigned long violations;  /* above the bound, or a special value / sign differs */
} mufu_run;

/* ---- the tolerance table ---- */

static int find_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], s))
            return i;
    return -1;
}

static bool legal(int fn, int ef)
{
    switch (ef) {
    case EF_F32: return true;
    case EF_F64: return fn == RCP || fn == RSQ;
    default: return fn == EX2 || fn == TANH;
    }
}

/* Reads "FUNCTION FORMAT MAX_ULP" lines ('#' starts a comment); every legal
 * pair exactly once. 0, or -1 after printing file:line: reason. */
static int read_tolerance(mufu_run *m, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[256];
    int no = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        no++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char fn_s[16], ef_s[16], extra[2];
        unsigned bound;
        int n = sscanf(line, "%15s %15s %u %1s", fn_s, ef_s, &bound, extra);
        if (n <= 0)
            continue;
        int fn = n >= 2 ? find_name(FN_NAMES, FNS, fn_s) : -1;
        int ef = n >= 2 ? find_name(EF_NAMES, EFS, ef_s) : -1;
        if (n != 3 || fn < 0 || ef < 0) {
            fprintf(stderr, "%s:%d: expected FUNCTION FORMAT MAX_ULP (e.g. \"EX2 F16 0\")\n", path, no);
            rc = -1;
        } else if (!legal(fn, ef)) {
            fprintf(stderr, "%s:%d: MUFU.%s has no %s form\n", path, no, fn_s, ef_s);
            rc = -1;
        } else if (m->t[fn][ef].declared) {
            fprintf(stderr, "%s:%d: %s %s declared twice\n", path, no, fn_s, ef_s);
            rc = -1;
        } else {
            m->t[fn][ef].declared = true;
            m->t[fn][ef].bound = bound;
        }
    }
    fclose(f);
    for (int fn = 0; rc == 0 && fn < FNS; fn++)
        for (int ef = 0; ef < EFS; ef++)
            if (legal(fn, ef) && !m->t[fn][ef].declared) {
                fprintf(stderr, "%s: no line for %s %s\n", path, FN_NAMES[fn], EF_NAMES[ef]);
                rc = -1;
            }
    return rc;
}

/* ---- comparing one element ---- */

static uint32_t sign_bit(const fpg_format *f)
{
    return 1u << (f->exp_bits + f->frac_bits);
}

static bool special(const fpg_format *f, uint32_t x) /* NaN, Inf or zero */
{
    uint32_t mag = x & (sign_bit(f) - 1), inf = ((1u << f->exp_bits) - 1) << f->frac_bits;
    return mag == 0 || mag >= inf;
}

static void element(mufu_run *m, int fn, int ef, const char *insn, uint32_t in, uint32_t want,
                    uint32_t got)
{
    tally *t = &m->t[fn][ef];
    const fpg_format *f = EF_FORMATS[ef];
    t->measured = true;
    t->elements++;
    m->c->compared++;
    if (want == got)
        return;
    t->off++;
    if (getenv("FP_CHECK_MUFU_LIST")) /* every element that differs, for study */
        printf("OFF %s %s 0x%08x model 0x%08x unit 0x%08x\n", FN_NAMES[fn], EF_NAMES[ef], in, want, got);
    bool hard = special(f, want) || special(f, got) || ((want ^ got) & sign_bit(f));
    uint32_t mw = want & (sign_bit(f) - 1), mg = got & (sign_bit(f) - 1);
    uint32_t ulp = hard ? UINT32_MAX : mw > mg ? mw - mg : mg - mw;
    if (!hard && ulp > t->max_ulp) {
        t->max_ulp = ulp;
        t->worst_in = in;
        t->worst_model = want;
        t->worst_unit = got;
    }
    if (hard || ulp > t->bound) {
        m->violations++;
        m->c->mismatches++;
        if (m->c->mismatches <= FPC_MAX_REPORTS)
            printf("MISMATCH `%s` element 0x%x: model 0x%x unit 0x%x (%s)\n", insn, in, want, got,
                   hard ? "special value or sign differs" : "beyond the declared ulp bound");
    }
}

/* ---- running batches ---- */

static const char *dtype_name(unsigned dt)
{
    static const char *const names[] = {"F32", "F64", "F16_V2", "BF16_V2", "F16", "BF16"};
    return names[dt];
}

/* One batch of 32 lanes (b values) under k; compares every element. */
static void run(mufu_run *m, const fpvl_mufu_ctl *k, const uint32_t b[FPVL_LANES])
{
    char insn[96], ctl[96];
    snprintf(insn, sizeof insn, "MUFU.%s.%s%s R0, %s%sR2%s%s", FN_NAMES[k->fn], dtype_name(k->dtype),
             k->sat ? ".SAT" : "", k->neg ? "-" : "", k->abs ? "|" : "", k->h1 ? ".H1" : "",
             k->abs ? "|" : "");
    snprintf(ctl, sizeof ctl, "fn=%u dtype=%u abs=%u neg=%u h1=%u sat=%u", k->fn, k->dtype, k->abs,
             k->neg, k->h1, k->sat);
    fpvl_in in = {.p = 0};
    memcpy(in.b, b, sizeof in.b);
    fpvl_out want, got;
    fpc_model(m->c, insn, &in, &want);
    fpvl_mufu(m->c->vl, k, ~0u, &in, &got);
    fpc_compare(m->c, insn, ctl, 0, &in, "LANES=32 vs LANES=1 Rd", got.d[0], got.d1);
    /* V2 = 0 (no second datapath): the same, but a _V2 gives its low element alone */
    bool v2 = k->dtype == DT_F16_V2 || k->dtype == DT_BF16_V2;
    fpc_compare(m->c, insn, ctl, 0, &in, "LANES=32 vs LANES=1 V2=0 Rd", v2 ? got.d[0] & 0xffffu : got.d[0],
                got.d1n);
    fpc_vectors(m->c, FPC_UNIT_MUFU,
                k->fn | k->dtype << 3 | k->abs << 6 | k->neg << 7 | k->h1 << 8 | k->sat << 9, &in,
                &got);
    for (unsigned l = 0; l < FPVL_LANES; l++) {
        uint32_t w = want.d[l], g = got.d[l];
        switch (k->dtype) {
        case DT_F32: case DT_F64: {
            /* the element as the function sees it: after |x| and -x */
            uint32_t x = ((b[l] & ~(k->abs ? 0x80000000u : 0)) ^ (k->neg ? 0x80000000u : 0));
            element(m, (int)k->fn, k->dtype == DT_F32 ? EF_F32 : EF_F64, insn, x, w, g);
            break;
        }
        case DT_F16: case DT_BF16: {
            int ef = k->dtype == DT_F16 ? EF_F16 : EF_BF16;
            fpc_compare(m->c, insn, ctl, l, &in, "Rd[31:16]", w >> 16, g >> 16);
            element(m, (int)k->fn, ef, insn, k->h1 ? b[l] >> 16 : b[l] & 0xffffu, w & 0xffffu,
                    g & 0xffffu);
            break;
        }
        default: {
            int ef = k->dtype == DT_F16_V2 ? EF_F16 : EF_BF16;
            element(m, (int)k->fn, ef, insn, b[l] & 0xffffu, w & 0xffffu, g & 0xffffu);
            element(m, (int)k->fn, ef, insn, b[l] >> 16, w >> 16, g >> 16);
            break;
        }
        }
    }
    /* A lane not enabled holds its result (d follows from registers of each
     * lane's state and ROM words): an edge with other controls and operands
     * in the odd lanes leaves the even ones, and the single-lane instance. */
    fpvl_mufu_ctl k2 = {.fn = (k->fn + 3) % 8,
                        .dtype = k->dtype == DT_F16_V2 ? DT_F32 : DT_F16_V2,
                        .sat = !k->sat};
    fpvl_in in2 = {.p = 0};
    fpvl_out held;
    for (unsigned l = 0; l < FPVL_LANES; l++)
        in2.b[l] = ~b[l];
    fpvl_mufu(m->c->vl, &k2, 0xaaaaaaaau, &in2, &held);
    for (unsigned l = 0; l < FPVL_LANES; l += 2)
        fpc_compare(m->c, insn, ctl, l, &in, "Rd held while disabled", got.d[l], held.d[l]);
    fpc_compare(m->c, insn, ctl, 0, &in, "LANES=1 Rd held while disabled", got.d1, held.d1);
    fpc_compare(m->c, insn, ctl, 0, &in, "LANES=1 V2=0 Rd held while disabled", got.d1n, held.d1n);
}

/* Runs `count` inputs (32 at a time, the last batch padded with in[0]). */
static void run_inputs(mufu_run *m, const fpvl_mufu_ctl *k, const uint32_t *in, size_t count)
{
    for (size_t base = 0; base < count; base += FPVL_LANES) {
        uint32_t b[FPVL_LANES];
        for (unsigned l = 0; l < FPVL_LANES; l++)
            b[l] = base + l < count ? in[base + l] : in[0];
        run(m, k, b);
    }
}

/* Every 16-bit input of EX2/TANH in F16 or BF16: .H0 (junk above), .H1
 * (junk below), and _V2 (the other half a permutation of the inputs). */
static void check_16bit(mufu_run *m, unsigned fn, bool bf16)
{
    enum { N = 65536 };
    static uint32_t in[N];
    fpvl_mufu_ctl k = {.fn = fn, .dtype = bf16 ? DT_BF16 : DT_F16};
    for (uint32_t x = 0; x < N; x++)
        in[x] = 0xa5a50000u | x;
    run_inputs(m, &k, in, N);
    k.h1 = 1;
    for (uint32_t x = 0; x < N; x++)
        in[x] = x << 16 | 0x5a5au;
    run_inputs(m, &k, in, N);
    k = (fpvl_mufu_ctl){.fn = fn, .dtype = bf16 ? DT_BF16_V2 : DT_F16_V2};
    for (uint32_t x = 0; x < N; x++)
        in[x] = ((x * 40503u + 7u) & 0xffffu) << 16 | x;
    run_inputs(m, &k, in, N);
}

/* Edge inputs of a 32-bit element format: the format's corners and the
 * neighbours (up to 8 ulps, both signs) of points where the functions are
 * exact, change regime, overflow or underflow. */
static size_t edges(const fpg_format *f, bool f64h, uint32_t *out, size_t cap)
{
    static const double pivots[] = {
        1.0, 2.0, 0.5, 4.0, 0.25, 3.0, 1.5, 0.75, 1.0 / 3.0,
        /* SIN/COS: quarter turns, and far out */
        1.5707963267948966, 3.141592653589793, 4.71238898038469, 6.283185307179586,
        105414350.0, 1e10, 1e20, 1e30, 3.4e38, 0x1p-20, 0x1p-21, 0x1p-12,
        /* EX2: overflow and underflow boundaries */
        127.0, 128.0, 127.99999, -126.0, -127.0, -148.0, -149.0, -150.0, -151.0, -24.0, -25.0,
        15.0, 16.0, -14.0, -15.0, 1e-8, -1e-8,
        /* TANH: its regimes */
        8.0, 9.01, 16.0, 0x1p-13, 0.99999, 7.97,
        /* RCP/RSQ: results near the subnormal and overflow edges */
        0x1p126, 0x1p127, 0x1p-126, 0x1p-127, 0x1p-149, 1e300, 1e-300, 0x1p1023, 0x1p-1022,
    };
    size_t n = 0;
    unsigned width = 1 + f->exp_bits + f->frac_bits;
    for (unsigned i = 0; i < fpg_edge_count() && n < cap; i++)
        out[n++] = fpg_edge(*f, i);
    for (size_t p = 0; p < sizeof pivots / sizeof pivots[0]; p++) {
        uint32_t bits;
        if (f64h) {
            double d = pivots[p];
            uint64_t w;
            memcpy(&w, &d, 8);
            bits = (uint32_t)(w >> 32);
        } else {
            float x = (float)pivots[p];
            if (!isfinite(x))
                continue;
            memcpy(&bits, &x, 4);
        }
        for (int s = 0; s < 2; s++)
            for (int d = -8; d <= 8 && n < cap; d++) {
                int64_t v = (int64_t)bits + d;
                if (v >= 0 && v < (int64_t)(1ull << (width - 1)))
                    out[n++] = (uint32_t)v ^ (s ? 1u << (width - 1) : 0);
            }
    }
    return n;
}

/* F32 or F64 upper words: every stride-th pattern (a changing offset each
 * pass), the edges; F32 also under .SAT, |x| and -x. */
static void check_32bit(mufu_run *m, unsigned fn, bool f64h, unsigned stride)
{
    size_t count = (size_t)(0x100000000ull / stride) + 1, cap = count + 4096;
    uint32_t *in = malloc(cap * sizeof *in);
    if (!in) {
        fprintf(stderr, "fp_check mufu: out of memory\n");
        exit(1);
    }
    uint32_t offset = (uint32_t)fpg_next(&m->c->rng) % stride;
    for (size_t i = 0; i < count; i++)
        in[i] = (uint32_t)(i * stride + offset);
    count += edges(f64h ? &FPG_F64H : &FPG_F32, f64h, in + count, 4096);
    fpvl_mufu_ctl k = {.fn = fn, .dtype = f64h ? DT_F64 : DT_F32};
    run_inputs(m, &k, in, count);
    /* the modifiers, on the edges and a slice of the sweep */
    size_t some = count < 8192 ? count : 8192;
    for (unsigned mods = 1; mods < (f64h ? 4u : 8u); mods++) {
        k.abs = mods & 1u;
        k.neg = (mods >> 1) & 1u;
        k.sat = (mods >> 2) & 1u;
        run_inputs(m, &k, in + count - some, some);
    }
    free(in);
}

int fpc_mufu_random(fpc *c, unsigned long batches, const char *tolerance_path)
{
    static mufu_run m;
    memset(&m, 0, sizeof m);
    m.c = c;
    if (read_tolerance(&m, tolerance_path) != 0)
        return 2;
    static const unsigned dtypes[] = {DT_F32, DT_F64, DT_F16_V2, DT_BF16_V2, DT_F16, DT_BF16};
    for (unsigned long i = 0; i < batches; i++) {
        fpvl_mufu_ctl k = {.fn = fpg_below(&c->rng, FNS), .dtype = dtypes[fpg_below(&c->rng, 6)]};
        int ef = k.dtype == DT_F32 ? EF_F32 : k.dtype == DT_F64 ? EF_F64
               : k.dtype == DT_F16 || k.dtype == DT_F16_V2 ? EF_F16 : EF_BF16;
        if (!legal((int)k.fn, ef))
            k.fn = ef == EF_F64 ? RCP + fpg_below(&c->rng, 2) : fpg_below(&c->rng, 2) ? EX2 : TANH;
        uint32_t x = (uint32_t)fpg_next(&c->rng);
        k.abs = ef <= EF_F64 && (x & 1u);
        k.neg = ef <= EF_F64 && (x & 2u);
        k.sat = ef == EF_F32 && (x & 12u) == 0;
        k.h1 = (k.dtype == DT_F16 || k.dtype == DT_BF16) && (x & 16u);
        uint32_t b[FPVL_LANES];
        for (unsigned l = 0; l < FPVL_LANES; l++)
            b[l] = ef <= EF_F64 ? fpg_value(&c->rng, *EF_FORMATS[ef])
                                : fpg_value(&c->rng, *EF_FORMATS[ef]) << 16 |
                                      fpg_value(&c->rng, *EF_FORMATS[ef]);
        run(&m, &k, b);
    }
    return m.violations ? 1 : 0;
}

int fpc_mufu(fpc *c, unsigned f32_stride, unsigned f64_stride, const char *tolerance_path)
{
    static mufu_run m;
    memset(&m, 0, sizeof m);
    m.c = c;
    if (read_tolerance(&m, tolerance_path) != 0)
        return 2;
    for (unsigned fn = 0; fn < FNS; fn++) {
        check_32bit(&m, fn, false, f32_stride);
        if (fn == RCP || fn == RSQ)
            check_32bit(&m, fn, true, f64_stride);
        if (fn == EX2 || fn == TANH) {
            check_16bit(&m, fn, false);
            check_16bit(&m, fn, true);
        }
    }
    printf("MUFU distance to the model, in ulps of the element format (declared: %s)\n",
           tolerance_path);
    printf("  %-5s %-5s %10s %8s %8s %8s  worst (input -> model, unit)\n", "fn", "format",
           "elements", "not-equal", "max_ulp", "declared");
    for (int fn = 0; fn < FNS; fn++)
        for (int ef = 0; ef < EFS; ef++) {
            tally *t = &m.t[fn][ef];
            if (!legal(fn, ef))
                continue;
            if (!t->measured) {
                printf("  %-5s %-5s not measured\n", FN_NAMES[fn], EF_NAMES[ef]);
                m.violations++;
                continue;
            }
            printf("  %-5s %-5s %10lu %8lu %8u %8u", FN_NAMES[fn], EF_NAMES[ef], t->elements,
                   t->off, t->max_ulp, t->bound);
            if (t->max_ulp)
                printf("  (0x%x -> 0x%x, 0x%x)", t->worst_in, t->worst_model, t->worst_unit);
            printf("\n");
        }
    if (m.violations)
        printf("MUFU: %lu elements beyond their declared bound or differing in a special value "
               "or sign\n", m.violations);
    return m.violations ? 1 : 0;
}
