/* Benchmark: assembler lines/s and decoder instructions/s, side by side in
 * one run over the same instruction mix (random legal instructions of every
 * syntax form). Usage: bench_isa [SECONDS_PER_FIGURE] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/random.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    const isa_tables *t = isa_tables_get();
    enum { MIX = 4096 };
    static isa_word words[MIX];
    static char lines[MIX][160];
    uint64_t rng = 42;
    for (int i = 0; i < MIX; i++) {
        isa_insn insn;
        int tries = 0;
        /* some syntax lines admit no legal encoding (MOV.64 with an immediate): pick again */
        while (isa_random_insn((uint32_t)(isa_rand(&rng) % t->form_count), &rng, NULL, &insn) != 0)
            if (++tries == 100) {
                fprintf(stderr, "bench_isa: no legal instruction found\n");
                return 1;
            }
        if (isa_encode(&insn, &words[i], NULL) != 0 ||
            isa_disasm(&insn, NULL, lines[i], sizeof lines[i]) != 0) {
            fprintf(stderr, "bench_isa: could not build the instruction mix\n");
            return 1;
        }
    }
    volatile uint64_t sink = 0;
    long n = 0;
    double start = now(), elapsed;
    do {
        for (int i = 0; i < 256; i++, n++) {
            isa_word w;
            if (isa_asm(lines[n % MIX], NULL, &w, NULL, NULL) != 0)
                return 1;
            sink += w.lo;
        }
    } while ((elapsed = now() - start) < seconds);
    double asm_rate = (double)n / elapsed;
    n = 0;
    start = now();
    do {
        for (int i = 0; i < 4096; i++, n++) {
            isa_insn insn;
            if (isa_decode(words[n % MIX], &insn) != 0)
                return 1;
            sink += insn.variant;
        }
    } while ((elapsed = now() - start) < seconds);
    double decode_rate = (double)n / elapsed;
    n = 0;
    start = now();
    do {
        for (int i = 0; i < 256; i++, n++) {
            char text[160];
            if (isa_disasm_word(words[n % MIX], NULL, text, sizeof text) != 0)
                return 1;
            sink += (uint64_t)text[0];
        }
    } while ((elapsed = now() - start) < seconds);
    double disasm_rate = (double)n / elapsed;
    printf("instruction mix: %d random legal instructions over %u syntax forms\n", MIX, t->form_count);
    printf("assembler:    %12.0f lines/s\n", asm_rate);
    printf("disassembler: %12.0f instructions/s\n", disasm_rate);
    printf("decoder:      %12.0f instructions/s\n", decode_rate);
    printf("ratio decoder/assembler: %.1f\n", decode_rate / asm_rate);
    return sink == 1 ? 1 : 0; /* keeps the work observable */
}
