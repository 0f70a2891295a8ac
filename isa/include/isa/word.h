/* isa_word: one 128-bit instruction word. Bits 0..63 are in lo, bits 64..127
 * in hi. In files (kernel.bin .text, raw streams) a word is 16 bytes, little
 * endian: lo's 8 bytes first, then hi's. */
#ifndef ISA_WORD_H
#define ISA_WORD_H

#include <stdint.h>

typedef struct {
    uint64_t lo, hi;
} isa_word;

#endif
