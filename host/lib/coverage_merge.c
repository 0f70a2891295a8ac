/* libgpuhost: summing coverage records (gpuhost/coverage.h). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gpuhost/coverage.h"
#include "gpuhost/error.h"
#include "isa/infile.h"
#include "isa/isa.h"
#include "isa/random.h"

#define MAX_BOARDS 32

typedef struct {
    uint64_t hits, guarded, partial;
} counts;

typedef struct {
    char name[64];
    bool *implemented; /* per variant */
    bool implemented_seen; /* the record being read had its implements line */
    counts *variants;
} board_cov;

typedef struct {
    char *key; /* "board\tvariant\tfield\tvalue" */
    uint64_t hits;
} modifier;

typedef struct {
    board_cov boards[MAX_BOARDS];
    size_t board_count;
    modifier *mods;
    size_t mod_cap, mod_count;
} merged;

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* 0, -1 out of memory, -2 the hits summed pass 2^64-1. */
static int add_modifier(merged *m, const char *key, uint64_t hits)
{
    if ((m->mod_count + 1) * 2 > m->mod_cap) {
        size_t cap = m->mod_cap ? 2 * m->mod_cap : 1024;
        modifier *mods = calloc(cap, sizeof *mods);
        if (!mods)
            return -1;
        for (size_t i = 0; i < m->mod_cap; i++)
            if (m->mods[i].key) {
                size_t j = hash(m->mods[i].key) & (cap - 1);
                while (mods[j].key)
                    j = (j + 1) & (cap - 1);
                mods[j] = m->mods[i];
            }
        free(m->mods);
        m->mods = mods;
        m->mod_cap = cap;
    }
    size_t j = hash(key) & (m->mod_cap - 1);
    while (m->mods[j].key && strcmp(m->mods[j].key, key) != 0)
        j = (j + 1) & (m->mod_cap - 1);
    if (!m->mods[j].key) {
        if (!(m->mods[j].key = strdup(key)))
            return -1;
        m->mod_count++;
    }
    if (hits > UINT64_MAX - m->mods[j].hits)
        return -2;
    m->mods[j].hits += hits;
    return 0;
}

static const modifier *find_modifier(const merged *m, const char *key)
{
    if (!m->mod_cap)
        return NULL;
    size_t j = hash(key) & (m->mod_cap - 1);
    while (m->mods[j].key && strcmp(m->mods[j].key, key) != 0)
        j = (j + 1) & (m->mod_cap - 1);
    return m->mods[j].key ? &m->mods[j] : NULL;
}

static board_cov *board_named(merged *m, const char *name)
{
    for (size_t i = 0; i < m->board_count; i++)
        if (strcmp(m->boards[i].name, name) == 0)
            return &m->boards[i];
    if (m->board_count == MAX_BOARDS)
        return NULL;
    board_cov *b = &m->boards[m->board_count];
    uint32_t n = isa_tables_get()->variant_count;
    b->implemented = calloc(n, sizeof *b->implemented);
    b->variants = calloc(n, sizeof *b->variants);
    if (!b->implemented || !b->variants)
        return NULL;
    snprintf(b->name, sizeof b->name, "%.63s", name);
    m->board_count++;
    return b;
}

static int fail(char *err, size_t errlen, const char *path, unsigned line, const char *why)
{
    snprintf(err, errlen, "%s:%u: %s", path, line, why);
    return GH_ERR_INPUT;
}

/* A line's fields, split at single spaces: at most max, each 1..127
 * printable characters (no control bytes, nothing past ASCII). The count,
 * or -1 when a field is empty, too long or holds another byte. */
static int split(char *line, char **field, int max)
{
    int n = 0;
    for (char *p = line; *p;) {
        size_t len = strcspn(p, " ");
        if (len == 0 || len > 127 || n == max)
            return -1;
        for (size_t i = 0; i < len; i++)
            if (p[i] < 0x21 || p[i] > 0x7e)
                return -1;
        field[n++] = p;
        p += len;
        if (*p) {
            *p++ = '\0';
            if (!*p)
                return -1; /* a trailing space */
        }
    }
    return n;
}

/* A count: decimal digits only (no sign, no blank), at most 2^64-1. */
static bool count_of(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

/* *sum += v, or false when the sum passes 2^64-1. */
static bool add_count(uint64_t *sum, uint64_t v)
{
    if (v > UINT64_MAX - *sum)
        return false;
    *sum += v;
    return true;
}

static const char *const overflow = "the hit counts summed pass 2^64-1";

static int read_variant(board_cov *board, char **f, const char *path, unsigned no, char *err, size_t errlen)
{
    uint64_t h, g, p;
    if (!count_of(f[2], &h) || !count_of(f[3], &g) || !count_of(f[4], &p))
        return fail(err, errlen, path, no, "a count is not a decimal number 0..2^64-1");
    if (g > h || p > h)
        return fail(err, errlen, path, no, "more guarded or partly active hits than hits");
    int v = isa_find_variant(f[1]);
    if (v < 0)
        return fail(err, errlen, path, no, "a variant this gpuhost's tables do not have");
    counts *c = &board->variants[v];
    if (!add_count(&c->hits, h) || !add_count(&c->guarded, g) || !add_count(&c->partial, p))
        return fail(err, errlen, path, no, overflow);
    return 0;
}

static int read_line(merged *m, board_cov **board, char *line, const char *path, unsigned no, char *err,
                     size_t errlen)
{
    char *f[4096];
    int n = split(line, f, (int)(sizeof f / sizeof f[0]));
    uint64_t h;
    if (n <= 0)
        return fail(err, errlen, path, no, "malformed: fields of 1..127 printable characters, one space apart");
    if (strcmp(f[0], "board") == 0) {
        if (n != 2 || strlen(f[1]) > 63)
            return fail(err, errlen, path, no, "malformed: board NAME (at most 63 characters)");
        if (*board && !(*board)->implemented_seen)
            return fail(err, errlen, path, no, "truncated: the board before has no implements line");
        if (!(*board = board_named(m, f[1])))
            return fail(err, errlen, path, no, "too many boards, or out of memory");
        (*board)->implemented_seen = false;
        return 0;
    }
    if (!*board)
        return fail(err, errlen, path, no, "a line before the board line");
    if (strcmp(f[0], "implements") == 0) {
        for (int i = 1; i < n; i++) {
            int v = isa_find_variant(f[i]);
            if (v >= 0)
                (*board)->implemented[v] = true;
        }
        (*board)->implemented_seen = true;
        return 0;
    }
    if (strcmp(f[0], "variant") == 0 && n == 5)
        return read_variant(*board, f, path, no, err, errlen);
    if (strcmp(f[0], "modifier") == 0 && n == 5) {
        if (!count_of(f[4], &h))
            return fail(err, errlen, path, no, "a count is not a decimal number 0..2^64-1");
        if (isa_find_variant(f[1]) < 0)
            return fail(err, errlen, path, no, "a variant this gpuhost's tables do not have");
        char key[600];
        snprintf(key, sizeof key, "%s\t%s\t%s\t%s", (*board)->name, f[1], f[2], f[3]);
        int rc = add_modifier(m, key, h);
        return rc == 0 ? 0 : fail(err, errlen, path, no, rc == -2 ? overflow : "out of memory");
    }
    return fail(err, errlen, path, no, "expected board, implements, variant VARIANT HITS GUARDED PARTIAL or "
                                       "modifier VARIANT FIELD VALUE HITS");
}

static int read_record(merged *m, const char *path, char *err, size_t errlen)
{
    char why[160];
    FILE *f = isa_infile_open(path, why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, why);
        return GH_ERR_IO;
    }
    char line[8192];
    board_cov *board = NULL;
    unsigned no = 0;
    int rc = 0, version = 0;
    bool ended = false; /* version 2: its end line was read */
    while (rc == 0 && fgets(line, sizeof line, f)) {
        no++;
        size_t len = strlen(line);
        bool whole = len && line[len - 1] == '\n';
        if (!whole && len + 1 < sizeof line && feof(f))
            rc = fail(err, errlen, path, no, "truncated: the last line has no newline");
        else if (!whole) /* cut by fgets (or a NUL): never read on from the middle */
            rc = fail(err, errlen, path, no, len + 1 < sizeof line ? "a NUL byte" : "line too long");
        if (rc != 0)
            break;
        line[len - 1] = '\0';
        if (ended)
            rc = fail(err, errlen, path, no, "a line after the end line");
        else if (no > 1 && version == 2 && strcmp(line, "end") == 0)
            ended = true;
        else if (no > 1)
            rc = read_line(m, &board, line, path, no, err, errlen);
        else if (strcmp(line, "gpuhost-coverage 1") == 0 || strcmp(line, "gpuhost-coverage 2") == 0)
            version = line[17] - '0';
        else
            rc = fail(err, errlen, path, no, "not a gpuhost coverage record (version 1 or 2)");
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: cannot read", path);
        rc = GH_ERR_IO;
    }
    if (rc == 0 && no == 0)
        rc = fail(err, errlen, path, 1, "empty");
    else if (rc == 0 && (!board || !board->implemented_seen))
        rc = fail(err, errlen, path, no, board ? "truncated: no implements line" : "truncated: no board line");
    else if (rc == 0 && version == 2 && !ended)
        rc = fail(err, errlen, path, no, "truncated: no end line");
    fclose(f);
    return rc;
}

static int by_key(const void *x, const void *y)
{
    return strcmp(((const modifier *)x)->key, ((const modifier *)y)->key);
}

/* Operand kinds a variant takes (bit per kind below), from its field types. */
enum { OPERAND_REGISTER = 1, OPERAND_UNIFORM = 2, OPERAND_CONSTANT = 4, OPERAND_IMMEDIATE = 8 };
static const char *const operand_kind_names[] = {"register", "uniform", "constant", "immediate"};

static unsigned operand_kinds(const isa_variant *v)
{
    const isa_tables *tab = isa_tables_get();
    const isa_field *fields = isa_variant_fields(v);
    unsigned kinds = 0;
    for (uint16_t i = 0; i < v->operand_count; i++) { /* the operands (Order), not modifiers */
        const isa_operand *op = &tab->operands[v->operand_begin + i];
        switch (isa_field_type(&fields[op->field])->kind) {
        case ISA_KIND_GPR: kinds |= OPERAND_REGISTER; break;
        case ISA_KIND_UGPR: kinds |= OPERAND_UNIFORM; break;
        case ISA_KIND_CMEM: kinds |= OPERAND_CONSTANT; break;
        case ISA_KIND_SIMM:
        case ISA_KIND_UIMM:
        case ISA_KIND_F32IMM:
        case ISA_KIND_F16IMMX2: kinds |= OPERAND_IMMEDIATE; break;
        default: break;
        }
    }
    return kinds;
}

/* "register 60 of 70, uniform 20 of 25, ...": implemented variants taking
 * each operand kind, and how many of them were hit. */
static void write_operand_kinds(const board_cov *b, FILE *f)
{
    const isa_tables *tab = isa_tables_get();
    fputs("  operand kinds (variants hit of implemented):", f);
    for (unsigned k = 0; k < 4; k++) {
        uint32_t implemented = 0, hit = 0;
        for (uint32_t v = 0; v < tab->variant_count; v++)
            if (b->implemented[v] && (operand_kinds(&tab->variants[v]) >> k & 1u)) {
                implemented++;
                hit += b->variants[v].hits != 0;
            }
        fprintf(f, "%s %s %u of %u", k ? "," : "", operand_kind_names[k], hit, implemented);
    }
    fputc('\n', f);
}

/* "modifier values: 600 of 640 hit": of every value the spec names for each
 * modifier field (operand enums too: special registers) of the implemented
 * variants that a syntax form can write; the ones never hit listed when
 * `missing` is given. */
static void write_modifier_values(const merged *m, const board_cov *b, FILE *f, const char *missing)
{
    const isa_tables *tab = isa_tables_get();
    uint32_t named = 0, hit = 0;
    for (int pass = 0; pass < (missing ? 2 : 1); pass++) {
        if (pass)
            fputs(missing, f);
        for (uint32_t v = 0; v < tab->variant_count; v++) {
            const isa_variant *var = &tab->variants[v];
            const isa_field *fields = isa_variant_fields(var);
            for (uint16_t k = 0; b->implemented[v] && k < var->field_count; k++) {
                const isa_type *type = isa_field_type(&fields[k]);
                if (fields[k].role == ISA_FIELD_FIXED || type->kind != ISA_KIND_ENUM)
                    continue;
                for (uint16_t i = 0; i < type->value_count; i++) {
                    if (!isa_random_can_write((uint16_t)v, k, type->values[i].value))
                        continue;
                    char key[600];
                    snprintf(key, sizeof key, "%s\t%s\t%s\t%s", b->name, var->name, fields[k].name,
                             type->values[i].name);
                    bool seen = find_modifier(m, key) != NULL;
                    if (pass)
                        seen ? (void)0 : (void)fprintf(f, " %s.%s=%s", var->name, fields[k].name, type->values[i].name);
                    else
                        named++, hit += seen;
                }
            }
        }
        if (!pass)
            fprintf(f, "  modifier values (those a syntax form writes, of the implemented variants): %u of %u hit "
                       "(%.1f%%)\n", hit, named, named ? 100.0 * hit / named : 0.0);
    }
    if (missing)
        fputc('\n', f);
}

static void write_text(const merged *m, FILE *f)
{
    const isa_tables *tab = isa_tables_get();
    for (size_t i = 0; i < m->board_count; i++) {
        const board_cov *b = &m->boards[i];
        uint32_t implemented = 0, hit = 0;
        for (uint32_t v = 0; v < tab->variant_count; v++) {
            implemented += b->implemented[v];
            hit += b->implemented[v] && b->variants[v].hits;
        }
        fprintf(f, "board %s: %u of %u implemented variants hit (%.1f%%)\n", b->name, hit, implemented,
                implemented ? 100.0 * hit / implemented : 0.0);
        write_operand_kinds(b, f);
        write_modifier_values(m, b, f, "  modifier values never hit:");
        fputs("  never hit:", f);
        for (uint32_t v = 0; v < tab->variant_count; v++)
            if (b->implemented[v] && !b->variants[v].hits)
                fprintf(f, " %s", tab->variants[v].name);
        fprintf(f, "\n  %-24s %12s %12s %12s\n", "VARIANT", "HITS", "GUARDED", "PARTIAL");
        for (uint32_t v = 0; v < tab->variant_count; v++)
            if (b->variants[v].hits)
                fprintf(f, "  %-24s %12" PRIu64 " %12" PRIu64 " %12" PRIu64 "\n", tab->variants[v].name,
                        b->variants[v].hits, b->variants[v].guarded, b->variants[v].partial);
    }
}

/* Text from a record, safe inside an element or an attribute value. */
static void html_text(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n && s[i]; i++) {
        switch (s[i]) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(s[i], f);
        }
    }
}

static void write_html(const merged *m, modifier *sorted, size_t n, FILE *f)
{
    const isa_tables *tab = isa_tables_get();
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gpuhost coverage</title>\n"
          "<style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:right}"
          "td:first-child,th:first-child{text-align:left}.miss{background:#fdd}</style></head><body>\n"
          "<h1>gpuhost coverage</h1>\n", f);
    for (size_t i = 0; i < m->board_count; i++) {
        const board_cov *b = &m->boards[i];
        uint32_t implemented = 0, hit = 0;
        for (uint32_t v = 0; v < tab->variant_count; v++) {
            implemented += b->implemented[v];
            hit += b->implemented[v] && b->variants[v].hits;
        }
        fputs("<h2>board ", f);
        html_text(f, b->name, sizeof b->name);
        fprintf(f, ": %u of %u implemented variants hit (%.1f%%)</h2>\n<p>", hit, implemented,
                implemented ? 100.0 * hit / implemented : 0.0);
        write_operand_kinds(b, f);
        fputs("</p>\n<p>", f);
        write_modifier_values(m, b, f, "</p>\n<p class=\"miss\">modifier values never hit:");
        fputs("</p>\n<table>\n<tr><th>variant</th><th>hits</th><th>guarded</th><th>lanes partly active</th>"
              "<th>modifiers</th></tr>\n", f);
        for (uint32_t v = 0; v < tab->variant_count; v++) {
            if (!b->implemented[v] && !b->variants[v].hits)
                continue;
            const counts *c = &b->variants[v];
            fprintf(f, "<tr%s><td>%s</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>",
                    c->hits ? "" : " class=\"miss\"", tab->variants[v].name, c->hits, c->guarded, c->partial);
            char prefix[256];
            int len = snprintf(prefix, sizeof prefix, "%s\t%s\t", b->name, tab->variants[v].name);
            for (size_t k = 0; k < n; k++)
                if (strncmp(sorted[k].key, prefix, (size_t)len) == 0) {
                    const char *field = sorted[k].key + len, *value = strchr(field, '\t');
                    html_text(f, field, (size_t)(value - field));
                    fputc('=', f);
                    html_text(f, value + 1, strlen(value + 1));
                    fprintf(f, ":%" PRIu64 " ", sorted[k].hits);
                }
            fputs("</td></tr>\n", f);
        }
        fputs("</table>\n", f);
    }
    fputs("</body></html>\n", f);
}

int gh_coverage_merge(const char *const *paths, size_t count, FILE *text, FILE *html, char *err, size_t errlen)
{
    merged m = {0};
    int rc = 0;
    for (size_t i = 0; i < count && rc == 0; i++)
        rc = read_record(&m, paths[i], err, errlen);
    modifier *sorted = rc == 0 ? malloc((m.mod_count + 1) * sizeof *sorted) : NULL;
    if (rc == 0 && !sorted) {
        snprintf(err, errlen, "out of memory");
        rc = GH_ERR_NOMEM;
    }
    if (rc == 0) {
        size_t n = 0;
        for (size_t i = 0; i < m.mod_cap; i++)
            if (m.mods[i].key)
                sorted[n++] = m.mods[i];
        qsort(sorted, n, sizeof *sorted, by_key);
        if (text)
            write_text(&m, text);
        if (html)
            write_html(&m, sorted, n, html);
        if ((text && ferror(text)) || (html && ferror(html))) {
            snprintf(err, errlen, "cannot write the coverage table");
            rc = GH_ERR_IO;
        }
    }
    free(sorted);
    for (size_t i = 0; i < m.mod_cap; i++)
        free(m.mods[i].key);
    free(m.mods);
    for (size_t i = 0; i < m.board_count; i++) {
        free(m.boards[i].implemented);
        free(m.boards[i].variants);
    }
    return rc;
}
