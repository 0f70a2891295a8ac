/* cosim/model: semantics of spec group ext_fp32. Not written yet: every
 * instruction of the group traps UNIMPLEMENTED until it is. */
#include "exec.h"

const gm_op gm_ops_ext_fp32[] = {
    {NULL, NULL},
};
