/* libgpuhost: how register values and instructions read in reports. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "isa/isa.h"

void gh__say(gh_text *r, const char *fmt, ...)
{
    if (r->len >= r->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->buf + r->len, r->cap - r->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        r->len = r->len + (size_t)n < r->cap ? r->len + (size_t)n : r->cap - 1;
}

void gh__say_first(gh_text *r, const char *text)
{
    size_t n = strlen(text);
    if (r->len + n >= r->cap)
        return;
    memmove(r->buf + n, r->buf, r->len + 1);
    memcpy(r->buf, text, n);
    r->len += n;
}

void gh__disasm(uint64_t lo, uint64_t hi, uint64_t pc, char *out, size_t len)
{
    isa_word w = {lo, hi};
    isa_context ctx = {.pc = pc};
    if (isa_disasm_word(w, &ctx, out, len) != 0)
        snprintf(out, len, ".word 0x%016" PRIx64 " 0x%016" PRIx64, hi, lo);
}

/* Whether the instruction's packed-half format field names BF16. */
static bool packed_bf16(const isa_insn *insn, const isa_variant *v)
{
    int f = isa_field_index(v, "hfmt_v2");
    if (f < 0)
        return false;
    const char *name = isa_enum_name(isa_field_type(&isa_variant_fields(v)[f]), insn->value[f]);
    return name && strcmp(name, "BF16_V2") == 0;
}

gh_value_kind gh__value_kind(uint64_t lo, uint64_t hi)
{
    isa_insn insn;
    isa_word w = {lo, hi};
    if (isa_decode(w, &insn) != 0)
        return GH_VALUE_INT;
    const isa_variant *v = isa_variant_of(&insn);
    if (strcmp(v->group, "HALU") == 0 || strcmp(v->group, "H_ARITH") == 0)
        return packed_bf16(&insn, v) ? GH_VALUE_BF16X2 : GH_VALUE_F16X2;
    if (strcmp(v->optype, "MUFU") == 0) { /* its dtype: halves are shown as halves, packed or not */
        int f = isa_field_index(v, "dtype");
        const char *name = f < 0 ? NULL : isa_enum_name(isa_field_type(&isa_variant_fields(v)[f]), insn.value[f]);
        if (name && (strcmp(name, "BF16_V2") == 0 || strcmp(name, "BF16") == 0))
            return GH_VALUE_BF16X2;
        if (name && (strcmp(name, "F16_V2") == 0 || strcmp(name, "F16") == 0))
            return GH_VALUE_F16X2;
        return GH_VALUE_F32;
    }
    if (strcmp(v->group, "EXT_FP32") == 0)
        return GH_VALUE_F32;
    return GH_VALUE_INT;
}

static double f16_value(uint32_t h)
{
    int exp = (int)(h >> 10 & 0x1f);
    double mant = (double)(h & 0x3ff);
    double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exp == 0x1f)
        return mant != 0 ? NAN : sign * INFINITY;
    if (exp == 0)
        return sign * ldexp(mant, -24);
    return sign * ldexp(mant + 1024.0, exp - 25);
}

static double bf16_value(uint32_t h)
{
    uint32_t bits = h << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return (double)f;
}

void gh__value_text(uint32_t v, gh_value_kind kind, char *out, size_t len)
{
    float f;
    switch (kind) {
    case GH_VALUE_F32:
        memcpy(&f, &v, sizeof f);
        snprintf(out, len, "0x%08x (%.9g)", v, (double)f); /* every float its own text */
        return;
    case GH_VALUE_F16X2:
        snprintf(out, len, "0x%08x (f16 hi %g, lo %g)", v, f16_value(v >> 16), f16_value(v & 0xffff));
        return;
    case GH_VALUE_BF16X2:
        snprintf(out, len, "0x%08x (bf16 hi %g, lo %g)", v, bf16_value(v >> 16), bf16_value(v & 0xffff));
        return;
    case GH_VALUE_INT:
        break;
    }
    snprintf(out, len, "0x%08x (%d)", v, (int32_t)v);
}
