// ghsoc: the Verilated gh-ref SoC (gh_ref_sim_top) clocked here, its USB
// endpoint interface bridged to gpu-usbemu's host side (ghsoc.h).
#include "ghsoc.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

#include "gh_ref_regs.h"
#include "Vgh_ref_sim.h"
#include "Vgh_ref_sim__Dpi.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {

constexpr uint32_t kMaxPacket = 512;
constexpr uint64_t kHostPollCycles = 64;      // how often the bridge asks the host side for news
constexpr uint64_t kEventPollCycles = 4096;   // bus resets and SET_CONFIGURATION
constexpr uint64_t kIdleCycles = 1u << 16;    // quiet cycles before the bridge blocks for the host a while
constexpr uint32_t kIdleWaitUs = 200;
constexpr uint64_t kStepGapLimit = 1u << 20;  // a longer gap between steps waited for the host

// The ROM image being handed to the Verilated ROM's initial block
// (gh_ref_rom_word, a DPI import): one model is built at a time.
std::mutex rom_mu;
const std::vector<uint32_t> *rom_loading;

}  // namespace

extern "C" int gh_ref_rom_word(int index)
{
    if (!rom_loading || index < 0 || (size_t)index >= rom_loading->size())
        return 0;
    return (int)(*rom_loading)[(size_t)index];
}

// Cycles the soft core waited, and the waits that began, since the last step.
struct waits {
    uint64_t fetch = 0, fills = 0, rom = 0, ram = 0, ram_n = 0, sdram = 0, sdram_n = 0, regs = 0, regs_n = 0;
};

struct ghsoc {
    ghsoc_config cfg;
    std::string name, report;
    VerilatedContext ctx;
    Vgh_ref_sim *top = nullptr;
    VerilatedFstC *fst = nullptr; // --wave
    bool wave_on = false;
    bool stressed = false;
    uint64_t time = 0; // half cycles, the waveform's time
    std::atomic<bool> stop{false};
    ghsoc_stats st{};
    // OUT: the packet being fed to ep_out
    uint8_t out_buf[kMaxPacket];
    int out_len = -1; // -1: none
    uint32_t out_at = 0;
    // IN: the transfer being assembled from ep_in packets
    std::vector<uint8_t> in_buf;
    uint32_t in_packet = 0; // bytes of the current packet
    bool in_room = false;   // the host side can take the packet being received
    bool connected = false;
    uint64_t quiet = 0, last_step = 0, last_events = 0;
    bool waited_since_step = false;
    rtl_stress_rng rng;           // --stress: the draws, seeded by the setting
    uint32_t ready_low_left = 0;  // cycles of an rt_ready-low burst still to come
    waits gap; // since the last step
    bool was_fetching = false;
    uint8_t was_waiting = 0;
};

static int load_rom(const char *path, std::vector<uint32_t> &rom, std::string &err)
{
    if (elf_version(EV_CURRENT) == EV_NONE) {
        err = "libelf is unusable";
        return -1;
    }
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        err = std::string("cannot open the image ") + path + ": " + strerror(errno);
        return -1;
    }
    Elf *elf = elf_begin(fd, ELF_C_READ, nullptr);
    size_t n = 0;
    int rc = -1;
    if (!elf || elf_kind(elf) != ELF_K_ELF || elf_getphdrnum(elf, &n) != 0) {
        err = std::string(path) + ": not an ELF file";
    } else {
        std::vector<uint8_t> bytes(rom.size() * 4, 0);
        size_t size = 0;
        const char *raw = elf_rawfile(elf, &size);
        rc = 0;
        for (size_t i = 0; i < n && rc == 0; i++) {
            GElf_Phdr ph;
            if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD || ph.p_filesz == 0)
                continue;
            if (ph.p_paddr + ph.p_filesz > bytes.size() || ph.p_offset + ph.p_filesz > size) {
                char msg[160];
                snprintf(msg, sizeof msg, "%s: a loaded segment at 0x%llx (%llu bytes) is not inside ROM", path,
                         (unsigned long long)ph.p_paddr, (unsigned long long)ph.p_filesz);
                err = msg;
                rc = -1;
            } else {
                memcpy(&bytes[ph.p_paddr], raw + ph.p_offset, ph.p_filesz);
            }
        }
        for (size_t w = 0; w < rom.size(); w++)
            rom[w] = (uint32_t)bytes[4 * w] | (uint32_t)bytes[4 * w + 1] << 8 | (uint32_t)bytes[4 * w + 2] << 16 |
                     (uint32_t)bytes[4 * w + 3] << 24;
    }
    if (elf)
        elf_end(elf);
    close(fd);
    return rc;
}

extern "C" ghsoc *ghsoc_new(const ghsoc_config *cfg, char *err, size_t errlen)
{
    std::vector<uint32_t> rom(GH_REF_ROM_SIZE / 4, 0);
    std::string why;
    if (load_rom(cfg->image, rom, why) != 0) {
        snprintf(err, errlen, "%s", why.c_str());
        return nullptr;
    }
    ghsoc *s = new ghsoc;
    s->cfg = *cfg;
    s->name = cfg->name ? cfg->name : "gh-ref";
    s->ctx.debug(0);
    s->ctx.randReset(0);
    s->ctx.traceEverOn(cfg->wave != nullptr);
    {
        std::lock_guard<std::mutex> lock(rom_mu);
        rom_loading = &rom;
        s->top = new Vgh_ref_sim(&s->ctx, "gh_ref_sim");
        s->top->clk = 0;
        s->top->rst = 1;
        s->top->fault_kind = cfg->fault_kind;
        s->top->fault_at = cfg->fault_at;
        s->top->fault_param = cfg->fault_param;
        s->top->stress_step_width = 1;
        s->top->eval(); // the ROM's initial block takes the image here
        rom_loading = nullptr;
    }
    s->stressed = rtl_stress_active(&cfg->stress);
    rtl_stress_rng_seed(&s->rng, cfg->stress.seed);
    if (cfg->wave) {
        s->fst = new VerilatedFstC;
        s->top->trace(s->fst, 99);
        s->fst->open(cfg->wave);
        if (!s->fst->isOpen()) {
            snprintf(err, errlen, "cannot write the waveform %s", cfg->wave);
            ghsoc_free(&s);
            return nullptr;
        }
        s->wave_on = !cfg->wave_windowed || cfg->wave_at <= cfg->wave_window;
    }
    return s;
}

// One clock level evaluated (and recorded, inside the waveform's window).
static void level(ghsoc *s, uint8_t clk)
{
    s->top->clk = clk;
    s->top->eval();
    if (s->wave_on)
        s->fst->dump(s->time);
    s->time++;
}

// One IN byte (or zero-length packet) taken: a short packet ends the transfer.
static void take_in(ghsoc *s, uint8_t byte, bool last, bool zlp)
{
    if (!zlp) {
        s->in_buf.push_back(byte);
        s->in_packet++;
    }
    if (!zlp && !last)
        return;
    bool short_packet = zlp || s->in_packet < kMaxPacket;
    s->in_packet = 0;
    s->in_room = false; // asked again for the next packet
    if (short_packet) {
        s->cfg.usb.in_transfer(s->cfg.usb.ctx, s->in_buf.data(), s->in_buf.size());
        s->in_buf.clear();
        s->st.in_transfers++;
    }
}

// Where the soft core waits this cycle (gh_ref_bus_slaves.vh's order: ROM,
// RAM, SDRAM, then the register blocks), and the accesses that begin.
static void count_waits(ghsoc *s)
{
    const Vgh_ref_sim *t = s->top;
    waits *g = &s->gap;
    uint8_t data = t->cpu_data_wait, starts = data & (uint8_t)~s->was_waiting;
    g->fetch += t->cpu_fetch_wait, g->fills += t->cpu_fetch_wait && !s->was_fetching;
    g->rom += data & 1u;
    g->ram += (data >> 1) & 1u, g->ram_n += (starts >> 1) & 1u;
    g->sdram += (data >> 2) & 1u, g->sdram_n += (starts >> 2) & 1u;
    g->regs += (data & ~7u) != 0, g->regs_n += (starts & ~7u) != 0;
    s->was_fetching = t->cpu_fetch_wait, s->was_waiting = data;
}

// A STEP: the cycles since the last one are a warp-instruction's cost when
// nothing waited for the host between them.
static void on_step(ghsoc *s)
{
    uint64_t gap = s->st.cycles - s->last_step;
    const waits *g = &s->gap;
    if (s->last_step && !s->waited_since_step && gap < kStepGapLimit) {
        ghsoc_stats *st = &s->st;
        st->step_gaps++, st->step_cycles += gap;
        st->step_fetch += g->fetch, st->step_fills += g->fills, st->step_rom += g->rom;
        st->step_ram += g->ram, st->step_ram_accesses += g->ram_n;
        st->step_sdram += g->sdram, st->step_sdram_accesses += g->sdram_n;
        st->step_regs += g->regs, st->step_reg_accesses += g->regs_n;
    }
    s->gap = waits{};
    s->last_step = s->st.cycles;
    s->waited_since_step = false;
    s->st.steps++;
    if (s->fst && s->cfg.wave_windowed) // the window: steps wave_at +- wave_window
        s->wave_on = s->st.steps + s->cfg.wave_window >= s->cfg.wave_at &&
                     s->st.steps <= s->cfg.wave_at + s->cfg.wave_window;
}

// --stress: this cycle's draws for the shim between the debug port and the
// core (gh_ref_sim_stress.v), as dut_rtl.c draws its own.
static void draw_stress(ghsoc *s)
{
    const rtl_stress *st = &s->cfg.stress;
    Vgh_ref_sim *t = s->top;
    if (s->ready_low_left) {
        s->ready_low_left--;
        t->stress_ready_low = 1;
    } else if (rtl_stress_chance(&s->rng, st->ready_low)) {
        s->ready_low_left = rtl_stress_below(&s->rng, st->ready_burst);
        t->stress_ready_low = 1;
    } else {
        t->stress_ready_low = 0;
    }
    t->stress_mem_delay = st->mem_max && !rtl_stress_chance(&s->rng, st->mem_zero)
                              ? (uint8_t)(1 + rtl_stress_below(&s->rng, st->mem_max)) : 0;
    t->stress_gap = st->gap_max ? (uint8_t)rtl_stress_below(&s->rng, st->gap_max + 1) : 0;
    t->stress_step_width = st->step_max > 1 ? (uint8_t)(1 + rtl_stress_below(&s->rng, st->step_max)) : 1;
}

// One rising edge, the bridge's inputs set before it and its handshakes
// taken as the SoC saw them.
static void cycle(ghsoc *s)
{
    Vgh_ref_sim *t = s->top;
    bool have_out = s->out_len >= 0;
    t->ep_out_valid = have_out;
    t->ep_out_zlp = have_out && s->out_len == 0;
    t->ep_out_data = have_out && s->out_at < (uint32_t)s->out_len ? s->out_buf[s->out_at] : 0;
    t->ep_out_last = have_out && (s->out_len == 0 || s->out_at + 1 == (uint32_t)s->out_len);
    t->ep_in_ready = s->in_room;
    if (s->stressed)
        draw_stress(s);
    level(s, 0);
    bool out_fire = have_out && t->ep_out_ready;
    bool in_fire = t->ep_in_valid && s->in_room;
    uint8_t in_byte = t->ep_in_data;
    bool in_last = t->ep_in_last, in_zlp = t->ep_in_zlp;
    level(s, 1);
    t->usb_bus_reset = 0;
    t->usb_set_config = 0;
    s->st.cycles++;
    if (out_fire) {
        s->quiet = 0;
        if (s->out_len == 0 || ++s->out_at == (uint32_t)s->out_len)
            s->out_len = -1;
    }
    if (in_fire) {
        s->quiet = 0;
        take_in(s, in_byte, in_last, in_zlp);
    }
    count_waits(s);
    if (t->dut_step)
        on_step(s);
}

// The host side: a new OUT packet, room for IN, link events, CONNECT.
static void poll_host(ghsoc *s)
{
    const ghemu_usb_host *h = &s->cfg.usb;
    Vgh_ref_sim *t = s->top;
    if (t->usb_connect != s->connected) {
        s->connected = t->usb_connect;
        h->connect(h->ctx, s->connected);
    }
    if (s->out_len < 0) {
        bool idle = s->quiet >= kIdleCycles && !t->ep_in_valid;
        uint32_t wait = idle ? kIdleWaitUs : 0;
        s->out_len = h->out_packet(h->ctx, s->out_buf, wait);
        s->out_at = 0;
        if (s->out_len >= 0) {
            s->st.out_packets++;
            s->quiet = 0;
        } else if (idle) {
            s->quiet = 0;
            s->waited_since_step = true;
        }
    }
    if (!s->in_room && t->ep_in_valid)
        s->in_room = h->in_ready(h->ctx, 0);
    if (s->st.cycles - s->last_events >= kEventPollCycles) {
        s->last_events = s->st.cycles;
        bool configured = false;
        uint32_t ev = h->events(h->ctx, &configured);
        t->usb_configured = configured;
        t->usb_high_speed = 1;
        if (ev & 1u) // GH_USB_INT_BUS_RESET
            t->usb_bus_reset = 1;
        if (ev & 2u) // GH_USB_INT_CONFIG
            t->usb_set_config = 1;
    }
}

extern "C" int ghsoc_run(ghsoc *s)
{
    Vgh_ref_sim *t = s->top;
    for (int i = 0; i < 16; i++) // power-on reset
        cycle(s);
    t->rst = 0;
    while (!s->stop.load(std::memory_order_relaxed)) {
        for (uint64_t i = 0; i < kHostPollCycles; i++) {
            cycle(s);
            s->quiet++;
            if (t->firmware_trapped) {
                char msg[200];
                snprintf(msg, sizeof msg,
                         "board %s: the firmware trapped (mcause 0x%08x at mepc 0x%08x, mtval 0x%08x) and reset "
                         "the soft core (SYS.RESET), after %llu cycles",
                         s->name.c_str(), t->trap_cause, t->trap_epc, t->trap_tval, (unsigned long long)s->st.cycles);
                s->report = msg;
                fprintf(stderr, "gpu-usbemu: %s\n", msg);
                s->cfg.usb.crashed(s->cfg.usb.ctx);
                return -1;
            }
        }
        if (s->cfg.max_cycles && s->st.cycles >= s->cfg.max_cycles) {
            s->report = "board " + s->name + ": stopped at --fw-max-cycles";
            s->cfg.usb.crashed(s->cfg.usb.ctx);
            return -1;
        }
        poll_host(s);
    }
    return 0;
}

extern "C" void ghsoc_stop(ghsoc *s)
{
    s->stop.store(true);
}

extern "C" const char *ghsoc_report(const ghsoc *s)
{
    return s->report.c_str();
}

extern "C" void ghsoc_get_stats(const ghsoc *s, ghsoc_stats *out)
{
    *out = s->st;
}

extern "C" void ghsoc_free(ghsoc **sp)
{
    if (!*sp)
        return;
    ghsoc *s = *sp;
    if (s->fst)
        s->fst->close();
    delete s->fst;
    if (s->top)
        s->top->final();
    delete s->top;
    delete s;
    *sp = nullptr;
}
