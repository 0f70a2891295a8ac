/* gpuhost boards --resource-spec: health checks of board instances, all at
 * once within one overall deadline. A check is `gpuhost --board B info
 * [OPTION VALUE]...` (this very program) exiting 0: the target answers. */
#ifndef GH_CLI_HEALTH_H
#define GH_CLI_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct {
    const char *board;
    const char *options[7]; /* NULL-terminated OPTION VALUE pairs */
    pid_t pid;
    int status; /* waitpid's, once ended */
    bool ended, late, ok;
} gh_health_check;

/* Starts every check, and waits until all have ended or deadline_ms has
 * passed: those still running then are stopped (SIGTERM, SIGKILL 2 s
 * later) and marked late. Each ends ok, or not (late, or a status). */
void gh_health_run(gh_health_check *c, size_t n, uint32_t deadline_ms);
/* Why a check failed, ending "left out" (the instance is): "does not
 * answer: left out (gpuhost info: exit 8)", "did not answer within ...". */
void gh_health_why(const gh_health_check *c, uint32_t deadline_ms, char *out, size_t len);

#endif
