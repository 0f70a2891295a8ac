"""SdramCrossing under Amaranth's simulator, at three pairs of unrelated clocks.

  python3 sdram_crossing_sim.py [--accesses N] [--seed S]

A master in "sync" (the SoC) makes random reads and writes with random byte
selects and gaps, and now and then drops its strobe before the ack (the soft
core reset under SYS.RESET); a slave in "dram" (LiteDRAM's user port)
answers each access after a random latency from a memory of its own, once
in a while with err. Checked: every read returns what the writes before it
left (bytes under their selects); the slave sees the completed accesses
exactly once each and in their order, an abandoned one at most once; no
access waits more than a bound. Exit 0 when every check holds at every pair.
"""
import argparse
import random
import sys

try:
    from amaranth import Elaboratable, Module, ClockDomain
    from amaranth.sim import Simulator
except ImportError:
    print("SKIP: Amaranth is not installed (scripts/setup.sh installs requirements.txt into .venv)")
    sys.exit(77)

from sdram_crossing import SdramCrossing

CLOCK_PAIRS = (      # (sync period, dram period) in ns: the board's, the SoC faster, nearly equal
    (80.0, 20.0),
    (20.0, 33.0),
    (21.0, 23.0),
)
WAIT_LIMIT = 400     # sync cycles an access may take, latency and crossing included


class Bench(Elaboratable):
    def __init__(self):
        self.dut = SdramCrossing()

    def elaborate(self, platform):
        m = Module()
        m.domains.sync = ClockDomain()
        m.domains.dram = ClockDomain()
        m.submodules.dut = self.dut
        return m


def run(sync_ns, dram_ns, accesses, seed):
    rng = random.Random(seed)
    bench = Bench()
    dut = bench.dut
    failures = []
    issued = []       # (we, adr, dat, sel, completed, read data) in the master's order
    seen = []         # (we, adr, dat, sel, answer) in the slave's order
    done = [False]

    async def master(ctx):
        for _ in range(accesses):
            for _ in range(rng.choice((0, 0, 1, 3))):
                await ctx.tick("sync")
            we = rng.random() < 0.5
            adr = rng.randrange(16)            # few words: reads meet earlier writes
            dat = rng.getrandbits(32)
            sel = rng.randrange(1, 16)
            abandon_after = rng.randrange(1, 8) if rng.random() < 0.05 else None
            ctx.set(dut.soc_stb, 1)
            ctx.set(dut.soc_we, we)
            ctx.set(dut.soc_adr, adr)
            ctx.set(dut.soc_dat_w, dat)
            ctx.set(dut.soc_sel, sel)
            waited = 0
            while True:
                await ctx.tick("sync")
                waited += 1
                if ctx.get(dut.soc_ack) or waited == abandon_after:
                    break
                if waited > WAIT_LIMIT:
                    failures.append(f"an access waited more than {WAIT_LIMIT} sync cycles")
                    done[0] = True
                    return
            completed = bool(ctx.get(dut.soc_ack))
            issued.append((we, adr, dat, sel, completed, ctx.get(dut.soc_dat_r)))
            # the master takes the ack at the next edge; an abandoning master
            # (a reset) keeps its strobe low for an edge at least
            if not completed:
                ctx.set(dut.soc_stb, 0)
            await ctx.tick("sync")
            ctx.set(dut.soc_stb, 0)
        for _ in range(WAIT_LIMIT):
            await ctx.tick("sync")
        done[0] = True

    async def slave(ctx):
        memory = {}
        while not done[0]:
            await ctx.tick("dram")
            if not ctx.get(dut.dram_stb):
                continue
            for _ in range(rng.randrange(0, 12)):
                await ctx.tick("dram")
            we, adr = bool(ctx.get(dut.dram_we)), ctx.get(dut.dram_adr)
            dat, sel = ctx.get(dut.dram_dat_w), ctx.get(dut.dram_sel)
            if we:
                old = memory.get(adr, 0)
                mask = sum(0xff << (8 * b) for b in range(4) if sel >> b & 1)
                memory[adr] = (old & ~mask) | (dat & mask)
            answer = rng.getrandbits(32) if we else memory.get(adr, 0)   # a write's data out means nothing
            seen.append((we, adr, dat, sel, answer))
            err = rng.random() < 0.01
            ctx.set(dut.dram_dat_r, answer)
            ctx.set(dut.dram_ack, not err)
            ctx.set(dut.dram_err, err)
            await ctx.tick("dram")
            ctx.set(dut.dram_ack, 0)
            ctx.set(dut.dram_err, 0)

    sim = Simulator(bench)
    sim.add_clock(sync_ns * 1e-9, domain="sync")
    sim.add_clock(dram_ns * 1e-9, domain="dram")
    sim.add_testbench(master)
    sim.add_testbench(slave, background=True)
    sim.run()

    # The slave's accesses are the master's, in order: each completed one
    # once, an abandoned one at most once (it may have gone out before its
    # strobe fell); a completed read returns the slave's answer to it.
    j = 0
    for n, (we, adr, dat, sel, completed, data) in enumerate(issued):
        same = j < len(seen) and seen[j][:4] == (we, adr, dat, sel)
        if same:
            if completed and not we and data != seen[j][4]:
                failures.append(f"access {n}, a read of word {adr}: 0x{data:08x}, the slave answered "
                                f"0x{seen[j][4]:08x}")
            j += 1
        elif completed:
            failures.append(f"access {n} ({'write' if we else 'read'} of word {adr}) completed, "
                            "but the slave did not see it next")
            break
    if not failures and j != len(seen):
        failures.append(f"the slave saw {len(seen) - j} accesses more than the master made")
    count = {k: sum(1 for a in issued if a[4] and a[0] == (k == "writes")) for k in ("reads", "writes")}
    abandoned = sum(1 for a in issued if not a[4])
    print(f"sync {sync_ns:g} ns, dram {dram_ns:g} ns: {count['reads']} reads, {count['writes']} writes, "
          f"{abandoned} abandoned, {len(seen)} at the slave: {'PASS' if not failures else 'FAIL'}")
    for f in failures:
        print(f"  FAIL: {f}")
    return not failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--accesses", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ok = all([run(s, d, args.accesses, args.seed + i) for i, (s, d) in enumerate(CLOCK_PAIRS)])
    print("sdram_crossing: PASS" if ok else "sdram_crossing: FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
