/* libgpuhost: error texts from the one list in gpuhost/error.h, and the
 * detail text a target keeps of its last failure. */
#include <stdarg.h>
#include <stdio.h>

#include "backend.h"
#include "gpuhost/error.h"

int gh__fail(gh_target *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->error, sizeof t->error, fmt, ap);
    va_end(ap);
    t->violation = t->dut_failed = false;
    return -1;
}

int gh__breach(gh_target *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->error, sizeof t->error, fmt, ap);
    va_end(ap);
    t->violation = true;
    t->dut_failed = false;
    return -1;
}

const char *gh_strerror(int code)
{
    switch (code) {
#define GH_ERROR_TEXT(name, value, text) case value: return text;
        GH_ERRORS(GH_ERROR_TEXT)
#undef GH_ERROR_TEXT
    }
    return "unknown error";
}

const char *gh_error_name(int code)
{
    switch (code) {
#define GH_ERROR_NAME(name, value, text) case value: return "GH_ERR_" #name;
        GH_ERRORS(GH_ERROR_NAME)
#undef GH_ERROR_NAME
    }
    return "GH_ERR_?";
}
