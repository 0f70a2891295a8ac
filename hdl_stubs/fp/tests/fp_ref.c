/* hdl_stubs/fp tests: the functional model as the reference (see fp_ref.h). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "fp_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm/model.h"
#include "isa/asmfile.h"

#define CACHE_SLOTS 8192u /* distinct instruction texts kept assembled */

typedef struct {
    char *text;
    isa_word word;
} cached_word;

struct fpref {
    isa_kernel *kernel;
    gm_model *model;
    wire_commit *rec;
    cached_word cache[CACHE_SLOTS];
    unsigned cached;
};

static void forget_words(fpref *r)
{
    for (unsigned i = 0; i < CACHE_SLOTS; i++) {
        free(r->cache[i].text);
        r->cache[i].text = NULL;
    }
    r->cached = 0;
}

fpref *fpref_new(char *err, size_t errlen)
{
    fpref *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    /* one warp parked at an EXIT it never reaches: gm_inject runs the words */
    r->rec = malloc(sizeof *r->rec);
    if (!r->rec || isa_assemble("fp_ref.s", "EXIT ;\n", &r->kernel, stderr) != 0) {
        snprintf(err, errlen, "cannot set up the reference kernel");
        fpref_free(&r);
        return NULL;
    }
    r->model = gm_new(r->kernel, err, errlen);
    if (!r->model) {
        fpref_free(&r);
        return NULL;
    }
    return r;
}

void fpref_free(fpref **r)
{
    if (!r || !*r)
        return;
    forget_words(*r);
    gm_destroy(&(*r)->model);
    isa_kernel_destroy(&(*r)->kernel);
    free((*r)->rec);
    free(*r);
    *r = NULL;
}

static uint32_t hash_text(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The instruction word of `insn`, assembled once. */
static int word_of(fpref *r, const char *insn, isa_word *word, char *err, size_t errlen)
{
    if (r->cached >= CACHE_SLOTS / 2)
        forget_words(r);
    uint32_t i = hash_text(insn) % CACHE_SLOTS;
    while (r->cache[i].text && strcmp(r->cache[i].text, insn) != 0)
        i = (i + 1) % CACHE_SLOTS;
    if (r->cache[i].text) {
        *word = r->cache[i].word;
        return 0;
    }
    char src[256];
    snprintf(src, sizeof src, "%s ;\n", insn);
    isa_kernel *k = NULL;
    if (isa_assemble("fp_ref.s", src, &k, stderr) != 0 || k->code_count != 1) {
        isa_kernel_destroy(&k);
        snprintf(err, errlen, "does not assemble: %s", insn);
        return -1;
    }
    r->cache[i].text = strdup(insn);
    r->cache[i].word = k->code[0];
    r->cached++;
    *word = k->code[0];
    isa_kernel_destroy(&k);
    if (!r->cache[i].text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int fpref_exec(fpref *r, const char *insn, const fpvl_in *in, fpvl_out *out, char *err,
               size_t errlen)
{
    isa_word word;
    if (word_of(r, insn, &word, err, errlen) != 0)
        return -1;
    uint32_t p[GM_LANES], zero[GM_LANES] = {0};
    for (unsigned l = 0; l < GM_LANES; l++)
        p[l] = (in->p >> l) & 1u;
    if (gm_write_reg(r->model, 0, 0, 1, ~0u, in->a) || gm_write_reg(r->model, 0, 0, 2, ~0u, in->b) ||
        gm_write_reg(r->model, 0, 0, 3, ~0u, in->c) || gm_write_reg(r->model, 0, 0, 0, ~0u, zero) ||
        gm_write_reg(r->model, 0, 1, 0, ~0u, p) || gm_write_reg(r->model, 0, 1, 1, ~0u, zero) ||
        gm_write_reg(r->model, 0, 1, 2, ~0u, zero)) {
        snprintf(err, errlen, "cannot write the operands");
        return -1;
    }
    int rc = gm_inject(r->model, 0, word, r->rec);
    if (rc != GM_STEP_OK) {
        snprintf(err, errlen, "%s: %s", insn,
                 rc == GM_STEP_TRAP ? gm_trap_message(r->model) : "no lane to run");
        return -1;
    }
    for (unsigned l = 0; l < GM_LANES; l++)
        out->d[l] = gm_gpr(r->model, 0, 0, l);
    out->pu = gm_pred_mask(r->model, 0, 1);
    out->pv = gm_pred_mask(r->model, 0, 2);
    return 0;
}
