/* libisa: float immediates: binary16/bfloat16/binary32 bits <-> text.
 * Text is the shortest decimal that reads back to the same bits; NaNs print
 * as raw hex so their payload survives; a 0x... literal is always raw bits. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fimm.h"

double isa_float_bits_to_double(uint32_t bits, int exp_bits, int man_bits)
{
    uint32_t man = bits & ((1u << man_bits) - 1);
    uint32_t ex = (bits >> man_bits) & ((1u << exp_bits) - 1);
    int sign = (bits >> (man_bits + exp_bits)) & 1;
    int bias = (1 << (exp_bits - 1)) - 1;
    double v;
    if (ex == (1u << exp_bits) - 1)
        v = man ? NAN : INFINITY;
    else if (ex == 0)
        v = ldexp((double)man, 1 - bias - man_bits);
    else
        v = ldexp((double)(man | (1u << man_bits)), (int)ex - bias - man_bits);
    return sign ? -v : v;
}

uint32_t isa_double_to_float_bits(double d, int exp_bits, int man_bits)
{
    uint32_t sign = signbit(d) ? 1u << (exp_bits + man_bits) : 0;
    uint32_t exp_all = (1u << exp_bits) - 1;
    if (isnan(d))
        return sign | exp_all << man_bits | 1u << (man_bits - 1);
    double a = fabs(d);
    if (isinf(a))
        return sign | exp_all << man_bits;
    if (a == 0)
        return sign;
    int bias = (1 << (exp_bits - 1)) - 1, emin = 1 - bias, e;
    frexp(a, &e);
    int exp = e - 1;
    if (exp < emin) /* subnormal: units of the smallest subnormal; 2^man_bits carries into normal */
        return sign | (uint32_t)rint(ldexp(a, man_bits - emin));
    double q = rint(ldexp(a, man_bits - exp)); /* in [2^m, 2^(m+1)] */
    uint32_t biased = (uint32_t)(exp + bias);
    if (q >= ldexp(1, man_bits + 1))
        q /= 2, biased++;
    if (biased >= exp_all)
        return sign | exp_all << man_bits;
    return sign | biased << man_bits | ((uint32_t)q & ((1u << man_bits) - 1));
}

void isa_format_float(uint32_t bits, int exp_bits, int man_bits, char *out, size_t len)
{
    double v = isa_float_bits_to_double(bits, exp_bits, man_bits);
    if (isnan(v)) {
        snprintf(out, len, "0x%x", bits);
        return;
    }
    if (isinf(v)) {
        snprintf(out, len, "%sINF", v < 0 ? "-" : "");
        return;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(out, len, "%.*g", digits, v);
        if (isa_double_to_float_bits(strtod(out, NULL), exp_bits, man_bits) == bits)
            return;
    }
}

int isa_parse_float(const char *s, const char **end, int exp_bits, int man_bits, uint32_t *bits)
{
    const char *p = s;
    int neg = 0;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        char *e;
        unsigned long long v = strtoull(p, &e, 16);
        int width = 1 + exp_bits + man_bits;
        if (e == p + 2 || neg || (width < 64 && v >> width))
            return -1;
        *bits = (uint32_t)v;
        *end = e;
        return 0;
    }
    if ((p[0] == 'I' || p[0] == 'i') && strncasecmp(p, "INF", 3) == 0) {
        *bits = isa_double_to_float_bits(neg ? -INFINITY : INFINITY, exp_bits, man_bits);
        *end = p + 3;
        return 0;
    }
    if (!(p[0] >= '0' && p[0] <= '9') && p[0] != '.')
        return -1;
    char *e;
    double v = strtod(p, &e);
    if (e == p)
        return -1;
    *bits = isa_double_to_float_bits(neg ? -v : v, exp_bits, man_bits);
    *end = e;
    return 0;
}
