/* libgpuhost private: what a run in which the host emulated instructions
 * (--emulate-unimplemented) may conclude, and how its state dump says so
 * (emulated_verdict.c). */
#ifndef GH_EMULATED_VERDICT_H
#define GH_EMULATED_VERDICT_H

#include <stdbool.h>
#include <stdio.h>

#include "engine.h"
#include "gpuhost/board.h"
#include "gpuhost/run.h"

/* True when nothing was emulated, or the board's `lacks` names every
 * variant that was: then the run may PASS. Else says why in text (nothing
 * bounds what went unchecked: a core lacking all but EXIT would pass) and
 * returns false: the verdict is EMULATED. */
bool gh__emulated_within_lacks(const gh_board *b, const gh_run_result *res, gh_text *text);
/* The target's object's "emulated" member (docs/json-outputs.md), with its
 * leading comma; nothing when nothing was emulated. */
void gh__write_emulated_json(FILE *f, const gh_run_result *res);

#endif
