/* libisa: the random kernel's code while it is built (random_kernel.c):
 * instructions appended as words, branch targets as labels resolved when the
 * code is written as assembly text, helper instructions assembled from text. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "random_kernel.h"

uint32_t rk_pick(rk_gen *g, uint32_t n)
{
    return n ? (uint32_t)(isa_rand(&g->rng) % n) : 0;
}

static uint32_t optype_value(const isa_variant *v)
{
    int f = isa_field_index(v, "optype");
    return f < 0 ? 0 : isa_variant_fields(v)[f].value & 255u;
}

bool rk_implements(const rk_gen *g, const isa_variant *v)
{
    size_t index = (size_t)(v - isa_tables_get()->variants);
    return g->o->implemented[optype_value(v)] && !(index < 256 && g->o->lacking[index]);
}

bool rk_implements_insn(const rk_gen *g, const isa_insn *insn)
{
    return rk_implements(g, isa_variant_of(insn)) &&
           !isa_modifier_find(g->o->lacking_values, g->o->lacking_value_count, insn);
}

static bool assemble(const char *text, isa_insn *insn, isa_word *w)
{
    isa_context ctx = {0};
    isa_diag diag;
    return isa_asm(text, &ctx, w, insn, &diag) == 0;
}

bool rk_append(rk_gen *g, isa_word w, uint32_t label)
{
    if (g->count == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 1024;
        rk_insn *code = realloc(g->code, cap * sizeof *code);
        if (!code) {
            snprintf(g->err, g->errlen, "out of memory");
            return !(g->failed = true);
        }
        g->code = code, g->cap = cap;
    }
    g->code[g->count++] = (rk_insn){w, label};
    return true;
}

bool rk_emit_text(rk_gen *g, const char *fmt, ...)
{
    char text[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    isa_insn insn;
    isa_word w;
    if (!assemble(text, &insn, &w)) {
        snprintf(g->err, g->errlen, "internal: the helper '%s' does not assemble", text);
        return !(g->failed = true);
    }
    return rk_append(g, w, RK_NO_LABEL);
}

bool rk_text_usable(const rk_gen *g, const char *fmt)
{
    char text[160];
    snprintf(text, sizeof text, fmt, 1u, 1u, 1u, 1u); /* templates take %u / %x only */
    isa_insn insn;
    isa_word w;
    return assemble(text, &insn, &w) && rk_implements_insn(g, &insn);
}

uint32_t rk_new_label(rk_gen *g)
{
    if (g->label_count == g->label_cap) {
        size_t cap = g->label_cap ? 2 * g->label_cap : 256;
        uint32_t *labels = realloc(g->labels, cap * sizeof *labels);
        if (!labels) {
            snprintf(g->err, g->errlen, "out of memory");
            g->failed = true;
            return RK_NO_LABEL;
        }
        g->labels = labels, g->label_cap = cap;
    }
    g->labels[g->label_count] = RK_NO_LABEL;
    return (uint32_t)g->label_count++;
}

void rk_bind(rk_gen *g, uint32_t label)
{
    if (label != RK_NO_LABEL)
        g->labels[label] = (uint32_t)g->count;
}

static const char *label_name(void *ctx, uint64_t addr)
{
    char *buf = ctx;
    snprintf(buf, 32, "L%llu", (unsigned long long)(addr / 16));
    return buf;
}

void rk_write_code(const rk_gen *g, FILE *f)
{
    bool *target = calloc(g->count + 1, sizeof *target);
    for (size_t i = 0; target && i < g->label_count; i++)
        if (g->labels[i] != RK_NO_LABEL)
            target[g->labels[i]] = true;
    char name[32];
    for (size_t i = 0; i < g->count; i++) {
        isa_insn insn;
        char text[256];
        if (target && target[i])
            fprintf(f, "L%zu:\n", i);
        if (isa_decode(g->code[i].word, &insn) != 0)
            continue;
        const isa_variant *v = isa_variant_of(&insn);
        const isa_field *fields = isa_variant_fields(v);
        for (uint16_t k = 0; g->code[i].label != RK_NO_LABEL && k < v->field_count; k++)
            if (isa_field_type(&fields[k])->kind == ISA_KIND_PCREL)
                insn.value[k] = (uint32_t)(16 * (int64_t)g->labels[g->code[i].label] - 16 * ((int64_t)i + 1));
        isa_context ctx = {.pc = 16 * i, .labels = label_name, .ctx = name};
        if (isa_disasm(&insn, &ctx, text, sizeof text) == 0)
            fprintf(f, "%s ;\n", text);
    }
    free(target);
}
