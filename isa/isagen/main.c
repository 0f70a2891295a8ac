/* isagen: the spec compiler. Reads isa/spec (or the ISA team's own files),
 * checks it, and writes the tables libisa interprets.
 *
 *   isagen -o isa_tables.c FILE...   strict: any flaw is an error
 *   isagen --check FILE...            the team's files as written: flaws are warnings
 *   isagen --examples FILE...         list every __Examples line as file:line: text
 *   isagen --verilog-dir DIR [--implemented LIST] FILE...
 *                                     the stand-in core's Verilog (gpu_isa.vh, gpu_legal.v) */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isagen.h"

static void usage(FILE *f)
{
    fputs("usage: isagen [--check [--strict]] [--examples] [-o OUT.c] FILE...\n"
          "  -o, --output FILE  write the C tables to FILE (strict checking)\n"
          "  --check            check and print a summary; flaws in the team's files are warnings\n"
          "  --strict           with --check: flaws are errors\n"
          "  --examples         print every __Examples line as FILE:LINE: TEXT\n"
          "  --access-header H --access-source C\n"
          "                     with -o: also write the semantics accessors (isa_access.h/.c)\n"
          "  --verilog-dir DIR  write gpu_isa.vh and gpu_legal.v (hdl_stubs/) into DIR\n"
          "  --implemented FILE with --verilog-dir: the optypes and groups the core implements\n"
          "exit status: 0 ok, 1 the spec has errors, 2 usage or I/O error\n",
          f);
}

static void digest_files(char **files, int n, char *out, size_t cap)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) {
        FILE *f = fopen(files[i], "rb");
        int c;
        while (f && (c = fgetc(f)) != EOF)
            h = (h ^ (uint64_t)c) * 1099511628211ull;
        if (f)
            fclose(f);
    }
    snprintf(out, cap, "%016llx", (unsigned long long)h);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'}, {"check", no_argument, NULL, 'c'},
        {"strict", no_argument, NULL, 's'},       {"examples", no_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},         {"access-header", required_argument, NULL, 'H'},
        {"access-source", required_argument, NULL, 'S'}, {"verilog-dir", required_argument, NULL, 'V'},
        {"implemented", required_argument, NULL, 'I'},   {NULL, 0, NULL, 0},
    };
    const char *output = NULL, *access_header = NULL, *access_source = NULL, *verilog_dir = NULL,
               *implemented = NULL;
    bool check = false, strict = false, examples = false;
    int opt;
    while ((opt = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
        switch (opt) {
        case 'o': output = optarg; break;
        case 'c': check = true; break;
        case 's': strict = true; break;
        case 'e': examples = true; break;
        case 'H': access_header = optarg; break;
        case 'S': access_source = optarg; break;
        case 'V': verilog_dir = optarg; break;
        case 'I': implemented = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind >= argc || (!check && !output && !examples && !verilog_dir) || (implemented && !verilog_dir)) {
        usage(stderr);
        return 2;
    }
    ig_spec spec = {.lenient = (check && !strict) || (examples && !output && !verilog_dir)};
    for (int i = optind; i < argc; i++)
        if (ig_parse_file(&spec, argv[i]) != 0)
            return 2;
    if (examples) {
        for (int i = 0; i < spec.def_count; i++)
            for (int k = 0; k < spec.defs[i].example_count; k++)
                printf("%s:%d: %s\n", spec.defs[i].examples[k].loc.file,
                       spec.defs[i].examples[k].loc.line, spec.defs[i].examples[k].text);
        if (!check && !output)
            return 0;
    }
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
    ig_form **forms = calloc((size_t)count + 1, sizeof(ig_form *));
    int *form_counts = calloc((size_t)count + 1, sizeof(int));
    int form_total = 0;
    for (int v = 0; v < count; v++) {
        if (variants[v].optype < 0)
            continue;
        const ig_def *ot = &spec.defs[variants[v].optype];
        for (int r = 0; r < ot->syntax_count; r++) {
            ig_form form;
            if (ig_compile_form(&spec, &pool, &variants[v], &ot->syntax[r], &form) == 0) {
                forms[v] = ig_xrealloc(forms[v], sizeof(ig_form) * (size_t)(form_counts[v] + 1));
                forms[v][form_counts[v]++] = form;
                form_total++;
            }
        }
    }
    int optypes = 0, groups = 0, example_count = 0;
    for (int i = 0; i < spec.def_count; i++) {
        optypes += spec.defs[i].level == IG_OPTYPE;
        groups += spec.defs[i].level == IG_GROUP;
        example_count += spec.defs[i].example_count;
    }
    if (check)
        printf("types: %d\ngroups: %d\noptypes: %d\nopcodes: %d\nsyntax forms: %d\nexamples: %d\n"
               "errors: %d\nwarnings: %d\n",
               spec.type_count, groups, optypes, count, form_total, example_count, spec.errors,
               spec.warnings);
    if (spec.errors) {
        fprintf(stderr, "isagen: %d error(s)\n", spec.errors);
        return 1;
    }
    char digest[32];
    digest_files(argv + optind, argc - optind, digest, sizeof digest);
    if (verilog_dir && ig_emit_verilog(&spec, variants, count, verilog_dir, implemented, digest) != 0) {
        fprintf(stderr, "isagen: %d error(s)\n", spec.errors ? spec.errors : 1);
        return spec.errors ? 1 : 2;
    }
    if (output) {
        if (ig_emit(&spec, variants, count, forms, form_counts, &pool, output, digest) != 0)
            return 2;
        if (access_header && access_source &&
            ig_emit_access(&spec, variants, count, access_header, access_source, digest) != 0)
            return 2;
    }
    return 0;
}

/* isagen is a one-shot compiler: its model lives until exit and the OS frees
 * it, as compilers do. Tell LeakSanitizer (sanitizer builds) not to report it. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "detect_leaks=0";
}
