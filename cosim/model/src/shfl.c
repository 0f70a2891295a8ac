/* cosim/model: SHFL (isa/spec/sync.isa), the warp shuffle. With SrcB and
 * SrcC immediates (the common form) every lane's source lane is known when
 * the code is loaded: a table of them, or on SSE2 whole 4-lane blocks moved
 * by one shuffle when the table is such a pattern (BFLY, or UP and DOWN by
 * multiples of 4, IDX's broadcast). Cross-lane reads see the values before
 * the instruction: writes are staged (exec.h). */
#include "sync.h"

enum shfl_mode { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };

static enum shfl_mode shfl_mode_of(const gm_decoded *d)
{
    if (gm_d_is(d, ISA_F_mode, ISA_V_mode_UP))
        return SHFL_UP;
    if (gm_d_is(d, ISA_F_mode, ISA_V_mode_DOWN))
        return SHFL_DOWN;
    if (gm_d_is(d, ISA_F_mode, ISA_V_mode_BFLY))
        return SHFL_BFLY;
    return SHFL_IDX;
}

/* The lane whose Ra lane `lane` reads, or -1 when outside the bound (pu false). */
static int shfl_source(enum shfl_mode mode, int lane, uint32_t b, uint32_t c)
{
    int bval = (int)(b & 31u);
    int cval = (int)(c & 31u), segmask = (int)((c >> 8) & 31u);
    int bound = (lane & segmask) | (cval & ~segmask); /* the spec's maxLane */
    int seg_base = lane & segmask;                    /* the spec's minLane */
    int j;
    bool in_range;
    switch (mode) {
    case SHFL_UP:
        j = lane - bval;
        in_range = j >= bound;
        break;
    case SHFL_DOWN:
        j = lane + bval;
        in_range = j <= bound;
        break;
    case SHFL_BFLY:
        j = lane ^ bval;
        in_range = j <= bound;
        break;
    default:
        j = seg_base | (bval & ~segmask);
        in_range = j <= bound;
        break;
    }
    return in_range ? j : -1;
}

/* Every lane's Ra from its source lane into d (a non-participating source
 * lane gives its current Ra: errata C); the lanes in range. Inlined with a
 * constant mode, so that shfl_source's switch folds away; the sources and
 * the mask in one loop (the compiler vectorises it: a third of the cost of
 * a loop that also reads), the reads in another. */
static inline __attribute__((always_inline)) uint32_t shfl_lanes(enum shfl_mode mode, const uint32_t *b,
                                                                 const uint32_t *c, const uint32_t *value,
                                                                 uint32_t *d)
{
    int read[GM_LANES];
    uint32_t in_range = 0;
    for (unsigned l = 0; l < GM_LANES; l++) {
        int src = shfl_source(mode, (int)l, b[l], c[l]);
        read[l] = src < 0 ? (int)l : src;
        in_range |= src < 0 ? 0 : gm_lane_bit[l];
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = value[read[l]];
    return in_range;
}

/* The whole warp at once: sources read as rows, rd and pu staged as the
 * lane-by-lane writes would stage them. */
void sync_op_shfl(gm_exec *ex)
{
    if (!ex->exec)
        return;
    enum shfl_mode mode = shfl_mode_of(ex->d);
    unsigned ra = gm_f(ex, ISA_F_ra);
    uint32_t sb[GM_LANES], sc[GM_LANES], in_range = 0;
    const uint32_t *b = gm_src_row(ex, 'b', sb), *c = gm_src_row(ex, 'c', sc);
    const uint32_t *value = ra < GM_GPRS ? ex->w->gpr[ra] : gm_zero_row;
    uint32_t *d = gm_rd_begin(ex);
    switch (mode) { /* a loop per mode: the mode's switch out of the lanes' loop */
    case SHFL_UP: in_range = shfl_lanes(SHFL_UP, b, c, value, d); break;
    case SHFL_DOWN: in_range = shfl_lanes(SHFL_DOWN, b, c, value, d); break;
    case SHFL_BFLY: in_range = shfl_lanes(SHFL_BFLY, b, c, value, d); break;
    default: in_range = shfl_lanes(SHFL_IDX, b, c, value, d); break;
    }
    gm_rd_end(ex, d);
    gm_set_pred_lanes(ex, gm_f(ex, ISA_F_pu), in_range); /* pu is a PR predicate */
}

/* SHFL with SrcB and SrcC immediates (SHFL_RI): every lane's source lane
 * and the lanes in range are known when the code is loaded. */
typedef struct {
    uint8_t source[GM_LANES];
    uint32_t in_range;
    uint8_t ra, pu;
    uint8_t pattern; /* shfl_blocks: the shuffle every 4-lane block takes */
} shfl_fixed_params;

static void shfl_fixed(gm_exec *ex)
{
    shfl_fixed_params p;
    GM_PARAMS(ex->d, shfl_fixed_params, &p);
    if (!ex->exec)
        return;
    const uint32_t *value = p.ra < GM_GPRS ? ex->w->gpr[p.ra] : gm_zero_row;
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = value[p.source[l]];
    gm_rd_end(ex, d);
    gm_set_pred_lanes(ex, p.pu, p.in_range);
}

/* The shuffle immediate that gives every 4-lane block of d its sources (all
 * from one block of Ra, in one order), or -1 if the table is no such
 * pattern. */
static int block_pattern(const uint8_t source[GM_LANES])
{
    int imm = 0;
    for (unsigned i = 0; i < 4; i++)
        imm |= (source[i] & 3) << (2 * i);
    for (unsigned l = 0; l < GM_LANES; l++)
        if ((source[l] & 3) != ((imm >> (2 * (l & 3))) & 3) || source[l] >> 2 != source[l & ~3u] >> 2)
            return -1;
    return imm;
}

#ifdef __SSE2__
/* d's block q := block source[4q]/4 of value, its lanes reordered by imm
 * (a constant: pshufd has it in its encoding). */
#define SHFL_BLOCKS(imm)                                                                        \
    for (unsigned q = 0; q < GM_LANES / 4; q++)                                                 \
        _mm_storeu_si128((__m128i *)(void *)(d + 4 * q),                                        \
                         _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)(     \
                                               value + (p.source[4 * q] & ~3u))),               \
                                           imm))

/* The patterns of BFLY (lane ^ 0..3: 0xe4, 0xb1, 0x4e, 0x1b), of UP and
 * DOWN by multiples of 4 (0xe4) and of IDX's broadcasts (0x00, 0x55, 0xaa,
 * 0xff); others take shfl_fixed. */
static bool has_block_shuffle(int imm)
{
    return imm == 0xe4 || imm == 0xb1 || imm == 0x4e || imm == 0x1b || imm == 0x00 || imm == 0x55 ||
           imm == 0xaa || imm == 0xff;
}

static void shfl_blocks(gm_exec *ex)
{
    shfl_fixed_params p;
    GM_PARAMS(ex->d, shfl_fixed_params, &p);
    if (!ex->exec)
        return;
    const uint32_t *value = p.ra < GM_GPRS ? ex->w->gpr[p.ra] : gm_zero_row;
    uint32_t *d = gm_rd_begin(ex);
    switch (p.pattern) {
    case 0xe4: SHFL_BLOCKS(0xe4); break;
    case 0xb1: SHFL_BLOCKS(0xb1); break;
    case 0x4e: SHFL_BLOCKS(0x4e); break;
    case 0x1b: SHFL_BLOCKS(0x1b); break;
    case 0x00: SHFL_BLOCKS(0x00); break;
    case 0x55: SHFL_BLOCKS(0x55); break;
    case 0xaa: SHFL_BLOCKS(0xaa); break;
    default: SHFL_BLOCKS(0xff); break;
    }
    gm_rd_end(ex, d);
    gm_set_pred_lanes(ex, p.pu, p.in_range);
}
#endif

gm_op_fn sync_prep_shfl(gm_decoded *d, gm_op_fn fn)
{
    if (d->src[1].kind != GM_SRC_VALUE || d->src[2].kind != GM_SRC_VALUE)
        return fn; /* a lane's own SrcB or SrcC */
    enum shfl_mode mode = shfl_mode_of(d);
    shfl_fixed_params p = {.ra = (uint8_t)gm_d_f(d, ISA_F_ra), .pu = (uint8_t)gm_d_f(d, ISA_F_pu)};
    for (unsigned l = 0; l < GM_LANES; l++) {
        int src = shfl_source(mode, (int)l, d->src[1].value, d->src[2].value);
        p.source[l] = (uint8_t)(src < 0 ? (int)l : src);
        p.in_range |= src < 0 ? 0 : gm_lane_bit[l];
    }
    int pattern = block_pattern(p.source);
    p.pattern = (uint8_t)(pattern < 0 ? 0 : pattern);
    GM_SET_PARAMS(d, shfl_fixed_params, &p);
#ifdef __SSE2__
    if (pattern >= 0 && has_block_shuffle(pattern))
        return shfl_blocks;
#endif
    return shfl_fixed;
}
