/* cosim/model: semantics of spec group IALU (isa/spec/ialu.isa): the table
 * and the helpers its three files share. The instructions themselves are in
 * ialu_arith.c (adds, multiplies, LEA, IABS, IMNMX), ialu_logic.c (compares,
 * selects, bitwise and predicate logic, shifts) and ialu_move.c (moves,
 * permutes, narrowing, register-file access). */
#include "ialu.h"

bool ialu_neg(gm_exec *ex, char slot)
{
    /* gm_f() caches by the name's address, so each name is its own literal */
    switch (slot) {
    case 'a': return gm_f(ex, "ra.neg") != 0;
    case 'b': return (gm_f(ex, "rb.neg") | gm_f(ex, "urb.neg") | gm_f(ex, "vb.neg")) != 0;
    case 'c': return (gm_f(ex, "rc.neg") | gm_f(ex, "urc.neg") | gm_f(ex, "vc.neg")) != 0;
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

int ialu_choice(gm_exec *ex, const char *name, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (gm_is(ex, name, names[i]))
            return i;
    gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "reserved value %u of .%s", gm_f(ex, name), name);
    return -1;
}

void ialu_no_such_form(gm_exec *ex, const char *why)
{
    gm_trap(ex, GM_TRAP_ILLEGAL_INSTRUCTION, -1, "%s", why);
}

const gm_op gm_ops_ialu[] = {
    {"IADD", ialu_op_iadd},     {"IMAD", ialu_op_imad},       {"IMAD_WIDE", ialu_op_imad_wide},
    {"IDP2A", ialu_op_idp2a},   {"IDP4A", ialu_op_idp4a},     {"IMUL", ialu_op_imul},
    {"LEA", ialu_op_lea},       {"IABS", ialu_op_iabs},       {"IMNMX", ialu_op_imnmx},
    {"P2R", ialu_op_p2r},       {"R2P", ialu_op_r2p},         {"ISETP", ialu_op_isetp},
    {"ISET", ialu_op_iset},     {"SEL", ialu_op_sel},         {"LOP3", ialu_op_lop3},
    {"PLOP3", ialu_op_plop3},   {"SHF", ialu_op_shf},         {"MOV", ialu_op_mov},
    {"PRMT", ialu_op_prmt},     {"I2I", ialu_op_i2i},         {"I2IP", ialu_op_i2ip},
    {"R2UR", ialu_op_r2ur},     {"SETGPR", ialu_op_setgpr},   {"GETGPR", ialu_op_getgpr},
    {NULL, NULL},
};
