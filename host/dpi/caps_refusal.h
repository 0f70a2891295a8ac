/* libgpuhost_dpi, inside: the kernel against the DUT's capability words
 * (caps_refusal.c), as `gpuhost run` weighs them. */
#ifndef GPUHOST_DPI_CAPS_REFUSAL_H
#define GPUHOST_DPI_CAPS_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/port.h"
#include "isa/kernel.h"
#include "isa/modifier.h"
#include "wire/protocol.h"

/* every capability word index the variant map reaches (WARPS .. the last MODIFIERS word) */
#define SB_CAP_WORDS (FW_CAP_MODIFIERS + FW_PORT_CAP_MODIFIER_WORDS)

typedef struct {
    wire_caps c; /* optypes, lacking variants, contract */
    isa_modifier_value lacked[WIRE_MAX_LACKING_MODIFIERS];
    size_t lacked_count;
} sb_caps;

/* The words read as the board sides read them (fw_port_read_caps): 0, or
 * -1 when they cannot be (a tolerance word of 0 ulps). */
int sb_caps_read(const uint32_t words[SB_CAP_WORDS], sb_caps *out);
/* Whether the DUT cannot run insn (at byte address pc) by its words: true
 * with why in out, in `gpuhost run`'s words. */
bool sb_caps_lacks(const sb_caps *c, const isa_insn *insn, uint64_t pc, char *out, size_t len);
/* The kernel's first instruction the words say the DUT cannot run: 1 with
 * why in out; 0 when there is none. */
int sb_caps_refusal(const isa_kernel *k, const sb_caps *c, char *out, size_t len);

#endif
