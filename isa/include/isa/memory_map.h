/* isa: the memory map of isa/spec/ext.isa ("Global memory", "Constant
 * memory"), written once for every layer above: the kernel format
 * (isa/kernel.h), the model (gm/model.h), and the board sides of the DUT
 * port (fw/port_board.h, also inside the rv32 board image). The spec states
 * these in prose only, so they are spelled here. Freestanding: macros only. */
#ifndef ISA_MEMORY_MAP_H
#define ISA_MEMORY_MAP_H

#include <stdint.h>

#define ISA_CONST_BANKS 32u                  /* c[0..31][offset] */
#define ISA_CONST_BANK_BYTES 65536u          /* a bank's offsets are 16 bits */
#define ISA_GLOBAL_LIMIT (UINT64_C(1) << 48) /* a global access touching an address at or above traps */

#endif
