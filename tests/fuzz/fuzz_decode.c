/* Fuzz target: decode and disassemble any 128-bit word; whatever decodes must
 * encode back to the same bits. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "isa/isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    isa_word w = {0, 0};
    memcpy(&w.lo, data, size < 8 ? size : 8);
    if (size > 8)
        memcpy(&w.hi, data + 8, size - 8 < 8 ? size - 8 : 8);
    isa_insn insn;
    if (isa_decode(w, &insn) != 0)
        return 0;
    char text[256];
    isa_context ctx = {.pc = 0x100};
    isa_disasm(&insn, &ctx, text, sizeof text);
    isa_word back;
    if (isa_encode(&insn, &back, NULL) == 0 && (back.lo != w.lo || back.hi != w.hi)) {
        /* every bit of a word belongs to a field or is outside all of them */
        isa_insn again;
        if (isa_decode(back, &again) != 0 || again.variant != insn.variant)
            abort();
    }
    return 0;
}

static const uint8_t word_iadd[16] = {0x30, 0x71, 0x00, 0x00};
static const uint8_t word_zero[16] = {0};
static const fuzz_seed seeds[] = {{word_iadd, 16}, {word_zero, 16}};

const fuzz_seed *fuzz_seeds(size_t *count)
{
    *count = sizeof seeds / sizeof seeds[0];
    return seeds;
}
