/* Unit tests for isa/kernel.h: the kernel.bin container. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include "isa/kernel.h"

#define assert_err(err, needle)                                                               \
    do {                                                                                      \
        if (!strstr((err), (needle)))                                                         \
            fail_msg("error message \"%s\" lacks \"%s\"", (err), (needle));                   \
    } while (0)

/* ---- fixtures ---- */

typedef struct {
    char dir[64];
    char path[128];
} tmp_state;

static int setup(void **state)
{
    tmp_state *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    strcpy(t->dir, "/tmp/test_kernel.XXXXXX");
    if (!mkdtemp(t->dir)) {
        free(t);
        return -1;
    }
    snprintf(t->path, sizeof t->path, "%s/kernel.bin", t->dir);
    *state = t;
    return 0;
}

static int teardown(void **state)
{
    tmp_state *t = *state;
    unlink(t->path);
    rmdir(t->dir);
    free(t);
    return 0;
}

static void write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (size)
        assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

/* A kernel with every section populated. */
static isa_kernel *full_kernel(void)
{
    isa_kernel *k = isa_kernel_new();
    assert_non_null(k);
    isa_word code[8];
    for (int i = 0; i < 8; i++)
        code[i] = (isa_word){0x0123456789abcdefull ^ (uint64_t)i, 0xfedcba9876543210ull + (uint64_t)i};
    assert_int_equal(isa_kernel_add_code(k, code, 5), 0);
    assert_int_equal(isa_kernel_add_code(k, code + 5, 3), 0);
    assert_int_equal(isa_kernel_set_launch(k, 4, 0x20), 0);

    uint32_t c0[3] = {1, 2, 3}, c1[1] = {0xdeadbeef};
    assert_int_equal(isa_kernel_add_const(k, 0, 0x10, c0, 3), 0);
    assert_int_equal(isa_kernel_add_const(k, 31, 0xfffc, c1, 1), 0);
    assert_int_equal(isa_kernel_add_const(k, 0, 0x0, c1, 1), 0);

    uint32_t g0[4] = {10, 20, 30, 40}, g1[2] = {0xffffffff, 0};
    assert_int_equal(isa_kernel_add_global(k, 0x100000000ull, g0, 4), 0);
    assert_int_equal(isa_kernel_add_global(k, 0xfffffffffff8ull, g1, 2), 0); /* the last 8 bytes below 2^48 */

    uint32_t lanes[32], one = 7, t = 1;
    for (int i = 0; i < 32; i++)
        lanes[i] = (uint32_t)i * 3u;
    uint32_t preds[32];
    for (int i = 0; i < 32; i++)
        preds[i] = (uint32_t)i & 1u;
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_GPR, 0, lanes, 32), 0);
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_GPR, 254, &one, 1), 0);
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_UR, 62, &one, 1), 0);
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_PRED, 6, preds, 32), 0);
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_UPRED, 0, &t, 1), 0);

    assert_int_equal(isa_kernel_add_expect_reg(k, ISA_KERNEL_REG_GPR, 1, lanes, 32), 0);
    assert_int_equal(isa_kernel_add_expect_reg(k, ISA_KERNEL_REG_UR, 0, &one, 1), 0);
    assert_int_equal(isa_kernel_add_expect_reg(k, ISA_KERNEL_REG_PRED, 0, &t, 1), 0);

    uint32_t e0[2] = {0x11, 0x22};
    assert_int_equal(isa_kernel_add_expect_mem(k, 0x100000000ull, e0, 2), 0);
    assert_int_equal(isa_kernel_add_expect_mem(k, 0x2000, g0, 4), 0);

    assert_int_equal(isa_kernel_add_symbol(k, "main", 0x20), 0);
    assert_int_equal(isa_kernel_add_symbol(k, "start", 0x0), 0);
    assert_int_equal(isa_kernel_add_symbol(k, ".L_loop$1", 0x40), 0);
    assert_int_equal(isa_kernel_add_symbol(k, "end", 0x80), 0);
    char err[256];
    if (isa_kernel_validate(k, err, sizeof err))
        fail_msg("full kernel invalid: %s", err);
    return k;
}

/* Field-by-field check that b holds what full_kernel() put in. */
static void assert_same(const isa_kernel *a, const isa_kernel *b)
{
    assert_int_equal(a->code_count, b->code_count);
    assert_memory_equal(a->code, b->code, a->code_count * sizeof *a->code);
    assert_int_equal(a->warps, b->warps);
    assert_int_equal(a->entry, b->entry);
    assert_int_equal(a->const_count, b->const_count);
    for (size_t i = 0; i < a->const_count; i++) {
        assert_int_equal(a->consts[i].bank, b->consts[i].bank);
        assert_int_equal(a->consts[i].offset, b->consts[i].offset);
        assert_int_equal(a->consts[i].count, b->consts[i].count);
        assert_memory_equal(a->consts[i].words, b->consts[i].words, 4 * a->consts[i].count);
    }
    assert_int_equal(a->global_count, b->global_count);
    for (size_t i = 0; i < a->global_count; i++) {
        assert_int_equal(a->globals[i].addr, b->globals[i].addr);
        assert_int_equal(a->globals[i].count, b->globals[i].count);
        assert_memory_equal(a->globals[i].words, b->globals[i].words, 4 * a->globals[i].count);
    }
    assert_int_equal(a->init_count, b->init_count);
    assert_memory_equal(a->inits, b->inits, a->init_count * sizeof *a->inits);
    assert_int_equal(a->expect_reg_count, b->expect_reg_count);
    assert_memory_equal(a->expect_regs, b->expect_regs, a->expect_reg_count * sizeof *a->expect_regs);
    assert_int_equal(a->expect_mem_count, b->expect_mem_count);
    for (size_t i = 0; i < a->expect_mem_count; i++) {
        assert_int_equal(a->expect_mems[i].addr, b->expect_mems[i].addr);
        assert_int_equal(a->expect_mems[i].count, b->expect_mems[i].count);
        assert_memory_equal(a->expect_mems[i].words, b->expect_mems[i].words,
                            4 * a->expect_mems[i].count);
    }
    assert_int_equal(a->symbol_count, b->symbol_count);
    for (size_t i = 0; i < a->symbol_count; i++) {
        assert_string_equal(a->symbols[i].name, b->symbols[i].name);
        assert_int_equal(a->symbols[i].addr, b->symbols[i].addr);
    }
    assert_true(isa_kernel_equal(a, b));
}

/* The ELF image of full_kernel(); caller frees. */
static unsigned char *full_image(size_t *size)
{
    isa_kernel *k = full_kernel();
    void *data = NULL;
    char err[256] = "";
    if (isa_kernel_write_elf_mem(k, &data, size, err, sizeof err))
        fail_msg("write_elf_mem: %s", err);
    isa_kernel_destroy(&k);
    return data;
}

/* ---- raw ELF patching for malformed inputs ---- */

static uint64_t get_le(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put_le(unsigned char *p, int n, uint64_t v)
{
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* The 64-byte section header of section `name` in an ELF64 LE image. */
static unsigned char *shdr_of(unsigned char *img, const char *name)
{
    uint64_t shoff = get_le(img + 40, 8);
    unsigned shnum = (unsigned)get_le(img + 60, 2), shstrndx = (unsigned)get_le(img + 62, 2);
    const unsigned char *strs = img + get_le(img + shoff + 64 * shstrndx + 24, 8);
    for (unsigned i = 0; i < shnum; i++) {
        unsigned char *h = img + shoff + 64 * i;
        if (strcmp((const char *)strs + get_le(h, 4), name) == 0)
            return h;
    }
    fail_msg("no section %s", name);
    return NULL;
}

static unsigned char *data_of(unsigned char *img, const char *name)
{
    return img + get_le(shdr_of(img, name) + 24, 8);
}

/* Reads img and expects failure with a message containing needle. */
static void expect_reject(const unsigned char *img, size_t size, const char *needle)
{
    char err[512] = "";
    isa_kernel *k = (isa_kernel *)(uintptr_t)0x1; /* must stay untouched */
    int rc = isa_kernel_read_mem(img, size, "kernel.bin", &k, err, sizeof err);
    if (rc == 0)
        fail_msg("accepted malformed input, expected \"%s\"", needle);
    assert_int_equal(rc, -1);
    assert_true(k == (isa_kernel *)(uintptr_t)0x1);
    assert_err(err, "kernel.bin: ");
    assert_err(err, needle);
}

/* ---- tests ---- */

static void test_new_destroy(void **state)
{
    (void)state;
    isa_kernel *k = isa_kernel_new();
    assert_non_null(k);
    assert_int_equal(k->warps, 1);
    assert_int_equal(k->code_count, 0);
    isa_kernel_destroy(&k);
    assert_null(k);
    isa_kernel_destroy(&k);
    isa_kernel_destroy(NULL);
    uint32_t v[32] = {0};
    k = isa_kernel_new();
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_GPR, 0, v, 2), -1);
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_GPR, 0, NULL, 1), -1);
    assert_int_equal(isa_kernel_add_const(k, 0, 0, NULL, 1), -1);
    assert_int_equal(isa_kernel_add_symbol(k, NULL, 0), -1);
    assert_int_equal(k->init_count + k->const_count + k->symbol_count, 0);
    char err[128];
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "section .text: no code");
    isa_kernel_destroy(&k);
}

static void test_round_trip_file(void **state)
{
    tmp_state *t = *state;
    isa_kernel *k = full_kernel();
    char err[256] = "";
    if (isa_kernel_write_elf(k, t->path, err, sizeof err))
        fail_msg("write: %s", err);
    isa_kernel *r = NULL;
    if (isa_kernel_read(t->path, &r, err, sizeof err))
        fail_msg("read: %s", err);
    assert_non_null(r);
    assert_same(k, r);
    const isa_kernel_symbol *s = isa_kernel_find_symbol(r, "end");
    assert_non_null(s);
    assert_int_equal(s->addr, 0x80);
    assert_null(isa_kernel_find_symbol(r, "nope"));
    isa_kernel_destroy(&r);
    isa_kernel_destroy(&k);
}

static void test_round_trip_mem(void **state)
{
    (void)state;
    isa_kernel *k = full_kernel();
    void *data = NULL;
    size_t size = 0;
    char err[256] = "";
    assert_int_equal(isa_kernel_write_elf_mem(k, &data, &size, err, sizeof err), 0);
    isa_kernel *r = NULL;
    if (isa_kernel_read_mem(data, size, "mem", &r, err, sizeof err))
        fail_msg("read_mem: %s", err);
    assert_same(k, r);
    /* writing the read kernel gives the same bytes */
    void *data2 = NULL;
    size_t size2 = 0;
    assert_int_equal(isa_kernel_write_elf_mem(r, &data2, &size2, err, sizeof err), 0);
    assert_int_equal(size, size2);
    assert_memory_equal(data, data2, size);
    free(data2);
    free(data);
    isa_kernel_destroy(&r);
    isa_kernel_destroy(&k);
}

static void test_minimal_round_trip(void **state)
{
    (void)state;
    isa_kernel *k = isa_kernel_new();
    isa_word w = {1, 2};
    assert_int_equal(isa_kernel_add_code(k, &w, 1), 0);
    void *data = NULL;
    size_t size = 0;
    char err[256] = "";
    assert_int_equal(isa_kernel_write_elf_mem(k, &data, &size, err, sizeof err), 0);
    isa_kernel *r = NULL;
    assert_int_equal(isa_kernel_read_mem(data, size, NULL, &r, err, sizeof err), 0);
    assert_true(isa_kernel_equal(k, r));
    free(data);
    isa_kernel_destroy(&r);
    isa_kernel_destroy(&k);
}

static void test_elf_sections(void **state)
{
    tmp_state *t = *state;
    isa_kernel *k = full_kernel();
    char err[256] = "";
    assert_int_equal(isa_kernel_write_elf(k, t->path, err, sizeof err), 0);
    isa_kernel_destroy(&k);

    assert_int_not_equal(elf_version(EV_CURRENT), EV_NONE);
    int fd = open(t->path, O_RDONLY);
    assert_true(fd >= 0);
    Elf *e = elf_begin(fd, ELF_C_READ, NULL);
    assert_non_null(e);
    GElf_Ehdr eh;
    assert_non_null(gelf_getehdr(e, &eh));
    assert_int_equal(eh.e_ident[EI_CLASS], ELFCLASS64);
    assert_int_equal(eh.e_ident[EI_DATA], ELFDATA2LSB);
    assert_int_equal(eh.e_type, ET_EXEC);
    assert_int_equal(eh.e_machine, EM_NONE);
    assert_int_equal(eh.e_entry, 0x20);
    size_t shstrndx;
    assert_int_equal(elf_getshdrstrndx(e, &shstrndx), 0);
    static const char *const want[] = {".text",          ".gh.const", ".gh.global", ".gh.init",
                                       ".gh.launch",     ".gh.expect", ".gh.expect_mem",
                                       ".symtab",        ".strtab",   ".shstrtab"};
    int found[sizeof want / sizeof *want] = {0};
    int symbols = 0;
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
        GElf_Shdr sh;
        assert_non_null(gelf_getshdr(scn, &sh));
        const char *name = elf_strptr(e, shstrndx, sh.sh_name);
        assert_non_null(name);
        for (size_t i = 0; i < sizeof want / sizeof *want; i++)
            if (strcmp(name, want[i]) == 0)
                found[i]++;
        if (strcmp(name, ".text") == 0) {
            assert_int_equal(sh.sh_flags, SHF_ALLOC | SHF_EXECINSTR);
            assert_int_equal(sh.sh_size, 8 * 16);
        }
        if (sh.sh_type == SHT_SYMTAB) {
            Elf_Data *d = elf_getdata(scn, NULL);
            assert_non_null(d);
            for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++) {
                GElf_Sym sym;
                assert_non_null(gelf_getsym(d, (int)i, &sym));
                const char *sn = elf_strptr(e, sh.sh_link, sym.st_name);
                assert_non_null(sn);
                if (strcmp(sn, "main") == 0) {
                    assert_int_equal(sym.st_value, 0x20);
                    assert_int_equal(GELF_ST_TYPE(sym.st_info), STT_FUNC);
                    symbols++;
                }
                if (strcmp(sn, "end") == 0) {
                    assert_int_equal(sym.st_value, 0x80);
                    assert_int_equal(GELF_ST_TYPE(sym.st_info), STT_NOTYPE);
                    symbols++;
                }
            }
        }
    }
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (found[i] != 1)
            fail_msg("section %s found %d times", want[i], found[i]);
    assert_int_equal(symbols, 2);
    elf_end(e);
    close(fd);
}

static void test_raw_stream(void **state)
{
    tmp_state *t = *state;
    unsigned char raw[48];
    for (int i = 0; i < 48; i++)
        raw[i] = (unsigned char)(i * 7 + 1);
    write_file(t->path, raw, sizeof raw);
    isa_kernel *k = NULL;
    char err[256] = "";
    /* not a kernel.bin: refused unless a raw stream is asked for */
    assert_int_equal(isa_kernel_read(t->path, &k, err, sizeof err), -1);
    assert_null(k);
    assert_err(err, "not a kernel.bin: no ELF magic (01 08 0f 16, expected 7f 45 4c 46)");
    if (isa_kernel_read_raw(t->path, &k, err, sizeof err))
        fail_msg("read raw: %s", err);
    assert_int_equal(k->code_count, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(k->code[i].lo, get_le(raw + 16 * i, 8));
        assert_int_equal(k->code[i].hi, get_le(raw + 16 * i + 8, 8));
    }
    assert_int_equal(k->warps, 1);
    assert_int_equal(k->entry, 0);
    assert_int_equal(k->const_count + k->global_count + k->init_count + k->expect_reg_count +
                         k->expect_mem_count + k->symbol_count,
                     0);
    isa_kernel_destroy(&k);

    /* explicit little-endian layout: lo first */
    unsigned char one[16] = {0x01, 0, 0, 0, 0, 0, 0, 0x80, 0x02, 0, 0, 0, 0, 0, 0, 0x40};
    assert_int_equal(isa_kernel_read_raw_mem(one, 16, "one", &k, err, sizeof err), 0);
    assert_int_equal(k->code[0].lo, 0x8000000000000001ull);
    assert_int_equal(k->code[0].hi, 0x4000000000000002ull);
    isa_kernel_destroy(&k);
}

static void test_reject_empty(void **state)
{
    tmp_state *t = *state;
    write_file(t->path, "", 0);
    isa_kernel *k = NULL;
    char err[256] = "";
    assert_int_equal(isa_kernel_read(t->path, &k, err, sizeof err), -1);
    assert_null(k);
    assert_err(err, t->path);
    assert_err(err, "empty file");
    expect_reject((const unsigned char *)"", 0, "empty file");
}

static void test_reject_raw_size(void **state)
{
    (void)state;
    unsigned char raw[20] = {0};
    char err[256];
    isa_kernel *k = NULL;
    assert_int_equal(isa_kernel_read_raw_mem(raw, sizeof raw, "r", &k, err, sizeof err), -1);
    assert_err(err, "r: raw instruction stream: size 20 is not a multiple of 16");
    assert_int_equal(isa_kernel_read_raw_mem(raw, 0, "r", &k, err, sizeof err), -1);
    assert_err(err, "r: empty file");
    assert_null(k);
    expect_reject(raw, sizeof raw, "not a kernel.bin: no ELF magic (00 00 00 00");
    expect_reject((const unsigned char *)"\x7f" "E", 2, "not a kernel.bin: 2 bytes, too short for the ELF magic");
}

/* One damaged byte of the ELF magic: refused as a corrupt kernel.bin, never
 * taken for a raw stream (even when the size is a multiple of 16); the raw
 * reader, asked explicitly, reads the same bytes as instructions. */
static void test_reject_corrupt_magic(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    unsigned char *padded = calloc(1, size + 16);
    assert_non_null(padded);
    memcpy(padded, img, size);
    size_t whole = (size + 15) / 16 * 16;
    for (int byte = 0; byte < 4; byte++) {
        memcpy(padded, img, 4);
        padded[byte] ^= 0x01;
        expect_reject(padded, whole, "not a kernel.bin: corrupt ELF magic");
        isa_kernel *k = NULL;
        char err[256];
        assert_int_equal(isa_kernel_read_raw_mem(padded, whole, "r", &k, err, sizeof err), 0);
        assert_int_equal(k->code_count, whole / 16);
        isa_kernel_destroy(&k);
    }
    free(padded);
    free(img);
}

static void test_reject_truncated(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    expect_reject(img, 40, "truncated ELF header (40 bytes, need 64)");
    expect_reject(img, size / 2, "truncated");
    expect_reject(img, size - 1, "truncated: section header table");
    /* section data cut off: move .gh.global's data past the end of the file */
    unsigned char *h = shdr_of(img, ".gh.global");
    put_le(h + 24, 8, size - 4);
    expect_reject(img, size, "truncated: section .gh.global");
    free(img);
}

static void test_reject_section_size(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    put_le(shdr_of(img, ".gh.const") + 32, 8, 13);
    expect_reject(img, size, "section .gh.const: size 13 is not a multiple of 4");
    free(img);

    img = full_image(&size);
    put_le(shdr_of(img, ".text") + 32, 8, 8 * 16 - 4);
    expect_reject(img, size, "section .text: size 124 is not a multiple of 16");
    free(img);

    img = full_image(&size);
    put_le(shdr_of(img, ".gh.launch") + 32, 8, 12);
    expect_reject(img, size, "section .gh.launch: size 12, format version 1 needs 16");
    free(img);

    /* a record count larger than the section */
    img = full_image(&size);
    put_le(data_of(img, ".gh.const") + 8, 4, 0xffffffff);
    expect_reject(img, size, "section .gh.const: record 0 (byte 0): count 4294967295 exceeds");
    free(img);

    /* a record header cut in two */
    img = full_image(&size);
    put_le(shdr_of(img, ".gh.init") + 32, 8, 4);
    expect_reject(img, size, "section .gh.init: record 0 (byte 0): truncated header");
    free(img);
}

static void test_reject_version(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    put_le(data_of(img, ".gh.launch"), 4, 2);
    expect_reject(img, size, "section .gh.launch: unsupported format version 2 (this reader supports 1)");
    free(img);
}

static void test_reject_warps(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    put_le(data_of(img, ".gh.launch") + 4, 4, 65);
    expect_reject(img, size, "section .gh.launch: warp count 65 out of range 1..64");
    put_le(data_of(img, ".gh.launch") + 4, 4, 0);
    expect_reject(img, size, "warp count 0 out of range");
    free(img);

    /* the writer refuses too */
    isa_kernel *k = full_kernel();
    k->warps = 65;
    void *data = (void *)(uintptr_t)0x1;
    size_t n = 12345;
    char err[256] = "";
    assert_int_equal(isa_kernel_write_elf_mem(k, &data, &n, err, sizeof err), -1);
    assert_err(err, "cannot write invalid kernel: section .gh.launch: warp count 65");
    assert_true(data == (void *)(uintptr_t)0x1 && n == 12345);
    isa_kernel_destroy(&k);
}

static void test_reject_overlap(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    /* const record 2 (bank 0, offset 0, 1 word) moved to offset 0x18,
     * inside record 0 (bank 0, 0x10..0x1b) */
    unsigned char *c = data_of(img, ".gh.const");
    size_t rec2 = (3 + 3) * 4 + (3 + 1) * 4;
    assert_int_equal(get_le(c + rec2 + 4, 4), 0);
    put_le(c + rec2 + 4, 4, 0x18);
    expect_reject(img, size, "section .gh.const: record 2 overlaps record 0 (bank 0)");
    free(img);

    img = full_image(&size);
    /* expect_mem record 1 (0x2000, 4 words) moved onto record 0
     * (0x100000000, 2 words) */
    unsigned char *m = data_of(img, ".gh.expect_mem");
    put_le(m + (3 + 2) * 4, 4, 4);
    put_le(m + (3 + 2) * 4 + 4, 4, 1);
    expect_reject(img, size,
                  "section .gh.expect_mem: record 1 (0x100000004, 4 words) overlaps record 0");
    free(img);

    /* two sections sharing bytes */
    img = full_image(&size);
    put_le(shdr_of(img, ".gh.global") + 24, 8, get_le(shdr_of(img, ".gh.const") + 24, 8));
    expect_reject(img, size, "overlaps .gh.const in the file");
    free(img);
}

static void test_reject_header(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    img[EI_CLASS] = ELFCLASS32;
    expect_reject(img, size, "ELF class 1 is not ELFCLASS64");
    img[EI_CLASS] = ELFCLASS64;
    img[EI_DATA] = ELFDATA2MSB;
    expect_reject(img, size, "not little-endian");
    img[EI_DATA] = ELFDATA2LSB;
    put_le(img + 18, 2, EM_X86_64);
    expect_reject(img, size, "e_machine 62 is not EM_NONE");
    put_le(img + 18, 2, EM_NONE);
    put_le(img + 16, 2, ET_REL);
    expect_reject(img, size, "e_type 1 is not ET_EXEC");
    put_le(img + 16, 2, ET_EXEC);
    put_le(img + 24, 8, 0x30);
    expect_reject(img, size, "e_entry 0x30 differs from the .gh.launch entry 0x20");
    free(img);
}

static void test_reject_sections(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    unsigned char *strs = data_of(img, ".shstrtab");
    char *name = (char *)strs + get_le(shdr_of(img, ".gh.init"), 4);
    name[7] = 'x'; /* .gh.inix */
    expect_reject(img, size, "unknown section .gh.inix");
    name[7] = 't';
    /* a second .gh.launch: .gh.expect's header names it */
    put_le(shdr_of(img, ".gh.expect"), 4, get_le(shdr_of(img, ".gh.launch"), 4));
    expect_reject(img, size, "duplicate section .gh.launch");
    free(img);

    img = full_image(&size);
    strs = data_of(img, ".shstrtab");
    name = (char *)strs + get_le(shdr_of(img, ".gh.launch"), 4);
    name[0] = '_';
    expect_reject(img, size, "missing section .gh.launch");
    free(img);

    img = full_image(&size);
    put_le(shdr_of(img, ".gh.expect") + 4, 4, SHT_NOBITS);
    expect_reject(img, size, "section .gh.expect: type 8 is not SHT_PROGBITS");
    free(img);
}

static void test_reject_records(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    unsigned char *c = data_of(img, ".gh.const");
    put_le(c, 4, 40);
    expect_reject(img, size, "section .gh.const: record 0: bank 40 out of range 0..31");
    free(img);

    img = full_image(&size);
    unsigned char *i = data_of(img, ".gh.init");
    put_le(i + 4, 4, 255); /* GPR index 255 is RZ */
    expect_reject(img, size, "section .gh.init: record 0: GPR index 255 out of range 0..254");
    put_le(i + 4, 4, 0);
    put_le(i + 8, 4, 7);
    expect_reject(img, size, "value count 7 is neither 1 nor 32");
    put_le(i, 4, 9);
    put_le(i + 8, 4, 32);
    expect_reject(img, size, "section .gh.init: record 0: unknown register kind 9");
    free(img);

    img = full_image(&size);
    i = data_of(img, ".gh.expect");
    put_le(i + 4, 4, 0); /* record 0 is GPR1 (32 values); record 1 UR0 */
    unsigned char *r1 = i + (3 + 32) * 4;
    put_le(r1, 4, ISA_KERNEL_REG_GPR);
    expect_reject(img, size, "section .gh.expect: record 1: GPR0 already set by record 0");
    free(img);

    /* symbols: misaligned label */
    img = full_image(&size);
    unsigned char *sym = data_of(img, ".symtab");
    put_le(sym + 24 * 2 + 8, 8, 0x44); /* symbol 2 is "start" */
    expect_reject(img, size, "label 'start': address 0x44 is not a multiple of 16");
    free(img);
}

static void test_writer_validates(void **state)
{
    tmp_state *t = *state;
    char err[256] = "";
    isa_kernel *k = full_kernel();
    uint32_t two = 2;
    assert_int_equal(isa_kernel_add_init(k, ISA_KERNEL_REG_PRED, 1, &two, 1), 0);
    assert_int_equal(isa_kernel_write_elf(k, t->path, err, sizeof err), -1);
    assert_err(err, t->path);
    assert_err(err, "section .gh.init: record 5: predicate value 2 (lane 0) is neither 0 nor 1");
    assert_int_equal(access(t->path, F_OK), -1);
    isa_kernel_destroy(&k);

    k = full_kernel();
    uint32_t v[32] = {0};
    assert_int_equal(isa_kernel_add_expect_reg(k, ISA_KERNEL_REG_UR, 5, v, 32), 0);
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "uniform register UR5 takes 1 value, not 32");
    isa_kernel_destroy(&k);

    k = full_kernel();
    assert_int_equal(isa_kernel_add_symbol(k, "main", 0x10), 0);
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "label 'main' defined twice");
    isa_kernel_destroy(&k);

    k = full_kernel();
    assert_int_equal(isa_kernel_add_const(k, 2, 0xfffc, v, 2), 0);
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "exceeds the 65536-byte bank");
    isa_kernel_destroy(&k);

    k = full_kernel();
    assert_int_equal(isa_kernel_add_global(k, 0xfffffffffffffffcull, v, 2), 0);
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "reaches past global memory");
    isa_kernel_destroy(&k);

    k = full_kernel(); /* global memory ends at 2^48: a word across it, or at it */
    assert_int_equal(isa_kernel_add_global(k, 0xfffffffffffcull, v, 2), 0);
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "address 0xfffffffffffc + 2 words reaches past global memory");
    isa_kernel_destroy(&k);
    k = full_kernel();
    assert_int_equal(isa_kernel_add_expect_mem(k, 0x1000000000000ull, v, 1), 0);
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "section .gh.expect_mem");
    isa_kernel_destroy(&k);

    k = full_kernel();
    k->entry = 0x80;
    assert_int_equal(isa_kernel_validate(k, err, sizeof err), -1);
    assert_err(err, "entry 0x80 is past the end of code");
    isa_kernel_destroy(&k);

    assert_int_equal(isa_kernel_read("/nonexistent/kernel.bin", &k, err, sizeof err), -1);
    assert_err(err, "/nonexistent/kernel.bin: cannot open");
}

/* Every truncation and many random corruptions must be handled cleanly
 * (meaningful under -fsanitize=address,undefined). */
static void test_hostile_inputs(void **state)
{
    (void)state;
    size_t size;
    unsigned char *img = full_image(&size);
    unsigned char *copy = malloc(size);
    assert_non_null(copy);
    char err[512];
    for (size_t n = 0; n < size; n++) {
        isa_kernel *k = NULL;
        err[0] = 0;
        int rc = isa_kernel_read_mem(img, n, "cut", &k, err, sizeof err);
        if (rc == 0) /* no truncated kernel.bin is whole (nor read as a raw stream) */
            fail_msg("a kernel.bin cut to %zu of %zu bytes was accepted", n, size);
        assert_null(k);
        assert_err(err, "cut: ");
    }
    uint64_t x = 0x9e3779b97f4a7c15ull;
    int accepted = 0;
    for (int iter = 0; iter < 20000; iter++) {
        memcpy(copy, img, size);
        int flips = 1 + iter % 4;
        for (int f = 0; f < flips; f++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            size_t pos = (size_t)(x % size);
            copy[pos] = (unsigned char)(x >> 32);
        }
        isa_kernel *k = NULL;
        err[0] = 0;
        if (isa_kernel_read_mem(copy, size, "fuzz", &k, err, sizeof err) == 0) {
            accepted++;
            char verr[256];
            assert_int_equal(isa_kernel_validate(k, verr, sizeof verr), 0);
            isa_kernel_destroy(&k);
        } else {
            assert_null(k);
            assert_err(err, "fuzz: ");
        }
    }
    print_message("hostile inputs: %d of 20000 corruptions accepted (harmless bytes)\n", accepted);
    free(copy);
    free(img);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_destroy),
        cmocka_unit_test_setup_teardown(test_round_trip_file, setup, teardown),
        cmocka_unit_test(test_round_trip_mem),
        cmocka_unit_test(test_minimal_round_trip),
        cmocka_unit_test_setup_teardown(test_elf_sections, setup, teardown),
        cmocka_unit_test_setup_teardown(test_raw_stream, setup, teardown),
        cmocka_unit_test(test_reject_corrupt_magic),
        cmocka_unit_test_setup_teardown(test_reject_empty, setup, teardown),
        cmocka_unit_test(test_reject_raw_size),
        cmocka_unit_test(test_reject_truncated),
        cmocka_unit_test(test_reject_section_size),
        cmocka_unit_test(test_reject_version),
        cmocka_unit_test(test_reject_warps),
        cmocka_unit_test(test_reject_overlap),
        cmocka_unit_test(test_reject_header),
        cmocka_unit_test(test_reject_sections),
        cmocka_unit_test(test_reject_records),
        cmocka_unit_test_setup_teardown(test_writer_validates, setup, teardown),
        cmocka_unit_test(test_hostile_inputs),
    };
    return cmocka_run_group_tests_name("isa_kernel", tests, NULL, NULL);
}
