/* libgpuhost: a board's descriptor against what its target says (CAPS). The
 * target must be the board the descriptor asks for: the name its [dut]
 * target key gives, and tolerances within max_ulp. Anything else (an rtl
 * board answered by the functional model, a wrong file) is refused, naming
 * both sides: a lockstep verdict is only worth the target it was obtained on.
 * implements only narrows what runs (a core that implements a subset is a
 * target like any other); lacks bounds what the target may lack (a core that
 * lacks more, a regression or another build, is refused); warps differing is
 * only a warning (CAPS is authoritative and the run is sized by it). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "board_lacks.h"
#include "isa/isa.h"
#include "max_ulp.h"

static bool listed(const gh_board *b, const char *group)
{
    size_t n = strlen(group);
    for (const char *p = b->implements; (p = strstr(p, group)) != NULL; p += n)
        if ((p == b->implements || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

static uint32_t optype_of(const isa_variant *v)
{
    int f = isa_field_index(v, "optype");
    return f < 0 ? 256 : isa_variant_fields(v)[f].value;
}

/* Writes the text to t->warning or t->error (to); returns rc. */
static int note(char *to, size_t cap, int rc, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int note(char *to, size_t cap, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(to, cap, fmt, ap);
    va_end(ap);
    return rc;
}
/* a target that is not the board asked for is its breach: a retry cannot help */
#define refuse(t, ...) ((t)->violation = true, note((t)->error, sizeof (t)->error, -1, __VA_ARGS__))
#define warn(t, ...) note((t)->warning, sizeof (t)->warning, 1, __VA_ARGS__)

/* implements narrows what runs, never refuses a core for what it does not
 * claim: an optype the target implements but whose group the descriptor
 * does not list is taken out of the capabilities runs use (t->claimed keeps
 * the target's own word, for reports). */
static void narrow_groups(gh_target *t)
{
    const gh_board *b = &t->board;
    memcpy(t->claimed, t->caps.optypes, sizeof t->claimed);
    if (b->implements_all || !b->implements[0])
        return;
    const isa_tables *tab = isa_tables_get();
    for (uint32_t i = 0; i < tab->variant_count; i++) {
        const isa_variant *v = &tab->variants[i];
        uint32_t o = optype_of(v);
        if (o < 256 && !listed(b, v->group))
            t->caps.optypes[o / 8] &= (uint8_t)~(1u << (o % 8));
    }
}

/* The variants the target lacks by its own word (an optype it does not claim,
 * or a variant its map declares lacking) beyond the board's lacks: their
 * names into out (the first few), how many. */
static unsigned lacking_beyond(const gh_target *t, char *out, size_t cap)
{
    const isa_tables *tab = isa_tables_get();
    unsigned n = 0;
    out[0] = '\0';
    for (uint32_t v = 0; v < tab->variant_count && v < 256; v++) {
        uint32_t o = optype_of(&tab->variants[v]);
        bool claimed = o < 256 && (t->claimed[o / 8] >> (o % 8)) & 1u;
        bool lacking = !claimed || (t->caps.lacking[v / 8] >> (v % 8)) & 1u;
        if (!lacking || gh__board_may_lack(&t->board, v))
            continue;
        size_t at = strlen(out);
        if (n++ < 8)
            snprintf(out + at, cap - at, "%s%s", at ? " " : "", tab->variants[v].name);
        else if (n == 9)
            snprintf(out + at, cap - at, " ...");
    }
    for (unsigned i = 0; i < t->caps.lacking_modifier_count; i++) {
        const isa_modifier_value *m = &t->caps.lacking_modifier[i];
        if (gh__board_may_lack_value(&t->board, m))
            continue;
        size_t at = strlen(out);
        char name[96];
        isa_modifier_name(m, name, sizeof name);
        if (n++ < 8)
            snprintf(out + at, cap - at, "%s%s", at ? " " : "", name);
        else if (n == 9)
            snprintf(out + at, cap - at, " ...");
    }
    return n;
}

int gh__check_descriptor(gh_target *t)
{
    const gh_board *b = &t->board;
    if (b->target[0] && strcmp(b->target, t->caps.name) != 0)
        return refuse(t, "board %s: %s asks for the target \"%s\", but \"%s\" answered: not the board asked for",
                      b->name, b->file, b->target, t->caps.name);
    narrow_groups(t);
    char beyond[200];
    unsigned n = b->has_lacks ? lacking_beyond(t, beyond, sizeof beyond) : 0;
    if (n)
        return refuse(t, "board %s: the target (%s) lacks %u opcode variant%s or modifier value%s beyond what %s "
                      "lets it lack (lacks = %s): %s; not the board asked for (a regression, or another build of "
                      "the core)", b->name, t->caps.name, n, n == 1 ? "" : "s", n == 1 ? "" : "s", b->file,
                      b->lacks_text, beyond);
    /* tolerances are the user's: the target may only declare tighter */
    for (unsigned i = 0; i < t->caps.tolerance_count; i++) {
        const gh_tolerance *tol = &t->caps.tolerance[i];
        gh_tolerance where;
        uint32_t allowed = gh__board_allows(b, tol, &where);
        if (tol->ulp > allowed) {
            char name[96], at[96];
            gh_tolerance_name(tol, name, sizeof name);
            gh_tolerance_name(&where, at, sizeof at);
            return refuse(t, "board %s: the target (%s) declares %u ulp for %s, beyond the %u ulp %s allows "
                          "(max_ulp) for %s: a target may only declare tighter than its board", b->name,
                          t->caps.name, tol->ulp, name, allowed, b->file, at);
        }
    }
    if (b->warps && t->caps.max_warps != b->warps)
        return warn(t, "board %s: %s says warps = %u, the target (%s) has %u: the descriptor or the build "
                       "is stale", b->name, b->file, b->warps, t->caps.name, t->caps.max_warps);
    return 0;
}
