/* cosim/model: semantics of spec group SYNCOp (isa/spec/sync.isa): MOVM,
 * VOTE, VOTEU, REDUX, REDUXU, MATCH, ELECT, ELECTU, and the table (SHFL is
 * shfl.c's).
 *
 * The participating lanes S are ex->exec (active, guard true). Per-thread
 * results go to the lanes of S only; a uniform result is not written when S
 * is empty. Cross-lane reads see the values before the instruction: writes
 * are staged (exec.h). */
#include "sync.h"

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

static enum redux_op redux_op_of(const gm_decoded *d)
{
    static const uint32_t values[] = {ISA_V_reduxop_AND, ISA_V_reduxop_OR, ISA_V_reduxop_XOR,
                                      ISA_V_reduxop_SUM, ISA_V_reduxop_MIN};
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
        if (gm_d_is(d, ISA_F_reduxop, values[i]))
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

/* The reduction of x over `lanes` (not empty) by op: inlined, so that a
 * prepared REDUX jumps to its loop at once. */
static inline __attribute__((always_inline)) uint32_t redux_of(const uint32_t *x, uint32_t lanes,
                                                               enum redux_op op, bool is_signed)
{
    switch (op) { /* a loop per operation over all 32 lanes, those outside S given its identity */
    case REDUX_AND: return redux_lanes(REDUX_AND, x, lanes, false, ~0u);
    case REDUX_OR: return redux_lanes(REDUX_OR, x, lanes, false, 0);
    case REDUX_XOR: return redux_lanes(REDUX_XOR, x, lanes, false, 0);
    case REDUX_SUM: return redux_lanes(REDUX_SUM, x, lanes, false, 0);
    case REDUX_MIN: return is_signed ? redux_lanes(REDUX_MIN, x, lanes, true, 0x7fffffffu)
                                     : redux_lanes(REDUX_MIN, x, lanes, false, ~0u);
    case REDUX_MAX: break;
    }
    return is_signed ? redux_lanes(REDUX_MAX, x, lanes, true, 0x80000000u)
                     : redux_lanes(REDUX_MAX, x, lanes, false, 0);
}

/* The reduction of Ra over S (S not empty). */
static uint32_t redux_value(gm_exec *ex)
{
    unsigned ra = gm_f(ex, ISA_F_ra);
    bool is_signed = gm_is(ex, ISA_F_dtype, ISA_V_dtype_S32);
    const uint32_t *x = ra < GM_GPRS ? ex->w->gpr[ra] : gm_zero_row;
    return redux_of(x, ex->exec, redux_op_of(ex->d), is_signed);
}

/* REDUX, its operation, type and Ra read when the code is loaded (every
 * REDUX: prep_redux always prepares it). */
typedef struct {
    enum redux_op op;
    bool is_signed;
    uint8_t ra;
} redux_params;

static void redux_prepared(gm_exec *ex)
{
    redux_params p;
    GM_PARAMS(ex->d, redux_params, &p);
    if (!ex->exec)
        return;
    const uint32_t *x = p.ra < GM_GPRS ? ex->w->gpr[p.ra] : gm_zero_row;
    uint32_t r = redux_of(x, ex->exec, p.op, p.is_signed), *d = gm_rd_begin(ex);
    for (unsigned l = 0; l < GM_LANES; l++)
        d[l] = r;
    gm_rd_end(ex, d);
}

static gm_op_fn prep_redux(gm_decoded *d, gm_op_fn fn)
{
    redux_params p = {.op = redux_op_of(d),
                      .is_signed = gm_d_is(d, ISA_F_dtype, ISA_V_dtype_S32),
                      .ra = (uint8_t)gm_d_f(d, ISA_F_ra)};
    GM_SET_PARAMS(d, redux_params, &p);
    return fn;
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
    {ISA_OP_SHFL, sync_op_shfl, sync_prep_shfl},
    {ISA_OP_MOVM, op_movm, NULL},
    {ISA_OP_VOTE, op_vote, NULL},
    {ISA_OP_VOTEU, op_voteu, NULL},
    {ISA_OP_REDUX, redux_prepared, prep_redux},
    {ISA_OP_REDUXU, op_reduxu, NULL},
    {ISA_OP_MATCH, op_match, NULL},
    {ISA_OP_ELECT, op_elect, NULL},
    {ISA_OP_ELECTU, op_electu, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
