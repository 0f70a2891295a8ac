/* isa_kernel: an in-memory kernel and its container file, kernel.bin.
 *
 * A kernel is code plus everything needed to launch and check it: launch
 * shape, constant banks, global memory contents, initial register values,
 * expected register and memory values afterwards, and labels. kernel.bin is
 * an ELF64 file written and read with elfutils' libelf; the layout is
 * documented in isa/KERNEL_FORMAT.md. A raw stream of 16-byte little-endian
 * instructions is read only when asked for (isa_kernel_read_raw).
 *
 * The struct is transparent so consumers (simulator, checker, disassembler)
 * can read it directly; change it only through the functions below, which
 * own (copy) every array. All functions returning int return 0 on success and
 * -1 on failure; the ones taking err/errlen then write a one-line message
 * there (err may be NULL, messages are truncated to errlen). Out-parameters
 * are written only on success. No function keeps global state. */
#ifndef ISA_KERNEL_H
#define ISA_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/memory_map.h"
#include "isa/word.h"

#define ISA_KERNEL_FORMAT_VERSION 1u  /* .gh.launch version this code writes and reads */
#define ISA_KERNEL_MAX_WARPS 64u
#define ISA_KERNEL_LANES 32u
#define ISA_KERNEL_CONST_BANKS ISA_CONST_BANKS          /* the memory map's (isa/memory_map.h) */
#define ISA_KERNEL_CONST_BANK_SIZE ISA_CONST_BANK_BYTES
#define ISA_KERNEL_GLOBAL_LIMIT ISA_GLOBAL_LIMIT        /* .global/.expect_mem words lie below */
#define ISA_KERNEL_MAX_SYMBOL_NAME 255u   /* bytes, excluding the NUL */
#define ISA_KERNEL_MAX_FILE_SIZE (1u << 30) /* readers refuse larger inputs */

/* Section names of kernel.bin. */
#define ISA_KERNEL_SEC_TEXT ".text"
#define ISA_KERNEL_SEC_CONST ".gh.const"
#define ISA_KERNEL_SEC_GLOBAL ".gh.global"
#define ISA_KERNEL_SEC_INIT ".gh.init"
#define ISA_KERNEL_SEC_LAUNCH ".gh.launch"
#define ISA_KERNEL_SEC_EXPECT ".gh.expect"
#define ISA_KERNEL_SEC_EXPECT_MEM ".gh.expect_mem"
#define ISA_KERNEL_SEC_SYMTAB ".symtab"
#define ISA_KERNEL_SEC_STRTAB ".strtab"
#define ISA_KERNEL_SEC_SHSTRTAB ".shstrtab"

/* Register files. Valid indices: GPR 0..254 (255 is RZ), UR 0..62 (63 is
 * URZ), PRED 0..6 (7 is PT), UPRED 0..6 (7 is UPT). */
typedef enum {
    ISA_KERNEL_REG_GPR = 0,
    ISA_KERNEL_REG_UR = 1,
    ISA_KERNEL_REG_PRED = 2,
    ISA_KERNEL_REG_UPRED = 3,
} isa_kernel_reg_kind;

/* A constant-bank block: count words at c[bank][offset]. */
typedef struct {
    uint32_t bank;   /* 0..31 */
    uint32_t offset; /* byte offset, multiple of 4; offset + 4*count <= 65536 */
    uint32_t count;  /* >= 1 */
    uint32_t *words;
} isa_kernel_const;

/* A global-memory block: count words at byte address addr. Used for global
 * data (loaded before launch) and memory expectations (checked after). */
typedef struct {
    uint64_t addr;  /* multiple of 4; addr + 4*count <= 2^64 */
    uint32_t count; /* >= 1 */
    uint32_t *words;
} isa_kernel_mem;

/* A register value: initial value (init) or expected value (expect), applied
 * to every warp. count 1: values[0] for all lanes (the rest are 0);
 * count 32: values[lane]. Uniform registers (UR, UPRED) take count 1.
 * Predicate values are 0 or 1. */
typedef struct {
    isa_kernel_reg_kind kind;
    uint32_t index;
    uint32_t count; /* 1 or 32 */
    uint32_t values[ISA_KERNEL_LANES];
} isa_kernel_reg;

/* A label: byte address in .text (multiple of 16, <= code size). */
typedef struct {
    char *name; /* 1..255 printable ASCII bytes, no space; unique */
    uint64_t addr;
} isa_kernel_symbol;

typedef struct {
    isa_word *code; /* instruction i is at byte address 16*i */
    size_t code_count;
    uint32_t warps; /* 1..64 */
    uint64_t entry; /* byte address, multiple of 16, < 16*code_count */
    isa_kernel_const *consts;
    size_t const_count;
    isa_kernel_mem *globals;
    size_t global_count;
    isa_kernel_reg *inits;
    size_t init_count;
    isa_kernel_reg *expect_regs;
    size_t expect_reg_count;
    isa_kernel_mem *expect_mems;
    size_t expect_mem_count;
    isa_kernel_symbol *symbols;
    size_t symbol_count;
} isa_kernel;

/* An empty kernel: no code, 1 warp, entry 0. NULL when out of memory. */
isa_kernel *isa_kernel_new(void);
/* Frees *self_p and sets it to NULL; accepts NULL and *self_p == NULL. */
void isa_kernel_destroy(isa_kernel **self_p);

/* Builders. They copy their arguments and check only what they must to copy
 * safely (NULL pointers, reg count 1 or 32); everything else is checked by
 * isa_kernel_validate, which the writer runs. -1 on bad arguments or out of
 * memory, the kernel then being unchanged. */
int isa_kernel_add_code(isa_kernel *self, const isa_word *code, size_t count); /* appends */
int isa_kernel_set_launch(isa_kernel *self, uint32_t warps, uint64_t entry);
int isa_kernel_add_const(isa_kernel *self, uint32_t bank, uint32_t offset, const uint32_t *words,
                         uint32_t count);
int isa_kernel_add_global(isa_kernel *self, uint64_t addr, const uint32_t *words, uint32_t count);
int isa_kernel_add_init(isa_kernel *self, isa_kernel_reg_kind kind, uint32_t index,
                        const uint32_t *values, uint32_t count);
int isa_kernel_add_expect_reg(isa_kernel *self, isa_kernel_reg_kind kind, uint32_t index,
                              const uint32_t *values, uint32_t count);
int isa_kernel_add_expect_mem(isa_kernel *self, uint64_t addr, const uint32_t *words,
                              uint32_t count);
int isa_kernel_add_symbol(isa_kernel *self, const char *name, uint64_t addr);

/* Checks every rule listed above (ranges, alignment, overlapping blocks,
 * duplicate registers and labels). The message names the section and record,
 * e.g. "section .gh.const: record 2: bank 40 out of range 0..31". */
int isa_kernel_validate(const isa_kernel *self, char *err, size_t errlen);

/* True when both kernels hold the same content in the same order. */
bool isa_kernel_equal(const isa_kernel *a, const isa_kernel *b);

/* Label lookup: the symbol named name, or NULL. */
const isa_kernel_symbol *isa_kernel_find_symbol(const isa_kernel *self, const char *name);

/* "GPR", "UR", "PRED", "UPRED", or "?" */
const char *isa_kernel_reg_kind_name(isa_kernel_reg_kind kind);
/* Number of valid indices of a register file (255, 63, 7, 7), 0 if unknown. */
uint32_t isa_kernel_reg_limit(isa_kernel_reg_kind kind);

/* Writes kernel.bin. The kernel is validated first. On failure no file is
 * left behind at path. Messages start with path. */
int isa_kernel_write_elf(const isa_kernel *self, const char *path, char *err, size_t errlen);
/* Same bytes into a malloc'd buffer (*data, *size); the caller frees it. */
int isa_kernel_write_elf_mem(const isa_kernel *self, void **data, size_t *size, char *err,
                             size_t errlen);

/* Reads kernel.bin from path. A file that does not start with the ELF magic
 * "\x7fELF" is refused ("not a kernel.bin: corrupt ELF magic ..."), never
 * guessed to be a raw stream. The result is validated. Messages start with
 * path: "kernel.bin: section .gh.const: size 13 is not a multiple of 4". */
int isa_kernel_read(const char *path, isa_kernel **out, char *err, size_t errlen);
/* Same from memory; name (NULL: "<memory>") is used in messages. data may be
 * NULL when size is 0. Safe on arbitrary input. */
int isa_kernel_read_mem(const void *data, size_t size, const char *name, isa_kernel **out,
                        char *err, size_t errlen);
/* Reads a raw stream of 16-byte little-endian instructions, whatever its
 * first bytes (the caller asked for a raw stream): size a non-zero multiple
 * of 16, at most ISA_KERNEL_MAX_FILE_SIZE; 1 warp, entry 0, nothing else. */
int isa_kernel_read_raw(const char *path, isa_kernel **out, char *err, size_t errlen);
int isa_kernel_read_raw_mem(const void *data, size_t size, const char *name, isa_kernel **out,
                            char *err, size_t errlen);

#endif
