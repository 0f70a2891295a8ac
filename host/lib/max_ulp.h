/* libgpuhost private: a board descriptor's max_ulp (gpuhost/board.h), the
 * user's bound on what a target may declare as its tolerance (tolerance.c). */
#ifndef GH_MAX_ULP_H
#define GH_MAX_ULP_H

#include <stddef.h>
#include <stdint.h>

#include "gpuhost/board.h"
#include "gpuhost/target.h"

/* max_ulp's text into b; 0, or -1 with why. */
int gh__parse_max_ulp(const char *text, gh_board *b, char *why, size_t len);
/* The most the board lets a target declare for everything t covers (the
 * least over each function and format it covers); *tightest names where. */
uint32_t gh__board_allows(const gh_board *b, const gh_tolerance *t, gh_tolerance *tightest);
/* max_ulp as written back: "1 EX2.F32:2". */
void gh__max_ulp_text(const gh_board *b, char *out, size_t len);

#endif
