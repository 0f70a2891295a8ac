/* Board descriptors (see board.h), parsed with libinih. Its line buffer
 * is fixed when it is built (INI_MAX_LINE of <ini.h>: 200 bytes on Debian,
 * on the stack), and it cuts a longer line in two and reads on from the
 * middle; so before inih sees anything the whole descriptor is read and
 * every line measured, its line end included as inih counts it, and a line
 * longer than the INI_MAX_LINE - 1 characters inih reads is refused on its
 * own line, naming its length and the limit. A value shorter than that is
 * held whole: the fields are as large as what they name allows (a path
 * PATH_MAX), and a value beyond its field is an error naming the key, its
 * length and the limit.
 *
 * inih reports the line of a syntax error; for our own errors the handler
 * needs the line too, so lines reach inih through a reader that counts them
 * (and notes where each [section] starts, for "missing key" errors). The
 * dialect is inih's: "[section]"; "name = value" or "name: value", both
 * sides trimmed; ';' or '#' first on a line, or ';' after a space or tab
 * within a value, starts a comment; blank lines; CRLF line ends and a UTF-8
 * byte order mark are accepted. Only a regular file of at most
 * GH_BOARD_MAX_FILE bytes is read: a FIFO or a device named *.ini is refused
 * without waiting on it, and reading stops at that size whatever the file
 * became after it was measured. */
#define _POSIX_C_SOURCE 200809L
#include "gpuhost/board.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board_lacks.h"
#include "isa/isa.h"
#include "max_ulp.h"
#include "stress.h"
#include "wire/protocol.h"

#define GH_BOARD_MAX_FILE (64 * 1024)

/* The most characters of a line, its line end included, inih reads in one
 * piece: its buffer of INI_MAX_LINE bytes holds them and a NUL. */
#define GH_BOARD_MAX_LINE (INI_MAX_LINE - 1)

_Static_assert(sizeof ((gh_board *)0)->target == sizeof ((wire_caps *)0)->name,
               "a board's target holds exactly what CAPS can name");

enum section { SEC_BOARD, SEC_USB, SEC_DUT, SEC_COUNT };
static const char *const section_names[SEC_COUNT] = {"board", "usb", "dut"};

enum key {
    K_NAME, K_DESCRIPTION, K_TRANSPORT, K_SERVER, K_WAVE, K_FIRMWARE, K_EMULATOR, K_EMULATOR_DUT, K_EMULATOR_FIRMWARE,
    K_VID, K_PID, K_INTERFACE, K_EP_OUT, K_EP_IN, K_MAX_PACKET,
    K_WARPS, K_IMPLEMENTS, K_TARGET, K_MAX_ULP, K_STRESS, K_LACKS, K_COUNT
};

static const struct {
    enum section section;
    const char *name;
} keys[K_COUNT] = {
    [K_NAME] = {SEC_BOARD, "name"},         [K_DESCRIPTION] = {SEC_BOARD, "description"},
    [K_TRANSPORT] = {SEC_BOARD, "transport"}, [K_SERVER] = {SEC_BOARD, "server"},
    [K_WAVE] = {SEC_BOARD, "wave"},
    [K_FIRMWARE] = {SEC_BOARD, "firmware"}, [K_EMULATOR] = {SEC_BOARD, "emulator"},
    [K_EMULATOR_DUT] = {SEC_BOARD, "emulator_dut"}, [K_EMULATOR_FIRMWARE] = {SEC_BOARD, "emulator_firmware"},
    [K_VID] = {SEC_USB, "vid"},             [K_PID] = {SEC_USB, "pid"},
    [K_INTERFACE] = {SEC_USB, "interface"}, [K_EP_OUT] = {SEC_USB, "ep_out"},
    [K_EP_IN] = {SEC_USB, "ep_in"},         [K_MAX_PACKET] = {SEC_USB, "max_packet"},
    [K_WARPS] = {SEC_DUT, "warps"},         [K_IMPLEMENTS] = {SEC_DUT, "implements"},
    [K_TARGET] = {SEC_DUT, "target"},       [K_MAX_ULP] = {SEC_DUT, "max_ulp"},
    [K_STRESS] = {SEC_DUT, "stress"},       [K_LACKS] = {SEC_DUT, "lacks"},
};

typedef struct {
    const char *text; /* the whole descriptor (its byte order mark skipped) */
    size_t len, pos;  /* its length, and where inih's next line starts */
    gh_board *b;
    int lineno; /* the line inih is looking at */
    int section_line[SEC_COUNT];
    int key_line[K_COUNT]; /* 0: not given */
    bool failed;
    char reason[512];
    int fail_line;
} parser;

static void fail(parser *p, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(parser *p, int line, const char *fmt, ...)
{
    if (p->failed)
        return; /* the first error stands */
    p->failed = true;
    p->fail_line = line > 0 ? line : 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->reason, sizeof p->reason, fmt, ap);
    va_end(ap);
}

/* The length of the line at text (its line end included), of at most len
 * bytes. */
static size_t line_length(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    return nl ? (size_t)(nl - text) + 1 : len;
}

/* A line inih cannot read whole: its length (line end included) and the limit. */
static void line_too_long(parser *p, int line, size_t len, int limit)
{
    fail(p, line, "a line of %zu characters, more than the %d libinih reads (INI_MAX_LINE)", len, limit);
}

/* Before inih sees it: the descriptor is text, and no line is longer than
 * inih reads in one piece. */
static void scan_lines(parser *p)
{
    if (memchr(p->text, '\0', p->len)) {
        int line = 1;
        for (const char *c = p->text; *c; c++)
            line += *c == '\n';
        fail(p, line, "NUL byte: not a text file");
        return;
    }
    int line = 1;
    for (size_t at = 0, n; at < p->len; at += n, line++) {
        n = line_length(p->text + at, p->len - at);
        if (n > GH_BOARD_MAX_LINE) {
            line_too_long(p, line, n, GH_BOARD_MAX_LINE);
            return;
        }
    }
}

/* inih's line reader: one whole line a call, or NULL (the end, or a line
 * too long for inih's buffer of num bytes, which scan_lines has refused
 * already unless the library was built with a smaller one than <ini.h>
 * says: then p->failed says so). */
static char *reader(char *str, int num, void *stream)
{
    parser *p = stream;
    if (p->failed || p->pos >= p->len || num < 2)
        return NULL;
    size_t n = line_length(p->text + p->pos, p->len - p->pos);
    p->lineno++;
    if (n > (size_t)num - 1) {
        line_too_long(p, p->lineno, n, num - 1);
        return NULL;
    }
    memcpy(str, p->text + p->pos, n);
    str[n] = '\0';
    p->pos += n;
    const char *s = str + strspn(str, " \t");
    if (*s == '[') {
        size_t len = strcspn(s + 1, "]");
        for (int i = 0; i < SEC_COUNT; i++)
            if (strlen(section_names[i]) == len && strncmp(s + 1, section_names[i], len) == 0 &&
                !p->section_line[i])
                p->section_line[i] = p->lineno;
    }
    return str;
}

static bool parse_uint(const char *s, unsigned long max, unsigned long *out)
{
    if (!*s || *s == '-' || *s == '+')
        return false;
    errno = 0;
    char *end;
    unsigned long v = strtoul(s, &end, 0);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}

static bool copy_text(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap)
        return false;
    memcpy(dst, src, n + 1);
    return true;
}

static bool known_group(const char *g)
{
    const isa_tables *t = isa_tables_get();
    for (uint32_t v = 0; v < t->variant_count; v++)
        if (t->variants[v].group && strcmp(t->variants[v].group, g) == 0)
            return true;
    return false;
}

/* The groups isa/spec defines, space-separated, each once. */
static void known_groups(char *out, size_t len)
{
    const isa_tables *t = isa_tables_get();
    size_t used = 0;
    out[0] = '\0';
    for (uint32_t v = 0; v < t->variant_count; v++) {
        const char *g = t->variants[v].group;
        bool seen = false;
        for (uint32_t u = 0; g && u < v && !seen; u++)
            seen = t->variants[u].group && strcmp(t->variants[u].group, g) == 0;
        if (!g || seen)
            continue;
        int n = snprintf(out + used, len - used, "%s%s", used ? " " : "", g);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
}

/* Is word one of the space-separated words of list? */
static bool word_in(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *w = list; *w; w += strcspn(w, " "), w += strspn(w, " "))
        if (strncmp(w, word, n) == 0 && (w[n] == ' ' || w[n] == '\0'))
            return true;
    return false;
}

/* "all", or known groups separated by spaces; normalised into b->implements. */
static bool parse_implements(parser *p, const char *value)
{
    gh_board *b = p->b;
    char buf[GH_BOARD_MAX_LINE + 1]; /* cut into words here: the value is shorter than its line */
    if (!copy_text(buf, sizeof buf, value)) {
        fail(p, p->lineno, "implements: longer than the %zu characters a line holds", sizeof buf - 1);
        return false;
    }
    b->implements[0] = '\0';
    size_t groups = 0;
    bool all = false;
    for (char *save, *tok = strtok_r(buf, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save)) {
        if (strcmp(tok, "all") == 0) {
            all = true;
        } else if (!known_group(tok)) {
            char known[160];
            known_groups(known, sizeof known);
            fail(p, p->lineno, "implements: unknown instruction group '%s' (known: %s, or all)", tok, known);
            return false;
        }
        if (groups && word_in(b->implements, tok)) {
            fail(p, p->lineno, "implements: '%s' named twice", tok);
            return false;
        }
        /* each known group once: the list is never longer than the spec's
         * group names, which GH_BOARD_IMPLEMENTS_MAX holds (a test checks) */
        if (strlen(b->implements) + 1 + strlen(tok) >= sizeof b->implements) {
            fail(p, p->lineno, "implements: longer than the %zu characters a list holds", sizeof b->implements - 1);
            return false;
        }
        if (groups++)
            strcat(b->implements, " ");
        strcat(b->implements, tok);
    }
    if (groups == 0) {
        fail(p, p->lineno, "implements: empty (say \"all\" or name instruction groups)");
        return false;
    }
    if (all && groups > 1) {
        fail(p, p->lineno, "implements: \"all\" cannot be combined with groups");
        return false;
    }
    b->implements_all = all;
    return true;
}

static bool valid_name(const char *s)
{
    if (!*s || strlen(s) >= sizeof ((gh_board *)0)->name)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-' ||
              *s == '_'))
            return false;
    return true;
}

/* A value too long for its field: the key, its length and the limit. */
static void too_long(parser *p, const char *key, size_t len, size_t cap, const char *what)
{
    fail(p, p->lineno, "%s: %zu characters, more than the %zu %s", key, len, cap - 1, what);
}

/* inih's handler: one "name = value" of section; 1, or 0 after fail(). */
static int handler(void *user, const char *section, const char *name, const char *value)
{
    parser *p = user;
    gh_board *b = p->b;
    if (p->failed)
        return 0;
    int sec = -1;
    for (int i = 0; i < SEC_COUNT; i++)
        if (strcmp(section, section_names[i]) == 0)
            sec = i;
    if (sec < 0) {
        if (!*section)
            fail(p, p->lineno, "'%s' outside a section (expected [board], [usb] or [dut] first)", name);
        else
            fail(p, p->lineno, "unknown section [%.60s] (known: board, usb, dut)", section);
        return 0;
    }
    int k = -1;
    for (int i = 0; i < K_COUNT; i++)
        if ((int)keys[i].section == sec && strcmp(keys[i].name, name) == 0)
            k = i;
    if (k < 0) {
        fail(p, p->lineno, "unknown key '%s' in [%s]", name, section_names[sec]);
        return 0;
    }
    if (p->key_line[k]) {
        fail(p, p->lineno, "'%s' given twice (first on line %d)", name, p->key_line[k]);
        return 0;
    }
    p->key_line[k] = p->lineno;
    unsigned long v = 0;
    switch ((enum key)k) {
    case K_NAME:
        if (!valid_name(value)) {
            fail(p, p->lineno, "name '%.40s': use 1 to %zu letters, digits, '-' or '_'", value, sizeof b->name - 1);
            return 0;
        }
        strcpy(b->name, value);
        return 1;
    case K_DESCRIPTION:
        if (!copy_text(b->description, sizeof b->description, value))
            too_long(p, name, strlen(value), sizeof b->description, "a description may have");
        return !p->failed;
    case K_TRANSPORT:
        if (strcmp(value, "model") == 0)
            b->transport = GH_TRANSPORT_MODEL;
        else if (strcmp(value, "zmq") == 0)
            b->transport = GH_TRANSPORT_ZMQ;
        else if (strcmp(value, "usb") == 0)
            b->transport = GH_TRANSPORT_USB;
        else
            fail(p, p->lineno, "transport '%s': expected model, zmq or usb", value);
        return !p->failed;
    case K_WAVE:
        if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0)
            fail(p, p->lineno, "wave '%s': expected yes or no", value);
        else
            b->waves = strcmp(value, "yes") == 0;
        return !p->failed;
    case K_EMULATOR_DUT:
        if (strcmp(value, "model") != 0 && strcmp(value, "rtl") != 0)
            fail(p, p->lineno, "emulator_dut '%s': expected model or rtl", value);
        else
            copy_text(b->emulator_dut, sizeof b->emulator_dut, value);
        return !p->failed;
    case K_EMULATOR_FIRMWARE:
        if (strcmp(value, "image") != 0 && strcmp(value, "gateware") != 0 && strcmp(value, "host") != 0)
            fail(p, p->lineno, "emulator_firmware '%s': expected image, gateware or host", value);
        else if (!copy_text(b->emulator_firmware, sizeof b->emulator_firmware, value))
            fail(p, p->lineno, "emulator_firmware '%s': too long", value);
        return !p->failed;
    case K_SERVER:
    case K_FIRMWARE:
    case K_EMULATOR: {
        char *dst = k == K_SERVER ? b->server : k == K_FIRMWARE ? b->firmware : b->emulator;
        if (!*value || strpbrk(value, " \t"))
            fail(p, p->lineno, "%s '%.200s': expected one program or file name", name, value);
        else if (!copy_text(dst, GH_BOARD_PATH_MAX, value))
            too_long(p, name, strlen(value), GH_BOARD_PATH_MAX, "of a path (PATH_MAX)");
        return !p->failed;
    }
    case K_VID:
    case K_PID:
        if (!parse_uint(value, 0xffff, &v)) {
            fail(p, p->lineno, "%s '%s': expected a number 0..0xffff", name, value);
            return 0;
        }
        *(k == K_VID ? &b->usb.vid : &b->usb.pid) = (uint16_t)v;
        return 1;
    case K_INTERFACE:
        if (!parse_uint(value, 255, &v)) {
            fail(p, p->lineno, "interface '%s': expected a number 0..255", value);
            return 0;
        }
        b->usb.interface = (uint8_t)v;
        return 1;
    case K_EP_OUT:
        if (!parse_uint(value, 0xff, &v) || v < 0x01 || v > 0x0f) {
            fail(p, p->lineno, "ep_out '%s': expected an OUT endpoint address 0x01..0x0f", value);
            return 0;
        }
        b->usb.ep_out = (uint8_t)v;
        return 1;
    case K_EP_IN:
        if (!parse_uint(value, 0xff, &v) || v < 0x81 || v > 0x8f) {
            fail(p, p->lineno, "ep_in '%s': expected an IN endpoint address 0x81..0x8f", value);
            return 0;
        }
        b->usb.ep_in = (uint8_t)v;
        return 1;
    case K_MAX_PACKET:
        if (!parse_uint(value, 1024, &v) ||
            (v != 8 && v != 16 && v != 32 && v != 64 && v != 512 && v != 1024)) {
            fail(p, p->lineno, "max_packet '%s': a bulk endpoint's is 8, 16, 32, 64, 512 or 1024", value);
            return 0;
        }
        b->usb.max_packet = (uint16_t)v;
        return 1;
    case K_WARPS:
        if (!parse_uint(value, 64, &v) || v == 0) {
            fail(p, p->lineno, "warps '%s': expected 1..64", value);
            return 0;
        }
        b->warps = (uint32_t)v;
        return 1;
    case K_IMPLEMENTS:
        return parse_implements(p, value);
    case K_MAX_ULP: {
        char why[160];
        if (gh__parse_max_ulp(value, b, why, sizeof why) != 0) {
            fail(p, p->lineno, "max_ulp %s (ulps an approximate result may lie from the model)", why);
            return 0;
        }
        return 1;
    }
    case K_STRESS: {
        char why[256];
        rtl_stress s;
        if (rtl_stress_parse(value, &s, why, sizeof why) != 0)
            fail(p, p->lineno, "stress '%.60s': %s", value, why);
        else if (!copy_text(b->stress, sizeof b->stress, value))
            too_long(p, name, strlen(value), sizeof b->stress, "of a stress setting");
        return !p->failed;
    }
    case K_LACKS: {
        char why[200];
        if (gh__parse_lacks(value, b, why, sizeof why) != 0)
            fail(p, p->lineno, "lacks: %s (what the target may lack, at most)", why);
        return !p->failed;
    }
    case K_TARGET:
        if (!*value)
            fail(p, p->lineno, "target: empty (the name the target gives in CAPS)");
        else if (!copy_text(b->target, sizeof b->target, value))
            too_long(p, name, strlen(value), sizeof b->target, "of a name in CAPS (the wire's limit)");
        return !p->failed;
    case K_COUNT:
        break;
    }
    return 0;
}

/* Required keys and the keys one transport needs or forbids. */
static void check_complete(parser *p)
{
    const gh_board *b = p->b;
    int board_line = p->section_line[SEC_BOARD] ? p->section_line[SEC_BOARD] : 1;
    if (!p->section_line[SEC_BOARD]) {
        fail(p, 1, "no [board] section");
        return;
    }
    static const enum key required[] = {K_NAME, K_TRANSPORT};
    for (size_t i = 0; i < sizeof required / sizeof *required; i++)
        if (!p->key_line[required[i]]) {
            fail(p, board_line, "[board] has no '%s'", keys[required[i]].name);
            return;
        }
    if (b->transport == GH_TRANSPORT_ZMQ && !p->key_line[K_SERVER]) {
        fail(p, board_line, "[board] transport zmq needs 'server' (gpu-rtlsim, gpu-modelsim)");
        return;
    }
    if (b->transport != GH_TRANSPORT_ZMQ && p->key_line[K_SERVER]) {
        fail(p, p->key_line[K_SERVER], "'server' is for zmq boards, not transport %s",
             gh_transport_name(b->transport));
        return;
    }
    if (b->transport != GH_TRANSPORT_ZMQ && p->key_line[K_WAVE]) {
        fail(p, p->key_line[K_WAVE], "'wave' is for zmq boards, not transport %s", gh_transport_name(b->transport));
        return;
    }
    if (p->key_line[K_EMULATOR_DUT] && !p->key_line[K_EMULATOR]) {
        fail(p, p->key_line[K_EMULATOR_DUT], "'emulator_dut' needs an 'emulator'");
        return;
    }
    if (p->key_line[K_EMULATOR_FIRMWARE] && !p->key_line[K_EMULATOR]) {
        fail(p, p->key_line[K_EMULATOR_FIRMWARE], "'emulator_firmware' needs an 'emulator'");
        return;
    }
    if (p->key_line[K_STRESS] && (b->transport == GH_TRANSPORT_MODEL ||
                                  (b->transport == GH_TRANSPORT_USB && strcmp(b->emulator_dut, "rtl") != 0))) {
        fail(p, p->key_line[K_STRESS], "'stress' is for boards whose DUT port the harness drives (an RTL "
             "server over zmq, an emulator_dut = rtl), not this %s board", gh_transport_name(b->transport));
        return;
    }
    if (b->transport != GH_TRANSPORT_USB && p->key_line[K_EMULATOR]) {
        fail(p, p->key_line[K_EMULATOR], "'emulator' is for usb boards, not transport %s",
             gh_transport_name(b->transport));
        return;
    }
    if (b->transport == GH_TRANSPORT_USB) {
        if (!p->section_line[SEC_USB]) {
            fail(p, p->key_line[K_TRANSPORT], "transport usb needs a [usb] section");
            return;
        }
        for (int k = K_VID; k <= K_MAX_PACKET; k++)
            if (!p->key_line[k]) {
                fail(p, p->section_line[SEC_USB], "[usb] has no '%s'", keys[k].name);
                return;
            }
    } else if (p->section_line[SEC_USB]) {
        fail(p, p->section_line[SEC_USB], "[usb] given for transport %s", gh_transport_name(b->transport));
        return;
    }
}

/* The whole of f, at most GH_BOARD_MAX_FILE bytes, into a new buffer (*len
 * bytes); NULL with err set when it cannot be read or is larger. */
static char *read_all(FILE *f, const char *path, size_t *len, int *rc, char *err, size_t errlen)
{
    char *text = malloc(GH_BOARD_MAX_FILE + 1);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", path);
        *rc = GH_BOARDS_IO;
        return NULL;
    }
    size_t n = fread(text, 1, GH_BOARD_MAX_FILE + 1, f);
    if (ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        *rc = GH_BOARDS_IO;
    } else if (n > GH_BOARD_MAX_FILE) { /* it grew since it was measured */
        snprintf(err, errlen, "%s: not a board descriptor: more than %d bytes", path, GH_BOARD_MAX_FILE);
        *rc = GH_BOARDS_MALFORMED;
    } else {
        *len = n;
        return text;
    }
    free(text);
    return NULL;
}

/* Parses the descriptor in f (named path in messages). */
static int parse_stream(FILE *f, const char *path, gh_board *out, char *err, size_t errlen)
{
    int rc = GH_BOARDS_OK;
    size_t len = 0;
    char *text = read_all(f, path, &len, &rc, err, errlen);
    if (!text)
        return rc;
    gh_board *b = calloc(1, sizeof *b); /* large (paths of PATH_MAX): not on the stack */
    if (!b) {
        free(text);
        snprintf(err, errlen, "%s: out of memory", path);
        return GH_BOARDS_IO;
    }
    parser p = {.text = text, .len = len, .b = b};
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 byte order mark */
        p.text += 3;
        p.len -= 3;
    }
    scan_lines(&p);
    if (!p.failed) {
        int at = ini_parse_stream(reader, &p, handler, &p);
        if (at > 0 && (!p.failed || at < p.fail_line)) { /* inih's own error came first */
            p.failed = false;
            fail(&p, at, "syntax error: expected [section], name = value or a comment");
        } else if (at < 0 && !p.failed)
            fail(&p, p.lineno, "out of memory");
    }
    if (!p.failed)
        check_complete(&p);
    if (p.failed) {
        snprintf(err, errlen, "%s:%d: %s", path, p.fail_line, p.reason);
        rc = GH_BOARDS_MALFORMED;
    } else if (!copy_text(b->file, sizeof b->file, path)) {
        snprintf(err, errlen, "%.200s...: path longer than %zu characters (PATH_MAX)", path, sizeof b->file - 1);
        rc = GH_BOARDS_IO;
    }
    if (rc == GH_BOARDS_OK) {
        b->has_usb = b->transport == GH_TRANSPORT_USB;
        if (!p.key_line[K_WAVE]) /* gpu-rtlsim records them unless the descriptor says otherwise */
            b->waves = b->transport == GH_TRANSPORT_ZMQ && strcmp(b->server, "gpu-rtlsim") == 0;
        *out = *b;
    }
    free(b);
    free(text);
    return rc;
}

static const char *file_kind(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
           : S_ISDIR(m) ? "a directory" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

int gh_board_parse_file(const char *path, gh_board *out, char *err, size_t errlen)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return GH_BOARDS_IO;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return GH_BOARDS_IO;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > GH_BOARD_MAX_FILE) {
        if (!S_ISREG(st.st_mode))
            snprintf(err, errlen, "%s: not a board descriptor: %s, not a regular file", path, file_kind(st.st_mode));
        else
            snprintf(err, errlen, "%s: not a board descriptor: %lld bytes, more than %d", path,
                     (long long)st.st_size, GH_BOARD_MAX_FILE);
        close(fd);
        return GH_BOARDS_MALFORMED;
    }
    FILE *f = fdopen(fd, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return GH_BOARDS_IO;
    }
    int rc = parse_stream(f, path, out, err, errlen);
    fclose(f);
    return rc;
}

int gh_board_parse_text(const char *name, const char *text, size_t len, gh_board *out, char *err, size_t errlen)
{
    if (len > GH_BOARD_MAX_FILE) {
        snprintf(err, errlen, "%s: not a board descriptor: %zu bytes, more than %d", name, len, GH_BOARD_MAX_FILE);
        return GH_BOARDS_MALFORMED;
    }
    if (len == 0) /* fmemopen refuses an empty buffer; an empty line reads the same */
        text = "\n", len = 1;
    FILE *f = fmemopen((void *)text, len, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", name, strerror(errno));
        return GH_BOARDS_IO;
    }
    int rc = parse_stream(f, name, out, err, errlen);
    fclose(f);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int gh_boards_load(const char *dir, gh_board **list, size_t *count, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return GH_BOARDS_IO;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = GH_BOARDS_OK;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 5 || strcmp(e->d_name + len - 4, ".ini") != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) {
                rc = GH_BOARDS_IO;
                break;
            }
            names = grown;
        }
        size_t plen = strlen(dir) + 1 + len + 1;
        if (!(names[n] = malloc(plen))) {
            rc = GH_BOARDS_IO;
            break;
        }
        snprintf(names[n++], plen, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    gh_board *boards = NULL;
    if (rc != GH_BOARDS_OK)
        snprintf(err, errlen, "%s: out of memory", dir);
    else if (n == 0) {
        snprintf(err, errlen, "%s: no board descriptors (*.ini)", dir);
        rc = GH_BOARDS_IO;
    } else if (!(boards = calloc(n, sizeof *boards))) {
        snprintf(err, errlen, "%s: out of memory", dir);
        rc = GH_BOARDS_IO;
    } else {
        qsort(names, n, sizeof *names, by_name);
        for (size_t i = 0; i < n && rc == GH_BOARDS_OK; i++) {
            rc = gh_board_parse_file(names[i], &boards[i], err, errlen);
            for (size_t j = 0; j < i && rc == GH_BOARDS_OK; j++)
                if (strcmp(boards[j].name, boards[i].name) == 0) {
                    snprintf(err, errlen, "%s: board '%s' is already described by %s", names[i], boards[i].name,
                             boards[j].file);
                    rc = GH_BOARDS_MALFORMED;
                }
        }
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    if (rc != GH_BOARDS_OK) {
        free(boards);
        return rc;
    }
    *list = boards;
    *count = n;
    return GH_BOARDS_OK;
}

void gh_boards_free(gh_board *list)
{
    free(list);
}

const gh_board *gh_board_find(const gh_board *list, size_t count, const char *name)
{
    for (size_t i = 0; name && i < count; i++)
        if (strcmp(list[i].name, name) == 0)
            return &list[i];
    return NULL;
}

const char *gh_transport_name(gh_transport t)
{
    switch (t) {
    case GH_TRANSPORT_MODEL:
        return "model";
    case GH_TRANSPORT_ZMQ:
        return "zmq";
    case GH_TRANSPORT_USB:
        return "usb";
    }
    return "?";
}

void gh_board_target(const gh_board *b, char *out, size_t len)
{
    switch (b->transport) {
    case GH_TRANSPORT_MODEL:
        snprintf(out, len, "in-process");
        break;
    case GH_TRANSPORT_ZMQ:
        snprintf(out, len, "%s", b->server);
        break;
    case GH_TRANSPORT_USB:
        snprintf(out, len, "usb %04x:%04x", b->usb.vid, b->usb.pid);
        break;
    }
}

void gh_board_print(const gh_board *b, FILE *f)
{
    fprintf(f, "board %s%s%s\n", b->name, *b->description ? ": " : "", b->description);
    fprintf(f, "  descriptor  %s\n", b->file);
    fprintf(f, "  transport   %s", gh_transport_name(b->transport));
    if (b->transport == GH_TRANSPORT_ZMQ)
        fprintf(f, " (server %s)", b->server);
    fputc('\n', f);
    if (b->has_usb)
        fprintf(f, "  usb         %04x:%04x interface %u, OUT 0x%02x, IN 0x%02x, %u-byte packets\n", b->usb.vid,
                b->usb.pid, b->usb.interface, b->usb.ep_out, b->usb.ep_in, b->usb.max_packet);
    if (*b->firmware)
        fprintf(f, "  firmware    %s\n", b->firmware);
    if (b->warps)
        fprintf(f, "  warps       %u\n", b->warps);
    if (*b->implements)
        fprintf(f, "  implements  %s\n", b->implements);
    if (*b->target)
        fprintf(f, "  target      %s\n", b->target);
    if (b->has_lacks)
        fprintf(f, "  lacks       %s (at most; the host may emulate these and PASS)\n", b->lacks_text);
    if (*b->stress)
        fprintf(f, "  stress      %s (seeded back-pressure and memory latency on the DUT's handshakes)\n", b->stress);
    if (b->max_ulp || b->ulp_rule_count) {
        char text[256];
        gh__max_ulp_text(b, text, sizeof text);
        fprintf(f, "  max_ulp     %s (approximate results: the most a target may declare)\n", text);
    }
}
