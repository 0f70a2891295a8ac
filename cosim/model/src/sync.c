/* cosim/model: semantics of spec group sync. Not written yet: every
 * instruction of the group traps UNIMPLEMENTED until it is. */
#include "exec.h"

const gm_op gm_ops_sync[] = {
    {NULL, NULL},
};
