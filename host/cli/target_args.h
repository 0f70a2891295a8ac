/* gpuhost CLI: the options that say how to reach a board's target, for the
 * commands that open one without running a kernel (info, gen, selftest).
 * Their getopt codes are 'E' 'S' 'T' 'R' 'k' 'c': a command's own options
 * use others. */
#ifndef GH_TARGET_ARGS_H
#define GH_TARGET_ARGS_H

#include <getopt.h>

#include "gpuhost/target.h"

#define GH_TARGET_LONG_OPTIONS                                                                      \
    {"endpoint", required_argument, NULL, 'E'}, {"server", required_argument, NULL, 'S'},           \
        {"timeout", required_argument, NULL, 'T'}, {"serial", required_argument, NULL, 'R'},       \
        {"server-key", required_argument, NULL, 'k'}, {"client-key", required_argument, NULL, 'c'}

#define GH_TARGET_USAGE                                                                             \
    "[--endpoint URL [--server-key FILE --client-key FILE]] [--server PATH] [--timeout MS] [--serial S]"

/* 1 when opt is none of them; 0 when taken into o; 2 (usage) after telling
 * stderr why ("gpuhost CMD: --timeout takes ..."). */
int gh_target_option(const char *cmd, int opt, const char *arg, gh_target_opts *o);

#endif
