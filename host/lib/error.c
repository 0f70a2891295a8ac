/* libgpuhost: error texts from the one list in gpuhost/error.h. */
#include "gpuhost/error.h"

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
