/* kernel.bin reader (format: isa/KERNEL_FORMAT.md) and the raw-stream reader.
 * The input is hostile until proven otherwise: the ELF header and section
 * table are bounds-checked on the raw bytes before libelf sees them, every
 * section is checked against the file, every record against its section,
 * and the result goes through isa_kernel_validate. */
#define _POSIX_C_SOURCE 200809L

#include "isa/kernel.h"
#include "isa/infile.h"

#include <errno.h>
#include <stdbool.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SECTIONS 64u
#define EHDR_SIZE 64u
#define SHDR_SIZE 64u
#define PHDR_SIZE 56u
#define SYM_SIZE 24u

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

static uint16_t rd16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const unsigned char *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* ---- raw stream ---- */

static int read_raw(const unsigned char *p, size_t size, const char *name, isa_kernel **out,
                    char *err, size_t errlen)
{
    if (size % 16)
        return fail(err, errlen, "%s: raw instruction stream: size %zu is not a multiple of 16", name,
                    size);
    isa_kernel *k = isa_kernel_new();
    isa_word *code = malloc(size);
    if (!k || !code) {
        free(code);
        isa_kernel_destroy(&k);
        return fail(err, errlen, "%s: out of memory", name);
    }
    for (size_t i = 0; i < size / 16; i++)
        code[i] = (isa_word){rd64(p + 16 * i), rd64(p + 16 * i + 8)};
    k->code = code;
    k->code_count = size / 16;
    *out = k;
    return 0;
}

/* ---- ELF ---- */

enum { S_TEXT, S_LAUNCH, S_CONST, S_GLOBAL, S_INIT, S_EXPECT, S_EXPECT_MEM, S_SYMTAB, S_COUNT };

static const char *const section_names[S_COUNT] = {
    ISA_KERNEL_SEC_TEXT, ISA_KERNEL_SEC_LAUNCH, ISA_KERNEL_SEC_CONST,      ISA_KERNEL_SEC_GLOBAL,
    ISA_KERNEL_SEC_INIT, ISA_KERNEL_SEC_EXPECT, ISA_KERNEL_SEC_EXPECT_MEM, ISA_KERNEL_SEC_SYMTAB,
};

typedef struct {
    Elf_Scn *scn;
    size_t index;
    GElf_Shdr sh;
    const unsigned char *p; /* section bytes (little-endian records) */
    size_t size;
} section;

typedef struct {
    const char *name; /* file name for messages */
    char *err;
    size_t errlen;
    Elf *elf;
    size_t file_size;
    section sec[S_COUNT];
} reader;

/* Checks the ELF header and the header tables on the raw bytes. */
static int check_header(const unsigned char *p, size_t size, const char *name, char *err,
                        size_t errlen)
{
    if (size < EHDR_SIZE)
        return fail(err, errlen, "%s: truncated ELF header (%zu bytes, need %u)", name, size,
                    EHDR_SIZE);
    if (p[EI_CLASS] != ELFCLASS64)
        return fail(err, errlen, "%s: ELF class %u is not ELFCLASS64", name, p[EI_CLASS]);
    if (p[EI_DATA] != ELFDATA2LSB)
        return fail(err, errlen, "%s: ELF data encoding %u is not little-endian (ELFDATA2LSB)",
                    name, p[EI_DATA]);
    if (p[EI_VERSION] != EV_CURRENT || rd32(p + 20) != EV_CURRENT)
        return fail(err, errlen, "%s: ELF version is not EV_CURRENT", name);
    uint16_t type = rd16(p + 16), machine = rd16(p + 18);
    if (type != ET_EXEC)
        return fail(err, errlen, "%s: e_type %u is not ET_EXEC", name, type);
    if (machine != EM_NONE)
        return fail(err, errlen, "%s: e_machine %u is not EM_NONE (0), not a gpuhost kernel",
                    name, machine);
    uint64_t phoff = rd64(p + 32), shoff = rd64(p + 40);
    uint16_t ehsize = rd16(p + 52), phentsize = rd16(p + 54), phnum = rd16(p + 56);
    uint16_t shentsize = rd16(p + 58), shnum = rd16(p + 60), shstrndx = rd16(p + 62);
    if (ehsize != EHDR_SIZE)
        return fail(err, errlen, "%s: e_ehsize %u is not %u", name, ehsize, EHDR_SIZE);
    if (phnum && phentsize != PHDR_SIZE)
        return fail(err, errlen, "%s: e_phentsize %u is not %u", name, phentsize, PHDR_SIZE);
    if (phnum && (phoff > size || (size - phoff) / PHDR_SIZE < phnum))
        return fail(err, errlen,
                    "%s: truncated: program header table (offset %llu, %u entries) extends past "
                    "the end of the file (%zu bytes)",
                    name, (unsigned long long)phoff, phnum, size);
    if (shnum == 0)
        return fail(err, errlen, "%s: no section header table", name);
    if (shnum > MAX_SECTIONS)
        return fail(err, errlen, "%s: %u sections, at most %u allowed", name, shnum, MAX_SECTIONS);
    if (shentsize != SHDR_SIZE)
        return fail(err, errlen, "%s: e_shentsize %u is not %u", name, shentsize, SHDR_SIZE);
    if (shoff > size || (size - shoff) / SHDR_SIZE < shnum)
        return fail(err, errlen,
                    "%s: truncated: section header table (offset %llu, %u entries) extends past "
                    "the end of the file (%zu bytes)",
                    name, (unsigned long long)shoff, shnum, size);
    if (shstrndx == SHN_UNDEF || shstrndx >= shnum)
        return fail(err, errlen, "%s: e_shstrndx %u is not a section (%u sections)", name,
                    shstrndx, shnum);
    return 0;
}

typedef struct {
    uint64_t lo, end;
    const char *what;
} range;

/* Finds the sections gpuhost knows and checks that nothing overlaps. */
static int scan_sections(reader *r, size_t shstrndx)
{
    range ranges[MAX_SECTIONS + 2];
    size_t nr = 0;
    GElf_Ehdr eh;
    if (!gelf_getehdr(r->elf, &eh))
        return fail(r->err, r->errlen, "%s: libelf: %s", r->name, elf_errmsg(-1));
    ranges[nr++] = (range){0, EHDR_SIZE, "the ELF header"};
    ranges[nr++] = (range){eh.e_shoff, eh.e_shoff + (uint64_t)eh.e_shnum * SHDR_SIZE,
                           "the section header table"};
    /* program headers are not needed and not checked beyond their bounds */

    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(r->elf, scn)) != NULL;) {
        size_t idx = elf_ndxscn(scn);
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return fail(r->err, r->errlen, "%s: section %zu: libelf: %s", r->name, idx,
                        elf_errmsg(-1));
        const char *sname = elf_strptr(r->elf, shstrndx, sh.sh_name);
        if (!sname)
            return fail(r->err, r->errlen, "%s: section %zu: name offset %u is not in .shstrtab",
                        r->name, idx, sh.sh_name);
        if (sh.sh_type != SHT_NOBITS &&
            (sh.sh_offset > r->file_size || r->file_size - sh.sh_offset < sh.sh_size))
            return fail(r->err, r->errlen,
                        "%s: truncated: section %s (offset %llu, size %llu) extends past the end "
                        "of the file (%zu bytes)",
                        r->name, sname, (unsigned long long)sh.sh_offset,
                        (unsigned long long)sh.sh_size, r->file_size);
        if (sh.sh_type != SHT_NOBITS && sh.sh_size) {
            for (size_t i = 0; i < nr; i++)
                if (sh.sh_offset < ranges[i].end && ranges[i].lo < sh.sh_offset + sh.sh_size)
                    return fail(r->err, r->errlen, "%s: section %s overlaps %s in the file",
                                r->name, sname, ranges[i].what);
            ranges[nr++] = (range){sh.sh_offset, sh.sh_offset + sh.sh_size, sname};
        }
        int slot = -1;
        for (int i = 0; i < S_COUNT; i++)
            if (strcmp(sname, section_names[i]) == 0)
                slot = i;
        if (slot < 0) {
            if (strncmp(sname, ".gh.", 4) == 0)
                return fail(r->err, r->errlen, "%s: unknown section %s (format version %u)",
                            r->name, sname, ISA_KERNEL_FORMAT_VERSION);
            continue; /* .strtab, .shstrtab, .comment, ...: not ours to check */
        }
        section *s = &r->sec[slot];
        if (s->scn)
            return fail(r->err, r->errlen, "%s: duplicate section %s (sections %zu and %zu)",
                        r->name, sname, s->index, idx);
        uint32_t want_type = slot == S_SYMTAB ? SHT_SYMTAB : SHT_PROGBITS;
        if (sh.sh_type != want_type)
            return fail(r->err, r->errlen, "%s: section %s: type %u is not %s", r->name, sname,
                        sh.sh_type, slot == S_SYMTAB ? "SHT_SYMTAB" : "SHT_PROGBITS");
        s->scn = scn;
        s->index = idx;
        s->sh = sh;
        if (slot == S_SYMTAB)
            continue; /* read through gelf_getsym */
        Elf_Data *d = elf_rawdata(scn, NULL);
        if (!d || d->d_size != sh.sh_size || (sh.sh_size && !d->d_buf))
            return fail(r->err, r->errlen, "%s: section %s: libelf: %s", r->name, sname,
                        elf_errmsg(-1));
        s->p = d->d_buf;
        s->size = d->d_size;
        uint64_t unit = slot == S_TEXT ? 16 : 4;
        if (s->size % unit)
            return fail(r->err, r->errlen, "%s: section %s: size %zu is not a multiple of %u",
                        r->name, sname, s->size, (unsigned)unit);
        if (sh.sh_entsize != 0 && sh.sh_entsize != unit)
            return fail(r->err, r->errlen, "%s: section %s: sh_entsize %llu is not %u", r->name,
                        sname, (unsigned long long)sh.sh_entsize, (unsigned)unit);
    }
    for (int i = 0; i < S_COUNT; i++)
        if ((i == S_TEXT || i == S_LAUNCH) && !r->sec[i].scn)
            return fail(r->err, r->errlen, "%s: missing section %s", r->name, section_names[i]);
    return 0;
}

static int read_launch(reader *r, isa_kernel *k)
{
    const section *s = &r->sec[S_LAUNCH];
    const char *sn = ISA_KERNEL_SEC_LAUNCH;
    if (s->size < 4)
        return fail(r->err, r->errlen, "%s: section %s: empty, no format version", r->name, sn);
    uint32_t version = rd32(s->p);
    if (version != ISA_KERNEL_FORMAT_VERSION)
        return fail(r->err, r->errlen,
                    "%s: section %s: unsupported format version %u (this reader supports %u)",
                    r->name, sn, version, ISA_KERNEL_FORMAT_VERSION);
    if (s->size != 16)
        return fail(r->err, r->errlen, "%s: section %s: size %zu, format version %u needs 16",
                    r->name, sn, s->size, version);
    k->warps = rd32(s->p + 4);
    k->entry = rd64(s->p + 8);
    GElf_Ehdr eh;
    if (!gelf_getehdr(r->elf, &eh))
        return fail(r->err, r->errlen, "%s: libelf: %s", r->name, elf_errmsg(-1));
    if (eh.e_entry != k->entry)
        return fail(r->err, r->errlen, "%s: e_entry 0x%llx differs from the %s entry 0x%llx",
                    r->name, (unsigned long long)eh.e_entry, sn, (unsigned long long)k->entry);
    return 0;
}

static int read_text(reader *r, isa_kernel *k)
{
    const section *s = &r->sec[S_TEXT];
    if (s->size == 0)
        return fail(r->err, r->errlen, "%s: section %s: empty, no code", r->name,
                    ISA_KERNEL_SEC_TEXT);
    if (!(s->sh.sh_flags & SHF_EXECINSTR) || s->sh.sh_addr != 0)
        return fail(r->err, r->errlen,
                    "%s: section %s: must be SHF_EXECINSTR at address 0 (flags 0x%llx, addr "
                    "0x%llx)",
                    r->name, ISA_KERNEL_SEC_TEXT, (unsigned long long)s->sh.sh_flags,
                    (unsigned long long)s->sh.sh_addr);
    k->code = malloc(s->size);
    if (!k->code)
        return fail(r->err, r->errlen, "%s: out of memory", r->name);
    k->code_count = s->size / 16;
    for (size_t i = 0; i < k->code_count; i++)
        k->code[i] = (isa_word){rd64(s->p + 16 * i), rd64(s->p + 16 * i + 8)};
    return 0;
}

/* Walks the records of a .gh.* section: header words, then `count` words,
 * where count is header word `count_at`. */
typedef struct {
    const unsigned char *p;
    size_t size, pos, n; /* n: records read so far */
} cursor;

/* Reads the next record's header (hdr_words words) and checks its count.
 * Returns 1 with hdr/words filled, 0 at the end, -1 on error. */
static int next_record(reader *r, const char *sn, cursor *c, uint32_t *hdr, unsigned hdr_words,
                       unsigned count_at, const unsigned char **words)
{
    if (c->pos == c->size)
        return 0;
    size_t left = c->size - c->pos;
    if (left < 4u * hdr_words)
        return fail(r->err, r->errlen,
                    "%s: section %s: record %zu (byte %zu): truncated header, %zu bytes left of "
                    "%u",
                    r->name, sn, c->n, c->pos, left, 4u * hdr_words);
    for (unsigned i = 0; i < hdr_words; i++)
        hdr[i] = rd32(c->p + c->pos + 4 * i);
    left -= 4u * hdr_words;
    uint32_t count = hdr[count_at];
    if (count > left / 4)
        return fail(r->err, r->errlen,
                    "%s: section %s: record %zu (byte %zu): count %u exceeds the %zu words left "
                    "in the section",
                    r->name, sn, c->n, c->pos, count, left / 4);
    *words = c->p + c->pos + 4u * hdr_words;
    c->pos += 4u * hdr_words + 4u * (size_t)count;
    c->n++;
    return 1;
}

/* Record words, converted to host order; *buf is reused between records. */
static const uint32_t *host_words(const unsigned char *p, uint32_t n, uint32_t **buf,
                                  size_t *cap)
{
    if (n > *cap) {
        uint32_t *b = realloc(*buf, (size_t)n * sizeof *b);
        if (!b)
            return NULL;
        *buf = b;
        *cap = n;
    }
    for (uint32_t i = 0; i < n; i++)
        (*buf)[i] = rd32(p + 4 * i);
    return *buf;
}

static int read_records(reader *r, isa_kernel *k, int slot)
{
    const section *s = &r->sec[slot];
    const char *sn = section_names[slot];
    cursor c = {s->p, s->size, 0, 0};
    uint32_t hdr[3] = {0, 0, 0}, *buf = NULL;
    size_t cap = 0;
    const unsigned char *raw = NULL;
    int got = 0, rc = 0;
    const size_t max_regs = 255 + 63 + 7 + 7; /* more records must duplicate a register */
    while (rc == 0 && (got = next_record(r, sn, &c, hdr, 3, 2, &raw)) > 0) {
        if ((slot == S_INIT || slot == S_EXPECT) && hdr[2] != 1 && hdr[2] != ISA_KERNEL_LANES) {
            rc = fail(r->err, r->errlen,
                      "%s: section %s: record %zu: value count %u is neither 1 nor 32", r->name,
                      sn, c.n - 1, hdr[2]);
            break;
        }
        if ((slot == S_INIT || slot == S_EXPECT) && c.n > max_regs) {
            rc = fail(r->err, r->errlen, "%s: section %s: more than %zu records", r->name, sn,
                      max_regs);
            break;
        }
        const uint32_t *w = host_words(raw, hdr[2], &buf, &cap);
        uint64_t addr = (uint64_t)hdr[0] | (uint64_t)hdr[1] << 32;
        int bad = !w && hdr[2];
        if (!bad) {
            switch (slot) {
            case S_CONST: bad = isa_kernel_add_const(k, hdr[0], hdr[1], w, hdr[2]); break;
            case S_GLOBAL: bad = isa_kernel_add_global(k, addr, w, hdr[2]); break;
            case S_EXPECT_MEM: bad = isa_kernel_add_expect_mem(k, addr, w, hdr[2]); break;
            case S_INIT:
                bad = isa_kernel_add_init(k, (isa_kernel_reg_kind)hdr[0], hdr[1], w, hdr[2]);
                break;
            case S_EXPECT:
                bad = isa_kernel_add_expect_reg(k, (isa_kernel_reg_kind)hdr[0], hdr[1], w, hdr[2]);
                break;
            }
        }
        if (bad)
            rc = fail(r->err, r->errlen, "%s: section %s: out of memory", r->name, sn);
    }
    free(buf);
    return got < 0 ? -1 : rc;
}

static int read_symbols(reader *r, isa_kernel *k)
{
    const section *s = &r->sec[S_SYMTAB];
    const char *sn = ISA_KERNEL_SEC_SYMTAB;
    if (!s->scn)
        return 0;
    if (s->sh.sh_entsize != SYM_SIZE || s->sh.sh_size % SYM_SIZE || s->sh.sh_size == 0)
        return fail(r->err, r->errlen,
                    "%s: section %s: size %llu / sh_entsize %llu: want a non-zero multiple of %u",
                    r->name, sn, (unsigned long long)s->sh.sh_size,
                    (unsigned long long)s->sh.sh_entsize, SYM_SIZE);
    size_t nsec = 0;
    GElf_Shdr strsh;
    Elf_Scn *strscn;
    if (elf_getshdrnum(r->elf, &nsec) || s->sh.sh_link == 0 || s->sh.sh_link >= nsec ||
        !(strscn = elf_getscn(r->elf, s->sh.sh_link)) || !gelf_getshdr(strscn, &strsh) ||
        strsh.sh_type != SHT_STRTAB)
        return fail(r->err, r->errlen, "%s: section %s: sh_link %u is not a string table",
                    r->name, sn, s->sh.sh_link);
    Elf_Data *d = elf_getdata(s->scn, NULL);
    if (!d || d->d_size != s->sh.sh_size)
        return fail(r->err, r->errlen, "%s: section %s: libelf: %s", r->name, sn, elf_errmsg(-1));
    size_t n = s->sh.sh_size / SYM_SIZE;
    for (size_t i = 0; i < n; i++) {
        GElf_Sym sym;
        if (!gelf_getsym(d, (int)i, &sym))
            return fail(r->err, r->errlen, "%s: section %s: symbol %zu: libelf: %s", r->name, sn,
                        i, elf_errmsg(-1));
        if (i == 0) {
            if (sym.st_name || sym.st_value || sym.st_size || sym.st_info || sym.st_shndx)
                return fail(r->err, r->errlen, "%s: section %s: symbol 0 is not the null symbol",
                            r->name, sn);
            continue;
        }
        unsigned type = GELF_ST_TYPE(sym.st_info);
        if (type == STT_SECTION || type == STT_FILE)
            continue;
        const char *name = elf_strptr(r->elf, s->sh.sh_link, sym.st_name);
        if (!name)
            return fail(r->err, r->errlen,
                        "%s: section %s: symbol %zu: name offset %u is not in the string table",
                        r->name, sn, i, sym.st_name);
        if (type != STT_FUNC && type != STT_NOTYPE)
            return fail(r->err, r->errlen,
                        "%s: section %s: symbol %zu '%s': type %u is neither STT_FUNC nor "
                        "STT_NOTYPE",
                        r->name, sn, i, name, type);
        if (sym.st_shndx != r->sec[S_TEXT].index)
            return fail(r->err, r->errlen,
                        "%s: section %s: symbol %zu '%s': section index %u is not .text (%zu)",
                        r->name, sn, i, name, sym.st_shndx, r->sec[S_TEXT].index);
        if (isa_kernel_add_symbol(k, name, sym.st_value))
            return fail(r->err, r->errlen, "%s: out of memory", r->name);
    }
    return 0;
}

static int read_elf(const unsigned char *p, size_t size, const char *name, isa_kernel **out,
                    char *err, size_t errlen)
{
    if (check_header(p, size, name, err, errlen))
        return -1;
    if (elf_version(EV_CURRENT) == EV_NONE)
        return fail(err, errlen, "%s: libelf: %s", name, elf_errmsg(-1));
    /* libelf wants a mutable, suitably aligned image: give it a private copy */
    char *image = malloc(size);
    if (!image)
        return fail(err, errlen, "%s: out of memory", name);
    memcpy(image, p, size);
    reader r = {.name = name, .err = err, .errlen = errlen, .file_size = size};
    isa_kernel *k = NULL;
    int rc = -1;
    size_t shstrndx;
    r.elf = elf_memory(image, size);
    if (!r.elf || elf_kind(r.elf) != ELF_K_ELF || elf_getshdrstrndx(r.elf, &shstrndx)) {
        fail(err, errlen, "%s: not a valid ELF file: %s", name, elf_errmsg(-1));
        goto out;
    }
    k = isa_kernel_new();
    if (!k) {
        fail(err, errlen, "%s: out of memory", name);
        goto out;
    }
    if (scan_sections(&r, shstrndx) || read_launch(&r, k) || read_text(&r, k) ||
        read_records(&r, k, S_CONST) || read_records(&r, k, S_GLOBAL) ||
        read_records(&r, k, S_INIT) || read_records(&r, k, S_EXPECT) ||
        read_records(&r, k, S_EXPECT_MEM) || read_symbols(&r, k))
        goto out;
    rc = 0;
out:
    if (r.elf)
        elf_end(r.elf);
    free(image);
    if (rc == 0)
        *out = k;
    else
        isa_kernel_destroy(&k);
    return rc;
}

/* A file that does not start with the ELF magic is not a kernel.bin: say
 * how far it is from one (a damaged magic is named as such). */
static int not_elf(const unsigned char *p, size_t size, const char *name, char *err, size_t errlen)
{
    if (size < SELFMAG)
        return fail(err, errlen, "%s: not a kernel.bin: %zu byte%s, too short for the ELF magic", name,
                    size, size == 1 ? "" : "s");
    int same = 0;
    for (int i = 0; i < SELFMAG; i++)
        same += p[i] == (unsigned char)ELFMAG[i];
    return fail(err, errlen, "%s: not a kernel.bin: %s (%02x %02x %02x %02x, expected 7f 45 4c 46)", name,
                same >= 2 ? "corrupt ELF magic" : "no ELF magic", p[0], p[1], p[2], p[3]);
}

/* Shared by both readers: the checks every input gets, then the format's
 * reader, then validation. */
static int read_mem_as(const void *data, size_t size, const char *name, bool raw, isa_kernel **out,
                       char *err, size_t errlen)
{
    if (!name)
        name = "<memory>";
    if (!out)
        return fail(err, errlen, "%s: no output kernel", name);
    if (size == 0)
        return fail(err, errlen, "%s: empty file", name);
    if (!data)
        return fail(err, errlen, "%s: no data", name);
    if (size > ISA_KERNEL_MAX_FILE_SIZE)
        return fail(err, errlen, "%s: size %zu exceeds the %u-byte limit", name, size,
                    ISA_KERNEL_MAX_FILE_SIZE);
    const unsigned char *p = data;
    isa_kernel *k = NULL;
    int rc = raw ? read_raw(p, size, name, &k, err, errlen)
             : size >= SELFMAG && memcmp(p, ELFMAG, SELFMAG) == 0 ? read_elf(p, size, name, &k, err, errlen)
                                                                 : not_elf(p, size, name, err, errlen);
    if (rc)
        return -1;
    char why[256];
    if (isa_kernel_validate(k, why, sizeof why)) {
        isa_kernel_destroy(&k);
        return fail(err, errlen, "%s: %s", name, why);
    }
    *out = k;
    return 0;
}

int isa_kernel_read_mem(const void *data, size_t size, const char *name, isa_kernel **out,
                        char *err, size_t errlen)
{
    return read_mem_as(data, size, name, false, out, err, errlen);
}

int isa_kernel_read_raw_mem(const void *data, size_t size, const char *name, isa_kernel **out,
                            char *err, size_t errlen)
{
    return read_mem_as(data, size, name, true, out, err, errlen);
}

static int read_file_as(const char *path, bool raw, isa_kernel **out, char *err, size_t errlen)
{
    if (!path)
        return fail(err, errlen, "(null): no path");
    char why[160];
    FILE *f = isa_infile_open(path, why, sizeof why);
    if (!f)
        return fail(err, errlen, "%s: %s", path, why);
    unsigned char *p = NULL;
    size_t len = 0, cap = 0;
    int rc = 0;
    for (;;) {
        if (len == cap) {
            if (cap > ISA_KERNEL_MAX_FILE_SIZE) {
                rc = fail(err, errlen, "%s: size exceeds the %u-byte limit", path,
                          ISA_KERNEL_MAX_FILE_SIZE);
                break;
            }
            size_t ncap = cap ? 2 * cap : 65536;
            if (ncap > (size_t)ISA_KERNEL_MAX_FILE_SIZE + 1)
                ncap = (size_t)ISA_KERNEL_MAX_FILE_SIZE + 1;
            unsigned char *np = realloc(p, ncap);
            if (!np) {
                rc = fail(err, errlen, "%s: out of memory", path);
                break;
            }
            p = np;
            cap = ncap;
        }
        size_t n = fread(p + len, 1, cap - len, f);
        len += n;
        if (!raw && len >= SELFMAG && memcmp(p, ELFMAG, SELFMAG) != 0)
            break; /* not a kernel.bin: no need to read on (/dev/zero) */
        if (n == 0) {
            if (ferror(f))
                rc = fail(err, errlen, "%s: read error: %s", path, strerror(errno));
            break;
        }
    }
    fclose(f);
    if (rc == 0)
        rc = read_mem_as(p, len, path, raw, out, err, errlen);
    free(p);
    return rc;
}

int isa_kernel_read(const char *path, isa_kernel **out, char *err, size_t errlen)
{
    return read_file_as(path, false, out, err, errlen);
}

int isa_kernel_read_raw(const char *path, isa_kernel **out, char *err, size_t errlen)
{
    return read_file_as(path, true, out, err, errlen);
}
