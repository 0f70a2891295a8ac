/* libgpuhost: JSON state dumps and JSON-lines traces (plain unsigned integers). */
#include <inttypes.h>
#include <stdbool.h>

#include "report.h"

/* One warp's state as a JSON object (the --dump-state format). */
int gh_write_warp_json(FILE *f, const wire_state *s)
{
    uint64_t pc = UINT64_MAX; /* the lowest PC of a ready lane, as the model reports a warp's PC */
    for (unsigned l = 0; l < WIRE_LANES; l++)
        if (!((s->exited | s->waiting) >> l & 1u) && s->pc[l] < pc)
            pc = s->pc[l];
    fprintf(f, "{\"warp\":%u,\"pc\":%" PRIu64 ",\"exited\":%s,\"active\":%u,\"waiting\":%u,\"lane_pc\":[",
            s->warp, pc == UINT64_MAX ? 0 : pc, s->exited == 0xffffffffu ? "true" : "false", ~s->exited,
            s->waiting);
    for (unsigned l = 0; l < WIRE_LANES; l++)
        fprintf(f, "%s%" PRIu64, l ? "," : "", s->pc[l]);
    fputs("],\"gpr\":[", f);
    for (unsigned r = 0; r < 255; r++) {
        fputs(r ? ",[" : "[", f);
        for (unsigned l = 0; l < WIRE_LANES; l++)
            fprintf(f, "%s%u", l ? "," : "", s->gpr[r][l]);
        fputc(']', f);
    }
    fputs("],\"pred\":[", f);
    for (unsigned p = 0; p < 7; p++)
        fprintf(f, "%s%u", p ? "," : "", s->pred[p]);
    fputs("],\"ur\":[", f);
    for (unsigned r = 0; r < 63; r++)
        fprintf(f, "%s%u", r ? "," : "", s->ur[r]);
    fprintf(f, "],\"upred\":%u}", s->upred);
    return ferror(f) ? -1 : 0;
}

int gh_write_commit_json(FILE *f, const wire_commit *r, const char *source)
{
    if (source)
        fprintf(f, "{\"source\":\"%s\",", source);
    else
        fputc('{', f);
    fprintf(f,
            "\"seq\":%" PRIu64 ",\"warp\":%u,\"pc\":%" PRIu64 ",\"insn\":\"0x%016" PRIx64 "%016" PRIx64
            "\",\"active\":%u,\"exec\":%u,\"exited\":%u",
            r->seq, r->warp, r->pc, r->insn_hi, r->insn_lo, r->active_mask, r->exec_mask, r->exit_mask);
    if (r->branch_mask)
        fprintf(f, ",\"branch\":{\"mask\":%u,\"target\":%" PRIu64 "}", r->branch_mask, r->branch_target);
    fputs(",\"gpr\":[", f);
    for (unsigned i = 0; i < r->gpr_count; i++) {
        fprintf(f, "%s{\"reg\":%u,\"mask\":%u,\"values\":[", i ? "," : "", r->gpr[i].reg,
                r->gpr[i].lane_mask);
        for (unsigned l = 0; l < WIRE_LANES; l++)
            fprintf(f, "%s%u", l ? "," : "", r->gpr[i].value[l]);
        fputs("]}", f);
    }
    fputs("],\"pred\":[", f);
    for (unsigned i = 0; i < r->pred_count; i++)
        fprintf(f, "%s{\"pred\":%u,\"mask\":%u,\"values\":%u}", i ? "," : "", r->pred[i].pred,
                r->pred[i].lane_mask, r->pred[i].value);
    fputs("],\"ur\":[", f);
    for (unsigned i = 0; i < r->ur_count; i++)
        fprintf(f, "%s{\"reg\":%u,\"value\":%u}", i ? "," : "", r->ur[i].reg, r->ur[i].value);
    fprintf(f, "],\"upred\":{\"mask\":%u,\"values\":%u}", r->upred_mask, r->upred_value);
    if (r->mem_count) {
        fprintf(f, ",\"mem\":{\"mask\":%u,\"bytes\":%u,\"stores\":[", r->mem.lane_mask, r->mem.bytes);
        bool first = true;
        for (unsigned l = 0; l < WIRE_LANES; l++) {
            if (!((r->mem.lane_mask >> l) & 1u))
                continue;
            fprintf(f, "%s{\"lane\":%u,\"addr\":%" PRIu64 ",\"data\":[", first ? "" : ",", l,
                    r->mem.addr[l]);
            for (unsigned k = 0; k < r->mem.bytes / 4u; k++)
                fprintf(f, "%s%u", k ? "," : "", r->mem.data[l][k]);
            fputs("]}", f);
            first = false;
        }
        fputs("]}", f);
    }
    if (r->flags & WIRE_COMMIT_TRAP)
        fprintf(f, ",\"trap\":%u,\"trap_lane\":%u", r->trap_code, r->trap_lane);
    fprintf(f, ",\"flags\":%u}\n", r->flags);
    return ferror(f) ? -1 : 0;
}
