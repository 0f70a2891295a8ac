/* libgpuhost: what no commit record may hold, whatever the model's holds: a
 * register, predicate or uniform out of range (never compared, so a write
 * there would go unseen), or one written twice (the compare would read only
 * the first entry). A target's record is checked before it is compared. */
#include "engine.h"

#define CHECK(cond, ...)                                            \
    if (!(cond)) {                                                  \
        gh__say(r, "  record shape: " __VA_ARGS__);                 \
        bad++;                                                      \
    }

unsigned gh__record_shape(gh_text *r, const wire_commit *t)
{
    unsigned bad = 0;
    CHECK(t->gpr_count <= WIRE_MAX_GPR_WRITES && t->pred_count <= WIRE_MAX_PRED_WRITES &&
              t->ur_count <= WIRE_MAX_UR_WRITES && t->mem_count <= 1,
          "more writes than a record holds (%u GPR, %u predicate, %u uniform, %u store)\n", t->gpr_count,
          t->pred_count, t->ur_count, t->mem_count);
    if (bad)
        return bad; /* the lists below are not to be read */
    uint32_t seen[8] = {0};
    for (unsigned i = 0; i < t->gpr_count; i++) {
        unsigned reg = t->gpr[i].reg;
        CHECK(reg < 255, "a write of R%u (RZ: not a register)\n", reg);
        CHECK(!(seen[reg / 32] >> reg % 32 & 1u), "R%u written twice\n", reg);
        seen[reg / 32] |= 1u << reg % 32;
    }
    uint32_t preds = 0;
    for (unsigned i = 0; i < t->pred_count; i++) {
        unsigned p = t->pred[i].pred;
        CHECK(p < 7, "a write of P%u (PT: not a predicate)\n", p);
        CHECK(p >= 7 || !(preds >> p & 1u), "P%u written twice\n", p);
        preds |= p < 7 ? 1u << p : 0;
    }
    uint64_t urs = 0;
    for (unsigned i = 0; i < t->ur_count; i++) {
        unsigned u = t->ur[i].reg;
        CHECK(u < 63, "a write of UR%u (URZ: not a register)\n", u);
        CHECK(u >= 63 || !(urs >> u & 1u), "UR%u written twice\n", u);
        urs |= u < 63 ? 1ull << u : 0;
    }
    CHECK(!(t->upred_mask & 0x80u), "a write of UP7 (UPT: not a predicate)\n");
    CHECK(!t->mem_count || t->mem.bytes == 4 || t->mem.bytes == 8 || t->mem.bytes == 16,
          "a store of %u bytes a lane (4, 8 or 16)\n", t->mem.bytes);
    return bad;
}
