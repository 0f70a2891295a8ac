/* cosim/model: traps: their names and the message that describes one. Only a
 * trap formats text; the step loop never does. */
#include <stdarg.h>
#include <stdio.h>

#include "exec.h"

const char *gm_trap_name(uint32_t code)
{
    switch (code) {
#define GM_TRAP_TEXT(name, code, lane, text) \
    case code:                               \
        return text;
        GM_TRAPS(GM_TRAP_TEXT)
#undef GM_TRAP_TEXT
    }
    return "unknown trap";
}

void gm_trap_at(gm_model *m, wire_commit *rec, uint32_t code, const char *fmt, ...)
{
    rec->flags = WIRE_COMMIT_TRAP;
    rec->trap_code = code;
    rec->trap_lane = GM_TRAP_NO_LANE; /* a fetch, an encoding: the warp's, no lane's */
    char detail[128] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    snprintf(m->trap_msg, sizeof m->trap_msg, "warp %u, pc 0x%llx: %s%s", rec->warp,
             (unsigned long long)rec->pc, gm_trap_name(code), detail);
}

void gm_trap(gm_exec *ex, uint32_t code, int lane, const char *fmt, ...)
{
    if (ex->trapped)
        return; /* the first reason stands */
    ex->trapped = true;
    ex->rec->trap_code = code;
    if (!gm_trap_names_lane(code))
        lane = -1;
    else if (lane < 0) /* every executing lane alike: the lowest (no lane executes: 0) */
        lane = ex->exec ? __builtin_ctz(ex->exec) : 0;
    ex->rec->trap_lane = lane < 0 ? GM_TRAP_NO_LANE : (uint32_t)lane;
    char text[160] = "", reason[200] = "";
    isa_context ctx = {.pc = ex->pc};
    if (isa_disasm(ex->insn, &ctx, text, sizeof text) != 0)
        snprintf(text, sizeof text, "%s", ex->d->v->name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    char where[32] = "";
    if (lane >= 0)
        snprintf(where, sizeof where, ", lane %d", lane);
    snprintf(ex->m->trap_msg, sizeof ex->m->trap_msg, "warp %u, pc 0x%llx%s: %s ;: %s (%s)",
             ex->warp, (unsigned long long)ex->pc, where, text, gm_trap_name(code), reason);
}
