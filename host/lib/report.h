/* libgpuhost: machine-readable reports of a model run: the final state as
 * JSON, commit records as JSON lines. */
#ifndef GH_REPORT_H
#define GH_REPORT_H

#include <stdio.h>

#include "gm/model.h"

/* {"warps":[{"warp":0,"pc":N,"exited":true,"active":M,"gpr":[[32 values] x255],
 *  "pred":[7 lane masks],"ur":[63 values],"upred":mask}]} */
int gh_write_state_json(FILE *f, const gm_model *m);
/* One record a line: {"seq":..,"warp":..,"pc":..,"insn":"0x..","active":..,"exec":..,
 *  "gpr":[{"reg":..,"mask":..,"values":[..]}],"pred":[..],"ur":[..],"upred":{..},"mem":{..}} */
int gh_write_commit_json(FILE *f, const wire_commit *rec);

#endif
