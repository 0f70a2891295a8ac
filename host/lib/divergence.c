/* libgpuhost: the words of a divergence, shared by lockstep (run.c) and the
 * model's scoreboard (model.c), so both say exactly the same. */
#include <inttypes.h>
#include <stdio.h>

#include "engine.h"

void gh__retired_of(gh_retired *r, const wire_commit *c)
{
    *r = (gh_retired){.seq = c->seq, .pc = c->pc, .insn_lo = c->insn_lo, .insn_hi = c->insn_hi,
                      .exec_mask = c->exec_mask, .trap_code = c->trap_code, .trap_lane = c->trap_lane,
                      .warp = c->warp, .flags = c->flags};
}

void gh__history_add(gh_history *h, const wire_commit *c)
{
    gh__retired_of(&h->items[h->count++ % GH_HISTORY], c);
}

void gh__say_history(gh_text *r, const gh_history *h)
{
    uint64_t n = h->count < GH_HISTORY ? h->count : GH_HISTORY;
    if (!n)
        return;
    gh__say(r, "last %" PRIu64 " instruction%s before it (model):\n", n, n == 1 ? "" : "s");
    for (uint64_t i = h->count - n; i < h->count; i++) {
        const gh_retired *c = &h->items[i % GH_HISTORY];
        char text[160];
        gh__disasm(c->insn_lo, c->insn_hi, c->pc, text, sizeof text);
        gh__say(r, "  #%-8" PRIu64 " warp %-2u pc 0x%04" PRIx64 " exec 0x%08x  %s ;\n", c->seq, c->warp, c->pc,
                c->exec_mask, text);
    }
}

void gh__say_divergence(gh_text *r, const wire_commit *m, const char *what, const gh_history *h)
{
    char text[160], head[512];
    gh__disasm(m->insn_lo, m->insn_hi, m->pc, text, sizeof text);
    snprintf(head, sizeof head, "DIVERGENCE at instruction %" PRIu64 " (warp %u, pc 0x%" PRIx64 "): %s ;\n", m->seq,
             m->warp, m->pc, text);
    gh__say_first(r, head);
    if (what)
        gh__say(r, "  %s\n", what);
    gh__say_history(r, h);
}

void gh__say_model_finished(gh_text *r, const wire_commit *t, const gh_history *h)
{
    char text[160];
    gh__disasm(t->insn_lo, t->insn_hi, t->pc, text, sizeof text);
    gh__say(r, "DIVERGENCE at instruction %" PRIu64 ": the model had finished, the target retired warp %u pc 0x%" PRIx64
            ": %s ;\n", t->seq, t->warp, t->pc, text);
    gh__say_history(r, h);
}
