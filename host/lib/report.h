/* libgpuhost private: JSON state dumps and JSON-lines traces (plain unsigned
 * integers), from the records and states every backend produces. */
#ifndef GH_REPORT_H
#define GH_REPORT_H

#include <stdio.h>

#include "wire/protocol.h"

int gh_write_warp_json(FILE *f, const wire_state *s);
/* One line; source ("model") is named when given (a divergence's other side). */
int gh_write_commit_json(FILE *f, const wire_commit *rec, const char *source);

#endif
