/* ghemu: the firmware image. The PT_LOAD segments go where a flash
 * programmer puts them (their physical addresses: code and the .data image
 * in ROM); the symbol table names functions in crash reports and coverage. */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ghemu_internal.h"

static int by_addr(const void *a, const void *b)
{
    const ghemu_symbol *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Where a physical range of the image lands in the board's memories. */
static uint8_t *place(ghemu *e, uint64_t addr, uint64_t len)
{
    if (addr + len <= (uint64_t)GH_REF_ROM_SIZE) /* ROM starts at 0 */
        return e->rom + addr;
    if (addr >= GH_REF_RAM_BASE && addr + len <= GH_REF_RAM_BASE + (uint64_t)GH_REF_RAM_SIZE)
        return e->ram + (addr - GH_REF_RAM_BASE);
    return NULL;
}

static int load_segments(ghemu *e, Elf *elf, const char *path, char *err, size_t errlen)
{
    size_t n;
    if (elf_getphdrnum(elf, &n) != 0) {
        snprintf(err, errlen, "%s: no program headers: %s", path, elf_errmsg(-1));
        return -1;
    }
    size_t size = 0;
    char *bytes = elf_rawfile(elf, &size);
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD || ph.p_filesz == 0)
            continue;
        uint8_t *dst = place(e, ph.p_paddr, ph.p_filesz);
        if (!dst || ph.p_offset + ph.p_filesz > size) {
            snprintf(err, errlen, "%s: segment %zu (0x%llx, %llu bytes) is outside the board's ROM and RAM", path,
                     i, (unsigned long long)ph.p_paddr, (unsigned long long)ph.p_filesz);
            return -1;
        }
        memcpy(dst, bytes + ph.p_offset, ph.p_filesz);
    }
    return 0;
}

static int load_symbols(ghemu_image *img, Elf *elf)
{
    Elf_Scn *scn = NULL;
    uint32_t stack_size = 0, bss_end = 0;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        size_t count = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        img->syms = calloc(count ? count : 1, sizeof *img->syms);
        if (!img->syms)
            return -1;
        for (size_t i = 0; i < count; i++) {
            GElf_Sym s;
            if (!gelf_getsym(data, (int)i, &s))
                continue;
            const char *name = elf_strptr(elf, sh.sh_link, s.st_name);
            if (!name || !*name)
                continue;
            if (strcmp(name, "trap_entry") == 0)
                img->trap_entry = (uint32_t)s.st_value;
            else if (strcmp(name, "__stack_top") == 0)
                img->stack_top = (uint32_t)s.st_value;
            else if (strcmp(name, "__stack_size") == 0)
                stack_size = (uint32_t)s.st_value;
            else if (strcmp(name, "__bss_end") == 0)
                bss_end = (uint32_t)s.st_value;
            if (GELF_ST_TYPE(s.st_info) != STT_FUNC || s.st_size == 0)
                continue;
            ghemu_symbol *d = &img->syms[img->count++];
            /* a clone GCC made (broken_deep.isra.0, f.constprop.0, f.part.0): the source's name */
            d->name = strndup(name, strcspn(name, "."));
            d->addr = (uint32_t)s.st_value;
            d->size = (uint32_t)s.st_size;
            if (!d->name)
                return -1;
        }
    }
    qsort(img->syms, img->count, sizeof *img->syms, by_addr);
    /* the stack's lowest word: below it the stack has run into .bss */
    img->stack_bottom = img->stack_top && stack_size ? img->stack_top - stack_size : bss_end;
    return 0;
}

int ghemu_image_load(ghemu *e, const char *path, char *err, size_t errlen)
{
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
        return -1;
    }
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open the firmware image %s", path);
        return -1;
    }
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    GElf_Ehdr eh;
    int rc = -1;
    if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
        snprintf(err, errlen, "%s: not an ELF file", path);
    } else if (gelf_getclass(elf) != ELFCLASS32 || eh.e_machine != EM_RISCV) {
        snprintf(err, errlen, "%s: not a 32-bit RISC-V image", path);
    } else if (load_segments(e, elf, path, err, errlen) == 0) {
        e->img.entry = (uint32_t)eh.e_entry;
        rc = load_symbols(&e->img, elf);
        if (rc)
            snprintf(err, errlen, "%s: out of memory reading its symbols", path);
    }
    if (elf)
        elf_end(elf);
    close(fd);
    return rc;
}

void ghemu_image_free(ghemu_image *img)
{
    for (size_t i = 0; i < img->count; i++)
        free(img->syms[i].name);
    free(img->syms);
    memset(img, 0, sizeof *img);
}

const ghemu_symbol *ghemu_symbol_at(const ghemu_image *img, uint32_t addr)
{
    size_t lo = 0, hi = img->count;
    while (lo < hi) { /* the last symbol starting at or before addr */
        size_t mid = (lo + hi) / 2;
        if (img->syms[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    const ghemu_symbol *s = &img->syms[lo - 1];
    return addr < s->addr + s->size ? s : NULL;
}

void ghemu_symbolize(const ghemu_image *img, uint32_t addr, char *out, size_t len)
{
    const ghemu_symbol *s = ghemu_symbol_at(img, addr);
    if (s)
        snprintf(out, len, "%s+0x%x", s->name, addr - s->addr);
    else
        snprintf(out, len, "no function symbol");
}
