/* fw: a core's capability words (port.h, backdoor space CAP) into the wire's
 * CAPS fields they describe. The DUT backends that read the words from a core
 * share it: servers/rtlsim/dut_rtl.c and the reference board's HAL (boards/gh-ref,
 * also inside the rv32 image). Freestanding. */
#ifndef FW_CAPS_WORDS_H
#define FW_CAPS_WORDS_H

#include <stdint.h>

#include "fw/port.h"
#include "wire/protocol.h"

/* The declared tolerances of words TOLERANCES..TOLERANCES+15 (in that order):
 * one wire_tolerance a word up to the first 0 word. -1 when a word declares
 * a bound of 0 ulps (a non-zero word must declare a distance); c's list is
 * then empty. */
int fw_caps_tolerances(const uint32_t words[FW_PORT_CAP_TOLERANCE_WORDS], wire_caps *c);

/* The other way, for a board that presents a DUT's CAPS as capability words
 * (the emulated debug port): word TOLERANCES + i of c's list, 0 past it. */
uint32_t fw_caps_tolerance_word(const wire_caps *c, unsigned i);

/* Whether capability word FEATURES declares feature f (FW_FEATURE_*). A core
 * that predates the word reads 0 there: it declares none. */
int fw_caps_has(uint32_t features, enum fw_feature f);

/* A board's answer to a DUT fault (fw/faults.h kind, 0 for none) asked of a
 * core with the FEATURES word `features`: NULL when the core can take it,
 * else why not (the core has no fault-injection registers), for the board
 * to refuse the fault before anything runs. */
const char *fw_caps_fault_refusal(uint32_t features, uint32_t fault_kind);

#endif
