/* ghemu: what the image's work costs on the gateware (boards/gh-ref/gateware),
 * counted as it executes: the events the soft core waits for there, each at
 * the cycles the Verilated gateware measured for it (gpu-usbemu --firmware
 * gateware --fw-stats). The emulator's own clock stays one cycle per
 * instruction (the image's time base); this is the projection the firmware
 * benchmark prints beside the gateware's measurement.
 *
 * VexRiscv as LiteX builds it for rv32imac (VexRiscv_IMAC): a 4 KiB
 * direct-mapped instruction cache of 32-byte lines, filled from ROM; data
 * at addresses with bit 31 set (RAM, SDRAM, the register blocks) is never
 * cached, so each load or store there is one access on the interconnect. */
#include "ghemu_internal.h"

/* Cycles the soft core waits on the gateware, per event the emulator counts:
 * an instruction-cache line filled from ROM, an access to RAM, SDRAM and a
 * register block on the interconnect, and the pipeline's own cost beyond one
 * cycle an instruction (taken branches, load-use and multiply stalls) per 16
 * instructions. First estimated from the gateware's waits (gpu-usbemu
 * --firmware gateware --fw-stats: bitmanip.s, reduce_shfl.s), then checked on
 * the firmware benchmark's mixes (tests/bench/bench_fw.sh), 1,184
 * warp-instructions each: ALU mix 1,757 projected, 1,744 measured; memory mix
 * 3,849 projected, 3,796 measured. The events are the model's, not the bus's
 * (it counts 139 RAM accesses where the gateware saw 85 separate waits for
 * the ALU mix: back-to-back accesses wait as one), so the costs are fitted,
 * not per-beat latencies. A change to the gateware's bus, caches or memories
 * asks for them to be measured again. */
#define COST_LINE_FILL 18u
#define COST_RAM 3u
#define COST_SDRAM 7u
#define COST_REGISTER 3u
#define COST_PIPELINE_PER_16 12u

#define ICACHE_LINE_SHIFT 5u
#define ICACHE_LINES 128u /* 4 KiB */

void ghemu_cost_fetch(ghemu *e, uint32_t pc)
{
    uint32_t line = (pc >> ICACHE_LINE_SHIFT) + 1u; /* + 1: 0 is an empty slot */
    uint32_t *slot = &e->cost.icache[line & (ICACHE_LINES - 1u)];
    if (*slot != line) {
        *slot = line;
        e->cost.line_fills++;
    }
}

void ghemu_cost_data(ghemu *e, uint32_t addr)
{
    if (addr - GH_REF_RAM_BASE < GH_REF_RAM_SIZE)
        e->cost.ram++;
    else if (addr - GH_REF_SDRAM_BASE < GH_REF_SDRAM_SIZE)
        e->cost.sdram++;
}

uint64_t ghemu_cost_cycles(const ghemu *e)
{
    const ghemu_cost *c = &e->cost;
    return e->insns + e->insns * COST_PIPELINE_PER_16 / 16u + c->line_fills * COST_LINE_FILL + c->ram * COST_RAM +
           c->sdram * COST_SDRAM + e->mmio * COST_REGISTER;
}

ghemu_cost_events ghemu_cost_counted(const ghemu *e)
{
    return (ghemu_cost_events){.line_fills = e->cost.line_fills, .ram = e->cost.ram, .sdram = e->cost.sdram,
                               .registers = e->mmio};
}
