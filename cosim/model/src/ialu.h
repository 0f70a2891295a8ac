/* cosim/model internal: group IALU (isa/spec/ialu.isa), shared between
 * ialu.c (the table and helpers), ialu_arith.c, ialu_logic.c, ialu_shift.c
 * and ialu_move.c. */
#ifndef GM_IALU_H
#define GM_IALU_H

#include "exec.h"

/* Is the negate/complement bit of source slot 'a', 'b' or 'c' set? Whatever
 * the slot's field is called (rb.neg, urb.neg, vb.neg); false if it has none. */
bool ialu_neg_d(const gm_decoded *d, char slot);
static inline bool ialu_neg(gm_exec *ex, char slot)
{
    return ialu_neg_d(ex->d, slot);
}

/* a + b + carry_in over 32 bits; *carry_out = bit 32 of the exact sum. */
uint32_t ialu_add32(uint32_t a, uint32_t b, bool carry_in, bool *carry_out);
/* a + b + carry_in over 64 bits; *carry_out = bit 64 of the exact sum. */
uint64_t ialu_add64(uint64_t a, uint64_t b, bool carry_in, bool *carry_out);

/* The exact 32x32 product's 64 two's-complement bits, signed or unsigned. */
uint64_t ialu_mul64(uint32_t a, uint32_t b, bool is_signed);

/* Index of the value field `id` holds within `values` (count entries), or
 * -1 after trapping ILLEGAL_INSTRUCTION: the value is reserved. */
int ialu_choice(gm_exec *ex, enum isa_field_id id, const uint32_t *values, int count);

/* Index of `value` within `values` (count entries), or -1. */
int ialu_index_of(uint32_t value, const uint32_t *values, int count);

/* Traps ILLEGAL_INSTRUCTION: the word combines modifiers no form of the
 * instruction has. */
void ialu_no_such_form(gm_exec *ex, const char *why);

/* Load-time preparations (gm_prep_fn): forms with a faster function. */
gm_op_fn ialu_prep_iadd(gm_decoded *d, gm_op_fn fn);
gm_op_fn ialu_prep_imad(gm_decoded *d, gm_op_fn fn);
gm_op_fn ialu_prep_isetp(gm_decoded *d, gm_op_fn fn);
gm_op_fn ialu_prep_lop3(gm_decoded *d, gm_op_fn fn);
gm_op_fn ialu_prep_shf(gm_decoded *d, gm_op_fn fn);
gm_op_fn ialu_prep_prmt(gm_decoded *d, gm_op_fn fn);

/* ialu_arith.c */
void ialu_op_iadd(gm_exec *ex);
void ialu_op_imad(gm_exec *ex);
void ialu_op_imad_wide(gm_exec *ex);
void ialu_op_idp2a(gm_exec *ex);
void ialu_op_idp4a(gm_exec *ex);
void ialu_op_imul(gm_exec *ex);
void ialu_op_lea(gm_exec *ex);
void ialu_op_iabs(gm_exec *ex);
void ialu_op_imnmx(gm_exec *ex);

/* ialu_logic.c */
void ialu_op_isetp(gm_exec *ex);
void ialu_op_iset(gm_exec *ex);
void ialu_op_sel(gm_exec *ex);
void ialu_op_lop3(gm_exec *ex);
void ialu_op_plop3(gm_exec *ex);
void ialu_op_p2r(gm_exec *ex);
void ialu_op_r2p(gm_exec *ex);

/* ialu_shift.c */
void ialu_op_shf(gm_exec *ex);

/* ialu_move.c */
void ialu_op_mov(gm_exec *ex);
void ialu_op_prmt(gm_exec *ex);
void ialu_op_i2i(gm_exec *ex);
void ialu_op_i2ip(gm_exec *ex);
void ialu_op_r2ur(gm_exec *ex);
void ialu_op_setgpr(gm_exec *ex);
void ialu_op_getgpr(gm_exec *ex);

#endif
