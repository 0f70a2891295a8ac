/* libisa: random kernels that run to completion (isa/random_kernel.h). The
 * body is a sequence of random legal instructions (isa_random_insn over every
 * syntax form the target implements); an instruction whose operands would trap
 * at random gets them from its role (random_roles.c), and a control-flow
 * instruction opens a construct that places it, nested and bounded:
 *   skip     @P BRA L ; body ; L:
 *   if/else  BSSY S ; @P BRA E ; body ; @Q BRA S ; E: body ; S: BSYNC
 *   loop     counter = 1..2 (+ lane % 3) ; L: body ; counter -= 1 ;
 *            ISETP.NE P, counter ; @P BRA L
 *   region   BSSY S ; body ; S: BSYNC
 *   exit     ISETP.GE P, lane, 28..31, Pq ; @P EXIT      (at most 4 lanes end early;
 *            or the negated test and @!P EXIT)
 * BSSY and BSYNC are unguarded, or both @!PT (a region no lane joins).
 * The kernel's instruction count is the body's (count) plus the prologue and
 * the final EXIT; loops make the executed count larger. Where the target's
 * code memory (max_code) cannot hold that, the body is as long as it can
 * hold, repeated until about count instructions have run:
 *   repeat   R47 = trips ; L: body ; R47 -= 1 ; ISETP.NE P0, R47 ; @P0 BRA L */
#include <stdlib.h>
#include <string.h>

#include "random_kernel.h"

#define MAX_DEPTH 4 /* constructs inside constructs (the convergence stack takes 32) */
#define MAX_BODY 8

enum construct { C_SKIP, C_IF_ELSE, C_LOOP, C_REGION, C_EXIT, C_COUNT };

static const char *const loop_init = "IADD R%u, RZ, 0x%x";
static const char *const loop_init_lanes = "IADD R%u, R%u, 0x%x";
static const char *const loop_step = "IADD R%u, R%u, -0x1";
static const char *const loop_test = "ISETP.NE.AND P%u, PT, R%u, RZ, PT";
static const char *const lane_test = "ISETP.GE.AND P%u, PT, R%u, 0x%x, P%u";
static const char *const lane_test_not = "ISETP.LT.OR P%u, PT, R%u, 0x%x, !P%u"; /* its negation */

/* Which picked optypes open a construct, the optypes it places and the helper
 * texts it assembles: a construct is used only where all of them are
 * implemented. */
static const struct {
    const char *starts[3], *places[3], *helpers[4];
    unsigned overhead, bodies;
} constructs[C_COUNT] = {
    [C_SKIP] = {{"BRA"}, {"BRA"}, {NULL}, 1, 1},
    [C_IF_ELSE] = {{"BRA", "BSSY", "BSYNC"}, {"BRA", "BSSY", "BSYNC"}, {NULL}, 4, 2},
    [C_LOOP] = {{"BRA"}, {"BRA"}, {loop_init, loop_init_lanes, loop_step, loop_test}, 4, 1},
    [C_REGION] = {{"BSSY", "BSYNC"}, {"BSSY", "BSYNC"}, {NULL}, 2, 1},
    [C_EXIT] = {{"EXIT"}, {"EXIT"}, {lane_test, lane_test_not}, 2, 0},
};

typedef struct {
    rk_gen g;
    uint32_t *plain, *starter; /* forms: instructions on their own, and those opening constructs */
    uint32_t plain_count, starter_count;
    bool usable[C_COUNT];
} kernel;

/* A random implemented form of optype, or UINT32_MAX. */
static uint32_t form_of(kernel *k, const char *optype)
{
    const isa_tables *t = isa_tables_get();
    uint32_t n = 0, chosen = UINT32_MAX;
    for (uint32_t f = 0; f < t->form_count; f++) {
        const isa_variant *v = &t->variants[t->forms[f].variant];
        if (strcmp(v->optype, optype) == 0 && rk_implements(&k->g, v) && rk_pick(&k->g, ++n) == 0)
            chosen = f;
    }
    return chosen;
}

enum { GUARD_RANDOM = -1, GUARD_PT = 7 };

/* Places a random instance of optype: guard GUARD_RANDOM, or predicate guard
 * (GUARD_PT: PT) negated when `negated`; the branch target (PCREL operand) is
 * the label. */
static void place(kernel *k, const char *optype, int guard, bool negated, uint32_t label)
{
    rk_gen *g = &k->g;
    isa_insn insn;
    isa_word w;
    bool found = false;
    for (int tries = 0; tries < 64 && !found; tries++) { /* a modifier value the target lacks: another */
        uint32_t form = form_of(k, optype);
        if (form == UINT32_MAX || isa_random_insn(form, &g->rng, &g->lim, &insn) != 0)
            break;
        found = rk_implements_insn(g, &insn);
    }
    if (!found) {
        snprintf(g->err, g->errlen, "internal: no legal %s the target implements", optype);
        g->failed = true;
        return;
    }
    const isa_variant *v = isa_variant_of(&insn);
    if (guard != GUARD_RANDOM && v->pg_field != ISA_NONE)
        insn.value[v->pg_field] = (uint32_t)guard, insn.value[v->pg_not_field] = negated;
    const isa_field *f = isa_variant_fields(v);
    for (uint16_t i = 0; i < v->field_count; i++)
        if (isa_field_type(&f[i])->kind == ISA_KIND_PCREL)
            insn.value[i] = 0; /* resolved when written */
    if (isa_encode(&insn, &w, NULL) != 0) {
        snprintf(g->err, g->errlen, "internal: %s does not encode", optype);
        g->failed = true;
        return;
    }
    rk_append(g, w, label);
}

static void block(kernel *k, uint64_t n, unsigned depth, unsigned loops);

static void emit_construct(kernel *k, enum construct c, uint64_t left, unsigned depth, unsigned loops)
{
    rk_gen *g = &k->g;
    /* bodies: a (1..8) and b (0..8) instructions of the room left (choose() saw room for 1) */
    uint64_t room = left - constructs[c].overhead, a = 0, b = 0;
    if (constructs[c].bodies) {
        a = 1 + rk_pick(g, (uint32_t)(room < MAX_BODY ? room : MAX_BODY));
        b = rk_pick(g, (uint32_t)(room - a < MAX_BODY ? room - a : MAX_BODY) + 1);
    }
    unsigned p = rk_pick(g, 7), counter = RK_R_COUNTER + loops;
    bool never = rk_pick(g, 4) == 0; /* BSSY and BSYNC both @!PT: a region nobody joins */
    switch (c) {
    case C_SKIP: {
        uint32_t end = rk_new_label(g);
        place(k, "BRA", GUARD_RANDOM, false, end);
        block(k, a, depth + 1, loops);
        rk_bind(g, end);
        break;
    }
    case C_IF_ELSE: {
        uint32_t sync = rk_new_label(g), other = rk_new_label(g);
        place(k, "BSSY", GUARD_PT, never, sync);
        place(k, "BRA", GUARD_RANDOM, false, other);
        block(k, a, depth + 1, loops);
        place(k, "BRA", GUARD_RANDOM, false, sync); /* lanes not taking it run the other body too */
        rk_bind(g, other);
        block(k, b, depth + 1, loops);
        rk_bind(g, sync);
        place(k, "BSYNC", GUARD_PT, never, RK_NO_LABEL);
        break;
    }
    case C_LOOP: {
        uint32_t top = rk_new_label(g), trips = 1 + rk_pick(g, 2);
        if (rk_pick(g, 2))
            rk_emit_text(g, loop_init_lanes, counter, (unsigned)RK_R_SHAPE, trips);
        else
            rk_emit_text(g, loop_init, counter, trips);
        rk_bind(g, top);
        block(k, a, depth + 1, loops + 1);
        rk_emit_text(g, loop_step, counter, counter);
        rk_emit_text(g, loop_test, p, counter);
        place(k, "BRA", (int)p, false, top);
        break;
    }
    case C_REGION: {
        uint32_t sync = rk_new_label(g);
        place(k, "BSSY", GUARD_PT, never, sync);
        block(k, a, depth + 1, loops);
        rk_bind(g, sync);
        place(k, "BSYNC", GUARD_PT, never, RK_NO_LABEL);
        break;
    }
    case C_EXIT:
        /* lanes 28..31 at most, where a random predicate holds too */
        rk_emit_text(g, never ? lane_test_not : lane_test, p, (unsigned)RK_R_LANE, 28 + rk_pick(g, 4), rk_pick(g, 7));
        place(k, "EXIT", (int)p, never, RK_NO_LABEL);
        break;
    default:
        break;
    }
}

static bool opens(enum construct c, const char *optype)
{
    for (int i = 0; i < 3 && constructs[c].starts[i]; i++)
        if (strcmp(constructs[c].starts[i], optype) == 0)
            return true;
    return false;
}

/* A construct the picked optype opens that fits; C_COUNT if none. */
static enum construct choose(kernel *k, const char *optype, uint64_t left, unsigned depth, unsigned loops)
{
    enum construct fits[C_COUNT];
    uint32_t n = 0;
    for (int c = 0; c < C_COUNT; c++) {
        uint64_t need = constructs[c].overhead + (constructs[c].bodies ? 1 : 0);
        if (k->usable[c] && opens((enum construct)c, optype) && need <= left &&
            (constructs[c].bodies == 0 || depth < MAX_DEPTH) && (c != C_LOOP || loops < RK_LOOP_DEPTH))
            fits[n++] = (enum construct)c;
    }
    return n ? fits[rk_pick(&k->g, n)] : C_COUNT;
}

/* A random instance of form; unguarded: its guard PT (every lane runs it). */
static void plain(kernel *k, uint32_t form, bool unguarded)
{
    rk_gen *g = &k->g;
    isa_insn insn;
    isa_word w;
    if (isa_random_insn(form, &g->rng, &g->lim, &insn) != 0 || !rk_implements_insn(g, &insn))
        return; /* a form with no legal encoding, or a modifier value lacking: the caller picks another */
    const isa_variant *v = isa_variant_of(&insn);
    if (unguarded && v->pg_field != ISA_NONE)
        insn.value[v->pg_field] = GUARD_PT, insn.value[v->pg_not_field] = 0;
    rk_roles_apply(g, &insn);
    if (!g->failed && isa_encode(&insn, &w, NULL) == 0)
        rk_append(g, w, RK_NO_LABEL);
}

/* n instructions at construct depth `depth` inside `loops` loops. */
static void block(kernel *k, uint64_t n, unsigned depth, unsigned loops)
{
    rk_gen *g = &k->g;
    const isa_tables *t = isa_tables_get();
    uint64_t end = g->count + n;
    while (!g->failed && g->count < end) {
        uint32_t i = rk_pick(g, k->plain_count + k->starter_count);
        if (i >= k->plain_count) {
            const char *optype = t->variants[t->forms[k->starter[i - k->plain_count]].variant].optype;
            enum construct c = choose(k, optype, end - g->count, depth, loops);
            if (c != C_COUNT) {
                emit_construct(k, c, end - g->count, depth, loops);
                continue;
            }
            if (!k->plain_count) { /* nothing else to fill with */
                snprintf(g->err, g->errlen, "the target implements only control flow gen cannot fill");
                g->failed = g->unfit = true;
                return;
            }
            i = rk_pick(g, k->plain_count);
        }
        plain(k, k->plain[i], false);
    }
}

static bool is_placed(const char *optype)
{
    for (int c = 0; c < C_COUNT; c++)
        for (int i = 0; i < 3 && constructs[c].places[i]; i++)
            if (strcmp(constructs[c].places[i], optype) == 0)
                return true;
    return false;
}

static bool optype_implemented(const rk_gen *g, const char *optype)
{
    const isa_tables *t = isa_tables_get();
    for (uint32_t v = 0; v < t->variant_count; v++)
        if (strcmp(t->variants[v].optype, optype) == 0 && rk_implements(g, &t->variants[v]))
            return true;
    return false;
}

/* Sorts the implemented forms into plain and construct-opening ones; notes
 * (once per optype) what is left out and why. */
static bool sort_forms(kernel *k, FILE *notes)
{
    rk_gen *g = &k->g;
    const isa_tables *t = isa_tables_get();
    for (int c = 0; c < C_COUNT; c++) {
        k->usable[c] = true;
        for (int i = 0; i < 3 && constructs[c].places[i]; i++)
            k->usable[c] &= optype_implemented(g, constructs[c].places[i]);
        for (int i = 0; i < 4 && constructs[c].helpers[i]; i++)
            k->usable[c] &= rk_text_usable(g, constructs[c].helpers[i]);
    }
    k->plain = malloc(t->form_count * sizeof *k->plain);
    k->starter = malloc(t->form_count * sizeof *k->starter);
    if (!k->plain || !k->starter)
        return false;
    const char *noted = "";
    for (uint32_t f = 0; f < t->form_count; f++) {
        const isa_variant *v = &t->variants[t->forms[f].variant];
        if (!rk_implements(g, v))
            continue;
        const char *why = NULL;
        if (is_placed(v->optype)) {
            bool opened = false;
            for (int c = 0; c < C_COUNT; c++)
                opened |= k->usable[c] && opens((enum construct)c, v->optype);
            if (opened)
                k->starter[k->starter_count++] = f;
            else
                why = "no construct can place it: the target lacks its partner or helper instructions";
        } else if (rk_roles_usable(g, v, &why)) {
            k->plain[k->plain_count++] = f;
        }
        if (why && notes && strcmp(noted, v->optype) != 0)
            fprintf(notes, "gpuhost gen: leaves out %s%s: %s\n", v->optype,
                    strcmp(v->optype, "EXIT") == 0 ? " (but the final one)" : "", why);
        if (why)
            noted = v->optype;
    }
    return true;
}

/* The body of `only`: one instance of the variant, in its construct for a
 * control-flow one (the construct's bodies as small as it allows). */
static int single(kernel *k)
{
    rk_gen *g = &k->g;
    const isa_tables *t = isa_tables_get();
    if (g->o->only_variant >= t->variant_count) {
        snprintf(g->err, g->errlen, "no variant %u in the ISA tables", g->o->only_variant);
        return -1;
    }
    const isa_variant *v = &t->variants[g->o->only_variant];
    if (!rk_implements(g, v)) {
        snprintf(g->err, g->errlen, "the target does not implement %s", v->name);
        return ISA_RANDOM_KERNEL_UNFIT;
    }
    for (uint32_t i = 0; i < k->starter_count; i++)
        if (t->forms[k->starter[i]].variant == g->o->only_variant) {
            enum construct c = choose(k, v->optype, UINT32_MAX, 0, 0);
            if (c == C_COUNT)
                break;
            emit_construct(k, c, constructs[c].overhead + (constructs[c].bodies ? 1 : 0), 0, 0);
            return g->failed ? -1 : 0;
        }
    for (int tries = 0; tries < 64 && !g->failed; tries++) { /* a form may have no legal encoding */
        uint32_t forms[64], n = 0;
        for (uint32_t i = 0; i < k->plain_count && n < 64; i++)
            if (t->forms[k->plain[i]].variant == g->o->only_variant)
                forms[n++] = k->plain[i];
        if (!n)
            break;
        size_t before = g->count;
        plain(k, forms[rk_pick(g, n)], true);
        if (g->count > before)
            return 0;
    }
    if (!g->failed)
        snprintf(g->err, g->errlen, "gen cannot place %s alone (a control-flow instruction without its partners, "
                 "or operands it cannot keep in range)", v->name);
    return g->failed ? -1 : ISA_RANDOM_KERNEL_UNFIT;
}

/* What a repeated body adds: its counter's set-up, step, test and branch. */
#define REPEAT_OVERHEAD 4u

/* The body: count instructions, or as many as the code memory holds,
 * repeated. 0, -1 (g->err), or ISA_RANDOM_KERNEL_UNFIT (g->err). */
static int body(kernel *k, FILE *notes)
{
    rk_gen *g = &k->g;
    const isa_random_kernel_opts *o = g->o;
    uint64_t fixed = g->count + 1; /* the prologue and the final EXIT */
    if (o->only)
        return single(k);
    if (!o->max_code || fixed + o->count <= o->max_code) {
        block(k, o->count, 0, 0);
        return g->failed ? -1 : 0;
    }
    if (!k->usable[C_LOOP]) {
        snprintf(g->err, g->errlen, "the target's code memory holds %u instructions, fewer than the %llu asked "
                 "for, and it lacks what a loop repeating a shorter body needs (BRA, IADD, ISETP)", o->max_code,
                 (unsigned long long)(fixed + o->count));
        return ISA_RANDOM_KERNEL_UNFIT;
    }
    if (fixed + REPEAT_OVERHEAD + 1 > o->max_code) {
        snprintf(g->err, g->errlen, "the target's code memory holds %u instructions; the smallest kernel gen "
                 "writes needs %llu (its prologue, a loop around one instruction, the final EXIT)", o->max_code,
                 (unsigned long long)(fixed + REPEAT_OVERHEAD + 1));
        return ISA_RANDOM_KERNEL_UNFIT;
    }
    uint64_t n = o->max_code - fixed - REPEAT_OVERHEAD, trips = (o->count + n - 1) / n;
    if (notes)
        fprintf(notes, "gpuhost gen: the target's code memory holds %u instructions: a body of %llu repeated %llu "
                "times\n", o->max_code, (unsigned long long)n, (unsigned long long)trips);
    uint32_t top = rk_new_label(g);
    rk_emit_text(g, loop_init, (unsigned)RK_R_REPEAT, (unsigned)trips);
    rk_bind(g, top);
    block(k, n, 0, 0);
    rk_emit_text(g, loop_step, (unsigned)RK_R_REPEAT, (unsigned)RK_R_REPEAT);
    rk_emit_text(g, loop_test, 0u, (unsigned)RK_R_REPEAT);
    place(k, "BRA", 0, false, top);
    return g->failed ? -1 : 0;
}

int isa_random_kernel(FILE *f, FILE *notes, const isa_random_kernel_opts *o, char *err, size_t errlen)
{
    kernel k = {.g = {.o = o,
                      .rng = o->seed * 0x9e3779b97f4a7c15ull + 1,
                      .lim = {.gprs = RK_GPR_WINDOW, .urs = RK_UR_WINDOW, .const_banks = RK_CONST_BANKS,
                              .const_bytes = RK_CONST_BYTES},
                      .err = err,
                      .errlen = errlen}};
    rk_gen *g = &k.g;
    int rc = -1;
    if (!sort_forms(&k, notes))
        snprintf(err, errlen, "out of memory");
    else if (!k.plain_count && !k.starter_count) {
        snprintf(err, errlen, "the target implements no instruction gen can use");
        rc = ISA_RANDOM_KERNEL_UNFIT;
    } else if (!optype_implemented(g, "EXIT")) { /* every kernel ends with one */
        snprintf(err, errlen, "the target does not implement EXIT, which every kernel ends with");
        rc = ISA_RANDOM_KERNEL_UNFIT;
    } else if (rk_write_prologue(g) && (rc = body(&k, notes)) == 0) {
        rc = -1;
        if (rk_emit_text(g, "EXIT")) { /* written only when whole */
            rk_write_directives(g, f);
            rk_write_code(g, f);
            rc = 0;
        }
    }
    if (rc == -1 && g->unfit)
        rc = ISA_RANDOM_KERNEL_UNFIT;
    free(k.plain);
    free(k.starter);
    free(g->code);
    free(g->labels);
    return rc;
}
