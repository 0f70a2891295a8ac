/* libgpuhost private: the pieces of gh_run (run.c): the report text, record
 * and state comparison, expectations on a target, the set of memory pages a
 * run touched. */
#ifndef GH_ENGINE_H
#define GH_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "backend.h"
#include "gm/fp_layout.h"
#include "gm/model.h"
#include "gpuhost/run.h"

/* The report being written (res->report). */
typedef struct {
    char *buf;
    size_t cap, len;
} gh_text;
void gh__say(gh_text *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Puts text before everything said so far (a headline after its details). */
void gh__say_first(gh_text *r, const char *text);

/* "0x00000007 (7)"; FP instructions show the float value, packed F16x2 and
 * BF16x2 results both halves ("0x3c004000 (hi 1, lo 2)"). */
typedef enum { GH_VALUE_INT, GH_VALUE_F32, GH_VALUE_F16X2, GH_VALUE_BF16X2 } gh_value_kind;
gh_value_kind gh__value_kind(uint64_t insn_lo, uint64_t insn_hi);
void gh__value_text(uint32_t v, gh_value_kind kind, char *out, size_t len);
void gh__disasm(uint64_t lo, uint64_t hi, uint64_t pc, char *out, size_t len);

/* How far the target may be from the model on one instruction's results
 * (tolerance.c): bound -1 means exact. */
typedef struct {
    bool approximate;   /* an instruction hardware may approximate (MUFU) */
    int bound;          /* the target's declared ulps, or -1 */
    gm_approximate what;
    char name[48];      /* "MUFU.EX2.F32" */
} gh__tolerance;
void gh__tolerance_for(const gh_caps *c, uint64_t insn_lo, uint64_t insn_hi, gh__tolerance *out);
#include "max_ulp.h"

/* Results accepted within the target's declared tolerance during a run. */
typedef struct {
    const gh_caps *caps;
    uint64_t values;  /* register values that differed within the bound */
    uint32_t max_ulp; /* the largest distance among them */
    bool in_record;   /* the last record compared had one: the model must take the target's values */
} gh_tolerated;

/* Compares two records field by field, describing each difference; returns
 * their count. Register values of an approximate instruction within the
 * target's declared tolerance are not differences: they are counted in tol. */
unsigned gh__compare_records(gh_text *r, const wire_commit *model, const wire_commit *target, gh_tolerated *tol);
/* record_shape.c: what no target's record may hold (out-of-range numbers, a
 * register written twice), said in r; the count of such faults. */
unsigned gh__record_shape(gh_text *r, const wire_commit *target);
/* A trapping lane as words: "lane 5", "no lane" (GM_TRAP_NO_LANE). */
const char *gh__lane_text(uint32_t lane, char *out, size_t len);

/* What a report says of a retired instruction: the record's head, not its
 * register writes (a wire_commit is 1.5 KB; lockstep keeps the last few of
 * every record it checks). */
typedef struct {
    uint64_t seq, pc, insn_lo, insn_hi;
    uint32_t exec_mask, trap_code, trap_lane;
    uint16_t warp, flags;
} gh_retired;
void gh__retired_of(gh_retired *r, const wire_commit *c);

/* The model's last records before a divergence (divergence.c). */
#define GH_HISTORY 16
typedef struct {
    gh_retired items[GH_HISTORY];
    uint64_t count;
} gh_history;
void gh__history_add(gh_history *h, const wire_commit *c);
void gh__say_history(gh_text *r, const gh_history *h);
/* "DIVERGENCE at instruction N (warp W, pc P): text ;" before the details
 * already said, then `what` (or NULL), then the history. */
void gh__say_divergence(gh_text *r, const wire_commit *m, const char *what, const gh_history *h);
/* The target retired t after the model had finished. */
void gh__say_model_finished(gh_text *r, const wire_commit *t, const gh_history *h);

/* Page numbers (address / WIRE_PAGE_SIZE) a run placed or wrote. */
typedef struct {
    uint64_t *keys; /* page + 1; 0 empty */
    size_t cap, count;
} gh_pageset;
int gh__pages_add(gh_pageset *s, uint64_t page);          /* 0, or -1 out of memory */
int gh__pages_add_range(gh_pageset *s, uint64_t addr, uint64_t len);
int gh__pages_add_record(gh_pageset *s, const wire_commit *rec);
/* The pages in increasing order (malloc'd; *n set), or NULL when empty or out of memory. */
uint64_t *gh__pages_sorted(const gh_pageset *s, size_t *n);
void gh__pages_free(gh_pageset *s);

/* What a full-state check asks of the target's memory beyond digests: the
 * host verifies what it can verify, never taking the target's word. */
typedef struct {
    const gh_pageset *known; /* pages the run loaded or stored to: WRITTEN_PAGES must list each */
    uint64_t rng;            /* the digests' nonces and the page read whole (seeded per run, never 0) */
    bool read_all;           /* --check=full: every page's bytes, whatever its digest */
    uint64_t pages_read;     /* pages read whole and compared, so far */
} gh_memcheck;
/* The next draw of mc's generator (xorshift64*). */
uint64_t gh__memcheck_draw(gh_memcheck *mc);

/* Compares the target's full state with the model's: every warp's registers,
 * predicates, uniforms, lane PCs, waiting and exited lanes, and the pages
 * (digests keyed by a fresh nonce, then bytes) of `pages`, to which the pages
 * the target says its memory holds are added first (a store no record named
 * is found there). The target's list must hold mc->known; the bytes of one
 * page it lists, chosen at random (every page under mc->read_all), are read
 * and compared whatever their digest says. Returns the number of differences
 * (described up to a limit), or -1 when the target cannot be read or
 * contradicts itself (its list leaving out a known page among that). */
int gh__compare_state(gh_text *r, gh_target *t, const gm_model *m, gh_pageset *pages, gh_memcheck *mc,
                      wire_state *scratch);
/* Whether page is in the set. */
bool gh__pages_has(const gh_pageset *s, uint64_t page);

/* The kernel's .expect/.expect_mem on the target's state: the number of
 * mismatching values, the first described in report; -1 if unreadable.
 * matched: NULL, or the model whose every register the target's were just
 * read and found equal to (the end's full-state check): the registers are
 * then taken from it, not read again (a whole STATE per warp: on an RTL
 * target as many backdoor accesses as the check itself). */
int gh__check_target_expectations(gh_target *t, const isa_kernel *k, uint32_t warps, char *report,
                                  size_t len, wire_state *scratch, const gm_model *matched);

/* Coverage records (coverage.c): counts per distinct instruction word. */
typedef struct {
    uint64_t lo, hi, hits, partial;
} gh_coverage_word;
typedef struct {
    gh_coverage_word *words; /* open addressing; hits 0: empty */
    size_t cap, count;
} gh_coverage;
int gh__coverage_add(gh_coverage *c, const wire_commit *rec); /* 0, or -1 out of memory */
/* Writes the record: the board, the variants its target implements, then per
 * variant hits (guarded, partially active) and modifier values. */
int gh__coverage_write(const gh_coverage *c, gh_target *t, FILE *f);
void gh__coverage_free(gh_coverage *c);

/* A warp of the model as the wire protocol's STATE (backend_model.c). */
void gh__model_state(const gm_model *m, uint16_t warp, wire_state *s);

#endif
