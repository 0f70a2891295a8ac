/* libgpuhost: checking one step of gh_selftest: a kernel loaded and its state
 * compared with the model's, or run in lockstep with it. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "isa/asmfile.h"
#include "isa/isa.h"
#include "selftest_steps.h"

/* The step's kernel, or NULL with why in s->text (an internal error). */
static isa_kernel *assemble(gh__selftest *s, const char *name, const char *text)
{
    isa_kernel *k = NULL;
    if (!text)
        gh__say(&s->text, "internal: out of memory writing the kernel of %s\n", name);
    else if (isa_assemble(name, text, &k, NULL) != 0)
        gh__say(&s->text, "internal: the kernel of %s does not assemble\n", name);
    return k;
}

/* A target that failed: its own breach (a malformed or contradictory reply)
 * or the link's. */
static int target_failed(gh__selftest *s, const char *what)
{
    gh__say(&s->text, "%s: %s\n", what, gh_target_error(s->t));
    return s->t->violation || s->t->dut_failed ? GH_DUT_FAILED : GH_TARGET_ERROR;
}

/* READ_MEM of every word k placed, each byte compared with the model's:
 * digests alone would never send it. */
static int read_back(gh__selftest *s, const isa_kernel *k, const gm_model *m)
{
    for (size_t i = 0; i < k->global_count; i++) {
        size_t len = 4 * (size_t)k->globals[i].count;
        uint8_t *got = malloc(len), *want = malloc(len);
        int verdict = GH_PASS;
        if (!got || !want) {
            gh__say(&s->text, "out of memory\n");
            verdict = GH_TARGET_ERROR;
        } else if (gh_target_read_mem(s->t, k->globals[i].addr, got, len) != 0) {
            verdict = target_failed(s, "READ_MEM");
        } else if (gm_read_memory(m, k->globals[i].addr, want, len) != 0) {
            gh__say(&s->text, "internal: the model cannot read 0x%" PRIx64 "\n", k->globals[i].addr);
            verdict = GH_TARGET_ERROR;
        } else {
            for (size_t b = 0; b < len && verdict == GH_PASS; b++)
                if (got[b] != want[b]) {
                    gh__say(&s->text, "READ_MEM 0x%" PRIx64 ": expected 0x%02x, actual 0x%02x\n",
                            k->globals[i].addr + b, want[b], got[b]);
                    verdict = GH_DIVERGED;
                }
        }
        free(got);
        free(want);
        if (verdict != GH_PASS)
            return verdict;
    }
    return GH_PASS;
}

/* WRITE_REG PC_LO, PC_HI and LANE_STATUS of every lane of every warp, the
 * same on both sides; STATE then shows them. Every status a lane of this
 * target can have, so that no lane's PC goes unread: ready and exited, and
 * waiting where it implements BSYNC (a core without it has no waiting lane
 * to hold, and nothing emulated needs one). */
static int lane_regs(gh__selftest *s, const isa_kernel *k, gm_model *m)
{
    static const uint8_t kinds[] = {WIRE_REG_PC_LO, WIRE_REG_PC_HI, WIRE_REG_LANE_STATUS};
    int bsync = isa_find_variant("BSYNC_X");
    uint32_t statuses = bsync >= 0 && gh_target_implements_variant(s->t, (uint32_t)bsync) ? 3u : 2u;
    for (uint16_t w = 0; w < k->warps; w++)
        for (size_t i = 0; i < sizeof kinds; i++) {
            uint32_t values[WIRE_LANES];
            for (uint32_t l = 0; l < WIRE_LANES; l++)
                values[l] = kinds[i] == WIRE_REG_PC_LO   ? 0x100u * (w + 1) + 0x10u * l
                            : kinds[i] == WIRE_REG_PC_HI ? 1u + (l + w) % 4u
                                                         : statuses == 3u ? (l + w) % 3u /* 0 ready, 1 waiting, 2 exited */
                                                                   : 2u * ((l + w) % 2u);
            if (gh__write_reg(s->t, w, kinds[i], 0, UINT32_MAX, values) != 0)
                return target_failed(s, "WRITE_REG");
            if (gm_write_reg(m, w, kinds[i], 0, UINT32_MAX, values) != 0) {
                gh__say(&s->text, "internal: the model refuses WRITE_REG kind %u\n", kinds[i]);
                return GH_TARGET_ERROR;
            }
        }
    return GH_PASS;
}

int gh__selftest_state(gh__selftest *s, const char *name, const char *text, unsigned extra)
{
    isa_kernel *k = assemble(s, name, text);
    if (!k)
        return GH_TARGET_ERROR;
    char err[256];
    gm_model *m = gm_new(k, err, sizeof err);
    gh_pageset pages = {0};
    int verdict = GH_PASS;
    bool placed = true;
    for (size_t i = 0; i < k->global_count; i++)
        placed &= gh__pages_add_range(&pages, k->globals[i].addr, 4ull * k->globals[i].count) == 0;
    if (!m || !placed) {
        gh__say(&s->text, "internal: cannot start the model: %s\n", m ? "out of memory" : err);
        verdict = GH_TARGET_ERROR;
    } else if (gh_target_load(s->t, k) != 0) {
        verdict = target_failed(s, "cannot load the kernel");
    } else if (!(extra & GH__SELFTEST_LANE_REGS) || (verdict = lane_regs(s, k, m)) == GH_PASS) {
        gh_pageset known = {0}; /* what was loaded: the target must list each page (READ_MEM reads them: read_back) */
        bool copied = true;
        for (size_t i = 0; i < k->global_count; i++)
            copied &= gh__pages_add_range(&known, k->globals[i].addr, 4ull * k->globals[i].count) == 0;
        gh_memcheck mc = {.known = &known, .rng = 0x5e1f7e57u + k->code_count};
        int diffs = copied ? gh__compare_state(&s->text, s->t, m, &pages, &mc, s->scratch) : -1;
        gh__pages_free(&known);
        if (diffs < 0)
            verdict = target_failed(s, "cannot read the target's state");
        else if (diffs > 0)
            verdict = GH_DIVERGED;
        else if (extra & GH__SELFTEST_READ_MEM)
            verdict = read_back(s, k, m);
    }
    gh__pages_free(&pages);
    gm_destroy(&m);
    isa_kernel_destroy(&k);
    return verdict;
}

int gh__selftest_lockstep(gh__selftest *s, const char *name, const char *text, uint64_t check_every)
{
    isa_kernel *k = assemble(s, name, text);
    if (!k)
        return GH_TARGET_ERROR;
    uint32_t max_code = gh_target_caps(s->t)->max_code;
    if (max_code && k->code_count > max_code) { /* a small core: the step cannot be asked of it */
        gh__say(&s->text, "its kernel has %zu instructions, the target's code memory holds %u", k->code_count,
                max_code);
        isa_kernel_destroy(&k);
        return GH__SELFTEST_UNFIT;
    }
    gh_run_opts o = {.max_insns = 1000000, .batch = 1, .window = 1, .lockstep = true, .check_every = check_every};
    gh_run(s->t, k, &o, s->run);
    isa_kernel_destroy(&k);
    int verdict = s->run->verdict == GH_TRAPPED ? GH_PASS : s->run->verdict; /* both sides trapped alike */
    if (verdict != GH_PASS)
        gh__say(&s->text, "%s", s->run->report);
    else if (s->run->instructions == 0) { /* nothing ran: nothing was compared */
        gh__say(&s->text, "the target ran no instruction of it\n");
        verdict = GH_DIVERGED;
    }
    return verdict;
}
