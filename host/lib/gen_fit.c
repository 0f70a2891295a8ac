/* libgpuhost: random kernels fitted to a target (gpuhost/gen.h). */
#include "gpuhost/gen.h"

#include <string.h>

#include "isa/isa.h"

void gh_gen_fit(const gh_target *t, isa_random_kernel_opts *ko)
{
    const gh_board *b = gh_target_board(t);
    for (uint32_t v = 0; v < 256; v++) {
        ko->implemented[v] = gh_target_implements(t, v);
        ko->lacking[v] = v < isa_tables_get()->variant_count && !gh_target_implements_variant(t, v);
    }
    const gh_caps *c = gh_target_caps(t);
    _Static_assert(sizeof ko->lacking_values >= sizeof c->lacking_modifier, "gen holds every lacking value");
    ko->lacking_value_count = c->lacking_modifier_count;
    memcpy(ko->lacking_values, c->lacking_modifier, c->lacking_modifier_count * sizeof *c->lacking_modifier);
    ko->max_code = gh_target_caps(t)->max_code;
    ko->clock = !(b->transport == GH_TRANSPORT_USB && !b->emulator[0]);
}
