/* Benchmark: the plain-C ceilings of bench_model's mixes (bench_ceilings.h). */
#include <math.h>
#include <string.h>

#include "bench_ceilings.h"
#include "fp/sf_lanes.h"

#define LANES CEILING_LANES

static volatile uint32_t sink; /* keeps the ceilings' results alive */

/* The loop's own IADD R9, R9, -0x1 ; ISETP.NE.AND P0, R9, RZ, PT ; @P0 BRA. */
static void loop_tail(uint32_t r9[LANES])
{
    uint32_t exec = 0;
    for (unsigned l = 0; l < LANES; l++) {
        r9[l] -= 1;
        exec |= (uint32_t)(r9[l] != 0) << l;
    }
    sink = exec;
}

/* ---- integer ---- */

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

void ceiling_integer(uint64_t iterations)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[0][l] = l, r[9][l] = 1000000000;
    for (uint64_t it = 0; it < iterations; it++) {
        for (unsigned l = 0; l < LANES; l++) {
            r[1][l] += r[0][l];
            r[2][l] ^= r[1][l] ^ r[0][l];
            r[3][l] = (uint32_t)((((uint64_t)r[2][l] << 32 | r[1][l]) << 5) >> 32);
            r[4][l] = r[1][l] * r[3][l] + r[4][l];
            r[5][l] = prmt_3120(r[4][l], r[3][l]);
            r[6][l] = popcount32(r[5][l]);
        }
        loop_tail(r[9]);
    }
    sink = r[6][7];
}

/* ---- packed 16-bit floating point ---- */

/* A register's 64 halves, element 32 * half + lane, and back. */
static void split(const uint32_t r[LANES], uint32_t x[SF_LANES16])
{
    for (unsigned l = 0; l < LANES; l++)
        x[l] = r[l] & 0xffff, x[LANES + l] = r[l] >> 16;
}

static void join(const uint32_t x[SF_LANES16], uint32_t r[LANES])
{
    for (unsigned l = 0; l < LANES; l++)
        r[l] = x[l] | x[LANES + l] << 16;
}

/* rd = op(ra, rb[, rc]) on both halves, in format f and mode m. */
static void packed(sf_op op, sf_format f, sf_mode m, const uint32_t *ra, const uint32_t *rb,
                   const uint32_t *rc, uint32_t *rd)
{
    uint32_t a[SF_LANES16], b[SF_LANES16], c[SF_LANES16], d[SF_LANES16];
    split(ra, a);
    split(rb, b);
    if (rc)
        split(rc, c);
    sf_lanes16(op, f, m, a, b, c, d);
    join(d, rd);
}

/* .SAT then the output flush, binary16. */
static void saturate_flush_f16(uint32_t r[LANES])
{
    uint32_t x[SF_LANES16];
    split(r, x);
    for (unsigned i = 0; i < SF_LANES16; i++) {
        uint32_t v = x[i];
        v = ((v & 0x7fff) > 0x7c00 || (v & 0x8000)) ? 0 : v > 0x3c00 ? 0x3c00 : v;
        x[i] = ((v & 0x7c00) == 0 && (v & 0x3ff)) ? v & 0x8000 : v;
    }
    join(x, r);
}

/* HMNMX2 as the maximum (P1 false), binary16: NaN, then -0.0 below +0.0. */
static void maximum_f16(const uint32_t *ra, const uint32_t *rb, uint32_t *rd)
{
    uint32_t a[SF_LANES16], b[SF_LANES16], d[SF_LANES16];
    split(ra, a);
    split(rb, b);
    for (unsigned i = 0; i < SF_LANES16; i++) {
        bool a_nan = (a[i] & 0x7fff) > 0x7c00, b_nan = (b[i] & 0x7fff) > 0x7c00;
        int32_t ka = (int32_t)((a[i] & 0x7fff) ^ (0u - (a[i] >> 15)));
        int32_t kb = (int32_t)((b[i] & 0x7fff) ^ (0u - (b[i] >> 15)));
        d[i] = a_nan && b_nan ? 0x7fff : a_nan ? b[i] : b_nan ? a[i] : ka < kb ? b[i] : a[i];
    }
    join(d, rd);
}

void ceiling_fp16(uint64_t iterations)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[1][l] = 0x3c003c00, r[2][l] = 0x38003800, r[9][l] = 1000000000;
    const sf_mode rn = {SF_RN, false, false}, rz = {SF_RZ, false, false}, ftz = {SF_RN, true, false};
    for (uint64_t it = 0; it < iterations; it++) {
        packed(SF_OP_FMA, SF_F16, rn, r[1], r[2], r[3], r[3]);
        packed(SF_OP_ADD, SF_F16, rn, r[3], r[1], NULL, r[4]);
        packed(SF_OP_MUL, SF_F16, rz, r[4], r[2], NULL, r[5]);
        packed(SF_OP_FMA, SF_F16, ftz, r[5], r[1], r[4], r[6]);
        saturate_flush_f16(r[6]);
        packed(SF_OP_ADD, SF_BF16, rn, r[6], r[2], NULL, r[7]);
        maximum_f16(r[7], r[5], r[8]);
        loop_tail(r[9]);
    }
    sink = r[8][3];
}

void ceiling_bf16(uint64_t iterations)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[1][l] = 0x3f803f80, r[2][l] = 0x3f003f00, r[9][l] = 1000000000;
    const sf_mode rn = {SF_RN, false, false};
    for (uint64_t it = 0; it < iterations; it++) {
        packed(SF_OP_FMA, SF_BF16, rn, r[1], r[2], r[3], r[3]);
        packed(SF_OP_ADD, SF_BF16, rn, r[3], r[1], NULL, r[4]);
        packed(SF_OP_MUL, SF_BF16, rn, r[4], r[2], NULL, r[5]);
        packed(SF_OP_FMA, SF_BF16, rn, r[5], r[1], r[4], r[6]);
        packed(SF_OP_ADD, SF_BF16, rn, r[6], r[2], NULL, r[7]);
        packed(SF_OP_MUL, SF_BF16, rn, r[7], r[5], NULL, r[8]);
        loop_tail(r[9]);
    }
    sink = r[8][3];
}

/* ---- binary32 ---- */

void ceiling_fp32(uint64_t iterations)
{
    uint32_t r[10][LANES] = {{0}}, neg2[LANES];
    for (unsigned l = 0; l < LANES; l++)
        r[1][l] = 0x3f800000, r[2][l] = 0x3f000000, r[9][l] = 1000000000;
    const sf_mode rn = {SF_RN, false, false};
    for (uint64_t it = 0; it < iterations; it++) {
        sf_lanes32(SF_OP_FMA, rn, r[1], r[2], r[3], r[3]);
        sf_lanes32(SF_OP_ADD, rn, r[3], r[1], NULL, r[4]);
        sf_lanes32(SF_OP_MUL, rn, r[4], r[2], NULL, r[5]);
        sf_lanes32(SF_OP_FMA, rn, r[5], r[1], r[4], r[6]);
        for (unsigned l = 0; l < LANES; l++)
            neg2[l] = r[2][l] ^ 0x80000000u;
        sf_lanes32(SF_OP_ADD, rn, r[6], neg2, NULL, r[7]);
        sf_lanes32(SF_OP_MUL, rn, r[7], r[5], NULL, r[8]);
        loop_tail(r[9]);
    }
    sink = r[8][3];
}

/* ---- MUFU: the model's algorithm, exact input in long double, the C
 * library's function, one rounding to binary32 ---- */

typedef long double (*unary)(long double);

static long double rcp(long double x)
{
    return 1.0L / x;
}

static long double rsq(long double x)
{
    return 1.0L / sqrtl(x);
}

static void mufu(unary fn, const uint32_t *ra, uint32_t *rd)
{
    for (unsigned l = 0; l < LANES; l++) {
        union {
            uint32_t bits;
            float value;
        } x = {.bits = ra[l]};
        x.value = (float)fn((long double)x.value);
        rd[l] = x.bits;
    }
}

void ceiling_mufu(uint64_t iterations)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[1][l] = 0x3fc00000, r[9][l] = 1000000000;
    for (uint64_t it = 0; it < iterations; it++) {
        mufu(rcp, r[1], r[3]);
        mufu(rsq, r[3], r[4]);
        mufu(exp2l, r[4], r[5]);
        mufu(log2l, r[5], r[6]);
        mufu(sqrtl, r[1], r[7]);
        mufu(sinl, r[6], r[8]);
        loop_tail(r[9]);
    }
    sink = r[8][3];
}

/* ---- memory: a flat array as the global memory at R[2:3] ---- */

void ceiling_memory(uint64_t iterations)
{
    static uint32_t memory[2 * LANES];
    uint32_t r6[LANES], r7[LANES], r9[LANES];
    for (unsigned l = 0; l < LANES; l++)
        r9[l] = 1000000000;
    for (uint64_t it = 0; it < iterations; it++) {
        for (unsigned l = 0; l < LANES; l++)
            r6[l] = memory[l] + l;
        memcpy(memory, r6, sizeof r6);
        for (unsigned l = 0; l < LANES; l++)
            r7[l] = memory[LANES + l] + r6[l];
        memcpy(memory + LANES, r7, sizeof r7);
        loop_tail(r9);
    }
    sink = memory[5];
}

/* ---- memory, with a model's duties ----
 * The same accesses with what any model of them must do besides the lane
 * arithmetic (issue 42: the plain ceiling above copies two fixed arrays):
 * each lane's 64-bit address from a register pair and an offset, the
 * alignment, range and one-page checks, the page found in a sparse map once
 * per warp access, and a store staged as a record (its lanes, addresses and
 * values: what lockstep compares) before it is applied. No decoding, no
 * scheduling, no records of register writes. */

enum { PAGE_BITS = 12, MAP_SLOTS = 64 };
typedef struct {
    uint64_t page[MAP_SLOTS]; /* page address + 1; 0: a free slot */
    uint8_t *data[MAP_SLOTS];
} sparse_map;

static uint8_t *map_page(sparse_map *m, uint64_t page_addr)
{
    static uint8_t pages[4][1u << PAGE_BITS];
    static unsigned used;
    unsigned slot = (unsigned)((page_addr >> PAGE_BITS) * 0x9e3779b97f4a7c15ull >> 58);
    while (m->page[slot] && m->page[slot] != page_addr + 1)
        slot = (slot + 1) % MAP_SLOTS;
    if (!m->page[slot] && used < 4)
        m->page[slot] = page_addr + 1, m->data[slot] = pages[used++];
    return m->data[slot];
}

typedef struct {
    uint32_t lanes;
    uint64_t addr[LANES];
    uint32_t value[LANES];
} staged_store;

/* Every lane's address; false unless all are aligned, below 2^48 and in one page (*page). */
static int lane_addresses(const uint32_t *lo, const uint32_t *hi, uint64_t offset, uint64_t *addr, uint64_t *page)
{
    uint64_t odd = 0;
    for (unsigned l = 0; l < LANES; l++)
        addr[l] = ((uint64_t)hi[l] << 32 | lo[l]) + offset;
    *page = addr[0] & ~(uint64_t)((1u << PAGE_BITS) - 1);
    for (unsigned l = 0; l < LANES; l++)
        odd |= (addr[l] % 4) | ((addr[l] & ~(uint64_t)((1u << PAGE_BITS) - 1)) ^ *page);
    return !odd && *page < (UINT64_C(1) << 48);
}

static void load_lanes(sparse_map *m, const uint32_t *lo, const uint32_t *hi, uint64_t offset, uint32_t *rd)
{
    uint64_t addr[LANES], page_addr;
    if (!lane_addresses(lo, hi, offset, addr, &page_addr))
        return;
    const uint8_t *page = map_page(m, page_addr);
    for (unsigned l = 0; l < LANES; l++)
        memcpy(&rd[l], page + (addr[l] & ((1u << PAGE_BITS) - 1)), 4);
}

static void store_lanes(sparse_map *m, const uint32_t *lo, const uint32_t *hi, uint64_t offset, const uint32_t *rb,
                        staged_store *st)
{
    uint64_t page_addr;
    if (!lane_addresses(lo, hi, offset, st->addr, &page_addr))
        return;
    st->lanes = 0xffffffffu;
    memcpy(st->value, rb, sizeof st->value);
    uint8_t *page = map_page(m, page_addr); /* applied from the record, as the model applies it */
    for (unsigned l = 0; l < LANES; l++)
        memcpy(page + (st->addr[l] & ((1u << PAGE_BITS) - 1)), &st->value[l], 4);
}

void ceiling_memory_duties(uint64_t iterations)
{
    static sparse_map map;
    static staged_store st;
    uint32_t lo[LANES], hi[LANES] = {0}, r0[LANES], r6[LANES], r7[LANES], r9[LANES];
    for (unsigned l = 0; l < LANES; l++)
        r0[l] = l, lo[l] = 0x10000 + 4 * l, r9[l] = 1000000000;
    for (uint64_t it = 0; it < iterations; it++) {
        load_lanes(&map, lo, hi, 0, r6);
        for (unsigned l = 0; l < LANES; l++)
            r6[l] += r0[l];
        store_lanes(&map, lo, hi, 0, r6, &st);
        load_lanes(&map, lo, hi, 0x80, r7);
        for (unsigned l = 0; l < LANES; l++)
            r7[l] += r6[l];
        store_lanes(&map, lo, hi, 0x80, r7, &st);
        loop_tail(r9);
    }
    sink = st.value[5];
}

/* ---- warp operations ---- */

static void butterfly(const uint32_t *ra, unsigned mask, uint32_t *rd)
{
    for (unsigned l = 0; l < LANES; l++)
        rd[l] = ra[l ^ mask];
}

void ceiling_warp_op(uint64_t iterations)
{
    uint32_t r[10][LANES] = {{0}};
    for (unsigned l = 0; l < LANES; l++)
        r[0][l] = l, r[9][l] = 1000000000;
    for (uint64_t it = 0; it < iterations; it++) {
        butterfly(r[0], 1, r[1]);
        butterfly(r[1], 2, r[2]);
        uint32_t sum = 0, x = 0;
        int32_t max = (int32_t)r[1][0];
        for (unsigned l = 0; l < LANES; l++)
            sum += r[2][l];
        for (unsigned l = 0; l < LANES; l++)
            max = (int32_t)r[1][l] > max ? (int32_t)r[1][l] : max;
        butterfly(r[2], 16, r[5]);
        for (unsigned l = 0; l < LANES; l++)
            x ^= r[5][l];
        for (unsigned l = 0; l < LANES; l++)
            r[3][l] = sum, r[4][l] = (uint32_t)max, r[6][l] = x;
        loop_tail(r[9]);
    }
    sink = r[6][3];
}
