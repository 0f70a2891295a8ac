/* libgpuhost private: applying the model's commit record to a target that
 * retired the instruction as UNIMPLEMENTED (emulate.c). */
#ifndef GH_EMULATE_H
#define GH_EMULATE_H

#include <stdbool.h>

#include "backend.h"
#include "gm/model.h"
#include "isa/isa.h"

/* False for a variant whose effect reaches state the port's backdoor does
 * not (the convergence stack): never emulated. */
bool gh__emulable(const isa_variant *v);
/* The record a target that does not implement the model's instruction must
 * send: its HEAD (warp, pc, word, active and exec masks), trap UNIMPLEMENTED,
 * no lane, no write. */
void gh__unimplemented_record(const wire_commit *model, wire_commit *out);
/* Applies the model's record c (the model already stepped past it) to t:
 * its writes, then the PCs and statuses of the lanes that ran it. 0, or -1
 * with the target's error. */
int gh__emulate(gh_target *t, const gm_model *m, const wire_commit *c);

#endif
