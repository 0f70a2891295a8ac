/* wire: commit records on the wire carry only what was written. */
#include <stddef.h>
#include <string.h>

#include "wire/protocol.h"

/* The encoder packs into word-aligned scratch with whole-word stores and
 * hands each run to wire_copy once: records land at any byte alignment, and
 * per-byte puts cost the board's soft core ~1,500 instructions a record. */
#define FIXED_BYTES 74u /* seq .. mem_count */

static uint32_t le(uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap32(v);
#else
    return v;
#endif
}

static unsigned lanes(uint32_t mask) /* no popcount instruction on the board's core */
{
    if (mask == 0xffffffffu)
        return WIRE_LANES;
    mask -= (mask >> 1) & 0x55555555u;
    mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
    return (((mask + (mask >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

__attribute__((noinline)) static void put_some_lanes(uint8_t *out, uint32_t mask, const uint32_t *values)
{
    uint32_t packed[WIRE_LANES];
    unsigned n = 0;
    for (unsigned l = 0; l < WIRE_LANES && mask >> l; l++)
        if ((mask >> l) & 1u)
            packed[n++] = le(values[l]);
    wire_copy(out, packed, 4u * n);
}

/* The values of mask's lanes, packed, little-endian, to out. */
static void put_lanes(uint8_t *out, uint32_t mask, const uint32_t *values)
{
    if (mask == 0xffffffffu && le(1) == 1)
        wire_copy(out, values, 4u * WIRE_LANES); /* all lanes: the values as they are */
    else
        put_some_lanes(out, mask, values);
}

static size_t encoded_size(const wire_commit *c)
{
    size_t n = FIXED_BYTES + 9u * c->pred_count + 5u * c->ur_count;
    for (unsigned i = 0; i < c->gpr_count; i++)
        n += 5u + 4u * lanes(c->gpr[i].lane_mask);
    if (c->mem_count)
        n += 5u + (8u + c->mem.bytes / 4u * 4u) * lanes(c->mem.lane_mask);
    return n;
}

/* The struct holds the fixed part from pc to mem_count in the wire's order
 * (commit_record.h), and a GPR write its mask before its values: true on a
 * little-endian host whose ABI aligns uint64_t to 8 (x86-64, rv32 ilp32). */
#define SAME_LAYOUT                                                                                          \
    (le(1) == 1 && offsetof(wire_commit, insn_lo) == offsetof(wire_commit, pc) + 8 &&                       \
     offsetof(wire_commit, insn_hi) == offsetof(wire_commit, pc) + 16 &&                                    \
     offsetof(wire_commit, active_mask) == offsetof(wire_commit, pc) + 24 &&                                \
     offsetof(wire_commit, exec_mask) == offsetof(wire_commit, pc) + 28 &&                                  \
     offsetof(wire_commit, exit_mask) == offsetof(wire_commit, pc) + 32 &&                                  \
     offsetof(wire_commit, trap_code) == offsetof(wire_commit, pc) + 36 &&                                  \
     offsetof(wire_commit, trap_lane) == offsetof(wire_commit, pc) + 40 &&                                  \
     offsetof(wire_commit, branch_mask) == offsetof(wire_commit, pc) + 44 &&                                \
     offsetof(wire_commit, branch_target) == offsetof(wire_commit, pc) + 48 &&                              \
     offsetof(wire_commit, gpr_count) == offsetof(wire_commit, pc) + 56 &&                                  \
     offsetof(wire_commit, pred_count) == offsetof(wire_commit, pc) + 57 &&                                 \
     offsetof(wire_commit, ur_count) == offsetof(wire_commit, pc) + 58 &&                                   \
     offsetof(wire_commit, upred_mask) == offsetof(wire_commit, pc) + 59 &&                                 \
     offsetof(wire_commit, upred_value) == offsetof(wire_commit, pc) + 60 &&                                \
     offsetof(wire_commit, mem_count) == offsetof(wire_commit, pc) + 61 &&                                  \
     offsetof(wire_gpr_write, value) == offsetof(wire_gpr_write, lane_mask) + 4)
/* ... and seq, warp and flags in the wire's order before pc's padding: a
 * decoder takes the fixed part in two constant-size copies the compiler
 * inlines (wire_copy, the board's DMA hook, is a call on the host). */
#define SAME_HEAD                                                                                            \
    (SAME_LAYOUT && offsetof(wire_commit, warp) == offsetof(wire_commit, seq) + 8 &&                         \
     offsetof(wire_commit, flags) == offsetof(wire_commit, seq) + 10)

/* In SAME_HEAD: the fixed part's FIXED_BYTES at in. */
static void copy_fixed(const uint8_t *in, wire_commit *c)
{
    memcpy(&c->seq, in, 12);
    memcpy(&c->pc, in + 12, FIXED_BYTES - 12);
}

/* The fixed part in SAME_LAYOUT: seq, warp and flags, then one copy. */
static void put_fixed(const wire_commit *c, uint8_t *out)
{
    put_le32(out, (uint32_t)c->seq);
    put_le32(out + 4, (uint32_t)(c->seq >> 32));
    put_le32(out + 8, c->warp | (uint32_t)c->flags << 16);
    wire_copy(out + 12, &c->pc, FIXED_BYTES - 12);
}

/* The fixed part and, when there is one, the first GPR write's number and
 * mask. Returns the bytes written. */
static size_t put_head(const wire_commit *c, uint8_t *out)
{
    if (SAME_LAYOUT) {
        put_fixed(c, out);
        if (!c->gpr_count)
            return FIXED_BYTES;
        out[FIXED_BYTES] = c->gpr[0].reg;
        put_le32(out + FIXED_BYTES + 1, c->gpr[0].lane_mask);
        return FIXED_BYTES + 5;
    }
    union {
        uint32_t w[20];
        uint8_t b[80];
    } f;
    f.w[0] = le((uint32_t)c->seq), f.w[1] = le((uint32_t)(c->seq >> 32));
    f.w[2] = le(c->warp | (uint32_t)c->flags << 16);
    f.w[3] = le((uint32_t)c->pc), f.w[4] = le((uint32_t)(c->pc >> 32));
    f.w[5] = le((uint32_t)c->insn_lo), f.w[6] = le((uint32_t)(c->insn_lo >> 32));
    f.w[7] = le((uint32_t)c->insn_hi), f.w[8] = le((uint32_t)(c->insn_hi >> 32));
    f.w[9] = le(c->active_mask), f.w[10] = le(c->exec_mask), f.w[11] = le(c->exit_mask);
    f.w[12] = le(c->trap_code), f.w[13] = le(c->trap_lane), f.w[14] = le(c->branch_mask);
    f.w[15] = le((uint32_t)c->branch_target), f.w[16] = le((uint32_t)(c->branch_target >> 32));
    f.w[17] = le(c->gpr_count | (uint32_t)c->pred_count << 8 | (uint32_t)c->ur_count << 16 |
                 (uint32_t)c->upred_mask << 24);
    f.b[72] = c->upred_value, f.b[73] = c->mem_count;
    size_t n = FIXED_BYTES;
    if (c->gpr_count) {
        f.b[74] = c->gpr[0].reg;
        put_le32(&f.b[75], c->gpr[0].lane_mask);
        n += 5;
    }
    wire_copy(out, f.b, n);
    return n;
}

/* Everything after the first GPR write's mask, from out + n: kept out of
 * line so the common record's path stays small (a soft core runs it once
 * per warp-instruction). */
static size_t put_rest(const wire_commit *c, uint8_t *out, size_t n)
{
    unsigned i;
    for (i = 0; i < c->gpr_count; i++) {
        if (i) {
            out[n] = c->gpr[i].reg;
            put_le32(out + n + 1, c->gpr[i].lane_mask);
            n += 5;
        }
        put_lanes(out + n, c->gpr[i].lane_mask, c->gpr[i].value);
        n += 4u * lanes(c->gpr[i].lane_mask);
    }
    for (i = 0; i < c->pred_count; i++, n += 9) {
        out[n] = c->pred[i].pred;
        put_le32(out + n + 1, c->pred[i].lane_mask);
        put_le32(out + n + 5, c->pred[i].value);
    }
    for (i = 0; i < c->ur_count; i++, n += 5) {
        out[n] = c->ur[i].reg;
        put_le32(out + n + 1, c->ur[i].value);
    }
    if (c->mem_count) {
        put_le32(out + n, c->mem.lane_mask);
        out[n + 4] = c->mem.bytes;
        n += 5;
        uint32_t packed[WIRE_LANES * (2 + WIRE_MAX_MEM_WORDS)];
        unsigned words = c->mem.bytes / 4u, at = 0;
        for (unsigned l = 0; l < WIRE_LANES && c->mem.lane_mask >> l; l++)
            if ((c->mem.lane_mask >> l) & 1u) {
                packed[at++] = le((uint32_t)c->mem.addr[l]), packed[at++] = le((uint32_t)(c->mem.addr[l] >> 32));
                for (unsigned k = 0; k < words; k++)
                    packed[at++] = le(c->mem.data[l][k]);
            }
        wire_copy(out + n, packed, 4u * at);
        n += 4u * at;
    }
    return n;
}

__attribute__((noinline)) static size_t encode_any(const wire_commit *c, uint8_t *out, size_t cap)
{
    if (c->gpr_count > WIRE_MAX_GPR_WRITES || c->pred_count > WIRE_MAX_PRED_WRITES ||
        c->ur_count > WIRE_MAX_UR_WRITES || (c->mem_count && c->mem.bytes / 4u > WIRE_MAX_MEM_WORDS))
        return 0;
    size_t need = encoded_size(c);
    if (need > cap)
        return 0;
    return put_rest(c, out, put_head(c, out));
}

size_t wire_commit_encode(const wire_commit *c, uint8_t *out, size_t cap)
{
    if (c->gpr_count == 1 && !c->pred_count && !c->ur_count && !c->mem_count) { /* an ALU or FP record */
        size_t need = FIXED_BYTES + 5u + 4u * lanes(c->gpr[0].lane_mask);
        if (need > cap)
            return 0;
        if (SAME_LAYOUT && c->gpr[0].lane_mask == 0xffffffffu) { /* the mask and the values: one run */
            put_fixed(c, out);
            out[FIXED_BYTES] = c->gpr[0].reg;
            wire_copy(out + FIXED_BYTES + 1, &c->gpr[0].lane_mask, 4u + 4u * WIRE_LANES);
        } else {
            put_lanes(out + put_head(c, out), c->gpr[0].lane_mask, c->gpr[0].value);
        }
        return need;
    }
    return encode_any(c, out, cap);
}

/* The fixed part as the encoder wrote it: in SAME_HEAD in two copies (the
 * host decodes every record of a run: field by field, byte by byte,
 * decoding took a quarter of its time). */
static void get_fixed(wire_reader *r, wire_commit *c)
{
    if (SAME_HEAD && r->len - r->pos >= FIXED_BYTES) {
        copy_fixed(r->p + r->pos, c);
        r->pos += FIXED_BYTES;
        return;
    }
    c->seq = wire_get64(r); /* another layout, or too few bytes (an underflow) */
    c->warp = wire_get16(r);
    c->flags = wire_get16(r);
    c->pc = wire_get64(r);
    c->insn_lo = wire_get64(r);
    c->insn_hi = wire_get64(r);
    c->active_mask = wire_get32(r);
    c->exec_mask = wire_get32(r);
    c->exit_mask = wire_get32(r);
    c->trap_code = wire_get32(r);
    c->trap_lane = wire_get32(r);
    c->branch_mask = wire_get32(r);
    c->branch_target = wire_get64(r);
    c->gpr_count = wire_get8(r);
    c->pred_count = wire_get8(r);
    c->ur_count = wire_get8(r);
    c->upred_mask = wire_get8(r);
    c->upred_value = wire_get8(r);
    c->mem_count = wire_get8(r);
}

static uint32_t get_le32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The record of an ALU or FP instruction that wrote every lane (most of a
 * run's), in SAME_HEAD, as the encoder's fast path wrote it: three copies.
 * Returns its length, or 0 for any other record (decoded field by field). */
static size_t decode_every_lane_write(const uint8_t *in, size_t len, wire_commit *c)
{
    const size_t need = FIXED_BYTES + 5u + 4u * WIRE_LANES;
    if (!SAME_HEAD || len < need)
        return 0;
    const uint8_t *counts = in + FIXED_BYTES - 6; /* gpr, pred, ur, upred mask and value, mem */
    if (counts[0] != 1 || counts[1] || counts[2] || counts[5] || get_le32(in + FIXED_BYTES + 1) != 0xffffffffu)
        return 0;
    memset(c, 0, offsetof(wire_commit, gpr)); /* (the padding too, as below) */
    copy_fixed(in, c);
    c->gpr[0].reg = in[FIXED_BYTES];
    memcpy(&c->gpr[0].lane_mask, in + FIXED_BYTES + 1, 4u + 4u * WIRE_LANES);
    return need;
}

size_t wire_commit_decode(const uint8_t *in, size_t len, wire_commit *c)
{
    size_t fast = decode_every_lane_write(in, len, c);
    if (fast)
        return fast;
    wire_reader r = {.p = in, .len = len};
    memset(c, 0, offsetof(wire_commit, gpr));
    get_fixed(&r, c);
    if (c->gpr_count > WIRE_MAX_GPR_WRITES || c->pred_count > WIRE_MAX_PRED_WRITES ||
        c->ur_count > WIRE_MAX_UR_WRITES || c->mem_count > 1)
        return 0;
    for (unsigned i = 0; i < c->gpr_count; i++) {
        c->gpr[i].reg = wire_get8(&r);
        c->gpr[i].lane_mask = wire_get32(&r);
        if (c->gpr[i].lane_mask == 0xffffffffu) { /* all lanes: the values as they are */
            wire_get32_words(&r, c->gpr[i].value, WIRE_LANES);
            continue;
        }
        memset(c->gpr[i].value, 0, sizeof c->gpr[i].value);
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((c->gpr[i].lane_mask >> l) & 1u)
                c->gpr[i].value[l] = wire_get32(&r);
    }
    for (unsigned i = 0; i < c->pred_count; i++) {
        c->pred[i].pred = wire_get8(&r);
        c->pred[i].lane_mask = wire_get32(&r);
        c->pred[i].value = wire_get32(&r);
    }
    for (unsigned i = 0; i < c->ur_count; i++) {
        c->ur[i].reg = wire_get8(&r);
        c->ur[i].value = wire_get32(&r);
    }
    if (c->mem_count) {
        memset(&c->mem, 0, sizeof c->mem);
        c->mem.lane_mask = wire_get32(&r);
        c->mem.bytes = wire_get8(&r);
        if (c->mem.bytes != 4 && c->mem.bytes != 8 && c->mem.bytes != 16)
            return 0;
        for (unsigned l = 0; l < WIRE_LANES; l++)
            if ((c->mem.lane_mask >> l) & 1u) {
                c->mem.addr[l] = wire_get64(&r);
                for (unsigned k = 0; k < c->mem.bytes / 4u; k++)
                    c->mem.data[l][k] = wire_get32(&r);
            }
    }
    return r.underflow ? 0 : r.pos;
}

/* One list of register numbers: each below limit, none twice. */
static int numbers_ok(const uint8_t *nums, unsigned n, unsigned limit)
{
    if (n <= 1) /* most records: no set to keep (a soft core checks one per warp-instruction) */
        return n == 0 || nums[0] < limit;
    uint32_t seen[8] = {0}; /* limit <= 255 */
    for (unsigned i = 0; i < n; i++) {
        if (nums[i] >= limit || (seen[nums[i] / 32] >> (nums[i] % 32) & 1u))
            return 0;
        seen[nums[i] / 32] |= 1u << (nums[i] % 32);
    }
    return 1;
}

const char *wire_commit_check(const wire_commit *c)
{
    /* the usual record (a write of each kind at most, no store): a soft core checks one a warp-instruction */
    if (c->gpr_count <= 1 && c->pred_count <= 1 && c->ur_count <= 1 && !c->mem_count && !(c->upred_mask & 0x80u)) {
        if (c->gpr_count && c->gpr[0].reg >= 255)
            return "a GPR write names R255 (RZ) or a register twice";
        if (c->pred_count && c->pred[0].pred >= 7)
            return "a predicate write names P7 (PT) or a predicate twice";
        if (c->ur_count && c->ur[0].reg >= 63)
            return "a uniform register write names UR63 (URZ) or a register twice";
        return 0;
    }
    uint8_t nums[WIRE_MAX_GPR_WRITES];
    if (c->gpr_count > WIRE_MAX_GPR_WRITES || c->pred_count > WIRE_MAX_PRED_WRITES ||
        c->ur_count > WIRE_MAX_UR_WRITES || c->mem_count > 1)
        return "more writes than a record holds";
    for (unsigned i = 0; i < c->gpr_count; i++)
        nums[i] = c->gpr[i].reg;
    if (!numbers_ok(nums, c->gpr_count, 255))
        return "a GPR write names R255 (RZ) or a register twice";
    for (unsigned i = 0; i < c->pred_count; i++)
        nums[i] = c->pred[i].pred;
    if (!numbers_ok(nums, c->pred_count, 7))
        return "a predicate write names P7 (PT) or a predicate twice";
    for (unsigned i = 0; i < c->ur_count; i++)
        nums[i] = c->ur[i].reg;
    if (!numbers_ok(nums, c->ur_count, 63))
        return "a uniform register write names UR63 (URZ) or a register twice";
    if (c->upred_mask & 0x80u)
        return "a uniform predicate write names UP7 (UPT)";
    if (c->mem_count && c->mem.bytes != 4 && c->mem.bytes != 8 && c->mem.bytes != 16)
        return "a store of other than 4, 8 or 16 bytes a lane";
    return 0;
}
