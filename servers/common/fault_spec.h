/* servers/common: the servers' --fault KIND:AT[:PARAM] option, parsed strictly
 * (decimal or 0x digits only: no sign, no overflow, nothing after it). */
#ifndef FW_FAULT_SPEC_H
#define FW_FAULT_SPEC_H

#include <stdint.h>

typedef struct {
    uint32_t kind;  /* 1 .. FW_FAULT_COUNT-1 (fw/faults.h) */
    uint64_t at;    /* the retired-instruction count it fires at */
    uint32_t param; /* 0..255; 0 when omitted */
} fw_fault_spec;

/* 0, or -1 when malformed or out of range (at_max bounds AT). */
int fw_fault_spec_parse(const char *text, uint64_t at_max, fw_fault_spec *out);

#endif
