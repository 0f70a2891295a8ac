"""The gh-ref board's top on the LambdaConcept ECPIX-5 85F.

Pins, I/O standards and the 100 MHz clock come from amaranth-boards'
ECPIX585Platform (pinned in requirements.txt): this file chooses which of
the board's resources the gateware uses, never their pins. The Verilog
(gh_ref_ecpix5_board.v: DRAM, SoC, GPU core) is an instance; LUNA's
device sits beside it (usb_bridge.py), and the SoC's SDRAM port crosses
into LiteDRAM's clock here (sdram_crossing.py).
"""
from amaranth import Elaboratable, Module, Signal, ClockDomain, ClockSignal, ResetSignal, Instance

from usb_bridge import EndpointBridge, SOC_PORTS
from sdram_crossing import SdramCrossing

USB_PHY_RESET_HOLD_S = 20e-6   # the PHY's reset, held beyond the SoC's


class Ecpix5Top(Elaboratable):
    def __init__(self, usb, core_parameters, clk_hz, version, rom_init_file):
        self._usb = usb
        self._core = core_parameters
        self._clk_hz = clk_hz
        self._version = version
        self._rom_init_file = rom_init_file

    def elaborate(self, platform):
        m = Module()
        clk100 = platform.request("clk100", 0)
        button = platform.request("rst", 0)
        uart = platform.request("uart", 0)
        # raw pads: LiteDRAM's PHY instantiates the DDR I/O cells itself
        ddr3 = platform.request("ddr3", 0, dir="-")
        ulpi = platform.request("ulpi", 0)
        led_dram = platform.request("rgb_led", 0)
        led_usb = platform.request("rgb_led", 1)

        m.domains.sync = ClockDomain("sync")
        # async reset: the PHY's clock stops while the PHY is held in reset
        m.domains.usb = ClockDomain("usb", async_reset=True)
        bridge = m.submodules.bridge = EndpointBridge(ulpi, self._usb)
        m.domains.dram = ClockDomain("dram")
        sdram = m.submodules.sdram = SdramCrossing(soc_domain="sync", dram_domain="dram")

        sys_clk, sys_rst, dram_clk, dram_rst = Signal(), Signal(), Signal(), Signal()
        dram_ready, dram_failed, trapped = Signal(), Signal(), Signal()
        parameters = {"p_" + name: value for name, value in self._core.items()}
        m.submodules.board = Instance(
            "gh_ref_ecpix5_board",
            **parameters,
            p_CLK_HZ=self._clk_hz,
            p_VERSION=self._version,
            p_ROM_INIT_FILE=self._rom_init_file,
            i_clk100=clk100.i,
            i_rst=button.i,
            o_sys_clk=sys_clk,
            o_sys_rst=sys_rst,
            o_dram_clk=dram_clk,
            o_dram_rst=dram_rst,
            o_soc_sdram_stb=sdram.soc_stb,
            o_soc_sdram_we=sdram.soc_we,
            o_soc_sdram_adr=sdram.soc_adr,
            o_soc_sdram_dat_w=sdram.soc_dat_w,
            o_soc_sdram_sel=sdram.soc_sel,
            i_soc_sdram_ack=sdram.soc_ack,
            i_soc_sdram_dat_r=sdram.soc_dat_r,
            i_dram_wb_stb=sdram.dram_stb,
            i_dram_wb_we=sdram.dram_we,
            i_dram_wb_adr=sdram.dram_adr,
            i_dram_wb_dat_w=sdram.dram_dat_w,
            i_dram_wb_sel=sdram.dram_sel,
            o_dram_wb_ack=sdram.dram_ack,
            o_dram_wb_err=sdram.dram_err,
            o_dram_wb_dat_r=sdram.dram_dat_r,
            o_dram_ready=dram_ready,
            o_dram_failed=dram_failed,
            o_ddram_a=ddr3.a.io,
            o_ddram_ba=ddr3.ba.io,
            o_ddram_ras_n=ddr3.ras.io,
            o_ddram_cas_n=ddr3.cas.io,
            o_ddram_we_n=ddr3.we.io,
            o_ddram_cke=ddr3.clk_en.io,
            o_ddram_odt=ddr3.odt.io,
            o_ddram_clk_p=ddr3.clk.p,
            o_ddram_dm=ddr3.dm.io,
            io_ddram_dq=ddr3.dq.io,
            io_ddram_dqs_p=ddr3.dqs.p,
            o_uart_tx=uart.tx.o,
            i_uart_rx=uart.rx.i,
            o_firmware_trapped=trapped,
            **{f"{direction}_{name}": getattr(bridge, name) for direction, name, _ in SOC_PORTS},
        )
        m.d.comb += [
            ClockSignal("sync").eq(sys_clk),
            ResetSignal("sync").eq(sys_rst),
            ClockSignal("dram").eq(dram_clk),
            ResetSignal("dram").eq(dram_rst),
        ]
        # The ULPI PHY makes the usb clock and takes its reset from that
        # domain's (LUNA drives the PHY's reset pin with it), so the reset
        # comes from sys_clk: held with the SoC's, then ~20 us longer.
        hold = max(1, round(USB_PHY_RESET_HOLD_S * self._clk_hz))
        phy_hold = Signal(range(hold + 1), init=hold)
        with m.If(phy_hold != 0):
            m.d.sync += phy_hold.eq(phy_hold - 1)
        m.d.comb += ResetSignal("usb").eq(sys_rst | (phy_hold != 0))

        # LEDs: DRAM calibrated (green) or failed (red); USB configured
        # (green), a firmware trap seen (red, until the next reset)
        trap_seen = Signal()
        with m.If(trapped):
            m.d.sync += trap_seen.eq(1)
        m.d.comb += [
            led_dram.g.o.eq(dram_ready),
            led_dram.r.o.eq(dram_failed),
            led_usb.g.o.eq(bridge.usb_configured),
            led_usb.r.o.eq(trap_seen),
        ]
        return m
