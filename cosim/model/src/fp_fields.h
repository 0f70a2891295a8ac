/* cosim/model internal: the floating-point modifier that HALU (halu.c) and
 * EXT_FP32 (ext_fp32.c) read alike. */
#ifndef GM_FP_FIELDS_H
#define GM_FP_FIELDS_H

#include "exec.h"
#include "fp/softfloat.h"

/* .rnd; optypes without it (min/max, compares) read the default, RN. */
static inline sf_rounding gm_rounding_of(const gm_decoded *d)
{
    if (gm_d_is(d, ISA_F_rnd, ISA_V_rnd_RP))
        return SF_RP;
    if (gm_d_is(d, ISA_F_rnd, ISA_V_rnd_RM))
        return SF_RM;
    if (gm_d_is(d, ISA_F_rnd, ISA_V_rnd_RZ))
        return SF_RZ;
    return SF_RN;
}

#endif
