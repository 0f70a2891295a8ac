/* libgpuhost: the verdict of a run in which the host emulated instructions
 * (emulated_verdict.h). */
#include "emulated_verdict.h"

#include <inttypes.h>
#include <string.h>

#include "board_lacks.h"
#include "isa/isa.h"

bool gh__emulated_within_lacks(const gh_board *b, const gh_run_result *res, gh_text *text)
{
    if (!res->emulated)
        return true;
    const isa_tables *tab = isa_tables_get();
    char names[160] = "";
    unsigned outside = 0;
    for (uint32_t v = 0; v < GH_MAX_VARIANTS && v < tab->variant_count; v++) {
        if (!res->emulated_by_variant[v] || gh__board_may_lack_some(b, v))
            continue;
        size_t at = strlen(names);
        if (outside++ < 6)
            snprintf(names + at, sizeof names - at, "%s%s", at ? " " : "", tab->variants[v].name);
    }
    if (!outside)
        return true;
    gh__say(text, "lockstep clean on what the target ran, but the host emulated %" PRIu64 " of %" PRIu64
            " instructions (%u variant%s: %s%s) that board %s's descriptor (%s) does not let its target lack: "
            "they were not checked on the target, and nothing bounds what a target may skip so "
            "(`lacks = ...` in [dut] does)\n", res->emulated, res->instructions, outside,
            outside == 1 ? "" : "s", names, outside > 6 ? " ..." : "", b->name, b->file[0] ? b->file : "none");
    return false;
}

void gh__write_emulated_json(FILE *f, const gh_run_result *res)
{
    if (!res->emulated)
        return;
    fprintf(f, ",\"emulated\":{\"instructions\":%" PRIu64 ",\"of\":%" PRIu64 ",\"within_lacks\":%s,\"variants\":{",
            res->emulated, res->instructions, res->verdict == GH_EMULATED ? "false" : "true");
    const isa_tables *tab = isa_tables_get();
    const char *sep = "";
    for (uint32_t v = 0; v < GH_MAX_VARIANTS && v < tab->variant_count; v++)
        if (res->emulated_by_variant[v]) {
            fprintf(f, "%s\"%s\":%" PRIu64, sep, tab->variants[v].name, res->emulated_by_variant[v]);
            sep = ",";
        }
    fputs("}}", f);
}
