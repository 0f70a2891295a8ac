/* Model: group SYNCOp (isa/spec/sync.isa) with divergent and inactive lanes.
 *
 * Lanes are taken out two ways: a guard predicate false (P0, initialised per
 * lane) and an earlier EXIT (P5 lanes exit first). Expected values are
 * computed here from the spec's rules, lane by lane. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"

#define LANES 32
#define OLD_RD 0xDEAD0000u /* Rd before the instruction, lane added */






/* A warp where lanes of `exited` leave first and `guard` (P0) picks the rest. */
static void add_prologue(th_src *s, uint32_t exited, uint32_t guard)
{
    th_add_mask(s, ".init P5", exited);
    th_add_mask(s, ".init P0", guard);
    uint32_t old[LANES];
    for (unsigned l = 0; l < LANES; l++)
        old[l] = OLD_RD + l;
    th_add_lanes(s, ".init R1", old);
    th_add(s, "@P5 EXIT ;\n");
}

static void check_lane_values(const th_run_t *r, unsigned reg, const uint32_t want[LANES],
                              const char *what)
{
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t got = gm_gpr(r->model, 0, reg, l);
        if (got != want[l])
            fail_msg("%s: R%u lane %u: expected 0x%x, got 0x%x", what, reg, l, want[l], got);
    }
}

static void check_pred(const th_run_t *r, unsigned pred, uint32_t want, const char *what)
{
    uint32_t got = gm_pred_mask(r->model, 0, pred);
    if (got != want)
        fail_msg("%s: P%u expected mask 0x%08x, got 0x%08x", what, pred, want, got);
}

static uint32_t lane_value(unsigned l)
{
    return 0x1000u + 0x11u * l;
}

/* ---- SHFL ---- */

/* The spec's rule, for the expected values: source lane or -1. */
static int shfl_rule(char mode, int lane, int b, uint32_t c)
{
    int cval = (int)(c & 31), seg = (int)((c >> 8) & 31);
    int bound = (lane & seg) | (cval & ~seg), j;
    switch (mode) {
    case 'U': j = lane - b; return j >= bound ? j : -1;
    case 'D': j = lane + b; return j <= bound ? j : -1;
    case 'B': j = lane ^ b; return j <= bound ? j : -1;
    default: j = (lane & seg) | (b & ~seg); return j <= bound ? j : -1;
    }
}

typedef struct {
    const char *mode; /* IDX, UP, DOWN, BFLY */
    int b;            /* -1: per-lane SrcB from R2 = 31 - lane */
    uint32_t c;
} shfl_case;

/* SHFL.mode P1, R1, R0, b, c with exited/guarded lanes; P1 starts as ~0. */
static void check_shfl(shfl_case k, uint32_t exited, uint32_t guard)
{
    th_src s = {.len = 0};
    add_prologue(&s, exited, guard);
    uint32_t ra[LANES], rb[LANES];
    for (unsigned l = 0; l < LANES; l++) {
        ra[l] = lane_value(l);
        rb[l] = 31 - l + 0x20; /* bits above 4 are ignored */
    }
    th_add_lanes(&s, ".init R0", ra);
    th_add_lanes(&s, ".init R2", rb);
    th_add(&s, ".init P1 1\n.init R3 0x%x\n", k.c);
    if (k.b < 0)
        th_add(&s, "@P0 SHFL.%s P1, R1, R0, R2, R3 ;\nEXIT ;\n", k.mode);
    else
        th_add(&s, "@P0 SHFL.%s P1, R1, R0, 0x%x, 0x%x ;\nEXIT ;\n", k.mode, k.b, k.c);
    th_run_t r = th_run_pass(s.text);
    uint32_t want[LANES], pu = 0xFFFFFFFFu;
    uint32_t s_mask = guard & ~exited;
    for (unsigned l = 0; l < LANES; l++) {
        want[l] = OLD_RD + l;
        if (!((s_mask >> l) & 1u))
            continue;
        int b = k.b < 0 ? (int)(rb[l] & 31) : k.b;
        int j = shfl_rule(k.mode[0], (int)l, b, k.c);
        want[l] = ra[j < 0 ? l : (unsigned)j]; /* any lane's Ra, participating or not */
        if (j < 0)
            pu &= ~(1u << l);
    }
    char what[96];
    snprintf(what, sizeof what, "SHFL.%s b=%d c=0x%x", k.mode, k.b, k.c);
    check_lane_values(&r, 1, want, what);
    check_pred(&r, 1, pu, what);
    th_free(&r);
}

static void shfl_modes(void **state)
{
    (void)state;
    const shfl_case cases[] = {
        {"IDX", -1, 0x1F},   {"IDX", 5, 0x1F},    {"IDX", 3, 0x1807},  {"IDX", 9, 0x1807},
        {"IDX", 5, 0x1803},  {"UP", 1, 0x0},      {"UP", 3, 0x1800},   {"UP", 31, 0x0},
        {"UP", 0, 0x0},      {"DOWN", 2, 0x1F},   {"DOWN", 1, 0x1C03}, {"DOWN", 31, 0x1F},
        {"BFLY", 1, 0x1F},   {"BFLY", 16, 0x100F}, {"BFLY", 7, 0x1807}, {"BFLY", 31, 0x0F},
        {"IDX", -1, 0x1F03}, {"DOWN", -1, 0x1F},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        check_shfl(cases[i], 0, 0xFFFFFFFFu);
        /* half the warp not executing: they are still read, never written */
        check_shfl(cases[i], 0x0000F000u, 0x5A5A5A5Au);
    }
}

/* Rd = Ra: every lane reads its neighbour's value from before the instruction. */
static void shfl_reads_old_values(void **state)
{
    (void)state;
    th_run_t r = th_run_pass("S2R R0, SR_LANEID ;\nSHFL.DOWN P1, R0, R0, 0x1, 0x1f ;\nEXIT ;\n"
                             ".expect R0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 "
                             "23 24 25 26 27 28 29 30 31 31\n");
    check_pred(&r, 1, 0x7FFFFFFFu, "SHFL.DOWN in place");
    th_free(&r);
    /* the spec's example */
    r = th_run_pass("S2R R0, SR_LANEID ;\nSHFL.UP P0, R1, R0, 0x1, 0x0 ;\nEXIT ;\n"
                    ".expect R1 0 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 "
                    "25 26 27 28 29 30\n");
    check_pred(&r, 0, 0xFFFFFFFEu, "SHFL.UP example");
    th_free(&r);
}

/* ---- MOVM ---- */

static uint32_t element(unsigned row, unsigned col)
{
    return 0xA000u | row << 4 | col;
}

static void movm_transposes(void **state)
{
    (void)state;
    th_src s = {.len = 0};
    uint32_t guard = 0xFFFF00FFu;
    add_prologue(&s, 0, guard);
    uint32_t m[LANES], want[LANES];
    for (unsigned l = 0; l < LANES; l++)
        m[l] = element(l / 4, 2 * (l % 4)) | element(l / 4, 2 * (l % 4) + 1) << 16;
    th_add_lanes(&s, ".init R0", m);
    th_add(&s, "@P0 MOVM.16.MT88 R1, R0 ;\nMOVM.16.MT88 R2, R0 ;\nMOVM.16.MT88 R3, R2 ;\nEXIT ;\n");
    th_run_t r = th_run_pass(s.text);
    for (unsigned l = 0; l < LANES; l++) {
        unsigned row = l / 4, c0 = 2 * (l % 4);
        uint32_t t = element(c0, row) | element(c0 + 1, row) << 16; /* T[row][c] = M[c][row] */
        want[l] = (guard >> l) & 1u ? t : OLD_RD + l;
    }
    check_lane_values(&r, 1, want, "MOVM with lanes 8..15 off");
    check_lane_values(&r, 3, m, "MOVM twice"); /* transposing twice gives M back */
    th_free(&r);
}

/* ---- VOTE / VOTEU ---- */

typedef struct {
    const char *op;
    bool negate;
} vote_case;

static bool vote_rule(const char *op, uint32_t ballot, uint32_t s_mask)
{
    if (!strcmp(op, "ANY"))
        return ballot != 0;
    if (!strcmp(op, "ALL"))
        return ballot == s_mask;
    return ballot == 0 || ballot == s_mask;
}

static void check_vote(vote_case k, uint32_t p1, uint32_t exited, uint32_t guard)
{
    th_src s = {.len = 0};
    add_prologue(&s, exited, guard);
    th_add_mask(&s, ".init P1", p1);
    th_add(&s, ".init P2 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1\n"
            ".init UR4 0x1234\n.init UP1 1\n");
    th_add(&s, "@P0 VOTE.%s R1, P2, %sP1 ;\n@P0 VOTEU.%s UR4, UP1, %sP1 ;\nEXIT ;\n", k.op,
        k.negate ? "!" : "", k.op, k.negate ? "!" : "");
    th_run_t r = th_run_pass(s.text);
    uint32_t s_mask = guard & ~exited;
    uint32_t ballot = (k.negate ? ~p1 : p1) & s_mask;
    bool result = vote_rule(k.op, ballot, s_mask);
    uint32_t want[LANES];
    for (unsigned l = 0; l < LANES; l++)
        want[l] = (s_mask >> l) & 1u ? ballot : OLD_RD + l;
    char what[64];
    snprintf(what, sizeof what, "VOTE.%s %sP1=0x%x S=0x%x", k.op, k.negate ? "!" : "", p1, s_mask);
    check_lane_values(&r, 1, want, what);
    uint32_t p2_before = 0xAAAAAAAAu;
    check_pred(&r, 2, (p2_before & ~s_mask) | (result ? s_mask : 0), what);
    /* uniform results: not written when S is empty */
    uint32_t ur = gm_ur(r.model, 0, 4), up1 = (gm_upred_mask(r.model, 0) >> 1) & 1u;
    if (ur != (s_mask ? ballot : 0x1234u) || up1 != (s_mask ? result : 1u))
        fail_msg("VOTEU.%s: UR4 = 0x%x, UP1 = %u (S = 0x%x)", k.op, ur, up1, s_mask);
    th_free(&r);
}

static void vote(void **state)
{
    (void)state;
    const vote_case ops[] = {{"ANY", false}, {"ALL", false}, {"EQ", false},
                             {"ANY", true},  {"ALL", true},  {"EQ", true}};
    /* P1 patterns: none, all, mixed, true exactly on the participating lanes */
    const uint32_t p1s[] = {0, 0xFFFFFFFFu, 0x00F0F00Fu, 0x0F0F0F00u};
    for (unsigned i = 0; i < 6; i++)
        for (unsigned j = 0; j < 4; j++) {
            check_vote(ops[i], p1s[j], 0, 0xFFFFFFFFu);
            check_vote(ops[i], p1s[j], 0x000000FFu, 0x0F0F0FFFu); /* S = 0x0F0F0F00 */
            check_vote(ops[i], p1s[j], 0, 0);                      /* S empty */
        }
    /* the spec's examples */
    th_run_t r = th_run_pass("VOTE.EQ R0, P0, PT ;\nVOTEU.EQ UR0, UP0, PT ;\nEXIT ;\n"
                             ".expect R0 0xFFFFFFFF\n.expect P0 1\n.expect UR0 0xFFFFFFFF\n"
                             ".expect UP0 1\n");
    th_free(&r);
}

/* ---- REDUX / REDUXU ---- */

static uint32_t redux_rule(const char *op, bool is_signed, const uint32_t *v, uint32_t s_mask)
{
    bool first = true;
    uint32_t acc = 0;
    for (unsigned l = 0; l < LANES; l++) {
        if (!((s_mask >> l) & 1u))
            continue;
        uint32_t x = v[l];
        if (first)
            acc = x;
        else if (!strcmp(op, "AND"))
            acc &= x;
        else if (!strcmp(op, "OR"))
            acc |= x;
        else if (!strcmp(op, "XOR"))
            acc ^= x;
        else if (!strcmp(op, "SUM"))
            acc += x;
        else {
            bool less = is_signed ? (int32_t)x < (int32_t)acc : x < acc;
            bool take = !strcmp(op, "MIN") ? less : !less && x != acc;
            acc = take ? x : acc;
        }
        first = false;
    }
    return acc;
}

static void check_redux(const char *op, const char *dtype, const uint32_t *v, uint32_t exited,
                        uint32_t guard)
{
    th_src s = {.len = 0};
    add_prologue(&s, exited, guard);
    th_add_lanes(&s, ".init R0", v);
    th_add(&s, ".init UR5 0x5555\n@P0 REDUX.%s.%s R1, R0 ;\n@P0 REDUXU.%s.%s UR5, R0 ;\nEXIT ;\n",
        dtype, op, dtype, op);
    th_run_t r = th_run_pass(s.text);
    uint32_t s_mask = guard & ~exited;
    uint32_t result = redux_rule(op, !strcmp(dtype, "S32"), v, s_mask), want[LANES];
    for (unsigned l = 0; l < LANES; l++)
        want[l] = (s_mask >> l) & 1u ? result : OLD_RD + l;
    char what[64];
    snprintf(what, sizeof what, "REDUX.%s.%s S=0x%x", dtype, op, s_mask);
    check_lane_values(&r, 1, want, what);
    uint32_t ur = gm_ur(r.model, 0, 5);
    if (ur != (s_mask ? result : 0x5555u))
        fail_msg("REDUXU.%s.%s: UR5 = 0x%x, expected 0x%x", dtype, op, ur,
                 s_mask ? result : 0x5555u);
    th_free(&r);
}

static void redux(void **state)
{
    (void)state;
    /* extremes in the participating lanes and (other ones) in the excluded lanes */
    uint32_t v[LANES];
    for (unsigned l = 0; l < LANES; l++)
        v[l] = 0x01000000u * l + 0x10001u * l;
    v[2] = 0x80000000u; v[3] = 0x7FFFFFFFu; v[4] = 0xFFFFFFFFu; v[5] = 0;
    v[20] = 0x80000001u; v[21] = 0xFFFFFFFEu; /* guarded off below */
    const char *ops[] = {"AND", "OR", "XOR", "SUM", "MIN", "MAX"};
    for (unsigned i = 0; i < 6; i++)
        for (unsigned d = 0; d < 2; d++) {
            const char *dtype = d ? "S32" : "U32";
            check_redux(ops[i], dtype, v, 0, 0xFFFFFFFFu);
            check_redux(ops[i], dtype, v, 0x00000003u, 0xFFCFFFFFu);
            check_redux(ops[i], dtype, v, 0xFFFFFFFFu & ~(1u << 9), 0xFFFFFFFFu); /* one lane */
            check_redux(ops[i], dtype, v, 0, 0); /* nobody: UR5 untouched */
        }
    /* values that make the signed/unsigned distinction */
    th_run_t r = th_run_pass(
        ".init R1 0x80000000 0x7FFFFFFF 0xFFFFFFFF 0 1 1 1 1 1 1 1 1 1 1 1 1 1 "
        "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n"
        "REDUX.S32.MIN R2, R1 ;\nREDUX.S32.MAX R3, R1 ;\nREDUX.MIN R4, R1 ;\n"
        "REDUX.MAX R5, R1 ;\nREDUX.SUM R0, R1 ;\nREDUXU.SUM UR4, R1 ;\nEXIT ;\n"
        ".expect R2 0x80000000\n.expect R3 0x7FFFFFFF\n.expect R4 0\n"
        ".expect R5 0xFFFFFFFF\n.expect R0 0x1A\n.expect UR4 0x1A\n"); /* the sum wraps */
    th_free(&r);
}

/* ---- MATCH ---- */

static void match_any_all(void **state)
{
    (void)state;
    /* values: lane % 3 except lanes 30, 31 (unique); lanes 3, 4 off */
    th_src s = {.len = 0};
    uint32_t guard = ~0x18u, v[LANES], any[LANES], all[LANES], eq[LANES];
    add_prologue(&s, 0, guard);
    for (unsigned l = 0; l < LANES; l++) {
        v[l] = l >= 30 ? 100 + l : l % 3;
        eq[l] = 7;
    }
    th_add_lanes(&s, ".init R0", v);
    eq[4] = 8; /* differs only in a lane that does not participate */
    th_add_lanes(&s, ".init R4", eq);
    th_add(&s, ".init R2 0\n.init P1 1\n.init P2 0\n@P0 MATCH.ANY R1, P1, R0 ;\n"
            "@P0 MATCH.ALL R2, P2, R4 ;\n@P0 MATCH.ALL R3, P3, R0 ;\nEXIT ;\n");
    th_run_t r = th_run_pass(s.text);
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t same = 0;
        for (unsigned k = 0; k < LANES; k++)
            if ((guard >> k) & 1u && v[k] == v[l])
                same |= 1u << k;
        any[l] = (guard >> l) & 1u ? same : OLD_RD + l;
        all[l] = (guard >> l) & 1u ? guard : 0;
    }
    check_lane_values(&r, 1, any, "MATCH.ANY");
    check_pred(&r, 1, ~guard, "MATCH.ANY pu false in S");
    check_lane_values(&r, 2, all, "MATCH.ALL equal");
    check_pred(&r, 2, guard, "MATCH.ALL pu");
    const uint32_t zero[LANES] = {0}; /* 0 in S; R3 was 0 elsewhere */
    check_lane_values(&r, 3, zero, "MATCH.ALL different");
    check_pred(&r, 3, 0, "MATCH.ALL different pu");
    th_free(&r);
}

static void match_u64(void **state)
{
    (void)state;
    /* equal low words, high words differing in lane 7 only; lane 9 exited */
    th_run_t r = th_run_pass(
        ".init P5 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
        ".init R2 0x55\n.init R3 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x2 0x1 0x9 0x1 0x1 0x1 0x1 0x1 0x1 "
        "0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1 0x1\n"
        "@P5 EXIT ;\nMATCH.U64.ANY R0, P0, R[2:3] ;\nMATCH.U64.ALL R1, P1, R[2:3] ;\n"
        "MATCH.ALL R4, P2, R2 ;\nEXIT ;\n"
        ".expect R0 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F "
        "0x80 0xFFFFFD7F 0 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F "
        "0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F "
        "0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F 0xFFFFFD7F\n"
        ".expect R1 0\n.expect P1 0\n"
        ".expect R4 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF "
        "0xFFFFFDFF 0xFFFFFDFF 0 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF "
        "0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF "
        "0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF 0xFFFFFDFF\n"
        ".expect P2 1 1 1 1 1 1 1 1 1 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n");
    th_free(&r);
}

/* ---- ELECT / ELECTU ---- */

typedef struct {
    const char *filter; /* operand text: "P1", "!P1", "UR6", "~UR6" */
    uint32_t filter_mask; /* lanes passing it (before intersecting with S) */
} elect_case;

static void check_elect(elect_case k, uint32_t exited, uint32_t guard, uint32_t p1, uint32_t ur6)
{
    th_src s = {.len = 0};
    add_prologue(&s, exited, guard);
    th_add_mask(&s, ".init P1", p1);
    th_add(&s, ".init UR6 0x%x\n.init UR7 0x7777\n.init P2 1\n.init P3 1\n", ur6);
    th_add(&s, "@P0 ELECT P2, R1, %s ;\n@P0 ELECTU P3, UR7, %s ;\nEXIT ;\n", k.filter, k.filter);
    th_run_t r = th_run_pass(s.text);
    uint32_t s_mask = guard & ~exited, candidates = k.filter_mask & s_mask;
    uint32_t leader = candidates ? (uint32_t)__builtin_ctz(candidates) : 0xFFFFFFFFu;
    uint32_t want[LANES], pu = ~s_mask;
    for (unsigned l = 0; l < LANES; l++) {
        want[l] = (s_mask >> l) & 1u ? leader : OLD_RD + l;
        if (l == leader)
            pu |= 1u << l;
    }
    char what[80];
    snprintf(what, sizeof what, "ELECT %s S=0x%x C=0x%x", k.filter, s_mask, candidates);
    check_lane_values(&r, 1, want, what);
    check_pred(&r, 2, pu, what);
    check_pred(&r, 3, pu, what);
    uint32_t ur = gm_ur(r.model, 0, 7);
    if (ur != (s_mask ? leader : 0x7777u))
        fail_msg("ELECTU %s: UR7 = 0x%x (S = 0x%x)", k.filter, ur, s_mask);
    th_free(&r);
}

static void elect(void **state)
{
    (void)state;
    const uint32_t p1 = 0x00F0F000u, ur6 = 0x0A0000A0u;
    const elect_case cases[] = {
        {"PT", 0xFFFFFFFFu}, {"P1", p1}, {"!P1", ~p1}, {"UR6", ur6}, {"~UR6", ~ur6}, {"!PT", 0},
    };
    const uint32_t exited[] = {0, 0x000000FFu, 0, 0};
    const uint32_t guards[] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFF0F0Eu, 0};
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (unsigned g = 0; g < 4; g++)
            check_elect(cases[i], exited[g], guards[g], p1, ur6);
    /* the spec's examples */
    th_run_t r = th_run_pass("ELECT P0, R4, PT ;\nELECTU P1, UR4, PT ;\nEXIT ;\n"
                             ".expect R4 0\n.expect UR4 0\n"
                             ".expect P0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
                             "0 0 0\n");
    check_pred(&r, 1, 1, "ELECTU example");
    th_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shfl_modes),      cmocka_unit_test(shfl_reads_old_values),
        cmocka_unit_test(movm_transposes), cmocka_unit_test(vote),
        cmocka_unit_test(redux),           cmocka_unit_test(match_any_all),
        cmocka_unit_test(match_u64),       cmocka_unit_test(elect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
