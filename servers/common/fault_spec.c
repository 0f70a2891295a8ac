#include "fault_spec.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "fw/faults.h"

/* One unsigned field up to ':' or the end; strtoull alone takes "-1" and " 7". */
static int take_field(const char **p, uint64_t max, uint64_t *out)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(*p, &end, 0);
    if (errno || v > max || (*end && *end != ':'))
        return -1;
    *out = v;
    *p = end;
    return 0;
}

int fw_fault_spec_parse(const char *text, uint64_t at_max, fw_fault_spec *out)
{
    const char *p = text;
    uint64_t kind, at, param = 0;
    if (take_field(&p, FW_FAULT_COUNT - 1, &kind) != 0 || kind == 0 || *p++ != ':' ||
        take_field(&p, at_max, &at) != 0)
        return -1;
    if (*p == ':') {
        p++;
        if (take_field(&p, 255, &param) != 0 || *p)
            return -1;
    }
    *out = (fw_fault_spec){.kind = (uint32_t)kind, .at = at, .param = (uint32_t)param};
    return 0;
}
