/* cosim/model internal: what an instruction's semantics function sees.
 *
 * A semantics function runs once per warp-instruction. It reads operands
 * through gm_src()/gm_pred()/gm_f() (fields by the ids isagen generates) and
 * writes through gm_set_*(): writes are
 * staged in the commit record and applied after the function returns, so
 * every source is read before any destination changes, and a trap leaves the
 * state untouched. Lanes to compute: GM_FOR_EACH_LANE (active lanes whose
 * guard holds). */
#ifndef GM_EXEC_H
#define GM_EXEC_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "gm/model.h"
#include "isa/isa.h"
#include "isa_access.h"
#include "sparse_memory.h"

enum gm_lane_status { GM_LANE_READY, GM_LANE_WAITING, GM_LANE_EXITED };
_Static_assert((int)GM_LANE_READY == (int)WIRE_LANE_READY && (int)GM_LANE_WAITING == (int)WIRE_LANE_WAITING &&
                   (int)GM_LANE_EXITED == (int)WIRE_LANE_EXITED,
               "lane statuses are the wire's (WRITE_REG LANE_STATUS)");

typedef struct {
    uint64_t target;
    uint32_t mask, arrived;
} gm_sync_entry;

typedef struct {
    uint64_t pc[GM_LANES];
    uint8_t status[GM_LANES];
    uint32_t gpr[GM_GPRS][GM_LANES];
    uint32_t pred[GM_PREDS]; /* lane masks */
    uint32_t ur[GM_URS];
    uint32_t upred; /* bits UP0..UP6 */
    gm_sync_entry stack[32];
    int depth;
    /* The next instruction's lanes and PC when known without a scan: after
     * an instruction that ran every ready lane and did not move PCs itself
     * (cleared by anything that moves a PC or a lane's status). */
    bool next_known;
    uint32_t next_active;
    uint64_t next_pc;
    /* With next_known: pc[] of the lanes in next_active may be out of date
     * (they are all at next_pc); gm_warp_sync_pcs writes them. Saves the
     * step loop a store per lane. */
    bool pc_stale;
    uint64_t clock; /* instructions this warp issued */
} gm_warp;

typedef struct gm_exec gm_exec;
typedef void (*gm_op_fn)(gm_exec *ex);
typedef struct gm_decoded gm_decoded;
/* Run when the code is loaded: reads the word's modifiers once, may store
 * constants in d->params, and returns the function to run: a form-specific
 * one, or the optype's general `fn`. It never traps (the function it picks
 * does, when it runs). */
typedef gm_op_fn (*gm_prep_fn)(gm_decoded *d, gm_op_fn fn);

/* Brings pc[] up to date for the lanes a stale next_pc stands for. */
static inline void gm_warp_sync_pcs(gm_warp *w)
{
    if (!w->pc_stale)
        return;
    for (uint32_t a = w->next_active; a; a &= a - 1)
        w->pc[__builtin_ctz(a)] = w->next_pc;
    w->pc_stale = false;
}

/* A lane's PC, stale or not. */
static inline uint64_t gm_warp_lane_pc(const gm_warp *w, unsigned lane)
{
    return w->pc_stale && ((w->next_active >> lane) & 1u) ? w->next_pc : w->pc[lane];
}

/* A group's semantics: one function per optype, by generated index, and
 * optionally its load-time preparation. */
typedef struct {
    enum isa_optype_id optype;
    gm_op_fn fn;
    gm_prep_fn prep;
} gm_op;

/* What supplies source slot a, b or c, resolved when the code is loaded. */
enum gm_src_kind { GM_SRC_NONE, GM_SRC_GPR, GM_SRC_UR, GM_SRC_CONST, GM_SRC_VALUE };
enum gm_src_form { GM_FORM_R, GM_FORM_UR, GM_FORM_V }; /* rb, urb or vb */

typedef struct {
    uint8_t kind; /* enum gm_src_kind */
    uint8_t form; /* enum gm_src_form */
    int16_t field; /* enum isa_field_id, or -1 with GM_SRC_NONE */
    uint32_t value; /* register number, packed c[bank][offset], or immediate bits */
} gm_operand;

/* A predicate operand read when the code is loaded: its lanes are
 * (pred[reg] | always) ^ flip: `always` all ones for PT or an absent
 * operand, `flip` all ones for its ".not" (gm_pred_operand_lanes). */
typedef struct {
    uint8_t reg;
    uint32_t always, flip;
} gm_pred_operand;

/* One code address decoded once, when the kernel is loaded: the step loop
 * does no decoding and no string work. */
struct gm_decoded {
    isa_word word; /* the code word itself (the record names it) */
    isa_insn insn;
    const isa_variant *v;
    const int8_t *slot; /* isa_field_slot[variant]: field id -> index */
    gm_op_fn fn;        /* NULL: no semantics (traps UNIMPLEMENTED) */
    gm_operand src[3];
    gm_pred_operand guard; /* exec = active & the guard's lanes */
    uint64_t upred_fields; /* bit i: field i is a uniform predicate */
    bool legal;          /* decodes and re-encodes */
    uint8_t rd;          /* field rd's value (0 when absent, as gm_f reads it) */
    /* What a gm_prep_fn stored: a semantics file's own struct, read back
     * with GM_PARAMS (memcpy: no aliasing questions). */
    _Alignas(8) unsigned char params[48];
};

#define GM_PARAMS(d, type, out)                                                 \
    do {                                                                        \
        _Static_assert(sizeof(type) <= sizeof((d)->params), "params too large"); \
        memcpy((out), (d)->params, sizeof(type));                               \
    } while (0)
#define GM_SET_PARAMS(d, type, in)                                              \
    do {                                                                        \
        _Static_assert(sizeof(type) <= sizeof((d)->params), "params too large"); \
        memcpy((d)->params, (in), sizeof(type));                                \
    } while (0)

/* Decodes `word` into *d (d->legal false if the word is no instruction). */
void gm_predecode(isa_word word, gm_decoded *d);

struct gm_model {
    gm_decoded *decoded; /* per code address, built by gm_new (code never changes after) */
    size_t code_count;
    gm_warp *warps;
    uint32_t warp_count;
    uint8_t *const_bank[ISA_CONST_BANKS]; /* ISA_CONST_BANK_BYTES each, NULL = all zero */
    gm_memory mem;
    uint8_t *page_cache; /* the page last found in mem (ext_mem_page.c), or NULL */
    uint64_t page_cache_addr;
    uint64_t seq;
    uint32_t next_warp;
    uint32_t rd_sink[GM_LANES]; /* gm_rd_begin's row when rd is not written */
    uint8_t lacking[32];        /* gm_set_lacking: variants retired as UNIMPLEMENTED */
    isa_modifier_value lacking_values[GM_MAX_LACKING_VALUES]; /* gm_set_lacking_values: likewise */
    size_t lacking_value_count;
    bool lacks_any;
    char trap_msg[512];
};

struct gm_exec {
    gm_model *m;
    gm_warp *w;
    uint32_t warp;
    const gm_decoded *d;
    const isa_insn *insn;
    uint64_t pc;
    uint32_t active; /* lanes at this PC */
    uint32_t ready;  /* the warp's ready lanes (active is those at the lowest PC) */
    uint32_t exec;   /* active lanes whose guard holds */
    wire_commit *rec;
    bool trapped;
    bool pc_handled; /* control flow set the lanes' PCs itself */
    bool moved_together; /* ...and sent every active lane to moved_to */
    uint64_t moved_to;
    bool store_one_page; /* the staged store's lanes are 4-byte words in one page */
    int last_gpr;    /* index in rec->gpr of the register last written, or -1 */
    wire_gpr_write *rd_write; /* rd's staged write once the first lane made it */
};

/* Control flow calls this before it moves a lane's PC or changes its status:
 * pc[] is made current and the next lanes unknown. */
static inline void gm_lanes_will_move(gm_exec *ex)
{
    gm_warp_sync_pcs(ex->w);
    ex->w->next_known = false;
}

#define GM_FOR_EACH_LANE(ex, lane) \
    for (unsigned lane = 0; lane < GM_LANES; lane++) if (((ex)->exec >> lane) & 1u)

/* ---- fields of a decoded word, for a gm_prep_fn: absent or foreign fields,
 * and id -1, read 0 / false ---- */
static inline int gm_d_index(const gm_decoded *d, int id)
{
    return id < 0 ? -1 : d->slot[id];
}

static inline bool gm_d_has(const gm_decoded *d, int id)
{
    return gm_d_index(d, id) >= 0;
}

static inline uint32_t gm_d_f(const gm_decoded *d, int id)
{
    int i = gm_d_index(d, id);
    return i < 0 ? 0 : d->insn.value[i];
}

static inline bool gm_d_is(const gm_decoded *d, int id, uint32_t value)
{
    int i = gm_d_index(d, id);
    return i >= 0 && d->insn.value[i] == value;
}

/* The predicate field `id` names PT (absent reads true too): writes to it are
 * discarded, reads are true; false for a uniform predicate field. */
static inline bool gm_d_is_pt(const gm_decoded *d, int id)
{
    int i = gm_d_index(d, id);
    if (i < 0)
        return true;
    return !((d->upred_fields >> i) & 1u) && d->insn.value[i] >= GM_PREDS;
}

/* Predicate operand `id` (pp, pg...) as a gm_pred_operand; false for a
 * uniform predicate field (gm_pred_lanes reads those). */
bool gm_d_pred_operand(const gm_decoded *d, int id, gm_pred_operand *out);
/* The predicate register field `id` writes, GM_PREDS for none (PT or
 * absent: gm_set_pred_lanes discards it); false for a uniform one. */
bool gm_d_pred_dest(const gm_decoded *d, int id, uint8_t *reg);

static inline uint32_t gm_pred_operand_lanes(const gm_warp *w, const gm_pred_operand *p)
{
    return (w->pred[p->reg] | p->always) ^ p->flip;
}

/* ---- fields, by generated id (isa_access.h: ISA_F_rb_neg is "rb.neg") ----
 * A field another variant of the optype has reads as absent (gm_f 0, gm_has
 * false); a field no variant of the optype has is a bug in the semantics and
 * traps UNIMPLEMENTED rather than reading 0. */
int gm_foreign_field(gm_exec *ex, enum isa_field_id id); /* traps; returns -1 */

static inline int gm_fi(gm_exec *ex, enum isa_field_id id) /* field index, -1 if absent */
{
    int i = ex->d->slot[id];
    return i == ISA_FIELD_FOREIGN ? gm_foreign_field(ex, id) : i;
}

static inline uint32_t gm_f(gm_exec *ex, enum isa_field_id id) /* value, 0 if absent */
{
    int i = gm_fi(ex, id);
    return i < 0 ? 0 : ex->insn->value[i];
}

static inline bool gm_has(gm_exec *ex, enum isa_field_id id)
{
    return gm_fi(ex, id) >= 0;
}

/* Is field `id` present and set to `value` (ISA_V_<field>_<VALUE>)? */
static inline bool gm_is(gm_exec *ex, enum isa_field_id id, uint32_t value)
{
    int i = gm_fi(ex, id);
    return i >= 0 && ex->insn->value[i] == value;
}

/* A field read by a helper several optypes share: absent or foreign reads 0,
 * and so does id -1 (a decoration the spec gives no form of the operand). */
static inline uint32_t gm_f_shared(gm_exec *ex, int id)
{
    int i = id < 0 ? -1 : ex->d->slot[id];
    return i < 0 ? 0 : ex->insn->value[i];
}

static inline bool gm_is_shared(gm_exec *ex, int id, uint32_t value)
{
    int i = id < 0 ? -1 : ex->d->slot[id];
    return i >= 0 && ex->insn->value[i] == value;
}

/* ---- sources ---- */
/* Slot 'a', 'b' or 'c': whichever of r<slot>, ur<slot>, v<slot> the variant
 * has: a lane's GPR, the uniform register, the immediate, or the constant
 * word c[bank][offset]. Raw bits: modifiers (neg, abs, hsel...) are the
 * semantics' business (gm_f(ex, ISA_F_rb_neg) and so on). */
uint32_t gm_src_const(gm_exec *ex, const gm_operand *o);
static inline uint32_t gm_src(gm_exec *ex, char slot, unsigned lane)
{
    const gm_operand *o = &ex->d->src[slot - 'a'];
    switch (o->kind) {
    case GM_SRC_GPR: return o->value >= GM_GPRS ? 0 : ex->w->gpr[o->value][lane];
    case GM_SRC_UR: return o->value >= GM_URS ? 0 : ex->w->ur[o->value];
    case GM_SRC_CONST: return gm_src_const(ex, o);
    case GM_SRC_VALUE: return o->value;
    default: return 0;
    }
}
/* 64-bit source: a GPR or UR pair (RZ/URZ read 0), a constant pair, or an
 * immediate (zero-extended). */
uint64_t gm_src64(gm_exec *ex, char slot, unsigned lane);
/* The field that supplies slot 'a'/'b'/'c' (ISA_F_rb...), or -1. */
static inline int gm_src_field(gm_exec *ex, char slot)
{
    return ex->d->src[slot - 'a'].field;
}
/* Which form supplies the slot (enum gm_src_form), or -1 if none. */
static inline int gm_src_form(gm_exec *ex, char slot)
{
    const gm_operand *o = &ex->d->src[slot - 'a'];
    return o->kind == GM_SRC_NONE ? -1 : o->form;
}
static inline uint32_t gm_gpr_read(gm_exec *ex, unsigned reg, unsigned lane) /* RZ reads 0 */
{
    return reg >= GM_GPRS ? 0 : ex->w->gpr[reg][lane];
}
static inline bool gm_pred_reg(gm_exec *ex, unsigned pred, unsigned lane)
{
    return pred >= GM_PREDS ? true : (ex->w->pred[pred] >> lane) & 1u;
}
static inline uint32_t gm_ur_read(gm_exec *ex, unsigned reg)
{
    return reg >= GM_URS ? 0 : ex->w->ur[reg];
}
static inline bool gm_upred_read(gm_exec *ex, unsigned pred)
{
    return pred >= GM_PREDS ? true : (ex->w->upred >> pred) & 1u;
}
/* Predicate operand `id` (pp, pa...) with its `.not` applied. PT is true;
 * an absent operand reads true. */
static inline bool gm_pred(gm_exec *ex, enum isa_field_id id, unsigned lane)
{
    int i = gm_fi(ex, id);
    if (i < 0)
        return true;
    uint32_t p = ex->insn->value[i];
    bool value = (ex->d->upred_fields >> i) & 1u ? gm_upred_read(ex, p) : gm_pred_reg(ex, p, lane);
    int not_id = isa_field_not[id];
    int n = not_id < 0 ? -1 : ex->d->slot[not_id];
    return n >= 0 && ex->insn->value[n] ? !value : value;
}
uint32_t gm_const_read(gm_exec *ex, unsigned bank, uint32_t offset); /* traps when out of range */

/* ---- staged writes ---- */
void gm_set_gpr(gm_exec *ex, unsigned reg, unsigned lane, uint32_t value); /* RZ: discarded */
void gm_set_rd_first(gm_exec *ex, unsigned lane, uint32_t value);
static inline void gm_set_rd(gm_exec *ex, unsigned lane, uint32_t value) /* field rd */
{
    wire_gpr_write *g = ex->rd_write;
    if (!g) {
        gm_set_rd_first(ex, lane, value);
        return;
    }
    g->lane_mask |= 1u << lane;
    g->value[lane] = value;
}
void gm_set_rd64(gm_exec *ex, unsigned lane, uint64_t value);              /* pair at rd */
void gm_set_pred(gm_exec *ex, unsigned pred, unsigned lane, bool value);   /* PT: discarded */
void gm_set_pred_field(gm_exec *ex, enum isa_field_id id, unsigned lane, bool value);
void gm_set_ur(gm_exec *ex, unsigned reg, uint32_t value);                 /* URZ: discarded */
void gm_set_upred(gm_exec *ex, unsigned pred, bool value);                 /* UPT: discarded */
/* A store of 4, 8 or 16 bytes for one lane; one store instruction a step. */
void gm_store(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes, const uint32_t *words);
/* Applies a staged store: lanes in ascending order (the highest lane's
 * bytes win), one page lookup when every lane's word is in one page
 * (`one_page`: known to be, 4-byte words, when it was staged). */
void gm_apply_store(gm_model *m, const wire_mem_write *w, bool one_page);
/* A load of 4, 8 or 16 bytes (traps on misalignment or range). */
bool gm_load(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes, uint32_t *words);

/* Traps the running instruction (the first reason stands; no write takes
 * effect). Formats the message: only traps format text. The record's
 * trapping lane follows the code (trap_codes.h): a LANE code names `lane`,
 * the lane whose access faults, or with -1 the lowest executing lane (an
 * operand every executing lane accesses alike); a WARP code names none and
 * takes -1. */
void gm_trap(gm_exec *ex, uint32_t code, int lane, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A trap before any semantics ran (rec has warp and pc): "warp W, pc P:
 * <name><detail>". Only WARP codes (trap_codes.h): the record names no lane. */
void gm_trap_at(gm_model *m, wire_commit *rec, uint32_t code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---- lanes as data (lanes.c): a whole warp's operands and results ---- */
/* A source slot in every lane (lanes outside exec too; a constant operand
 * is read once, only when a lane executes, and may trap). */
void gm_src_lanes(gm_exec *ex, char slot, uint32_t out[GM_LANES]);
/* Predicate operand `id` (with .not) as a lane mask; absent: every lane. */
uint32_t gm_pred_lanes(gm_exec *ex, enum isa_field_id id);
/* rd := value[l] in every executing lane. */
void gm_set_rd_lanes(gm_exec *ex, const uint32_t value[GM_LANES]);
/* A source slot in every lane, without copying a GPR's row: the row itself,
 * or `scratch` filled with the uniform value (as gm_src_lanes fills it). */
extern const uint32_t gm_zero_row[GM_LANES]; /* RZ in every lane */
static inline const uint32_t *gm_src_row(gm_exec *ex, char slot, uint32_t scratch[GM_LANES])
{
    const gm_operand *o = &ex->d->src[slot - 'a'];
    uint32_t value;
    switch (o->kind) {
    case GM_SRC_GPR: return o->value < GM_GPRS ? ex->w->gpr[o->value] : gm_zero_row;
    case GM_SRC_VALUE: value = o->value; break;
    case GM_SRC_UR: value = gm_ur_read(ex, o->value); break;
    default: gm_src_lanes(ex, slot, scratch); return scratch; /* a constant may trap */
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        scratch[l] = value;
    return scratch;
}
/* Source rows of every lane, read in the order given ("abc", "bca"...: all
 * three): a constant operand's trap is the first read's, as lane by lane. */
typedef struct {
    const uint32_t *a, *b, *c;
    uint32_t scratch[3][GM_LANES];
} gm_sources;
static inline __attribute__((always_inline)) void gm_read_source(gm_exec *ex, char slot,
                                                                 gm_sources *s)
{
    const uint32_t *row = gm_src_row(ex, slot, s->scratch[slot - 'a']);
    if (slot == 'a')
        s->a = row;
    else if (slot == 'b')
        s->b = row;
    else
        s->c = row;
}
static inline __attribute__((always_inline)) void gm_read_sources(gm_exec *ex,
                                                                  const char order[3],
                                                                  gm_sources *s)
{
    gm_read_source(ex, order[0], s);
    gm_read_source(ex, order[1], s);
    gm_read_source(ex, order[2], s);
}
/* rd written in every executing lane, the values computed straight into the
 * staged record: gm_rd_begin gives the row to fill in every lane (lanes
 * outside exec may get anything), gm_rd_end completes the write. Together
 * the same as gm_set_rd_lanes with that row. */
static inline uint32_t *gm_rd_begin(gm_exec *ex)
{
    wire_commit *r = ex->rec;
    unsigned rd = ex->d->rd;
    if (!ex->exec || rd >= GM_GPRS || ex->trapped || r->gpr_count)
        return ex->m->rd_sink; /* nothing to write, or gm_rd_end merges */
    /* the first write of the instruction: a fresh entry, as gm_set_gpr makes */
    wire_gpr_write *g = &r->gpr[0];
    r->gpr_count = 1;
    g->reg = (uint8_t)rd;
    g->lane_mask = ex->exec;
    ex->last_gpr = 0;
    ex->rd_write = g;
    return g->value;
}
void gm_rd_finish(gm_exec *ex, uint32_t *row); /* gm_rd_end's rarer cases */
static inline void gm_rd_end(gm_exec *ex, uint32_t *row)
{
    if (row != ex->m->rd_sink && ex->exec == 0xffffffffu)
        return; /* every lane computed and staged */
    gm_rd_finish(ex, row);
}
/* The lane mask whose bit l is bits[l] (each 0 or 1): eight lanes at a time,
 * by a multiply that gathers byte i's low bit into bit i. */
static inline uint32_t gm_mask_of(const uint8_t bits[GM_LANES])
{
    uint32_t mask = 0;
    for (unsigned q = 0; q < GM_LANES / 8; q++) {
        uint64_t w;
        memcpy(&w, bits + 8 * q, 8);
        mask |= (uint32_t)((w * UINT64_C(0x0102040810204080)) >> 56) << (8 * q);
    }
    return mask;
}
/* words[l] = all ones where bit l of mask is set, else 0 (a select per lane
 * without a shift by l: the lanes' bits are a table). */
extern const uint32_t gm_lane_bit[GM_LANES]; /* 1 << l */
static inline void gm_lane_words(uint32_t mask, uint32_t *restrict words)
{
    for (unsigned l = 0; l < GM_LANES; l++)
        words[l] = 0u - ((mask & gm_lane_bit[l]) != 0);
}
/* The lane mask whose bit l is the top bit of words[l]: SSE2's movmskps
 * where there is one (baseline x86-64), else gm_mask_of. */
static inline uint32_t gm_mask_of_words(const uint32_t words[GM_LANES])
{
#ifdef __SSE2__
    uint32_t mask = 0;
    for (unsigned q = 0; q < GM_LANES / 4; q++)
        mask |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(
                    _mm_loadu_si128((const __m128i *)(const void *)(words + 4 * q))))
                << (4 * q);
    return mask;
#else
    uint8_t bits[GM_LANES];
    for (unsigned l = 0; l < GM_LANES; l++)
        bits[l] = (uint8_t)(words[l] >> 31);
    return gm_mask_of(bits);
#endif
}
/* Predicate field `id` := bit l of `values` in every executing lane. */
void gm_set_pred_field_lanes(gm_exec *ex, enum isa_field_id id, uint32_t values);
/* Predicate register `pred` (PT: discarded) := bit l of `values` in every
 * executing lane: the instruction's first predicate write staged here, a
 * later one merged by gm_merge_pred_lanes (as gm_set_pred would). */
void gm_merge_pred_lanes(gm_exec *ex, unsigned pred, uint32_t values);
static inline void gm_set_pred_lanes(gm_exec *ex, unsigned pred, uint32_t values)
{
    wire_commit *r = ex->rec;
    uint32_t exec = ex->exec;
    if (!exec || pred >= GM_PREDS)
        return;
    if (r->pred_count) {
        gm_merge_pred_lanes(ex, pred, values);
        return;
    }
    r->pred_count = 1;
    r->pred[0] = (wire_pred_write){.pred = (uint8_t)pred, .lane_mask = exec, .value = values & exec};
}

/* Register tuples: checks that `reg` starts an aligned tuple of `count`
 * registers within R0..R254 (RZ allowed); traps otherwise. */
bool gm_check_tuple(gm_exec *ex, unsigned reg, unsigned count, unsigned lane);

/* Semantics tables, one per spec group (files ext_ctrl.c, ext_mem.c, ...). */
extern const gm_op gm_ops_ext_ctrl[];
extern const gm_op gm_ops_ext_mem[];
extern const gm_op gm_ops_ext_fp32[];
extern const gm_op gm_ops_xu[];
extern const gm_op gm_ops_halu[];
extern const gm_op gm_ops_ialu[];
extern const gm_op gm_ops_sync[];

#endif
