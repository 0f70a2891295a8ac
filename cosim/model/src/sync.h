/* cosim/model internal: group SYNCOp (isa/spec/sync.isa), shared by sync.c
 * (the table and the other warp operations) and shfl.c (SHFL). */
#ifndef GM_SYNC_H
#define GM_SYNC_H

#include "exec.h"

void sync_op_shfl(gm_exec *ex);
gm_op_fn sync_prep_shfl(gm_decoded *d, gm_op_fn fn);

#endif
