/* libgpuhost: coverage records — which variants, modifier values, guards and
 * partially active warps a run executed (in lockstep: compared), per board.
 * Counted per distinct instruction word while running (a hash lookup); each
 * word is decoded once, when the record is written. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "isa/isa.h"

static size_t slot(uint64_t lo, uint64_t hi, size_t cap)
{
    return (size_t)(((lo ^ (hi * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull) >> 17) & (cap - 1);
}

static int grow(gh_coverage *c)
{
    size_t cap = c->cap ? 2 * c->cap : 256;
    gh_coverage_word *words = calloc(cap, sizeof *words);
    if (!words)
        return -1;
    for (size_t i = 0; i < c->cap; i++)
        if (c->words[i].hits) {
            size_t j = slot(c->words[i].lo, c->words[i].hi, cap);
            while (words[j].hits)
                j = (j + 1) & (cap - 1);
            words[j] = c->words[i];
        }
    free(c->words);
    c->words = words;
    c->cap = cap;
    return 0;
}

int gh__coverage_add(gh_coverage *c, const wire_commit *rec)
{
    if ((c->count + 1) * 2 > c->cap && grow(c) != 0)
        return -1;
    size_t j = slot(rec->insn_lo, rec->insn_hi, c->cap);
    while (c->words[j].hits && (c->words[j].lo != rec->insn_lo || c->words[j].hi != rec->insn_hi))
        j = (j + 1) & (c->cap - 1);
    gh_coverage_word *w = &c->words[j];
    if (!w->hits) {
        w->lo = rec->insn_lo, w->hi = rec->insn_hi;
        c->count++;
    }
    w->hits++;
    w->partial += rec->exec_mask != 0xffffffffu;
    return 0;
}

typedef struct {
    uint64_t hits, guarded, partial;
} variant_count;

int gh__coverage_write(const gh_coverage *c, gh_target *t, FILE *f)
{
    const isa_tables *tab = isa_tables_get();
    variant_count *per = calloc(tab->variant_count, sizeof *per);
    if (!per)
        return -1;
    fprintf(f, "gpuhost-coverage 2\nboard %s\nimplements", gh_target_board(t)->name);
    for (uint32_t v = 0; v < tab->variant_count; v++) {
        if (gh_target_implements_variant(t, v))
            fprintf(f, " %s", tab->variants[v].name);
    }
    fputc('\n', f);
    for (size_t i = 0; i < c->cap; i++) {
        const gh_coverage_word *w = &c->words[i];
        isa_insn insn;
        if (!w->hits || isa_decode((isa_word){w->lo, w->hi}, &insn) != 0)
            continue;
        const isa_variant *v = isa_variant_of(&insn);
        const isa_field *fields = isa_variant_fields(v);
        int pg = isa_field_index(v, "pg");
        per[insn.variant].hits += w->hits;
        per[insn.variant].partial += w->partial;
        if (pg >= 0 && insn.value[pg] != 7) /* PT: no guard */
            per[insn.variant].guarded += w->hits;
        for (uint16_t k = 0; k < v->field_count; k++) {
            const isa_type *type = isa_field_type(&fields[k]);
            if (fields[k].role == ISA_FIELD_FIXED || type->kind != ISA_KIND_ENUM)
                continue;
            const char *value = isa_enum_name(type, insn.value[k]);
            fprintf(f, "modifier %s %s %s %llu\n", v->name, fields[k].name, value ? value : "?",
                    (unsigned long long)w->hits);
        }
    }
    for (uint32_t v = 0; v < tab->variant_count; v++)
        if (per[v].hits)
            fprintf(f, "variant %s %llu %llu %llu\n", tab->variants[v].name, (unsigned long long)per[v].hits,
                    (unsigned long long)per[v].guarded, (unsigned long long)per[v].partial);
    free(per);
    fputs("end\n", f); /* a record cut short anywhere lacks it */
    return ferror(f) ? -1 : 0;
}

void gh__coverage_free(gh_coverage *c)
{
    free(c->words);
    memset(c, 0, sizeof *c);
}
