/* libisa: the full-file assembler: labels, directives, two passes. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fimm.h"
#include "isa/asmfile.h"
#include "isa/isa.h"

#define MAX_WORDS 4096

typedef struct {
    const char *name;
    FILE *diag;
    int errors;
    int line;
    const char *line_start;
    isa_kernel *kernel;
} assembler;

static void error_at(assembler *as, const char *pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void error_at(assembler *as, const char *pos, const char *fmt, ...)
{
    as->errors++;
    if (!as->diag)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(as->diag, "%s:%d:%d: error: ", as->name, as->line, (int)(pos - as->line_start) + 1);
    vfprintf(as->diag, fmt, ap);
    fputc('\n', as->diag);
    va_end(ap);
}

static const char *ws(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static size_t ident_len(const char *s)
{
    size_t n = 0;
    if (!isalpha((unsigned char)s[0]) && s[0] != '_' && s[0] != '.')
        return 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
        n++;
    return n;
}

/* Symbol table of pass 1: labels by name. */
typedef struct {
    isa_kernel *kernel;
} symbols;

static int lookup(void *ctx, const char *name, uint64_t *addr)
{
    const isa_kernel_symbol *s = isa_kernel_find_symbol(((symbols *)ctx)->kernel, name);
    if (!s)
        return -1;
    *addr = s->addr;
    return 0;
}

/* A data word: integer or float literal. */
static const char *parse_word(const char *s, uint32_t *out)
{
    const char *p = s;
    if (*p == '-' || *p == '+')
        p++;
    bool is_int = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (!is_int && isdigit((unsigned char)*p)) {
        is_int = true;
        for (const char *q = p; isalnum((unsigned char)*q) || *q == '.'; q++)
            if (*q == '.' || *q == 'e' || *q == 'E')
                is_int = false;
    }
    if (is_int) {
        char *end;
        errno = 0;
        if (*s == '-') {
            long long v = strtoll(s, &end, 0);
            if (errno || v < INT32_MIN)
                return NULL;
            *out = (uint32_t)v;
        } else {
            unsigned long long v = strtoull(s, &end, 0);
            if (errno || v > UINT32_MAX)
                return NULL;
            *out = (uint32_t)v;
        }
        return isalnum((unsigned char)*end) ? NULL : end;
    }
    const char *end;
    if (isa_parse_float(s, &end, 8, 23, out) != 0)
        return NULL;
    return end;
}

static int parse_words(assembler *as, const char *s, uint32_t *words, uint32_t max)
{
    uint32_t n = 0;
    for (s = ws(s); *s; s = ws(s)) {
        if (*s == ',') {
            s++;
            continue;
        }
        if (n == max) {
            error_at(as, s, "too many values (at most %u)", max);
            return -1;
        }
        const char *end = parse_word(s, &words[n]);
        if (!end) {
            error_at(as, s, "expected a 32-bit integer or float value");
            return -1;
        }
        n++;
        s = end;
    }
    return (int)n;
}

static const char *parse_u64(const char *s, uint64_t *out)
{
    char *end;
    s = ws(s);
    if (!isdigit((unsigned char)*s))
        return NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || isalnum((unsigned char)*end))
        return NULL;
    *out = v;
    return end;
}

static const char *parse_reg(const char *s, isa_kernel_reg_kind *kind, uint32_t *index)
{
    static const struct {
        const char *prefix;
        isa_kernel_reg_kind kind;
    } kinds[] = {{"UR", ISA_KERNEL_REG_UR},
                 {"UP", ISA_KERNEL_REG_UPRED},
                 {"R", ISA_KERNEL_REG_GPR},
                 {"P", ISA_KERNEL_REG_PRED}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t n = strlen(kinds[i].prefix);
        if (strncmp(s, kinds[i].prefix, n) != 0 || !isdigit((unsigned char)s[n]))
            continue;
        char *end;
        unsigned long v = strtoul(s + n, &end, 10);
        if (isalnum((unsigned char)*end) || v >= isa_kernel_reg_limit(kinds[i].kind))
            return NULL;
        *kind = kinds[i].kind;
        *index = (uint32_t)v;
        return end;
    }
    return NULL;
}

static void directive(assembler *as, const char *s)
{
    size_t n = ident_len(s);
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    const char *args = ws(s + n);
    static uint32_t words[MAX_WORDS];
    int rc = 0;
    char err[256] = "";
    if (strcmp(name, ".warps") == 0) {
        uint64_t w;
        const char *end = parse_u64(args, &w);
        if (!end || *ws(end) || w < 1 || w > ISA_KERNEL_MAX_WARPS) {
            error_at(as, args, ".warps takes a count from 1 to %u", ISA_KERNEL_MAX_WARPS);
            return;
        }
        as->kernel->warps = (uint32_t)w;
    } else if (strcmp(name, ".const") == 0) {
        uint64_t bank, offset;
        const char *p = parse_u64(args, &bank);
        p = p ? parse_u64(p, &offset) : NULL;
        if (!p || bank >= ISA_KERNEL_CONST_BANKS || offset >= ISA_KERNEL_CONST_BANK_SIZE) {
            error_at(as, args, ".const takes BANK (0..%u) OFFSET (0..0xffff) then words",
                     ISA_KERNEL_CONST_BANKS - 1);
            return;
        }
        int count = parse_words(as, p, words, MAX_WORDS);
        if (count <= 0) {
            if (count == 0)
                error_at(as, p, ".const needs at least one word");
            return;
        }
        rc = isa_kernel_add_const(as->kernel, (uint32_t)bank, (uint32_t)offset, words, (uint32_t)count);
    } else if (strcmp(name, ".global") == 0 || strcmp(name, ".expect_mem") == 0) {
        uint64_t addr;
        const char *p = parse_u64(args, &addr);
        if (!p) {
            error_at(as, args, "%s takes ADDR then words", name);
            return;
        }
        int count = parse_words(as, p, words, MAX_WORDS);
        if (count <= 0) {
            if (count == 0)
                error_at(as, p, "%s needs at least one word", name);
            return;
        }
        rc = name[1] == 'g' ? isa_kernel_add_global(as->kernel, addr, words, (uint32_t)count)
                            : isa_kernel_add_expect_mem(as->kernel, addr, words, (uint32_t)count);
    } else if (strcmp(name, ".init") == 0 || strcmp(name, ".expect") == 0) {
        isa_kernel_reg_kind kind;
        uint32_t index;
        const char *p = parse_reg(args, &kind, &index);
        if (!p) {
            error_at(as, args, "%s takes a register (R0..R254, UR0..UR62, P0..P6, UP0..UP6)", name);
            return;
        }
        int count = parse_words(as, p, words, 32);
        if (count != 1 && count != 32) {
            if (count >= 0)
                error_at(as, p, "%s takes one value for all lanes or 32 per-lane values, not %d",
                         name, count);
            return;
        }
        rc = name[1] == 'i' ? isa_kernel_add_init(as->kernel, kind, index, words, (uint32_t)count)
                            : isa_kernel_add_expect_reg(as->kernel, kind, index, words, (uint32_t)count);
    } else {
        error_at(as, s, "unknown directive '%s' (known: .warps .const .global .init .expect "
                 ".expect_mem)", name);
        return;
    }
    if (rc != 0)
        error_at(as, args, "%s: %s", name, err[0] ? err : "invalid or overlapping data");
}

/* Splits a line into its statements: comment removed, ';' separated. */
static void each_line(assembler *as, const char *text, int pass, size_t *pc_index)
{
    const char *p = text;
    as->line = 0;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char *line = malloc(len + 1);
        if (!line)
            abort();
        memcpy(line, p, len);
        line[len] = '\0';
        as->line++;
        as->line_start = line;
        char *comment = strstr(line, "//");
        if (comment)
            *comment = '\0';
        char *stmt = line;
        while (stmt) {
            char *semi = strchr(stmt, ';');
            if (semi)
                *semi = '\0';
            const char *s = ws(stmt);
            size_t n = ident_len(s);
            if (n && s[0] != '.' && s[n] == ':') { /* label */
                if (pass == 1) {
                    char name[256];
                    snprintf(name, sizeof name, "%.*s", (int)n, s);
                    if (isa_kernel_find_symbol(as->kernel, name))
                        error_at(as, s, "label '%s' defined twice", name);
                    else if (isa_kernel_add_symbol(as->kernel, name, *pc_index * 16) != 0)
                        error_at(as, s, "invalid label '%s'", name);
                }
                s = ws(s + n + 1);
            }
            if (*s == '.') {
                if (pass == 2)
                    directive(as, s);
            } else if (*s && *s != '\r') {
                if (pass == 2) {
                    symbols syms = {as->kernel};
                    isa_context ctx = {.pc = *pc_index * 16, .symbols = lookup, .ctx = &syms};
                    isa_word w;
                    isa_diag d;
                    if (isa_asm(s, &ctx, &w, NULL, &d) != 0)
                        error_at(as, s + d.column, "%s", d.message);
                    else if (isa_kernel_add_code(as->kernel, &w, 1) != 0)
                        error_at(as, s, "out of memory");
                }
                (*pc_index)++;
            }
            stmt = semi ? semi + 1 : NULL;
        }
        free(line);
        p += len + (eol ? 1 : 0);
    }
}

int isa_assemble(const char *name, const char *text, isa_kernel **out, FILE *diag)
{
    assembler as = {.name = name, .diag = diag, .kernel = isa_kernel_new()};
    if (!as.kernel)
        return 1;
    as.kernel->warps = 1;
    size_t count = 0;
    each_line(&as, text, 1, &count);
    count = 0;
    each_line(&as, text, 2, &count);
    if (!as.errors && count == 0) {
        as.errors++;
        if (diag)
            fprintf(diag, "%s: error: no instructions\n", name);
    }
    char err[256];
    if (!as.errors && isa_kernel_validate(as.kernel, err, sizeof err) != 0) {
        as.errors++;
        if (diag)
            fprintf(diag, "%s: error: %s\n", name, err);
    }
    if (as.errors) {
        isa_kernel_destroy(&as.kernel);
        return as.errors;
    }
    *out = as.kernel;
    return 0;
}

int isa_assemble_file(const char *path, isa_kernel **out, FILE *diag)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (diag)
            fprintf(diag, "%s: error: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            char *t = realloc(text, cap);
            if (!t) {
                free(text);
                fclose(f);
                return 1;
            }
            text = t;
        }
        memcpy(text + len, buf, n);
        len += n;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        if (diag)
            fprintf(diag, "%s: error: read failed\n", path);
        return 1;
    }
    if (!text)
        text = calloc(1, 1);
    else
        text[len] = '\0';
    if (memchr(text, '\0', len)) {
        free(text);
        if (diag)
            fprintf(diag, "%s: error: not a text file (NUL byte)\n", path);
        return 1;
    }
    int errors = isa_assemble(path, text, out, diag);
    free(text);
    return errors;
}
