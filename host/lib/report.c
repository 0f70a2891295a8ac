/* libgpuhost: JSON state dumps and JSON-lines traces (plain unsigned integers). */
#include <inttypes.h>

#include "report.h"

int gh_write_state_json(FILE *f, const gm_model *m)
{
    fputs("{\"warps\":[", f);
    for (uint32_t w = 0; w < gm_warp_count(m); w++) {
        uint32_t exited = gm_exited_mask(m, w);
        fprintf(f, "%s{\"warp\":%u,\"pc\":%" PRIu64 ",\"exited\":%s,\"active\":%u,\"gpr\":[",
                w ? "," : "", w, gm_warp_pc(m, w), exited == 0xffffffffu ? "true" : "false",
                ~exited);
        for (uint32_t r = 0; r < GM_GPRS; r++) {
            fputs(r ? ",[" : "[", f);
            for (uint32_t l = 0; l < GM_LANES; l++)
                fprintf(f, "%s%u", l ? "," : "", gm_gpr(m, w, r, l));
            fputc(']', f);
        }
        fputs("],\"pred\":[", f);
        for (uint32_t p = 0; p < GM_PREDS; p++)
            fprintf(f, "%s%u", p ? "," : "", gm_pred_mask(m, w, p));
        fputs("],\"ur\":[", f);
        for (uint32_t r = 0; r < GM_URS; r++)
            fprintf(f, "%s%u", r ? "," : "", gm_ur(m, w, r));
        fprintf(f, "],\"upred\":%u}", gm_upred_mask(m, w));
    }
    fputs("]}\n", f);
    return ferror(f) ? -1 : 0;
}

int gh_write_commit_json(FILE *f, const wire_commit *r)
{
    fprintf(f,
            "{\"seq\":%" PRIu64 ",\"warp\":%u,\"pc\":%" PRIu64 ",\"insn\":\"0x%016" PRIx64 "%016" PRIx64
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
        fprintf(f, ",\"trap\":%u", r->trap_code);
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
}
