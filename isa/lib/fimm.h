/* libisa internal: float immediate formats (binary32: 8/23, binary16: 5/10, bfloat16: 8/7). */
#ifndef ISA_FIMM_H
#define ISA_FIMM_H

#include <stddef.h>
#include <stdint.h>

double isa_float_bits_to_double(uint32_t bits, int exp_bits, int man_bits);
uint32_t isa_double_to_float_bits(double d, int exp_bits, int man_bits); /* round to nearest even */
void isa_format_float(uint32_t bits, int exp_bits, int man_bits, char *out, size_t len);
/* Reads a float literal (decimal, INF, or 0x raw bits); 0 or -1. */
int isa_parse_float(const char *s, const char **end, int exp_bits, int man_bits, uint32_t *bits);

#endif
