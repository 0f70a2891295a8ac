/* libisa: the full-file assembler. A source file holds instructions, labels
 * (`loop:`), `//` comments, `;` terminators and the directives that make a
 * kernel self-contained:
 *   .warps N                      warps to launch (1..64)
 *   .const BANK OFFSET word...    constant bank contents (byte offset)
 *   .global ADDR word...          global memory contents (byte address)
 *   .init REG value | 32 values   initial register: R5, UR3, P1, UP0
 *   .expect REG value | 32 values expected final register value
 *   .expect_mem ADDR word...      expected final memory words
 * A word is an integer (0x.., decimal, negative) or a float literal (1.5,
 * -2e3, INF) taken as binary32 bits. */
#ifndef ISA_ASMFILE_H
#define ISA_ASMFILE_H

#include <stdio.h>

#include "isa/kernel.h"

/* The largest source isa_assemble_file reads. */
#define ISA_ASM_MAX_SOURCE ((size_t)256 << 20)
#define ISA_ASM_MAX_SOURCE_TEXT "256 MiB"

/* Assembles `text` (named `name` in diagnostics). Writes each error as
 * "name:line:col: error: message" to diag (if not NULL). Returns the number
 * of errors; *out is set only when there are none. CRLF line ends and a
 * leading UTF-8 byte order mark are accepted; a label has 1 to
 * ISA_KERNEL_MAX_SYMBOL_NAME characters (a longer one is an error). */
int isa_assemble(const char *name, const char *text, isa_kernel **out, FILE *diag);
/* Same, reading `path`; an unreadable file counts as one error, and so does
 * one that is not text (a NUL byte) or larger than ISA_ASM_MAX_SOURCE. */
int isa_assemble_file(const char *path, isa_kernel **out, FILE *diag);

#endif
