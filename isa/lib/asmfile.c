/* libisa: the full-file assembler: labels, directives, two passes. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fimm.h"
#include "isa/asmfile.h"
#include "isa/infile.h"
#include "isa/isa.h"
#include "label_index.h"

#define MAX_WORDS 4096

typedef struct {
    const char *name;
    FILE *diag;
    int errors;
    int line;
    const char *line_start;
    isa_kernel *kernel;
    isa_label_index labels;
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

/* Labels of pass 1, by name, for pass 2's references. */
static int lookup(void *ctx, const char *name, uint64_t *addr)
{
    const assembler *as = ctx;
    size_t pos = isa_label_index_find(&as->labels, as->kernel, name, strlen(name));
    if (pos == (size_t)-1)
        return -1;
    *addr = as->kernel->symbols[pos].addr;
    return 0;
}

/* Pass 1: a label definition (name of n bytes at s). */
static void define_label(assembler *as, const char *s, size_t n, uint64_t addr)
{
    if (n > ISA_KERNEL_MAX_SYMBOL_NAME) {
        error_at(as, s, "label of %zu characters: at most %u are allowed", n, ISA_KERNEL_MAX_SYMBOL_NAME);
        return;
    }
    char name[ISA_KERNEL_MAX_SYMBOL_NAME + 1];
    memcpy(name, s, n);
    name[n] = '\0';
    if (isa_label_index_find(&as->labels, as->kernel, name, n) != (size_t)-1)
        error_at(as, s, "label '%s' defined twice", name);
    else if (isa_kernel_add_symbol(as->kernel, name, addr) != 0 ||
             isa_label_index_add(&as->labels, as->kernel, as->kernel->symbol_count - 1) != 0)
        error_at(as, s, "out of memory");
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
        if (addr >= ISA_KERNEL_GLOBAL_LIMIT || 4u * (uint64_t)count > ISA_KERNEL_GLOBAL_LIMIT - addr) {
            error_at(as, args, "%s: address 0x%llx + %d words reaches past global memory (addresses below 2^48)",
                     name, (unsigned long long)addr, count);
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
        size_t keep = len && p[len - 1] == '\r' ? len - 1 : len; /* CRLF line ends */
        char *line = malloc(keep + 1);
        if (!line)
            abort();
        memcpy(line, p, keep);
        line[keep] = '\0';
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
                if (pass == 1)
                    define_label(as, s, n, *pc_index * 16);
                s = ws(s + n + 1);
            }
            if (*s == '.') {
                if (pass == 2)
                    directive(as, s);
            } else if (*s) {
                if (pass == 2) {
                    isa_context ctx = {.pc = *pc_index * 16, .symbols = lookup, .ctx = as};
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
    if (strncmp(text, "\xef\xbb\xbf", 3) == 0) /* a UTF-8 byte order mark */
        text += 3;
    size_t count = 0;
    each_line(&as, text, 1, &count);
    count = 0;
    each_line(&as, text, 2, &count);
    isa_label_index_free(&as.labels);
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

/* Reads the whole source, refusing what cannot be one early: a NUL byte (a
 * binary, /dev/zero) in the first block that has it, more than the limit
 * (an endless pipe) as soon as it is passed. NULL after a message. */
static char *read_source(const char *path, FILE *diag)
{
    char whynot[160];
    FILE *f = isa_infile_open(path, whynot, sizeof whynot);
    if (!f) {
        if (diag)
            fprintf(diag, "%s: error: %s\n", path, whynot);
        return NULL;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    const char *why = NULL;
    char buf[65536];
    size_t n;
    while (!why && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (memchr(buf, '\0', n))
            why = "not a text file (NUL byte)";
        else if (n > ISA_ASM_MAX_SOURCE - len)
            why = "larger than the assembler's limit of " ISA_ASM_MAX_SOURCE_TEXT;
        else if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2 > ISA_ASM_MAX_SOURCE + 1 ? ISA_ASM_MAX_SOURCE + 1 : (len + n + 1) * 2;
            char *t = realloc(text, cap);
            if (!t)
                why = "out of memory";
            else
                text = t;
        }
        if (!why) {
            memcpy(text + len, buf, n);
            len += n;
        }
    }
    if (!why && ferror(f))
        why = strerror(errno ? errno : EIO);
    fclose(f);
    if (!why && !text && !(text = malloc(1)))
        why = "out of memory";
    if (why) {
        free(text);
        if (diag)
            fprintf(diag, "%s: error: %s\n", path, why);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

int isa_assemble_file(const char *path, isa_kernel **out, FILE *diag)
{
    char *text = read_source(path, diag);
    if (!text)
        return 1;
    int errors = isa_assemble(path, text, out, diag);
    free(text);
    return errors;
}
