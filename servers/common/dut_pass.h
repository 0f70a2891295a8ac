/* The DUT-ops pass-through base for decorators: fw_dut_pass_ops forwards
 * every member to an inner fw_dut_ops and its context. A decorator puts a
 * fw_dut_pass first in its own context, copies fw_dut_pass_ops and replaces
 * only the members it changes, so a member added to fw_dut_ops is forwarded
 * by every decorator without touching it. */
#ifndef FW_DUT_PASS_H
#define FW_DUT_PASS_H

#include "fw/fw.h"

typedef struct {
    const fw_dut_ops *inner;
    void *inner_ctx;
} fw_dut_pass;

/* Its ctx is a fw_dut_pass (or a struct that starts with one). */
extern const fw_dut_ops fw_dut_pass_ops;

#endif
