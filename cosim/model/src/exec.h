/* cosim/model internal: what an instruction's semantics function sees.
 *
 * A semantics function runs once per warp-instruction. It reads operands
 * through gm_src()/gm_pred()/gm_f() and writes through gm_set_*(): writes are
 * staged in the commit record and applied after the function returns, so
 * every source is read before any destination changes, and a trap leaves the
 * state untouched. Lanes to compute: GM_FOR_EACH_LANE (active lanes whose
 * guard holds). */
#ifndef GM_EXEC_H
#define GM_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "gm/model.h"
#include "isa/isa.h"
#include "sparse_memory.h"

enum gm_lane_status { GM_LANE_READY, GM_LANE_WAITING, GM_LANE_EXITED };

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
    uint64_t clock; /* instructions this warp issued */
} gm_warp;

typedef struct gm_exec gm_exec;
typedef void (*gm_op_fn)(gm_exec *ex);

typedef struct {
    const char *optype;
    gm_op_fn fn;
} gm_op;

struct gm_model {
    isa_word *code;
    isa_insn *decoded;    /* per instruction, decoded on first use */
    uint8_t *decode_state; /* 0 not yet, 1 ok, 2 illegal */
    size_t code_count;
    gm_warp *warps;
    uint32_t warp_count;
    uint8_t *const_bank[32]; /* 64 KiB each, NULL = all zero */
    gm_memory mem;
    gm_op_fn *op_by_variant;
    int16_t (*field_cache)[48]; /* per variant: small name->index cache (see exec.c) */
    const char *(*field_cache_key)[48];
    uint64_t seq;
    uint32_t next_warp;
    char trap_msg[512];
};

struct gm_exec {
    gm_model *m;
    gm_warp *w;
    uint32_t warp;
    const isa_insn *insn;
    const isa_variant *v;
    uint64_t pc;
    uint32_t active; /* lanes at this PC */
    uint32_t exec;   /* active lanes whose guard holds */
    wire_commit *rec;
    bool trapped;
    bool pc_handled; /* control flow set the lanes' PCs itself */
};

#define GM_FOR_EACH_LANE(ex, lane) \
    for (unsigned lane = 0; lane < GM_LANES; lane++) if (((ex)->exec >> lane) & 1u)

/* ---- fields ---- */
int gm_fi(gm_exec *ex, const char *name);        /* field index, -1 if absent */
uint32_t gm_f(gm_exec *ex, const char *name);    /* value, 0 if absent */
bool gm_has(gm_exec *ex, const char *name);
/* Is field `name` set to the enum value named `value`? */
bool gm_is(gm_exec *ex, const char *name, const char *value);

/* ---- sources ---- */
/* Slot 'a', 'b' or 'c': whichever of r<slot>, ur<slot>, v<slot> the variant
 * has: a lane's GPR, the uniform register, the immediate, or the constant
 * word c[bank][offset]. Raw bits: modifiers (neg, abs, hsel...) are the
 * semantics' business (gm_f(ex, "rb.neg") and so on). */
uint32_t gm_src(gm_exec *ex, char slot, unsigned lane);
/* 64-bit source: a GPR or UR pair (RZ/URZ read 0), a constant pair, or an
 * immediate (zero-extended). */
uint64_t gm_src64(gm_exec *ex, char slot, unsigned lane);
/* Name of the field that supplies slot 'a'/'b'/'c' ("rb", "urb", "vb"), or NULL. */
const char *gm_src_field(gm_exec *ex, char slot);
uint32_t gm_gpr_read(gm_exec *ex, unsigned reg, unsigned lane); /* RZ reads 0 */
/* Predicate operand `name` (pp, pa...) with its `name.not` applied. PT is true. */
bool gm_pred(gm_exec *ex, const char *name, unsigned lane);
bool gm_pred_reg(gm_exec *ex, unsigned pred, unsigned lane);
uint32_t gm_ur_read(gm_exec *ex, unsigned reg);
bool gm_upred_read(gm_exec *ex, unsigned pred);
uint32_t gm_const_read(gm_exec *ex, unsigned bank, uint32_t offset); /* traps when out of range */

/* ---- staged writes ---- */
void gm_set_gpr(gm_exec *ex, unsigned reg, unsigned lane, uint32_t value); /* RZ: discarded */
void gm_set_rd(gm_exec *ex, unsigned lane, uint32_t value);                /* field rd */
void gm_set_rd64(gm_exec *ex, unsigned lane, uint64_t value);              /* pair at rd */
void gm_set_pred(gm_exec *ex, unsigned pred, unsigned lane, bool value);   /* PT: discarded */
void gm_set_pred_field(gm_exec *ex, const char *name, unsigned lane, bool value);
void gm_set_ur(gm_exec *ex, unsigned reg, uint32_t value);                 /* URZ: discarded */
void gm_set_upred(gm_exec *ex, unsigned pred, bool value);                 /* UPT: discarded */
/* A store of 4, 8 or 16 bytes for one lane; one store instruction a step. */
void gm_store(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes, const uint32_t *words);
/* A load of 4, 8 or 16 bytes (traps on misalignment or range). */
bool gm_load(gm_exec *ex, unsigned lane, uint64_t addr, unsigned bytes, uint32_t *words);

void gm_trap(gm_exec *ex, uint32_t code, int lane, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

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
