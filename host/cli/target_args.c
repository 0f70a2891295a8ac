/* gpuhost CLI: how to reach a board's target, from the command line
 * (target_args.h). */
#include "target_args.h"

#include "cli.h"
#include "numarg.h"

int gh_target_option(const char *cmd, int opt, const char *arg, gh_target_opts *o)
{
    uint64_t ms;
    switch (opt) {
    case 'E': o->endpoint = arg; return 0;
    case 'S': o->server = arg; return 0;
    case 'R': o->serial = arg; return 0;
    case 'k': o->server_key = arg; return 0;
    case 'c': o->client_key = arg; return 0;
    case 'T':
        if (gh_option_u64(cmd, "timeout", "milliseconds", arg, gh_units_ms, 1, 3600000, &ms) != 0)
            return GH_EXIT_USAGE;
        o->timeout_ms = (uint32_t)ms;
        return 0;
    default: return 1;
    }
}
