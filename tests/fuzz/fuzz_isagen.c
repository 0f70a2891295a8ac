/* Fuzz target: isagen, the spec compiler, on a hostile spec: parsing, field
 * and variant resolution, the checks, expression and syntax compilation
 * (every stage before code is written). Strict mode when the input's first
 * byte is even, lenient (the ISA team's files) when odd. Properties: no
 * crash, hang or leak (every block isagen allocated is freed between
 * inputs); every error is counted. Diagnostics are silent unless
 * FUZZ_VERBOSE is set. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "isagen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    ig_quiet = getenv("FUZZ_VERBOSE") == NULL;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    ig_spec spec = {.lenient = data[0] & 1};
    ig_parse_stream(&spec, f, "fuzz.isa");
    fclose(f);
    ig_resolve_fields(&spec);
    ig_variant *variants = NULL;
    int count = 0;
    for (int i = 0; i < spec.def_count; i++)
        if (spec.defs[i].level == IG_OPCODE) {
            ig_variant v;
            if (ig_resolve_variant(&spec, i, &v) == 0)
                *IG_PUSH(variants, count) = v;
        }
    ig_check(&spec, variants, count);
    ig_pool pool = {0};
    for (int v = 0; v < count; v++) {
        if (variants[v].optype < 0)
            continue;
        const ig_def *ot = &spec.defs[variants[v].optype];
        for (int r = 0; r < ot->syntax_count; r++) {
            ig_form form;
            ig_compile_form(&spec, &pool, &variants[v], &ot->syntax[r], &form);
        }
    }
    FUZZ_CHECK(spec.errors >= 0 && spec.warnings >= 0, "negative counts");
    ig_free_all();
    return 0;
}

FUZZ_NO_SEEDS
