/* gpuhost run under CTest's resource allocation: the board instance CTest
 * gave this test (CTEST_RESOURCE_GROUP_<n>_<TYPE> = "id:ID,slots:N") becomes
 * --serial or --endpoint. Resource types are board names ('-' as '_'); ids
 * are made by `gpuhost boards --resource-spec` and carry the instance:
 *   local_N   a server or emulator gpuhost starts itself
 *   s_HEX     a USB board, HEX its serial's bytes
 *   e_HEX     a server started elsewhere, HEX its endpoint's bytes
 *   c_HEX     a CURVE server started elsewhere: HEX the bytes of
 *             "ENDPOINT\nSERVER_KEY\nCLIENT_KEY" (absolute key file paths) */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "numarg.h"

void gh_resource_type(const char *board, char *out, size_t len)
{
    size_t i = 0;
    for (; board[i] && i + 1 < len; i++)
        out[i] = board[i] == '-' ? '_' : (char)tolower((unsigned char)board[i]);
    out[i] = '\0';
}

int gh_resource_id(char kind, const char *text, char *out, size_t len)
{
    if (len < 3 || strlen(text) > (len - 3) / 2)
        return -1;
    int n = snprintf(out, len, "%c_", kind);
    for (const char *p = text; *p; p++)
        n += snprintf(out + n, len - (size_t)n, "%02x", (unsigned char)*p);
    return 0;
}

static int unhex(const char *hex, char *out, size_t len)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 >= len)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1 || !isxdigit((unsigned char)hex[2 * i + 1]))
            return -1;
        out[i] = (char)v;
    }
    out[n / 2] = '\0';
    return 0;
}

/* "ENDPOINT\nSERVER_KEY\nCLIENT_KEY" into its three parts. */
static int split_curve(const char *text, gh_ctest_instance *out)
{
    const char *a = strchr(text, '\n'), *b = a ? strchr(a + 1, '\n') : NULL;
    if (!a || !b || strchr(b + 1, '\n') || (size_t)(a - text) >= sizeof out->endpoint ||
        (size_t)(b - a - 1) >= sizeof out->server_key || strlen(b + 1) >= sizeof out->client_key)
        return -1;
    snprintf(out->endpoint, sizeof out->endpoint, "%.*s", (int)(a - text), text);
    snprintf(out->server_key, sizeof out->server_key, "%.*s", (int)(b - a - 1), a + 1);
    snprintf(out->client_key, sizeof out->client_key, "%s", b + 1);
    return out->endpoint[0] && out->server_key[0] && out->client_key[0] ? 0 : -1;
}

/* One id into *out: 0, or -1 when it is not one gpuhost makes. */
static int take_id(const char *value, gh_ctest_instance *out)
{
    if (strncmp(value, "local_", 6) == 0)
        return 0;
    if (value[0] == 's' && value[1] == '_')
        return unhex(value + 2, out->serial, sizeof out->serial);
    if (value[0] == 'e' && value[1] == '_')
        return unhex(value + 2, out->endpoint, sizeof out->endpoint);
    char text[GH_RESOURCE_ID_MAX];
    if (value[0] == 'c' && value[1] == '_' && unhex(value + 2, text, sizeof text) == 0)
        return split_curve(text, out);
    return -1;
}

int gh_ctest_resource(const char *board, gh_ctest_instance *out)
{
    memset(out, 0, sizeof *out);
    const char *count_text = getenv("CTEST_RESOURCE_GROUP_COUNT");
    if (!count_text)
        return 0;
    char type[64], upper[64], name[96];
    gh_resource_type(board, type, sizeof type);
    size_t i = 0;
    for (; type[i] && i + 1 < sizeof upper; i++)
        upper[i] = (char)toupper((unsigned char)type[i]);
    upper[i] = '\0';
    uint64_t count;
    if (gh_parse_u64(count_text, NULL, &count) != GH_NUM_OK || count > 1024) {
        fprintf(stderr, "gpuhost: CTEST_RESOURCE_GROUP_COUNT=%s is not a group count 0..1024\n", count_text);
        return -1;
    }
    for (uint64_t g = 0; g < count; g++) {
        snprintf(name, sizeof name, "CTEST_RESOURCE_GROUP_%u_%s", (unsigned)g, upper);
        const char *spec = getenv(name);
        if (!spec)
            continue;
        const char *id = strstr(spec, "id:");
        if (!id) {
            fprintf(stderr, "gpuhost: %s=%s: no id\n", name, spec);
            return -1;
        }
        char value[GH_RESOURCE_ID_MAX];
        size_t n = strcspn(id + 3, ",");
        if (n >= sizeof value) {
            fprintf(stderr, "gpuhost: %s: id too long\n", name);
            return -1;
        }
        memcpy(value, id + 3, n);
        value[n] = '\0';
        if (take_id(value, out) == 0)
            return 0;
        memset(out, 0, sizeof *out);
        fprintf(stderr, "gpuhost: %s: resource id '%.64s%s' is not one gpuhost boards --resource-spec makes\n", name,
                value, n > 64 ? "..." : "");
        return -1;
    }
    return 0;
}
