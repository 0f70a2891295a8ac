/* gpuhost CLI: strict numbers (see numarg.h). */
#include "numarg.h"

#include <getopt.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

const gh_unit gh_units_count[] = {{"k", 1000ull}, {"M", 1000000ull}, {"G", 1000000000ull}, {NULL, 0}};
const gh_unit gh_units_bytes[] = {{"K", 1ull << 10}, {"KiB", 1ull << 10}, {"M", 1ull << 20},
                                  {"MiB", 1ull << 20}, {"G", 1ull << 30}, {"GiB", 1ull << 30},
                                  {NULL, 0}};
const gh_unit gh_units_ms[] = {{"ms", 1}, {"s", 1000}, {NULL, 0}};

static int digit(char c, unsigned base)
{
    unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                 : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                 : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                        : 99u;
    return d < base ? (int)d : -1;
}

int gh_parse_u64(const char *text, const gh_unit *units, uint64_t *out)
{
    if (!text)
        return GH_NUM_SYNTAX;
    unsigned base = 10;
    const char *p = text;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (digit(*p, base) < 0)
        return GH_NUM_SYNTAX;
    uint64_t v = 0;
    bool overflow = false;
    for (int d; (d = digit(*p, base)) >= 0; p++) {
        if (v > (UINT64_MAX - (uint64_t)d) / base)
            overflow = true;
        else
            v = v * base + (uint64_t)d;
    }
    if (*p) {
        const gh_unit *u = units;
        while (u && u->suffix && strcmp(u->suffix, p) != 0)
            u++;
        if (!u || !u->suffix)
            return GH_NUM_SYNTAX;
        if (v > UINT64_MAX / u->factor)
            overflow = true;
        else
            v *= u->factor;
    }
    if (overflow)
        return GH_NUM_RANGE;
    *out = v;
    return GH_NUM_OK;
}

static void unit_list(const gh_unit *units, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (const gh_unit *u = units; u && u->suffix && used < len; u++) {
        int n = snprintf(out + used, len - used, "%s%s", used ? ", " : " (units: ", u->suffix);
        if (n < 0)
            return;
        used += (size_t)n;
    }
    if (used && used < len)
        snprintf(out + used, len - used, ")");
}

int gh_option_u64(const char *cmd, const char *option, const char *what, const char *text,
                  const gh_unit *units, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    int rc = gh_parse_u64(text, units, &v);
    if (rc == GH_NUM_OK && v >= min && v <= max) {
        *out = v;
        return 0;
    }
    char unit_text[96];
    unit_list(units, unit_text, sizeof unit_text);
    fprintf(stderr, "gpuhost %s: --%s takes %s %" PRIu64 "..%" PRIu64 "%s, not '%s'%s\n", cmd,
            option, what, min, max, unit_text, text ? text : "",
            rc == GH_NUM_RANGE                     ? " (too large)"
            : rc == GH_NUM_OK                      ? " (out of range)"
            : text && (text[0] == '-' || text[0] == '+') ? " (no sign: negative values are refused)"
                                                   : " (not a number)");
    return -1;
}

int gh_parse_dump(const char *text, uint64_t max, uint64_t end, uint64_t *addr, uint64_t *len,
                  const char **path, char *why, size_t whylen)
{
    const char *c1 = strchr(text, ':');
    const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c2 || !c2[1]) {
        snprintf(why, whylen, "expected ADDR:LEN:FILE");
        return -1;
    }
    char a[64], l[64];
    if ((size_t)(c1 - text) >= sizeof a || (size_t)(c2 - c1 - 1) >= sizeof l) {
        snprintf(why, whylen, "ADDR or LEN is too long");
        return -1;
    }
    snprintf(a, sizeof a, "%.*s", (int)(c1 - text), text);
    snprintf(l, sizeof l, "%.*s", (int)(c2 - c1 - 1), c1 + 1);
    uint64_t av, lv;
    if (gh_parse_u64(a, NULL, &av) != GH_NUM_OK || av >= end) {
        snprintf(why, whylen, "ADDR '%s' is not an address in global memory (0..0x%" PRIx64 ")", a,
                 end - 1);
        return -1;
    }
    if (gh_parse_u64(l, gh_units_bytes, &lv) != GH_NUM_OK || lv == 0 || lv > max) {
        snprintf(why, whylen, "LEN '%s' is not a byte count 1..%" PRIu64 " (units K, M)", l, max);
        return -1;
    }
    if (lv > end - av) {
        snprintf(why, whylen, "0x%" PRIx64 " + %" PRIu64 " bytes runs past the end of global memory (0x%" PRIx64 ")",
                 av, lv, end);
        return -1;
    }
    *addr = av;
    *len = lv;
    *path = c2 + 1;
    return 0;
}

void gh_getopt_reset(void)
{
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
}
