/* libisa: the random kernel's layout and its operand roles. A role is an
 * operand pair [base + offset] that must land inside a window (global memory
 * the kernel owns, a declared constant bank, a register number): the base is
 * one of the registers the kernel sets up here, with per-lane values known to
 * the generator, and the offset is chosen so that every lane's sum fits,
 * aligned to the access size. Written once, for every instruction listed. */
#include <inttypes.h>
#include <string.h>

#include "random_kernel.h"

#define GLOBAL_BASE 0x10000u /* warp w owns [GLOBAL_BASE + w REGION, + REGION) */
#define REGION 0x400u
#define SHARED 0x8000u /* read-only words every warp may load (no races) */
#define SHARED_BYTES 0x100u

enum space { SP_NONE, SP_GLOBAL, SP_CONST, SP_INDEX };

/* A register the kernel sets up: lane L holds add + step * ((L / div) % mod).
 * SP_GLOBAL registers are the low word of a pair whose high word is 0, in warp
 * 0's frame: the prologue adds w * REGION, as it moves the window too. */
typedef struct {
    char file; /* 'R' or 'U' */
    uint8_t reg;
    uint8_t space;
    int32_t add, step;
    uint8_t div, mod;
} reserved;

static const reserved regs[] = {
    {'R', 32, SP_GLOBAL, GLOBAL_BASE, 16, 1, 32},         /* lanes 16 bytes apart */
    {'R', 34, SP_GLOBAL, GLOBAL_BASE + 0x100, 0, 1, 1},   /* one address: a later lane's store wins */
    {'R', 36, SP_GLOBAL, GLOBAL_BASE + 0x1f0, -16, 1, 32}, /* lanes in reverse order */
    {'R', 38, SP_GLOBAL, GLOBAL_BASE + 0x40, 16, 4, 8},   /* four lanes per address */
    {'R', 40, SP_CONST, 0, 16, 1, 8},
    {'R', 41, SP_CONST, 0x80, 0, 1, 1},
    {'R', RK_R_LANE, SP_NONE, 0, 1, 1, 32},
    {'R', RK_R_SHAPE, SP_NONE, 0, 1, 1, 3},
    {'U', RK_UR_WINDOW, SP_INDEX, 3, 0, 1, 1},
    {'U', RK_UR_WINDOW + 1, SP_INDEX, 100, 0, 1, 1},
};

/* [base + offset, + access size) inside [lo, hi); with the zero register as
 * base inside [zero_lo, zero_hi) (zero_hi 0: the zero register is not used). */
typedef struct {
    const char *optype, *base, *offset, *sized_by, *bank;
    uint8_t space;
    uint32_t lo, hi, zero_lo, zero_hi;
} role;

static const role roles[] = {
    {"LDG", "ra", "offset", "rd", NULL, SP_GLOBAL, GLOBAL_BASE, GLOBAL_BASE + REGION, SHARED, SHARED + SHARED_BYTES},
    {"STG", "ra", "offset", "rb", NULL, SP_GLOBAL, GLOBAL_BASE, GLOBAL_BASE + REGION, 0, 0},
    {"LDC", "ra", "offset", "rd", "cbank", SP_CONST, 0, RK_CONST_BYTES, 0, RK_CONST_BYTES},
    /* reads any register the thread has (R0..R254); writes stay in the random window */
    {"GETGPR", "urb", "ridx", NULL, NULL, SP_INDEX, 0, 255, 0, 255},
    {"SETGPR", "urb", "ridx", NULL, NULL, SP_INDEX, 0, RK_GPR_WINDOW, 0, RK_GPR_WINDOW},
};

/* Special registers whose value is time: only where the target counts it as
 * the model does (isa_random_kernel_opts.clock). */
static const char *const clock_values[] = {"SR_CLOCKLO", "SR_CLOCKHI"};

static const char *const prologue_warp = "S2R R%u, SR_WARPID";
static const char *const prologue_offset = "IMAD R%u, R%u, 0x%x, R%u";

static int64_t lane_value(const reserved *r, unsigned lane)
{
    return (int64_t)r->add + (int64_t)r->step * (int64_t)((lane / r->div) % r->mod);
}

static const role *role_of(const isa_variant *v)
{
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++)
        if (strcmp(roles[i].optype, v->optype) == 0)
            return &roles[i];
    return NULL;
}

bool rk_roles_usable(rk_gen *g, const isa_variant *v, const char **why)
{
    const role *r = role_of(v);
    if (!r)
        return true;
    const char *fields[] = {r->base, r->offset, r->sized_by, r->bank};
    for (int i = 0; i < 4; i++)
        if (fields[i] && isa_field_index(v, fields[i]) < 0) {
            *why = "the spec gives it no field the role names (random_roles.c)";
            return false;
        }
    if (r->space == SP_GLOBAL && !(rk_text_usable(g, prologue_warp) && rk_text_usable(g, prologue_offset))) {
        *why = "the target lacks S2R or IMAD, which give each warp its own addresses";
        return false;
    }
    return true;
}

static bool is_clock(const char *name)
{
    for (size_t i = 0; name && i < sizeof clock_values / sizeof clock_values[0]; i++)
        if (strcmp(name, clock_values[i]) == 0)
            return true;
    return false;
}

/* Enum operands (special registers) without the clock when it is not wanted. */
static void drop_clock(rk_gen *g, isa_insn *insn)
{
    const isa_variant *v = isa_variant_of(insn);
    const isa_field *f = isa_variant_fields(v);
    for (uint16_t k = 0; k < v->field_count; k++) {
        const isa_type *t = isa_field_type(&f[k]);
        if (f[k].role == ISA_FIELD_FIXED || t->kind != ISA_KIND_ENUM)
            continue;
        for (int tries = 0; tries < 64 && is_clock(isa_enum_name(t, insn->value[k])); tries++)
            insn->value[k] = t->values[rk_pick(g, t->value_count)].value;
    }
}

/* Bytes the operand sized_by moves (its Bitwidth / 8), 1 without one. */
static unsigned access_size(const isa_insn *insn, const char *sized_by)
{
    const isa_variant *v = isa_variant_of(insn);
    int field = sized_by ? isa_field_index(v, sized_by) : -1;
    const isa_operand *ops = isa_tables_get()->operands + v->operand_begin;
    for (uint16_t i = 0; field >= 0 && i < v->operand_count; i++)
        if (ops[i].field == field)
            return isa_width(ops[i].width_expr, insn) / 8;
    return 1;
}

/* An offset in [lo, hi], a multiple of size, that fits the field; false if none. */
static bool pick_offset(rk_gen *g, int64_t lo, int64_t hi, unsigned size, const isa_field *f, int64_t *out)
{
    int64_t half = (int64_t)1 << (f->width - 1);
    if (lo < -half)
        lo = -half;
    if (hi > half - 1)
        hi = half - 1;
    int64_t first = lo >= 0 ? (lo + size - 1) / size : -(-lo / size), last = hi >= 0 ? hi / size : -((-hi + size - 1) / size);
    if (first > last)
        return false;
    *out = (first + (int64_t)rk_pick(g, (uint32_t)(last - first + 1))) * size;
    return true;
}

void rk_roles_apply(rk_gen *g, isa_insn *insn)
{
    if (!g->o->clock)
        drop_clock(g, insn);
    const isa_variant *v = isa_variant_of(insn);
    const role *r = role_of(v);
    if (!r)
        return;
    const isa_field *f = isa_variant_fields(v);
    int base = isa_field_index(v, r->base), off = isa_field_index(v, r->offset);
    const isa_type *bt = isa_field_type(&f[base]);
    char file = bt->kind == ISA_KIND_UGPR ? 'U' : 'R';
    unsigned size = access_size(insn, r->sized_by);
    if (r->bank)
        insn->value[isa_field_index(v, r->bank)] = rk_pick(g, RK_CONST_BANKS);
    /* candidates: the space's registers, then the zero register */
    const reserved *cand[sizeof regs / sizeof regs[0] + 1];
    uint32_t n = 0;
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if (regs[i].space == r->space && regs[i].file == file)
            cand[n++] = &regs[i];
    uint32_t with_zero = n + (r->zero_hi != 0);
    for (uint32_t tries = 0; tries < 2 * with_zero; tries++) {
        uint32_t c = rk_pick(g, with_zero);
        int64_t lo = c < n ? r->lo : r->zero_lo, hi = c < n ? r->hi : r->zero_hi, min = 0, max = 0, o;
        for (unsigned lane = 0; c < n && lane < 32; lane++) {
            int64_t x = lane_value(cand[c], lane);
            min = lane ? (x < min ? x : min) : x;
            max = lane ? (x > max ? x : max) : x;
        }
        if (!pick_offset(g, lo - min, hi - (int64_t)size - max, size, &f[off], &o))
            continue;
        insn->value[base] = c < n ? cand[c]->reg : file == 'U' ? 63u : 255u; /* URZ, RZ */
        insn->value[off] = (uint32_t)o & (f[off].width >= 32 ? ~0u : (1u << f[off].width) - 1);
        return;
    }
    snprintf(g->err, g->errlen, "no register of %s's role fits a %u-byte access (random_roles.c)", v->optype, size);
    g->failed = true;
}

static void write_words(rk_gen *g, FILE *f, const char *directive, unsigned a, uint32_t b, unsigned words)
{
    fprintf(f, "%s %u 0x%" PRIx32, directive, a, b);
    for (unsigned i = 0; i < words; i++)
        fprintf(f, " 0x%08" PRIx32, (uint32_t)isa_rand(&g->rng));
    fputc('\n', f);
}

static void write_lanes(FILE *f, char file, unsigned reg, const reserved *r)
{
    fprintf(f, ".init %sR%u", file == 'U' ? "U" : "", reg);
    for (unsigned lane = 0; lane < (file == 'U' ? 1u : 32u); lane++)
        fprintf(f, " 0x%" PRIx32, (uint32_t)lane_value(r, lane));
    fputc('\n', f);
}

void rk_write_directives(rk_gen *g, FILE *f)
{
    fprintf(f, "// generated by gpuhost gen (seed %" PRIu64 "): random legal instructions, lockstep test material\n",
            g->o->seed);
    fprintf(f, ".warps %u\n", g->o->warps);
    for (unsigned b = 0; b < RK_CONST_BANKS; b++)
        write_words(g, f, ".const", b, 0, RK_CONST_BYTES / 4);
    write_words(g, f, "// read-only words\n.global", SHARED, 0, SHARED_BYTES / 4);
    for (unsigned w = 0; w < g->o->warps; w++) /* the first half of each warp's region */
        fprintf(f, "// warp %u's memory\n", w), write_words(g, f, ".global", GLOBAL_BASE + w * REGION, 0, REGION / 8);
    for (unsigned r = 0; r < RK_GPR_WINDOW; r++) {
        fprintf(f, ".init R%u", r);
        for (int l = 0; l < 32; l++)
            fprintf(f, " 0x%" PRIx32, (uint32_t)isa_rand(&g->rng));
        fputc('\n', f);
    }
    for (int p = 0; p < 7; p++) {
        fprintf(f, ".init P%d", p);
        for (int l = 0; l < 32; l++)
            fprintf(f, " %d", (int)(isa_rand(&g->rng) & 1));
        fputc('\n', f);
    }
    for (unsigned u = 0; u < RK_UR_WINDOW; u++)
        fprintf(f, ".init UR%u 0x%" PRIx32 "\n", u, (uint32_t)isa_rand(&g->rng));
    for (int p = 0; p < 7; p++)
        fprintf(f, ".init UP%d %d\n", p, (int)(isa_rand(&g->rng) & 1));
    fputs("// the generator's own registers: addresses, offsets, register numbers, lane shapes\n", f);
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
        write_lanes(f, regs[i].file, regs[i].reg, &regs[i]);
        if (regs[i].space == SP_GLOBAL)
            fprintf(f, ".init R%u 0\n", regs[i].reg + 1u);
    }
}

bool rk_write_prologue(rk_gen *g)
{
    if (!(rk_text_usable(g, prologue_warp) && rk_text_usable(g, prologue_offset)))
        return true; /* no global memory roles then (rk_roles_usable) */
    bool ok = rk_emit_text(g, prologue_warp, (unsigned)RK_R_WARP);
    for (size_t i = 0; ok && i < sizeof regs / sizeof regs[0]; i++)
        if (regs[i].space == SP_GLOBAL)
            ok = rk_emit_text(g, prologue_offset, regs[i].reg, (unsigned)RK_R_WARP, REGION, regs[i].reg);
    return ok;
}
