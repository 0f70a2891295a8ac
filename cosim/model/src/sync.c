/* cosim/model: semantics of spec group SYNCOp (isa/spec/sync.isa): SHFL,
 * MOVM, VOTE, VOTEU, REDUX, REDUXU, MATCH, ELECT, ELECTU.
 *
 * The participating lanes S are ex->exec (active, guard true). Per-thread
 * results go to the lanes of S only; a uniform result is not written when S
 * is empty. Cross-lane reads see the values before the instruction: writes
 * are staged (exec.h). */
#include "exec.h"

/* ---- SHFL ---- */

enum shfl_mode { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };

static enum shfl_mode shfl_mode_of(gm_exec *ex)
{
    if (gm_is(ex, ISA_F_mode, ISA_V_mode_UP))
        return SHFL_UP;
    if (gm_is(ex, ISA_F_mode, ISA_V_mode_DOWN))
        return SHFL_DOWN;
    if (gm_is(ex, ISA_F_mode, ISA_V_mode_BFLY))
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

static const uint32_t lane_bit[GM_LANES] = {
    1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7,
    1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
    1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
    1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31};

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
        in_range |= src < 0 ? 0 : lane_bit[l];
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = value[read[l]];
    return in_range;
}

/* The whole warp at once: sources read as rows, rd and pu staged as the
 * lane-by-lane writes would stage them. */
static void op_shfl(gm_exec *ex)
{
    if (!ex->exec)
        return;
    enum shfl_mode mode = shfl_mode_of(ex);
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
    gm_set_pred_field_lanes(ex, ISA_F_pu, in_range);
}

/* ---- MOVM.16.MT88 ---- */

static uint32_t half16(uint32_t x, unsigned h)
{
    return h ? x >> 16 : x & 0xFFFFu;
}

/* Rd of lane L holds row L/4, columns 2*(L%4)+h of the transposed matrix. */
static uint32_t movm_lane(gm_exec *ex, unsigned ra, unsigned lane)
{
    unsigned r = lane >> 2;
    uint32_t out = 0;
    for (unsigned h = 0; h < 2; h++) {
        unsigned c = 2 * (lane & 3u) + h;
        uint32_t src = gm_gpr_read(ex, ra, 4 * c + (r >> 1));
        out |= half16(src, r & 1u) << (16 * h);
    }
    return out;
}

static void op_movm(gm_exec *ex)
{
    unsigned ra = gm_f(ex, ISA_F_ra);
    GM_FOR_EACH_LANE(ex, l)
        gm_set_rd(ex, l, movm_lane(ex, ra, l));
}

/* ---- VOTE / VOTEU ---- */

/* Lanes of S whose pp (after `!`) is true. */
static uint32_t ballot(gm_exec *ex)
{
    return gm_pred_lanes(ex, ISA_F_pp) & ex->exec;
}

static bool vote_result(gm_exec *ex, uint32_t ballot_mask)
{
    if (gm_is(ex, ISA_F_voteop, ISA_V_voteop_ANY))
        return ballot_mask != 0;
    if (gm_is(ex, ISA_F_voteop, ISA_V_voteop_ALL))
        return ballot_mask == ex->exec;
    return ballot_mask == 0 || ballot_mask == ex->exec; /* EQ */
}

static void op_vote(gm_exec *ex)
{
    uint32_t mask = ballot(ex);
    bool result = vote_result(ex, mask);
    if (!ex->exec)
        return;
    uint32_t *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = mask;
    gm_rd_end(ex, d);
    gm_set_pred_field_lanes(ex, ISA_F_pu, result ? ~0u : 0);
}

static void op_voteu(gm_exec *ex)
{
    if (!ex->exec)
        return;
    uint32_t mask = ballot(ex);
    gm_set_ur(ex, gm_f(ex, ISA_F_urd), mask);
    gm_set_pred_field(ex, ISA_F_upu, 0, vote_result(ex, mask));
}

/* ---- REDUX / REDUXU ---- */

enum redux_op { REDUX_AND, REDUX_OR, REDUX_XOR, REDUX_SUM, REDUX_MIN, REDUX_MAX };

static enum redux_op redux_op_of(gm_exec *ex)
{
    static const uint32_t values[] = {ISA_V_reduxop_AND, ISA_V_reduxop_OR, ISA_V_reduxop_XOR,
                                      ISA_V_reduxop_SUM, ISA_V_reduxop_MIN};
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
        if (gm_is(ex, ISA_F_reduxop, values[i]))
            return (enum redux_op)i;
    return REDUX_MAX;
}

static uint32_t redux_step(enum redux_op op, uint32_t acc, uint32_t x, bool is_signed)
{
    bool x_less = is_signed ? (int32_t)x < (int32_t)acc : x < acc;
    switch (op) {
    case REDUX_AND: return acc & x;
    case REDUX_OR: return acc | x;
    case REDUX_XOR: return acc ^ x;
    case REDUX_SUM: return acc + x; /* unsigned: wraps mod 2^32 */
    case REDUX_MIN: return x_less ? x : acc;
    case REDUX_MAX: break;
    }
    return x_less ? acc : x;
}

/* The reduction of x over the lanes of `lanes`, each other lane taken as
 * `identity` (the operation's: the result is S's alone, in any order, for
 * these associative and commutative operations). Inlined with a constant op. */
static inline __attribute__((always_inline)) uint32_t redux_lanes(enum redux_op op, const uint32_t *x,
                                                                  uint32_t lanes, bool is_signed, uint32_t identity)
{
    uint32_t acc = identity;
    if (lanes == 0xffffffffu) { /* every lane: a plain loop, which the compiler vectorises */
        for (unsigned l = 0; l < GM_LANES; l++)
            acc = redux_step(op, acc, x[l], is_signed);
        return acc;
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        acc = redux_step(op, acc, (lanes >> l) & 1u ? x[l] : identity, is_signed);
    return acc;
}

/* The reduction of Ra over S (S not empty). */
static uint32_t redux_value(gm_exec *ex)
{
    unsigned ra = gm_f(ex, ISA_F_ra);
    bool is_signed = gm_is(ex, ISA_F_dtype, ISA_V_dtype_S32);
    enum redux_op op = redux_op_of(ex);
    const uint32_t *x = ra < GM_GPRS ? ex->w->gpr[ra] : gm_zero_row;
    switch (op) { /* a loop per operation over all 32 lanes, those outside S given its identity */
    case REDUX_AND: return redux_lanes(REDUX_AND, x, ex->exec, false, ~0u);
    case REDUX_OR: return redux_lanes(REDUX_OR, x, ex->exec, false, 0);
    case REDUX_XOR: return redux_lanes(REDUX_XOR, x, ex->exec, false, 0);
    case REDUX_SUM: return redux_lanes(REDUX_SUM, x, ex->exec, false, 0);
    case REDUX_MIN: return is_signed ? redux_lanes(REDUX_MIN, x, ex->exec, true, 0x7fffffffu)
                                     : redux_lanes(REDUX_MIN, x, ex->exec, false, ~0u);
    case REDUX_MAX: break;
    }
    return is_signed ? redux_lanes(REDUX_MAX, x, ex->exec, true, 0x80000000u)
                     : redux_lanes(REDUX_MAX, x, ex->exec, false, 0);
}

static void op_redux(gm_exec *ex)
{
    if (!ex->exec)
        return;
    uint32_t r = redux_value(ex), *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = r;
    gm_rd_end(ex, d);
}

static void op_reduxu(gm_exec *ex)
{
    if (ex->exec)
        gm_set_ur(ex, gm_f(ex, ISA_F_urd), redux_value(ex));
}

/* ---- MATCH ---- */

static uint64_t match_operand(gm_exec *ex, bool wide, unsigned lane)
{
    return wide ? gm_src64(ex, 'a', lane) : gm_src(ex, 'a', lane);
}

static void op_match(gm_exec *ex)
{
    bool wide = gm_is(ex, ISA_F_dtype, ISA_V_dtype_U64);
    uint64_t value[GM_LANES] = {0};
    GM_FOR_EACH_LANE(ex, l)
        value[l] = match_operand(ex, wide, l);
    if (ex->trapped) /* misaligned register pair */
        return;
    if (gm_is(ex, ISA_F_matchop, ISA_V_matchop_ANY)) {
        GM_FOR_EACH_LANE(ex, l) {
            uint32_t same = 0;
            GM_FOR_EACH_LANE(ex, k)
                if (value[k] == value[l])
                    same |= 1u << k;
            gm_set_rd(ex, l, same);
            gm_set_pred_field(ex, ISA_F_pu, l, false);
        }
        return;
    }
    bool all_equal = true;
    unsigned first = ex->exec ? (unsigned)__builtin_ctz(ex->exec) : 0;
    GM_FOR_EACH_LANE(ex, l)
        all_equal &= value[l] == value[first];
    GM_FOR_EACH_LANE(ex, l) {
        gm_set_rd(ex, l, all_equal ? ex->exec : 0);
        gm_set_pred_field(ex, ISA_F_pu, l, all_equal);
    }
}

/* ---- ELECT / ELECTU ---- */

/* Candidates C: lanes of S passing the filter (X form: pp; U form: URb or ~URb). */
static uint32_t election_candidates(gm_exec *ex)
{
    if (gm_has(ex, ISA_F_urb)) {
        uint32_t mask = gm_src(ex, 'b', 0);
        return ex->exec & (gm_f(ex, ISA_F_urb_bitnot) ? ~mask : mask);
    }
    return ballot(ex);
}

/* Leader's lane ID, 0xFFFFFFFF with no candidate. */
static uint32_t leader_of(uint32_t candidates)
{
    return candidates ? (uint32_t)__builtin_ctz(candidates) : 0xFFFFFFFFu;
}

static void elect_predicates(gm_exec *ex, uint32_t leader)
{
    GM_FOR_EACH_LANE(ex, l)
        gm_set_pred_field(ex, ISA_F_pu, l, l == leader);
}

static void op_elect(gm_exec *ex)
{
    uint32_t leader = leader_of(election_candidates(ex));
    GM_FOR_EACH_LANE(ex, l)
        gm_set_rd(ex, l, leader);
    elect_predicates(ex, leader);
}

static void op_electu(gm_exec *ex)
{
    if (!ex->exec)
        return;
    uint32_t leader = leader_of(election_candidates(ex));
    gm_set_ur(ex, gm_f(ex, ISA_F_urd), leader);
    elect_predicates(ex, leader);
}

const gm_op gm_ops_sync[] = {
    {ISA_OP_SHFL, op_shfl, NULL},
    {ISA_OP_MOVM, op_movm, NULL},
    {ISA_OP_VOTE, op_vote, NULL},
    {ISA_OP_VOTEU, op_voteu, NULL},
    {ISA_OP_REDUX, op_redux, NULL},
    {ISA_OP_REDUXU, op_reduxu, NULL},
    {ISA_OP_MATCH, op_match, NULL},
    {ISA_OP_ELECT, op_elect, NULL},
    {ISA_OP_ELECTU, op_electu, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
