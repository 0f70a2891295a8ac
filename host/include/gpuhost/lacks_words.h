/* libgpuhost: the capability words a core presents for what it lacks
 * (docs/port-contract.md: CONTRACT, VARIANTS, LACKING, MODIFIERS), computed
 * from names as `gpuhost variants` gives them: opcode variants (IADD_RC)
 * and a variant's modifier values (MOV_R.64, LDG_R.dtype=128). Used by
 * `gpuhost caps-words` and so by gpuhost_add_rtl_server(... LACKS ...). */
#ifndef GPUHOST_LACKS_WORDS_H
#define GPUHOST_LACKS_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "isa/modifier.h"

#define GH_CAP_WORDS 256u /* the CAP space's indices (an 8-bit bd_index) */

/* words[i] is capability word i (0 for the words a core answers itself:
 * WARPS, LANES, OPTYPES, FEATURES, TOLERANCES). 0, with notes (may be "")
 * naming an optype every variant of which is lacking; -1 with err. */
int gh_lacks_words(const char *const *names, size_t count, uint32_t words[GH_CAP_WORDS], char *err, size_t len,
                   char *notes, size_t notes_len);

#endif
