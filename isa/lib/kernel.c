/* isa_kernel: the in-memory kernel, its builders and its validation.
 * The container format lives in kernel_elf_write.c and kernel_elf_read.c. */
#include "isa/kernel.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

isa_kernel *isa_kernel_new(void)
{
    isa_kernel *self = calloc(1, sizeof *self);
    if (self)
        self->warps = 1;
    return self;
}

void isa_kernel_destroy(isa_kernel **self_p)
{
    if (!self_p || !*self_p)
        return;
    isa_kernel *self = *self_p;
    free(self->code);
    for (size_t i = 0; i < self->const_count; i++)
        free(self->consts[i].words);
    free(self->consts);
    for (size_t i = 0; i < self->global_count; i++)
        free(self->globals[i].words);
    free(self->globals);
    free(self->inits);
    free(self->expect_regs);
    for (size_t i = 0; i < self->expect_mem_count; i++)
        free(self->expect_mems[i].words);
    free(self->expect_mems);
    for (size_t i = 0; i < self->symbol_count; i++)
        free(self->symbols[i].name);
    free(self->symbols);
    free(self);
    *self_p = NULL;
}

/* Makes room in array (count elements of elem bytes) for one more element,
 * which it zeroes; returns the (possibly moved) array or NULL, the old array
 * then being untouched. Capacity is implicit: the array is reallocated to
 * twice its size whenever count is 0 or a power of two, so n appends cost
 * O(n). */
static void *grow(void *array, size_t count, size_t elem)
{
    if ((count & (count - 1)) == 0) {
        size_t cap = count ? 2 * count : 1;
        if (cap < count || cap > ((size_t)-1) / elem)
            return NULL;
        array = realloc(array, cap * elem);
        if (!array)
            return NULL;
    }
    memset((char *)array + count * elem, 0, elem);
    return array;
}

static uint32_t *copy_words(const uint32_t *words, uint32_t count)
{
    if (count && !words)
        return NULL;
    uint32_t *w = malloc(count ? (size_t)count * sizeof *w : 1);
    if (w && count)
        memcpy(w, words, (size_t)count * sizeof *w);
    return w;
}

int isa_kernel_add_code(isa_kernel *self, const isa_word *code, size_t count)
{
    if (!self || (count && !code))
        return -1;
    if (count == 0)
        return 0;
    if (count > ((size_t)-1) / sizeof(isa_word) - self->code_count)
        return -1;
    isa_word *p = realloc(self->code, (self->code_count + count) * sizeof *p);
    if (!p)
        return -1;
    memcpy(p + self->code_count, code, count * sizeof *p);
    self->code = p;
    self->code_count += count;
    return 0;
}

int isa_kernel_set_launch(isa_kernel *self, uint32_t warps, uint64_t entry)
{
    if (!self)
        return -1;
    self->warps = warps;
    self->entry = entry;
    return 0;
}

int isa_kernel_add_const(isa_kernel *self, uint32_t bank, uint32_t offset, const uint32_t *words,
                         uint32_t count)
{
    if (!self)
        return -1;
    uint32_t *w = copy_words(words, count);
    if (!w)
        return -1;
    isa_kernel_const *a = grow(self->consts, self->const_count, sizeof *a);
    if (!a) {
        free(w);
        return -1;
    }
    self->consts = a;
    a[self->const_count] = (isa_kernel_const){.bank = bank, .offset = offset, .count = count, .words = w};
    self->const_count++;
    return 0;
}

static int add_mem(isa_kernel_mem **array, size_t *n, uint64_t addr, const uint32_t *words,
                   uint32_t count)
{
    uint32_t *w = copy_words(words, count);
    if (!w)
        return -1;
    isa_kernel_mem *a = grow(*array, *n, sizeof *a);
    if (!a) {
        free(w);
        return -1;
    }
    *array = a;
    a[*n] = (isa_kernel_mem){.addr = addr, .count = count, .words = w};
    (*n)++;
    return 0;
}

int isa_kernel_add_global(isa_kernel *self, uint64_t addr, const uint32_t *words, uint32_t count)
{
    return self ? add_mem(&self->globals, &self->global_count, addr, words, count) : -1;
}

int isa_kernel_add_expect_mem(isa_kernel *self, uint64_t addr, const uint32_t *words,
                              uint32_t count)
{
    return self ? add_mem(&self->expect_mems, &self->expect_mem_count, addr, words, count) : -1;
}

static int add_reg(isa_kernel_reg **array, size_t *n, isa_kernel_reg_kind kind, uint32_t index,
                   const uint32_t *values, uint32_t count)
{
    if ((count != 1 && count != ISA_KERNEL_LANES) || !values)
        return -1;
    isa_kernel_reg *a = grow(*array, *n, sizeof *a);
    if (!a)
        return -1;
    *array = a;
    isa_kernel_reg *r = &a[*n];
    r->kind = kind;
    r->index = index;
    r->count = count;
    memcpy(r->values, values, count * sizeof *values);
    (*n)++;
    return 0;
}

int isa_kernel_add_init(isa_kernel *self, isa_kernel_reg_kind kind, uint32_t index,
                        const uint32_t *values, uint32_t count)
{
    return self ? add_reg(&self->inits, &self->init_count, kind, index, values, count) : -1;
}

int isa_kernel_add_expect_reg(isa_kernel *self, isa_kernel_reg_kind kind, uint32_t index,
                              const uint32_t *values, uint32_t count)
{
    return self ? add_reg(&self->expect_regs, &self->expect_reg_count, kind, index, values, count)
                : -1;
}

int isa_kernel_add_symbol(isa_kernel *self, const char *name, uint64_t addr)
{
    if (!self || !name)
        return -1;
    size_t len = strlen(name);
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, name, len + 1);
    isa_kernel_symbol *a = grow(self->symbols, self->symbol_count, sizeof *a);
    if (!a) {
        free(copy);
        return -1;
    }
    self->symbols = a;
    a[self->symbol_count].name = copy;
    a[self->symbol_count].addr = addr;
    self->symbol_count++;
    return 0;
}

const char *isa_kernel_reg_kind_name(isa_kernel_reg_kind kind)
{
    switch (kind) {
    case ISA_KERNEL_REG_GPR: return "GPR";
    case ISA_KERNEL_REG_UR: return "UR";
    case ISA_KERNEL_REG_PRED: return "PRED";
    case ISA_KERNEL_REG_UPRED: return "UPRED";
    }
    return "?";
}

uint32_t isa_kernel_reg_limit(isa_kernel_reg_kind kind)
{
    switch (kind) {
    case ISA_KERNEL_REG_GPR: return 255;
    case ISA_KERNEL_REG_UR: return 63;
    case ISA_KERNEL_REG_PRED: return 7;
    case ISA_KERNEL_REG_UPRED: return 7;
    }
    return 0;
}

const isa_kernel_symbol *isa_kernel_find_symbol(const isa_kernel *self, const char *name)
{
    if (!self || !name)
        return NULL;
    for (size_t i = 0; i < self->symbol_count; i++)
        if (strcmp(self->symbols[i].name, name) == 0)
            return &self->symbols[i];
    return NULL;
}

/* ---- validation ---- */

/* An interval [lo, hi] (inclusive) in space `space` (bank, or 0), from record
 * `index`; sorted to find overlaps in O(n log n). */
typedef struct {
    uint64_t space, lo, hi;
    size_t index;
} span;

static int span_cmp(const void *a, const void *b)
{
    const span *x = a, *y = b;
    if (x->space != y->space)
        return x->space < y->space ? -1 : 1;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Sorts spans and reports the first overlapping pair. -1 on out of memory,
 * 1 with *first < *second on overlap, 0 otherwise. */
static int find_overlap(span *s, size_t n, size_t *first, size_t *second)
{
    qsort(s, n, sizeof *s, span_cmp);
    for (size_t i = 1; i < n; i++) {
        if (s[i].space == s[i - 1].space && s[i].lo <= s[i - 1].hi) {
            *first = s[i].index < s[i - 1].index ? s[i].index : s[i - 1].index;
            *second = s[i].index < s[i - 1].index ? s[i - 1].index : s[i].index;
            return 1;
        }
    }
    return 0;
}

static int validate_consts(const isa_kernel *k, char *err, size_t errlen)
{
    const char *sec = ISA_KERNEL_SEC_CONST;
    for (size_t i = 0; i < k->const_count; i++) {
        const isa_kernel_const *c = &k->consts[i];
        if (c->bank >= ISA_KERNEL_CONST_BANKS)
            return fail(err, errlen, "section %s: record %zu: bank %u out of range 0..%u", sec, i,
                        c->bank, ISA_KERNEL_CONST_BANKS - 1);
        if (c->offset % 4)
            return fail(err, errlen, "section %s: record %zu: offset 0x%x is not a multiple of 4",
                        sec, i, c->offset);
        if (c->count == 0 || !c->words)
            return fail(err, errlen, "section %s: record %zu: no words", sec, i);
        if ((uint64_t)c->offset + 4u * (uint64_t)c->count > ISA_KERNEL_CONST_BANK_SIZE)
            return fail(err, errlen,
                        "section %s: record %zu: offset 0x%x + %u words exceeds the %u-byte bank",
                        sec, i, c->offset, c->count, ISA_KERNEL_CONST_BANK_SIZE);
    }
    if (k->const_count < 2)
        return 0;
    span *s = malloc(k->const_count * sizeof *s);
    if (!s)
        return fail(err, errlen, "section %s: out of memory", sec);
    for (size_t i = 0; i < k->const_count; i++)
        s[i] = (span){k->consts[i].bank, k->consts[i].offset,
                      k->consts[i].offset + 4ull * k->consts[i].count - 1, i};
    size_t a, b;
    int r = find_overlap(s, k->const_count, &a, &b);
    free(s);
    if (r)
        return fail(err, errlen, "section %s: record %zu overlaps record %zu (bank %u)", sec, b,
                    a, k->consts[a].bank);
    return 0;
}

static int validate_mems(const isa_kernel_mem *m, size_t n, const char *sec, char *err,
                         size_t errlen)
{
    for (size_t i = 0; i < n; i++) {
        if (m[i].addr % 4)
            return fail(err, errlen, "section %s: record %zu: address 0x%llx is not a multiple of 4",
                        sec, i, (unsigned long long)m[i].addr);
        if (m[i].count == 0 || !m[i].words)
            return fail(err, errlen, "section %s: record %zu: no words", sec, i);
        if (m[i].addr >= ISA_KERNEL_GLOBAL_LIMIT || 4u * (uint64_t)m[i].count > ISA_KERNEL_GLOBAL_LIMIT - m[i].addr)
            return fail(err, errlen,
                        "section %s: record %zu: address 0x%llx + %u words reaches past global memory "
                        "(addresses below 2^48)", sec, i, (unsigned long long)m[i].addr, m[i].count);
    }
    if (n < 2)
        return 0;
    span *s = malloc(n * sizeof *s);
    if (!s)
        return fail(err, errlen, "section %s: out of memory", sec);
    for (size_t i = 0; i < n; i++)
        s[i] = (span){0, m[i].addr, m[i].addr + 4u * (uint64_t)m[i].count - 1, i};
    size_t a, b;
    int r = find_overlap(s, n, &a, &b);
    free(s);
    if (r)
        return fail(err, errlen, "section %s: record %zu (0x%llx, %u words) overlaps record %zu",
                    sec, b, (unsigned long long)m[b].addr, m[b].count, a);
    return 0;
}

static int validate_regs(const isa_kernel_reg *r, size_t n, const char *sec, char *err,
                         size_t errlen)
{
    /* first record index + 1 per (kind, index): 255 + 63 + 7 + 7 slots */
    size_t seen[4][255];
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < n; i++) {
        const isa_kernel_reg *g = &r[i];
        uint32_t limit = isa_kernel_reg_limit(g->kind);
        const char *kn = isa_kernel_reg_kind_name(g->kind);
        if (limit == 0)
            return fail(err, errlen, "section %s: record %zu: unknown register kind %u", sec, i,
                        (unsigned)g->kind);
        if (g->index >= limit)
            return fail(err, errlen, "section %s: record %zu: %s index %u out of range 0..%u",
                        sec, i, kn, g->index, limit - 1);
        if (g->count != 1 && g->count != ISA_KERNEL_LANES)
            return fail(err, errlen, "section %s: record %zu: value count %u is neither 1 nor 32",
                        sec, i, g->count);
        bool uniform = g->kind == ISA_KERNEL_REG_UR || g->kind == ISA_KERNEL_REG_UPRED;
        if (uniform && g->count != 1)
            return fail(err, errlen,
                        "section %s: record %zu: uniform register %s%u takes 1 value, not %u",
                        sec, i, kn, g->index, g->count);
        for (uint32_t l = g->count; l < ISA_KERNEL_LANES; l++)
            if (g->values[l])
                return fail(err, errlen,
                            "section %s: record %zu: value count 1 but lane %u holds 0x%x", sec,
                            i, l, g->values[l]);
        if (g->kind == ISA_KERNEL_REG_PRED || g->kind == ISA_KERNEL_REG_UPRED)
            for (uint32_t l = 0; l < g->count; l++)
                if (g->values[l] > 1)
                    return fail(err, errlen,
                                "section %s: record %zu: predicate value %u (lane %u) is neither "
                                "0 nor 1",
                                sec, i, g->values[l], l);
        size_t *slot = &seen[g->kind][g->index];
        if (*slot)
            return fail(err, errlen, "section %s: record %zu: %s%u already set by record %zu",
                        sec, i, kn, g->index, *slot - 1);
        *slot = i + 1;
    }
    return 0;
}

typedef struct {
    const char *name;
    size_t index;
} name_ref;

static int name_cmp(const void *a, const void *b)
{
    const name_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->index < y->index ? -1 : x->index > y->index);
}

static int validate_symbols(const isa_kernel *k, char *err, size_t errlen)
{
    const char *sec = ISA_KERNEL_SEC_SYMTAB;
    uint64_t code_bytes = (uint64_t)k->code_count * 16u;
    for (size_t i = 0; i < k->symbol_count; i++) {
        const isa_kernel_symbol *s = &k->symbols[i];
        if (!s->name || !s->name[0])
            return fail(err, errlen, "section %s: label %zu: empty name", sec, i);
        size_t len = strlen(s->name);
        if (len > ISA_KERNEL_MAX_SYMBOL_NAME)
            return fail(err, errlen, "section %s: label %zu: name of %zu bytes exceeds %u", sec, i,
                        len, ISA_KERNEL_MAX_SYMBOL_NAME);
        for (size_t j = 0; j < len; j++) {
            unsigned char ch = (unsigned char)s->name[j];
            if (ch <= 0x20 || ch >= 0x7f)
                return fail(err, errlen, "section %s: label %zu: name contains byte 0x%02x", sec,
                            i, ch);
        }
        if (s->addr % 16)
            return fail(err, errlen, "section %s: label '%s': address 0x%llx is not a multiple of 16",
                        sec, s->name, (unsigned long long)s->addr);
        if (s->addr > code_bytes)
            return fail(err, errlen,
                        "section %s: label '%s': address 0x%llx is past the end of code (%llu bytes)",
                        sec, s->name, (unsigned long long)s->addr, (unsigned long long)code_bytes);
    }
    if (k->symbol_count < 2)
        return 0;
    name_ref *r = malloc(k->symbol_count * sizeof *r);
    if (!r)
        return fail(err, errlen, "section %s: out of memory", sec);
    for (size_t i = 0; i < k->symbol_count; i++)
        r[i] = (name_ref){k->symbols[i].name, i};
    qsort(r, k->symbol_count, sizeof *r, name_cmp);
    for (size_t i = 1; i < k->symbol_count; i++) {
        if (strcmp(r[i].name, r[i - 1].name) == 0) {
            int rc = fail(err, errlen, "section %s: label '%s' defined twice (labels %zu and %zu)",
                          sec, r[i].name, r[i - 1].index, r[i].index);
            free(r);
            return rc;
        }
    }
    free(r);
    return 0;
}

int isa_kernel_validate(const isa_kernel *k, char *err, size_t errlen)
{
    if (!k)
        return fail(err, errlen, "no kernel");
    if (k->code_count == 0 || !k->code)
        return fail(err, errlen, "section %s: no code", ISA_KERNEL_SEC_TEXT);
    if (k->code_count > UINT64_MAX / 16u)
        return fail(err, errlen, "section %s: too much code", ISA_KERNEL_SEC_TEXT);
    if (k->warps < 1 || k->warps > ISA_KERNEL_MAX_WARPS)
        return fail(err, errlen, "section %s: warp count %u out of range 1..%u",
                    ISA_KERNEL_SEC_LAUNCH, k->warps, ISA_KERNEL_MAX_WARPS);
    if (k->entry % 16)
        return fail(err, errlen, "section %s: entry 0x%llx is not a multiple of 16",
                    ISA_KERNEL_SEC_LAUNCH, (unsigned long long)k->entry);
    if (k->entry >= (uint64_t)k->code_count * 16u)
        return fail(err, errlen, "section %s: entry 0x%llx is past the end of code (%llu bytes)",
                    ISA_KERNEL_SEC_LAUNCH, (unsigned long long)k->entry,
                    (unsigned long long)k->code_count * 16u);
    if (validate_consts(k, err, errlen) ||
        validate_mems(k->globals, k->global_count, ISA_KERNEL_SEC_GLOBAL, err, errlen) ||
        validate_regs(k->inits, k->init_count, ISA_KERNEL_SEC_INIT, err, errlen) ||
        validate_regs(k->expect_regs, k->expect_reg_count, ISA_KERNEL_SEC_EXPECT, err, errlen) ||
        validate_mems(k->expect_mems, k->expect_mem_count, ISA_KERNEL_SEC_EXPECT_MEM, err,
                      errlen) ||
        validate_symbols(k, err, errlen))
        return -1;
    return 0;
}

/* ---- comparison ---- */

static bool words_equal(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    return n == 0 || (a && b && memcmp(a, b, (size_t)n * sizeof *a) == 0);
}

static bool mems_equal(const isa_kernel_mem *a, const isa_kernel_mem *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].addr != b[i].addr || a[i].count != b[i].count ||
            !words_equal(a[i].words, b[i].words, a[i].count))
            return false;
    return true;
}

static bool regs_equal(const isa_kernel_reg *a, const isa_kernel_reg *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].kind != b[i].kind || a[i].index != b[i].index || a[i].count != b[i].count ||
            memcmp(a[i].values, b[i].values, sizeof a[i].values) != 0)
            return false;
    return true;
}

bool isa_kernel_equal(const isa_kernel *a, const isa_kernel *b)
{
    if (!a || !b)
        return a == b;
    if (a->code_count != b->code_count || a->warps != b->warps || a->entry != b->entry ||
        a->const_count != b->const_count || a->global_count != b->global_count ||
        a->init_count != b->init_count || a->expect_reg_count != b->expect_reg_count ||
        a->expect_mem_count != b->expect_mem_count || a->symbol_count != b->symbol_count)
        return false;
    for (size_t i = 0; i < a->code_count; i++)
        if (a->code[i].lo != b->code[i].lo || a->code[i].hi != b->code[i].hi)
            return false;
    for (size_t i = 0; i < a->const_count; i++)
        if (a->consts[i].bank != b->consts[i].bank || a->consts[i].offset != b->consts[i].offset ||
            a->consts[i].count != b->consts[i].count ||
            !words_equal(a->consts[i].words, b->consts[i].words, a->consts[i].count))
            return false;
    if (!mems_equal(a->globals, b->globals, a->global_count) ||
        !mems_equal(a->expect_mems, b->expect_mems, a->expect_mem_count) ||
        !regs_equal(a->inits, b->inits, a->init_count) ||
        !regs_equal(a->expect_regs, b->expect_regs, a->expect_reg_count))
        return false;
    for (size_t i = 0; i < a->symbol_count; i++)
        if (a->symbols[i].addr != b->symbols[i].addr ||
            strcmp(a->symbols[i].name, b->symbols[i].name) != 0)
            return false;
    return true;
}
