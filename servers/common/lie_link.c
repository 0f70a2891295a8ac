/* servers/common, tests only: a link that lies (lie_link.h). Each lie rewrites
 * one kind of frame the core sends: it decodes the frame with the wire
 * codecs, falsifies one field and encodes it again with a valid CRC (unless
 * the lie is the CRC), so the host sees a well-formed frame that says
 * something untrue. A lie is told once unless said otherwise. */
#include <stdio.h>
#include <string.h>

#include "gm/fp_layout.h"
#include "isa/isa.h"
#include "lie_link.h"

/* Where a lie is told. */
enum lie_frame { AT_RECORD, AT_BATCH, AT_RUN_END, AT_CAPS, AT_VARIANTS, AT_STATE, AT_DIGESTS, AT_MEM, AT_PAGES, AT_OK };

#define LIES(X)                                                                                          \
    /* a commit record's fields (the first record that has the field) */                                \
    X(rec_seq_gap, "rec-seq-gap", AT_RECORD, "a record's sequence number skips one")                   \
    X(rec_seq_replay, "rec-seq-replay", AT_RECORD, "a record repeats the sequence number before it")   \
    X(rec_reorder, "rec-reorder", AT_RECORD, "two records of a batch swap places")                     \
    X(rec_warp, "rec-warp", AT_RECORD, "a record names the next warp (one that is not running)")       \
    X(rec_pc, "rec-pc", AT_RECORD, "a record's PC is 16 bytes on")                                     \
    X(rec_insn, "rec-insn", AT_RECORD, "a record's instruction word has a bit flipped")                \
    X(rec_active, "rec-active", AT_RECORD, "a record's active mask loses or gains lane 31")            \
    X(rec_exec, "rec-exec", AT_RECORD, "a record's executed mask loses or gains lane 31")              \
    X(rec_exit_mask, "rec-exit-mask", AT_RECORD, "an EXIT's record names one lane more or fewer")      \
    X(rec_flag_exited, "rec-flag-exited", AT_RECORD, "the first record says lanes exited")             \
    X(rec_flag_done, "rec-flag-done", AT_RECORD, "the first record says the warp is done")             \
    X(rec_flag_trap, "rec-flag-trap", AT_RECORD, "the first record says it trapped (code 1)")          \
    X(rec_trap_code, "rec-trap-code", AT_RECORD, "a record that did not trap carries a trap code")     \
    X(rec_trap_lane, "rec-trap-lane", AT_RECORD, "a record that did not trap names a trapping lane")   \
    X(rec_lane_unreported, "rec-lane-unreported", AT_RECORD,                                           \
      "a record that did not trap says its trapping lane was not reported")                             \
    X(rec_branch_mask, "rec-branch-mask", AT_RECORD, "a taken branch's lanes lose one")                \
    X(rec_branch_target, "rec-branch-target", AT_RECORD, "a taken branch's target is 16 bytes on")     \
    X(rec_branch_invented, "rec-branch-invented", AT_RECORD, "the first record claims a taken branch") \
    X(rec_gpr_value, "rec-gpr-value", AT_RECORD, "a register write's value has a bit flipped")          \
    X(rec_gpr_reg, "rec-gpr-reg", AT_RECORD, "a register write names the next register")               \
    X(rec_gpr_mask, "rec-gpr-mask", AT_RECORD, "a register write loses its lowest lane")               \
    X(rec_gpr_drop, "rec-gpr-drop", AT_RECORD, "a register write is left out")                         \
    X(rec_gpr_dup, "rec-gpr-dup", AT_RECORD, "a register write appears twice, the second other")       \
    X(rec_gpr_r255, "rec-gpr-r255", AT_RECORD, "a record writes R255, which does not exist")           \
    X(rec_gpr_extra, "rec-gpr-extra", AT_RECORD, "a record writes R200 as well")                       \
    X(rec_pred_value, "rec-pred-value", AT_RECORD, "a predicate write's lowest lane flips")            \
    X(rec_pred_index, "rec-pred-index", AT_RECORD, "a predicate write names the next predicate")       \
    X(rec_pred_p7, "rec-pred-p7", AT_RECORD, "a predicate write names P7 (PT, never written)")         \
    X(rec_pred_drop, "rec-pred-drop", AT_RECORD, "a predicate write is left out")                      \
    X(rec_ur_value, "rec-ur-value", AT_RECORD, "a uniform register write's value has a bit flipped")   \
    X(rec_ur_index, "rec-ur-index", AT_RECORD, "a uniform register write names the next register")     \
    X(rec_ur_63, "rec-ur-63", AT_RECORD, "a uniform register write names UR63 (URZ)")                  \
    X(rec_ur_drop, "rec-ur-drop", AT_RECORD, "a uniform register write is left out")                   \
    X(rec_upred_value, "rec-upred-value", AT_RECORD, "a uniform predicate write's values flip")        \
    X(rec_upred_7, "rec-upred-7", AT_RECORD, "a uniform predicate write names UP7 (UPT) too")          \
    X(rec_mem_addr, "rec-mem-addr", AT_RECORD, "a store's lowest lane's address is 4 bytes on")        \
    X(rec_mem_data, "rec-mem-data", AT_RECORD, "a store's lowest lane's data has a bit flipped")       \
    X(rec_mem_size, "rec-mem-size", AT_RECORD, "a store says it stored 3 bytes per lane")              \
    X(rec_mem_mask, "rec-mem-mask", AT_RECORD, "a store loses its lowest lane")                        \
    X(rec_mem_drop, "rec-mem-drop", AT_RECORD, "a store is left out of its record")                    \
    X(rec_mem_invented, "rec-mem-invented", AT_RECORD, "the first record claims a store")              \
    /* a COMMITS frame as a whole */                                                                    \
    X(batch_replay, "batch-replay", AT_BATCH, "the first batch is sent twice")                         \
    X(batch_index, "batch-index", AT_BATCH, "the first batch's index skips one")                       \
    X(batch_count, "batch-count", AT_BATCH, "the first batch says it holds one record more")           \
    X(batch_silence, "silence", AT_BATCH, "after the first batch the target says nothing more")        \
    X(batch_early_end, "early-end", AT_BATCH, "RUN_END DONE in place of the first batch")              \
    X(batch_error_watchdog, "error-watchdog", AT_BATCH,                                                \
      "an ERROR WATCHDOG in place of the first batch (a hang not in a RUN_END)")                        \
    /* RUN_END */                                                                                       \
    X(end_count, "end-count", AT_RUN_END, "RUN_END counts one instruction more")                       \
    X(end_batches, "end-batches", AT_RUN_END, "RUN_END counts one batch more")                         \
    X(end_trap, "end-trap", AT_RUN_END, "RUN_END says TRAP where the run ended DONE")                  \
    X(end_limit, "end-limit", AT_RUN_END, "RUN_END says LIMIT where the run ended DONE")               \
    /* CAPS */                                                                                          \
    X(caps_version, "caps-version", AT_CAPS, "CAPS carries protocol version 1")                        \
    X(caps_lanes, "caps-lanes", AT_CAPS, "CAPS says 16 lanes")                                         \
    X(caps_warps, "caps-warps", AT_CAPS, "CAPS says 0 warps")                                          \
    X(caps_payload, "caps-payload", AT_CAPS, "CAPS says requests of 64 bytes at most")                 \
    X(caps_name, "caps-name", AT_CAPS, "CAPS names another target")                                    \
    X(caps_optypes, "caps-optypes", AT_CAPS, "CAPS says no optype is implemented")                     \
    X(caps_tolerance, "caps-tolerance", AT_CAPS, "CAPS declares 255 ulp for every MUFU")               \
    X(variants_foreign, "variants-foreign", AT_VARIANTS, "VARIANT_MAP is made for one variant more")   \
    X(variants_past, "variants-past", AT_VARIANTS, "VARIANT_MAP lacks a variant past the ISA's")       \
    X(variants_type, "variants-type", AT_VARIANTS, "VARIANT_MAP lacks every IADD variant (CAPS: IADD)") \
    X(variants_modifier, "variants-modifier", AT_VARIANTS, "VARIANT_MAP lacks a modifier value the ISA has not") \
    /* STATE (the first reply) */                                                                       \
    X(state_warp, "state-warp", AT_STATE, "STATE names the next warp")                                 \
    X(state_gpr, "state-gpr", AT_STATE, "STATE's R1 of lane 0 has a bit flipped")                      \
    X(state_pc, "state-pc", AT_STATE, "STATE's PC of lane 0 is 16 bytes on")                           \
    X(state_exited, "state-exited", AT_STATE, "STATE's exited mask flips lane 0")                      \
    X(state_waiting, "state-waiting", AT_STATE, "STATE's waiting mask flips lane 0")                   \
    X(state_pred, "state-pred", AT_STATE, "STATE's P0 flips lane 0")                                   \
    X(state_ur, "state-ur", AT_STATE, "STATE's UR0 has a bit flipped")                                 \
    X(state_upred, "state-upred", AT_STATE, "STATE's UP0 flips")                                       \
    X(state_short, "state-short", AT_STATE, "STATE is 4 bytes short")                                  \
    /* DIGESTS, MEM, PAGES */                                                                           \
    X(digest_value, "digest-value", AT_DIGESTS, "a page's digest has a bit flipped (its bytes do not)") \
    X(digest_address, "digest-address", AT_DIGESTS, "DIGESTS names the page after the one asked")     \
    X(digest_count, "digest-count", AT_DIGESTS, "DIGESTS counts one page more than it carries")        \
    X(memory_consistent, "memory-consistent", AT_DIGESTS,                                              \
      "every page's first byte flipped, in digests and bytes alike (every time)")                      \
    X(mem_address, "mem-address", AT_DIGESTS, "a digest differs; then MEM names another address")      \
    X(mem_length, "mem-length", AT_DIGESTS, "a digest differs; then MEM is 4 bytes short")             \
    X(mem_bytes, "mem-bytes", AT_MEM, "every MEM's first byte flipped, the digests true")              \
    X(digest_unkeyed, "digest-unkeyed", AT_DIGESTS, "DIGESTS without the request's nonce (a remembered answer)") \
    X(pages_unaligned, "pages-unaligned", AT_PAGES, "PAGES lists an address inside a page")            \
    X(pages_repeated, "pages-repeated", AT_PAGES, "PAGES lists a page twice")                          \
    X(pages_from, "pages-from", AT_PAGES, "PAGES echoes another starting address")                     \
    X(pages_count, "pages-count", AT_PAGES, "PAGES counts one page more than it carries")              \
    X(pages_omit, "pages-omit", AT_PAGES, "PAGES leaves out the first page the DUT holds")             \
    /* any OK */                                                                                        \
    X(frame_seq, "frame-seq", AT_OK, "an OK carries the next request's sequence number")               \
    X(frame_crc, "frame-crc", AT_OK, "an OK's CRC has a bit flipped")                                  \
    X(frame_type, "frame-type", AT_OK, "an OK comes as a RUN_END")                                     \
    X(frame_error_dut, "error-dut", AT_OK, "an ERROR DUT (a broken port contract) in place of an OK")

enum {
#define LIE_ENUM(id, name, at, what) LIE_##id,
    LIES(LIE_ENUM)
#undef LIE_ENUM
    LIE_COUNT
};

static const struct {
    const char *name, *what;
    int at;
} lies[LIE_COUNT] = {
#define LIE_ROW(id, name, at, what) {name, what, at},
    LIES(LIE_ROW)
#undef LIE_ROW
};

int fw_lie_parse(fw_lie_link *l, const char *name)
{
    for (int i = 0; i < LIE_COUNT; i++)
        if (strcmp(lies[i].name, name) == 0) {
            l->lie = i;
            return 0;
        }
    return -1;
}

void fw_lie_list(FILE *file)
{
    for (int i = 0; i < LIE_COUNT; i++)
        fprintf(file, "  %-20s %s\n", lies[i].name, lies[i].what);
}

static uint8_t body[WIRE_MAX_PAYLOAD], out[WIRE_HEADER_SIZE + WIRE_MAX_PAYLOAD];
#define MAX_BATCH 1024u
static wire_commit recs[MAX_BATCH];

static int pass(fw_lie_link *l, const uint8_t *buf, size_t len)
{
    return l->inner->send(l->inner_ctx, buf, len);
}

static int send_as(fw_lie_link *l, uint16_t type, uint32_t seq, const uint8_t *payload, size_t len)
{
    size_t n = wire_frame_encode(out, sizeof out, type, seq, payload, (uint32_t)len);
    return n ? pass(l, out, n) : -1;
}

/* An ERROR frame as the core sends it: u32 code, u16 length, text. */
static int send_error(fw_lie_link *l, uint32_t code, uint32_t seq, const char *text)
{
    uint8_t err[128];
    wire_writer w = {.p = err, .cap = sizeof err};
    size_t n = strlen(text);
    wire_put32(&w, code);
    wire_put16(&w, (uint16_t)n);
    wire_put_bytes(&w, text, n);
    return send_as(l, WIRE_ERROR, seq, err, w.len);
}

static uint32_t lowest(uint32_t mask)
{
    return mask & (~mask + 1u);
}

static unsigned lane_of(uint32_t mask)
{
    return mask ? (unsigned)__builtin_ctz(mask) : 0;
}

/* Falsifies rec as the lie says; false when rec lacks what the lie needs. */
static bool lie_to_record(int lie, wire_commit *r)
{
    switch (lie) {
    case LIE_rec_seq_gap: r->seq++; return true;
    case LIE_rec_warp: r->warp++; return true;
    case LIE_rec_pc: r->pc += 16; return true;
    case LIE_rec_insn: r->insn_lo ^= 1; return true;
    case LIE_rec_active: r->active_mask ^= 1u << 31; return true;
    case LIE_rec_exec: r->exec_mask ^= 1u << 31; return true;
    case LIE_rec_exit_mask:
        if (!(r->flags & WIRE_COMMIT_EXITED))
            return false;
        r->exit_mask ^= lowest(r->exit_mask) ? lowest(r->exit_mask) : 1u;
        return true;
    case LIE_rec_flag_exited: r->flags |= WIRE_COMMIT_EXITED; return true;
    case LIE_rec_flag_done: r->flags |= WIRE_COMMIT_WARP_DONE; return true;
    case LIE_rec_flag_trap: r->flags |= WIRE_COMMIT_TRAP, r->trap_code = 1; return true;
    case LIE_rec_trap_code: r->trap_code = 1; return true;
    case LIE_rec_trap_lane: r->trap_lane = 5; return true;
    case LIE_rec_lane_unreported: r->flags |= WIRE_COMMIT_LANE_UNREPORTED; return true;
    case LIE_rec_branch_mask:
        if (!r->branch_mask)
            return false;
        r->branch_mask ^= lowest(r->branch_mask);
        return true;
    case LIE_rec_branch_target:
        if (!r->branch_mask)
            return false;
        r->branch_target += 16;
        return true;
    case LIE_rec_branch_invented:
        if (r->branch_mask)
            return false;
        r->branch_mask = r->exec_mask, r->branch_target = r->pc + 32;
        return true;
    case LIE_rec_mem_invented:
        if (r->mem_count || !r->exec_mask)
            return false;
        r->mem_count = 1, r->mem.bytes = 4, r->mem.lane_mask = lowest(r->exec_mask);
        r->mem.addr[lane_of(r->exec_mask)] = 0x1000;
        r->mem.data[lane_of(r->exec_mask)][0] = 0;
        return true;
    }
    if (lie >= LIE_rec_gpr_value && lie <= LIE_rec_gpr_extra) {
        if (!r->gpr_count || (lie >= LIE_rec_gpr_dup && r->gpr_count == WIRE_MAX_GPR_WRITES))
            return false;
        wire_gpr_write *g = &r->gpr[0], *extra = &r->gpr[r->gpr_count];
        switch (lie) {
        case LIE_rec_gpr_value: g->value[lane_of(g->lane_mask)] ^= 1; break;
        case LIE_rec_gpr_reg: g->reg = (uint8_t)((g->reg + 1) % 255); break;
        case LIE_rec_gpr_mask: g->lane_mask ^= lowest(g->lane_mask); break;
        case LIE_rec_gpr_drop: r->gpr_count--; break;
        case LIE_rec_gpr_dup: *extra = *g, extra->value[lane_of(g->lane_mask)] ^= 1, r->gpr_count++; break;
        case LIE_rec_gpr_r255: *extra = *g, extra->reg = 255, r->gpr_count++; break;
        case LIE_rec_gpr_extra: *extra = *g, extra->reg = 200, r->gpr_count++; break;
        }
        return true;
    }
    if (lie >= LIE_rec_pred_value && lie <= LIE_rec_pred_drop) {
        if (!r->pred_count)
            return false;
        wire_pred_write *p = &r->pred[0];
        switch (lie) {
        case LIE_rec_pred_value: p->value ^= lowest(p->lane_mask); break;
        case LIE_rec_pred_index: p->pred = (uint8_t)((p->pred + 1) % 7); break;
        case LIE_rec_pred_p7: p->pred = 7; break;
        case LIE_rec_pred_drop: r->pred_count--; break;
        }
        return true;
    }
    if (lie >= LIE_rec_ur_value && lie <= LIE_rec_ur_drop) {
        if (!r->ur_count)
            return false;
        wire_ur_write *u = &r->ur[0];
        switch (lie) {
        case LIE_rec_ur_value: u->value ^= 1; break;
        case LIE_rec_ur_index: u->reg = (uint8_t)((u->reg + 1) % 63); break;
        case LIE_rec_ur_63: u->reg = 63; break;
        case LIE_rec_ur_drop: r->ur_count--; break;
        }
        return true;
    }
    if (lie == LIE_rec_upred_value || lie == LIE_rec_upred_7) {
        if (!r->upred_mask)
            return false;
        if (lie == LIE_rec_upred_value)
            r->upred_value ^= r->upred_mask;
        else
            r->upred_mask |= 0x80;
        return true;
    }
    if (lie >= LIE_rec_mem_addr && lie <= LIE_rec_mem_drop) {
        if (!r->mem_count || !r->mem.lane_mask)
            return false;
        wire_mem_write *m = &r->mem;
        unsigned lane = lane_of(m->lane_mask);
        switch (lie) {
        case LIE_rec_mem_addr: m->addr[lane] += 4; break;
        case LIE_rec_mem_data: m->data[lane][0] ^= 1; break;
        case LIE_rec_mem_size: m->bytes = 3; break;
        case LIE_rec_mem_mask: m->lane_mask ^= lowest(m->lane_mask); break;
        case LIE_rec_mem_drop: r->mem_count = 0; break;
        }
        return true;
    }
    return false;
}

/* A COMMITS frame: u32 batch index, u32 count, records. */
static int lie_commits(fw_lie_link *l, const wire_header *h, const uint8_t *payload, const uint8_t *frame,
                       size_t frame_len)
{
    wire_reader r = {.p = payload, .len = h->length};
    uint32_t index = wire_get32(&r), count = wire_get32(&r);
    if (l->told || r.underflow || count > MAX_BATCH)
        return pass(l, frame, frame_len);
    switch (l->lie) {
    case LIE_batch_replay:
        l->told = true;
        return pass(l, frame, frame_len) != 0 ? -1 : pass(l, frame, frame_len);
    case LIE_batch_silence:
        l->told = l->silent = true;
        return pass(l, frame, frame_len);
    case LIE_batch_early_end: {
        uint8_t end[16];
        wire_writer w = {.p = end, .cap = sizeof end};
        wire_put32(&w, WIRE_END_DONE);
        wire_put64(&w, 0);
        wire_put32(&w, 0);
        l->told = l->silent = true;
        return send_as(l, WIRE_RUN_END, h->seq, end, w.len);
    }
    case LIE_batch_error_watchdog:
        l->told = l->silent = true;
        return send_error(l, WIRE_ERR_WATCHDOG, h->seq, "no retire within 1000000 cycles (watchdog)");
    }
    size_t pos = 8;
    for (uint32_t i = 0; i < count; i++) {
        size_t n = wire_commit_decode(payload + pos, h->length - pos, &recs[i]);
        if (!n)
            return pass(l, frame, frame_len);
        pos += n;
    }
    if (l->lie == LIE_batch_index)
        index++, l->told = true;
    else if (l->lie == LIE_batch_count)
        l->told = true;
    else if (l->lie == LIE_rec_seq_replay || l->lie == LIE_rec_reorder) {
        if (count >= 2) {
            if (l->lie == LIE_rec_seq_replay) {
                recs[1].seq = recs[0].seq;
            } else {
                wire_commit keep = recs[0];
                recs[0] = recs[1], recs[1] = keep;
            }
            l->told = true;
        }
    } else if (lies[l->lie].at == AT_RECORD) {
        for (uint32_t i = 0; i < count && !l->told; i++)
            l->told = lie_to_record(l->lie, &recs[i]);
    }
    wire_writer w = {.p = body, .cap = sizeof body};
    wire_put32(&w, index);
    wire_put32(&w, l->lie == LIE_batch_count ? count + 1 : count);
    for (uint32_t i = 0; i < count; i++) {
        size_t n = wire_commit_encode(&recs[i], body + w.len, sizeof body - w.len);
        if (!n)
            return pass(l, frame, frame_len);
        w.len += n;
    }
    return send_as(l, h->type, h->seq, body, w.len);
}

static int lie_run_end(fw_lie_link *l, const wire_header *h, const uint8_t *payload)
{
    wire_reader r = {.p = payload, .len = h->length};
    uint32_t reason = wire_get32(&r);
    uint64_t count = wire_get64(&r);
    uint32_t batches = wire_get32(&r);
    switch (l->lie) {
    case LIE_end_count: count++; break;
    case LIE_end_batches: batches++; break;
    case LIE_end_trap: reason = reason == WIRE_END_DONE ? WIRE_END_TRAP : reason; break;
    case LIE_end_limit: reason = reason == WIRE_END_DONE ? WIRE_END_LIMIT : reason; break;
    }
    l->told = true;
    wire_writer w = {.p = body, .cap = 16};
    wire_put32(&w, reason);
    wire_put64(&w, count);
    wire_put32(&w, batches);
    return send_as(l, h->type, h->seq, body, w.len);
}

static int lie_caps(fw_lie_link *l, const wire_header *h, const uint8_t *payload)
{
    wire_caps c;
    memset(&c, 0, sizeof c);
    wire_reader r = {.p = payload, .len = h->length};
    if (wire_caps_decode(&r, &c) != 0)
        return -1;
    switch (l->lie) {
    case LIE_caps_version: c.version = 1; break;
    case LIE_caps_lanes: c.lanes = 16; break;
    case LIE_caps_warps: c.max_warps = 0; break;
    case LIE_caps_payload: c.max_payload = 64; break;
    case LIE_caps_name: snprintf(c.name, sizeof c.name, "%s", "some other target"); break;
    case LIE_caps_optypes: memset(c.optypes, 0, sizeof c.optypes); break;
    case LIE_caps_tolerance:
        c.tolerance_count = 1;
        c.tolerance[0] = (wire_tolerance){.optype = (uint8_t)gm_mufu_optype(), .function = WIRE_ANY,
                                          .format = WIRE_ANY, .ulp = 255};
        break;
    }
    wire_writer w = {.p = body, .cap = sizeof body};
    wire_caps_encode(&c, &w);
    return send_as(l, h->type, h->seq, body, w.len);
}

/* VARIANT_MAP: u16 variants, u16 modifier count, u32 contract, the map,
 * count x u32 modifier word. */
static int lie_variants(fw_lie_link *l, const wire_header *h, const uint8_t *payload)
{
    enum { MAP = 8 };
    uint16_t modifiers = h->length >= 4 ? (uint16_t)(payload[2] | payload[3] << 8) : 0;
    if (h->length != MAP + WIRE_VARIANT_MAP_BYTES + 4u * modifiers || h->length + 4 > sizeof body)
        return -1;
    memcpy(body, payload, h->length);
    uint32_t length = h->length;
    uint16_t count = (uint16_t)(body[0] | body[1] << 8);
    uint16_t variants = count ? count : (uint16_t)isa_tables_get()->variant_count;
    const isa_tables *tab = isa_tables_get();
    if (l->lie == LIE_variants_foreign)
        variants++;
    else if (l->lie == LIE_variants_type) /* the type stays in CAPS' optypes: a map that contradicts itself */
        for (uint32_t v = 0; v < tab->variant_count && v < 8u * WIRE_VARIANT_MAP_BYTES; v++) {
            if (strcmp(tab->variants[v].optype, "IADD") == 0)
                body[MAP + v / 8] |= (uint8_t)(1u << (v % 8));
        }
    else if (l->lie == LIE_variants_modifier) { /* variant 0's field 63, value 0x7fff: no modifier value */
        static const uint8_t word[4] = {0x00, 0x3f, 0xff, 0xff};
        memcpy(body + length, word, sizeof word);
        length += 4, modifiers++;
        body[2] = (uint8_t)modifiers, body[3] = (uint8_t)(modifiers >> 8);
    } else
        body[MAP + WIRE_VARIANT_MAP_BYTES - 1] |= 0x80; /* the map's last bit: past an ISA of fewer than 256 */
    body[0] = (uint8_t)variants, body[1] = (uint8_t)(variants >> 8);
    l->told = true;
    return send_as(l, h->type, h->seq, body, length);
}

static int lie_state(fw_lie_link *l, const wire_header *h, const uint8_t *payload)
{
    static wire_state s;
    wire_reader r = {.p = payload, .len = h->length};
    if (wire_state_decode(&r, &s) != 0)
        return -1;
    switch (l->lie) {
    case LIE_state_warp: s.warp++; break;
    case LIE_state_gpr: s.gpr[1][0] ^= 1; break;
    case LIE_state_pc: s.pc[0] += 16; break;
    case LIE_state_exited: s.exited ^= 1; break;
    case LIE_state_waiting: s.waiting ^= 1; break;
    case LIE_state_pred: s.pred[0] ^= 1; break;
    case LIE_state_ur: s.ur[0] ^= 1; break;
    case LIE_state_upred: s.upred ^= 1; break;
    }
    l->told = true;
    wire_writer w = {.p = body, .cap = sizeof body};
    wire_state_encode(&s, &w);
    return send_as(l, h->type, h->seq, body, l->lie == LIE_state_short ? w.len - 4 : w.len);
}

/* The CRC-32 of a page of the DUT's memory with its first byte flipped. */
/* A page's CRC-32 from seed, its first byte flipped or not. */
static uint32_t page_crc(fw_lie_link *l, uint64_t addr, uint32_t seed, bool flip)
{
    static uint8_t page[WIRE_PAGE_SIZE];
    if (l->dut->read_mem(l->dut_ctx, addr, page, sizeof page) != 0)
        return 0;
    page[0] ^= flip;
    return wire_crc32(seed, page, sizeof page);
}

static uint32_t flipped_page_crc(fw_lie_link *l, uint64_t addr)
{
    return page_crc(l, addr, wire_digest_seed(l->digest_nonce), true);
}

/* DIGESTS: u64 address, u32 pages, pages x u32. */
static int lie_digests(fw_lie_link *l, const wire_header *h, const uint8_t *payload)
{
    wire_reader r = {.p = payload, .len = h->length};
    uint64_t addr = wire_get64(&r);
    uint32_t pages = wire_get32(&r);
    wire_writer w = {.p = body, .cap = sizeof body};
    wire_put64(&w, l->lie == LIE_digest_address ? addr + WIRE_PAGE_SIZE : addr);
    wire_put32(&w, l->lie == LIE_digest_count ? pages + 1 : pages);
    for (uint32_t i = 0; i < pages; i++) {
        uint32_t crc = wire_get32(&r);
        if (l->lie == LIE_memory_consistent)
            crc = flipped_page_crc(l, addr + (uint64_t)i * WIRE_PAGE_SIZE);
        else if (l->lie == LIE_digest_unkeyed)
            crc = page_crc(l, addr + (uint64_t)i * WIRE_PAGE_SIZE, 0, false);
        else if (i == 0 && l->lie != LIE_digest_address && l->lie != LIE_digest_count)
            crc ^= 1;
        wire_put32(&w, crc);
    }
    l->told = l->lie == LIE_digest_value || l->lie == LIE_digest_address || l->lie == LIE_digest_count ||
              l->lie == LIE_digest_unkeyed;
    return send_as(l, h->type, h->seq, body, w.len);
}

/* MEM: u64 address, u32 bytes, bytes. */
static int lie_mem(fw_lie_link *l, const wire_header *h, const uint8_t *payload)
{
    wire_reader r = {.p = payload, .len = h->length};
    uint64_t addr = wire_get64(&r);
    uint32_t bytes = wire_get32(&r);
    if (r.underflow || h->length != 12 + (uint64_t)bytes)
        return -1;
    memcpy(body, payload, h->length);
    size_t len = h->length;
    if (l->lie == LIE_mem_bytes && bytes) {
        body[12] ^= 1; /* what READ_MEM alone shows */
    } else if (l->lie == LIE_memory_consistent) {
        for (uint64_t at = (addr + WIRE_PAGE_SIZE - 1) & ~(uint64_t)(WIRE_PAGE_SIZE - 1); at < addr + bytes;
             at += WIRE_PAGE_SIZE)
            body[12 + (at - addr)] ^= 1;
    } else if (l->lie == LIE_mem_address) {
        wire_writer w = {.p = body, .cap = 8};
        wire_put64(&w, addr + 4);
    } else if (l->lie == LIE_mem_length) {
        len -= 4;
    }
    l->told = l->lie != LIE_memory_consistent && l->lie != LIE_mem_bytes;
    return send_as(l, h->type, h->seq, body, len);
}

/* PAGES: u64 from, u32 count, count x u64. */
static int lie_pages(fw_lie_link *l, const wire_header *h, const uint8_t *payload, const uint8_t *frame,
                     size_t frame_len)
{
    wire_reader r = {.p = payload, .len = h->length};
    uint64_t from = wire_get64(&r);
    uint32_t count = wire_get32(&r);
    if (!count && l->lie != LIE_pages_from && l->lie != LIE_pages_count)
        return pass(l, frame, frame_len); /* nothing to lie about yet */
    wire_writer w = {.p = body, .cap = sizeof body};
    wire_put64(&w, l->lie == LIE_pages_from ? from + WIRE_PAGE_SIZE : from);
    wire_put32(&w, l->lie == LIE_pages_repeated || l->lie == LIE_pages_count ? count + 1
                   : l->lie == LIE_pages_omit                                    ? count - 1
                                                                                 : count);
    uint64_t page = 0;
    for (uint32_t i = 0; i < count; i++) {
        page = wire_get64(&r);
        if (i == 0 && l->lie == LIE_pages_omit)
            continue;
        wire_put64(&w, i == 0 && l->lie == LIE_pages_unaligned ? page + 4 : page);
    }
    if (l->lie == LIE_pages_repeated)
        wire_put64(&w, page);
    l->told = true;
    return send_as(l, h->type, h->seq, body, w.len);
}

static int lie_ok(fw_lie_link *l, const wire_header *h, const uint8_t *frame, size_t frame_len)
{
    l->told = true;
    if (l->lie == LIE_frame_type)
        return send_as(l, WIRE_RUN_END, h->seq, NULL, 0);
    if (l->lie == LIE_frame_seq)
        return send_as(l, h->type, h->seq + 1, NULL, 0);
    if (l->lie == LIE_frame_error_dut)
        return send_error(l, WIRE_ERR_DUT, h->seq, "the DUT broke the port contract");
    memcpy(out, frame, frame_len);
    out[16] ^= 1; /* the CRC field */
    return pass(l, out, frame_len);
}

static int lie_send(void *ctx, const uint8_t *buf, size_t len)
{
    fw_lie_link *l = ctx;
    if (l->silent)
        return 0;
    wire_header h;
    const uint8_t *payload;
    if (l->told || wire_frame_decode(buf, len, &h, &payload) != 0)
        return pass(l, buf, len);
    int at = lies[l->lie].at;
    switch (h.type) {
    case WIRE_COMMITS:
        if (at == AT_RECORD || at == AT_BATCH)
            return lie_commits(l, &h, payload, buf, len);
        break;
    case WIRE_RUN_END:
        if (at == AT_RUN_END)
            return lie_run_end(l, &h, payload);
        break;
    case WIRE_CAPS:
        if (at == AT_CAPS)
            return lie_caps(l, &h, payload);
        break;
    case WIRE_VARIANT_MAP:
        if (at == AT_VARIANTS)
            return lie_variants(l, &h, payload);
        break;
    case WIRE_STATE:
        if (at == AT_STATE)
            return lie_state(l, &h, payload);
        break;
    case WIRE_DIGESTS:
        if (at == AT_DIGESTS)
            return lie_digests(l, &h, payload);
        break;
    case WIRE_MEM:
        if (l->lie == LIE_memory_consistent || l->lie == LIE_mem_address || l->lie == LIE_mem_length ||
            l->lie == LIE_mem_bytes)
            return lie_mem(l, &h, payload);
        break;
    case WIRE_PAGES:
        if (at == AT_PAGES)
            return lie_pages(l, &h, payload, buf, len);
        break;
    case WIRE_OK:
        /* not the first OKs of a load: the lie comes once the run is under way */
        if (at == AT_OK && ++l->held > 3)
            return lie_ok(l, &h, buf, len);
        break;
    }
    return pass(l, buf, len);
}

static int lie_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len, uint32_t timeout_ms)
{
    fw_lie_link *l = ctx;
    int rc = l->inner->recv(l->inner_ctx, buf, cap, len, timeout_ms);
    wire_header h;
    const uint8_t *payload;
    if (rc == 0 && wire_frame_decode(buf, *len, &h, &payload) == 0 && h.type == WIRE_MEM_DIGEST && h.length == 16) {
        wire_reader r = {.p = payload + 12, .len = 4};
        l->digest_nonce = wire_get32(&r);
    }
    return rc;
}

const fw_link_ops fw_lie_link_ops = {.recv = lie_recv, .send = lie_send};
