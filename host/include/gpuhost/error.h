/* libgpuhost: error codes. Functions return 0 or a negative GH_ERR_*; the
 * target or run object keeps the detail text (what, where, why). */
#ifndef GPUHOST_ERROR_H
#define GPUHOST_ERROR_H

#define GH_ERRORS(X)                                                                   \
    X(OK, 0, "success")                                                                \
    X(USAGE, -1, "an option or argument the board cannot honour")                      \
    X(IO, -2, "a file could not be read or written")                                   \
    X(NOMEM, -3, "out of memory")                                                      \
    X(TARGET, -4, "the target failed: no server, a dead link, a timeout or bad frames") \
    X(INPUT, -5, "input rejected")                                                     \
    X(RANGE, -6, "address, warp or size out of range")                                \
    X(PROTOCOL, -7, "the target broke the wire protocol or is not the board asked for")

enum gh_error {
#define GH_ERROR_ENUM(name, code, text) GH_ERR_##name = code,
    GH_ERRORS(GH_ERROR_ENUM)
#undef GH_ERROR_ENUM
};

/* Never NULL: "unknown error" for codes outside the enum. */
const char *gh_strerror(int code);
/* "GH_ERR_TARGET", or "GH_ERR_?" */
const char *gh_error_name(int code);

#endif
