/* cosim/model: approximate results and their distance in ulps (gm/fp_layout.h). */
#include "gm/fp_layout.h"

#include "isa/isa.h"
#include "isa_access.h"

/* MUFU's dtype as the model lays out its result (mufu.c, "element layout"). */
static bool mufu_layout(uint32_t dtype, gm_fp_layout *l)
{
    switch (dtype) {
    case ISA_V_dtype_F32: *l = (gm_fp_layout){1, 32, 8, 23}; return true;
    case ISA_V_dtype_F64: *l = (gm_fp_layout){1, 32, 11, 20}; return true; /* a double's upper word */
    case ISA_V_dtype_F16: *l = (gm_fp_layout){1, 16, 5, 10}; return true;
    case ISA_V_dtype_BF16: *l = (gm_fp_layout){1, 16, 8, 7}; return true;
    case ISA_V_dtype_F16_V2: *l = (gm_fp_layout){2, 16, 5, 10}; return true;
    case ISA_V_dtype_BF16_V2: *l = (gm_fp_layout){2, 16, 8, 7}; return true;
    default: return false;
    }
}

bool gm_approximate_of(isa_word w, gm_approximate *out)
{
    isa_insn insn;
    if (isa_decode(w, &insn) != 0 || isa_variant_optype[insn.variant] != ISA_OP_MUFU)
        return false;
    const int8_t *slot = isa_field_slot[insn.variant];
    int op = slot[ISA_F_optype], fn = slot[ISA_F_mufuop], fmt = slot[ISA_F_dtype];
    if (op < 0 || fn < 0 || fmt < 0)
        return false;
    gm_approximate a = {.optype = insn.value[op], .function = insn.value[fn], .format = insn.value[fmt]};
    if (!mufu_layout(a.format, &a.layout))
        return false;
    *out = a;
    return true;
}

uint32_t gm_mufu_optype(void)
{
    const isa_tables *t = isa_tables_get();
    for (uint32_t v = 0; v < t->variant_count; v++) {
        int f = isa_field_slot[v][ISA_F_optype];
        if (isa_variant_optype[v] == ISA_OP_MUFU && f >= 0)
            return isa_variant_fields(&t->variants[v])[f].value; /* a fixed field */
    }
    return 0; /* unreachable: the spec defines MUFU */
}

static uint32_t element(const gm_fp_layout *l, uint32_t x, unsigned i)
{
    uint32_t mask = l->width == 32 ? UINT32_MAX : (1u << l->width) - 1;
    return x >> (i * l->width) & mask;
}

static uint32_t sign_bit(const gm_fp_layout *l)
{
    return 1u << (l->width - 1);
}

/* The encoding of +Inf: magnitudes at or above it are not finite. */
static uint32_t infinity(const gm_fp_layout *l)
{
    return ((1u << l->exp_bits) - 1) << l->frac_bits;
}

static uint32_t used_bits(const gm_fp_layout *l)
{
    unsigned bits = (unsigned)l->count * l->width;
    return bits >= 32 ? UINT32_MAX : (1u << bits) - 1;
}

uint32_t gm_ulp_distance(const gm_fp_layout *l, uint32_t a, uint32_t b)
{
    if ((a & ~used_bits(l)) != (b & ~used_bits(l)))
        return GM_ULP_INCOMPARABLE;
    uint32_t worst = 0;
    for (unsigned i = 0; i < l->count; i++) {
        uint32_t x = element(l, a, i), y = element(l, b, i);
        if (x == y)
            continue;
        uint32_t mx = x & ~sign_bit(l), my = y & ~sign_bit(l);
        if ((x ^ y) & sign_bit(l) || mx >= infinity(l) || my >= infinity(l))
            return GM_ULP_INCOMPARABLE;
        /* same sign: magnitudes order as integers, one step per ulp */
        uint32_t d = mx > my ? mx - my : my - mx;
        worst = d > worst ? d : worst;
    }
    return worst;
}

uint32_t gm_ulp_nudge(const gm_fp_layout *l, uint32_t x, uint32_t n)
{
    uint32_t out = x & ~used_bits(l);
    for (unsigned i = 0; i < l->count; i++) {
        uint32_t e = element(l, x, i), sign = e & sign_bit(l), mag = e & ~sign_bit(l);
        if (mag < infinity(l))
            mag = infinity(l) - mag > n ? mag + n : mag >= n ? mag - n : 0;
        out |= (sign | mag) << (i * l->width);
    }
    return out;
}
