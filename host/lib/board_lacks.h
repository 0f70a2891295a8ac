/* libgpuhost private: a board descriptor's `lacks` (gpuhost/board.h), the
 * user's bound on what its target may lack: checked against the target's
 * capabilities when it opens (descriptor_check.c) and against what the host
 * emulated when a run ends (run.c). */
#ifndef GH_BOARD_LACKS_H
#define GH_BOARD_LACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpuhost/board.h"
#include "isa/modifier.h"

/* lacks's text into b (has_lacks, lacks, lacks_text); 0, or -1 with why. */
int gh__parse_lacks(const char *text, gh_board *b, char *why, size_t len);
/* Whether the board lets its target lack variant v (false without `lacks`). */
bool gh__board_may_lack(const gh_board *b, uint32_t variant);
/* Whether it lets its target lack that modifier value (its variant, or the value named). */
bool gh__board_may_lack_value(const gh_board *b, const isa_modifier_value *m);
/* Whether it lets its target lack any modifier value of variant v, or v. */
bool gh__board_may_lack_some(const gh_board *b, uint32_t variant);

#endif
