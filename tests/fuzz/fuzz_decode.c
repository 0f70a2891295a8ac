/* Fuzz target: decode and disassemble any 128-bit word, and check that
 * whatever decodes re-encodes faithfully. For a word W that isa_decode
 * accepts as instruction I of variant V:
 *   1. isa_encode(I) succeeds, or refuses with ISA_ERR_EXCEPTION only:
 *      decode does not apply the spec's encoding rules, so a decodable word
 *      may break one; range and fixed-field errors cannot come from decoded
 *      values.
 *   2. When it succeeds with word B, B equals W on every bit a field of V
 *      covers, and is zero on every other bit (bits no field uses are not
 *      part of the instruction and the encoder leaves them clear).
 *   3. B decodes to I again: the same variant and every field's value.
 * A violation aborts with the words involved. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "isa/isa.h"

static long decoded, reencoded, refused_by_rule;

static void fail(const char *what, isa_word w, isa_word back)
{
    fprintf(stderr, "fuzz_decode: %s\n  word    %016llx%016llx\n  encoded %016llx%016llx\n", what,
            (unsigned long long)w.hi, (unsigned long long)w.lo, (unsigned long long)back.hi,
            (unsigned long long)back.lo);
    abort();
}

/* The bits the variant's fields cover. */
static isa_word field_bits(const isa_variant *v)
{
    isa_word m = {0, 0};
    const isa_field *f = isa_variant_fields(v);
    for (int i = 0; i < v->field_count; i++)
        for (unsigned b = f[i].lsb; b < (unsigned)f[i].lsb + f[i].width && b < 128; b++) {
            if (b < 64)
                m.lo |= 1ull << b;
            else
                m.hi |= 1ull << (b - 64);
        }
    return m;
}

static void check_reencode(isa_word w, const isa_insn *insn)
{
    isa_word back = {0, 0};
    int rc = isa_encode(insn, &back, NULL);
    if (rc == ISA_ERR_EXCEPTION) {
        refused_by_rule++;
        return;
    }
    if (rc != 0)
        fail(isa_strerror(rc), w, back);
    const isa_variant *v = isa_variant_of(insn);
    isa_word m = field_bits(v);
    if (((w.lo ^ back.lo) & m.lo) || ((w.hi ^ back.hi) & m.hi))
        fail("a field's bits changed on re-encoding", w, back);
    if ((back.lo & ~m.lo) || (back.hi & ~m.hi))
        fail("the encoder set bits no field covers", w, back);
    isa_insn again;
    if (isa_decode(back, &again) != 0)
        fail("the re-encoded word does not decode", w, back);
    if (again.variant != insn->variant)
        fail("the re-encoded word decodes to another variant", w, back);
    if (memcmp(again.value, insn->value, v->field_count * sizeof insn->value[0]) != 0)
        fail("the re-encoded word decodes to other field values", w, back);
    reencoded++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    isa_word w = {0, 0};
    memcpy(&w.lo, data, size < 8 ? size : 8);
    if (size > 8)
        memcpy(&w.hi, data + 8, size - 8 < 8 ? size - 8 : 8);
    if (size >= 18) { /* bytes 16-17 pick a variant: its fixed bits, the rest from the word */
        const isa_tables *t = isa_tables_get();
        const isa_variant *v = &t->variants[(data[16] | data[17] << 8) % t->variant_count];
        w.lo = (w.lo & ~v->mask.lo) | v->match.lo;
        w.hi = (w.hi & ~v->mask.hi) | v->match.hi;
    }
    isa_insn insn;
    if (isa_decode(w, &insn) != 0)
        return 0;
    decoded++;
    char text[256];
    isa_context ctx = {.pc = 0x100};
    isa_disasm(&insn, &ctx, text, sizeof text);
    check_reencode(w, &insn);
    return 0;
}

static void print_counts(void)
{
    printf("fuzz_decode: %ld words decoded: %ld re-encoded and checked, %ld refused by an "
           "encoding rule\n",
           decoded, reencoded, refused_by_rule);
}

/* Seeds: IADD, zero, and every variant's fixed bits, so that mutations reach
 * every variant rather than the few that random bits happen to hit (under
 * libFuzzer, inputs of 18 bytes and more reach every variant the same way). */
static const uint8_t word_iadd[16] = {0x30, 0x71, 0x00, 0x00};
static const uint8_t word_zero[16] = {0};

const fuzz_seed *fuzz_seeds(size_t *count)
{
    static fuzz_seed *seeds;
    static uint8_t(*words)[16];
    const isa_tables *t = isa_tables_get();
    size_t n = 2 + t->variant_count;
    if (!seeds) {
        seeds = calloc(n, sizeof *seeds);
        words = calloc(t->variant_count, sizeof *words);
        if (!seeds || !words)
            abort();
        seeds[0] = (fuzz_seed){word_iadd, 16};
        seeds[1] = (fuzz_seed){word_zero, 16};
        for (uint32_t i = 0; i < t->variant_count; i++) {
            for (int b = 0; b < 8; b++) {
                words[i][b] = (uint8_t)(t->variants[i].match.lo >> (8 * b));
                words[i][8 + b] = (uint8_t)(t->variants[i].match.hi >> (8 * b));
            }
            seeds[2 + i] = (fuzz_seed){words[i], 16};
        }
        atexit(print_counts);
    }
    *count = n;
    return seeds;
}
