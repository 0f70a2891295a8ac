/* libgpuhost: random kernels fitted to a target (gpuhost/gen.h). */
#include "gpuhost/gen.h"

#include "isa/isa.h"

void gh_gen_fit(const gh_target *t, isa_random_kernel_opts *ko)
{
    const gh_board *b = gh_target_board(t);
    for (uint32_t v = 0; v < 256; v++) {
        ko->implemented[v] = gh_target_implements(t, v);
        ko->lacking[v] = v < isa_tables_get()->variant_count && !gh_target_implements_variant(t, v);
    }
    ko->lacking_values = gh_target_caps(t)->lacking_modifier;
    ko->lacking_value_count = gh_target_caps(t)->lacking_modifier_count;
    ko->max_code = gh_target_caps(t)->max_code;
    ko->clock = !(b->transport == GH_TRANSPORT_USB && !b->emulator[0]);
}
