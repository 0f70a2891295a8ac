/* cosim/model: semantics of spec group IALU (isa/spec/ialu.isa): the table
 * and the helpers its three files share. The instructions themselves are in
 * ialu_arith.c (adds, multiplies, LEA, IABS, IMNMX), ialu_logic.c (compares,
 * selects, bitwise and predicate logic), ialu_shift.c (SHF) and ialu_move.c (moves,
 * permutes, narrowing, register-file access). */
#include "ialu.h"

bool ialu_neg_d(const gm_decoded *d, char slot)
{
    /* shared by many optypes: whichever form the slot has, absent reads 0 */
    switch (slot) {
    case 'a': return gm_d_f(d, ISA_F_ra_neg) != 0;
    case 'b':
        return (gm_d_f(d, ISA_F_rb_neg) | gm_d_f(d, ISA_F_urb_neg) | gm_d_f(d, ISA_F_vb_neg)) != 0;
    case 'c':
        return (gm_d_f(d, ISA_F_rc_neg) | gm_d_f(d, ISA_F_urc_neg) | gm_d_f(d, ISA_F_vc_neg)) != 0;
    }
    return false;
}

uint32_t ialu_add32(uint32_t a, uint32_t b, bool carry_in, bool *carry_out)
{
    uint64_t sum = (uint64_t)a + b + carry_in;
    *carry_out = (sum >> 32) != 0;
    return (uint32_t)sum;
}

uint64_t ialu_add64(uint64_t a, uint64_t b, bool carry_in, bool *carry_out)
{
    uint64_t partial = a + b;
    uint64_t sum = partial + carry_in;
    /* at most one of the two steps can wrap */
    *carry_out = partial < a || sum < partial;
    return sum;
}

uint64_t ialu_mul64(uint32_t a, uint32_t b, bool is_signed)
{
    if (is_signed)
        return (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b);
    return (uint64_t)a * b;
}

int ialu_index_of(uint32_t value, const uint32_t *values, int count)
{
    for (int i = 0; i < count; i++)
        if (values[i] == value)
            return i;
    return -1;
}

int ialu_choice(gm_exec *ex, enum isa_field_id id, const uint32_t *values, int count)
{
    for (int i = 0; i < count; i++)
        if (gm_is(ex, id, values[i]))
            return i;
    gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved value %u of .%s", gm_f(ex, id),
            isa_field_id_name[id]);
    return -1;
}

void ialu_no_such_form(gm_exec *ex, const char *why)
{
    gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "%s", why);
}

const gm_op gm_ops_ialu[] = {
    {ISA_OP_IADD, ialu_op_iadd, ialu_prep_iadd},
    {ISA_OP_IMAD, ialu_op_imad, ialu_prep_imad},
    {ISA_OP_IMAD_WIDE, ialu_op_imad_wide, NULL},
    {ISA_OP_IDP2A, ialu_op_idp2a, NULL},
    {ISA_OP_IDP4A, ialu_op_idp4a, NULL},
    {ISA_OP_IMUL, ialu_op_imul, NULL},
    {ISA_OP_LEA, ialu_op_lea, NULL},
    {ISA_OP_IABS, ialu_op_iabs, NULL},
    {ISA_OP_IMNMX, ialu_op_imnmx, NULL},
    {ISA_OP_P2R, ialu_op_p2r, NULL},
    {ISA_OP_R2P, ialu_op_r2p, NULL},
    {ISA_OP_ISETP, ialu_op_isetp, ialu_prep_isetp},
    {ISA_OP_ISET, ialu_op_iset, NULL},
    {ISA_OP_SEL, ialu_op_sel, NULL},
    {ISA_OP_LOP3, ialu_op_lop3, ialu_prep_lop3},
    {ISA_OP_PLOP3, ialu_op_plop3, NULL},
    {ISA_OP_SHF, ialu_op_shf, ialu_prep_shf},
    {ISA_OP_MOV, ialu_op_mov, NULL},
    {ISA_OP_PRMT, ialu_op_prmt, ialu_prep_prmt},
    {ISA_OP_I2I, ialu_op_i2i, NULL},
    {ISA_OP_I2IP, ialu_op_i2ip, NULL},
    {ISA_OP_R2UR, ialu_op_r2ur, NULL},
    {ISA_OP_SETGPR, ialu_op_setgpr, NULL},
    {ISA_OP_GETGPR, ialu_op_getgpr, NULL},
    {ISA_OPTYPE_ID_COUNT, NULL, NULL},
};
