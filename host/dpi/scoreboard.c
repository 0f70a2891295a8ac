/* libgpuhost_dpi: the DPI-C scoreboard (gpuhost_scoreboard.h). Records from
 * fw/core's beat assembler, checked by gh_model_check; the DUT-side memory
 * in the sparse pages the model and the board sides use. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps_refusal.h"
#include "fw/beats.h"
#include "fw/caps_words.h"
#include "fw/port_board.h"
#include "gpuhost/gpuhost.h"
#include "gpuhost_scoreboard.h"
#include "sparse_memory.h"

#define MAX_WARPS FW_PORT_MAX_WARPS /* bd_warp's and rt_warp's */

typedef struct {
    uint8_t space, warp, index, lane;
    uint32_t value;
} init_write;

typedef struct {
    isa_kernel *k;
    gh_model *model;
    gm_memory mem, cmem; /* the DUT's global memory; constant bank b at b * ISA_CONST_BANK_BYTES */
    init_write *inits;
    unsigned init_count;
    uint32_t features;
    uint32_t tol_words[FW_PORT_CAP_TOLERANCE_WORDS];
    uint32_t cap_words[SB_CAP_WORDS]; /* every word given, for the up-front refusal */
    int tol_dirty;
    fw_beats beats;
    gh_record rec;
    int open; /* a record between HEAD and END */
    uint32_t exited[MAX_WARPS];
    long long checked;
    int status;
    char report[65536];
} scoreboard;

static void say(scoreboard *s, const char *text)
{
    fputs(text, stdout);
    fflush(stdout);
    if (s && s->report != text)
        snprintf(s->report, sizeof s->report, "%s", text);
}

static int error(scoreboard *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int error(scoreboard *s, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(text, sizeof text, "gpuhost scoreboard: ");
    vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
    va_end(ap);
    strncat(text, "\n", sizeof text - strlen(text) - 1);
    say(s, text);
    if (s)
        s->status = GH_SB_ERROR;
    return GH_SB_ERROR;
}

static int add_init(scoreboard *s, unsigned space, unsigned warp, unsigned index, unsigned lane, uint32_t v)
{
    init_write *w = realloc(s->inits, (s->init_count + 1) * sizeof *w);
    if (!w)
        return -1;
    s->inits = w;
    s->inits[s->init_count++] = (init_write){(uint8_t)space, (uint8_t)warp, (uint8_t)index, (uint8_t)lane, v};
    return 0;
}

static uint32_t lane_mask(const uint32_t values[32])
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        m |= (values[l] & 1u) << l;
    return m;
}

/* The kernel's initial registers, as the model holds them, as backdoor writes. */
static int plan_inits(scoreboard *s)
{
    uint32_t v[32];
    for (uint32_t w = 0; w < s->k->warps; w++) {
        int upred = 0;
        for (size_t i = 0; i < s->k->init_count; i++) {
            const isa_kernel_reg *r = &s->k->inits[i];
            switch (r->kind) {
            case ISA_KERNEL_REG_GPR:
                gh_model_read_reg(s->model, w, WIRE_REG_GPR, r->index, v);
                for (unsigned l = 0; l < 32; l++)
                    if (add_init(s, FW_BD_GPR, w, r->index, l, v[l]) != 0)
                        return -1;
                break;
            case ISA_KERNEL_REG_PRED:
                gh_model_read_reg(s->model, w, WIRE_REG_PRED, r->index, v);
                if (add_init(s, FW_BD_PRED, w, r->index, 0, lane_mask(v)) != 0)
                    return -1;
                break;
            case ISA_KERNEL_REG_UR:
                gh_model_read_reg(s->model, w, WIRE_REG_UR, r->index, v);
                if (add_init(s, FW_BD_UR, w, r->index, 0, v[0]) != 0)
                    return -1;
                break;
            case ISA_KERNEL_REG_UPRED: upred = 1; break;
            }
        }
        if (upred) { /* the port writes the uniform predicates as one mask */
            uint32_t mask = 0;
            for (unsigned p = 0; p < 7; p++) {
                gh_model_read_reg(s->model, w, WIRE_REG_UPRED, p, v);
                mask |= (v[0] & 1u) << p;
            }
            if (add_init(s, FW_BD_UPRED, w, 0, 0, mask) != 0)
                return -1;
        }
    }
    return 0;
}

static int fill_memory(scoreboard *s)
{
    const isa_kernel *k = s->k;
    for (size_t i = 0; i < k->const_count; i++)
        if (gm_memory_write(&s->cmem, (uint64_t)k->consts[i].bank * ISA_CONST_BANK_BYTES + k->consts[i].offset, k->consts[i].words,
                            4u * k->consts[i].count) != 0)
            return -1;
    for (size_t i = 0; i < k->global_count; i++)
        if (gm_memory_write(&s->mem, k->globals[i].addr, k->globals[i].words, 4u * k->globals[i].count) != 0)
            return -1;
    return 0;
}

void *gh_sb_open(const char *kernel_path)
{
    scoreboard *s = calloc(1, sizeof *s);
    if (!s) {
        error(NULL, "out of memory");
        return NULL;
    }
    gm_memory_init(&s->mem);
    gm_memory_init(&s->cmem);
    char err[512];
    if (!kernel_path || !*kernel_path) {
        error(NULL, "no kernel path (the testbench passes one: +kernel=PATH)");
    } else if (gh_load_kernel(kernel_path, &s->k, stdout) != 0) {
        error(NULL, "%s: cannot load the kernel (above)", kernel_path);
    } else if (gh_model_open(s->k, &s->model, err, sizeof err) != 0) {
        error(NULL, "%s: %s", kernel_path, err);
    } else if (fill_memory(s) != 0 || plan_inits(s) != 0) {
        error(NULL, "out of memory");
    } else {
        return s;
    }
    gh_sb_close(s);
    return NULL;
}

void gh_sb_close(void *sb)
{
    scoreboard *s = sb;
    if (!s)
        return;
    gh_model_close(&s->model);
    isa_kernel_destroy(&s->k);
    gm_memory_free(&s->mem);
    gm_memory_free(&s->cmem);
    free(s->inits);
    free(s);
}

int gh_sb_code_count(void *sb)
{
    scoreboard *s = sb;
    return s ? (int)s->k->code_count : 0;
}

void gh_sb_code_word(void *sb, int index, uint32_t word[4])
{
    scoreboard *s = sb;
    memset(word, 0, 4 * sizeof *word);
    if (!s || index < 0 || (size_t)index >= s->k->code_count)
        return;
    const isa_word *w = &s->k->code[index];
    word[0] = (uint32_t)w->lo, word[1] = (uint32_t)(w->lo >> 32);
    word[2] = (uint32_t)w->hi, word[3] = (uint32_t)(w->hi >> 32);
}

int gh_sb_warps(void *sb)
{
    scoreboard *s = sb;
    return s ? (int)s->k->warps : 0;
}

uint64_t gh_sb_entry(void *sb)
{
    scoreboard *s = sb;
    return s ? s->k->entry : 0;
}

int gh_sb_init_count(void *sb)
{
    scoreboard *s = sb;
    return s ? (int)s->init_count : 0;
}

void gh_sb_init_write(void *sb, int i, int *space, int *warp, int *index, int *lane, unsigned *value)
{
    scoreboard *s = sb;
    init_write w = {0};
    if (s && i >= 0 && (unsigned)i < s->init_count)
        w = s->inits[i];
    *space = w.space, *warp = w.warp, *index = w.index, *lane = w.lane, *value = w.value;
}

int gh_sb_cap_word(void *sb, int index, unsigned word)
{
    scoreboard *s = sb;
    if (!s)
        return GH_SB_ERROR;
    if (index >= 0 && index < SB_CAP_WORDS)
        s->cap_words[index] = word;
    if (index == FW_CAP_FEATURES) {
        s->features = word;
    } else if (index >= FW_CAP_TOLERANCES && index < FW_CAP_TOLERANCES + FW_PORT_CAP_TOLERANCE_WORDS) {
        s->tol_words[index - FW_CAP_TOLERANCES] = word;
        s->tol_dirty = 1;
    }
    return GH_SB_OK;
}

int gh_sb_supported(void *sb)
{
    scoreboard *s = sb;
    if (!s)
        return GH_SB_ERROR;
    if (s->status != GH_SB_OK)
        return s->status;
    static sb_caps c; /* large: the scoreboard is single-threaded */
    if (sb_caps_read(s->cap_words, &c) != 0)
        return error(s, "the capability words given cannot be read as capabilities (a tolerance word of 0 ulps)");
    if (sb_caps_refusal(s->k, &c, s->report, sizeof s->report) == 0)
        return GH_SB_OK;
    strncat(s->report, "UNSUPPORTED: the DUT does not implement an instruction of the kernel (nothing ran)\n",
            sizeof s->report - strlen(s->report) - 1);
    say(s, s->report);
    return s->status = GH_SB_UNSUPPORTED;
}

/* The declared tolerances, once the words are in: the model's rules for them. */
static int apply_tolerances(scoreboard *s)
{
    wire_caps w;
    memset(&w, 0, sizeof w);
    if (fw_caps_tolerances(s->tol_words, &w) != 0)
        return error(s, "a tolerance capability word declares 0 ulps (a word must declare a distance; "
                        "a 0 word ends the list)");
    gh_caps c;
    memset(&c, 0, sizeof c);
    for (unsigned i = 0; i < w.tolerance_count && i < GH_MAX_TOLERANCES; i++) {
        c.tolerance[i] = (gh_tolerance){w.tolerance[i].optype, w.tolerance[i].function, w.tolerance[i].format,
                                        w.tolerance[i].ulp};
        c.tolerance_count = i + 1;
    }
    gh_model_set_tolerance(s->model, &c);
    s->tol_dirty = 0;
    return GH_SB_OK;
}

/* The DUT's memory for the board side's request decode (fw/port_board.h):
 * the pages alone, the scoreboard drives no backdoor. */
static uint8_t *sb_page(void *ctx, uint32_t space, uint32_t bank, uint64_t addr, int create)
{
    scoreboard *s = ctx;
    gm_memory *m = space == FW_MEM_CONST ? &s->cmem : &s->mem;
    if (space == FW_MEM_CONST)
        addr += (uint64_t)bank * ISA_CONST_BANK_BYTES;
    if (create)
        return gm_memory_page_for_write(m, addr);
    return (uint8_t *)(uintptr_t)gm_memory_page(m, addr); /* read only: the contract's (port_board.h) */
}

static const fw_port_board sb_store = {.page = sb_page};

int gh_sb_mem(void *sb, int we, int space, int bank, uint64_t addr, unsigned wdata, unsigned *rdata)
{
    *rdata = 0;
    if (!sb || (space && bank < 0))
        return 1;
    uint32_t word = we ? wdata : 0;
    if (fw_port_mem_request(&sb_store, sb, space ? FW_MEM_CONST : FW_MEM_GLOBAL, space ? (uint32_t)bank : 0, addr,
                            we, &word) != 0)
        return 1;
    *rdata = we ? 0 : word;
    return 0;
}

static const char *beat_name(int kind)
{
    switch (kind) {
#define BEAT_NAME(name, value, text) \
    case value: return #name;
        FW_PORT_BEATS(BEAT_NAME)
#undef BEAT_NAME
    }
    return "unknown";
}

/* An UNIMPLEMENTED END is the DUT's word, as lockstep takes it, for what its
 * capability words declare lacking or from a core of an older contract
 * (CONTRACT below this revision, or no words given), which could not
 * declare it; a core that declares what it lacks and not this diverges. */
static bool unimplemented_at_its_word(const scoreboard *s)
{
    static sb_caps c; /* large: the scoreboard is single-threaded */
    isa_insn insn;
    char why[512];
    if (s->cap_words[FW_CAP_CONTRACT] < FW_PORT_CONTRACT_REVISION)
        return true;
    return sb_caps_read(s->cap_words, &c) == 0 &&
           isa_decode((isa_word){s->rec.insn_lo, s->rec.insn_hi}, &insn) == 0 &&
           sb_caps_lacks(&c, &insn, s->rec.pc, why, sizeof why);
}

/* The record is complete: the model's next step against it. */
static int check(scoreboard *s)
{
    s->open = 0;
    if (s->beats.broken)
        return error(s, "the retire beats of instruction %lld broke the port contract (order, kind, index or "
                        "count: docs/port-contract.md, \"Retire trace\")", s->checked);
    fw_beats_note_exits(&s->rec, s->exited, MAX_WARPS);
    if (s->tol_dirty && apply_tolerances(s) != GH_SB_OK)
        return s->status;
    if (s->rec.trap_code == GM_TRAP_UNIMPLEMENTED)
        gh_model_take_unimplemented(s->model, unimplemented_at_its_word(s));
    int verdict = gh_model_check(s->model, &s->rec, s->report, sizeof s->report);
    if (verdict == GH_CHECK_UNIMPLEMENTED) {
        strncat(s->report, "UNSUPPORTED: the DUT does not implement an instruction of the kernel\n",
                sizeof s->report - strlen(s->report) - 1);
        say(s, s->report);
        return s->status = GH_SB_UNSUPPORTED;
    }
    if (verdict != GH_CHECK_MATCH) {
        say(s, s->report);
        return s->status = GH_SB_DIVERGED;
    }
    s->checked++;
    if (s->rec.flags & WIRE_COMMIT_TRAP) {
        char text[1024];
        snprintf(text, sizeof text, "TRAP (the target agrees): %s\n", gh_model_trap_message(s->model));
        say(s, text);
        return s->status = GH_SB_TRAPPED;
    }
    return GH_SB_OK;
}

int gh_sb_beat(void *sb, int kind, int warp, uint64_t pc, const uint32_t insn[4], unsigned mask_a,
               unsigned mask_b, int index, int lane, unsigned data, int status, const uint32_t row[32])
{
    scoreboard *s = sb;
    if (!s)
        return GH_SB_ERROR;
    if (s->status != GH_SB_OK)
        return s->status;
    if (!s->open) {
        if (kind != FW_BEAT_HEAD)
            return error(s, "a %s beat (kind %d) after instruction %lld ended and before the next HEAD",
                         beat_name(kind), kind, s->checked);
        fw_beats_begin(&s->beats, &s->rec, s->features);
        s->open = 1;
    }
    fw_beat b = {.kind = (uint8_t)kind, .warp = (uint8_t)warp, .index = (uint8_t)index, .lane = (uint8_t)lane,
                 .status = (uint8_t)status, .pc = pc, .mask_a = mask_a, .mask_b = mask_b, .data = data};
    if (kind == FW_BEAT_HEAD)
        memcpy(b.insn, insn, sizeof b.insn);
    if (kind == FW_BEAT_GPR_ROW)
        memcpy(b.row, row, sizeof b.row);
    if (fw_beats_add(&s->beats, &b))
        return check(s);
    if (s->beats.broken)
        return error(s, "a %s beat (kind %d) of instruction %lld broke the port contract (order, kind, index or "
                        "count: docs/port-contract.md, \"Retire trace\")", beat_name(kind), kind, s->checked);
    return GH_SB_OK;
}

int gh_sb_done(void *sb)
{
    scoreboard *s = sb;
    if (!s)
        return GH_SB_ERROR;
    if (s->status != GH_SB_OK)
        return s->status;
    if (s->open)
        return error(s, "the DUT says it finished within instruction %lld (HEAD without END)", s->checked);
    if (gh_model_check_done(s->model, s->report, sizeof s->report) != GH_CHECK_MATCH) {
        say(s, s->report);
        return s->status = GH_SB_DIVERGED;
    }
    char why[256];
    unsigned wrong = gh_model_check_expectations(s->model, s->k, why, sizeof why);
    if (wrong) {
        snprintf(s->report, sizeof s->report, "model: %s (%u mismatching value%s)\nFAIL: %lld instruction%s checked, "
                 "every record the model's, but an .expect does not hold\n", why, wrong, wrong == 1 ? "" : "s",
                 s->checked, s->checked == 1 ? "" : "s");
        say(s, s->report);
        return s->status = GH_SB_FAILED;
    }
    char text[128];
    snprintf(text, sizeof text, "PASS: scoreboard clean, %lld instructions checked\n", s->checked);
    say(s, text);
    return GH_SB_OK;
}

const char *gh_sb_report(void *sb)
{
    scoreboard *s = sb;
    return s ? s->report : "";
}

long long gh_sb_checked(void *sb)
{
    scoreboard *s = sb;
    return s ? s->checked : 0;
}

const char *gh_sb_status_name(int status)
{
    switch (status) {
#define STATUS_NAME(name, value, text) \
    case value: return #name;
        GH_SB_STATUSES(STATUS_NAME)
#undef STATUS_NAME
    }
    return "?";
}
