/* ghemu: the soft core (Unicorn RV32IMAC) and the board's memory map, the
 * hooks that keep the current PC, count instructions (the cycle counter:
 * one cycle per instruction) and catch a crashing or spinning image. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ghemu_internal.h"

#define SDRAM_SIZE GH_REF_POOL_SIZE
#define NEVER_REACHED 0xfffffffcu /* uc_emu_start's `until`: nothing is mapped there */

static const char *const causes[] = {
    [0] = "instruction address misaligned", [1] = "instruction access fault", [2] = "illegal instruction",
    [3] = "breakpoint", [4] = "load address misaligned", [5] = "load access fault",
    [6] = "store address misaligned", [7] = "store access fault", [8] = "ecall from U-mode",
    [9] = "ecall from S-mode", [11] = "ecall from M-mode", [12] = "instruction page fault",
    [13] = "load page fault", [15] = "store page fault",
};

static const char *cause_name(uint32_t cause)
{
    return cause < sizeof causes / sizeof causes[0] && causes[cause] ? causes[cause] : "exception";
}

void ghemu_crash(ghemu *e, const char *fmt, ...)
{
    if (e->crashed)
        return;
    e->crashed = true;
    char what[320], where[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    ghemu_symbolize(&e->img, e->pc, where, sizeof where);
    snprintf(e->report, sizeof e->report, "firmware crashed at pc 0x%08x (%s) after %llu instructions: %s", e->pc,
             where, (unsigned long long)e->insns, what);
    fprintf(stderr, "gpu-usbemu: board %s: %s\n", e->cfg.name ? e->cfg.name : "?", e->report);
    uc_emu_stop(e->uc);
    if (e->cfg.usb.crashed)
        e->cfg.usb.crashed(e->cfg.usb.ctx);
}

uint64_t ghemu_cycles(const ghemu *e)
{
    return e->insns + e->idle_cycles; /* the DMA engine runs beside the core */
}

void ghemu_idle_begin(ghemu *e, struct timespec *t0)
{
    (void)e;
    clock_gettime(CLOCK_MONOTONIC, t0);
}

void ghemu_idle_end(ghemu *e, const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int64_t ns = (int64_t)(t1.tv_sec - t0->tv_sec) * 1000000000 + (t1.tv_nsec - t0->tv_nsec);
    if (ns > 0)
        e->idle_cycles += (uint64_t)ns * e->cfg.clk_hz / 1000000000u;
}

void ghemu_set_idling(ghemu *e, bool idling)
{
    e->idling = idling;
    e->idled_since_step |= idling;
}

static const ghemu_reg *reg_at(uint32_t addr)
{
    unsigned lo = 0, hi = ghemu_reg_count;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (ghemu_regs[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ghemu_reg_count && ghemu_regs[lo].addr == addr ? &ghemu_regs[lo] : NULL;
}

bool ghemu_reg_access_ok(ghemu *e, uint32_t base, uint64_t off, unsigned size, bool write)
{
    e->mmio++;
    e->last_mmio = e->insns;
    const ghemu_reg *r = reg_at(base + (uint32_t)(off & ~UINT64_C(3)));
    if (size != 4 || (off & 3) != 0) {
        ghemu_crash(e, "a %u-byte %s at 0x%08llx%s%s (registers take aligned 32-bit accesses only)", size,
                    write ? "store" : "load", (unsigned long long)(base + off), r ? " in " : "", r ? r->name : "");
        return false;
    }
    if (r && write && r->access == GHEMU_RO) {
        ghemu_crash(e, "a store to the read-only register %s", r->name);
        return false;
    }
    if (r && !write && r->access == GHEMU_WO) {
        ghemu_crash(e, "a load from the write-only register %s", r->name);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------ hooks */
static void on_code(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
    (void)size;
    ghemu *e = user;
    e->pc = (uint32_t)addr;
    e->insns++;
    e->idle_insns += e->idling;
    ghemu_cost_fetch(e, (uint32_t)addr);
    ghemu_dma_tick(e);
    ghemu_usb_tick(e, false);
    if (addr < GH_REF_ROM_SIZE && e->ran[addr >> 1] != UINT32_MAX)
        e->ran[addr >> 1]++;
    if (e->stop) {
        uc_emu_stop(uc);
    } else if (addr == e->img.trap_entry && e->img.trap_entry) {
        uint32_t cause = 0, epc = 0, tval = 0;
        uc_reg_read(uc, UC_RISCV_REG_MCAUSE, &cause);
        uc_reg_read(uc, UC_RISCV_REG_MEPC, &epc);
        uc_reg_read(uc, UC_RISCV_REG_MTVAL, &tval);
        char where[128];
        ghemu_symbolize(&e->img, epc, where, sizeof where);
        e->pc = epc;
        ghemu_crash(e, "the image's trap handler was entered: %s (mcause %u), mtval 0x%08x", cause_name(cause), cause,
                    tval);
    } else if (e->cfg.spin_insns && e->insns - e->last_mmio > e->cfg.spin_insns) {
        ghemu_crash(e, "spinning: no register access in %llu instructions (the emulator's limit)",
                    (unsigned long long)e->cfg.spin_insns);
    } else if (e->cfg.max_insns && e->insns >= e->cfg.max_insns) {
        ghemu_crash(e, "the emulator's instruction limit (%llu) was reached", (unsigned long long)e->cfg.max_insns);
    }
}

/* Once per basic block: the stack pointer must stay above .bss. */
static void on_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
    (void)addr, (void)size;
    ghemu *e = user;
    uint32_t sp = 0;
    uc_reg_read(uc, UC_RISCV_REG_SP, &sp);
    if (sp >= GH_REF_RAM_BASE && sp < e->img.stack_bottom)
        ghemu_crash(e, "stack overflow: sp 0x%08x is below the stack's bottom 0x%08x (into .bss)", sp,
                    e->img.stack_bottom);
}

static void on_exception(uc_engine *uc, uint32_t intno, void *user)
{
    (void)uc;
    ghemu *e = user;
    ghemu_crash(e, "%s (exception %u)", cause_name(intno), intno);
}

static bool on_invalid(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user)
{
    (void)value;
    ghemu *e = user;
    uint32_t sp = 0;
    uc_reg_read(uc, UC_RISCV_REG_SP, &sp);
    if (sp < e->img.stack_bottom && (type == UC_MEM_READ_UNMAPPED || type == UC_MEM_WRITE_UNMAPPED) &&
        addr >= sp && addr < e->img.stack_bottom) { /* the stack ran below RAM before a block began */
        ghemu_crash(e, "stack overflow: sp 0x%08x is below the stack's bottom 0x%08x (out of RAM)", sp,
                    e->img.stack_bottom);
        return false;
    }
    const char *what = type == UC_MEM_READ_UNMAPPED    ? "load from unmapped address"
                       : type == UC_MEM_WRITE_UNMAPPED ? "store to unmapped address"
                       : type == UC_MEM_FETCH_UNMAPPED ? "instruction fetch from unmapped address"
                       : type == UC_MEM_WRITE_PROT     ? "store to read-only memory (ROM)"
                       : type == UC_MEM_FETCH_PROT     ? "instruction fetch from non-executable memory"
                                                       : "invalid memory access";
    ghemu_crash(e, "%s 0x%08llx (%d bytes)", what, (unsigned long long)addr, size);
    return false;
}

/* The soft core traps on misaligned loads and stores; Unicorn performs them. */
static void on_access(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user)
{
    (void)uc, (void)value;
    ghemu *e = user;
    ghemu_cost_data(e, (uint32_t)addr);
    if (size > 1 && (addr & (uint64_t)(size - 1)))
        ghemu_crash(e, "%s address misaligned: 0x%08llx (%d bytes)", type == UC_MEM_WRITE ? "store" : "load",
                    (unsigned long long)addr, size);
}

/* ------------------------------------------------------------ life cycle */
static int map(ghemu *e, uint64_t base, size_t size, uint32_t prot, uint8_t *mem, char *err, size_t errlen)
{
    uc_err rc = uc_mem_map_ptr(e->uc, base, size, prot, mem);
    if (rc != UC_ERR_OK)
        snprintf(err, errlen, "unicorn: mapping 0x%08llx: %s", (unsigned long long)base, uc_strerror(rc));
    return rc == UC_ERR_OK ? 0 : -1;
}

static int mmio(ghemu *e, uint64_t base, size_t size, uc_cb_mmio_read_t rd, uc_cb_mmio_write_t wr, char *err,
                size_t errlen)
{
    uc_err rc = uc_mmio_map(e->uc, base, size, rd, e, wr, e);
    if (rc != UC_ERR_OK)
        snprintf(err, errlen, "unicorn: mapping registers at 0x%08llx: %s", (unsigned long long)base, uc_strerror(rc));
    return rc == UC_ERR_OK ? 0 : -1;
}

static int build(ghemu *e, char *err, size_t errlen)
{
    uc_err rc = uc_open(UC_ARCH_RISCV, UC_MODE_RISCV32, &e->uc);
    if (rc != UC_ERR_OK) {
        snprintf(err, errlen, "unicorn: cannot open an RV32 core: %s", uc_strerror(rc));
        e->uc = NULL;
        return -1;
    }
    if (map(e, GH_REF_ROM_BASE, GH_REF_ROM_SIZE, UC_PROT_READ | UC_PROT_EXEC, e->rom, err, errlen) ||
        map(e, GH_REF_RAM_BASE, GH_REF_RAM_SIZE, UC_PROT_ALL, e->ram, err, errlen) ||
        map(e, GH_REF_POOL_BASE, SDRAM_SIZE, UC_PROT_READ | UC_PROT_WRITE, e->sdram, err, errlen) ||
        mmio(e, GH_REF_SYS_BASE, GH_REF_SYS_SIZE, ghemu_sys_read, ghemu_sys_write, err, errlen) ||
        mmio(e, GH_REF_CRC_BASE, GH_REF_CRC_SIZE, ghemu_crc_read, ghemu_crc_write, err, errlen) ||
        mmio(e, GH_REF_DMA_BASE, GH_REF_DMA_SIZE, ghemu_dma_read, ghemu_dma_write, err, errlen) ||
        mmio(e, GH_REF_USB_BASE, GH_REF_USB_SIZE, ghemu_usb_read, ghemu_usb_write, err, errlen) ||
        mmio(e, GH_REF_DBG_BASE, GH_REF_DBG_SIZE, ghemu_dbg_read, ghemu_dbg_write, err, errlen))
        return -1;
    if (uc_hook_add(e->uc, &e->hooks[0], UC_HOOK_CODE, (void *)on_code, e, 1, 0) ||
        uc_hook_add(e->uc, &e->hooks[1], UC_HOOK_BLOCK, (void *)on_block, e, 1, 0) ||
        uc_hook_add(e->uc, &e->hooks[2], UC_HOOK_INTR, (void *)on_exception, e, 1, 0) ||
        uc_hook_add(e->uc, &e->hooks[3], UC_HOOK_MEM_INVALID, (void *)on_invalid, e, 1, 0)) {
        snprintf(err, errlen, "unicorn: cannot add hooks");
        return -1;
    }
    uc_hook h;
    if (uc_hook_add(e->uc, &h, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)on_access, e, GH_REF_RAM_BASE,
                    GH_REF_RAM_BASE + GH_REF_RAM_SIZE - 1) ||
        uc_hook_add(e->uc, &h, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)on_access, e, GH_REF_POOL_BASE,
                    GH_REF_POOL_BASE + SDRAM_SIZE - 1)) {
        snprintf(err, errlen, "unicorn: cannot add memory hooks");
        return -1;
    }
    return 0;
}

ghemu *ghemu_new(const ghemu_config *cfg, char *err, size_t errlen)
{
    ghemu *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    e->cfg = *cfg;
    if (!e->cfg.clk_hz)
        e->cfg.clk_hz = 50000000u;
    e->rom = calloc(1, GH_REF_ROM_SIZE);
    e->ram = calloc(1, GH_REF_RAM_SIZE);
    e->sdram = calloc(1, SDRAM_SIZE);
    e->ran = calloc(GH_REF_ROM_SIZE / 2, sizeof *e->ran);
    ghemu_usb_reset(e);
    if (!e->rom || !e->ram || !e->sdram || !e->ran || ghemu_dbg_init(e) != 0) {
        snprintf(err, errlen, "out of memory");
        ghemu_free(&e);
        return NULL;
    }
    if (ghemu_image_load(e, cfg->image, err, errlen) != 0 || build(e, err, errlen) != 0) {
        ghemu_free(&e);
        return NULL;
    }
    return e;
}

int ghemu_run(ghemu *e)
{
    e->pc = e->img.entry;
    uc_err rc = uc_emu_start(e->uc, e->img.entry, NEVER_REACHED, 0, 0);
    if (rc != UC_ERR_OK && !e->crashed)
        ghemu_crash(e, "%s", uc_strerror(rc));
    return e->crashed ? -1 : 0;
}

void ghemu_stop(ghemu *e)
{
    e->stop = 1;
}

const char *ghemu_report(const ghemu *e)
{
    return e->report;
}

/* Instructions executed inside a function (0: it never ran). */
static uint64_t function_insns(const ghemu *e, const ghemu_symbol *s)
{
    uint64_t n = 0;
    for (uint32_t a = s->addr; a < s->addr + s->size && a < GH_REF_ROM_SIZE; a += 2)
        n += e->ran[a >> 1];
    return n;
}

void ghemu_get_stats(const ghemu *e, ghemu_stats *out)
{
    *out = e->counts;
    out->insns = e->insns;
    out->idle_cycles = e->idle_cycles;
    out->idle_insns = e->idle_insns;
    out->step_insns = e->step_insns;
    out->step_gaps = e->step_gaps;
    out->step_dma_cycles = e->step_dma_cycles;
    out->dma_cycles = e->dma_cycles;
    out->dma_wait_cycles = e->dma_wait_cycles;
    out->step_dma_wait = e->step_dma_wait;
    out->step_gateware = e->step_gateware;
    out->step_events = e->step_events;
    out->cycles = ghemu_cycles(e);
    out->mmio = e->mmio;
    out->funcs = (uint32_t)e->img.count;
    out->funcs_run = 0;
    for (size_t i = 0; i < e->img.count; i++)
        out->funcs_run += function_insns(e, &e->img.syms[i]) != 0;
}

size_t ghemu_profile(const ghemu *e, ghemu_function_cost *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < e->img.count; i++) {
        ghemu_function_cost c = {e->img.syms[i].name, function_insns(e, &e->img.syms[i])};
        if (!c.insns)
            continue;
        size_t at = n < max ? n++ : max; /* insertion into the top max, most first */
        while (at > 0 && out[at - 1].insns < c.insns) {
            if (at < max)
                out[at] = out[at - 1];
            at--;
        }
        if (at < max)
            out[at] = c;
    }
    return n;
}

int ghemu_write_coverage(const ghemu *e, const char *path)
{
    FILE *f = fopen(path, "a");
    if (!f)
        return -1;
    for (size_t i = 0; i < e->img.count; i++)
    {
        uint64_t n = function_insns(e, &e->img.syms[i]);
        fprintf(f, "%s %s %u %llu\n", n ? "run" : "not-run", e->img.syms[i].name, e->img.syms[i].size,
                (unsigned long long)n);
    }
    return fclose(f) == 0 ? 0 : -1;
}

void ghemu_free(ghemu **p)
{
    ghemu *e = *p;
    if (!e)
        return;
    if (e->uc)
        uc_close(e->uc);
    ghemu_dbg_free(e);
    ghemu_usb_free(e);
    ghemu_image_free(&e->img);
    free(e->rom), free(e->ram), free(e->sdram), free(e->ran);
    free(e);
    *p = NULL;
}
