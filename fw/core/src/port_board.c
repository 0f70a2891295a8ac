/* fw: the board side of the DUT port contract (port_board.h). */
#include "fw/port_board.h"

#include <string.h>

#include "fw/caps_words.h"
#include "fw/lane_writes.h"

_Static_assert(ISA_CONST_BANK_BYTES % PAGE_STORE_SIZE == 0, "a page never straddles two constant banks");
_Static_assert(1u << FW_PORT_MEM_BANK_BITS == ISA_CONST_BANKS, "mem_bank names every constant bank, no more");

/* page_copy's lookup over one space of a board's store */
typedef struct {
    const fw_port_board *b;
    void *ctx;
    uint32_t space, bank;
} store_space;

static uint8_t *lookup(void *ctx, uint64_t page_addr, int create)
{
    const store_space *s = ctx;
    return s->b->page(s->ctx, s->space, s->bank, page_addr, create);
}

int fw_port_load_const(const fw_port_board *b, void *ctx, uint32_t bank, uint32_t offset, uint32_t word)
{
    if (!fw_port_mem_ok(FW_MEM_CONST, bank, offset, 0))
        return -1;
    store_space s = {b, ctx, FW_MEM_CONST, bank};
    return page_copy(lookup, &s, offset, &word, 4, 1);
}

int fw_port_load_mem(const fw_port_board *b, void *ctx, uint64_t addr, uint32_t word)
{
    if (addr > ISA_GLOBAL_LIMIT - 4) /* any alignment: the host's words are bytes to it */
        return -1;
    store_space s = {b, ctx, FW_MEM_GLOBAL, 0};
    return page_copy(lookup, &s, addr, &word, 4, 1);
}

int fw_port_read_mem(const fw_port_board *b, void *ctx, uint64_t addr, uint8_t *out, uint32_t len)
{
    if (addr >= ISA_GLOBAL_LIMIT || len > ISA_GLOBAL_LIMIT - addr)
        return -1;
    store_space s = {b, ctx, FW_MEM_GLOBAL, 0};
    return page_copy(lookup, &s, addr, out, len, 0);
}

#define COUNT(a) FW_PORT_COUNT(a)

int fw_port_write_reg(const fw_port_board *b, void *ctx, uint16_t warp, uint8_t kind, uint32_t index, uint32_t mask,
                      const uint32_t *values, uint32_t *exited)
{
    const wire_state *s = NULL; /* only for its arrays' sizes */
    uint32_t v;
    switch (kind) {
    case WIRE_REG_PC_LO:
    case WIRE_REG_PC_HI:
    case WIRE_REG_LANE_STATUS:
        return fw_write_lanes(b->bd_write, ctx, warp, kind, mask, values, exited);
    case WIRE_REG_GPR:
        if (index >= COUNT(s->gpr))
            return -1;
        for (uint32_t l = 0; l < WIRE_LANES; l++)
            if (((mask >> l) & 1u) && b->bd_write(ctx, FW_BD_GPR, warp, index, l, values[l]) != 0)
                return -1;
        return 0;
    case WIRE_REG_PRED: /* a mask: read, the lanes changed, written back */
        if (index >= COUNT(s->pred) || b->bd_read(ctx, FW_BD_PRED, warp, index, 0, &v) != 0)
            return -1;
        for (uint32_t l = 0; l < WIRE_LANES; l++)
            if ((mask >> l) & 1u)
                v = values[l] ? v | 1u << l : v & ~(1u << l);
        return b->bd_write(ctx, FW_BD_PRED, warp, index, 0, v);
    case WIRE_REG_UR:
        return index < COUNT(s->ur) ? b->bd_write(ctx, FW_BD_UR, warp, index, 0, values[0]) : -1;
    case WIRE_REG_UPRED: /* one bit of the mask */
        if (index >= COUNT(s->pred) || b->bd_read(ctx, FW_BD_UPRED, warp, 0, 0, &v) != 0)
            return -1;
        v = values[0] ? v | 1u << index : v & ~(1u << index);
        return b->bd_write(ctx, FW_BD_UPRED, warp, 0, 0, v);
    }
    return -1;
}

int fw_port_read_caps(const fw_port_board *b, void *ctx, wire_caps *c, fw_port_core_caps *core)
{
    uint32_t w[FW_PORT_CAP_TOLERANCE_WORDS]; /* the largest run of words read at once */
    _Static_assert(FW_PORT_CAP_TOLERANCE_WORDS >= FW_PORT_CAP_OPTYPE_WORDS, "w holds the optype words");
    if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_WARPS, 0, &core->warps) != 0 ||
        b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_LANES, 0, &core->lanes) != 0 ||
        b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_FEATURES, 0, &core->features) != 0)
        return FW_PORT_CAPS_SILENT;
    c->lanes = (uint16_t)core->lanes;
    for (uint32_t i = 0; i < FW_PORT_CAP_OPTYPE_WORDS; i++)
        if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_OPTYPES + i, 0, &w[i]) != 0)
            return FW_PORT_CAPS_SILENT;
    for (uint32_t i = 0; i < FW_PORT_CAP_OPTYPE_WORDS; i++) /* little-endian words: bit n is optype n */
        for (uint32_t k = 0; k < 4; k++)
            c->optypes[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
    for (uint32_t i = 0; i < FW_PORT_CAP_TOLERANCE_WORDS; i++)
        if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_TOLERANCES + i, 0, &w[i]) != 0)
            return FW_PORT_CAPS_SILENT;
    if (fw_caps_tolerances(w, c) != 0)
        return FW_PORT_CAPS_ZERO_ULP;
    uint32_t variants;
    if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_VARIANTS, 0, &variants) != 0)
        return FW_PORT_CAPS_SILENT;
    c->variant_count = (uint16_t)variants;
    memset(c->lacking, 0, sizeof c->lacking);
    for (uint32_t i = 0; variants && i < FW_PORT_CAP_LACKING_WORDS; i++) {
        if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_LACKING + i, 0, &w[i]) != 0)
            return FW_PORT_CAPS_SILENT;
        for (uint32_t k = 0; k < 4; k++)
            c->lacking[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
    }
    if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_CONTRACT, 0, &c->contract) != 0)
        return FW_PORT_CAPS_SILENT;
    c->modifier_count = 0;
    for (uint32_t i = 0; c->contract >= FW_PORT_CONTRACT_REVISION && i < FW_PORT_CAP_MODIFIER_WORDS; i++) {
        uint32_t word;
        if (b->bd_read(ctx, FW_BD_CAP, 0, FW_CAP_MODIFIERS + i, 0, &word) != 0)
            return FW_PORT_CAPS_SILENT;
        if (word == 0)
            break;
        c->lacking_modifier[c->modifier_count++] = word;
    }
    return 0;
}
