/* cosim/model internal: group EXT_MEM (isa/spec/ext.isa), shared by ext_mem.c
 * (LDG, STG and LDC lane by lane, the table) and ext_mem_page.c (a warp's
 * 32-bit LDG or STG within one page, and applying stores). */
#ifndef GM_EXT_MEM_H
#define GM_EXT_MEM_H

#include "exec.h"

/* A 32-bit LDG's or STG's operands, read when the code is loaded. */
typedef struct {
    uint32_t off_lo, off_hi; /* SImm24 sign-extended to 64 bits */
    uint8_t ra;              /* the address pair's first register, or RZ */
    uint8_t reg;             /* LDG's rd, STG's rb */
} gm_access32;

/* The access staged for every executing lane when the base is a register
 * pair (or RZ) and every executing lane's address is 4-aligned, below 2^48
 * and in one page; false otherwise (nothing done: the lane-by-lane path
 * traps or goes page by page). LDG's rd is not RZ. */
bool gm_ldg32_one_page(gm_exec *ex, const gm_access32 *a);
bool gm_stg32_one_page(gm_exec *ex, const gm_access32 *a);

#endif
