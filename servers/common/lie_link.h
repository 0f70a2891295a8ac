/* servers/common, tests only: a link that lies. It sits between the firmware
 * core and the real link and falsifies one thing in what the core sends, so
 * that tests prove no lie on the wire buys a PASS (docs/lying-targets.md
 * lists every lie and what gpuhost must answer). Lies the DUT itself tells
 * (a hang, a hidden store, a loose tolerance) are dut_mutant.h's. */
#ifndef FW_LIE_LINK_H
#define FW_LIE_LINK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fw/fw.h"

typedef struct {
    const fw_link_ops *inner;
    void *inner_ctx;
    const fw_dut_ops *dut; /* to read memory for lies that stay consistent */
    void *dut_ctx;
    int lie;       /* index into the table of lies (lie_link.c) */
    bool told;     /* a one-time lie has been told */
    bool silent;   /* "silence": nothing more is sent */
    uint32_t held; /* frames of the kind the lie waits for, seen so far */
    uint32_t digest_nonce; /* the last MEM_DIGEST's nonce: a consistent lie digests with it too */
} fw_lie_link;

extern const fw_link_ops fw_lie_link_ops;

/* Picks the lie by name; 0, or -1 when there is none of that name. */
int fw_lie_parse(fw_lie_link *l, const char *name);
/* Writes every lie's name and what it falsifies, one per line. */
void fw_lie_list(FILE *file);

#endif
