/* gpuhost --board NAME info: what the target says it is and implements. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "numarg.h"
#include "target_args.h"
#include "isa/isa.h"

/* Optype names by value, from the tables. */
static const char *optype_name(uint32_t value)
{
    const isa_tables *t = isa_tables_get();
    for (uint32_t i = 0; i < t->type_count; i++)
        if (strcmp(t->types[i].name, "Optype") == 0)
            return isa_enum_name(&t->types[i], value);
    return NULL;
}

/* A type the target says it implements, every variant of which it says it
 * lacks: a capability map that contradicts itself (the type is then not
 * implemented at all; a map computed from the core's variants says so). */
static void warn_all_lacking(const gh_caps *c)
{
    const isa_tables *tab = isa_tables_get();
    for (uint32_t t = 0; t < 256; t++) {
        const char *name = optype_name(t);
        if (!name || !((c->optypes[t / 8] >> (t % 8)) & 1u))
            continue;
        unsigned variants = 0, lacking = 0;
        for (uint32_t v = 0; v < tab->variant_count && v < 256; v++)
            if (strcmp(tab->variants[v].optype, name) == 0) {
                variants++;
                lacking += (c->lacking[v / 8] >> (v % 8)) & 1u;
            }
        if (variants && lacking == variants)
            printf("warning:    %s is declared implemented, but each of its %u variants is declared lacking\n", name,
                   variants);
    }
}

static void print_caps(const char *board, const gh_caps *c)
{
    printf("board:      %s\n", board);
    printf("target:     %s\n", c->name);
    if (c->version)
        printf("protocol:   %u\n", c->version);
    else
        printf("protocol:   none (in process)\n");
    printf("warps:      %u of %u lanes\n", c->max_warps, c->lanes);
    printf("requests:   up to %u bytes\n", c->max_payload);
    if (c->max_code)
        printf("code:       up to %u instructions\n", c->max_code);
    else
        printf("code:       any size\n");
    printf("implements:");
    unsigned n = 0;
    for (uint32_t v = 0; v < 256; v++)
        if ((c->optypes[v / 8] >> (v % 8)) & 1u) {
            const char *name = optype_name(v);
            printf("%s%s", n++ % 12 ? " " : "\n   ", name ? name : "?");
        }
    printf("\n(%u instruction types)\n", n);
    const isa_tables *tab = isa_tables_get();
    unsigned lacks = 0;
    for (uint32_t v = 0; v < tab->variant_count && v < 256; v++)
        if ((c->lacking[v / 8] >> (v % 8)) & 1u)
            printf("%s%s", lacks++ % 8 ? " " : lacks == 1 ? "lacks:      " : "\n            ", tab->variants[v].name);
    if (lacks)
        printf("\n(%u opcode variant%s of those types it does not implement)\n", lacks, lacks == 1 ? "" : "s");
    for (unsigned i = 0; i < c->lacking_modifier_count; i++) {
        char name[96];
        isa_modifier_name(&c->lacking_modifier[i], name, sizeof name);
        printf("%s%s", i % 6 ? " " : i == 0 ? "lacks:      " : "\n            ", name);
    }
    if (c->lacking_modifier_count)
        printf("\n(%u modifier value%s of variants it implements otherwise)\n", c->lacking_modifier_count,
               c->lacking_modifier_count == 1 ? "" : "s");
    warn_all_lacking(c);
    char contract[400];
    gh_caps_contract_text(c, contract, sizeof contract);
    printf("contract:   %s\n", contract);
    if (!c->tolerance_count)
        printf("tolerance:  none: every result must match the model's exactly\n");
    for (unsigned i = 0; i < c->tolerance_count; i++) {
        char name[64];
        gh_tolerance_name(&c->tolerance[i], name, sizeof name);
        printf("%s%s within %u ulp\n", i ? "            " : "tolerance:  ", name, c->tolerance[i].ulp);
    }
}

int gh_cmd_info(const char *board, int argc, char **argv)
{
    static const struct option options[] = {GH_TARGET_LONG_OPTIONS, {"help", no_argument, NULL, 'h'}, {0}};
    gh_target_opts o = {0};
    int opt;
    gh_getopt_reset();
    while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
        int taken = gh_target_option("info", opt, optarg, &o);
        if (taken == GH_EXIT_USAGE)
            return GH_EXIT_USAGE;
        if (taken == 1) {
            fprintf(opt == 'h' ? stdout : stderr,
                    "usage: gpuhost [--board NAME] info " GH_TARGET_USAGE "\n"
                    "Asks the board's target for its capabilities.\n");
            return opt == 'h' ? GH_EXIT_OK : GH_EXIT_USAGE;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "gpuhost info: takes no arguments\n");
        return GH_EXIT_USAGE;
    }
    gh_board b;
    int found = gh_board_lookup(board, &b);
    if (found != GH_EXIT_OK)
        return found;
    gh_board_print(&b, stdout);
    gh_install_signal_handlers();
    gh_target *t = NULL;
    char err[768];
    int rc = gh_target_open(&b, &o, &t, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "gpuhost: %s\n", err);
        return rc == GH_ERR_USAGE ? GH_EXIT_USAGE : GH_EXIT_TARGET;
    }
    if (gh_target_warning(t)[0])
        printf("warning:    %s\n", gh_target_warning(t));
    print_caps(board, gh_target_caps(t));
    gh_target_close(&t);
    return GH_EXIT_OK;
}
