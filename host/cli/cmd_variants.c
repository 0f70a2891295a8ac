/* gpuhost variants [NAME...]: the spec's opcode variants (the unit a
 * capability map's LACKING words and `info`'s "lacks" name), by group and
 * instruction type, with where each is written in isa/spec. NAME selects a
 * group, a type or a variant. No target is asked. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "isa/isa.h"
#include "isa/modifier.h"

static int selected(const isa_variant *v, int argc, char **argv)
{
    if (argc == 0)
        return 1;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], v->group) == 0 || strcmp(argv[i], v->optype) == 0 || strcmp(argv[i], v->name) == 0)
            return 1;
    return 0;
}

int gh_cmd_variants(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: gpuhost variants [--modifiers] [GROUP|TYPE|VARIANT...]\n"
               "The opcode variants of the spec (isa/spec), by group and instruction type: the names a\n"
               "target's capability map declares lacking (docs/port-contract.md, capability words).\n"
               "--modifiers: under each, its modifiers and their values (* the default), which a core may\n"
               "lack one by one as VARIANT.VALUE (MOV_R.64) or VARIANT.FIELD=VALUE.\n");
        return GH_EXIT_OK;
    }
    bool modifiers = argc > 1 && strcmp(argv[1], "--modifiers") == 0;
    if (modifiers)
        argc--, argv++;
    const isa_tables *tab = isa_tables_get();
    unsigned shown = 0;
    for (uint32_t i = 0; i < tab->variant_count; i++) {
        const isa_variant *v = &tab->variants[i];
        if (!selected(v, argc - 1, argv + 1))
            continue;
        if (!shown++)
            printf("%-10s %-12s %-16s %s\n", "GROUP", "TYPE", "VARIANT", "SPEC");
        const char *spec = strstr(v->file, "isa/spec/"); /* as the repository names it */
        printf("%-10s %-12s %-16s %s:%u\n", v->group, v->optype, v->name, spec ? spec : v->file, (unsigned)v->line);
        if (modifiers)
            isa_modifier_list(stdout, (uint16_t)i);
    }
    if (!shown) {
        fprintf(stderr, "gpuhost variants: no group, type or variant of that name (gpuhost variants lists them)\n");
        return GH_EXIT_USAGE;
    }
    return GH_EXIT_OK;
}
