"""The SoC's SDRAM port onto LiteDRAM's user port, across two clock domains.

The SoC and the GPU core share one clock, the one the core meets
("sync"); LiteDRAM's ECP5 PHY needs its own sys_clk of 50 MHz ("dram").
Both ports are Wishbone classic with one access at a time (the SoC's
interconnect holds its strobe until the ack), so the crossing is one
request queue and one response queue, Amaranth's AsyncFIFO, and nothing
else crosses.

The SoC side answers with a registered ack, as the SoC's slaves do
(gh_ref_bus.v): the cycle after an ack is a new access, or none.
"""
from amaranth import Elaboratable, Module, Signal, Cat
from amaranth.lib.fifo import AsyncFIFO

ADR_W, DAT_W, SEL_W = 30, 32, 4


class SdramCrossing(Elaboratable):
    def __init__(self, soc_domain="sync", dram_domain="dram"):
        self._soc = soc_domain
        self._dram = dram_domain
        # the SoC's master port (gh_ref_soc's sdram_*), in soc_domain
        self.soc_stb = Signal()
        self.soc_we = Signal()
        self.soc_adr = Signal(ADR_W)
        self.soc_dat_w = Signal(DAT_W)
        self.soc_sel = Signal(SEL_W)
        self.soc_ack = Signal()
        self.soc_dat_r = Signal(DAT_W)
        # LiteDRAM's user port (a slave; cyc = stb), in dram_domain
        self.dram_stb = Signal()
        self.dram_we = Signal()
        self.dram_adr = Signal(ADR_W)
        self.dram_dat_w = Signal(DAT_W)
        self.dram_sel = Signal(SEL_W)
        self.dram_ack = Signal()
        self.dram_err = Signal()
        self.dram_dat_r = Signal(DAT_W)

    def elaborate(self, platform):
        m = Module()
        soc, dram = m.d[self._soc], m.d[self._dram]
        requests = m.submodules.requests = AsyncFIFO(width=1 + ADR_W + DAT_W + SEL_W, depth=2,
                                                     w_domain=self._soc, r_domain=self._dram)
        responses = m.submodules.responses = AsyncFIFO(width=DAT_W, depth=2,
                                                       w_domain=self._dram, r_domain=self._soc)

        # the SoC's side: an access goes out once, its response comes back as
        # the ack. A master that drops its strobe before the ack (the soft
        # core under SYS.RESET) abandons the access: its response is dropped,
        # never taken as the ack of the next one.
        sent = Signal()
        abandoned = Signal()
        m.d.comb += [
            requests.w_data.eq(Cat(self.soc_we, self.soc_adr, self.soc_dat_w, self.soc_sel)),
            requests.w_en.eq(self.soc_stb & ~sent & ~self.soc_ack),
            responses.r_en.eq(sent),
        ]
        soc += self.soc_ack.eq(0)
        with m.If(requests.w_en & requests.w_rdy):
            soc += sent.eq(1)
        with m.If(sent & ~self.soc_stb):
            soc += abandoned.eq(1)
        with m.If(sent & responses.r_rdy):
            soc += [sent.eq(0), abandoned.eq(0)]
            with m.If(self.soc_stb & ~abandoned):
                soc += [self.soc_ack.eq(1), self.soc_dat_r.eq(responses.r_data)]

        # LiteDRAM's side: each request held on the port until its ack (an err
        # ends it too: the SoC's bus takes either as the end)
        m.d.comb += [
            requests.r_en.eq(~self.dram_stb),
            responses.w_data.eq(self.dram_dat_r),
            responses.w_en.eq(self.dram_stb & (self.dram_ack | self.dram_err)),
        ]
        with m.If(requests.r_en & requests.r_rdy):
            fields = requests.r_data
            dram += [
                self.dram_stb.eq(1),
                self.dram_we.eq(fields[0]),
                self.dram_adr.eq(fields[1:1 + ADR_W]),
                self.dram_dat_w.eq(fields[1 + ADR_W:1 + ADR_W + DAT_W]),
                self.dram_sel.eq(fields[1 + ADR_W + DAT_W:]),
            ]
        with m.If(responses.w_en):
            dram += self.dram_stb.eq(0)
        return m
