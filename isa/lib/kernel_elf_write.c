/* kernel.bin writer (format: isa/KERNEL_FORMAT.md). Every .gh.* section is an
 * array of little-endian uint32 serialized here byte by byte, so the output
 * does not depend on the host's byte order. */
#define _POSIX_C_SOURCE 200809L

#include "isa/kernel.h"
#include "isa/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* A growable byte buffer; `bad` records an allocation failure. */
typedef struct {
    unsigned char *p;
    size_t len, cap;
    int bad;
} buf;

static void put_bytes(buf *b, const void *data, size_t n)
{
    if (b->bad || n == 0)
        return;
    if (n > ((size_t)-1) / 2 - b->len) {
        b->bad = 1;
        return;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->bad = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

static void put32(buf *b, uint32_t v)
{
    unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    put_bytes(b, x, 4);
}

static void put64(buf *b, uint64_t v)
{
    put32(b, (uint32_t)v);
    put32(b, (uint32_t)(v >> 32));
}

static void put_words(buf *b, const uint32_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        put32(b, w[i]);
}

static void put_mems(buf *b, const isa_kernel_mem *m, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        put64(b, m[i].addr); /* addr_lo, addr_hi */
        put32(b, m[i].count);
        put_words(b, m[i].words, m[i].count);
    }
}

static void put_regs(buf *b, const isa_kernel_reg *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        put32(b, (uint32_t)r[i].kind);
        put32(b, r[i].index);
        put32(b, r[i].count);
        put_words(b, r[i].values, r[i].count);
    }
}

enum { S_TEXT, S_LAUNCH, S_CONST, S_GLOBAL, S_INIT, S_EXPECT, S_EXPECT_MEM, S_SYMTAB, S_STRTAB,
       S_SHSTRTAB, S_COUNT };

static const char *const section_names[S_COUNT] = {
    ISA_KERNEL_SEC_TEXT,   ISA_KERNEL_SEC_LAUNCH, ISA_KERNEL_SEC_CONST,      ISA_KERNEL_SEC_GLOBAL,
    ISA_KERNEL_SEC_INIT,   ISA_KERNEL_SEC_EXPECT, ISA_KERNEL_SEC_EXPECT_MEM, ISA_KERNEL_SEC_SYMTAB,
    ISA_KERNEL_SEC_STRTAB, ISA_KERNEL_SEC_SHSTRTAB,
};

/* Serializes k (already validated) into one buffer per section. Section
 * indices in the file are position + 1 (index 0 is the null section). */
static int serialize(const isa_kernel *k, buf s[S_COUNT], Elf64_Sym **syms, size_t *nsyms)
{
    for (size_t i = 0; i < k->code_count; i++) {
        put64(&s[S_TEXT], k->code[i].lo);
        put64(&s[S_TEXT], k->code[i].hi);
    }
    put32(&s[S_LAUNCH], ISA_KERNEL_FORMAT_VERSION);
    put32(&s[S_LAUNCH], k->warps);
    put64(&s[S_LAUNCH], k->entry);
    for (size_t i = 0; i < k->const_count; i++) {
        put32(&s[S_CONST], k->consts[i].bank);
        put32(&s[S_CONST], k->consts[i].offset);
        put32(&s[S_CONST], k->consts[i].count);
        put_words(&s[S_CONST], k->consts[i].words, k->consts[i].count);
    }
    put_mems(&s[S_GLOBAL], k->globals, k->global_count);
    put_regs(&s[S_INIT], k->inits, k->init_count);
    put_regs(&s[S_EXPECT], k->expect_regs, k->expect_reg_count);
    put_mems(&s[S_EXPECT_MEM], k->expect_mems, k->expect_mem_count);

    *nsyms = k->symbol_count + 1;
    *syms = calloc(*nsyms, sizeof **syms);
    if (!*syms)
        return -1;
    put_bytes(&s[S_STRTAB], "", 1);
    for (size_t i = 0; i < k->symbol_count; i++) {
        Elf64_Sym *y = &(*syms)[i + 1];
        y->st_name = (Elf64_Word)s[S_STRTAB].len;
        unsigned char type = k->symbols[i].addr == k->entry ? STT_FUNC : STT_NOTYPE;
        y->st_info = ELF64_ST_INFO(STB_GLOBAL, type);
        y->st_other = STV_DEFAULT;
        y->st_shndx = S_TEXT + 1;
        y->st_value = k->symbols[i].addr;
        y->st_size = 0;
        put_bytes(&s[S_STRTAB], k->symbols[i].name, strlen(k->symbols[i].name) + 1);
    }
    if (s[S_STRTAB].len > UINT32_MAX)
        return -1;

    put_bytes(&s[S_SHSTRTAB], "", 1);
    for (int i = 0; i < S_COUNT; i++)
        put_bytes(&s[S_SHSTRTAB], section_names[i], strlen(section_names[i]) + 1);
    for (int i = 0; i < S_COUNT; i++)
        if (s[i].bad)
            return -1;
    return 0;
}

/* Writes the ELF image of a validated kernel to fd. */
static int write_fd(const isa_kernel *k, int fd, const char *name, char *err, size_t errlen)
{
    buf s[S_COUNT];
    memset(s, 0, sizeof s);
    Elf64_Sym *syms = NULL;
    size_t nsyms = 0;
    Elf *e = NULL;
    int rc = -1;

    if (serialize(k, s, &syms, &nsyms)) {
        fail(err, errlen, "%s: out of memory", name);
        goto out;
    }
    if (elf_version(EV_CURRENT) == EV_NONE) {
        fail(err, errlen, "%s: libelf: %s", name, elf_errmsg(-1));
        goto out;
    }
    e = elf_begin(fd, ELF_C_WRITE, NULL);
    GElf_Ehdr eh;
    if (!e || !gelf_newehdr(e, ELFCLASS64) || !gelf_newphdr(e, 1) || !gelf_getehdr(e, &eh))
        goto elf_error;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
    eh.e_type = ET_EXEC;
    eh.e_machine = EM_NONE;
    eh.e_version = EV_CURRENT;
    eh.e_entry = k->entry;
    eh.e_flags = 0;

    size_t name_off = 1;
    for (int i = 0; i < S_COUNT; i++) {
        Elf_Scn *scn = elf_newscn(e);
        Elf_Data *d = scn ? elf_newdata(scn) : NULL;
        GElf_Shdr sh;
        if (!d || !gelf_getshdr(scn, &sh))
            goto elf_error;
        d->d_version = EV_CURRENT;
        d->d_type = ELF_T_BYTE;
        d->d_buf = s[i].p;
        d->d_size = s[i].len;
        d->d_align = 4;
        sh.sh_name = (Elf64_Word)name_off;
        name_off += strlen(section_names[i]) + 1;
        sh.sh_type = SHT_PROGBITS;
        sh.sh_flags = 0;
        sh.sh_addr = 0;
        sh.sh_addralign = 4;
        sh.sh_entsize = 4;
        sh.sh_link = 0;
        sh.sh_info = 0;
        switch (i) {
        case S_TEXT:
            sh.sh_flags = SHF_ALLOC | SHF_EXECINSTR;
            sh.sh_addralign = d->d_align = 16;
            sh.sh_entsize = 16;
            break;
        case S_SYMTAB:
            d->d_type = ELF_T_SYM;
            d->d_buf = syms;
            d->d_size = nsyms * sizeof *syms;
            d->d_align = 8;
            sh.sh_type = SHT_SYMTAB;
            sh.sh_addralign = 8;
            sh.sh_entsize = sizeof(Elf64_Sym);
            sh.sh_link = S_STRTAB + 1;
            sh.sh_info = 1; /* first non-local symbol: all labels are global */
            break;
        case S_STRTAB:
        case S_SHSTRTAB:
            d->d_align = 1;
            sh.sh_type = SHT_STRTAB;
            sh.sh_addralign = 1;
            sh.sh_entsize = 0;
            break;
        default:
            break;
        }
        if (!gelf_update_shdr(scn, &sh))
            goto elf_error;
    }
    eh.e_shstrndx = S_SHSTRTAB + 1;
    if (!gelf_update_ehdr(e, &eh) || elf_update(e, ELF_C_NULL) < 0)
        goto elf_error;

    /* One PT_LOAD maps .text at address 0, so the byte addresses of
     * instructions, e_entry and label values are all the same numbers. */
    GElf_Shdr tsh;
    if (!gelf_getshdr(elf_getscn(e, S_TEXT + 1), &tsh))
        goto elf_error;
    GElf_Phdr ph = {.p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_offset = tsh.sh_offset,
                    .p_vaddr = 0, .p_paddr = 0, .p_filesz = tsh.sh_size, .p_memsz = tsh.sh_size,
                    .p_align = 16};
    if (!gelf_update_phdr(e, 0, &ph) || elf_update(e, ELF_C_WRITE) < 0)
        goto elf_error;
    rc = 0;
    goto out;

elf_error:
    fail(err, errlen, "%s: libelf: %s", name, elf_errmsg(-1));
out:
    if (e)
        elf_end(e);
    for (int i = 0; i < S_COUNT; i++)
        free(s[i].p);
    free(syms);
    return rc;
}

static int check(const isa_kernel *k, const char *name, char *err, size_t errlen)
{
    char why[256];
    if (isa_kernel_validate(k, why, sizeof why))
        return fail(err, errlen, "%s: cannot write invalid kernel: %s", name, why);
    return 0;
}

int isa_kernel_write_elf(const isa_kernel *self, const char *path, char *err, size_t errlen)
{
    if (!path)
        return fail(err, errlen, "(null): no path");
    if (check(self, path, err, errlen))
        return -1;
    /* built in memory first, so a device or FIFO named as the output gets a
     * plain sequential write and a failure leaves the named file as it was */
    void *data = NULL;
    size_t size = 0;
    if (isa_kernel_write_elf_mem(self, &data, &size, err, errlen))
        return -1;
    isa_outfile out;
    if (isa_outfile_open(&out, path, err, errlen)) {
        free(data);
        return -1;
    }
    fwrite(data, 1, size, out.f);
    free(data);
    return isa_outfile_commit(&out, err, errlen);
}

int isa_kernel_write_elf_mem(const isa_kernel *self, void **data, size_t *size, char *err,
                             size_t errlen)
{
    const char *name = "<memory>";
    if (!data || !size)
        return fail(err, errlen, "%s: no output buffer", name);
    if (check(self, name, err, errlen))
        return -1;
    FILE *tmp = tmpfile();
    if (!tmp)
        return fail(err, errlen, "%s: tmpfile: %s", name, strerror(errno));
    int fd = fileno(tmp);
    unsigned char *p = NULL;
    int rc = write_fd(self, fd, name, err, errlen);
    struct stat st;
    if (rc == 0 && fstat(fd, &st) != 0)
        rc = fail(err, errlen, "%s: fstat: %s", name, strerror(errno));
    if (rc == 0 && (st.st_size <= 0 || !(p = malloc((size_t)st.st_size))))
        rc = fail(err, errlen, "%s: out of memory", name);
    for (size_t got = 0; rc == 0 && got < (size_t)st.st_size;) {
        ssize_t n = pread(fd, p + got, (size_t)st.st_size - got, (off_t)got);
        if (n <= 0)
            rc = fail(err, errlen, "%s: reading back: %s", name, n ? strerror(errno) : "short");
        else
            got += (size_t)n;
    }
    fclose(tmp);
    if (rc) {
        free(p);
        return -1;
    }
    *data = p;
    *size = (size_t)st.st_size;
    return 0;
}
