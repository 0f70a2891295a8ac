/* gpuhost run under CTest's resource allocation: the board instance CTest
 * gave this test (CTEST_RESOURCE_GROUP_<n>_<TYPE> = "id:ID,slots:N") becomes
 * --serial or --endpoint. Resource types are board names ('-' as '_'); ids
 * are made by `gpuhost boards --resource-spec` and carry the instance:
 *   local_N   a server or emulator gpuhost starts itself
 *   s_HEX     a USB board, HEX its serial's bytes
 *   e_HEX     a server started elsewhere, HEX its endpoint's bytes */
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

void gh_resource_id(char kind, const char *text, char *out, size_t len)
{
    int n = snprintf(out, len, "%c_", kind);
    for (const char *p = text; *p && (size_t)n + 3 < len; p++)
        n += snprintf(out + n, len - (size_t)n, "%02x", (unsigned char)*p);
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

int gh_ctest_resource(const char *board, char *serial, char *endpoint, size_t len)
{
    serial[0] = endpoint[0] = '\0';
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
        char value[256];
        size_t n = strcspn(id + 3, ",");
        if (n >= sizeof value) {
            fprintf(stderr, "gpuhost: %s: id too long\n", name);
            return -1;
        }
        memcpy(value, id + 3, n);
        value[n] = '\0';
        if (strncmp(value, "local_", 6) == 0)
            return 0;
        if ((value[0] == 's' || value[0] == 'e') && value[1] == '_' &&
            unhex(value + 2, value[0] == 's' ? serial : endpoint, len) == 0)
            return 0;
        fprintf(stderr, "gpuhost: %s: resource id '%s' is not one gpuhost boards --resource-spec makes\n", name, value);
        return -1;
    }
    return 0;
}
