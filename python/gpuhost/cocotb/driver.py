"""The board's side of the DUT port contract as cocotb coroutines (docs/cocotb.md).

Everything is driven and sampled at the falling edge of clk: the DUT samples
its inputs at the rising edge and changes its outputs only after it, so a
value read at a falling edge is the one the next rising edge sees, in every
simulator alike (no race with the DUT's own processes). A retire beat offered
with rt_ready high at a falling edge is taken at the rising edge after it; a
memory request acknowledged there completes at that edge (T9, T10, T11)."""
from dataclasses import dataclass

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

from . import port
from .scoreboard import STATUS, Scoreboard, Stress


# The watchdog: cycles without a retired instruction (or a reset sweep) before the run is given up.
# Far above an instruction's longest (the heavy stress profile's memory waits over 32 lanes), far
# below what an interpreted simulator runs in minutes (Icarus: some 8k cycles a second here).
WATCHDOG_CYCLES = 200_000


class BenchError(Exception):
    """The bench cannot go on: a watchdog, a backdoor that never answers, a fault the core cannot arm."""


class WatchdogError(BenchError):
    """The core stopped making progress: no retire (or no end of the reset sweep) within the watchdog."""


class PortContractError(Exception):
    """The port checker (gpu_port_checker.v beside the DUT) saw a rule broken."""


@dataclass
class KernelResult:
    verdict: str        # PASS, DIVERGED, FAILED, TRAPPED, ERROR (the scoreboard's), CONTRACT, WATCHDOG
    report: str         # what was printed for it (the DIVERGENCE block, the checker's rule, ...)
    checked: int        # records the model checked
    cycles: int         # rising edges of clk from the start
    stress: str         # the stress setting ("none" without)

    @property
    def passed(self):
        return self.verdict == "PASS"


def _u(handle):
    """An output's value as an unsigned int; X or Z raises (T13)."""
    value = handle.value
    try:
        return value.to_unsigned() if hasattr(value, "to_unsigned") else int(value)  # a vector, or one bit
    except ValueError:
        raise PortContractError(f"T13 (x-output): {handle._name} is X or Z after the reset sweep") from None


class PortDriver:
    """The board side of one DUT: clock, reset, backdoor, code load, launch, step and run, the memory
    responder and the retire-beat capture, with the servers' seeded stress."""

    BOARD_INPUTS = ("rst_n", "imem_we", "imem_addr", "imem_wdata", "launch", "launch_warps", "launch_entry",
                    "run", "step", "mem_ack", "mem_rdata", "mem_err", "bd_req", "bd_we", "bd_space", "bd_warp",
                    "bd_index", "bd_lane", "bd_wdata")

    def __init__(self, dut, scoreboard, stress=None, max_cycles=WATCHDOG_CYCLES, period_ns=10):
        self.dut, self.sb, self.max_cycles = dut, scoreboard, max_cycles
        self.stress = stress if stress is not None else Stress(None)
        self.c = port.constants()
        self.kinds = port.checker_kinds()
        self.cycles = self.ends = 0
        self.status = STATUS["OK"]
        self.error = None
        self._mem_wait = None
        self._mem_acked = False
        self._checker = hasattr(dut, "chk_violations")
        for name in self.BOARD_INPUTS:
            getattr(dut, name).value = 0
        dut.rt_ready.value = 1
        cocotb.start_soon(Clock(dut.clk, period_ns, unit="ns").start(start_high=False))
        self._server = cocotb.start_soon(self._serve())

    # ---------------------------------------------------------------- every cycle
    async def _serve(self):
        dut = self.dut
        while True:
            await FallingEdge(dut.clk)
            self.cycles += 1
            if not dut.rst_n.value:
                continue
            try:
                self._serve_memory()
                self._serve_retire()
            except PortContractError as e:
                self.error = e

    def _serve_memory(self):
        dut = self.dut
        if self._mem_acked:  # one edge per request (T11): the next request is looked at a cycle later
            dut.mem_ack.value = 0
            dut.mem_err.value = 0
            self._mem_acked = False
            return
        if not dut.mem_req.value:
            return
        if self._mem_wait is None:
            self._mem_wait = self.stress.mem_wait()
        if self._mem_wait:
            self._mem_wait -= 1
            return
        self._mem_wait = None
        we = _u(dut.mem_we)
        err, rdata = self.sb.mem(we, _u(dut.mem_space), _u(dut.mem_bank), _u(dut.mem_addr), _u(dut.mem_wdata))
        dut.mem_rdata.value = 0 if we else rdata
        dut.mem_err.value = 1 if err else 0
        dut.mem_ack.value = 1
        self._mem_acked = True

    def _serve_retire(self):
        dut = self.dut
        ready = self.stress.ready() if self.stress.active else 1
        dut.rt_ready.value = ready
        if not ready or not dut.rt_valid.value or self.status != STATUS["OK"]:
            return
        kind = _u(dut.rt_kind)
        row = _u(dut.rt_row) if kind == self.c["BEAT_GPR_ROW"] else None
        self.status = self.sb.beat(kind, _u(dut.rt_warp), _u(dut.rt_pc), _u(dut.rt_insn), _u(dut.rt_mask_a),
                                   _u(dut.rt_mask_b), _u(dut.rt_index), _u(dut.rt_lane), _u(dut.rt_data),
                                   _u(dut.rt_status), row)
        if kind == self.c["BEAT_END"]:
            self.ends += 1

    # ---------------------------------------------------------------- procedures
    async def edges(self, n=1):
        for _ in range(n):
            await FallingEdge(self.dut.clk)
            self._check_port()

    def _check_port(self):
        if self.error:
            raise self.error
        if self._checker and self.dut.chk_violations.value.is_resolvable and _u(self.dut.chk_violations):
            kinds = _u(self.dut.chk_kinds)
            seen = [f"{name} ({who} rule {rule}: {what})" for bit, (name, rule, who, what) in sorted(self.kinds.items())
                    if kinds >> bit & 1]
            raise PortContractError(f"DUT port contract broken by cycle {self.cycles}: " + "; ".join(seen))

    async def reset(self):
        """rst_n low for 3 edges (T1), then the reset sweep until busy falls (T2)."""
        dut = self.dut
        dut.rst_n.value = 0
        await self.edges(3)
        dut.rst_n.value = 1
        await self.edges(2)
        start = self.cycles
        while dut.busy.value:
            await self.edges()
            if self.cycles - start > self.max_cycles:
                raise WatchdogError(f"the reset sweep did not end within {self.max_cycles} cycles (busy stays high)")

    async def backdoor(self, we, space, warp, index, lane=0, wdata=0):
        """One state-backdoor access (T12): the word read (for a write, what bd_rdata held)."""
        dut = self.dut
        await self.edges(self.stress.gap())
        dut.bd_we.value, dut.bd_space.value, dut.bd_warp.value = we, space, warp
        dut.bd_index.value, dut.bd_lane.value, dut.bd_wdata.value = index, lane, wdata
        dut.bd_req.value = 1
        for _ in range(10000):
            await self.edges()
            if dut.bd_ack.value:
                value = _u(dut.bd_rdata)
                dut.bd_req.value = 0
                return value
        raise BenchError(f"the state backdoor did not acknowledge (space {space} index {index}) in 10000 cycles")

    async def cap_word(self, index):
        return await self.backdoor(0, self.c["BD_CAP"], 0, index)

    async def give_caps(self):
        """Every capability word to the scoreboard, as the board sides read them (fw_port_read_caps): the
        features, optypes and tolerances, the variant map when VARIANTS says there is one, the lacking
        modifier values up to their 0 word when CONTRACT presents them. False when a word is refused."""
        c = self.c
        words = [c["CAPW_LANES"], c["CAPW_FEATURES"], c["CAPW_CONTRACT"], c["CAPW_VARIANTS"]]
        words += [c["CAPW_OPTYPES"] + i for i in range(c["CAP_OPTYPE_WORDS"])]
        words += [c["CAPW_TOLERANCES"] + i for i in range(c["CAP_TOLERANCE_WORDS"])]
        got = {}
        for index in words:
            got[index] = await self.cap_word(index)
        if got[c["CAPW_VARIANTS"]]:
            for i in range(c["CAP_LACKING_WORDS"]):
                got[c["CAPW_LACKING"] + i] = await self.cap_word(c["CAPW_LACKING"] + i)
        if got[c["CAPW_CONTRACT"]] >= c["CONTRACT_REVISION"]:
            for i in range(c["CAP_MODIFIER_WORDS"]):
                got[c["CAPW_MODIFIERS"] + i] = word = await self.cap_word(c["CAPW_MODIFIERS"] + i)
                if not word:
                    break
        return all(self.sb.cap_word(index, word) == STATUS["OK"] for index, word in got.items())

    async def load_code(self, words):
        dut = self.dut
        for i, w in enumerate(words):
            dut.imem_we.value, dut.imem_addr.value, dut.imem_wdata.value = 1, i, w
            await self.edges()
        dut.imem_we.value = 0

    async def launch(self, warps, entry):
        dut = self.dut
        dut.launch.value, dut.launch_warps.value, dut.launch_entry.value = 1, warps, entry
        await self.edges()
        dut.launch.value = 0
        await self.edges()

    async def arm_fault(self, fault):
        """A fault of the core through its fault registers, as gpu-rtlsim --fault KIND:AT[:PARAM] arms it."""
        parts = str(fault).split(":")
        if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
            raise BenchError(f"fault '{fault}': expected KIND:AT[:PARAM]")
        kind, at, param = (int(p) for p in parts + ["0"][: 3 - len(parts)])
        if not (await self.cap_word(self.c["CAPW_FEATURES"])) >> self.c["FEAT_FAULTS"] & 1:
            raise BenchError("fault: the core declares no fault registers (capability word FEATURES)")
        for reg, value in (("FREG_AT", at), ("FREG_PARAM", param), ("FREG_KIND", kind)):  # the kind last: it arms
            await self.backdoor(1, self.c["BD_FAULT"], 0, self.c[reg], 0, value)

    async def step(self):
        """One step pulse (T6), as wide as the stress setting draws, after its idle gap."""
        dut = self.dut
        await self.edges(self.stress.gap())
        dut.step.value = 1
        await self.edges(self.stress.step_width())
        dut.step.value = 0

    async def until_retired_or_done(self, ends_before):
        dut, start = self.dut, self.cycles
        while self.status == STATUS["OK"] and self.ends == ends_before and not (dut.done.value and not dut.busy.value):
            await self.edges()
            if self.cycles - start > self.max_cycles:
                raise WatchdogError(f"no instruction retired within {self.max_cycles} cycles (watchdog)")


def parse_bd_writes(text):
    """gpu-rtlsim's --bd-write list: SPACE:INDEX:VALUE[,...] -> [(space, index, value)]."""
    out = []
    for item in filter(None, (text or "").split(",")):
        parts = item.split(":")
        try:
            space, index, value = (int(p, 0) for p in parts)
        except ValueError:
            raise BenchError(f"backdoor write '{item}': expected SPACE:INDEX:VALUE") from None
        if not (0 <= space <= 15 and 0 <= index <= 255 and 0 <= value < 2**32):
            raise BenchError(f"backdoor write '{item}': SPACE 0..15, INDEX 0..255, VALUE 32 bits")
        out.append((space, index, value))
    return out


async def run_kernel(dut, kernel, *, stress=None, step=False, fault=None, max_cycles=WATCHDOG_CYCLES, bd_writes=(),
                     log=None):
    """Runs one kernel on the DUT (the toplevel, or a handle on the wrapper presenting the port) in
    lockstep with the model: reset, capabilities, code, launch, initial registers, then run (or step)
    until the DUT is done or the scoreboard says something. bd_writes: (space, index, value) backdoor
    writes after the reset, as gpu-rtlsim --bd-write makes them. Returns a KernelResult; the scoreboard
    prints its report (the DIVERGENCE block, PASS, ...) on the simulator's stdout as it happens."""
    log = log or dut._log
    try:
        sb = Scoreboard(kernel)
    except FileNotFoundError as e:
        return KernelResult("ERROR", str(e), 0, 0, str(stress or "none"))
    st = Stress(stress)
    drv = PortDriver(dut, sb, st, max_cycles)
    c = drv.c
    try:
        await drv.reset()
        for space, index, value in bd_writes:
            await drv.backdoor(1, space, 0, index, 0, value)
        warps = await drv.cap_word(c["CAPW_WARPS"])
        if sb.warps > warps:
            raise BenchError(f"the kernel launches {sb.warps} warps, the core has {warps}")
        if sb.cap_word(c["CAPW_WARPS"], warps) != STATUS["OK"] or not await drv.give_caps():
            return drv_result(drv, sb, st, "ERROR")
        if sb.supported() != STATUS["OK"]:  # refused before anything runs, as gpuhost run refuses it
            return drv_result(drv, sb, st, "UNSUPPORTED")
        if fault:
            await drv.arm_fault(fault)
        await drv.load_code(sb.code())
        await drv.launch(sb.warps, sb.entry)
        for space, warp, index, lane, value in sb.init_writes():
            await drv.backdoor(1, space, warp, index, lane, value)
        if not step:
            dut.run.value = 1
        while drv.status == STATUS["OK"] and not dut.done.value:
            was = drv.ends
            if step:
                await drv.step()
            await drv.until_retired_or_done(was)
        dut.run.value = 0
        await drv.edges(2)  # the checker sees the last edges
        status = drv.status if drv.status != STATUS["OK"] else sb.done()
        name = {v: k for k, v in STATUS.items()}[status]
        return drv_result(drv, sb, st, "PASS" if name == "OK" else name)
    except PortContractError as e:
        log.error("%s", e)
        return drv_result(drv, sb, st, "CONTRACT", str(e))
    except BenchError as e:
        log.error("%s", e)
        return drv_result(drv, sb, st, "WATCHDOG" if isinstance(e, WatchdogError) else "ERROR", str(e))
    finally:
        drv._server.cancel()
        sb.close()
        st.close()


def drv_result(drv, sb, st, verdict, report=None):
    return KernelResult(verdict, report if report is not None else sb.report, sb.checked, drv.cycles, str(st))
