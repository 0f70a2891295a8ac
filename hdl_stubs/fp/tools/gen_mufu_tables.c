/* hdl_stubs/fp/tools/gen_mufu_tables.c: writes fp_mufu_tables.vh, the
 * coefficient ROM of fp_mufu.v, at build time.
 *
 *   gen_mufu_tables OUTPUT.vh
 *
 * Each table approximates one function on [lo, lo + span) by 2^k cubic
 * pieces; piece i at x = lo + span * (i + t) / 2^k, t in [0, 1), is
 *   y = c0 + t * (c1 + t * (c2 + t * c3))
 * evaluated as fp_mufu.v does: coefficients are signed integers scaled by
 * 2^MT_F, t has MT_TB bits, and each product is truncated (floor) to MT_F
 * fraction bits. The pieces interpolate the function at Chebyshev nodes
 * (near-minimax); k is the smallest that keeps the whole evaluation within
 * TARGET_ERR of the function, checked here on a dense grid of every piece in
 * exactly fp_mufu.v's integer arithmetic against long double libm values.
 * It also writes 1/(2 pi) to 200 bits (MPFR) for the sine/cosine argument
 * reduction. The ROM is the memory mt_rom with an initial block of its
 * words, the form synthesis maps to block RAM when fp_mufu.v reads it at the
 * clock edge. Prints one line per table: k, size, largest error seen. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <gmp.h>
#include <mpfr.h>

#define MT_F 44             /* fraction bits of coefficients and results */
#define MT_TB 32            /* bits of t */
#define TARGET_ERR 0x1p-37L /* largest error allowed for any table */
#define K_MIN 4
#define K_MAX 10
#define CHECKS_PER_PIECE 256 /* grid points per piece in the error check */
_Static_assert(MT_F <= 46, "fp_mufu.v's 96-bit products hold at most 46 fraction bits of y");
#define INV_2PI_BITS 200

__extension__ typedef __int128 i128;

typedef long double (*fn_t)(long double);

typedef struct {
    const char *name; /* MT_<name>_BASE, MT_<name>_K in the output */
    const char *what;
    long double lo, span;
    fn_t f;
    int end_entry; /* 1: one more entry, the constant f(lo + span) (SIN at g = 1) */
} table_spec;

static long double pi_l(void)
{
    return acosl(-1.0L);
}

static long double f_rcp(long double x) { return 1.0L / x; }
static long double f_rsq0(long double x) { return 1.0L / sqrtl(x); }
static long double f_rsq1(long double x) { return 1.0L / sqrtl(2.0L * x); }
static long double f_sqrt0(long double x) { return sqrtl(x); }
static long double f_sqrt1(long double x) { return sqrtl(2.0L * x); }
static long double f_ex2(long double x) { return exp2l(x); }

/* log2(1 + t) / t with t = x - 1 below 1.5 and x / 2 - 1 above (fp_mufu's
 * reduction of LG2 to [0.75, 1.5)) */
static long double f_lg2(long double x)
{
    long double t = x < 1.5L ? x - 1.0L : x / 2.0L - 1.0L;
    return t == 0 ? 1.0L / logl(2.0L) : log1pl(t) / (t * logl(2.0L));
}

/* tanh(sqrt(u)) / sqrt(u): tanh(x) = x * G(x^2) for |x| < 1 */
static long double f_tanhs(long double u)
{
    long double s = sqrtl(u);
    return s == 0 ? 1.0L : tanhl(s) / s;
}

static long double f_tanh0(long double x) { return tanhl(x); }
static long double f_tanh1(long double x) { return tanhl(2.0L * x); }
static long double f_tanh2(long double x) { return tanhl(4.0L * x); }
static long double f_tanh3(long double x) { return tanhl(8.0L * x); }

/* sin(pi g / 2) / g: sin of g quarter turns is g times this */
static long double f_sinq(long double g)
{
    return g == 0 ? pi_l() / 2.0L : sinl(pi_l() * g / 2.0L) / g;
}

static const table_spec TABLES[] = {
    {"RCP", "1/x, x in [1, 2)", 1.0L, 1.0L, f_rcp, 0},
    {"RSQ0", "1/sqrt(x), x in [1, 2)", 1.0L, 1.0L, f_rsq0, 0},
    {"RSQ1", "1/sqrt(2x), x in [1, 2)", 1.0L, 1.0L, f_rsq1, 0},
    {"SQRT0", "sqrt(x), x in [1, 2)", 1.0L, 1.0L, f_sqrt0, 0},
    {"SQRT1", "sqrt(2x), x in [1, 2)", 1.0L, 1.0L, f_sqrt1, 0},
    {"LG2", "log2(1+t)/t, t = x-1 (x < 1.5) or x/2-1, x in [1, 2)", 1.0L, 1.0L, f_lg2, 0},
    {"EX2", "2^x, x in [0, 1)", 0.0L, 1.0L, f_ex2, 0},
    {"TANHS", "tanh(sqrt(u))/sqrt(u), u in [0, 1)", 0.0L, 1.0L, f_tanhs, 0},
    {"TANH0", "tanh(x), x in [1, 2)", 1.0L, 1.0L, f_tanh0, 0},
    {"TANH1", "tanh(2x), x in [1, 2)", 1.0L, 1.0L, f_tanh1, 0},
    {"TANH2", "tanh(4x), x in [1, 2)", 1.0L, 1.0L, f_tanh2, 0},
    {"TANH3", "tanh(8x), x in [1, 2)", 1.0L, 1.0L, f_tanh3, 0},
    {"SIN", "sin(pi g/2)/g, g in [0, 1] (entry 2^k: g = 1)", 0.0L, 1.0L, f_sinq, 1},
};
#define TABLE_COUNT (sizeof TABLES / sizeof TABLES[0])

typedef struct {
    int k, entries;
    int64_t (*c)[4]; /* entries x {c0, c1, c2, c3} */
    long double max_err;
} table;

/* The cubic through f at the piece's four Chebyshev nodes, in powers of t. */
static void fit(const table_spec *s, int k, int i, long double c[4])
{
    long double t[4], y[4], h = s->span / (long double)(1 << k);
    for (int n = 0; n < 4; n++) {
        t[n] = (1.0L - cosl((2 * n + 1) * pi_l() / 8.0L)) / 2.0L;
        y[n] = s->f(s->lo + h * ((long double)i + t[n]));
    }
    /* Newton divided differences, then expanded to the monomial basis */
    long double d[4] = {y[0], y[1], y[2], y[3]};
    for (int j = 1; j < 4; j++)
        for (int n = 3; n >= j; n--)
            d[n] = (d[n] - d[n - 1]) / (t[n] - t[n - j]);
    long double p[4] = {d[3], 0, 0, 0}; /* p(t) = d3, then p = p * (t - t_n) + d_n */
    for (int n = 2; n >= 0; n--) {
        long double q[4] = {0, 0, 0, 0};
        for (int j = 0; j < 3; j++) {
            q[j + 1] += p[j];
            q[j] -= p[j] * t[n];
        }
        q[0] += d[n];
        for (int j = 0; j < 4; j++)
            p[j] = q[j];
    }
    for (int j = 0; j < 4; j++)
        c[j] = p[j];
}

/* floor(a * t / 2^MT_TB), as fp_mufu.v's arithmetic shift of the product */
static int64_t mul_t(int64_t a, uint64_t t)
{
    i128 p = (i128)a * (i128)t;
    return (int64_t)(p >> MT_TB); /* arithmetic shift: floor */
}

/* fp_mufu.v's evaluation, as an integer scaled by 2^MT_F */
static int64_t horner(const int64_t c[4], uint64_t t)
{
    int64_t acc = c[3];
    acc = c[2] + mul_t(acc, t);
    acc = c[1] + mul_t(acc, t);
    return c[0] + mul_t(acc, t);
}

static int build(const table_spec *s, int k, table *tb)
{
    tb->k = k;
    tb->entries = (1 << k) + s->end_entry;
    tb->c = calloc((size_t)tb->entries, sizeof *tb->c);
    if (!tb->c)
        return -1;
    long double scale = ldexpl(1.0L, MT_F), h = s->span / (long double)(1 << k);
    tb->max_err = 0;
    for (int i = 0; i < (1 << k); i++) {
        long double c[4];
        fit(s, k, i, c);
        for (int j = 0; j < 4; j++)
            tb->c[i][j] = llroundl(c[j] * scale);
        for (int n = 0; n <= CHECKS_PER_PIECE; n++) {
            /* the grid, its last point the largest t (all ones) */
            uint64_t t = n == CHECKS_PER_PIECE ? (1ull << MT_TB) - 1
                                               : ((uint64_t)n << MT_TB) / CHECKS_PER_PIECE;
            long double x = s->lo + h * ((long double)i + ldexpl((long double)t, -MT_TB));
            long double err = fabsl(ldexpl((long double)horner(tb->c[i], t), -MT_F) - s->f(x));
            if (err > tb->max_err)
                tb->max_err = err;
        }
    }
    if (s->end_entry)
        tb->c[1 << k][0] = llroundl(s->f(s->lo + s->span) * scale);
    return 0;
}

/* Bits of a signed two's-complement field holding v. */
static int signed_bits(int64_t v)
{
    int n = 1;
    while (v < -(1ll << (n - 1)) || v >= (1ll << (n - 1)))
        n++;
    return n;
}

/* floor(2^INV_2PI_BITS / (2 pi)) in hex, from MPFR. */
static int inv_2pi_hex(char *out, size_t len)
{
    mpfr_t x;
    mpz_t z;
    mpfr_init2(x, INV_2PI_BITS + 64);
    mpz_init(z);
    mpfr_const_pi(x, MPFR_RNDN);
    mpfr_mul_2ui(x, x, 1, MPFR_RNDN);
    mpfr_ui_div(x, 1, x, MPFR_RNDN);
    mpfr_mul_2ui(x, x, INV_2PI_BITS, MPFR_RNDN);
    mpfr_get_z(z, x, MPFR_RNDD);
    int rc = mpz_sizeinbase(z, 16) + 1 <= len ? 0 : -1;
    if (rc == 0)
        mpz_get_str(out, 16, z);
    mpz_clear(z);
    mpfr_clear(x);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_mufu_tables OUTPUT.vh\n");
        return 2;
    }
    static table tabs[TABLE_COUNT];
    int width[4] = {0, 0, 0, 0}, entries = 0;
    for (size_t n = 0; n < TABLE_COUNT; n++) {
        int k = K_MIN;
        for (;; k++) {
            if (build(&TABLES[n], k, &tabs[n]) != 0) {
                fprintf(stderr, "gen_mufu_tables: out of memory\n");
                return 1;
            }
            if (tabs[n].max_err <= TARGET_ERR)
                break;
            if (k == K_MAX) {
                fprintf(stderr, "gen_mufu_tables: %s: error %Lg above 2^%d with 2^%d pieces\n",
                        TABLES[n].name, tabs[n].max_err, (int)log2l(TARGET_ERR), K_MAX);
                return 1;
            }
            free(tabs[n].c);
        }
        for (int i = 0; i < tabs[n].entries; i++)
            for (int j = 0; j < 4; j++)
                if (signed_bits(tabs[n].c[i][j]) > width[j])
                    width[j] = signed_bits(tabs[n].c[i][j]);
        printf("gen_mufu_tables: %-6s %-52s 2^%d pieces, error %.2f * 2^-40\n", TABLES[n].name,
               TABLES[n].what, tabs[n].k, (double)ldexpl(tabs[n].max_err, 40));
        entries += tabs[n].entries;
    }
    int aw = 1;
    while ((1 << aw) < entries)
        aw++;
    char inv2pi[INV_2PI_BITS / 4 + 8];
    if (inv_2pi_hex(inv2pi, sizeof inv2pi) != 0) {
        fprintf(stderr, "gen_mufu_tables: 1/(2 pi) does not fit\n");
        return 1;
    }

    FILE *o = fopen(argv[1], "w");
    if (!o) {
        perror(argv[1]);
        return 1;
    }
    int w = width[0] + width[1] + width[2] + width[3];
    if (aw > 16 || TABLE_COUNT > 16) {
        fprintf(stderr, "gen_mufu_tables: the ROM outgrew fp_mufu's address or table fields\n");
        return 1;
    }
    fprintf(o, "// fp_mufu_tables.vh: written by hdl_stubs/fp/tools/gen_mufu_tables.c at build\n"
               "// time; do not edit. Cubic pieces y = c0 + t*(c1 + t*(c2 + t*c3)), t in [0, 1)\n"
               "// of MT_TB bits, coefficients signed and scaled by 2^MT_F; ROM word\n"
               "// {c0, c1, c2, c3}. Largest error of every table below 2^%d.\n",
            (int)log2l(TARGET_ERR));
    fprintf(o, "/* verilator lint_off UNUSEDPARAM */\n");
    fprintf(o, "localparam MT_F = %d;\nlocalparam MT_TB = %d;\n", MT_F, MT_TB);
    fprintf(o, "localparam MT_W0 = %d, MT_W1 = %d, MT_W2 = %d, MT_W3 = %d;\n", width[0], width[1],
            width[2], width[3]);
    fprintf(o, "localparam MT_W = %d;\nlocalparam MT_AW = %d;\n", w, aw);
    int base = 0;
    for (size_t n = 0; n < TABLE_COUNT; n++) {
        fprintf(o, "localparam [3:0] MT_T_%s = 4'd%zu; // %s: 2^%d pieces at %d\n", TABLES[n].name,
                n, TABLES[n].what, tabs[n].k, base);
        base += tabs[n].entries;
    }
    fprintf(o, "localparam [%d:0] MT_INV_2PI = %d'h%s; // floor(2^%d / (2 pi))\n",
            INV_2PI_BITS - 1, INV_2PI_BITS, inv2pi, INV_2PI_BITS);
    fprintf(o, "/* verilator lint_on UNUSEDPARAM */\n\n");
    /* {ROM address, t} of a table at argument xf: its top k bits pick the
     * piece, the next MT_TB bits are t; top: the argument is 1.0 (the extra
     * entry of a table that has one) */
    fprintf(o, "// {ROM address, t} of table `tab` at argument xf, a fraction in [0, 1) (top:\n"
               "// the argument 1.0, for a table with an entry there); a table reads only\n"
               "// its argument's top bits\n/* verilator lint_off UNUSEDSIGNAL */\n"
               "function [MT_AW+MT_TB-1:0] mt_locate(input [3:0] mt_tab, input [63:0] mt_xf, "
               "input mt_top);\n    case (mt_tab)\n");
    base = 0;
    for (size_t n = 0; n < TABLE_COUNT; n++) {
        int k = tabs[n].k;
        fprintf(o, "        MT_T_%s: mt_locate = ", TABLES[n].name);
        if (TABLES[n].end_entry)
            fprintf(o, "mt_top ? {%d'd%d, %d'd0} :\n            ", aw, base + (1 << k), MT_TB);
        fprintf(o, "{%d'd%d + {%d'd0, mt_xf[63:%d]}, mt_xf[%d:%d]};\n", aw, base, aw - k, 64 - k,
                63 - k, 64 - k - MT_TB);
        base += tabs[n].entries;
    }
    fprintf(o, "        default: mt_locate = {(MT_AW + MT_TB){1'b0}};\n    endcase\nendfunction\n"
               "/* verilator lint_on UNUSEDSIGNAL */\n\n");
    fprintf(o, "localparam MT_N = %d;\nreg [MT_W-1:0] mt_rom [0:MT_N-1];\ninitial begin\n", entries);
    base = 0;
    for (size_t n = 0; n < TABLE_COUNT; n++)
        for (int i = 0; i < tabs[n].entries; i++, base++) {
            fprintf(o, "    mt_rom[%d] = {", base);
            for (int j = 0; j < 4; j++) {
                uint64_t mask = width[j] == 64 ? ~0ull : (1ull << width[j]) - 1;
                fprintf(o, "%s%d'h%llx", j ? ", " : "", width[j],
                        (unsigned long long)((uint64_t)tabs[n].c[i][j] & mask));
            }
            fprintf(o, "};\n");
        }
    fprintf(o, "end\n");
    if (fclose(o) != 0) {
        perror(argv[1]);
        return 1;
    }
    for (size_t n = 0; n < TABLE_COUNT; n++)
        free(tabs[n].c);
    printf("gen_mufu_tables: %d entries of %d bits (c0..c3: %d %d %d %d) -> %s\n", entries, w,
           width[0], width[1], width[2], width[3], argv[1]);
    return 0;
}
